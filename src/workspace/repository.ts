import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeSummary, type ChangeSummary } from '../git/change-summary.js';
import { isInstructionFile } from '../core/scope/instruction-files.js';
import { reviewTree, type ReviewTree } from '../git/review-commit.js';
import { Git } from '../git/git.js';
import { POOL_PREFIX, runOnWorktrees } from './worktrees.js';

/**
 * Each repository's queue of worktree admin changes in this process (see
 * {@link Repository.worktreeAdmin}). Keyed by repository, not by tree: every
 * workspace over one clone in this process must wait on the same queue, which
 * no one workspace's field can give.
 */
const worktreeQueues = new Map<string, Promise<void>>();

/** A full commit id (SHA-1 or SHA-256): it names one commit for ever. */
const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

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

export const ENGINE_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'engine@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'engine@okstra.invalid',
};

/**
 * The user's repository as a stage run sees it: its refs, the commits
 * between them, merges of done heads, pushes, and the registration of new
 * worktrees. Trees themselves are src/workspace/stage-tree.ts's; nothing
 * here touches the user's checkout (it is never switched, reset or cleaned).
 */
export class Repository {
  readonly git: Git;
  private readonly changes = new Map<string, Promise<ChangeSummary>>();

  /** `remoteEnv` authenticates pushes (gitAuthEnv): the checkout's config holds no credential an agent could read. */
  constructor(
    readonly repoDir: string,
    private readonly remoteEnv: Record<string, string> = {},
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

  /**
   * The change between two commits from one `diff --numstat` (src/git/change-summary.ts), asked once per pair of
   * commit ids: execute checks it for okstra's own files, the evidence judge and the report list it, the report
   * counts it, and what two commits differ by never changes. A ref, which can move, is asked every time.
   */
  private change(base: string, head: string): Promise<ChangeSummary> {
    if (!COMMIT_ID.test(base) || !COMMIT_ID.test(head)) return changeSummary(this.git, base, head);
    const key = `${base}..${head}`;
    let answer = this.changes.get(key);
    if (!answer) {
      answer = changeSummary(this.git, base, head);
      // A failed call is not remembered: the next caller asks git again.
      answer.catch(() => this.changes.delete(key));
      this.changes.set(key, answer);
    }
    return answer;
  }

  /**
   * The commit reviewers of base..head read (src/git/review-commit.ts): when
   * the change's summary, asked once per pair anyway, names no instruction
   * file, the head itself with no git process; else {@link reviewTree}'s.
   */
  async reviewTree(base: string, head: string): Promise<ReviewTree> {
    const { files, renamedFrom } = await this.change(base, head);
    if (!files.some(isInstructionFile) && !renamedFrom.some(isInstructionFile)) return { commit: head, restored: [] };
    return reviewTree(this.git, base, head);
  }

  /** Changed paths, a copy each caller may sort or filter. */
  async changedFiles(base: string, head: string): Promise<string[]> {
    return [...(await this.change(base, head)).files];
  }

  async diffStat(base: string, head: string): Promise<ChangeSummary['stat']> {
    return { ...(await this.change(base, head)).stat };
  }

  /** Paths whose gitlink (a submodule's recorded commit) the change added, removed or moved. */
  async changedGitlinks(base: string, head: string): Promise<string[]> {
    return [...(await this.change(base, head)).gitlinks];
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
      env: this.remoteEnv,
    });
  }

  /** Pushes a stage branch to a remote without force: someone else's newer push is never overwritten. */
  async pushBranch(remote: string, branch: string): Promise<void> {
    await this.git.ok(['push', '--quiet', '--no-verify', remote, `refs/heads/${branch}:refs/heads/${branch}`], {
      env: this.remoteEnv,
    });
  }

  /**
   * A new worktree registered with `addArgs` (`worktree add --no-checkout`,
   * a few milliseconds on the admin queue) in a fresh folder, and the admin
   * folder git made for it, read at once, before any agent runs there
   * (StageTree.gitDir says why). The caller fills it.
   */
  async registerWorktree(addArgs: readonly string[]): Promise<{ dir: string; gitDir: string }> {
    const dir = await mkdtemp(join(tmpdir(), POOL_PREFIX));
    await this.worktreeAdmin(['worktree', 'add', '--quiet', ...addArgs.slice(0, -1), dir, addArgs.at(-1) as string]);
    const pointer = (await readFile(join(dir, '.git'), 'utf8')).trim();
    const gitDir = /^gitdir: (.+)$/.exec(pointer)?.[1];
    if (!gitDir) throw new Error(`git worktree add left no gitdir pointer in ${dir}/.git`);
    return { dir, gitDir };
  }

  /**
   * git does not make `worktree add/remove/prune` safe to run concurrently in
   * one repository (a prune can delete the admin folder of a worktree being
   * added). Within this process they queue per repository; against another
   * process (a second run in the same clone) a collision is retried.
   */
  async worktreeAdmin(args: string[], opts: { allowFailure?: boolean } = {}): Promise<void> {
    await this.adminQueue(async () => {
      await runOnWorktrees(this.git, args, { collisions: true, ...opts });
    });
  }

  /** Runs `work` after every admin change of this repository queued before it (see {@link worktreeAdmin}). */
  async adminQueue(work: () => Promise<void>): Promise<void> {
    const previous = worktreeQueues.get(this.repoDir) ?? Promise.resolve();
    const mine = previous.then(work);
    // The queue keeps going after a failure; the failure still reaches this caller.
    worktreeQueues.set(
      this.repoDir,
      mine.catch(() => undefined),
    );
    await mine;
  }
}
