/**
 * Fix runs continue their branch: a fix run re-enters the failed stage's
 * preserved branch on the base its failed run recorded, whatever `main` has
 * done since; `rebase: true` (`okstra run --rebase`) replays the branch onto
 * the current base and says so. Real repositories, real stand-in agents.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCheckRun } from '../../src/core/report/index.js';
import { runStage } from '../../src/engine/run-stage.js';
import type { StageOutcome } from '../../src/engine/types.js';
import {
  completed,
  engineFor,
  executorOnly,
  isAncestor,
  LEDGER_BRANCH,
  ledgerRows,
  makeProject,
  newRunId,
  resolve,
  stageBranch,
  type Engine,
  type Project,
  WRITES_STAGE_FILE,
  refused,
} from './helpers.js';

const BLOCKING = {
  severity: 'blocking',
  title: 'The stage file is wrong',
  detail: 'It says the wrong thing.',
  file: 'src/stage-1.txt',
  line: 1,
};
const REVIEWER_FAILS = {
  rules: [
    {
      when: { role: 'verifier' },
      do: { verifierResult: { verdict: 'FAIL', findings: [BLOCKING], evidenceRead: ['src/stage-1.txt'] } },
    },
  ],
};
const FIXES = executorOnly({
  writeFiles: { 'src/stage-1.txt': 'stage 1, fixed\n' },
  final: 'Fixed the finding.',
  carry: true,
});

/** `main` moves on in the user's checkout: another commit touching `path`. */
async function moveMain(p: Project, path: string, content: string): Promise<string> {
  mkdirSync(dirname(join(p.dir, path)), { recursive: true });
  writeFileSync(join(p.dir, path), content);
  await p.git.ok(['add', '--', path]);
  await p.git.ok(['commit', '--quiet', '-m', `main moves: ${path}`]);
  return (await resolve(p, 'main')) as string;
}

const runWith = (
  engine: Engine,
  stage: number,
  extra: { rebase?: boolean; rebaseHint?: (stage: number) => string },
): Promise<StageOutcome> =>
  runStage({ ...engine.prepared.request, stage, runId: newRunId(stage), ...extra }, engine.prepared.deps);

/** Stage 1 failed once (a blocking finding) on the first `main`; then `main` moved. */
async function failedThenMainMoved(path = 'README.md', content = 'main moved on\n') {
  const p = await makeProject({
    plan: 'linear.md',
    agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: REVIEWER_FAILS },
  });
  const engine = await engineFor(p);
  const first = completed(await engine.run(1));
  expect(first.report.verdict.value).toBe('FAIL');
  const movedMain = await moveMain(p, path, content);
  expect(movedMain).not.toBe(first.report.git.baseCommit);
  p.script('builder', FIXES);
  p.script('reviewer', {});
  return { p, engine, first, movedMain };
}

describe('a fix run after main moved', () => {
  it('passes on the preserved branch, on the base its failed run recorded, and says main has moved', async () => {
    const { p, engine, first, movedMain } = await failedThenMainMoved();
    const fix = completed(await engine.run(1));

    expect(fix.report.verdict).toMatchObject({ value: 'PASS', runStatus: 'passed' });
    expect(fix.report.git).toMatchObject({ reusedBranch: true, baseCommit: first.report.git.baseCommit });
    expect(await isAncestor(p, first.report.git.headCommit, fix.report.git.headCommit)).toBe(true);
    expect(await isAncestor(p, movedMain, fix.report.git.headCommit)).toBe(false);
    const note = engine.log.find((l) => l.includes('continues'));
    expect(note).toContain(`on the base its failed run recorded, ${first.report.git.baseCommit.slice(0, 12)}`);
    expect(note).toContain(`is at ${movedMain.slice(0, 12)} now`);
    expect(note).toContain('--rebase');
    const rows = (await ledgerRows(p)).filter((r) => r.run_id === fix.report.run.id);
    expect(rows.map((r) => [r.status, r.base_commit])).toEqual([
      ['started', first.report.git.baseCommit],
      ['done', first.report.git.baseCommit],
    ]);
  });

  it("names the shell's way to ask for a rebase (on GitHub the comment command), not the CLI's flag, when the shell gives one", async () => {
    const { engine } = await failedThenMainMoved();
    const hint = (n: number): string => `\`/okstra retry ${n} --rebase\``;
    completed(await runWith(engine, 1, { rebaseHint: hint }));
    const note = engine.log.find((l) => l.includes('continues'));
    expect(note).toContain('`/okstra retry 1 --rebase` would move the branch onto it');
    expect(note).not.toContain('okstra run --plan');
  });

  it('with rebase: replays the branch onto the moved main, says what it did, and passes there', async () => {
    const { p, engine, first, movedMain } = await failedThenMainMoved();
    const fix = completed(await runWith(engine, 1, { rebase: true }));

    expect(fix.report.verdict).toMatchObject({ value: 'PASS', runStatus: 'passed' });
    expect(fix.report.git).toMatchObject({
      reusedBranch: true,
      baseCommit: movedMain,
      changedFiles: ['src/stage-1.txt'],
    });
    expect(await isAncestor(p, movedMain, fix.report.git.headCommit)).toBe(true);
    // The failed attempt's commit was replayed, not kept: the old tip is no ancestor of the new head.
    expect(await isAncestor(p, first.report.git.headCommit, fix.report.git.headCommit)).toBe(false);
    expect(await resolve(p, stageBranch(p, 1))).toBe(fix.report.git.headCommit);
    const note = engine.log.find((l) => l.includes('--rebase: moving'));
    expect(note).toContain(
      `from its recorded base ${first.report.git.baseCommit.slice(0, 12)} onto ${movedMain.slice(0, 12)}`,
    );
    expect(note).toContain('1 commit replayed');
    expect(note).toContain(`tip ${first.report.git.headCommit.slice(0, 12)}`);
    const started = (await ledgerRows(p)).find((r) => r.run_id === fix.report.run.id && r.status === 'started');
    expect(started?.base_commit).toBe(movedMain);
  });

  it('with rebase onto a main that conflicts: refused before anything is written, the branch untouched', async () => {
    const { p, engine, first } = await failedThenMainMoved('src/stage-1.txt', 'main wrote this first\n');
    const ledgerBefore = await resolve(p, LEDGER_BRANCH);
    const outcome = refused(await runWith(engine, 1, { rebase: true }));

    expect(outcome.code).toBe('merge-conflict');
    expect(outcome.reason).toContain(
      `its commit ${first.report.git.headCommit.slice(0, 12)} conflicts in src/stage-1.txt`,
    );
    expect(outcome.reason).toContain('run without --rebase');
    expect(await resolve(p, stageBranch(p, 1))).toBe(first.report.git.headCommit);
    expect(await resolve(p, LEDGER_BRANCH)).toBe(ledgerBefore);
    // Without --rebase the same fix run continues on the recorded base.
    expect(completed(await engine.run(1)).report.git.baseCommit).toBe(first.report.git.baseCommit);
  });

  it('with rebase when the branch already holds the current base: nothing moves, and it says so', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: REVIEWER_FAILS },
    });
    const engine = await engineFor(p);
    const first = completed(await engine.run(1));
    p.script('builder', FIXES);
    p.script('reviewer', {});
    const fix = completed(await runWith(engine, 1, { rebase: true }));
    expect(fix.report.git.baseCommit).toBe(first.report.git.baseCommit);
    expect(await isAncestor(p, first.report.git.headCommit, fix.report.git.headCommit)).toBe(true);
    expect(
      engine.log.some((l) => l.includes("already contains the stage's current base") && l.includes('nothing to move')),
    ).toBe(true);
  });
});

describe('rebase without a failed run to move', () => {
  it('is refused for a stage never run, naming why and leaving no trace', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const engine = await engineFor(p);
    const outcome = refused(await runWith(engine, 1, { rebase: true }));
    expect(outcome.code).toBe('nothing-to-rebase');
    expect(outcome.reason).toContain(`stage 1 has no branch ${stageBranch(p, 1)} to move yet`);
    expect(outcome.reason).toContain('without --rebase');
    expect(await resolve(p, LEDGER_BRANCH)).toBeNull();
    expect(await resolve(p, stageBranch(p, 1))).toBeNull();
  });
});

describe('a failed worker gives its reason where the person looks', () => {
  it('a missing agent script: Node\'s "Cannot find module" line in the report, the check summary and the failed row\'s detail', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: {}, reviewer: {} },
      config: { providers: { builder: { command: `${process.execPath} tools/nope.mjs` } } },
    });
    const engine = await engineFor(p);
    const run = completed(await engine.run(1));

    expect(run.report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'error' });
    const reason = run.report.executor.failure?.reason ?? '';
    expect(reason).toMatch(/exited with code 1: Error: Cannot find module '.*tools\/nope\.mjs'/);
    expect(reason).not.toMatch(/Node\.js v\d/);

    const summary = renderCheckRun(run.report).summary;
    expect(summary).toContain('Workers without a result (1)');
    expect(summary).toContain('Cannot find module');
    // Right under the headline, before the verdict's reasons.
    expect(summary.indexOf('Cannot find module')).toBeLessThan(summary.indexOf('**Why:**'));

    const row = (await ledgerRows(p)).find((r) => r.run_id === run.report.run.id && r.status === 'failed');
    expect(row?.status === 'failed' ? row.detail : undefined).toMatch(
      /^Builder worker \(executor\) error: `.*tools\/nope\.mjs` exited with code 1: Error: Cannot find module/,
    );
    expect(row?.status === 'failed' ? (row.detail ?? '').length : 0).toBeLessThanOrEqual(300);
  });
});
