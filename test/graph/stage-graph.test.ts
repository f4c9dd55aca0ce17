import { describe, expect, it } from 'vitest';
import {
  chainQueue,
  dependencyClosure,
  mermaidFlowchart,
  readyStages,
  stageBase,
  stageEdges,
  stageReadiness,
  topologicalOrder,
} from '../../src/core/graph/index.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';
import { planOf } from '../helpers/plans.js';

const now = new Date('2026-11-29T12:00:00Z');
const sha = (c: string): string => c.repeat(40);
const started = (stage: number, run: string, lease = '2026-11-29T13:00:00Z'): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: '2026-11-29T10:00:00Z',
  lease_until: lease,
});
const done = (stage: number, run: string, head: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'done',
  run_id: run,
  at: '2026-11-29T10:30:00Z',
  head_commit: head,
  completed_at: '2026-11-29T10:30:00Z',
  carry_path: `plans/demo/carry/stage-${stage}.json`,
  report_path: `plans/demo/reports/stage-${stage}/${run}.json`,
});
const failed = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'failed',
  run_id: run,
  at: '2026-11-29T10:30:00Z',
  reason: 'verdict-fail',
});
const ledger = (...rows: LedgerRow[]) => deriveLedgerState(rows);

const diamond = planOf({ 1: [], 2: [1], 3: [1], 4: [2, 3] });

describe('topologicalOrder', () => {
  it('orders dependencies first and breaks ties by stage number', () => {
    expect(topologicalOrder(planOf({ 5: [], 3: [5], 1: [], 2: [1, 3], 4: [] }))).toEqual([1, 4, 5, 3, 2]);
    expect(topologicalOrder(diamond)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a cyclic plan instead of dropping stages', () => {
    expect(() => topologicalOrder(planOf({ 1: [2], 2: [1] }))).toThrowError(/cycle/);
  });
});

describe('dependencyClosure and edges', () => {
  it('collects transitive dependencies in order', () => {
    expect(dependencyClosure(diamond, 4)).toEqual([1, 2, 3]);
    expect(dependencyClosure(diamond, 1)).toEqual([]);
    expect(stageEdges(diamond)).toEqual([
      [1, 2],
      [1, 3],
      [2, 4],
      [3, 4],
    ]);
  });
});

describe('readiness', () => {
  it('starts with only the roots ready', () => {
    expect(readyStages(diamond, ledger(), now)).toEqual([1]);
    expect(stageReadiness(diamond, ledger(), 4, now)).toEqual({ kind: 'blocked', waitingOn: [2, 3] });
  });

  it('opens both branches of the diamond once the root is done, and the join only after both', () => {
    const afterRoot = ledger(started(1, 'a'), done(1, 'a', sha('1')));
    expect(readyStages(diamond, afterRoot, now)).toEqual([2, 3]);
    const oneBranch = ledger(started(1, 'a'), done(1, 'a', sha('1')), started(2, 'b'), done(2, 'b', sha('2')));
    expect(readyStages(diamond, oneBranch, now)).toEqual([3]);
  });

  it('does not offer a claimed stage, stale or not, and reports who holds it', () => {
    const state = ledger(started(1, 'a', '2026-11-29T11:00:00Z'));
    expect(readyStages(diamond, state, now)).toEqual([]);
    expect(stageReadiness(diamond, state, 1, now)).toEqual({
      kind: 'started',
      runId: 'a',
      leaseUntil: '2026-11-29T11:00:00Z',
      stale: true,
    });
  });

  it('keeps dependents blocked behind a failed stage and offers the failed stage for a fix run', () => {
    const state = ledger(started(1, 'a'), failed(1, 'a'));
    expect(readyStages(diamond, state, now)).toEqual([1]);
    expect(stageReadiness(diamond, state, 1, now)).toEqual({
      kind: 'ready',
      failedBefore: { reason: 'verdict-fail', runId: 'a' },
    });
    expect(stageReadiness(diamond, state, 2, now)).toEqual({ kind: 'blocked', waitingOn: [1] });
  });

  it('no longer counts a stage as done once it is re-entered', () => {
    const state = ledger(started(1, 'a'), done(1, 'a', sha('1')), started(1, 'b'));
    expect(stageReadiness(diamond, state, 2, now)).toEqual({ kind: 'blocked', waitingOn: [1] });
  });
});

describe('chainQueue', () => {
  it('runs the closure of the requested stages minus done ones', () => {
    expect(chainQueue(diamond, ledger())).toEqual([1, 2, 3, 4]);
    expect(chainQueue(diamond, ledger(), [2])).toEqual([1, 2]);
    expect(chainQueue(diamond, ledger(started(1, 'a'), done(1, 'a', sha('1'))), [4])).toEqual([2, 3, 4]);
  });
});

describe('stageBase', () => {
  it('uses the plan base for a root, the done head for one dependency and a merge for several', () => {
    const state = ledger(
      started(1, 'a'),
      done(1, 'a', sha('1')),
      started(2, 'b'),
      done(2, 'b', sha('2')),
      started(3, 'c'),
      done(3, 'c', sha('3')),
    );
    expect(stageBase(planOf({ 1: [] }, 'develop'), state, 1)).toEqual({ kind: 'plan-base', ref: 'develop' });
    expect(stageBase(diamond, state, 2)).toEqual({ kind: 'single', stage: 1, commit: sha('1') });
    expect(stageBase(diamond, state, 4)).toEqual({
      kind: 'merge',
      parents: [
        { stage: 2, commit: sha('2') },
        { stage: 3, commit: sha('3') },
      ],
    });
  });

  it('is blocked while a dependency is not done', () => {
    expect(stageBase(diamond, ledger(started(1, 'a'), done(1, 'a', sha('1'))), 4)).toEqual({
      kind: 'blocked',
      waitingOn: [2, 3],
    });
  });

  it('does not merge a head with itself', () => {
    const state = ledger(
      started(1, 'a'),
      done(1, 'a', sha('1')),
      started(2, 'b'),
      done(2, 'b', sha('1')),
      started(3, 'c'),
      done(3, 'c', sha('1')),
    );
    expect(stageBase(diamond, state, 4)).toEqual({ kind: 'single', stage: 2, commit: sha('1') });
  });
});

describe('mermaidFlowchart', () => {
  it('draws nodes with escaped titles and edges', () => {
    const plan = planOf({ 1: [], 2: [1] });
    (plan.stages[0] as { title: string }).title = 'Say "hi" <b>';
    expect(mermaidFlowchart(plan)).toBe(
      ['flowchart TD', '  s1["1: Say #quot;hi#quot; #lt;b#gt;"]', '  s2["2: Stage 2"]', '  s1 --> s2'].join('\n'),
    );
  });
});
