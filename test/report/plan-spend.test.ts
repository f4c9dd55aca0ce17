import { describe, expect, it } from 'vitest';
import { NO_SPEND, planSpend, runCost, spendByStage, type FinalReport } from '../../src/core/report/index.js';
import { failReport, passReport } from '../fixtures/reports/build.js';
import { budgetReport } from './budget-report.js';

function run(id: string, stage: number, edit: (r: FinalReport) => void = () => {}): FinalReport {
  const r = budgetReport();
  r.run.id = id;
  r.stage.number = stage;
  edit(r);
  return r;
}

function priced(r: FinalReport, usd: number): void {
  r.usage.total.costUsd = usd;
  r.usage.total.costComplete = true;
  for (const w of r.usage.workers) Object.assign(w, { costUsd: usd / r.usage.workers.length, costComplete: true });
}

describe('runCost', () => {
  it('is a lower bound naming the unpriced models when a gateway request had no price', () => {
    expect(runCost(budgetReport())).toEqual({ usd: 1.03, complete: false, unknownFor: ['gemini-3-pro-preview'] });
  });

  it('names the workers without a cost when there are no request records (reports from before the gateway)', () => {
    expect(runCost(passReport())).toEqual({
      usd: 0.61,
      complete: false,
      unknownFor: ['Codex worker', 'Gemini worker'],
    });
  });

  it('is unknown, not zero, when no cost is known', () => {
    const r = passReport();
    r.usage.total.costUsd = null;
    expect(runCost(r)).toMatchObject({ usd: null, complete: false });
  });

  it('is a known zero when the gateway saw no spend, and unknown when a CLI reported nothing at all', () => {
    const metered = passReport();
    metered.usage = {
      workers: [],
      total: { inputTokens: 0, outputTokens: 0, costUsd: null },
      metered: 'gateway',
      requests: [],
    };
    expect(runCost(metered)).toEqual({ usd: 0, complete: true, unknownFor: [] });
    const silent = passReport();
    silent.usage = { workers: [], total: { inputTokens: 0, outputTokens: 0, costUsd: null } };
    expect(runCost(silent)).toMatchObject({ usd: null, complete: false });
  });
});

describe('planSpend', () => {
  it('is nothing for a plan with no runs', () => {
    expect(planSpend([])).toEqual(NO_SPEND);
  });

  it('sums tokens and known costs over every run, counting each run once', () => {
    const a = run('run-a', 1, (r) => priced(r, 1.5));
    const b = run('run-b', 2, (r) => priced(r, 0.25));
    expect(planSpend([a, b, a])).toEqual({ tokens: 570_000, usd: 1.75, usdComplete: true, runs: 2 });
  });

  it('keeps a partial sum a lower bound', () => {
    const spend = planSpend([run('run-a', 1, (r) => priced(r, 1)), run('run-b', 1)]);
    expect(spend).toMatchObject({ tokens: 570_000, usdComplete: false, runs: 2 });
    expect(spend.usd).toBeCloseTo(2.03, 9);
  });

  it('is unknown when no run has a known cost', () => {
    const unknown = (r: FinalReport): void => {
      r.usage.total.costUsd = null;
      for (const w of r.usage.workers) w.costUsd = null;
    };
    expect(planSpend([run('run-a', 1, unknown), run('run-b', 2, unknown)])).toEqual({
      tokens: 570_000,
      usd: null,
      usdComplete: false,
      runs: 2,
    });
  });

  it('counts a failed attempt and its fix run of one stage together per stage', () => {
    const first = failReport();
    first.run.id = 'run-1';
    const fix = run('run-2', 2, (r) => priced(r, 0.5));
    const other = run('run-3', 3, (r) => priced(r, 2));
    const byStage = spendByStage([first, fix, other]);
    expect([...byStage.keys()].sort()).toEqual([2, 3]);
    // The first attempt is a report from before the gateway: two of its workers have no cost.
    expect(byStage.get(2)).toMatchObject({ tokens: 570_000, usdComplete: false, runs: 2 });
    expect(byStage.get(2)?.usd).toBeCloseTo(1.11, 9);
    expect(byStage.get(3)).toEqual({ tokens: 285_000, usd: 2, usdComplete: true, runs: 1 });
  });
});
