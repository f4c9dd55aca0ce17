import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from '../../src/sandbox/gateway/index.js';
import { anthropicBody, call, REAL_KEY, rig, type Rig } from '../sandbox/gateway-helpers.js';

/**
 * What the real CLIs showed the gateway must do (found by the contract
 * suite, pinned here without a CLI):
 *
 * - Claude Code (2.1.197) sends a keyless HEAD to its base URL before the
 *   first model call: the gateway answers it itself, forwards nothing and
 *   records nothing, so a report never lists a "credential refusal" the
 *   agent did not commit. Everything else without the credential is refused.
 * - A CLI killed at okstra's timeout leaves its last request open; the
 *   provider closes the dispatch as soon as the process is gone, possibly
 *   before the gateway has seen the socket close. That request still
 *   belongs to the dispatch's summary.
 */

let current: Rig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

async function warmUpRig(): Promise<Rig> {
  current = await rig(() => ({ kind: 'text', text: 'hi' }));
  return current;
}

const grant = (upstream: string): Parameters<Rig['gateway']['open']>[0] => ({
  worker: 'Claude worker',
  role: 'executor',
  provider: 'claude',
  upstream,
  realKey: REAL_KEY,
});

describe('gateway: a connection warm-up', () => {
  it('answers a keyless HEAD of the base URL itself, without forwarding or recording it', async () => {
    const { gateway, upstream, logs } = await warmUpRig();
    const lease = gateway.open(grant(upstream.url));

    for (const url of [lease.baseUrl, `${lease.baseUrl}/`]) {
      const reply = await call(url, { method: 'HEAD', headers: {} });
      expect(reply.status).toBe(200);
    }
    expect(upstream.requests).toEqual([]);
    expect(gateway.records()).toEqual([]);
    expect(lease.close().requests).toEqual([]);
    expect(logs.join('\n')).toContain('answered locally (a connection warm-up; not forwarded)');
  });

  it('still refuses, and records, a HEAD with a wrong key, of another path, with a body, or after the dispatch ended', async () => {
    const { gateway, upstream } = await warmUpRig();
    const lease = gateway.open(grant(upstream.url));
    const refusals = [
      await call(lease.baseUrl, { method: 'HEAD', headers: { 'x-api-key': 'wrong' } }),
      await call(lease.baseUrl, { method: 'HEAD', headers: { authorization: 'Bearer wrong' } }),
      await call(`${lease.baseUrl}?key=wrong`, { method: 'HEAD', headers: {} }),
      await call(`${lease.baseUrl}/v1/models`, { method: 'HEAD', headers: {} }),
      await call(lease.baseUrl, { method: 'HEAD', headers: { 'content-length': '2' }, body: '{}' }),
      await call(`${lease.baseUrl}/v1/messages`, { headers: {}, body: anthropicBody() }),
    ];
    lease.close();
    refusals.push(await call(lease.baseUrl, { method: 'HEAD', headers: {} }));

    expect(refusals.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect(upstream.requests).toEqual([]);
    expect(gateway.records().map((r) => [r.method, r.path, r.refused])).toEqual([
      ['HEAD', '', 'credential'],
      ['HEAD', '', 'credential'],
      ['HEAD', '', 'credential'],
      ['HEAD', '/v1/models', 'credential'],
      ['HEAD', '', 'credential'],
      ['POST', '/v1/messages', 'credential'],
      ['HEAD', '', 'credential'],
    ]);
  });

  it('an unknown dispatch gets 401 for a keyless HEAD too', async () => {
    const { gateway, upstream } = await warmUpRig();
    expect((await call(`${gateway.url}/d/nosuchdispatch`, { method: 'HEAD', headers: {} })).status).toBe(401);
    expect(upstream.requests).toEqual([]);
  });
});

describe('gateway: a dispatch that ends while its request is still open', () => {
  it("records the open request in the dispatch's summary, once, and refuses what comes after", async () => {
    let upstreamGotIt: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (upstreamGotIt = resolve));
    let upstreamClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    // An upstream that takes the request and never answers, like a model stuck before its first byte.
    const upstream = createServer((req) => {
      req.resume();
      req.on('close', () => upstreamClosed());
      upstreamGotIt();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const gateway = await startGateway({ pricing: {}, budgets: {} });
    try {
      const lease = gateway.open(grant(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`));
      const target = new URL(`${lease.baseUrl}/v1/messages`);
      const agent = request({
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': lease.credential },
        agent: false,
      });
      agent.on('error', () => undefined);
      agent.end(JSON.stringify(anthropicBody()));
      await arrived;

      // The provider closes the dispatch the moment its CLI is gone, before the gateway has heard of it.
      const summary = lease.close();
      expect(summary.requests).toHaveLength(1);
      expect(summary.requests[0]).toMatchObject({
        path: '/v1/messages',
        model: 'claude-sonnet-4-5',
        status: null,
        metered: false,
        costUsd: 0,
        error: 'the dispatch ended before this request did',
      });
      expect(summary.usage).toBeNull();

      agent.destroy();
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The request's own end later adds nothing: one record, the one in the summary.
      expect(gateway.records()).toEqual(summary.requests);
      expect(lease.close().requests).toEqual(summary.requests);
    } finally {
      await gateway.close();
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});
