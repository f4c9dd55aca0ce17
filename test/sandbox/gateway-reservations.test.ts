import { afterEach, describe, expect, it } from 'vitest';
import type { DispatchGrant } from '../../src/sandbox/gateway/index.js';
import type { Reply } from './gateway-helpers.js';
import { call, REAL_KEY, rig, type Rig } from './gateway-helpers.js';

/**
 * Budgets that are never exceeded: each request reserves its worst case
 * before it is forwarded. The stand-in model is priced on output alone
 * ($1,250 per million), and every request allows 56 output tokens — what the
 * scripted server answers — so each costs, and may cost at most, $0.07.
 */

let current: Rig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const STAND_IN = 'stand-in-model';
const pricing = { [STAND_IN]: { input: 0, output: 1250 } };
const body = { model: STAND_IN, stream: true, max_tokens: 56, messages: [{ role: 'user', content: 'hello' }] };

const grant = (upstream: string, worker = 'Claude worker'): DispatchGrant => ({
  worker,
  role: 'executor',
  provider: 'claude',
  upstream,
  realKey: REAL_KEY,
});

describe('gateway: reservations', () => {
  it('refuses the second $0.07 request under a $0.10 worker budget before forwarding it; spend stays within the budget', async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { pricing, budgets: { worker: { usd: 0.1 } } });
    const { gateway, upstream } = current;
    const lease = gateway.open(grant(upstream.url));
    const send = (): Promise<Reply> =>
      call(`${lease.baseUrl}/v1/messages`, { headers: { 'x-api-key': lease.credential }, body });

    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(400);
    expect(upstream.requests).toHaveLength(1);
    expect(JSON.parse(refused.body).error.message).toBe(
      'okstra: budget exceeded: worker limit $0.10 would be passed: this request may cost up to $0.07 and this worker session has $0.03 left (spent $0.07); raise budgets.worker.usd in .okstra/config.yml to continue',
    );
    expect(gateway.totals().usd).toBeCloseTo(0.07, 10);
    expect(gateway.totals().usd ?? Infinity).toBeLessThanOrEqual(0.1);

    const summary = lease.close();
    expect(summary.budgetExceeded).toMatchObject({
      scope: 'worker',
      limit: '$0.10',
      spent: '$0.07',
      reservation: '$0.07',
      headroom: '$0.03',
    });
    expect(summary.requests.map((r) => r.refused ?? r.status)).toEqual([200, 'budget']);
    expect(gateway.budgets()).toEqual({
      headroom: [{ scope: 'worker', worker: 'Claude worker', limit: '$0.10', left: '$0.03' }],
      largestRefused: { worker: 'Claude worker', scope: 'worker', reservation: '$0.07', headroom: '$0.03' },
    });
  });

  it('8 parallel $0.07 requests under a $0.20 stage budget: each reserves, 2 are forwarded, total spend <= $0.20', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The upstream holds every answer until the test has seen all refusals: the requests really overlap.
    current = await rig(() => ({ kind: 'hold', until: () => gate, then: { kind: 'text', text: 'ok' } }), {
      pricing,
      budgets: { stage: { usd: 0.2 } },
    });
    const { gateway, upstream } = current;
    const leases = Array.from({ length: 8 }, (_, i) => gateway.open(grant(upstream.url, `Worker ${i + 1}`)));
    const replies: Reply[] = [];
    const all = leases.map((lease) =>
      call(`${lease.baseUrl}/v1/messages`, { headers: { 'x-api-key': lease.credential }, body }).then((reply) => {
        replies.push(reply);
        return reply;
      }),
    );
    await waitFor(() => replies.length === 6 && upstream.requests.length === 2);
    release();
    const statuses = (await Promise.all(all)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400, 400, 400, 400]);
    for (const refused of replies.slice(0, 6))
      expect(JSON.parse(refused.body).error.message).toContain(
        'stage limit $0.20 would be passed: this request may cost up to $0.07 and this stage run has $0.06 left (spent $0.00, $0.14 held by requests in flight)',
      );
    expect(upstream.requests).toHaveLength(2);
    expect(gateway.totals().usd ?? Infinity).toBeLessThanOrEqual(0.2);
    expect(gateway.totals().usd).toBeCloseTo(0.14, 10);
    expect(gateway.budgets().headroom).toEqual([{ scope: 'stage', limit: '$0.20', left: '$0.06' }]);
  });

  it('settles a stream cut before its usage at its reservation: what it may have cost stays counted', async () => {
    current = await rig(
      () => ({
        kind: 'raw',
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        chunks: ['event: ping\ndata: {"type":"ping"}\n\n'],
        end: 'destroy',
      }),
      { pricing, budgets: { stage: { usd: 0.1 } } },
    );
    const { gateway, upstream } = current;
    const lease = gateway.open(grant(upstream.url));
    const send = (): Promise<Reply> =>
      call(`${lease.baseUrl}/v1/messages`, { headers: { 'x-api-key': lease.credential }, body });
    await send().catch(() => null);
    const second = await send();
    expect(second.status).toBe(400);
    expect(second.body).toContain('stage limit $0.10 would be passed');
    expect(upstream.requests).toHaveLength(1);
    // The report's metered cost stays "unknown" (null): the books, not the report, hold the worst case.
    expect(lease.close().requests[0]).toMatchObject({ metered: false, costUsd: null });
  });

  it('a token budget needs no price: a request for an unpriced model is reserved in tokens and forwarded', async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { budgets: { worker: { tokens: 1_000_000 } } });
    const lease = current.gateway.open(grant(current.upstream.url));
    const unpriced = { ...body, model: 'no-price-model' };
    const reply = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: unpriced,
    });
    expect(reply.status).toBe(200);
    expect(lease.close().budgetExceeded).toBeNull();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('gateway: a subscription token', () => {
  it('spends no money: a money budget holds nothing for its requests, tokens still count, each is marked', async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), {
      pricing,
      budgets: { worker: { usd: 0.1 }, stage: { tokens: 3_000 } },
    });
    const { gateway, upstream } = current;
    const lease = gateway.open({ ...grant(upstream.url), billing: 'subscription' });
    const send = (): Promise<Reply> =>
      call(`${lease.baseUrl}/v1/messages`, { headers: { authorization: `Bearer ${lease.credential}` }, body });

    // On an API key this model costs $0.07 a request, and the second would not fit the $0.10 budget.
    for (let i = 0; i < 2; i++) expect((await send()).status).toBe(200);
    const summary = lease.close();
    expect(upstream.requests).toHaveLength(2);
    expect(summary.requests.map((r) => [r.status, r.costUsd, r.billing])).toEqual([
      [200, 0, 'subscription'],
      [200, 0, 'subscription'],
    ]);
    expect(summary.usage).toMatchObject({ costUsd: 0 });
    expect(gateway.totals().usd ?? 0).toBe(0);
    expect(gateway.totals().tokens).toBeGreaterThan(0);
  });
});
