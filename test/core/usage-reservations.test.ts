import { describe, expect, it } from 'vitest';
import {
  admit,
  BudgetBook,
  decideBudget,
  decideRetry,
  DEFAULT_OUTPUT_CAP,
  outputCap,
  requestFacts,
  worstCase,
  type AdmissionQuestion,
} from '../../src/core/usage/index.js';

const price = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 };

describe('worst-case cost of a request', () => {
  it('reads the output ceiling each protocol names', () => {
    expect(requestFacts('anthropic', { max_tokens: 64 }).maxOutputTokens).toBe(64);
    expect(requestFacts('openai-responses', { max_output_tokens: 9 }).maxOutputTokens).toBe(9);
    expect(requestFacts('openai-chat', { max_completion_tokens: 7, max_tokens: 99 }).maxOutputTokens).toBe(7);
    expect(requestFacts('openai-chat', { max_tokens: 99 }).maxOutputTokens).toBe(99);
    expect(requestFacts('gemini', { generationConfig: { maxOutputTokens: 5 } }).maxOutputTokens).toBe(5);
    expect(requestFacts('anthropic', { max_tokens: -1 }).maxOutputTokens).toBeNull();
    expect(requestFacts('anthropic', null).maxOutputTokens).toBeNull();
  });

  it("falls back to the model's output cap, then to the largest any model has", () => {
    expect(outputCap('claude-sonnet-4-5-20250929')).toBe(64_000);
    expect(outputCap('claude-opus-4-1')).toBe(32_000);
    expect(outputCap('gpt-5-codex')).toBe(128_000);
    expect(outputCap('unknown-model')).toBe(DEFAULT_OUTPUT_CAP);
    expect(outputCap(null)).toBe(DEFAULT_OUTPUT_CAP);
  });

  it('prices every body byte as an input token at the dearest input rate, plus all the output allowed', () => {
    const cost = worstCase({ model: 'claude-sonnet-4-5', bodyBytes: 1000, facts: { maxOutputTokens: 100 }, price });
    expect(cost.tokens).toBe(1100);
    // 1000 × $3.75 (a cache write is the dearest input) + 100 × $15, per million
    expect(cost.usd).toBeCloseTo((1000 * 3.75 + 100 * 15) / 1e6, 12);
    const capped = worstCase({ model: 'claude-opus-4-1', bodyBytes: 0, facts: { maxOutputTokens: null }, price });
    expect(capped.tokens).toBe(32_000);
    expect(worstCase({ model: 'x', bodyBytes: 10, facts: { maxOutputTokens: 1 }, price: null })).toEqual({
      tokens: 11,
      usd: null,
    });
  });
});

describe('budget decision with reservations', () => {
  const zero = { tokens: 0, usd: 0 };
  const spent = { worker: zero, stage: zero, plan: zero };

  it('allows a request whose worst case fits exactly, refuses one that would pass the limit', () => {
    const budgets = { worker: { usd: 0.1 } };
    const fits = decideBudget({ budgets, spent, cost: { tokens: 1, usd: 0.1 }, model: 'm', priced: true });
    expect(fits.allowed).toBe(true);
    const over = decideBudget({
      budgets,
      spent: { ...spent, worker: { tokens: 5, usd: 0.07 } },
      cost: { tokens: 1, usd: 0.07 },
      model: 'm',
      priced: true,
    });
    expect(over).toMatchObject({ allowed: false, scope: 'worker', reservation: '$0.07', headroom: '$0.03' });
  });

  it('counts reservations held by requests in flight', () => {
    const d = decideBudget({
      budgets: { stage: { tokens: 100 } },
      spent,
      held: { stage: { tokens: 60, usd: 0 } },
      cost: { tokens: 50, usd: 0 },
      model: null,
      priced: false,
    });
    if (d.allowed) throw new Error('expected a refusal');
    expect(d.message).toBe(
      'okstra: budget exceeded: stage limit 100 tokens would be passed: this request may cost up to 50 tokens and this stage run has 40 tokens left (spent 0 tokens, 60 tokens held by requests in flight); raise budgets.stage.tokens in .okstra/config.yml to continue',
    );
  });

  it('checks the per-day plan budget after the plan', () => {
    const d = decideBudget({
      budgets: { plan: { usd: 100 }, day: { usd: 1 } },
      spent: { ...spent, plan: { tokens: 0, usd: 10 }, day: { tokens: 0, usd: 0.99 } },
      cost: { tokens: 0, usd: 0.02 },
      model: 'm',
      priced: true,
    });
    expect(d).toMatchObject({ allowed: false, scope: 'day', limit: '$1.00', headroom: '$0.01' });
    if (!d.allowed) expect(d.message).toContain('this plan today (UTC) has $0.01 left');
  });
});

describe('budget book', () => {
  it('reserves, refuses what does not fit, and settles with the real cost', () => {
    const book = new BudgetBook({ worker: { usd: 0.1 }, stage: { usd: 0.15 } });
    book.openWorker('a', 'Worker A');
    book.openWorker('b', 'Worker B');
    const first = book.reserve('a', { tokens: 10, usd: 0.07 }, 'm', true);
    if (!first.ok) throw new Error('expected a reservation');
    // Worker B's own limit has room, but the stage's holds A's reservation.
    const second = book.reserve('b', { tokens: 10, usd: 0.09 }, 'm', true);
    expect(second).toMatchObject({ ok: false, refusal: { scope: 'stage', headroom: '$0.08' } });
    book.settle(first.hold, { tokens: 4, usd: 0.01 });
    book.settle(first.hold, { tokens: 4, usd: 0.01 });
    expect(book.reserve('b', { tokens: 10, usd: 0.09 }, 'm', true).ok).toBe(true);
    expect(book.headroom()).toEqual([
      { scope: 'worker', worker: 'Worker A', limit: '$0.10', left: '$0.09' },
      { scope: 'worker', worker: 'Worker B', limit: '$0.10', left: '$0.01' },
      { scope: 'stage', limit: '$0.15', left: '$0.05' },
    ]);
    expect(book.largestRefused()).toMatchObject({ worker: 'Worker B', scope: 'stage', reservation: '$0.09' });
  });

  it('books a reservation whose real usage never came as spent, and the plan and day over earlier runs', () => {
    const book = new BudgetBook(
      { plan: { tokens: 1000 }, day: { tokens: 300 } },
      { plan: { tokens: 500, usd: 0 }, day: { tokens: 100, usd: 0 } },
    );
    const r = book.reserve('a', { tokens: 150, usd: null }, null, false);
    if (!r.ok) throw new Error('expected a reservation');
    book.settle(r.hold, null);
    expect(book.headroom()).toEqual([
      { scope: 'plan', limit: '1000 tokens', left: '350 tokens' },
      { scope: 'day', limit: '300 tokens', left: '50 tokens' },
    ]);
    expect(book.reserve('a', { tokens: 51, usd: null }, null, false)).toMatchObject({
      ok: false,
      refusal: { scope: 'day' },
    });
  });
});

describe('retry decision', () => {
  const base = { retries: 0, elapsedMs: 0, retryBudgetMs: 10_000, nowMs: 0, random: () => 1 };
  it('retries an unreachable upstream and the vendors\' "try later" statuses while the wait fits', () => {
    expect(decideRetry({ ...base, outcome: { kind: 'unreachable' } })).toEqual({ retry: true, waitMs: 500 });
    expect(decideRetry({ ...base, outcome: { kind: 'status', status: 529, retryAfter: '2' } })).toEqual({
      retry: true,
      waitMs: 2000,
    });
    expect(decideRetry({ ...base, outcome: { kind: 'status', status: 400, retryAfter: undefined } })).toEqual({
      retry: false,
    });
    expect(
      decideRetry({ ...base, elapsedMs: 9_000, outcome: { kind: 'status', status: 429, retryAfter: '2' } }),
    ).toEqual({ retry: false });
  });
});

describe('admission', () => {
  const q: AdmissionQuestion = {
    leaseOpen: true,
    hasCredential: true,
    warmUp: false,
    safePath: true,
    method: 'POST',
    path: '/v1/messages',
    protocol: 'anthropic',
  };
  it('forwards a metered call with the credential, answers a warm-up, refuses the rest once each', () => {
    expect(admit(q)).toEqual({ kind: 'forward' });
    expect(admit({ ...q, hasCredential: false, warmUp: true })).toEqual({ kind: 'warm-up' });
    expect(admit({ ...q, hasCredential: false })).toMatchObject({
      kind: 'refuse',
      refusal: { status: 401, refused: 'credential', error: 'missing or wrong dispatch credential' },
    });
    expect(admit({ ...q, leaseOpen: false, hasCredential: false, warmUp: true })).toMatchObject({
      refusal: { error: 'dispatch credential revoked' },
    });
    expect(admit({ ...q, safePath: false })).toMatchObject({ refusal: { status: 404, error: 'path not allowed' } });
    expect(admit({ ...q, protocol: null })).toMatchObject({ refusal: { status: 404, error: 'not a model call' } });
    expect(admit({ ...q, method: 'GET', protocol: null })).toEqual({ kind: 'forward' });
  });
});
