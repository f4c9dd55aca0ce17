import { describe, expect, it } from 'vitest';
import { validateRun } from '../../src/core/conformance/index.js';
import { gatewayUsage, sumRequests, toUsageRequest } from '../../src/core/report/index.js';
import { budgetReport } from './budget-report.js';

describe('gatewayUsage', () => {
  it('derives per-worker figures and the total from the records, which then conform', () => {
    const r = budgetReport();
    const records = (r.usage.requests ?? []).map((q) => ({ ...q, method: 'POST', metered: true }));
    const usage = gatewayUsage(records, r.usage.budgetExceeded);
    expect(usage.workers.map((w) => [w.worker, w.inputTokens, w.costUsd, w.costComplete])).toEqual([
      ['Codex worker', 120_000, expect.closeTo(0.42, 9), true],
      ['Claude worker', 80_000, 0.61, true],
      ['Gemini worker', 60_000, null, false],
    ]);
    expect(usage.total).toMatchObject({
      inputTokens: 260_000,
      outputTokens: 25_000,
      cachedInputTokens: 20_000,
      cacheWriteTokens: 1_500,
      costComplete: false,
    });
    expect(usage.requests?.[0]).not.toHaveProperty('method');
    expect(usage.metered).toBe('gateway');
    expect(validateRun({ report: { ...r, usage } })).toEqual([]);
  });

  it('is empty and complete for a run that made no request, and records no refusal unless given one', () => {
    expect(gatewayUsage([])).toEqual({
      workers: [],
      total: {
        inputTokens: 0,
        outputTokens: 0,
        cachedInputTokens: 0,
        cacheWriteTokens: 0,
        costUsd: null,
        costComplete: true,
      },
      metered: 'gateway',
      requests: [],
    });
  });
});

describe('sumRequests and toUsageRequest', () => {
  it('keeps refused only when set', () => {
    const [first] = budgetReport().usage.requests ?? [];
    if (!first) throw new Error('fixture has requests');
    expect(toUsageRequest({ ...first, error: 'x' })).toEqual(first);
    expect(sumRequests([{ ...first, costUsd: null }])).toMatchObject({ costUsd: null, costComplete: false });
  });
});
