import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeWorktreesOf, removeWorktreesOfDeadRun } from '../../src/git/worktrees.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

const BRANCH = 'okstra/p/stage-1';

async function repoWithWorktrees(): Promise<{
  dir: string;
  head: string;
  stage: string;
  verify: string;
  other: string;
  personal: string;
  git: Awaited<ReturnType<typeof makeRepo>>['git'];
}> {
  const { dir, git } = await makeRepo();
  const head = await git.ok(['rev-parse', 'HEAD']);
  await git.ok(['branch', BRANCH]);
  const stage = mkdtempSync(join(tmpdir(), 'okstra-stage-'));
  await git.ok(['worktree', 'add', '--quiet', stage, BRANCH]);
  const verify = mkdtempSync(join(tmpdir(), 'okstra-verify-'));
  await git.ok(['worktree', 'add', '--quiet', '--detach', verify, head]);
  // A detached okstra tree at another commit belongs to some other run.
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'later']);
  const other = mkdtempSync(join(tmpdir(), 'okstra-verify-'));
  await git.ok(['worktree', 'add', '--quiet', '--detach', other, 'HEAD']);
  const personal = join(tempDir('mine-'), 'detached-at-head');
  await git.ok(['worktree', 'add', '--quiet', '--detach', personal, head]);
  return { dir, head, stage, verify, other, personal, git };
}

describe('worktrees a dead run left', () => {
  it("removes okstra's stage worktree of the branch and its detached trees at the dead run's head, nothing else", async () => {
    const r = await repoWithWorktrees();
    const removed = await removeWorktreesOfDeadRun(r.dir, BRANCH, [r.head]);
    expect(removed.sort()).toEqual([r.stage, r.verify].sort());
    expect(existsSync(r.stage) || existsSync(r.verify)).toBe(false);
    for (const kept of [r.dir, r.other, r.personal]) expect(existsSync(kept), kept).toBe(true);
    const list = await r.git.ok(['worktree', 'list', '--porcelain']);
    expect(list).toContain(r.other);
    expect(list).toContain(r.personal);
  });

  it("never removes a person's own worktree of the stage branch, nor the main worktree even when it has the branch checked out", async () => {
    const { dir, git } = await makeRepo();
    await git.ok(['checkout', '--quiet', '-b', BRANCH]);
    expect(await removeWorktreesOfDeadRun(dir, BRANCH, [])).toEqual([]);
    expect(await removeWorktreesOf(dir, [BRANCH])).toEqual([]);
    expect(existsSync(join(dir, 'README.md'))).toBe(true);
    await git.ok(['checkout', '--quiet', 'main']);
    const mine = join(tempDir('mine-'), 'wt');
    await git.ok(['worktree', 'add', '--quiet', mine, BRANCH]);
    expect(await removeWorktreesOfDeadRun(dir, BRANCH, [])).toEqual([]);
    expect(existsSync(mine)).toBe(true);
  });

  it('a repository with no extra worktree: nothing to remove', async () => {
    const { dir } = await makeRepo();
    expect(await removeWorktreesOfDeadRun(dir, BRANCH, ['0'.repeat(40)])).toEqual([]);
  });
});
