import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { unmountStale } from '../sandbox/tree-layers.js';
import { Git } from './git.js';

interface ListedWorktree {
  path: string;
  head: string | null;
  /** `refs/heads/…`, or null for a detached worktree. */
  branch: string | null;
}

/** `git worktree list --porcelain -z`: records of NUL-terminated fields, separated by an empty field. */
async function listWorktrees(git: Git): Promise<ListedWorktree[]> {
  const out: ListedWorktree[] = [];
  let current: ListedWorktree | null = null;
  for (const field of (await git.ok(['worktree', 'list', '--porcelain', '-z'])).split('\0')) {
    if (field.startsWith('worktree ')) {
      current = { path: field.slice('worktree '.length), head: null, branch: null };
      out.push(current);
    } else if (current && field.startsWith('HEAD ')) current.head = field.slice('HEAD '.length);
    else if (current && field.startsWith('branch ')) current.branch = field.slice('branch '.length);
  }
  return out;
}

async function removeAll(git: Git, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  for (const path of paths) {
    // A layered tree a killed run left mounted: unmounted first, so nothing is deleted through it.
    await unmountStale(path);
    // Unregisters and deletes the tree (the double force also takes a locked one).
    await git.run(['worktree', 'remove', '--force', '--force', path]);
    await rm(path, { recursive: true, force: true });
  }
  // Registrations whose folder someone deleted by hand.
  await git.run(['worktree', 'prune']);
  return [...paths];
}

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
  // The first entry is the main worktree: the user's own checkout, never removed.
  const listed = (await listWorktrees(git)).slice(1);
  return removeAll(
    git,
    listed.filter((w) => w.branch !== null && wanted.has(w.branch)).map((w) => w.path),
  );
}

/** The folder prefixes StageWorkspace gives its worktrees: the stage's own, and the detached ones of QA and verifiers. */
const STAGE_PREFIX = 'okstra-stage-';
const DETACHED_PREFIXES = ['okstra-verify-', 'okstra-qa-'];
/** The folder prefix of the trees a run keeps and re-points (stage, QA and review trees alike). */
export const POOL_PREFIX = 'okstra-tree-';

/**
 * Everything a killed run of one stage left registered: the worktree with the
 * stage branch checked out, and okstra's detached QA and verifier worktrees
 * at one of `heads` (the branch tip the dead run was verifying), in folders
 * okstra named. A person's own worktree of the branch would still block the
 * checkout; git's error then names it. Only called
 * by the run that took the dead run's claim over, so no live run of this
 * stage can own any of them; a dependent stage cannot run while this one is
 * not done. Returns the folders removed.
 */
export async function removeWorktreesOfDeadRun(
  repoDir: string,
  branch: string,
  heads: readonly string[],
): Promise<string[]> {
  const git = new Git(repoDir);
  const ref = `refs/heads/${branch}`;
  // Only folders okstra made (a person's own worktree of the branch is theirs), never the main worktree.
  const listed = (await listWorktrees(git)).slice(1);
  const stale = listed.filter((w) => {
    const name = basename(w.path);
    if (w.branch === ref) return name.startsWith(STAGE_PREFIX) || name.startsWith(POOL_PREFIX);
    return (
      w.branch === null &&
      w.head !== null &&
      heads.includes(w.head) &&
      [...DETACHED_PREFIXES, POOL_PREFIX].some((p) => name.startsWith(p))
    );
  });
  return removeAll(
    git,
    stale.map((w) => w.path),
  );
}
