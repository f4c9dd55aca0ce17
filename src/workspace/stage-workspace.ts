import { rm } from 'node:fs/promises';
import { layersAvailable } from './layer-mounts.js';
import { CheckoutTree } from './checkout-tree.js';
import { LayeredTree } from './layered-tree.js';
import { checkoutLayerable } from './laying.js';
import { Repository } from './repository.js';
import { mayHaveWorktrees } from './worktrees.js';
import type { StageTree, StageTreeMode } from './stage-tree.js';

export { MergeConflictError } from './repository.js';
export { TREE_STAT_CONFIG, parseStatusV2 } from './tree-git.js';
export type { StageTree, StageTreeMode } from './stage-tree.js';

/**
 * Stage branches and worktrees in the user's repository: the repository
 * (src/workspace/repository.ts), the run's trees by their folder, and the
 * pool of trees no phase uses right now. Callers name a tree by its folder;
 * what is done to it is the tree's own ({@link StageTree}: a checkout or a
 * layered tree). The user's own checkout is never switched, reset or
 * cleaned.
 */
export class StageWorkspace extends Repository {
  /** The trees this workspace made and has not removed, by folder: the engine names a tree by where it is. */
  private readonly trees = new Map<string, StageTree>();
  /** Trees of this run no phase uses right now, re-pointed for the next one instead of checked out again. */
  private readonly spare: StageTree[] = [];
  /** Whether this repository's checkout can carry layered trees (asked once: see {@link fill}). */
  private layerable: Promise<boolean> | null = null;

  /**
   * `remoteEnv` authenticates pushes (gitAuthEnv): the checkout's config holds no credential an agent could read.
   * `stageTrees` (default: {@link stageTreeModeFrom}): `checkout` gives every tree a checkout of its own; `auto`
   * lays trees over the user's checkout where the machine allows it and the repository is big enough for that to
   * pay; `layered` does wherever the machine allows it.
   */
  constructor(
    repoDir: string,
    private readonly opts: { remoteEnv?: Record<string, string>; stageTrees?: StageTreeMode } = {},
  ) {
    super(repoDir, opts.remoteEnv ?? {});
  }

  /** The tree at `dir`, made by this workspace; throws for any other folder. */
  tree(dir: string): StageTree {
    const tree = this.trees.get(dir);
    if (!tree) throw new Error(`${dir} is not a worktree this workspace created`);
    return tree;
  }

  /**
   * A worktree with `branch` checked out: a kept tree of this run re-pointed
   * at it (git writes only the files that differ), or a new one. With
   * `createAt`, the branch is made there by the same git call, which fails
   * if it exists already (a compare-and-swap against "absent").
   */
  async addBranchWorktree(branch: string, createAt: string | null = null): Promise<string> {
    if (createAt === null) return this.takeTree(['checkout', '--force', '--quiet', branch], ['--no-checkout', branch]);
    return this.takeTree(
      ['checkout', '--force', '--quiet', '-b', branch, createAt],
      ['--no-checkout', '-b', branch, createAt],
    );
  }

  /** A detached worktree at `commit`, for QA and verifiers: whatever happens there cannot move a branch. */
  async addDetachedWorktree(commit: string): Promise<string> {
    return this.takeTree(['checkout', '--force', '--quiet', '--detach', commit], ['--no-checkout', '--detach', commit]);
  }

  /**
   * A tree from the pool, re-pointed with `repoint` and cleaned, or a new
   * worktree. Only the registration (`worktree add --no-checkout`, a few
   * milliseconds) takes the repository's admin queue; the checkout that
   * writes the files runs beside other checkouts, with git's parallel
   * workers, because every worktree has its own index.
   */
  private async takeTree(repoint: string[], addArgs: string[]): Promise<string> {
    for (let kept = this.spare.pop(); kept !== undefined; kept = this.spare.pop()) {
      const outcome = await kept.repoint(repoint);
      if (outcome === 'ready') return kept.dir;
      // A kept tree git cannot re-point (removed from under us, or its branch is checked out elsewhere): drop it.
      await this.removeWorktree(kept.dir);
      if (outcome !== 'unusable') throw outcome;
    }
    const { dir, gitDir } = await this.registerWorktree(addArgs);
    this.trees.set(dir, await this.fill(dir, gitDir));
    return dir;
  }

  /** Fills a new tree: laid over the user's checkout where the mode and the machine allow, else checked out in full. */
  private async fill(dir: string, gitDir: string): Promise<StageTree> {
    const mode = this.opts.stageTrees ?? stageTreeModeFrom(process.env);
    if (mode !== 'checkout') {
      this.layerable ??= (async () =>
        (mode === 'layered' || (await checkoutLayerable(this.repoDir))) && (await layersAvailable()))();
      const laid = (await this.layerable) ? await LayeredTree.lay(this, dir, gitDir) : null;
      if (laid) return laid;
    }
    return CheckoutTree.fill(this, dir, gitDir);
  }

  /**
   * Hands a tree back to the pool for a later phase or stage of this run.
   * Call it after the lease of every agent that used it was released (its
   * processes are gone). The tree is taken back first and detached, so no
   * branch stays checked out in a tree nobody uses. A tree the pool does not
   * keep (a layered one) is removed.
   */
  async releaseWorktree(dir: string): Promise<void> {
    const tree = this.trees.get(dir);
    if (!tree) return;
    // A tree that cannot be taken back or detached is not kept either.
    const kept = await tree.keep().catch(() => false);
    if (kept) this.spare.push(tree);
    else await this.removeWorktree(dir);
  }

  /** okstra takes a tree back from the agents that had it (StageTree.reclaim); the folders of nested repositories it deleted. */
  async reclaim(dir: string): Promise<string[]> {
    return this.tree(dir).reclaim();
  }

  /**
   * A worktree's HEAD and every path that differs from it, untracked and
   * ignored files included, in one git process (porcelain v2 with the branch
   * header carries the head's id). Files changed since okstra last knew the
   * tree are read again first (the sweep), so a session that put a file's
   * modification time back is still caught.
   */
  async treeState(dir: string): Promise<{ head: string; dirty: string[] }> {
    return this.tree(dir).state();
  }

  /** Paths that differ from HEAD in a worktree, untracked and ignored files included (a fresh checkout has none). */
  async dirtyPaths(dir: string): Promise<string[]> {
    return (await this.treeState(dir)).dirty;
  }

  /** Commits everything left uncommitted in `dir`; returns the new head, or null when there was nothing. */
  async commitAll(dir: string, message: string): Promise<string | null> {
    return this.tree(dir).commitAll(message);
  }

  async headOf(dir: string): Promise<string> {
    return this.tree(dir).git().ok(['rev-parse', 'HEAD']);
  }

  /**
   * Makes the executor's tree the one every reviewer reads: taken back,
   * cleaned of what the commit does not hold (ignored build output), and
   * proven to be exactly `head`. Throws when it is not: reviewers must never
   * see something other than what is committed. A tree not at `head` (a
   * review commit, src/git/review-commit.ts) is moved there detached: the
   * stage branch it has checked out stays at the executor's head.
   */
  async sealForReview(dir: string, head: string): Promise<void> {
    await this.tree(dir).seal(head);
  }

  /** Puts a shared review tree back to `head` after something changed it (possible only without the kernel's protection). */
  async restore(dir: string, head: string): Promise<void> {
    await this.tree(dir).restore(head);
  }

  /** Removes every tree the pool keeps. The shells call it when the run (or chain) ends. */
  async close(): Promise<void> {
    // Every tree it made, the pool's and any a caller never gave back (a run that failed half-way): a layered
    // tree left behind stays mounted until the machine restarts.
    this.spare.splice(0);
    for (const dir of [...this.trees.keys()]) await this.removeWorktree(dir);
    // Registrations of folders that are gone, once per run rather than after every remove; none to look for when
    // the repository has no registration left (this workspace removes its own trees' as it goes).
    if (await mayHaveWorktrees(this.repoDir)) await this.worktreeAdmin(['worktree', 'prune'], { allowFailure: true });
  }

  /**
   * Removes a worktree for good (not back to the pool). Call it once no agent
   * runs there (every lease on it released). The tree is moved aside and
   * deleted in the background (tree-trash.ts, or layers.ts's unmount), off
   * the stage's path, and its registration goes at once: a stale one would
   * keep its branch "checked out" for git.
   */
  async removeWorktree(dir: string): Promise<void> {
    const tree = this.trees.get(dir);
    this.trees.delete(dir);
    if (tree) {
      const i = this.spare.findIndex((t) => t === tree);
      if (i >= 0) this.spare.splice(i, 1);
      return tree.remove();
    }
    // Not one of this workspace's trees: git's own removal.
    await this.worktreeAdmin(['worktree', 'remove', '--force', '--force', dir], { allowFailure: true });
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * OKSTRA_STAGE_TREES as a mode: `checkout`, `layered` and `auto` as written.
 * Unset (or anything else): `auto` on a CI runner, where nobody edits the
 * checkout while a stage reads it, and `checkout` on a person's machine,
 * where a file they create meanwhile would show in the stage's tree.
 */
export function stageTreeModeFrom(env: Readonly<Record<string, string | undefined>>): StageTreeMode {
  const value = env.OKSTRA_STAGE_TREES;
  if (value === 'checkout' || value === 'layered' || value === 'auto') return value;
  const ci = env.GITHUB_ACTIONS === 'true' || (env.CI !== undefined && env.CI !== '' && env.CI !== 'false');
  return ci ? 'auto' : 'checkout';
}
