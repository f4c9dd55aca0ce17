import { describe, expect, it } from 'vitest';
import { finalReportPath, finalVerdictRow, reportDoneHeads, reportHeader } from '../../src/core/final/record.js';
import type { DoneRow, LedgerState } from '../../src/core/ledger/index.js';
import { parsePlan } from '../../src/core/plan/index.js';

const PLAN = ['# Demo', '', '## Stage Map', '', '### Stage 1: One', '', '- **Depends-on:** none', ''].join('\n');
const plan = {
  ...(parsePlan(PLAN, { path: '.okstra/plans/demo.md' }).plan as NonNullable<ReturnType<typeof parsePlan>['plan']>),
  id: 'demo',
};
const done = new Map([
  [1, { head_commit: 'h'.repeat(40), branch: null, report_path: 'plans/demo/reports/1.json' } as unknown as DoneRow],
]);
const input = {
  plan,
  planPath: '.okstra/plans/demo.md',
  planBlob: 'b'.repeat(40),
  runId: 'run-1',
  runUrl: null,
  trigger: { kind: 'cli' as const, actor: 'ann', url: null },
  startedAt: new Date('2026-01-01T00:00:00Z'),
  finishedAt: new Date('2026-01-01T00:01:00Z'),
  baseCommit: 'a'.repeat(40),
  finalHead: 'h'.repeat(40),
  finalBranch: 'okstra/demo/final',
  stages: [1],
  done,
  sinks: [1],
};

describe('what a final verification records', () => {
  it('writes verified for an accepted verdict, with every done head and the report path', () => {
    const row = finalVerdictRow({
      ...input,
      verdict: { value: 'accepted', reasons: [], fixStages: [], rebuildStages: [] },
    });
    expect(row).toEqual({
      v: 1,
      plan_id: 'demo',
      run_id: 'run-1',
      at: '2026-01-01T00:01:00.000Z',
      actor: 'ann',
      plan_blob: 'b'.repeat(40),
      base_commit: 'a'.repeat(40),
      final_head: 'h'.repeat(40),
      final_branch: 'okstra/demo/final',
      done_heads: { '1': 'h'.repeat(40) },
      report_path: finalReportPath('demo', 'run-1', 'json'),
      status: 'verified',
    });
    expect(Object.keys(row).at(-1)).toBe('status');
  });

  it('names the stages to fix and rebuild when rejected', () => {
    const verdict = { value: 'rejected' as const, reasons: ['x'], fixStages: [1], rebuildStages: [] };
    expect(finalVerdictRow({ ...input, verdict })).toMatchObject({
      status: 'verification-failed',
      fix_stages: [1],
      rebuild_stages: [],
    });
  });

  it('lists done heads with a default branch and the attempts the ledger counted', () => {
    const state = { stages: new Map([[1, { attempts: 2 }]]) } as unknown as LedgerState;
    expect(reportDoneHeads(input, state)).toEqual([
      {
        stage: 1,
        title: 'One',
        head: 'h'.repeat(40),
        branch: 'okstra/demo/stage-1',
        attempts: 2,
        reportPath: 'plans/demo/reports/1.json',
      },
    ]);
    expect(
      reportHeader({ ...input, verdict: { value: 'accepted', reasons: [], fixStages: [], rebuildStages: [] } }).run
        .durationMs,
    ).toBe(60_000);
  });
});
