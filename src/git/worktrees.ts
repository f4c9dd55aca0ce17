import { rm } from 'node:fs/promises';
import { Git } from './git.js';

/**
 * Removes the worktrees that have one of `branches` checked out. A job that
 * was killed mid-stage leaves its stage worktree registered, and git refuses
 * to check the branch out again while that registration stands; on a
 * self-hosted runner the next job in the same workspace would trip over it.
 * Returns the folders removed.
 */
export async function removeWorktreesOf(repoDir: string, branches: readonly string[]): Promise<string[]> {
  const git = new Git(repoDir);
  const wanted = new Set(branches.map((b) => `refs/heads/${b}`));
  const list = await git.ok(['worktree', 'list', '--porcelain', '-z']);
  const removed: string[] = [];
  let path: string | null = null;
  for (const field of list.split('\0')) {
    if (field.startsWith('worktree ')) path = field.slice('worktree '.length);
    else if (field.startsWith('branch ') && path !== null && wanted.has(field.slice('branch '.length))) {
      await git.run(['worktree', 'remove', '--force', '--force', path]);
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  await git.run(['worktree', 'prune']);
  return removed;
}
