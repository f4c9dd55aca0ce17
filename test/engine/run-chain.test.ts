/**
 * runChain end to end over the diamond plan (1 → 2, 3 → 4): real repository,
 * the engine wired as `okstra chain` wires it, scripted stand-in agents.
 */
import { describe, expect, it } from 'vitest';
import type { StageCompleted } from '../../src/engine/types.js';
import {
  conflictingDiamond,
  engineFor,
  eventually,
  LEDGER_BRANCH,
  ledgerRows,
  makeProject,
  newRunId,
  resolve,
  show,
  stageBranch,
  WRITES_STAGE_FILE,
  executorOnly,
} from './helpers.js';

/** The reviewer fails stage 2 with one blocking finding and passes everything else. */
const FAILS_STAGE_2 = {
  rules: [
    {
      when: { role: 'verifier', stage: 2 },
      do: {
        verifierResult: {
          verdict: 'FAIL',
          findings: [
            { severity: 'blocking', title: 'Stage 2 misses the header row', file: 'src/stage-2.txt', line: 1 },
          ],
          evidenceRead: ['src/stage-2.txt'],
        },
      },
    },
  ],
};

const stagesOf = (runs: readonly StageCompleted[]): number[] => runs.map((r) => r.report.stage.number);

describe('runChain', () => {
  it('runs the whole diamond in topological order; every report names the stages still queued after it', async () => {
    const p = await makeProject({
      plan: 'diamond.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const engine = await engineFor(p);

    const outcome = await engine.chain();
    expect(outcome).toMatchObject({ status: 'complete', queue: [1, 2, 3, 4], remainingQueue: [] });
    expect(stagesOf(outcome.runs)).toEqual([1, 2, 3, 4]);
    expect(outcome.runs.map((r) => r.report.verdict.value)).toEqual(['PASS', 'PASS', 'PASS', 'PASS']);
    expect(outcome.runs.map((r) => r.report.remainingQueue)).toEqual([[2, 3, 4], [3, 4], [4], []]);
    expect(outcome.runs.map((r) => r.report.errors)).toEqual([[], [], [], []]);

    const rows = await ledgerRows(p);
    expect(rows.map((r) => `${r.stage}:${r.status}`)).toEqual([
      '1:started',
      '1:done',
      '2:started',
      '2:done',
      '3:started',
      '3:done',
      '4:started',
      '4:done',
    ]);
    for (const n of [1, 2, 3, 4])
      expect(await resolve(p, stageBranch(p, n))).toBe(
        rows.find((r) => r.stage === n && r.status === 'done')?.head_commit,
      );

    // Nothing left to do: a second chain runs nothing.
    expect(await engine.chain()).toMatchObject({ status: 'complete', queue: [], runs: [] });
  });

  it('stops at the first FAIL with the failed stage, its report and the remaining queue', async () => {
    const p = await makeProject({
      plan: 'diamond.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: FAILS_STAGE_2 },
    });
    const engine = await engineFor(p);

    const outcome = await engine.chain();
    expect(outcome.status).toBe('failed');
    if (outcome.status !== 'failed') return;
    expect(outcome.stage).toBe(2);
    expect(outcome.queue).toEqual([1, 2, 3, 4]);
    expect(outcome.remainingQueue).toEqual([3, 4]);
    expect(stagesOf(outcome.runs)).toEqual([1, 2]);

    const failed = outcome.runs[1] as StageCompleted;
    expect(failed.report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(outcome.reportPath).toBe(failed.reportPath);
    expect(outcome.reportPath).toBe(`plans/${p.planId}/reports/stage-2/${failed.report.run.id}.json`);
    expect(failed.report.remainingQueue).toEqual([3, 4]);
    const written = JSON.parse((await show(p, LEDGER_BRANCH, outcome.reportPath)) as string) as {
      verdict: { value: string };
      findings: Array<{ title: string }>;
    };
    expect(written.verdict.value).toBe('FAIL');
    expect(written.findings.map((f) => f.title)).toEqual(['Stage 2 misses the header row']);

    // Stage 3 does not depend on stage 2, but the chain stopped: nothing ran after the FAIL.
    const rows = await ledgerRows(p);
    expect(rows.map((r) => `${r.stage}:${r.status}`)).toEqual(['1:started', '1:done', '2:started', '2:failed']);
    expect(rows[3]).toMatchObject({ reason: 'verdict-fail', report_path: outcome.reportPath });
    expect(await resolve(p, stageBranch(p, 3))).toBeNull();
  });

  it('after a fix, the next chain re-enters the failed stage and finishes the plan', async () => {
    const p = await makeProject({
      plan: 'diamond.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: FAILS_STAGE_2 },
    });
    const engine = await engineFor(p);
    const stopped = await engine.chain();
    expect(stopped).toMatchObject({ status: 'failed', stage: 2 });

    p.script(
      'builder',
      executorOnly({
        ...WRITES_STAGE_FILE,
        writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage {{STAGE}}, with a header row\n' },
      }),
    );
    p.script('reviewer', {});
    const resumed = await engine.chain();
    expect(resumed).toMatchObject({ status: 'complete', queue: [2, 3, 4], remainingQueue: [] });
    expect(stagesOf(resumed.runs)).toEqual([2, 3, 4]);
    const fix = resumed.runs[0] as StageCompleted;
    expect(fix.report.run.attempt).toBe(2);
    expect(fix.report.git.reusedBranch).toBe(true);
    expect(fix.report.verdict.value).toBe('PASS');
  });

  it('a stage held by another run ends the chain as not ready yet, not as a failure', async () => {
    const p = await makeProject({
      plan: 'diamond.md',
      config: { timeouts: { executorMinutes: 0.05 } },
      agents: ({ recordFile }) => ({
        builder: executorOnly({ record: recordFile('executor'), hang: true }),
        reviewer: {},
      }),
    });
    const holder = newRunId(1);
    const held = (await engineFor(p)).run(1, holder);
    expect(await eventually(() => p.records('executor').length > 0)).toBe(true);

    const tip = await resolve(p, LEDGER_BRANCH);
    const outcome = await (await engineFor(p)).chain();
    expect(outcome.status).toBe('not-ready');
    if (outcome.status !== 'not-ready') return;
    expect(outcome.stage).toBe(1);
    expect(outcome.reason).toContain(`stage 1 is in progress by run ${holder}`);
    expect(outcome.runs).toEqual([]);
    expect(outcome.remainingQueue).toEqual([1, 2, 3, 4]);
    expect(await resolve(p, LEDGER_BRANCH)).toBe(tip);

    const finished = await held;
    expect(finished.kind).toBe('completed');
  });

  it('a merge conflict ahead refuses the chain at the join stage, after the stages before it are done', async () => {
    const p = await makeProject(conflictingDiamond());
    const outcome = await (await engineFor(p)).chain();
    expect(outcome.status).toBe('refused');
    if (outcome.status !== 'refused') return;
    expect(outcome.stage).toBe(4);
    expect(outcome.reason).toContain('shared.txt');
    expect(stagesOf(outcome.runs)).toEqual([1, 2, 3]);
    expect(outcome.remainingQueue).toEqual([4]);
    expect((await ledgerRows(p)).filter((r) => r.stage === 4)).toEqual([]);
  });
});
