import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway } from '../src/sandbox/gateway/index.js';
import { fmt, met, sized, summarize } from './stats.js';

// Added latency of the model gateway: the same local SSE upstream called
// straight and through the gateway, alternately, so both see the same machine load.

const FIRST =
  'event: message_start\ndata: {"type":"message_start","message":{"model":"claude-sonnet-4-5","usage":{"input_tokens":1200,"output_tokens":1}}}\n\n';
const REST =
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hello"}}\n\n' +
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":56}}\n\n' +
  'event: message_stop\ndata: {"type":"message_stop"}\n\n';
const PAUSE_MS = 3;
const BODY = JSON.stringify({
  model: 'claude-sonnet-4-5',
  stream: true,
  max_tokens: 100,
  messages: [{ role: 'user', content: 'hi' }],
});

function sseUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(FIRST);
      setTimeout(() => res.end(REST), PAUSE_MS);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Sample {
  totalMs: number;
  firstByteMs: number;
}

function timed(url: string, headers: Record<string, string>, agent: Agent): Promise<Sample> {
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
    req.end(BODY);
  });
}

/** Limits far above what the bench spends: every request reserves and settles in all four scopes, none is refused. */
const ROOMY_BUDGETS = {
  worker: { tokens: 1e12, usd: 1e9 },
  stage: { tokens: 1e12, usd: 1e9 },
  plan: { tokens: 1e12, usd: 1e9 },
  day: { tokens: 1e12, usd: 1e9 },
};

export async function benchGateway(): Promise<string[]> {
  const count = sized(300, 10);
  const upstream = await sseUpstream();
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const gateway = await startGateway({ pricing: {}, budgets: {} });
  const reserving = await startGateway({ pricing: {}, budgets: ROOMY_BUDGETS });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const grant = {
      worker: 'Bench worker',
      role: 'executor',
      provider: 'claude',
      upstream: upstreamUrl,
      realKey: 'bench-real-key',
    };
    const lease = gateway.open(grant);
    const held = reserving.open(grant);
    const direct: Sample[] = [];
    const viaGateway: Sample[] = [];
    const withReservations: Sample[] = [];
    const once = async (into?: { d: Sample[]; g: Sample[]; r: Sample[] }): Promise<void> => {
      const d = await timed(`${upstreamUrl}/v1/messages`, { 'x-api-key': 'bench-real-key' }, agent);
      const g = await timed(`${lease.baseUrl}/v1/messages`, { 'x-api-key': lease.credential }, agent);
      const r = await timed(`${held.baseUrl}/v1/messages`, { 'x-api-key': held.credential }, agent);
      into?.d.push(d);
      into?.g.push(g);
      into?.r.push(r);
    };
    // warm-up: connections, JIT
    for (let i = 0; i < Math.min(20, count); i++) await once();
    for (let i = 0; i < count; i++) await once({ d: direct, g: viaGateway, r: withReservations });
    const summary = lease.close();
    const reserved = held.close();
    const metered = summary.requests.filter((r) => r.metered).length;
    const stat = (samples: Sample[], key: keyof Sample): ReturnType<typeof summarize> =>
      summarize(samples.map((s) => s[key]));
    const lines: string[] = [];
    for (const key of ['firstByteMs', 'totalMs'] as const) {
      const d = stat(direct, key);
      const g = stat(viaGateway, key);
      const r = stat(withReservations, key);
      const label = key === 'firstByteMs' ? 'first byte' : 'total';
      lines.push(
        `${label} (${count} interleaved SSE requests, upstream pauses ${PAUSE_MS} ms after its first event): ` +
          `direct p50 ${fmt(d.p50)} p99 ${fmt(d.p99)}; gateway p50 ${fmt(g.p50)} p99 ${fmt(g.p99)}; ` +
          `overhead p50 ${fmt(g.p50 - d.p50)} p99 ${fmt(g.p99 - d.p99)}; ratio p50 ${(g.p50 / d.p50).toFixed(2)}× p99 ${(g.p99 / d.p99).toFixed(2)}×; ` +
          `with reservations (4 budgets) p50 ${fmt(r.p50)} p99 ${fmt(r.p99)}, overhead p50 ${fmt(r.p50 - d.p50)} p99 ${fmt(r.p99 - d.p99)}`,
      );
    }
    const overhead = stat(viaGateway, 'firstByteMs').p99 - stat(direct, 'firstByteMs').p99;
    const reservingOverhead = stat(withReservations, 'firstByteMs').p99 - stat(direct, 'firstByteMs').p99;
    lines.push(`gateway p99 first-byte overhead ≤ 5 ms: ${met(overhead <= 5)} (${fmt(overhead)})`);
    lines.push(
      `gateway with reservations p99 first-byte overhead ≤ 5 ms: ${met(reservingOverhead <= 5)} (${fmt(reservingOverhead)})`,
    );
    lines.push(`metered through the gateway (warm-up included): ${metered} of ${summary.requests.length} requests`);
    lines.push(
      `reserved and settled (warm-up included): ${reserved.requests.filter((r) => r.metered && !r.refused).length} of ${reserved.requests.length} requests, ${reserved.budgetExceeded ? 'one refused' : 'none refused'}`,
    );
    return lines;
  } finally {
    agent.destroy();
    await gateway.close();
    await reserving.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  }
}
