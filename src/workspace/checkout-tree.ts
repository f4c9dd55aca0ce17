import { rm } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { giveTo, openForReading } from '../sandbox/fs-access.js';
import type { AgentUser } from '../sandbox/agent-users.js';
import { GitError } from '../git/git.js';
import { discardTree } from '../git/tree-trash.js';
import type { Repository } from './repository.js';
import { TreeBase } from './tree-base.js';
import { PARALLEL_CHECKOUT } from './tree-git.js';
import { changedSince, reclaimFolder } from './tree-walk.js';

/**
 * A stage tree that is a checkout of its own: every file written into the
 * tree's folder. Handed over by `chown -R` of the folder, taken back by one
 * walk of it; kept by the run's pool and re-pointed for the next phase, which
 * writes only the files that differ.
 */
export class CheckoutTree extends TreeBase {
  /** A registered worktree (`worktree add --no-checkout`) checked out in full: its own index, off the admin queue. */
  static async fill(repo: Repository, dir: string, gitDir: string): Promise<CheckoutTree> {
    const tree = new CheckoutTree(dir, gitDir, repo);
    await tree.git().ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet']);
    await tree.markKnown();
    return tree;
  }

  async handTo(user: AgentUser): Promise<void> {
    this.grantedAt = await giveTo(this.dir, user);
  }

  async openForReading(): Promise<void> {
    await openForReading(this.dir);
  }

  protected takeBackFiles(since: bigint): Promise<string[]> {
    return reclaimFolder(this.dir, since, false);
  }

  protected changedSince(since: bigint): Promise<string[]> {
    return changedSince(this.dir, since, [], { nestedGit: true });
  }

  protected async commitChanges(message: string): Promise<string | null> {
    const wt = this.committer();
    // Stage: every change the agent left, deletions and new files included.
    await wt.ok(['add', '--all']);
    // Commit: exits 1 with "nothing to commit" when the index is the head's tree (no separate diff --cached).
    const committed = await wt.run(['commit', '--quiet', '--no-verify', '-m', message]);
    if (committed.exitCode !== 0) {
      if (/nothing( added)? to commit|no changes added/i.test(committed.stdout + committed.stderr)) return null;
      throw new GitError(['commit'], committed);
    }
    // The new head's id, for the caller's record.
    return wt.ok(['rev-parse', 'HEAD']);
  }

  /** Re-pointed, and cleaned of what the previous use left, nested repositories too (StageTree.repoint). */
  async repoint(repoint: readonly string[]): Promise<'ready' | 'unusable' | GitError> {
    const wt = this.git();
    const moved = await wt.run([...PARALLEL_CHECKOUT, ...repoint]).catch(() => null);
    if (moved?.exitCode === 0 && (await wt.run(['clean', '-ffdxq'])).exitCode === 0) {
      await this.markKnown();
      return 'ready';
    }
    return moved && /already (checked out|used by worktree)/.test(moved.stderr)
      ? new GitError(repoint, moved)
      : 'unusable';
  }

  /** Taken back and detached at the same commit (HEAD only, no file written). */
  async keep(): Promise<boolean> {
    await this.reclaim();
    await this.git().ok(['checkout', '--detach', '--quiet']);
    return true;
  }

  async remove(): Promise<void> {
    const admin = resolve(this.dir, this.gitDir);
    // Only an admin folder `worktree add` made (…/worktrees/<name>) is deleted by hand, as `worktree prune` would.
    if (basename(dirname(admin)) === 'worktrees' && (await discardTree(this.dir))) {
      await this.repo.adminQueue(() => rm(admin, { recursive: true, force: true }));
      return;
    }
    await this.repo.worktreeAdmin(['worktree', 'remove', '--force', '--force', this.dir], { allowFailure: true });
    await rm(this.dir, { recursive: true, force: true });
  }
}
