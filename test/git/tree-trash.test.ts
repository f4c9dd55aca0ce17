/**
 * A stage tree nobody uses any more leaves its path at once and is deleted in
 * the background: what is left on disk, what git still has registered, and
 * what an agent could have put at the path.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import { discardsSettled, discardTree, sweepStaleTrash } from '../../src/git/tree-trash.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

const trashFolders = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith('okstra-trash-'));

describe('discarding a tree', () => {
  it('moves the folder away at once and deletes it with everything in it', async () => {
    const dir = tempDir('okstra-tree-');
    // A name no other test's tree holds: other test files discard trees into the same temp folder meanwhile.
    const marker = `marker-${process.pid}-${Date.now()}`;
    mkdirSync(join(dir, marker, 'b'), { recursive: true });
    for (let i = 0; i < 50; i++) writeFileSync(join(dir, marker, 'b', `f${i}.txt`), 'x'.repeat(i));
    expect(await discardTree(dir)).toBe(true);
    // Gone from its path before the deletion has run.
    expect(existsSync(dir)).toBe(false);
    await discardsSettled();
    expect(trashFolders().filter((n) => existsSync(join(tmpdir(), n, 'tree', marker)))).toEqual([]);
  });

  it('moves a symbolic link an agent left at the path as a link: its target survives', async () => {
    const target = tempDir('okstra-target-');
    writeFileSync(join(target, 'keep.txt'), 'not okstra’s to delete\n');
    const link = join(tempDir('okstra-parent-'), 'tree');
    symlinkSync(target, link);
    expect(await discardTree(link)).toBe(true);
    await discardsSettled();
    expect(existsSync(link)).toBe(false);
    expect(existsSync(join(target, 'keep.txt'))).toBe(true);
  });

  it('says so when there is nothing to move, so the caller can fall back', async () => {
    expect(await discardTree(join(tempDir('okstra-gone-'), 'never-made'))).toBe(false);
  });
});

describe('StageWorkspace.removeWorktree', () => {
  it('unregisters the tree at once: its branch can be checked out again before the deletion ends', async () => {
    const { dir, git } = await makeRepo();
    await git.ok(['branch', 'okstra/p/stage-1']);
    const workspace = new StageWorkspace(dir);
    const first = await workspace.addBranchWorktree('okstra/p/stage-1');
    writeFileSync(join(first, 'untracked.txt'), 'left by the executor\n');
    await workspace.removeWorktree(first);
    expect(existsSync(first)).toBe(false);
    const listed = await git.ok(['worktree', 'list', '--porcelain']);
    expect(listed).not.toContain(first);
    // A registration left behind would make git refuse: the branch would still be "checked out" in the old tree.
    const second = await workspace.addBranchWorktree('okstra/p/stage-1');
    expect(existsSync(join(second, '.git'))).toBe(true);
    await workspace.removeWorktree(second);
    await workspace.close();
    await discardsSettled();
    expect(await git.ok(['worktree', 'list', '--porcelain'])).not.toContain(second);
  });
});

describe('trash an earlier process left', () => {
  it('is deleted once it has been left alone for the given time; a newer one is left to its own deletion', async () => {
    const stale = mkdtempSync(join(tmpdir(), 'okstra-trash-'));
    mkdirSync(join(stale, 'tree', 'src'), { recursive: true });
    writeFileSync(join(stale, 'tree', 'src', 'a.ts'), 'left when the rm was killed\n');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, hourAgo, hourAgo);
    const fresh = mkdtempSync(join(tmpdir(), 'okstra-trash-'));
    try {
      const swept = await sweepStaleTrash(60_000);
      await discardsSettled();
      expect(swept).toContain(stale);
      expect(swept).not.toContain(fresh);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
