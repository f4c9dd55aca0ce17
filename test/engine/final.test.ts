/**
 * Final verification and hand-off on a real repository with SCRIPTED
 * STAND-IN agents: a diamond plan (1 → 2, 3 → 4) runs to all done; a
 * stand-in final verifier rejects once with a finding on a file only stage 3
 * changed; the rejection reopens stage 3 (to fix) and stage 4 (built on it);
 * the chain re-runs 3 (a fix run) and 4 (its commits replayed onto the new
 * heads); final verification accepts; the hand-off puts the final branch at
 * the verified head. The rule for stage 4: a stage built on a reopened stage
 * is reopened too, and its next run replays its branch onto the new done
 * heads before its executor runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateFinalVerificationReport } from '../../src/core/report/validate-schema.js';
import type { FinalOutcome } from '../../src/engine/final.js';
import { checkHandoff } from '../../src/engine/handoff.js';
import {
  allLedgerRows,
  engineFor,
  finalRun,
  handOff,
  ledgerRows,
  makeProject,
  WRITES_STAGE_FILE,
  type Engine,
  type Project,
} from './helpers.js';
import { join } from 'node:path';

const FINDING = {
  severity: 'blocking',
  title: 'Stage 3 writes the wrong greeting',
  detail: 'src/stage-3.txt must say it is fixed.',
  file: 'src/stage-3.txt',
  line: 1,
};

/** Where the first final verifier records what it read, in the project's scratch folder (filled in by diamond()). */
const FINAL_RECORD = '{{FINAL_RECORD}}';

async function diamond(verifierRules: unknown[]): Promise<Project> {
  return makeProject({
    plan: 'diamond.md',
    files: { 'shared.txt': 'colour = grey\n' },
    agents: ({ scratch }) => ({
      builder: {
        stateDir: join(scratch, 'builder-calls'),
        rules: [
          {
            when: { role: 'executor', stage: 3, call: 2 },
            do: { writeFiles: { 'src/stage-3.txt': 'stage 3, fixed\n' }, final: 'Fixed stage 3.', carry: true },
          },
          { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
        ],
      },
      reviewer: {
        stateDir: join(scratch, 'reviewer-calls'),
        rules: JSON.parse(JSON.stringify(verifierRules).replaceAll(FINAL_RECORD, join(scratch, 'final.record.jsonl'))),
      },
    }),
    config: { excludeExecutorFromVerifiers: true },
  });
}

const final = finalRun;

/** A chain that must complete; otherwise the test fails with where and why it stopped. */
async function chained(engine: Engine, stages?: number[]): Promise<void> {
  const outcome = await engine.chain(stages);
  if (outcome.status !== 'complete')
    throw new Error(
      `the chain ended ${outcome.status}: ${JSON.stringify({ ...outcome, runs: outcome.runs.map((r) => r.report.verdict) })}\n${engine.log.join('\n')}`,
    );
}

function completed(outcome: FinalOutcome): Extract<FinalOutcome, { kind: 'completed' }> {
  if (outcome.kind !== 'completed') throw new Error(`final verification refused (${outcome.code}): ${outcome.reason}`);
  return outcome;
}

describe('final verification of a diamond plan', () => {
  it('rejects once (attributed to stage 3), reopens 3 and 4, re-runs them, accepts, and hands off the merge of the done heads', async () => {
    const project = await diamond([
      {
        when: { role: 'final-verifier', call: 1 },
        do: {
          verifierResult: { verdict: 'FAIL', findings: [FINDING], evidenceRead: ['src/stage-3.txt'] },
          readFiles: ['src/stage-3.txt'],
          record: FINAL_RECORD,
        },
      },
      { when: { role: 'final-verifier' }, do: { verifierResult: 'PASS' } },
      { when: { role: 'verifier' }, do: { verifierResult: 'PASS' } },
    ]);
    let engine = await engineFor(project);
    await chained(engine);

    const rejected = completed(await final(project, engine));
    expect(validateFinalVerificationReport(rejected.report)).toMatchObject({ ok: true });
    expect(rejected.report.verdict).toMatchObject({ value: 'rejected', fixStages: [3], rebuildStages: [4] });
    expect(rejected.report.findings[0]).toMatchObject({ file: 'src/stage-3.txt', stages: [3] });
    expect(rejected.report.findings[0]?.commits).toHaveLength(1);
    // The final verifier read the final head (its sealed tree is shared for reading with its agent user).
    const seen = JSON.parse(
      readFileSync(join(project.scratch, 'final.record.jsonl'), 'utf8').split('\n')[0] as string,
    ) as {
      read: Record<string, string>;
    };
    expect(seen.read['src/stage-3.txt']).toBe('stage 3 by Builder worker\n');
    expect(rejected.report.qa.map((q) => [q.stage, q.passed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ]);
    // A single sink (stage 4): the final head is its done head.
    const doneHead4 = (await ledgerRows(project)).filter((r) => r.stage === 4 && r.status === 'done').at(-1);
    expect(rejected.report.git).toMatchObject({ merged: false, finalHead: doneHead4?.head_commit });
    await engine.prepared.close();

    // The fix: stage 3 is a fix run on its branch; stage 4 replays onto the new heads.
    engine = await engineFor(project);
    const again = await engine.chain();
    expect(again.status, JSON.stringify(again)).toBe('complete');
    expect(again.runs.map((r) => r.report.stage.number)).toEqual([3, 4]);
    expect(engine.log.join('\n')).toContain('stage 4 was reopened because a stage it builds on was');

    const accepted = completed(await final(project, engine));
    expect(validateFinalVerificationReport(accepted.report)).toMatchObject({ ok: true });
    expect(accepted.report.verdict.value).toBe('accepted');
    const finalHead = accepted.report.git.finalHead;
    expect(await project.git.ok(['show', `${finalHead}:src/stage-3.txt`])).toBe('stage 3, fixed');
    for (const n of [1, 2, 3, 4])
      expect(await project.git.run(['cat-file', '-e', `${finalHead}:src/stage-${n}.txt`])).toMatchObject({
        exitCode: 0,
      });

    await handOff(engine);
    await engine.prepared.close();
    expect(await project.git.ok(['rev-parse', 'refs/heads/okstra/diamond/final'])).toBe(finalHead);
    // The final branch's tree is the done heads' merge: stage 4's done head contains 2 and 3.
    const rows = await ledgerRows(project);
    const lastDone = (n: number): string =>
      rows.filter((r) => r.stage === n && r.status === 'done').at(-1)?.head_commit as string;
    for (const n of [1, 2, 3])
      expect(await project.git.run(['merge-base', '--is-ancestor', lastDone(n), finalHead])).toMatchObject({
        exitCode: 0,
      });

    // The ledger is exactly the lifecycle.
    const lifecycle = (await allLedgerRows(project)).map((r) => ('stage' in r ? `${r.stage}:${r.status}` : r.status));
    expect(lifecycle).toEqual([
      '1:started',
      '1:done',
      '2:started',
      '2:done',
      '3:started',
      '3:done',
      '4:started',
      '4:done',
      'verification-failed',
      '3:started',
      '3:done',
      '4:started',
      '4:done',
      'verified',
      'handed-off',
    ]);
  });

  it('refuses while a stage is not done, and refuses the hand-off (naming both SHAs) once a done branch moved after verified', async () => {
    const project = await diamond([{ when: { role: 'final-verifier' }, do: { verifierResult: 'PASS' } }]);
    let engine = await engineFor(project);
    await chained(engine, [1]);
    const early = await final(project, engine);
    expect(early).toMatchObject({ kind: 'refused', code: 'not-done' });
    if (early.kind === 'refused')
      expect(early.reason).toContain('not done: stage 2 (pending), stage 3 (pending), stage 4 (pending)');
    await chained(engine);
    const accepted = completed(await final(project, engine));
    expect(accepted.report.verdict.value).toBe('accepted');
    await engine.prepared.close();

    // Someone moves stage 2's branch after the verification.
    const done2 = (await ledgerRows(project)).filter((r) => r.stage === 2 && r.status === 'done').at(-1)
      ?.head_commit as string;
    await project.git.ok(['branch', '-f', 'okstra/diamond/stage-2', `${done2}^`]);
    engine = await engineFor(project);
    const ready = await checkHandoff(
      { plan: engine.prepared.plan, planPath: engine.prepared.request.planPath },
      engine.prepared.deps,
    );
    await engine.prepared.close();
    expect(ready.kind).toBe('refused');
    if (ready.kind === 'refused') {
      const moved = await project.git.ok(['rev-parse', `${done2}^`]);
      expect(ready.reason).toContain(`stage 2's branch okstra/diamond/stage-2 is at ${moved}, verified at ${done2}`);
    }
  });
});

describe('final verification of a plan with two sinks', () => {
  const twoSinks = (): string =>
    readFileSync(join(__dirname, '..', 'fixtures', 'engine-plans', 'diamond.md'), 'utf8').replace(
      /### Stage 4[\s\S]*$/,
      '',
    );

  it('verifies one merge commit of both sinks on okstra/<plan-id>/final, and reuses it while the sinks stay', async () => {
    const project = await makeProject({
      plan: 'diamond.md',
      files: { '.okstra/plans/diamond.md': twoSinks() },
      agents: {
        builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] },
        reviewer: { rules: [{ when: { role: 'final-verifier' }, do: { verifierResult: 'PASS' } }] },
      },
      config: { excludeExecutorFromVerifiers: true },
    });
    const engine = await engineFor(project);
    await chained(engine);
    const first = completed(await final(project, engine));
    const second = completed(await final(project, engine));
    await engine.prepared.close();
    const rows = await ledgerRows(project);
    const head = (n: number): string =>
      rows.filter((r) => r.stage === n && r.status === 'done').at(-1)?.head_commit as string;
    expect(first.report.git).toMatchObject({ merged: true, finalBranch: 'okstra/diamond/final' });
    const parents = (await project.git.ok(['rev-list', '--parents', '-n', '1', first.report.git.finalHead]))
      .split(' ')
      .slice(1);
    expect(parents).toEqual([head(2), head(3)]);
    expect(second.report.git.finalHead).toBe(first.report.git.finalHead);
    expect(await project.git.ok(['rev-parse', 'refs/heads/okstra/diamond/final'])).toBe(first.report.git.finalHead);
  });

  it('verifies the merge of the sinks on okstra/<plan-id>/final; a conflict between sinks refuses with the paths and writes nothing', async () => {
    const project = await makeProject({
      plan: 'diamond.md',
      files: {
        'shared.txt': 'colour = grey\n',
        // Stage 4 dropped: stages 2 and 3 are the sinks, and both change shared.txt.
        '.okstra/plans/diamond.md': readFileSync(
          join(__dirname, '..', 'fixtures', 'engine-plans', 'diamond.md'),
          'utf8',
        ).replace(/### Stage 4[\s\S]*$/, ''),
      },
      agents: {
        builder: {
          rules: [
            {
              when: { role: 'executor', stage: 2 },
              do: { ...WRITES_STAGE_FILE, writeFiles: { 'src/stage-2.txt': 'two\n', 'shared.txt': 'colour = red\n' } },
            },
            {
              when: { role: 'executor', stage: 3 },
              do: {
                ...WRITES_STAGE_FILE,
                writeFiles: { 'src/stage-3.txt': 'three\n', 'shared.txt': 'colour = blue\n' },
              },
            },
            { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
          ],
        },
        reviewer: { rules: [{ when: { role: 'final-verifier' }, do: { verifierResult: 'PASS' } }] },
      },
      config: { excludeExecutorFromVerifiers: true },
    });
    const engine = await engineFor(project);
    await chained(engine);
    const before = await allLedgerRows(project);
    const outcome = await final(project, engine);
    await engine.prepared.close();
    expect(outcome).toMatchObject({ kind: 'refused', code: 'merge-conflict' });
    if (outcome.kind === 'refused') expect(outcome.reason).toContain('conflict in: shared.txt');
    expect(await allLedgerRows(project)).toEqual(before);
    expect(await project.git.run(['rev-parse', '--verify', 'refs/heads/okstra/diamond/final'])).toMatchObject({
      exitCode: 128,
    });
  });
});
