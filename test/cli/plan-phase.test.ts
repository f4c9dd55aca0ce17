import { describe, expect, it } from 'vitest';
import { planPhase } from '../../src/cli/plan-phase.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';
import { parsePlan } from '../../src/core/plan/index.js';

const plan = parsePlan(
  '---\nid: p\n---\n# P\n## Stage Map\n### Stage 1: A\n- depends-on: none\n- validation: `true`\n',
  {
    path: 'p.md',
  },
).plan;
if (!plan) throw new Error('fixture does not parse');
const sha = (c: string): string => c.repeat(40);
const now = new Date('2026-12-01T12:00:00.000Z');
const rows = (head: string): LedgerRow[] => [
  {
    v: 1,
    plan_id: 'p',
    stage: 1,
    status: 'started',
    run_id: 'r1',
    at: '2026-12-01T10:00:00.000Z',
    lease_until: '2026-12-01T11:00:00.000Z',
  },
  {
    v: 1,
    plan_id: 'p',
    stage: 1,
    status: 'done',
    run_id: 'r1',
    at: '2026-12-01T10:01:00.000Z',
    head_commit: head,
    completed_at: '2026-12-01T10:01:00.000Z',
    carry_path: 'plans/p/carry/stage-1.json',
    report_path: 'plans/p/reports/stage-1/r1.json',
  },
];
const verified = (head: string): LedgerRow => ({
  v: 1,
  plan_id: 'p',
  status: 'verified',
  run_id: 'f1',
  at: '2026-12-01T10:05:00.000Z',
  plan_blob: sha('e'),
  base_commit: sha('0'),
  final_head: head,
  final_branch: 'okstra/p/final',
  done_heads: { '1': head },
  report_path: 'plans/p/reports/final/f1.json',
});
const phase = (r: LedgerRow[]) => planPhase(plan, deriveLedgerState(r), now, '.okstra/plans/p.md');

describe('a plan after its stages: final verification, then the hand-off', () => {
  it('all done → final; verified → handoff; handed off → the pull request', () => {
    expect(phase(rows(sha('a')))).toEqual({ phase: 'all done', next: 'okstra final --plan .okstra/plans/p.md' });
    expect(phase([...rows(sha('a')), verified(sha('a'))])).toEqual({
      phase: 'verified',
      next: 'okstra handoff --plan .okstra/plans/p.md',
    });
    const handedOff: LedgerRow = {
      v: 1,
      plan_id: 'p',
      status: 'handed-off',
      run_id: 'h1',
      at: '2026-12-01T10:06:00.000Z',
      final_head: sha('a'),
      final_branch: 'okstra/p/final',
      mode: 'single',
      pr_number: 7,
      pr_url: 'https://github.com/o/r/pull/7',
    };
    expect(phase([...rows(sha('a')), verified(sha('a')), handedOff])).toEqual({
      phase: 'handed off (#7)',
      next: 'https://github.com/o/r/pull/7',
    });
  });

  it('a stacked hand-off names every stage pull request, the first of the stack as next', () => {
    const stacked = (n: number): LedgerRow => ({
      v: 1,
      plan_id: 'p',
      status: 'handed-off',
      run_id: 'h1',
      at: '2026-12-01T10:06:00.000Z',
      final_head: sha('a'),
      final_branch: `okstra/p/stage-${n}`,
      mode: 'stacked',
      pr_number: 10 + n,
      pr_url: `https://github.com/o/r/pull/${10 + n}`,
    });
    expect(phase([...rows(sha('a')), verified(sha('a')), stacked(1), stacked(2)])).toEqual({
      phase: 'handed off (#11, #12)',
      next: 'https://github.com/o/r/pull/11',
    });
  });

  it('a verification of other done heads is not current: the plan needs final verification again', () => {
    expect(phase([...rows(sha('b')), verified(sha('a'))])).toEqual({
      phase: 'all done',
      next: 'okstra final --plan .okstra/plans/p.md',
    });
  });
});
