import { randomBytes } from 'node:crypto';

/**
 * A secret of no known format (no token pattern matches it) with the
 * characters that Markdown escaping, JSON and URL encoding all change, and
 * a detector that finds it in any of the forms an agent could echo it in,
 * written independently of the scrubber (it decodes, the scrubber encodes).
 */
export function makeCanary(): string {
  // `*_[|<&"\` and an `@` before a letter: every renderer and encoder rewrites some of them.
  return `zq9-CANARY_${randomBytes(9).toString('hex')}*[x]|a<b&c"d\\e@f`;
}

/** The forms a hostile agent echoes a key in (independent of src/core/text/scrub.ts, on purpose). */
export function echoForms(secret: string): Record<string, string> {
  const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
  const url = (s: string): string => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return {
    raw: secret,
    json: JSON.stringify(secret).slice(1, -1),
    url: encodeURIComponent(secret),
    form: new URLSearchParams({ k: secret }).toString().slice(2),
    base64: b64(secret),
    base64url: url(b64(secret)),
    // git's `AUTHORIZATION: basic …` value; without the header name, which the token patterns already catch.
    basicAuth: `extraheader value ${b64(`x-access-token:${secret}`)}`,
    basicAuthShifted1: `basic ${b64(`x:${secret}`)}`,
    basicAuthShifted2: `basic ${url(b64(`xy:${secret}:tail`))}`,
    hex: Buffer.from(secret, 'utf8').toString('hex'),
  };
}

function mdUnescape(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/\\([\\`*_[\]~|#>+\-=.)!])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/#quot;/g, '"')
    .replace(/#lt;/g, '<')
    .replace(/#gt;/g, '>')
    .replace(/#96;/g, '`')
    .replace(/#35;/g, '#')
    .replace(/#amp;/g, '&');
}

function jsonUnescape(text: string): string {
  return text.replace(/\\(["\\/])/g, '$1');
}

function urlDecode(text: string): string[] {
  const decode = (t: string): string =>
    t.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  return [decode(text), decode(text.replace(/\+/g, ' '))];
}

/** Every base64 and hex run decoded at every alignment (a secret can sit anywhere inside a blob). */
function decodedRuns(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []) {
    for (let offset = 0; offset < 4; offset++) out.push(Buffer.from(run.slice(offset), 'base64').toString('latin1'));
  }
  for (const run of text.match(/[0-9a-fA-F]{16,}/g) ?? []) {
    for (let offset = 0; offset < 2; offset++) out.push(Buffer.from(run.slice(offset), 'hex').toString('latin1'));
  }
  return out;
}

/** Whether `secret` can be read back from `text` by undoing any of the encodings above. */
export function reveals(text: string, secret: string): boolean {
  return revealedAmong(text, { secret }).length > 0;
}

/**
 * Which of `secrets` (by name) can be read back from `text`, as `reveals` says of each. Every decoded view of the
 * text is made once and searched for all of them: an attacker's loot is megabytes, and decoding it once per secret
 * was most of an attack test's time.
 */
export function revealedAmong(text: string, secrets: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  const search = (view: string): void => {
    for (const [name, secret] of Object.entries(secrets))
      if (!found.has(name) && view.includes(secret)) found.add(name);
  };
  const all = (): boolean => found.size === Object.keys(secrets).length;
  const seen = new Set<string>();
  for (const unjson of [text, jsonUnescape(text), jsonUnescape(jsonUnescape(text))]) {
    for (const unmd of [unjson, mdUnescape(unjson)]) {
      for (const view of [unmd, ...urlDecode(unmd)]) {
        // The same view twice (text no step changed) holds nothing new.
        if (seen.has(view)) continue;
        seen.add(view);
        search(view);
        for (const decoded of decodedRuns(view)) search(decoded);
        if (all()) return Object.keys(secrets);
      }
    }
  }
  return Object.keys(secrets).filter((name) => found.has(name));
}
