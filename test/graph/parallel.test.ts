import { describe, expect, it } from 'vitest';
import { pauseLine, planDispatch, runFollowUps, stagesMadeReady } from '../../src/core/graph/index.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';
import { planOf } from '../helpers/plans.js';

const now = new Date('2026-11-29T12:00:00Z');
const started = (stage: number, run: string, lease = '2026-11-29T13:00:00Z'): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: '2026-11-29T10:00:00Z',
  lease_until: lease,
});
const done = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'done',
  run_id: run,
  at: '2026-11-29T10:30:00Z',
  head_commit: String(stage).repeat(40).slice(0, 40),
  completed_at: '2026-11-29T10:30:00Z',
  carry_path: `plans/demo/carry/stage-${stage}.json`,
  report_path: `plans/demo/reports/stage-${stage}/${run}.json`,
});
const failed = (stage: number, run: string, reason: 'verdict-fail' | 'abandoned' = 'verdict-fail'): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'failed',
  run_id: run,
  at: '2026-11-29T10:30:00Z',
  reason,
});

const diamond = planOf({ 1: [], 2: [1], 3: [1], 4: [2, 3] });
const fanOut = planOf({ 1: [], 2: [1], 3: [1], 4: [1], 5: [1], 6: [1], 7: [1], 8: [1], 9: [1] });
/** Every row's index and the stages it made dispatchable, for a whole history. */
const attribution = (plan: ReturnType<typeof planOf>, rows: LedgerRow[]): Array<[number, number[]]> =>
  rows.map((_, i): [number, number[]] => [i, stagesMadeReady(plan, rows, i, now)]).filter(([, s]) => s.length > 0);

describe('planDispatch', () => {
  it('offers every root of a fresh plan, and every stage a done stage unblocked', () => {
    expect(planDispatch(diamond, deriveLedgerState([]), now)).toEqual({ kind: 'dispatch', stages: [1], running: [] });
    expect(planDispatch(diamond, deriveLedgerState([started(1, 'a'), done(1, 'a')]), now)).toEqual({
      kind: 'dispatch',
      stages: [2, 3],
      running: [],
    });
    expect(planDispatch(planOf({ 1: [], 2: [], 3: [1] }), deriveLedgerState([]), now)).toMatchObject({
      stages: [1, 2],
    });
  });

  it('leaves out what runs and says so', () => {
    const state = deriveLedgerState([started(1, 'a'), done(1, 'a'), started(2, 'b')]);
    expect(planDispatch(diamond, state, now)).toEqual({ kind: 'dispatch', stages: [3], running: [2] });
  });

  it('pauses the whole plan while a stage stands failed, even stages that do not depend on it', () => {
    const plan = planOf({ 1: [], 2: [1], 3: [1], 5: [1] });
    const state = deriveLedgerState([started(1, 'a'), done(1, 'a'), started(2, 'b'), failed(2, 'b')]);
    const d = planDispatch(plan, state, now);
    expect(d).toEqual({ kind: 'paused', failed: [2], ready: [2, 3, 5], running: [] });
    if (d.kind !== 'paused') throw new Error('unreachable');
    expect(pauseLine(d)).toBe(
      'dispatch paused: stage 2 failed, so no new stage of this plan starts until its fix run passes; held back: stages 2, 3, 5',
    );
  });

  it('keeps the pause while the fix run runs, and lifts it when the fix passes', () => {
    const rows = [started(1, 'a'), done(1, 'a'), started(2, 'b'), failed(2, 'b'), started(2, 'c')];
    expect(planDispatch(diamond, deriveLedgerState(rows), now)).toMatchObject({ kind: 'paused', failed: [2] });
    expect(planDispatch(diamond, deriveLedgerState([...rows, done(2, 'c')]), now)).toMatchObject({
      kind: 'dispatch',
      stages: [3],
    });
  });

  it('does not pause for a released (abandoned) claim: the sweep picks that stage up again', () => {
    const state = deriveLedgerState([started(1, 'a'), failed(1, 'a', 'abandoned')]);
    expect(planDispatch(diamond, state, now)).toEqual({ kind: 'dispatch', stages: [1], running: [] });
  });

  it('says when every stage is done', () => {
    const rows = [1, 2, 3, 4].flatMap((n) => [started(n, `r${n}`), done(n, `r${n}`)]);
    expect(planDispatch(diamond, deriveLedgerState(rows), now)).toEqual({ kind: 'complete' });
  });
});

describe('stagesMadeReady', () => {
  it('attributes 2 and 3 to stage 1 done, and 4 to whichever of 2 and 3 ends last, once', () => {
    const rows = [
      started(1, 'a'),
      done(1, 'a'),
      started(2, 'b'),
      started(3, 'c'),
      done(3, 'c'),
      done(2, 'b'),
      started(4, 'd'),
      done(4, 'd'),
    ];
    expect(attribution(diamond, rows)).toEqual([
      [1, [2, 3]],
      [5, [4]],
    ]);
  });

  it('fans out to all eight dependents from one row', () => {
    expect(attribution(fanOut, [started(1, 'a'), done(1, 'a')])).toEqual([[1, [2, 3, 4, 5, 6, 7, 8, 9]]]);
  });

  it('dispatches nothing while stage 2 stands failed, then 4 from the fix run that passes', () => {
    const rows = [
      started(1, 'a'),
      done(1, 'a'),
      started(2, 'b'),
      started(3, 'c'),
      failed(2, 'b'),
      done(3, 'c'),
      started(2, 'fix'),
      done(2, 'fix'),
    ];
    expect(attribution(diamond, rows)).toEqual([
      [1, [2, 3]],
      [7, [4]],
    ]);
  });

  it('does not offer again a stage dispatched before a pause and still queued when the pause lifts', () => {
    const plan = planOf({ 1: [], 2: [1], 3: [1], 5: [1] });
    const rows = [
      started(1, 'a'),
      done(1, 'a'),
      started(2, 'b'),
      started(3, 'c'),
      failed(2, 'b'),
      started(2, 'fix'),
      done(2, 'fix'),
    ];
    // Row 1 offered 2, 3 and 5; 5's run has not claimed it yet when the fix run of 2 passes.
    expect(attribution(plan, rows)).toEqual([[1, [2, 3, 5]]]);
  });

  it('offers a stage that became ready during a pause from the row that lifts it', () => {
    const plan = planOf({ 1: [], 2: [1], 3: [1], 5: [3] });
    const rows = [
      started(1, 'a'),
      done(1, 'a'),
      started(2, 'b'),
      started(3, 'c'),
      failed(2, 'b'),
      done(3, 'c'),
      started(2, 'fix'),
      done(2, 'fix'),
    ];
    expect(attribution(plan, rows)).toEqual([
      [1, [2, 3]],
      [7, [5]],
    ]);
  });

  it('offers a stage again when its claim is released as abandoned', () => {
    expect(attribution(diamond, [started(1, 'a'), failed(1, 'a', 'abandoned')])).toEqual([[1, [1]]]);
  });

  it('works through a ledger of ten thousand rows in one replay', () => {
    const rows: LedgerRow[] = [started(1, 'a'), done(1, 'a')];
    for (let k = 0; k < 5000; k++) rows.push(started(2, `x${k}`), failed(2, `x${k}`, 'abandoned'));
    rows.push(started(2, 'b'), done(2, 'b'), started(3, 'c'), done(3, 'c'));
    expect(stagesMadeReady(diamond, rows, rows.length - 1, now)).toEqual([4]);
  });

  it('answers nothing for a row index outside the ledger', () => {
    expect(stagesMadeReady(diamond, [started(1, 'a')], 3, now)).toEqual([]);
    expect(stagesMadeReady(diamond, [started(1, 'a')], -1, now)).toEqual([]);
  });
});

describe('runFollowUps', () => {
  const two = { prefix: 'gh-2-1-' };
  const three = { prefix: 'gh-3-1-' };
  const ledger = [
    started(1, 'gh-1-1-s1'),
    done(1, 'gh-1-1-s1'),
    started(2, 'gh-2-1-s2'),
    started(3, 'gh-3-1-s3'),
    done(2, 'gh-2-1-s2'),
    done(3, 'gh-3-1-s3'),
  ];

  it("gives the stages the run's own done rows made ready, and decides the same from the ledger as its last append left it", () => {
    expect(runFollowUps(diamond, ledger.slice(0, 2), { prefix: 'gh-1-1-' }, now)).toEqual({
      kind: 'ready',
      stages: [2, 3],
    });
    // Run 3 recorded done last: it offers stage 4, whoever reads the ledger later.
    expect(runFollowUps(diamond, ledger, three, now)).toEqual({ kind: 'ready', stages: [4] });
    // Run 2 offers nothing, both from its own last append and from any later read: exactly one run dispatches 4.
    expect(runFollowUps(diamond, ledger.slice(0, 5), two, now)).toEqual({
      kind: 'nothing',
      reason: 'no stage became ready',
    });
    expect(runFollowUps(diamond, ledger, two, now)).toEqual({ kind: 'nothing', reason: 'no stage became ready' });
  });

  it('says why nothing follows: no done row of the run, or the plan paused by a failure', () => {
    expect(runFollowUps(diamond, [started(1, 'gh-9-1-s1')], { prefix: 'gh-9-1-' }, now)).toEqual({
      kind: 'nothing',
      reason: 'run gh-9-1-* recorded no done stage',
    });
    const paused = [...ledger.slice(0, 4), failed(3, 'gh-3-1-s3'), done(2, 'gh-2-1-s2')];
    const why = runFollowUps(diamond, paused, two, now);
    expect(why.kind).toBe('nothing');
    expect(why.kind === 'nothing' && why.reason).toContain('stage 3 failed');
  });

  it('for the last stage of a plan: nothing, as every stage is done', () => {
    const last = [...ledger, started(4, 'gh-4-1-s4'), done(4, 'gh-4-1-s4')];
    expect(runFollowUps(diamond, last, { prefix: 'gh-4-1-' }, now)).toEqual({
      kind: 'nothing',
      reason: 'no stage became ready',
    });
  });

  it("for one stage run of a job that went on to the next stage itself: only that run's done row counts", () => {
    // Run 1's job ran stage 1, then stage 2 (continueInJob); stage 3 went to run 3.
    const rows = [
      started(1, 'gh-1-1-s1'),
      done(1, 'gh-1-1-s1'),
      started(2, 'gh-1-1-s2'),
      started(3, 'gh-3-1-s3'),
      done(3, 'gh-3-1-s3'),
      done(2, 'gh-1-1-s2'),
    ];
    expect(runFollowUps(diamond, rows, { runId: 'gh-1-1-s2' }, now)).toEqual({ kind: 'ready', stages: [4] });
    // The whole attempt would offer 2 and 3 again (stage 1's done row made them ready), which are long claimed.
    expect(runFollowUps(diamond, rows, { prefix: 'gh-1-1-' }, now)).toEqual({ kind: 'ready', stages: [2, 3, 4] });
    // A whole id is no prefix: stage 2's run is not stage 20's.
    expect(runFollowUps(diamond, [...rows.slice(0, 2), done(2, 'gh-1-1-s20')], { runId: 'gh-1-1-s2' }, now)).toEqual({
      kind: 'nothing',
      reason: 'run gh-1-1-s2 recorded no done stage',
    });
  });
});
