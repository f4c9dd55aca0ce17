import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type DispatchGrant } from '../../src/sandbox/gateway/index.js';
import { anthropicBody, call, nextChunk, REAL_KEY, rig, stream, type Rig } from './gateway-helpers.js';

let current: Rig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const grant = (upstream: string): DispatchGrant => ({
  worker: 'Claude worker',
  role: 'executor',
  provider: 'claude',
  upstream,
  realKey: REAL_KEY,
});
const START =
  'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":70,"output_tokens":1}}}\n\n';

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('gateway: robustness', () => {
  it('passes a malformed stream through unchanged and records what it could read', async () => {
    const broken = `${START}event: content_block_delta\ndata: {"type":"content_block_delta",,,}\n\ndata: not json at all\n\n`;
    current = await rig(() => ({
      kind: 'raw',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: [broken],
    }));
    const lease = current.gateway.open(grant(current.upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    expect(reply.body).toBe(broken);
    const [record] = lease.close().requests;
    expect(record).toMatchObject({
      status: 200,
      inputTokens: 70,
      outputTokens: 1,
      metered: true,
      error: '2 malformed event(s) in the upstream answer',
    });
  });

  it('records a 2xx that carried no usage as of unknown cost, not free', async () => {
    current = await rig(() => ({
      kind: 'raw',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: ['data: {"type":"ping"}\n\n'],
    }));
    const lease = current.gateway.open(grant(current.upstream.url));
    await call(`${lease.baseUrl}/v1/messages`, { headers: { 'x-api-key': lease.credential }, body: anthropicBody() });
    const summary = lease.close();
    expect(summary.requests[0]).toMatchObject({ metered: false, costUsd: null, inputTokens: 0 });
    expect(summary.usage).toBeNull();
  });

  it("cuts the agent's stream when the upstream closes mid-stream, and keeps a record of what was seen", async () => {
    current = await rig(() => ({
      kind: 'raw',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: [START],
      end: 'destroy',
    }));
    const lease = current.gateway.open(grant(current.upstream.url));
    const res = await stream(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody(),
    });
    const received: string[] = [];
    const outcome = await new Promise<string>((resolve) => {
      res.on('data', (c: Buffer) => received.push(c.toString('utf8')));
      res.on('end', () => resolve('end'));
      res.on('error', () => resolve('error'));
      res.on('aborted', () => resolve('error'));
    });
    expect(outcome).toBe('error'); // a truncated chunked answer, as the API itself would have left it
    expect(received.join('')).toBe(START);
    await waitFor(() => current?.gateway.records().length === 1);
    expect(current.gateway.records()[0]).toMatchObject({
      status: 200,
      inputTokens: 70,
      metered: true,
      error: 'the upstream closed the connection before the answer was complete',
    });
  });

  it('aborts the upstream request when the agent disconnects mid-stream, and does not crash', async () => {
    let upstreamClosed = false;
    const upstream = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(START);
      res.on('close', () => (upstreamClosed = true));
      // never ends: only the gateway's abort closes this response
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const gateway = await startGateway({ pricing: {}, budgets: {} });
    try {
      const lease = gateway.open(grant(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`));
      const res = await stream(`${lease.baseUrl}/v1/messages`, {
        headers: { 'x-api-key': lease.credential },
        body: anthropicBody(),
      });
      expect(await nextChunk(res)).toBe(START);
      res.destroy();
      await waitFor(() => upstreamClosed && gateway.records().length === 1);
      expect(gateway.records()[0]).toMatchObject({
        inputTokens: 70,
        metered: true,
        error: 'the agent went away mid-answer; the upstream request was aborted',
      });
      // still serving
      const again = await call(`${lease.baseUrl}/`, { method: 'HEAD', headers: { 'x-api-key': 'wrong' } });
      expect(again.status).toBe(401);
    } finally {
      await gateway.close();
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });

  it('answers 413 for a request body over the cap, without forwarding it', async () => {
    current = await rig(() => ({ kind: 'text', text: 'unused' }), { maxRequestBytes: 1024 });
    const lease = current.gateway.open(grant(current.upstream.url));
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: { ...anthropicBody(), padding: 'x'.repeat(4096) },
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({
      type: 'error',
      error: { type: 'request_too_large', message: 'okstra gateway: request body is larger than 1024 bytes' },
    });
    expect(current.upstream.requests).toEqual([]);
  });

  it('refuses a declared 40 MB body at once under the default 32 MiB cap', async () => {
    current = await rig(() => ({ kind: 'text', text: 'unused' }));
    const lease = current.gateway.open(grant(current.upstream.url));
    const target = new URL(`${lease.baseUrl}/v1/messages`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'x-api-key': lease.credential, 'content-length': String(40 * 1024 * 1024) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"model":"claude-sonnet-4-5"'); // the rest never comes: the answer must not wait for it
    });
    expect(status).toBe(413);
    expect(current.upstream.requests).toEqual([]);
  });
});
