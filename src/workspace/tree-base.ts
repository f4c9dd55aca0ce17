import { lstat, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileClock } from '../sandbox/fs-access.js';
import type { AgentUser } from '../sandbox/agent-users.js';
import type { Git, GitError } from '../git/git.js';
import { NestedRepositoryError } from '../git/nested-repository-error.js';
import { ENGINE_IDENTITY, type Repository } from './repository.js';
import type { StageTree, TreeStatus } from './stage-tree.js';
import { changedSince, isInsideNestedGit, isNestedGitPath } from './tree-walk.js';
import {
  IndexLoan,
  LITERAL_PATHSPECS,
  PARALLEL_CHECKOUT,
  pathspecArgs,
  rawPaths,
  TreeGit,
  treeStatus,
} from './tree-git.js';

/** okstra's clock file of a tree, in the tree's admin folder: root's, and no agent can write there. */
export const CLOCK_FILE = 'okstra-file-clock';

/**
 * What every stage tree does the same way, whatever its kind: the
 * change-time sweep, the take-back's frame, the commit's frame, the seal and
 * the restore. What differs by kind (where files are, how they change hands,
 * where git must look) is the subclass's: {@link CheckoutTree} and
 * {@link LayeredTree} (src/workspace/checkout-tree.ts, layered-tree.ts).
 */
export abstract class TreeBase implements StageTree {
  grantedAt: bigint | null = null;
  /** The file clock at which okstra last knew every file to be what git's index says: after its own checkout, or a sweep. */
  private knownAt: bigint | undefined;
  /** The `knownAt` of the take-back {@link commitAll} did: the seal right after it need not take the tree back again. */
  private committedAt: bigint | undefined;
  private readonly loan: IndexLoan;

  constructor(
    readonly dir: string,
    readonly gitDir: string,
    protected readonly repo: Repository,
  ) {
    this.loan = new IndexLoan(resolve(dir, gitDir, 'index'));
  }

  git(env: Record<string, string> = {}): Git {
    return new TreeGit(this.dir, this.gitDir, env, this.loan);
  }

  abstract handTo(user: AgentUser): Promise<void>;
  abstract openForReading(): Promise<void>;
  abstract remove(): Promise<void>;
  abstract keep(): Promise<boolean>;
  abstract repoint(repoint: readonly string[]): Promise<'ready' | 'unusable' | GitError>;
  /** Takes the files back from the agents; with `since`, what changed at or after it (see tree-walk.ts's reclaimFolder). */
  protected abstract takeBackFiles(since: bigint): Promise<string[]>;
  /** What changed at or after `since`, nested repositories' `.git` entries included, for a tree okstra holds. */
  protected abstract changedSince(since: bigint): Promise<string[]>;
  /** Stages and commits what the executor left (the tree already taken back). */
  protected abstract commitChanges(message: string): Promise<string | null>;

  /** Where cleaning a tree at its head may be limited to `dirty` (pathspec arguments), or [] to clean it at large. */
  protected cleanWhere(_dirty: readonly string[]): string[] {
    return [];
  }

  /** The tree's head is now `head`, set by okstra (a seal, a restore). */
  protected movedTo(_head: string): void {}

  async status(): Promise<TreeStatus> {
    return treeStatus(this.git(), null);
  }

  async markKnown(): Promise<bigint> {
    const now = await fileClock(join(this.gitDir, CLOCK_FILE));
    this.knownAt = now;
    return now;
  }

  async reclaim(): Promise<string[]> {
    return this.sweep(async (since) => {
      const changed = await this.takeBackFiles(since);
      // The agent may have made the pointer a link or a folder; okstra's git calls never read it, an agent's git does.
      await rm(join(this.dir, '.git'), { recursive: true, force: true });
      await writeFile(join(this.dir, '.git'), `gitdir: ${this.gitDir}\n`, { mode: 0o644 });
      return changed;
    });
  }

  async state(): Promise<{ head: string; dirty: string[] }> {
    const nested = await this.sweep((since) => this.changedSince(since));
    const { head, dirty } = await this.status();
    // A nested repository the sweep deleted was a change to the tree all the same.
    return { head, dirty: nested.length > 0 ? dirty.concat(nested.map((folder) => `${folder}/.git`)) : dirty };
  }

  async commitAll(message: string): Promise<string | null> {
    // Taken back first (the executor's processes are gone): what it changed is read again, whatever the times say.
    const nested = await this.reclaim();
    if (nested.length > 0) throw new NestedRepositoryError(nested);
    if (this.knownAt !== undefined) this.committedAt = this.knownAt;
    return this.commitChanges(message);
  }

  /** git with okstra's identity, for its commits. */
  protected committer(): Git {
    return this.git(ENGINE_IDENTITY);
  }

  /**
   * The change-time sweep: the rule that makes TREE_STAT_CONFIG
   * (tree-git.ts) safe. Before okstra's git decides what changed in a tree
   * someone else could write, every path whose inode changed at or after the
   * moment okstra last knew the tree (`knownAt`; or, when the tree was
   * handed to an agent user after that, the moment the hand-over ended) is
   * read again by git, whatever its modification time and size say. Sound
   * because:
   * - every change to a file's content, name or link count moves its change
   *   time to the kernel's clock, and no process but root can set it (an
   *   owner can set only the modification time);
   * - the agents' processes are gone before the sweep (the lease's release
   *   kills them), so nothing changes between the sweep and git's decision;
   * - okstra's own changes (its checkout, its chown at a hand-over) come
   *   before the instant the sweep starts from, so they cost no re-read.
   * It assumes the clock is not set back while a tree is out (only root can);
   * a clock found behind the instant the sweep starts from makes every file
   * be read again. Every nested repository the walk found is deleted first
   * (see {@link removeNestedRepositories}); returns the folders they were in.
   */
  private async sweep(walk: (since: bigint) => Promise<string[]>): Promise<string[]> {
    const known = this.knownAt ?? 0n;
    const granted = this.grantedAt;
    const since = granted !== null && granted > known ? granted : known;
    let changed = await walk(since);
    const now = await this.markKnown();
    if (now < since) changed = await changedSince(this.dir, 0n, [], { nestedGit: true });
    const nested = await this.removeNestedRepositories(changed);
    await this.readAgain(changed.filter((p) => !isNestedGitPath(p) && !isInsideNestedGit(p)));
    return nested;
  }

  /**
   * Deletes every `.git` entry below the tree's top that the walk found (a
   * folder, a `gitdir:` file pointing anywhere, a link), before any git of
   * okstra's runs there: git would take each for a repository of its own and
   * run what that repository's config names (filters, fsmonitor) as okstra.
   * Returns the folders they were in.
   */
  private async removeNestedRepositories(paths: readonly string[]): Promise<string[]> {
    const nested = paths.filter(isNestedGitPath);
    for (const path of nested)
      await rm(Buffer.concat([Buffer.from(`${this.dir}/`), Buffer.from(path, 'latin1')]), {
        recursive: true,
        force: true,
      });
    return nested.map((path) => path.slice(0, -'/.git'.length));
  }

  /**
   * Makes git read `paths` again at its next look: their index entries are
   * written again with no stat data (git's own "smudged" state: a recorded
   * size of 0 for a non-empty blob never matches), so no modification time or
   * size can vouch for them. Paths git does not track need nothing: git
   * always lists untracked files.
   */
  protected async readAgain(paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    const wt = this.git();
    const wanted = new Set(paths);
    // The tracked ones, with the mode and blob the index holds (latin1: paths byte for byte); only those are listed.
    const listed = await wt.ok(['ls-files', '--stage', '-z', ...pathspecArgs(paths)], {
      encoding: 'latin1',
      env: LITERAL_PATHSPECS,
    });
    const entries = listed.split('\0').filter((e) => wanted.has(e.slice(e.indexOf('\t') + 1)));
    if (entries.length === 0) return;
    await wt.ok(['update-index', '-z', '--index-info'], {
      input: entries.map((e) => `${e}\0`).join(''),
      encoding: 'latin1',
    });
  }

  async seal(head: string): Promise<void> {
    // Taken back, unless the executor's commit just did (commitAll) and the tree has not been handed out since.
    const committed = this.committedAt;
    this.committedAt = undefined;
    const fresh = committed !== undefined && committed === this.knownAt && (await this.closedSinceKnown());
    if (!fresh) await this.reclaim();
    // Usually the executor's commit took everything: one status proves it, and nothing needs cleaning.
    const state = await this.status();
    if (state.head === head && state.dirty.length === 0) return;
    await this.cleanTo(head, state);
    this.movedTo(head);
    await this.markKnown();
    const again = await this.status();
    if (again.head !== head || again.dirty.length > 0)
      throw new Error(
        `the stage worktree ${this.dir} is not the committed head ${head.slice(0, 12)} after cleaning (${again.dirty.slice(0, 5).join(', ')}); it cannot be reviewed`,
      );
  }

  /** Untracked and ignored leftovers (build output), and tracked files the commit did not take, gone: the head, exactly. */
  private async cleanTo(head: string, state: TreeStatus): Promise<void> {
    const wt = this.git();
    // A tree that can tell where it differs is cleaned there only; any other at large.
    const dirty = rawPaths(state.dirty);
    const where = state.head === head && dirty ? this.cleanWhere(dirty) : [];
    if (state.head !== head || where.length === 0) {
      // `reset --hard <commit>` would move the branch the tree has checked out; a detached checkout moves HEAD only.
      if (state.head !== head) await wt.ok([...PARALLEL_CHECKOUT, 'checkout', '--force', '--quiet', '--detach', head]);
      else if (state.tracked.length > 0) await wt.ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet']);
      if (state.dirty.length > state.tracked.length) await wt.ok(['clean', '-ffdxq']);
      return;
    }
    if (state.tracked.length > 0)
      await wt.ok(['checkout', '--force', 'HEAD', ...pathspecArgs(rawPaths(state.tracked) ?? [])], {
        env: LITERAL_PATHSPECS,
      });
    if (state.dirty.length > state.tracked.length)
      await wt.ok(['clean', '-ffdxq', ...where], { env: LITERAL_PATHSPECS });
  }

  /**
   * Whether no one but okstra could have entered the tree since okstra last
   * knew every file in it: its top folder is okstra's, closed (0700), and its
   * inode has not changed since that moment. Every hand-over changes it
   * (handTo changes its owner, sharing for reading its mode), and the kernel
   * stamps that change; an agent's processes are gone once its lease is
   * released.
   */
  private async closedSinceKnown(): Promise<boolean> {
    const known = this.knownAt;
    const top = await lstat(this.dir, { bigint: true }).catch(() => null);
    if (known === undefined || !top?.isDirectory()) return false;
    const mine = BigInt(process.getuid?.() ?? -1);
    return top.uid === mine && (top.mode & 0o777n) === 0o700n && top.ctimeNs < known;
  }

  async restore(head: string): Promise<void> {
    await this.reclaim();
    const wt = this.git();
    await wt.ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet', head]);
    await wt.ok(['clean', '-ffdxq']);
    this.movedTo(head);
    await this.markKnown();
  }
}
