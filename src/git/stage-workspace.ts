import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Git, GitError } from './git.js';

const worktreeQueues = new Map<string, Promise<void>>();

/** Two or more done heads could not be merged into a base for the next stage. */
export class MergeConflictError extends Error {
  constructor(
    readonly parents: readonly string[],
    readonly paths: readonly string[],
  ) {
    super(
      `the done heads ${parents.map((p) => p.slice(0, 12)).join(' + ')} conflict in: ${paths.join(', ')}; resolve by re-planning the stages or fixing one of them`,
    );
    this.name = 'MergeConflictError';
  }
}

const ENGINE_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'engine@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'engine@okstra.invalid',
};

/**
 * Stage branches and worktrees in the user's repository. Every operation
 * works on refs and separate worktrees; the user's own checkout is never
 * switched, reset or cleaned.
 */
export class StageWorkspace {
  readonly git: Git;
  private readonly gitDirs = new Map<string, string>();

  /** `remoteEnv` authenticates pushes (gitAuthEnv): the checkout's config holds no credential an agent could read. */
  constructor(
    readonly repoDir: string,
    private readonly opts: { remoteEnv?: Record<string, string> } = {},
  ) {
    this.git = new Git(repoDir, ENGINE_IDENTITY);
  }

  async resolve(rev: string): Promise<string | null> {
    return this.git.resolveCommit(rev);
  }

  /**
   * A merge commit of several done heads, built without a worktree. Conflicts
   * are reported with their paths instead of being left half-merged on disk.
   */
  async mergeHeads(parents: readonly string[], message: string): Promise<string> {
    const [first, ...rest] = parents;
    if (!first) throw new Error('mergeHeads needs at least one parent');
    let acc = first;
    for (const next of rest) {
      const merged = await this.git.run(['merge-tree', '--write-tree', '--name-only', '--no-messages', acc, next]);
      const [tree = '', ...paths] = merged.stdout.trim().split('\n');
      if (merged.exitCode === 1) throw new MergeConflictError(parents, paths.filter(Boolean));
      if (merged.exitCode !== 0) throw new Error(`git merge-tree failed: ${merged.stderr.trim()}`);
      acc = await this.git.ok(['commit-tree', tree, '-p', acc, '-p', next, '-m', message]);
    }
    // One commit whose parents are all the heads, so history shows exactly what the stage builds on.
    if (parents.length > 2) {
      const tree = await this.git.ok(['rev-parse', `${acc}^{tree}`]);
      acc = await this.git.ok(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', message]);
    }
    return acc;
  }

  async branchHead(branch: string): Promise<string | null> {
    return this.git.resolveCommit(`refs/heads/${branch}`);
  }

  /** Points `branch` at `commit` only if it does not exist yet (compare-and-swap against "absent"). */
  async createBranch(branch: string, commit: string): Promise<void> {
    await this.git.ok(['update-ref', `refs/heads/${branch}`, commit, '0'.repeat(commit.length)]);
  }

  /** A worktree with `branch` checked out, in a fresh temporary folder. */
  async addBranchWorktree(branch: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'okstra-stage-'));
    await this.worktreeAdmin(['worktree', 'add', '--quiet', dir, branch]);
    await this.rememberGitDir(dir);
    return dir;
  }

  /** A detached worktree at `commit`, for QA and verifiers: whatever happens there cannot move a branch. */
  async addDetachedWorktree(commit: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'okstra-verify-'));
    await this.worktreeAdmin(['worktree', 'add', '--quiet', '--detach', dir, commit]);
    await this.rememberGitDir(dir);
    return dir;
  }

  /**
   * The admin folder git made for a worktree, read once right after `worktree
   * add`, before any agent runs there. okstra's own git calls in a worktree
   * name it explicitly (GIT_DIR) instead of following the worktree's `.git`
   * file: an agent that owns the worktree could point that file at a
   * repository of its own whose config runs commands (core.fsmonitor) in
   * okstra's git, with okstra's privileges.
   */
  private async rememberGitDir(dir: string): Promise<void> {
    const pointer = (await readFile(join(dir, '.git'), 'utf8')).trim();
    const gitDir = /^gitdir: (.+)$/.exec(pointer)?.[1];
    if (!gitDir) throw new Error(`git worktree add left no gitdir pointer in ${dir}/.git`);
    this.gitDirs.set(dir, gitDir);
  }

  /** git in a worktree okstra made, never trusting what is on disk there. */
  private worktreeGit(worktree: string, env: Record<string, string> = {}): Git {
    const gitDir = this.gitDirs.get(worktree);
    if (!gitDir) throw new Error(`${worktree} is not a worktree this workspace created`);
    return new Git(worktree, { ...env, GIT_DIR: gitDir, GIT_WORK_TREE: worktree });
  }

  async removeWorktree(dir: string): Promise<void> {
    this.gitDirs.delete(dir);
    await this.worktreeAdmin(['worktree', 'remove', '--force', dir], { allowFailure: true });
    await rm(dir, { recursive: true, force: true });
    await this.worktreeAdmin(['worktree', 'prune'], { allowFailure: true });
  }

  /**
   * git does not make `worktree add/remove/prune` safe to run concurrently in
   * one repository (a prune can delete the admin folder of a worktree being
   * added). Within this process they queue per repository; against another
   * process (a second run in the same clone) a collision is retried.
   */
  private async worktreeAdmin(args: string[], opts: { allowFailure?: boolean } = {}): Promise<void> {
    const previous = worktreeQueues.get(this.repoDir) ?? Promise.resolve();
    const mine = previous.then(async () => {
      for (let attempt = 1; ; attempt++) {
        const result = await this.git.run(args);
        if (result.exitCode === 0) return;
        const collided = /commondir|gitdir|could not lock|\.lock': File exists|unable to create/i.test(result.stderr);
        if (collided && attempt < 5) {
          await new Promise((r) => setTimeout(r, 50 * attempt));
          continue;
        }
        if (opts.allowFailure) return;
        throw new GitError(args, result);
      }
    });
    // The queue keeps going after a failure; the failure still reaches this caller.
    worktreeQueues.set(
      this.repoDir,
      mine.catch(() => undefined),
    );
    await mine;
  }

  /** Paths that differ from HEAD in a worktree, untracked and ignored files included (a fresh checkout has none). */
  async dirtyPaths(worktree: string): Promise<string[]> {
    const out = await this.worktreeGit(worktree).ok([
      'status',
      '--porcelain=v1',
      '-z',
      '--untracked-files=all',
      '--ignored=traditional',
    ]);
    return out
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.slice(3));
  }

  /** Commits everything left uncommitted in `worktree`; returns the new head, or null when there was nothing. */
  async commitAll(worktree: string, message: string): Promise<string | null> {
    const wt = this.worktreeGit(worktree, ENGINE_IDENTITY);
    await wt.ok(['add', '--all']);
    const staged = await wt.run(['diff', '--cached', '--quiet']);
    if (staged.exitCode === 0) return null;
    await wt.ok(['commit', '--quiet', '--no-verify', '-m', message]);
    return wt.ok(['rev-parse', 'HEAD']);
  }

  async headOf(worktree: string): Promise<string> {
    return this.worktreeGit(worktree).ok(['rev-parse', 'HEAD']);
  }

  async changedFiles(base: string, head: string): Promise<string[]> {
    const out = await this.git.ok(['diff', '--name-only', '-z', `${base}..${head}`]);
    return out.split('\0').filter(Boolean);
  }

  async diffStat(base: string, head: string): Promise<{ files: number; insertions: number; deletions: number }> {
    const out = await this.git.ok(['diff', '--shortstat', `${base}..${head}`]);
    const num = (re: RegExp): number => Number(re.exec(out)?.[1] ?? 0);
    return {
      files: num(/(\d+) files? changed/),
      insertions: num(/(\d+) insertions?/),
      deletions: num(/(\d+) deletions?/),
    };
  }

  async commitsBetween(base: string, head: string): Promise<Array<{ sha: string; subject: string }>> {
    const out = await this.git.ok(['log', '--format=%H%x09%s', `${base}..${head}`]);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha = '', ...subject] = line.split('\t');
        return { sha, subject: subject.join('\t') };
      });
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return (await this.git.run(['merge-base', '--is-ancestor', ancestor, descendant])).exitCode === 0;
  }

  /** Files present at a commit, for checking that a citation names a real file. */
  async filesAt(commit: string): Promise<string[]> {
    const out = await this.git.ok(['ls-tree', '-r', '-z', '--name-only', commit]);
    return out.split('\0').filter(Boolean);
  }

  /**
   * What last moved a branch, as its reflog says ("commit: …", "reset: moving
   * to …", "fetch …: forced-update"); null when there is no reflog entry.
   */
  async lastRefUpdate(branch: string): Promise<string | null> {
    const out = await this.git.run(['reflog', 'show', '-n', '1', '--format=%gs', `refs/heads/${branch}`, '--']);
    const line = out.exitCode === 0 ? out.stdout.trim() : '';
    return line === '' ? null : line;
  }

  /** Moves `branch` from `from` (null: absent) to `to`, refusing if someone moved it meanwhile. */
  async moveBranch(branch: string, to: string, from: string | null, reason: string): Promise<void> {
    await this.git.ok(['update-ref', '-m', reason, `refs/heads/${branch}`, to, from ?? '0'.repeat(to.length)]);
  }

  /** Puts the remote's `branch` at `commit` only if the remote still has `expected` there (null: absent). */
  async forcePushBranch(remote: string, branch: string, commit: string, expected: string | null): Promise<void> {
    const lease = `--force-with-lease=refs/heads/${branch}:${expected ?? ''}`;
    await this.git.ok(['push', '--quiet', '--no-verify', lease, remote, `${commit}:refs/heads/${branch}`], {
      env: this.opts.remoteEnv ?? {},
    });
  }

  /** Pushes a stage branch to a remote without force: someone else's newer push is never overwritten. */
  async pushBranch(remote: string, branch: string): Promise<void> {
    await this.git.ok(['push', '--quiet', '--no-verify', remote, `refs/heads/${branch}:refs/heads/${branch}`], {
      env: this.opts.remoteEnv ?? {},
    });
  }
}
