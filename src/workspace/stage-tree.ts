import type { AgentUser } from '../sandbox/agent-users.js';
import type { HandOver } from '../sandbox/sandbox.js';
import type { Git, GitError } from '../git/git.js';

/**
 * One stage tree: a folder okstra's git registered as a worktree of the
 * user's repository, where an executor writes, QA runs and reviewers read.
 * Everything okstra knows of one tree lives in the object (its admin folder,
 * when it last knew every file, when it handed the tree out, its layers):
 * no module keeps a map from a tree's path to its state, so a tree removed is
 * a tree forgotten, and two workspaces never see each other's trees.
 *
 * Two kinds, one contract (docs/architecture.md, "Stage workspaces" and
 * "Layered stage trees"):
 * - a **checkout** (`CheckoutTree`): every file written into the tree's own
 *   folder; handed over by `chown -R`, taken back by a walk of the folder;
 *   kept in the run's pool and re-pointed for the next phase;
 * - a **layered** tree (`LayeredTree`): an overlay over the user's checkout,
 *   written only in its upper layer; handed over and taken back by remounts,
 *   git asked only where it can differ; never pooled.
 * Where the two differ is a method of the tree, never a question the caller
 * asks ("is this tree layered?").
 *
 * Who owns the tree when (docs/security.md, "Writes"): okstra's user from
 * the moment it is made; the executor's (or QA's) OS user from
 * {@link StageTree.handTo} until the lease is released and
 * {@link StageTree.takeBack} ran; okstra's again, closed (0700), after that;
 * open for reading, never writing, to reviewers after
 * {@link StageTree.openForReading}.
 */
export interface StageTree extends HandOver {
  /** The tree's folder: where agents work. */
  readonly dir: string;
  /**
   * The admin folder git made for it, read once right after `worktree add`,
   * before any agent ran there. okstra's git names it (GIT_DIR) instead of
   * following the tree's `.git` file, which the agent that owned the tree
   * could have pointed at a repository whose config runs commands.
   */
  readonly gitDir: string;
  /** The file clock (nanoseconds) right after the tree was last handed to an agent user, or null. */
  readonly grantedAt: bigint | null;

  /**
   * okstra's git in this tree: the one helper through which okstra's own git
   * runs where an agent wrote (`TreeGit`, src/workspace/tree-git.ts): the
   * admin folder, never the tree's pointer; the hardening of every okstra git
   * (src/git/git.ts) with submodules ignored; the stat rules the change-time
   * sweep makes sound.
   */
  git(env?: Record<string, string>): Git;

  /** Gives the tree to `user` for writing; the instant the hand-over ended becomes {@link grantedAt}. */
  handTo(user: AgentUser): Promise<void>;
  /** Lets any agent user read (never write) the tree okstra holds (taken back, sealed). */
  openForReading(): Promise<void>;
  /**
   * Takes the tree back from the agents that had it (their processes must be
   * gone: the lease's release kills them): okstra's, closed, what an agent
   * changed made harmless and read again by git, its `.git` pointer okstra's
   * own, every nested repository deleted. Returns the folders those were in.
   */
  reclaim(): Promise<string[]>;
  /**
   * Its head and every path that differs from it, after the change-time
   * sweep (no take-back: for a tree okstra holds). A nested repository the
   * sweep deleted counts as a changed `<folder>/.git`.
   */
  state(): Promise<{ head: string; dirty: string[] }>;
  /** One `git status` of the tree as it is, with no sweep: for okstra's own changes since the last one. */
  status(): Promise<TreeStatus>;
  /** Commits everything left uncommitted (the tree taken back first); the new head, or null when there was nothing. */
  commitAll(message: string): Promise<string | null>;
  /**
   * Makes the tree the one every reviewer reads: taken back (unless the
   * commit just did and nobody had it since), cleaned, proven to be exactly
   * `head` (moved there detached when it is not). Throws when it is not.
   */
  seal(head: string): Promise<void>;
  /** Puts a shared review tree back to `head` after something changed it. */
  restore(head: string): Promise<void>;
  /** Notes that okstra knows every file as of now (its own changes are all before the reading). */
  markKnown(): Promise<bigint>;
  /**
   * Readies the tree for the run's pool (taken back, detached at its commit:
   * no branch stays checked out in a tree nobody uses). False when the tree
   * is not one to keep (a layered tree costs no checkout to make again, and a
   * kept one would keep its upper layer): the caller removes it.
   */
  keep(): Promise<boolean>;
  /**
   * Points a kept tree at another commit or branch with `repoint` (git writes
   * only the files that differ) and cleans what the previous use left.
   * `unusable` when git cannot (the caller removes the tree); git's refusal
   * when the branch is checked out elsewhere, which no other tree would change.
   */
  repoint(repoint: readonly string[]): Promise<'ready' | 'unusable' | GitError>;
  /** Removes the tree for good (no agent may run there any more); its registration goes at once. */
  remove(): Promise<void>;
}

/** What `git status` says of a tree: its head and every path that differs from it. */
export interface TreeStatus {
  head: string;
  /** Every path that differs from the head: tracked ones first in git's order, untracked and ignored ones too. */
  dirty: string[];
  /** The tracked paths among them (changed, deleted, renamed, conflicted). */
  tracked: string[];
}

/** How stage trees are made: `checkout` always; `layered` wherever the machine allows; `auto` when it also pays. */
export type StageTreeMode = 'auto' | 'layered' | 'checkout';
