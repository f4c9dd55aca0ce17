import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bedrockUpstream } from '../src/sandbox/gateway/bedrock.js';
import { startGateway, type DispatchGrant, type Gateway } from '../src/sandbox/gateway/index.js';
import { BEDROCK_METRICS, eventStream } from '../test/contract/model-server/bedrock.js';
import { fmt, met, sized, summarize } from './stats.js';

// Added latency of the model gateway: the same local upstream called straight and through the gateway (plain, with
// reservations in four budgets, and on Amazon Bedrock with a SigV4 signature per request), alternately, so every
// variant sees the same machine load.

const START = {
  type: 'message_start',
  message: { model: 'claude-sonnet-4-5', usage: { input_tokens: 1200, output_tokens: 1 } },
};
const DELTA = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hello' } };
const END = { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 56 } };
const STOP = { type: 'message_stop' };
const sse = (e: { type: string }): string => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
const PAUSE_MS = 3;
const MESSAGES = [{ role: 'user', content: 'hi' }];
const BODY = JSON.stringify({ model: 'claude-sonnet-4-5', stream: true, max_tokens: 100, messages: MESSAGES });
/** Bedrock's InvokeModelWithResponseStream: the model in the path, no `model` in the body. */
const BEDROCK_PATH = '/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke-with-response-stream';
const BEDROCK_BODY = JSON.stringify({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 100, messages: MESSAGES });
const BEDROCK_FIRST = eventStream([{ data: START }]);
const BEDROCK_REST = eventStream([
  { data: DELTA },
  { data: END },
  { data: { ...STOP, 'amazon-bedrock-invocationMetrics': BEDROCK_METRICS } },
]);

/** Answers Anthropic's SSE, or Bedrock's binary event stream on a Bedrock path: a first event, a pause, the rest. */
function upstreamServer(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const bedrock = (req.url ?? '').startsWith('/model/');
      res.writeHead(200, {
        'content-type': bedrock ? 'application/vnd.amazon.eventstream' : 'text/event-stream',
        'cache-control': 'no-cache',
      });
      res.write(bedrock ? BEDROCK_FIRST : sse(START));
      setTimeout(() => res.end(bedrock ? BEDROCK_REST : [DELTA, END, STOP].map(sse).join('')), PAUSE_MS);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Sample {
  totalMs: number;
  firstByteMs: number;
}

function timed(url: string, headers: Record<string, string>, body: string, agent: Agent): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first = 0;
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.on('data', () => {
          if (first === 0) first = performance.now();
        });
        res.on('end', () => resolve({ totalMs: performance.now() - start, firstByteMs: first - start }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Limits far above what the bench spends: every request reserves and settles in all four scopes, none is refused. */
const ROOMY_BUDGETS = {
  worker: { tokens: 1e12, usd: 1e9 },
  stage: { tokens: 1e12, usd: 1e9 },
  plan: { tokens: 1e12, usd: 1e9 },
  day: { tokens: 1e12, usd: 1e9 },
};

/** Fixed stand-in AWS credentials: the signature is computed in full for each request, nothing checks it here. */
const BENCH_AWS = {
  accessKeyId: 'AKIAOKSTRABENCH00001',
  secretAccessKey: 'okstraBenchSecretAccessKey/0123456789abcd',
  sessionToken: 'IQoJb3JpZ2luX2VjEOKSTRA-bench-session-token',
};

/** One way of calling the upstream: a name, one request, and the direct call it is compared with (none: it is one). */
interface Variant {
  label: string;
  call: () => Promise<Sample>;
  samples: Sample[];
  against: string | null;
}

interface Rig {
  variants: Variant[];
  gateways: Gateway[];
  /** Closes the leases; what each gateway recorded, for the lines under the table. */
  summaries: () => string[];
}

async function startRig(upstreamUrl: string, agent: Agent): Promise<Rig> {
  const plain = await startGateway({ pricing: {}, budgets: {} });
  const reserving = await startGateway({ pricing: {}, budgets: ROOMY_BUDGETS });
  const signing = await startGateway({ pricing: {}, budgets: {} });
  const grant: DispatchGrant = {
    worker: 'Bench worker',
    role: 'executor',
    provider: 'claude',
    upstream: upstreamUrl,
    realKey: 'bench-real-key',
  };
  const lease = plain.open(grant);
  const held = reserving.open(grant);
  const signed = signing.open({
    ...grant,
    realKey: '',
    platform: { kind: 'bedrock', region: 'us-east-1', credentials: () => Promise.resolve(BENCH_AWS) },
  });
  const variant = (label: string, against: string | null, call: () => Promise<Sample>): Variant => ({
    label,
    call,
    samples: [],
    against,
  });
  const messages = (base: string, headers: Record<string, string>) => () =>
    timed(`${base}/v1/messages`, headers, BODY, agent);
  const invoke = (base: string, headers: Record<string, string>) => () =>
    timed(`${base}${BEDROCK_PATH}`, headers, BEDROCK_BODY, agent);
  const variants = [
    variant('direct', null, messages(upstreamUrl, { 'x-api-key': 'bench-real-key' })),
    variant('gateway', 'direct', messages(lease.baseUrl, { 'x-api-key': lease.credential })),
    variant('reservations (4 budgets)', 'direct', messages(held.baseUrl, { 'x-api-key': held.credential })),
    variant('direct Bedrock', null, invoke(upstreamUrl, {})),
    variant(
      'Bedrock SigV4',
      'direct Bedrock',
      invoke(signed.baseUrl, { authorization: `Bearer ${signed.credential}` }),
    ),
  ];
  const summaries = (): string[] => {
    const [p, r, s] = [lease.close(), held.close(), signed.close()];
    const metered = (x: typeof p): string => `${x.requests.filter((q) => q.metered).length} of ${x.requests.length}`;
    return [
      `metered (warm-up included): gateway ${metered(p)}, reservations ${metered(r)} (${r.budgetExceeded ? 'one refused' : 'none refused'}), Bedrock ${metered(s)} from its invocation metrics`,
    ];
  };
  return { variants, gateways: [plain, reserving, signing], summaries };
}

export async function benchGateway(): Promise<string[]> {
  const count = sized(300, 10);
  const upstream = await upstreamServer();
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const rig = await startRig(upstreamUrl, agent);
  try {
    const round = async (keep: boolean): Promise<void> => {
      for (const v of rig.variants) {
        const sample = await v.call();
        if (keep) v.samples.push(sample);
      }
    };
    // warm-up: connections, JIT
    for (let i = 0; i < Math.min(20, count); i++) await round(false);
    for (let i = 0; i < count; i++) await round(true);
    return [...report(rig.variants, count), ...rig.summaries(), await signingAlone(sized(3000, 20))];
  } finally {
    agent.destroy();
    for (const g of rig.gateways) await g.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }
}

/** One line per measure with every variant side by side (against its own direct call), then the targets. */
function report(variants: readonly Variant[], count: number): string[] {
  const byLabel = new Map(variants.map((v) => [v.label, v]));
  const baseline = (v: Variant): Variant => (v.against === null ? v : (byLabel.get(v.against) ?? v));
  const stat = (v: Variant, key: keyof Sample): ReturnType<typeof summarize> => summarize(v.samples.map((s) => s[key]));
  const lines: string[] = [];
  for (const key of ['firstByteMs', 'totalMs'] as const) {
    const cells = variants.map((v) => {
      const own = stat(v, key);
      const base = stat(baseline(v), key);
      const against =
        v === baseline(v) ? '' : `, ×${(own.p50 / base.p50).toFixed(2)} / ×${(own.p99 / base.p99).toFixed(2)}`;
      return `${v.label} ${fmt(own.p50)} / ${fmt(own.p99)}${against}`;
    });
    lines.push(
      `${key === 'firstByteMs' ? 'first byte' : 'total'} p50 / p99 (${count} interleaved streamed requests each, upstream pauses ${PAUSE_MS} ms after its first event; ratio to the direct call): ${cells.join(' | ')}`,
    );
  }
  for (const v of variants) {
    if (v === baseline(v)) continue;
    const overhead = stat(v, 'firstByteMs').p99 - stat(baseline(v), 'firstByteMs').p99;
    lines.push(`${v.label}: p99 first-byte overhead ≤ 5 ms: ${met(overhead <= 5)} (${fmt(overhead)})`);
  }
  return lines;
}

/** The SigV4 step alone (the AWS SDK's signer over a 4 KB body, as the gateway prepares each Bedrock request), no I/O. */
async function signingAlone(count: number): Promise<string> {
  const upstream = bedrockUpstream(new URL('https://bedrock-runtime.us-east-1.amazonaws.com'), 'us-east-1', () =>
    Promise.resolve(BENCH_AWS),
  );
  const body = Buffer.from(
    JSON.stringify({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi'.repeat(2000) }],
    }),
  );
  const call = {
    method: 'POST',
    path: BEDROCK_PATH,
    rawQuery: '',
    hadQuery: false,
    headers: { 'content-type': 'application/json', authorization: 'Bearer okstra-dispatch-bench' },
    body,
  };
  for (let i = 0; i < Math.min(200, count); i++) await upstream.prepare(call);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await upstream.prepare(call);
    samples.push(performance.now() - start);
  }
  const { p50, p99 } = summarize(samples);
  return `SigV4 signing alone (${count} requests, ${body.length}-byte body): p50 ${fmt(p50)} p99 ${fmt(p99)}`;
}
