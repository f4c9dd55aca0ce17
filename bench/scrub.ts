// Value scrubbing speed: a 10 MB report scrubbed of 20 secrets (every form
// of each: ~60 each, the App's PEM key among them) in one pass should take
// well under 500 ms, so writing a big report never waits on it; the cost
// must not grow with the number of secrets. OKSTRA_BENCH_SMOKE=1: 100 kB.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Scrubber, secretForms } from '../src/core/text/scrub.js';
import { fmt, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 500;

function time(fn: () => unknown): number[] {
  fn();
  const samples: number[] = [];
  for (let i = 0, n = sized(10, 3); i < n; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function benchScrub(): Promise<string[]> {
  const size = sized(10_000_000, 100_000);
  const pem = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  }).privateKey;
  const secrets = [
    pem,
    ...Array.from({ length: 19 }, (_, i) => `okstra-dispatch-${i}-${randomBytes(24).toString('base64url')}`),
  ];
  // Report-like text: prose, Markdown escapes, base64 and hex runs that share prefixes with the forms.
  const chunk = `The limiter ignores <burst> for @team keys; see \`take()\` \\| ${randomBytes(48).toString('base64')} ${randomBytes(16).toString('hex')}\n`;
  const echoed = Buffer.from(`x-access-token:${secrets[3] ?? ''}`).toString('base64');
  const text = `${chunk.repeat(Math.ceil(size / chunk.length)).slice(0, size / 2)}${echoed}${chunk.repeat(Math.ceil(size / chunk.length)).slice(0, size / 2)}`;

  const buildStart = performance.now();
  const scrub = new Scrubber(secrets);
  scrub.values('warm up the automaton');
  const build = performance.now() - buildStart;
  const forms = secrets.reduce((n, s) => n + secretForms(s).length, 0);
  const one = new Scrubber(secrets.slice(1, 2));

  const many = summarize(time(() => scrub.values(text)));
  const single = summarize(time(() => one.values(text)));
  const sizeMb = (text.length / 1e6).toFixed(1);
  return [
    `scrub ${sizeMb} MB of ${secrets.length} secrets (${forms} forms): p50 ${fmt(many.p50)}, p99 ${fmt(many.p99)} (${verdict(many.p99, TARGET_MS)})`,
    `  the same text, 1 secret: p50 ${fmt(single.p50)} (one pass: the cost barely depends on the number of secrets)`,
    `  building the automaton for all ${secrets.length}: ${fmt(build)}`,
  ];
}
