import { afterEach, describe, expect, it } from 'vitest';
import type { DispatchGrant } from '../../src/sandbox/gateway/index.js';
import { SCRIPTED_USAGE } from '../contract/model-server/script.js';
import { anthropicBody, call, geminiBody, REAL_KEY, responsesBody, rig, type Rig } from './gateway-helpers.js';

let current: Rig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const PER_REQUEST = SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens;

const grant = (upstream: string, worker = 'Claude worker', provider = 'claude'): DispatchGrant => ({
  worker,
  role: 'executor',
  provider,
  upstream,
  realKey: REAL_KEY,
});

describe('gateway: budgets', () => {
  it("refuses the request after a worker reached its token limit, in each provider's error format, with a status the CLIs do not retry", async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { budgets: { worker: { tokens: PER_REQUEST } } });
    const { gateway, upstream } = current;
    const claude = gateway.open(grant(upstream.url));
    const codex = gateway.open(grant(upstream.url, 'Codex worker', 'codex'));
    const gem = gateway.open(grant(upstream.url, 'Gemini worker', 'gemini'));
    const send = {
      claude: () =>
        call(`${claude.baseUrl}/v1/messages`, { headers: { 'x-api-key': claude.credential }, body: anthropicBody() }),
      // Each first request must fit its worst case (body bytes + the output it allows) under the limit, so all set a ceiling.
      codex: () =>
        call(`${codex.baseUrl}/v1/responses`, {
          headers: { authorization: `Bearer ${codex.credential}` },
          body: { ...responsesBody(), max_output_tokens: 100 },
        }),
      gemini: () =>
        call(`${gem.baseUrl}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`, {
          headers: { 'x-goog-api-key': gem.credential },
          body: { ...geminiBody(), generationConfig: { maxOutputTokens: 100 } },
        }),
    };
    for (const first of Object.values(send)) expect((await first()).status).toBe(200);
    const forwarded = upstream.requests.length;

    const anthropic = await send.claude();
    const openai = await send.codex();
    const google = await send.gemini();
    expect(upstream.requests).toHaveLength(forwarded);
    for (const reply of [anthropic, openai, google]) expect(reply.status).toBe(400);

    const message = `okstra: budget exceeded: worker limit ${PER_REQUEST} tokens reached (this worker session has spent ${PER_REQUEST} tokens)`;
    expect(JSON.parse(anthropic.body)).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining(message) },
    });
    expect(JSON.parse(openai.body)).toEqual({
      error: {
        message: expect.stringContaining(message),
        type: 'invalid_request_error',
        code: 'okstra_budget_exceeded',
        param: null,
      },
    });
    expect(JSON.parse(google.body)).toEqual({
      error: { code: 400, message: expect.stringContaining(message), status: 'FAILED_PRECONDITION' },
    });

    const summary = claude.close();
    expect(summary.budgetExceeded).toEqual({
      scope: 'worker',
      limit: `${PER_REQUEST} tokens`,
      spent: `${PER_REQUEST} tokens`,
      headroom: '0 tokens',
      message: expect.stringContaining(message),
    });
    expect(summary.requests.map((r) => r.refused)).toEqual([undefined, 'budget']);
    expect(summary.requests[1]).toMatchObject({ status: 400, inputTokens: 0, costUsd: 0, metered: false });
    expect(summary.upstreamError).toBeNull();
  });

  it('counts the stage over every dispatch, and refuses a request whose worst case would pass the limit while spend is still under it', async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { budgets: { stage: { tokens: PER_REQUEST + 1 } } });
    const { gateway, upstream } = current;
    const a = gateway.open(grant(upstream.url, 'Claude worker'));
    const b = gateway.open(grant(upstream.url, 'Gemini worker', 'gemini'));
    expect(
      (await call(`${a.baseUrl}/v1/messages`, { headers: { 'x-api-key': a.credential }, body: anthropicBody() }))
        .status,
    ).toBe(200);
    // PER_REQUEST < limit, but another request (body bytes + the output it allows) would take the stage run past it.
    const refused = await call(`${b.baseUrl}/v1beta/models/gemini-2.5-pro:streamGenerateContent`, {
      headers: { 'x-goog-api-key': b.credential },
      body: { ...geminiBody(), generationConfig: { maxOutputTokens: 10 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(
      `okstra: budget exceeded: stage limit ${PER_REQUEST + 1} tokens would be passed: this request may cost up to `,
    );
    expect(refused.body).toContain(`this stage run has 1 tokens left (spent ${PER_REQUEST} tokens)`);
    expect(upstream.requests).toHaveLength(1);
    expect(a.close().budgetExceeded).toBeNull();
    expect(b.close().budgetExceeded).toMatchObject({
      scope: 'stage',
      spent: `${PER_REQUEST} tokens`,
      headroom: '1 tokens',
    });
    expect(gateway.totals().tokens).toBe(PER_REQUEST);
  });

  it("adds the plan's earlier spend and enforces a USD plan limit", async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), {
      budgets: { plan: { usd: 2 } },
      // Leaves room for the first request's worst case (~$0.01 of claude-opus-4-1), not for a second one.
      planSpentBefore: { tokens: 10, usd: 1.98 },
    });
    const { gateway, upstream } = current;
    const lease = gateway.open(grant(upstream.url));
    expect(
      (
        await call(`${lease.baseUrl}/v1/messages`, {
          headers: { 'x-api-key': lease.credential },
          body: anthropicBody('claude-opus-4-1'),
        })
      ).status,
    ).toBe(200);
    const refused = await call(`${lease.baseUrl}/v1/messages`, {
      headers: { 'x-api-key': lease.credential },
      body: anthropicBody('claude-opus-4-1'),
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.message).toMatch(
      /^okstra: budget exceeded: plan limit \$2\.00 reached \(this plan has spent \$2\.0\d+\)/,
    );
    expect(lease.close().budgetExceeded).toMatchObject({ scope: 'plan', limit: '$2.00' });
  });

  it('refuses a request under a USD limit whose model has no price, naming the model and pricing:', async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { budgets: { worker: { usd: 5 } } });
    const { gateway, upstream } = current;
    const lease = gateway.open(grant(upstream.url, 'Codex worker', 'codex'));
    const reply = await call(`${lease.baseUrl}/v1/responses`, {
      headers: { authorization: `Bearer ${lease.credential}` },
      body: responsesBody('gpt-7-turbo'),
    });
    expect(reply.status).toBe(400);
    const message: string = JSON.parse(reply.body).error.message;
    expect(message).toContain(
      'okstra: budget exceeded: worker limit $5.00 cannot be enforced: model "gpt-7-turbo" has no price',
    );
    expect(message).toContain('pricing:');
    expect(upstream.requests).toEqual([]);
    expect(lease.close().budgetExceeded?.scope).toBe('worker');
  });

  it('does not meter or refuse a preflight that is no model call', async () => {
    current = await rig(() => ({ kind: 'text', text: 'ok' }), { budgets: { worker: { tokens: 1, usd: 0.01 } } });
    const lease = current.gateway.open(grant(current.upstream.url));
    expect(
      (await call(`${lease.baseUrl}/`, { method: 'HEAD', headers: { 'x-api-key': lease.credential } })).status,
    ).toBe(404);
    const summary = lease.close();
    expect(summary.budgetExceeded).toBeNull();
    expect(summary.usage).toBeNull();
  });
});
