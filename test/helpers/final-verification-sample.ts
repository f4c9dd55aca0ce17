import type { FinalVerificationReport } from '../../src/core/report/schema/final-verification-report.js';

const sha = (c: string): string => c.repeat(40);

/** A rejected final verification of a two-stage plan, every optional part present: a schema test sample. */
export function finalVerificationSample(): FinalVerificationReport {
  const doneHeads = { '1': sha('a'), '2': sha('b') };
  return {
    schema: 'okstra/final-verification-report',
    version: 1,
    plan: { id: 'demo', title: 'Demo', path: '.okstra/plans/demo.md', blob: sha('e') },
    run: {
      id: 'final-1',
      startedAt: '2026-12-01T12:00:00.000Z',
      finishedAt: '2026-12-01T12:01:00.000Z',
      durationMs: 60_000,
      trigger: { kind: 'cli', actor: 'alice', url: null },
      url: null,
    },
    git: {
      baseCommit: sha('0'),
      finalHead: sha('b'),
      finalBranch: 'okstra/demo/stage-2',
      merged: false,
      doneHeads: [
        {
          stage: 1,
          title: 'One',
          head: sha('a'),
          branch: 'okstra/demo/stage-1',
          attempts: 1,
          reportPath: 'plans/demo/reports/stage-1/r1.json',
        },
        { stage: 2, title: 'Two', head: sha('b'), branch: 'okstra/demo/stage-2', attempts: 2, reportPath: null },
      ],
      diffStat: { filesChanged: 2, insertions: 10, deletions: 1 },
      changedFiles: ['src/a.ts', 'src/b.ts'],
    },
    verdict: {
      value: 'rejected',
      reasons: ['Reviewer worker answered FAIL with 1 blocking finding'],
      fixStages: [1],
      rebuildStages: [2],
    },
    qa: [
      {
        source: 'plan',
        label: 'stage 1',
        cmd: 'npm test',
        exitCode: 0,
        durationMs: 5,
        outputTail: 'ok',
        passed: true,
        stage: 1,
      },
      {
        source: 'config',
        label: 'lint',
        cmd: 'npm run lint',
        exitCode: 1,
        durationMs: 5,
        outputTail: 'x',
        passed: false,
        stage: null,
      },
    ],
    verifiers: [
      {
        worker: 'Reviewer worker',
        status: 'done',
        verdict: 'FAIL',
        findings: ['F1'],
        evidenceRead: ['src/a.ts'],
        usage: { inputTokens: 10, outputTokens: 5, costUsd: null },
        durationMs: 100,
      },
    ],
    findings: [
      {
        id: 'F1',
        severity: 'blocking',
        title: 'a breaks b',
        detail: 'd',
        file: 'src/a.ts',
        line: 3,
        endLine: null,
        raisedBy: 'Reviewer worker',
        confirmedBy: [],
        refutedBy: [],
        disposition: 'standing',
        stages: [1],
        commits: [sha('a')],
      },
    ],
    usage: {
      workers: [{ worker: 'Reviewer worker', inputTokens: 10, outputTokens: 5, costUsd: null }],
      total: { inputTokens: 10, outputTokens: 5, costUsd: null },
      metered: 'self-reported',
    },
    isolation: { mode: 'none', detail: 'agents ran as okstra itself' },
    ledgerRow: {
      v: 1,
      plan_id: 'demo',
      status: 'verification-failed',
      run_id: 'final-1',
      at: '2026-12-01T12:01:00.000Z',
      plan_blob: sha('e'),
      base_commit: sha('0'),
      final_head: sha('b'),
      final_branch: 'okstra/demo/stage-2',
      done_heads: doneHeads,
      report_path: 'plans/demo/reports/final/final-1.json',
      fix_stages: [1],
      rebuild_stages: [2],
    },
    roster: [{ name: 'Reviewer worker', provider: 'command', model: null }],
  };
}
