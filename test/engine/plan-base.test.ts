/**
 * Where a stage on the plan's base starts: the ref the plan's `base:` names
 * (resolved with the stage branch in one git call), and a clear refusal,
 * before anything is written, when it names no commit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  completed,
  engineFor,
  executorOnly,
  ENGINE_PLANS,
  ledgerRows,
  makeProject,
  WRITES_STAGE_FILE,
  type Project,
} from './helpers.js';

/** The linear fixture with `base: <ref>` in its front matter. */
async function projectOnBase(ref: string): Promise<Project> {
  const plan = readFileSync(join(ENGINE_PLANS, 'linear.md'), 'utf8').replace(
    /^id: linear$/m,
    `id: linear\nbase: ${ref}`,
  );
  return makeProject({
    plan: 'linear.md',
    agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    files: { '.okstra/plans/linear.md': plan },
  });
}

describe("a stage on the plan's base", () => {
  it('starts from the commit the base ref names, not from HEAD', async () => {
    const project = await projectOnBase('release');
    const planCommit = await project.git.ok(['rev-parse', 'HEAD']);
    await project.git.ok(['branch', 'release']);
    // main moves on; the plan's base stays where release is.
    await project.git.ok(['commit', '--quiet', '--allow-empty', '-m', 'later work on main']);
    const engine = await engineFor(project);
    const outcome = completed(await engine.run(1));
    expect(outcome.report.git.baseCommit).toBe(planCommit);
    expect(outcome.report.verdict.value).toBe('PASS');
  });

  it('is refused with the ref and what to fix when the base names no commit, and nothing is written', async () => {
    const project = await projectOnBase('no-such-branch');
    const engine = await engineFor(project);
    const outcome = await engine.run(1);
    expect(outcome).toMatchObject({ kind: 'refused', code: 'bad-base' });
    if (outcome.kind === 'refused') expect(outcome.reason).toMatch(/"no-such-branch" is not a commit.*`base:`/);
    expect(await ledgerRows(project)).toEqual([]);
    expect(
      await project.git.run(['rev-parse', '--verify', '--quiet', 'refs/heads/okstra/linear/stage-1']),
    ).toMatchObject({
      exitCode: 1,
    });
  });
});
