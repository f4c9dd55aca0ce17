import { afterEach, describe, expect, it } from 'vitest';
import { anthropicBody, call, REAL_KEY, rig, type Rig } from '../sandbox/gateway-helpers.js';

/**
 * The keyless HEAD Claude Code sends its base URL before the first model
 * call (seen by the contract suite on 2.1.197): the gateway answers it
 * itself, forwards nothing and records nothing, so a report never lists a
 * "credential refusal" the agent did not commit. Everything else without
 * the dispatch credential is still refused.
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

const grant = (upstream: string): Parameters<Rig['gateway']['open']>[0] => ({ worker: 'Claude worker', role: 'executor', provider: 'claude', upstream, realKey: REAL_KEY });

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
