import { setTimeout as sleep } from 'node:timers/promises';
import { lstat, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { unmountStale } from './layers.js';
import { Git, GitError, type GitResult } from '../git/git.js';
import { retry } from '../process/retry.js';

interface ListedWorktree {
  path: string;
  head: string | null;
  /** `refs/heads/…`, or null for a detached worktree. */
  branch: string | null;
}

/**
 * Whether `repoDir` may have worktrees besides its main one, asked of the
 * file system instead of git: false only for a clone whose `.git` is a folder
 * (okstra's, which no agent can write) holding no `worktrees/` entry, which
 * is where git registers every worktree. Anything else (`.git` a file or a
 * link, an error) is a "maybe", and git is asked.
 */
export async function mayHaveWorktrees(repoDir: string): Promise<boolean> {
  const dotGit = await lstat(join(repoDir, '.git')).catch(() => null);
  if (!dotGit?.isDirectory()) return true;
  const entries = await readdir(join(repoDir, '.git', 'worktrees')).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : null,
  );
  return entries === null || entries.length > 0;
}

/** `git worktree list --porcelain -z`: records of NUL-terminated fields, separated by an empty field. */
async function listWorktrees(git: Git): Promise<ListedWorktree[]> {
  const result = await runOnWorktrees(git, ['worktree', 'list', '--porcelain', '-z']);
  const out: ListedWorktree[] = [];
  let current: ListedWorktree | null = null;
  for (const field of result.stdout.split('\0')) {
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
  if (!(await mayHaveWorktrees(repoDir))) return [];
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
const OKSTRA_PREFIXES = [STAGE_PREFIX, ...DETACHED_PREFIXES, POOL_PREFIX];

/** What git says, and dies of, when a worktree's admin folder holds an empty `commondir`. */
const HALF_MADE = /failed to read (.+)\/commondir: /;
/**
 * `worktree add` creates `commondir` and writes its one line at once; a file
 * still empty this long after it was created belongs to an add that was
 * killed in between (okstra's whole process tree killed outright: the OOM
 * killer, a runner that SIGKILLs the job), not to one still running.
 */
export const HALF_MADE_AGE_MS = 2_000;

interface HalfMade {
  /** The admin folder (…/worktrees/<name>). */
  admin: string;
  /** The worktree folder its `gitdir` names, when it names one. */
  tree: string | null;
  /** Since its `commondir` was created. */
  ageMs: number;
}

/** The admin folder git names when it died on an empty `commondir` (`stderr` of a git command run in `cwd`). */
function halfMadeAdmin(cwd: string, stderr: string): string | null {
  const named = HALF_MADE.exec(stderr)?.[1];
  return named ? resolve(cwd, named) : null;
}

/** The registration git just died on, when its commondir is empty. */
async function halfMadeIn(cwd: string, stderr: string): Promise<HalfMade | null> {
  const admin = halfMadeAdmin(cwd, stderr);
  if (admin === null || basename(dirname(admin)) !== 'worktrees') return null;
  const commondir = await stat(resolve(admin, 'commondir')).catch(() => null);
  if (!commondir?.isFile() || commondir.size !== 0) return null;
  const pointer = (await readFile(resolve(admin, 'gitdir'), 'utf8').catch(() => '')).trim();
  const tree = pointer.endsWith('/.git') ? dirname(pointer) : null;
  return { admin, tree, ageMs: Date.now() - commondir.mtimeMs };
}

/** How git words a clash with another process's admin change of the same repository's worktrees. */
const COLLISION = /commondir|gitdir|could not lock|\.lock': File exists|unable to create/i;

/**
 * Runs a git command that reads the worktree registrations. A registration a
 * killed add left half made is mended and the command run again (as many as
 * killed adds left, within reason: ten); with `collisions`, a clash with a
 * worktree add/remove/prune of another process is waited out (four times).
 * What is still failing then throws, unless `allowFailure`.
 */
export async function runOnWorktrees(
  git: Git,
  args: string[],
  opts: { collisions?: boolean; allowFailure?: boolean } = {},
): Promise<GitResult> {
  const collided = (r: GitResult, n: number): boolean => opts.collisions === true && n < 5 && COLLISION.test(r.stderr);
  const result = await retry(() => git.run(args), {
    attempts: 11,
    // Not a collision that passed: a registration a killed add left half made, which no wait mends.
    retryable: async (o, n) =>
      'value' in o &&
      o.value.exitCode !== 0 &&
      (collided(o.value, n) || (await removeHalfMadeRegistration(git.cwd, o.value.stderr))),
    delayMs: (n, o) => ('value' in o && collided(o.value, n) ? 50 * n : 0),
  });
  if (result.exitCode !== 0 && opts.allowFailure !== true)
    throw halfMadeError(git.cwd, result.stderr) ?? new GitError(args, result);
  return result;
}

/**
 * Mends what git just died on when it is a registration of okstra's that a
 * killed `worktree add` left half made: every git command that lists the
 * worktrees (add, list, remove, a checkout of a branch) dies on it, so one
 * killed run would stop every later run in the clone. Only a folder okstra
 * named. A `commondir` younger than {@link HALF_MADE_AGE_MS} may be an add
 * still running (another run in the clone): it is given until then, and
 * the registration is deleted only if the file is still empty. Returns
 * whether git may be asked again (deleted, or written meanwhile).
 */
export async function removeHalfMadeRegistration(cwd: string, stderr: string): Promise<boolean> {
  const found = await halfMadeIn(cwd, stderr);
  const name = found?.tree ? basename(found.tree) : '';
  if (!found?.tree || !OKSTRA_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (found.ageMs < HALF_MADE_AGE_MS) {
    await sleep(HALF_MADE_AGE_MS - found.ageMs);
    const commondir = await stat(resolve(found.admin, 'commondir')).catch(() => null);
    if (commondir?.size !== 0) return true;
  }
  await rm(found.tree, { recursive: true, force: true });
  await rm(found.admin, { recursive: true, force: true });
  return true;
}

/** The error to give when git died on a half-made registration okstra may not remove: which one, and what to do. */
export function halfMadeError(cwd: string, stderr: string): Error | null {
  const admin = halfMadeAdmin(cwd, stderr);
  if (admin === null) return null;
  return new Error(
    `git cannot list the worktrees of ${cwd}: the registration ${admin} is half made (its commondir is empty: a \`git worktree add\` was killed before it finished). ` +
      `If no git command is running in this repository, delete ${admin} and the folder its gitdir file names, then run again.`,
  );
}

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
  if (!(await mayHaveWorktrees(repoDir))) return [];
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
