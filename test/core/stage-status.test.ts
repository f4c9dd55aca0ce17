import { describe, expect, it } from 'vitest';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';
import { nextStepLine, stageStatus } from '../../src/core/report/stage-status.js';
import { NO_SPEND, type Spend } from '../../src/core/report/index.js';
import { claim, done, T0 } from '../helpers/ledger-rows.js';
import { planOf } from '../helpers/plans.js';

const failed = (stage: number, run: string, detail?: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'failed',
  run_id: run,
  at: T0.toISOString(),
  reason: 'verdict-fail',
  ...(detail ? { detail } : {}),
});

describe('stageStatus', () => {
  const plan = planOf({ 1: [], 2: [1], 3: [1], 4: [2, 3] });

  it('gives each stage in run order its state and detail, and the stages ready next', () => {
    const state = deriveLedgerState([claim(1, 'r1'), done(1, 'r1'), claim(2, 'r2'), claim(3, 'r3')]);
    const spent: Spend = { ...NO_SPEND, runs: 1 };
    const { lines, next } = stageStatus(plan, state, new Map([[1, spent]]), T0);
    expect(lines.map((l) => [l.number, l.state])).toEqual([
      [1, 'done'],
      [2, 'started'],
      [3, 'started'],
      [4, 'pending'],
    ]);
    expect(lines[0]?.detail).toBe(`head ${'b'.repeat(12)} (run r1)`);
    expect(lines[1]?.detail).toMatch(/^by run r2 until /);
    expect(lines[3]?.detail).toBe('waits for stage 2, 3');
    expect(lines[0]?.spend).toBe(spent);
    expect(lines[1]?.spend).toBeNull();
    expect(next).toEqual([]);
  });

  it("names a failed stage's reason and its row's detail, and offers it for a fix run", () => {
    const state = deriveLedgerState([claim(1, 'r1'), failed(1, 'r1', 'the tests do not pass')]);
    const { lines, next } = stageStatus(plan, state, new Map(), T0);
    expect(lines[0]).toMatchObject({
      state: 'failed',
      detail: 'verdict-fail in run r1 (the tests do not pass); ready for a fix run',
    });
    expect(next).toEqual([1]);
  });

  it('says the lease expired when a claim outlived it', () => {
    const state = deriveLedgerState([claim(1, 'r1')]);
    const later = new Date(T0.getTime() + 2 * 3_600_000);
    expect(stageStatus(plan, state, new Map(), later).lines[0]?.detail).toContain('lease expired');
  });
});

describe('nextStepLine', () => {
  const plan = planOf({ 1: [], 2: [1] });

  it('lists the ready stages', () => {
    const { lines, next } = stageStatus(plan, deriveLedgerState([]), new Map(), T0);
    expect(nextStepLine(next, lines)).toBe('next ready: stage 1');
  });

  it('says when every stage is done, and when none can run', () => {
    const all = deriveLedgerState([claim(1, 'a'), done(1, 'a'), claim(2, 'b'), done(2, 'b')]);
    const finished = stageStatus(plan, all, new Map(), T0);
    expect(nextStepLine(finished.next, finished.lines)).toBe('all stages done');
    const busy = stageStatus(plan, deriveLedgerState([claim(1, 'a')]), new Map(), T0);
    expect(nextStepLine(busy.next, busy.lines)).toBe('no stage is ready to run');
  });
});
