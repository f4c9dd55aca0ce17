import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discardsSettled } from '../../src/git/tree-trash.js';
import { layersAvailable } from '../../src/workspace/layer-mounts.js';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import {
  HALF_MADE_AGE_MS,
  mayHaveWorktrees,
  removeWorktreesOf,
  removeWorktreesOfDeadRun,
} from '../../src/workspace/worktrees.js';
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

describe('whether a repository may have worktrees (asked of its .git folder, not of git)', () => {
  it('no: a clone whose .git folder registers none, also once the last one is gone', async () => {
    const { dir, git } = await makeRepo();
    expect(await mayHaveWorktrees(dir)).toBe(false);
    const tree = mkdtempSync(join(tmpdir(), 'okstra-stage-'));
    await git.ok(['worktree', 'add', '--quiet', '--detach', tree]);
    expect(await mayHaveWorktrees(dir)).toBe(true);
    await git.ok(['worktree', 'remove', '--force', tree]);
    expect(await mayHaveWorktrees(dir)).toBe(false);
  });

  it('maybe, and git is asked, whenever the folder cannot tell: a registration whose tree was deleted by hand, a .git that is a file', async () => {
    const r = await repoWithWorktrees();
    rmSync(r.stage, { recursive: true, force: true });
    expect(await mayHaveWorktrees(r.dir)).toBe(true);
    // A linked worktree as the repository: its .git is a pointer file, and git knows its siblings.
    expect(await mayHaveWorktrees(r.personal)).toBe(true);
    // Both of the dead run's: the one deleted by hand is still registered, and git still lists it.
    expect(await removeWorktreesOfDeadRun(r.personal, BRANCH, [r.head])).toEqual([r.stage, r.verify]);
  });
});

/**
 * The state a `worktree add` killed with SIGKILL between creating `commondir`
 * and writing it leaves (git holds no handler for SIGKILL): the admin folder
 * locked "initializing", its gitdir written, its commondir empty, `ageMs` ago.
 */
async function halfMadeRegistration(
  r: { dir: string; git: Awaited<ReturnType<typeof makeRepo>>['git'] },
  tree: string,
  ageMs: number,
): Promise<string> {
  await r.git.ok(['worktree', 'add', '--quiet', '--no-checkout', '--detach', tree, 'HEAD']);
  const admin = join(r.dir, '.git', 'worktrees', basename(tree));
  writeFileSync(join(admin, 'locked'), 'initializing\n');
  writeFileSync(join(admin, 'commondir'), '');
  const then = new Date(Date.now() - ageMs);
  utimesSync(join(admin, 'commondir'), then, then);
  return admin;
}

describe('a registration a killed `worktree add` left half made', () => {
  it("of okstra's: removed when git dies on it, so the next run's takeover and its own add go on", async () => {
    const r = await makeRepo();
    await r.git.ok(['branch', BRANCH]);
    const tree = mkdtempSync(join(tmpdir(), 'okstra-tree-'));
    const admin = await halfMadeRegistration(r, tree, HALF_MADE_AGE_MS + 1_000);
    // The state is the one that stops git: every listing of worktrees dies on it.
    expect((await r.git.run(['worktree', 'list'])).stderr).toMatch(/failed to read .*commondir/);

    expect(await removeWorktreesOfDeadRun(r.dir, BRANCH, [])).toEqual([]);
    expect(existsSync(admin) || existsSync(tree)).toBe(false);
    expect((await r.git.run(['worktree', 'list'])).exitCode).toBe(0);

    // The same state met by the stage workspace's own `worktree add`.
    const again = mkdtempSync(join(tmpdir(), 'okstra-tree-'));
    const second = await halfMadeRegistration(r, again, HALF_MADE_AGE_MS + 1_000);
    const ws = new StageWorkspace(r.dir);
    const made = await ws.addBranchWorktree(BRANCH);
    expect(existsSync(second) || existsSync(again)).toBe(false);
    expect(await r.git.ok(['worktree', 'list', '--porcelain'])).toContain(`worktree ${made}`);
    await ws.close();
  });

  it('one just made is given until it is two seconds old: an add still running finishes and keeps it; one that stays empty goes', async () => {
    const r = await makeRepo();
    const tree = mkdtempSync(join(tmpdir(), 'okstra-tree-'));
    const admin = await halfMadeRegistration(r, tree, 0);
    // The add that is still running writes the line a moment later.
    const writing = setTimeout(() => writeFileSync(join(admin, 'commondir'), '../..\n'), 300);
    await removeWorktreesOfDeadRun(r.dir, BRANCH, []);
    clearTimeout(writing);
    expect(existsSync(admin) && existsSync(tree)).toBe(true);
    expect(await r.git.ok(['worktree', 'list', '--porcelain'])).toContain(`worktree ${tree}`);

    const dead = mkdtempSync(join(tmpdir(), 'okstra-tree-'));
    const deadAdmin = await halfMadeRegistration(r, dead, 0);
    const removing = removeWorktreesOfDeadRun(r.dir, BRANCH, []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(deadAdmin), 'not deleted while it is young').toBe(true);
    await removing;
    expect(existsSync(deadAdmin) || existsSync(dead)).toBe(false);
  });

  it("a person's own is never removed, however old: the error names it", async () => {
    const r = await makeRepo();
    const tree = join(tempDir('mine-'), 'wt');
    const admin = await halfMadeRegistration(r, tree, 60_000);
    await expect(removeWorktreesOf(r.dir, [BRANCH])).rejects.toThrow(`the registration ${admin} is half made`);
    await expect(new StageWorkspace(r.dir).addDetachedWorktree('HEAD')).rejects.toThrow(
      `the registration ${admin} is half made`,
    );
    expect(existsSync(admin) && existsSync(tree)).toBe(true);
  });
});

describe('closing the stage workspace', () => {
  for (const mode of ['checkout', 'layered'] as const) {
    it(`removes the ${mode} trees a caller never gave back: no registration, no folder, no mount left`, async (ctx) => {
      if (mode === 'layered' && !(await layersAvailable())) ctx.skip();
      const r = await makeRepo();
      await r.git.ok(['branch', BRANCH]);
      const ws = new StageWorkspace(r.dir, { stageTrees: mode });
      const stage = await ws.addBranchWorktree(BRANCH);
      const review = await ws.addDetachedWorktree(await r.git.ok(['rev-parse', 'HEAD']));
      await ws.close();
      // A layered tree is unmounted and deleted by a detached process, off the stage's path; the test waits for it.
      await discardsSettled();
      const listed = await r.git.ok(['worktree', 'list', '--porcelain']);
      const mounts = readFileSync('/proc/self/mounts', 'utf8');
      for (const tree of [stage, review]) {
        expect(listed).not.toContain(tree);
        expect(existsSync(tree)).toBe(false);
        expect(mounts).not.toContain(` ${tree} `);
      }
    });
  }
});
