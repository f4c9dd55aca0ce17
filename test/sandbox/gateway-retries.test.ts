import { createServer, request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DispatchGrant } from '../../src/sandbox/gateway/index.js';
import type { Turn } from '../contract/model-server/script.js';
import { anthropicBody, call, REAL_KEY, responsesBody, rig, type Rig } from './gateway-helpers.js';

let current: Rig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const grant = (upstream: string, provider = 'claude'): DispatchGrant => ({
  worker: 'Claude worker',
  role: 'verifier',
  provider,
  upstream,
  realKey: REAL_KEY,
});

/** A script that answers with `turns` in order, then a final text. */
function sequence(turns: Turn[]): () => Turn {
  return () => turns.shift() ?? { kind: 'text', text: 'finally' };
}

describe('gateway: retries', () => {
  it('waits out a 429 with Retry-After (seconds), then the agent sees only the success', async () => {
    current = await rig(
      sequence([{ kind: 'http-error', status: 429, message: 'slow down', headers: { 'retry-after': '7' } }]),
    );
    const lease = current.gateway.open(grant(current.upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('finally');
    expect(reply.body).not.toContain('slow down');
    expect(current.sleeps).toEqual([7000]);
    expect(current.upstream.requests).toHaveLength(2);
    const summary = lease.close();
    expect(summary.requests).toHaveLength(1);
    expect(summary.requests[0]).toMatchObject({ status: 200, retries: 1, metered: true });
    expect(summary.upstreamError).toBeNull();
  });

  it('honours Retry-After as an HTTP date', async () => {
    // the rig's clock starts at 2026-12-01T12:00:00Z
    current = await rig(
      sequence([
        {
          kind: 'http-error',
          status: 503,
          message: 'later',
          headers: { 'retry-after': 'Tue, 01 Dec 2026 12:00:03 GMT' },
        },
      ]),
    );
    const lease = current.gateway.open(grant(current.upstream.url));
    expect(
      (
        await call(`${lease.baseUrl}/v1/messages`, {
          headers: { 'x-api-key': lease.credential },
          body: anthropicBody(),
        })
      ).status,
    ).toBe(200);
    expect(current.sleeps).toEqual([3000]);
  });

  it('retries 500, 502, 503 and 529 with growing, jittered backoff', async () => {
    current = await rig(
      sequence([500, 502, 503, 529].map((status): Turn => ({ kind: 'http-error', status, message: `e${status}` }))),
    );
    const lease = current.gateway.open(grant(current.upstream.url));
    expect(
      (
        await call(`${lease.baseUrl}/v1/messages`, {
          headers: { 'x-api-key': lease.credential },
          body: anthropicBody(),
        })
      ).status,
    ).toBe(200);
    expect(current.sleeps).toHaveLength(4);
    current.sleeps.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual(250 * 2 ** n);
      expect(ms).toBeLessThanOrEqual(500 * 2 ** n);
    });
    expect(lease.close().requests[0]?.retries).toBe(4);
  });

  it('gives up when the retry budget is spent and hands the agent the final error unchanged, keeping its text', async () => {
    current = await rig(
      () => ({ kind: 'http-error', status: 500, message: 'the model is on fire', headers: { 'retry-after': '10' } }),
      { retryBudgetMs: 25_000 },
    );
    const lease = current.gateway.open(grant(current.upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(current.upstream.requests).toHaveLength(3); // 0 s, 10 s, 20 s; a fourth would start after 30 s
    expect(reply.status).toBe(500);
    expect(reply.body).toBe(current.upstream.requests[2]?.sent);
    expect(reply.headers['retry-after']).toBe('10');
    const summary = lease.close();
    expect(summary.requests).toEqual([
      expect.objectContaining({ status: 500, retries: 2, metered: false, costUsd: 0 }),
    ]);
    expect(summary.upstreamError).toEqual({ status: 500, message: 'the model is on fire' });
  });

  it('passes a 429 through at once when its Retry-After is longer than the whole retry budget', async () => {
    current = await rig(
      sequence([
        { kind: 'http-error', status: 429, message: 'quota: try tomorrow', headers: { 'retry-after': '86400' } },
      ]),
      { retryBudgetMs: 60_000 },
    );
    const lease = current.gateway.open(grant(current.upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(reply.status).toBe(429);
    expect(current.sleeps).toEqual([]);
    expect(lease.close().upstreamError).toEqual({ status: 429, message: 'quota: try tomorrow' });
  });

  it('stops retrying when the agent goes away during the wait', async () => {
    let agent: ClientRequest | null = null;
    current = await rig(() => ({ kind: 'http-error', status: 503, message: 'busy' }), {
      sleep: () => {
        agent?.destroy();
        return new Promise<void>((resolve) => setTimeout(resolve, 20));
      },
    });
    const lease = current.gateway.open(grant(current.upstream.url));
    const target = new URL(`${lease.baseUrl}/v1/messages`);
    agent = request({
      hostname: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { 'x-api-key': lease.credential },
    });
    agent.on('error', () => undefined);
    agent.end(JSON.stringify(anthropicBody()));
    await waitFor(() => current?.gateway.records().length === 1);
    expect(current.upstream.requests).toHaveLength(1);
    expect(current.gateway.records()[0]).toMatchObject({ status: null, retries: 0 });
  });

  it('does not retry a 4xx other than 429', async () => {
    current = await rig(sequence([{ kind: 'http-error', status: 400, message: 'bad request' }]));
    const lease = current.gateway.open(grant(current.upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(reply.status).toBe(400);
    expect(current.upstream.requests).toHaveLength(1);
    expect(lease.close().upstreamError).toEqual({ status: 400, message: 'bad request' });
  });

  it('retries a connection reset before the first byte, then succeeds', async () => {
    current = await rig(sequence([{ kind: 'reset' }]));
    const lease = current.gateway.open(grant(`${current.upstream.url}/v1`, 'codex'));
    const reply = await call(`${lease.baseUrl}/responses`, {
      headers: { authorization: `Bearer ${lease.credential}` },
      body: responsesBody(),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('response.completed');
    expect(current.upstream.requests).toHaveLength(2);
    expect(lease.close().requests).toEqual([expect.objectContaining({ status: 200, retries: 1, metered: true })]);
  });

  it("answers 502 in the provider's format when the upstream cannot be reached within the budget", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    current = await rig(() => ({ kind: 'text', text: 'unused' }), { retryBudgetMs: 5_000 });
    const lease = current.gateway.open(grant(`http://127.0.0.1:${port}`));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(reply.status).toBe(502);
    expect(JSON.parse(reply.body)).toMatchObject({
      type: 'error',
      error: { type: 'api_error', message: expect.stringContaining(`could not reach 127.0.0.1:${port}: ECONNREFUSED`) },
    });
    expect(current.sleeps.length).toBeGreaterThan(1);
    expect(current.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5_000);
    const summary = lease.close();
    expect(summary.upstreamError).toEqual({ status: null, message: `could not reach 127.0.0.1:${port}: ECONNREFUSED` });
    expect(summary.requests[0]?.status).toBe(502);
  });

  it('does not retry once bytes of a 2xx answer went to the agent', async () => {
    const first =
      'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":40,"output_tokens":1}}}\n\n';
    current = await rig(() => ({
      kind: 'raw',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: [first],
      end: 'destroy',
    }));
    const lease = current.gateway.open(grant(current.upstream.url));
    await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    }).catch(() => undefined);
    await waitFor(() => lease.close().requests.length === 1);
    expect(current.upstream.requests).toHaveLength(1);
    const summary = lease.close();
    expect(summary.requests[0]).toMatchObject({ retries: 0, inputTokens: 40, metered: true });
    expect(summary.upstreamError?.message).toMatch(/closed the connection before the answer was complete/);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
