import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from '../../src/sandbox/gateway/index.js';
import { SCRIPTED_USAGE } from '../contract/model-server/script.js';
import {
  anthropicBody,
  call,
  geminiBody,
  nextChunk,
  REAL_KEY,
  responsesBody,
  rest,
  rig,
  stream,
  type Rig,
} from './gateway-helpers.js';

let current: Rig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

async function textRig(): Promise<Rig> {
  current = await rig(() => ({ kind: 'text', text: 'hi there' }));
  return current;
}

const grant = (
  upstream: string,
  overrides: Partial<Parameters<Rig['gateway']['open']>[0]> = {},
): Parameters<Rig['gateway']['open']>[0] => ({
  worker: 'Claude worker',
  role: 'executor',
  provider: 'claude',
  upstream,
  realKey: REAL_KEY,
  ...overrides,
});

describe('gateway: credentials', () => {
  it('forwards a request carrying the dispatch credential in each place a client puts a key, swapping in the real key there', async () => {
    const { gateway, upstream } = await textRig();
    const lease = gateway.open(grant(upstream.url));
    const cases: Array<{
      headers: Record<string, string>;
      path: string;
      body: object;
      check: (h: Record<string, unknown>, url: string) => void;
    }> = [
      {
        headers: { 'x-api-key': lease.credential },
        path: '/v1/messages?beta=true',
        body: anthropicBody(),
        check: (h) => expect(h['x-api-key']).toBe(REAL_KEY),
      },
      {
        headers: { authorization: `Bearer ${lease.credential}` },
        path: '/v1/messages',
        body: anthropicBody(),
        check: (h) => expect(h.authorization).toBe(`Bearer ${REAL_KEY}`),
      },
      {
        headers: { authorization: `Bearer ${lease.credential}` },
        path: '/v1/responses',
        body: responsesBody(),
        check: (h) => expect(h.authorization).toBe(`Bearer ${REAL_KEY}`),
      },
      {
        headers: { 'x-goog-api-key': lease.credential },
        path: '/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
        body: geminiBody(),
        check: (h) => expect(h['x-goog-api-key']).toBe(REAL_KEY),
      },
      {
        headers: {},
        path: `/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse&key=${encodeURIComponent(lease.credential)}&x=a%20b`,
        body: geminiBody(),
        check: (_h, url) =>
          expect(url).toBe(
            `/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse&key=${encodeURIComponent(REAL_KEY)}&x=a%20b`,
          ),
      },
    ];
    for (const [i, c] of cases.entries()) {
      const reply = await call(`${lease.baseUrl}${c.path}`, { headers: c.headers, body: c.body });
      expect(reply.status, c.path).toBe(200);
      const seen = upstream.requests[i];
      if (!seen) throw new Error(`request ${i} did not reach the upstream`);
      c.check(seen.headers, seen.url);
      expect(JSON.stringify(seen.headers)).not.toContain(lease.credential);
    }
    expect(upstream.scriptErrors).toEqual([]);
  });

  it('answers 401 without forwarding for a wrong, missing or revoked credential and for an unknown dispatch', async () => {
    const { gateway, upstream, logs } = await textRig();
    const lease = gateway.open(grant(upstream.url));
    const other = gateway.open(grant(upstream.url, { worker: 'Codex worker', provider: 'codex' }));
    const url = `${lease.baseUrl}/v1/messages`;
    const attempts = [
      await call(url, { headers: { 'x-api-key': 'okstra-dispatch-wrong' }, body: anthropicBody() }),
      await call(url, { headers: {}, body: anthropicBody() }),
      await call(url, { headers: { 'x-api-key': other.credential }, body: anthropicBody() }),
      await call(url, { headers: { authorization: `Basic ${lease.credential}` }, body: anthropicBody() }),
      await call(`${gateway.url}/d/nosuchlease/v1/messages`, {
        headers: { 'x-api-key': lease.credential },
        body: anthropicBody(),
      }),
      await call(`${gateway.url}/v1/messages`, { headers: { 'x-api-key': lease.credential }, body: anthropicBody() }),
    ];
    lease.close();
    attempts.push(await call(url, { headers: { 'x-api-key': lease.credential }, body: anthropicBody() }));
    for (const reply of attempts) {
      expect(reply.status).toBe(401);
      expect(reply.headers['content-type']).toBe('application/json');
      expect(reply.body).toMatch(/okstra gateway: /);
    }
    expect(JSON.parse(attempts[0]?.body ?? '')).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    });
    expect(attempts.at(-1)?.body).toContain('revoked');
    expect(upstream.requests).toEqual([]);
    const refused = gateway.records().filter((r) => r.refused === 'credential');
    expect(refused).toHaveLength(5);
    expect(logs.join('\n')).not.toContain(lease.credential);
  });

  it('never lets the real key reach the agent, a record, a log line or the summary, even when the upstream echoes it', async () => {
    const { gateway, upstream, logs } = await textRig();
    upstream.setScript(() => ({
      kind: 'http-error',
      status: 400,
      message: `invalid key ${REAL_KEY} for this model`,
      headers: { 'x-echo': REAL_KEY },
    }));
    const lease = gateway.open(grant(upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('invalid key [REDACTED:real-key] for this model');
    const summary = lease.close();
    const everything = JSON.stringify({
      body: reply.body,
      headers: reply.headers,
      summary,
      records: gateway.records(),
      logs,
    });
    expect(everything).not.toContain(REAL_KEY);
    expect(summary.upstreamError).toEqual({ status: 400, message: 'invalid key [REDACTED:real-key] for this model' });
  });

  it('refuses to open a dispatch with a bad upstream or no key, saying what to fix', async () => {
    const { gateway } = await textRig();
    expect(() => gateway.open(grant('api.anthropic.com'))).toThrow(
      /is not a URL; expected e\.g\. https:\/\/api\.anthropic\.com/,
    );
    expect(() => gateway.open(grant('ftp://example.invalid'))).toThrow(/must be an http:\/\/ or https:\/\/ URL/);
    expect(() => gateway.open(grant('https://example.invalid/v1?key=x'))).toThrow(/plain base URL/);
    expect(() => gateway.open(grant('https://example.invalid', { realKey: ' ' }))).toThrow(
      /no API key for Claude worker \(claude\)/,
    );
  });
});

describe('gateway: forwarding', () => {
  it('strips hop-by-hop headers, sets Host, asks for identity encoding and keeps everything else', async () => {
    const { gateway, upstream } = await textRig();
    const lease = gateway.open(grant(upstream.url));
    await call(`${lease.baseUrl}/v1/messages`, {
      headers: {
        'x-api-key': lease.credential,
        'anthropic-version': '2023-06-01',
        'accept-encoding': 'gzip, br',
        connection: 'keep-alive, x-hop',
        'x-hop': 'drop me',
        'keep-alive': 'timeout=5',
        te: 'trailers',
      },
      body: anthropicBody(),
    });
    const seen = upstream.requests[0]?.headers ?? {};
    expect(seen.host).toBe(new URL(upstream.url).host);
    expect(seen['accept-encoding']).toBe('identity');
    expect(seen['anthropic-version']).toBe('2023-06-01');
    expect(seen['x-hop']).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
    expect(seen.te).toBeUndefined();
  });

  it('appends the path to the upstream base path (Codex: base …/v1, path /responses)', async () => {
    const { gateway, upstream } = await textRig();
    const lease = gateway.open(grant(`${upstream.url}/v1`, { worker: 'Codex worker', provider: 'codex' }));
    const reply = await call(`${lease.baseUrl}/responses`, {
      headers: { authorization: `Bearer ${lease.credential}` },
      body: responsesBody(),
    });
    expect(reply.status).toBe(200);
    expect(upstream.requests[0]?.url).toBe('/v1/responses');
    expect(lease.close().requests[0]).toMatchObject({
      path: '/responses',
      model: 'gpt-5-codex',
      inputTokens: SCRIPTED_USAGE.inputTokens,
    });
  });

  it('forwards a GET/HEAD preflight but no POST that is not a model call it can meter', async () => {
    const { gateway, upstream } = await textRig();
    const lease = gateway.open(grant(upstream.url));
    const head = await call(`${lease.baseUrl}/`, { method: 'HEAD', headers: { 'x-api-key': lease.credential } });
    expect(head.status).toBe(404); // the model server's own answer: it was forwarded
    expect(upstream.requests).toHaveLength(1);
    const post = await call(`${lease.baseUrl}/v1/embeddings`, {
      headers: { 'x-api-key': lease.credential },
      body: { model: 'x' },
    });
    expect(post.status).toBe(404);
    expect(post.body).toContain('is not a model API call the gateway meters');
    const dots = await call(lease.baseUrl, {
      rawPath: `${new URL(lease.baseUrl).pathname}/v1/x/%2e%2e/messages`,
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(dots.status).toBe(404);
    expect(dots.body).toContain('dot segments');
    const plain = await call(lease.baseUrl, {
      rawPath: `${new URL(lease.baseUrl).pathname}/v1/x/../messages`,
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(plain.status).toBe(404);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('gateway: streaming', () => {
  it("passes each protocol's scripted stream through byte for byte", async () => {
    const { gateway, upstream } = await textRig();
    const lease = gateway.open(grant(upstream.url));
    const calls = [
      call(`${lease.baseUrl}/v1/messages?beta=true`, {
        headers: { 'x-api-key': lease.credential },
        body: anthropicBody(),
      }),
      call(`${lease.baseUrl}/v1/responses`, {
        headers: { authorization: `Bearer ${lease.credential}` },
        body: responsesBody(),
      }),
      call(`${lease.baseUrl}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`, {
        headers: { 'x-goog-api-key': lease.credential },
        body: geminiBody(),
      }),
    ];
    for (const [i, pending] of calls.entries()) {
      const reply = await pending;
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/event-stream');
      const sent = upstream.requests.find((r) => r.protocol === ['anthropic', 'openai-responses', 'gemini'][i])?.sent;
      expect(sent && sent.length > 0).toBe(true);
      expect(reply.body).toBe(sent);
    }
  });

  it('delivers the first event before the upstream sends the rest', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first =
      'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}\n\n';
    const last =
      'event: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":3}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n';
    current = await rig(() => ({
      kind: 'raw',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: [first, () => gate, last],
    }));
    const lease = current.gateway.open(grant(current.upstream.url));
    const res = await stream(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(await nextChunk(res)).toBe(first); // the upstream is still holding the rest
    release();
    expect(await rest(res)).toBe(last);
    const [record] = lease.close().requests;
    expect(record).toMatchObject({ status: 200, inputTokens: 10, outputTokens: 3, metered: true });
    expect(record?.firstByteMs).not.toBeNull();
  });
});

describe('gateway: metering', () => {
  it("meters usage and cost for all three protocols from the API's own answer", async () => {
    const { gateway, upstream } = await textRig();
    const claude = gateway.open(grant(upstream.url));
    const codex = gateway.open(grant(upstream.url, { worker: 'Codex worker', provider: 'codex' }));
    const gem = gateway.open(grant(upstream.url, { worker: 'Gemini worker', provider: 'gemini' }));
    await call(`${claude.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': claude.credential },
      body: anthropicBody('claude-sonnet-4-5-20250929'),
    });
    await call(`${codex.baseUrl}/v1/responses`, {
      headers: { authorization: `Bearer ${codex.credential}` },
      body: responsesBody('gpt-5-codex'),
    });
    await call(`${gem.baseUrl}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`, {
      headers: { 'x-goog-api-key': gem.credential },
      body: geminiBody(),
    });
    const { inputTokens: i, outputTokens: o } = SCRIPTED_USAGE;
    const expected = [
      { lease: claude, model: 'claude-sonnet-4-5-20250929', usd: (i * 3 + o * 15) / 1e6 },
      { lease: codex, model: 'gpt-5-codex', usd: (i * 1.25 + o * 10) / 1e6 },
      { lease: gem, model: 'gemini-2.5-pro', usd: (i * 1.25 + o * 10) / 1e6 },
    ];
    for (const { lease, model, usd } of expected) {
      const summary = lease.close();
      expect(summary.requests).toHaveLength(1);
      expect(summary.requests[0]).toMatchObject({
        model,
        inputTokens: i,
        outputTokens: o,
        cachedInputTokens: 0,
        cacheWriteTokens: 0,
        metered: true,
        retries: 0,
        status: 200,
      });
      expect(summary.requests[0]?.costUsd).toBeCloseTo(usd, 12);
      expect(summary.usage?.costUsd).toBeCloseTo(usd, 12);
      expect(summary.upstreamError).toBeNull();
    }
    const totals = gateway.totals();
    expect(totals.tokens).toBe(3 * (i + o));
    expect(Object.keys(totals.byWorker).sort()).toEqual(['Claude worker', 'Codex worker', 'Gemini worker']);
  });

  it("reports an unknown model's cost as unknown (null), not 0, and uses pricing: overrides", async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { pricing: { 'house-model': { input: 1, output: 2 } } });
    const lease = current.gateway.open(grant(current.upstream.url));
    await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody('mystery-model'),
    });
    await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody('house-model'),
    });
    const summary = lease.close();
    expect(summary.requests.map((r) => r.costUsd)).toEqual([
      null,
      (SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens * 2) / 1e6,
    ]);
    expect(summary.usage).toMatchObject({ inputTokens: 2 * SCRIPTED_USAGE.inputTokens, costUsd: null });
    expect(current.gateway.totals().usd).toBeNull();
  });

  it('meters Chat Completions (command providers), streamed and as a JSON body', async () => {
    const bodies = [
      'data: {"choices":[{"delta":{"content":"x"}}]}\n\ndata: {"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":7,"prompt_tokens_details":{"cached_tokens":20}}}\n\ndata: [DONE]\n\n',
      '{"choices":[{"message":{"content":"x"}}],"usage":{"prompt_tokens":9,"completion_tokens":1}}',
    ];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const body = bodies.shift() ?? '';
        res
          .writeHead(200, { 'content-type': body.startsWith('data:') ? 'text/event-stream' : 'application/json' })
          .end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const gateway = await startGateway({
      pricing: { 'local-llm': { input: 1, output: 1, cachedInput: 0 } },
      budgets: {},
    });
    try {
      const lease = gateway.open(
        grant(`http://127.0.0.1:${(server.address() as AddressInfo).port}/openai/v1`, {
          worker: 'Command worker',
          provider: 'my-agent',
        }),
      );
      for (let n = 0; n < 2; n++)
        await call(`${lease.baseUrl}/chat/completions`, {
          headers: { authorization: `Bearer ${lease.credential}` },
          body: { model: 'local-llm', stream: n === 0 },
        });
      const [streamed, json] = lease.close().requests;
      expect(streamed).toMatchObject({ inputTokens: 50, outputTokens: 7, cachedInputTokens: 20, costUsd: 37 / 1e6 });
      expect(json).toMatchObject({ inputTokens: 9, outputTokens: 1, costUsd: 10 / 1e6 });
    } finally {
      await gateway.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('gateway: concurrency', () => {
  it('meters 12 parallel dispatches each to its own worker', async () => {
    const { gateway, upstream } = await textRig();
    const workers = Array.from({ length: 12 }, (_, n) => `Worker ${n}`);
    const leases = workers.map((worker, n) =>
      gateway.open(grant(upstream.url, { worker, provider: ['claude', 'codex', 'gemini'][n % 3] as string })),
    );
    const requestsPerWorker = (n: number): number => 1 + (n % 3);
    await Promise.all(
      leases.map(async (lease, n) => {
        for (let k = 0; k < requestsPerWorker(n); k++) {
          const reply =
            n % 3 === 0
              ? await call(`${lease.baseUrl}/v1/messages`, {
                  headers: { 'x-api-key': lease.credential },
                  body: anthropicBody(),
                })
              : n % 3 === 1
                ? await call(`${lease.baseUrl}/v1/responses`, {
                    headers: { authorization: `Bearer ${lease.credential}` },
                    body: responsesBody(),
                  })
                : await call(`${lease.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
                    headers: { 'x-goog-api-key': lease.credential },
                    body: geminiBody(),
                  });
          expect(reply.status).toBe(200);
        }
      }),
    );
    const perRequest = SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens;
    const totals = gateway.totals();
    for (const [n, lease] of leases.entries()) {
      const summary = lease.close();
      expect(summary.requests).toHaveLength(requestsPerWorker(n));
      expect(summary.requests.every((r) => r.worker === workers[n])).toBe(true);
      expect(summary.usage?.inputTokens).toBe(requestsPerWorker(n) * SCRIPTED_USAGE.inputTokens);
      expect(totals.byWorker[workers[n] as string]?.tokens).toBe(requestsPerWorker(n) * perRequest);
    }
    expect(totals.tokens).toBe(24 * perRequest);
    expect(gateway.records()).toHaveLength(24);
  });
});
