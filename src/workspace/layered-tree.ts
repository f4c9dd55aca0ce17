import { chmod, lstat, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileClock, handedOverAt } from '../sandbox/fs-access.js';
import type { AgentUser } from '../sandbox/agent-users.js';
import { opaqueFolders } from './layer-mounts.js';
import { runTool } from '../process/run-captured.js';
import { pathArgument } from '../core/text/path-bytes.js';
import { handLayersTo, mountLayers, takeLayersBack, type TreeLayers } from './layers.js';
import { CheckoutChangedError, dropLayers, layTree } from './laying.js';
import type { Repository } from './repository.js';
import type { TreeStatus } from './stage-tree.js';
import { CLOCK_FILE, TreeBase } from './tree-base.js';
import { LITERAL_PATHSPECS, PARALLEL_CHECKOUT, pathspecArgs, rawPath, rawPaths, treeStatus } from './tree-git.js';
import { changedSince, reclaimFolder } from './tree-walk.js';

/** What okstra set when it laid the tree: the checkout's commit below, the commit it was laid at, its head now. */
interface Laid {
  checkoutHead: string;
  laidAt: string;
  head: string;
  /** The checkout's untracked and ignored paths, which the tree never shows. */
  hidden: readonly string[];
}

/**
 * A stage tree laid over the user's checkout (src/workspace/layers.ts says
 * what that is): no file is written but those the tree's commit has
 * differently from the checkout, and git looks only where the tree can
 * differ ({@link narrowed}). Handed over and taken back by remounting; never
 * pooled (it costs no checkout to make again, and a kept one would keep its
 * upper layer).
 */
export class LayeredTree extends TreeBase {
  /** The read-only remount that shares the sealed tree with reviewers (or is making it); null while it is not shared. */
  private sharing: Promise<void> | null = null;

  private constructor(
    dir: string,
    gitDir: string,
    repo: Repository,
    private readonly layers: TreeLayers,
    private readonly laid: Laid,
  ) {
    super(dir, gitDir, repo);
  }

  /**
   * Makes `dir` (registered, not checked out) a layered tree over the user's
   * checkout: its layers prepared and mounted, then the tree made its commit
   * (`read-tree -m -u` of what differs, or `reset --hard` when the checkout
   * has uncommitted work). Null, having left nothing behind, when the
   * checkout cannot carry it (the caller checks the tree out in full).
   */
  static async lay(repo: Repository, dir: string, gitDir: string): Promise<LayeredTree | null> {
    const made = await layTree(repo.repoDir, dir, gitDir, () => fileClock(join(gitDir, CLOCK_FILE)));
    if (!made) return null;
    const { layers, reading } = made;
    try {
      await mountLayers(dir, layers, null, false);
    } catch (error) {
      await rm(layers.state, { recursive: true, force: true });
      throw error;
    }
    const laid: Laid = { checkoutHead: reading.head, laidAt: '', head: '', hidden: reading.hidden };
    const tree = new LayeredTree(dir, gitDir, repo, layers, laid);
    const wt = tree.git();
    // The tree's commit: whatever differs from the checkout's is written (into the upper layer), the rest is read below.
    laid.laidAt = laid.head = await wt.ok(['rev-parse', '--verify', 'HEAD^{commit}']);
    await tree.readAgain(reading.dirty);
    if (reading.staged || reading.dirty.length > 0) await wt.ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet']);
    // Usually the stage starts where the checkout is: then the tree already is its commit.
    else if (reading.head !== laid.laidAt)
      await wt.ok([...PARALLEL_CHECKOUT, 'read-tree', '-m', '-u', reading.head, 'HEAD']);
    await tree.markKnown();
    return tree;
  }

  /** Detached, its upper layer made the user's, mounted again seen by the user (layers.ts). */
  async handTo(user: AgentUser): Promise<void> {
    this.sharing = null;
    await handLayersTo(this.dir, this.layers, user);
    this.grantedAt = await handedOverAt(this.dir, user);
  }

  /**
   * Entered and read by anyone, and mounted again read-only, so the kernel
   * refuses every write whatever the mode of a file below (a checkout may
   * hold group- or world-writable files, which a checked-out tree never
   * has). Once per sealing: every reviewer of a batch shares the one
   * remount, and a reviewer already inside keeps the tree mounted as it is.
   */
  openForReading(): Promise<void> {
    if (!this.sharing) {
      const done = (async () => {
        await chmod(this.dir, 0o755);
        await mountLayers(this.dir, this.layers, null, true, true);
      })();
      // A failed remount is not remembered: the next reviewer's share tries again.
      done.catch(() => {
        if (this.sharing === done) this.sharing = null;
      });
      this.sharing = done;
    }
    return this.sharing;
  }

  /** Everything an agent wrote is in the upper layer, so only that is taken back (and whiteouts stay: deletions). */
  protected takeBackFiles(since: bigint): Promise<string[]> {
    this.sharing = null;
    return takeLayersBack(this.dir, this.layers, (upper) => reclaimFolder(upper, since, true));
  }

  /**
   * What was written through the tree is in its upper layer; what the user
   * changed since its laying is in the checkout below (its untracked and
   * ignored paths, which the tree never shows, left out) and stops the stage.
   */
  protected async changedSince(since: bigint): Promise<string[]> {
    const { layers } = this;
    const [written, below] = await Promise.all([
      changedSince(layers.upper, since, [], { nestedGit: true }),
      // The checkout holds thousands of files (LAYER_MIN_FILES at least): walked by processes side by side.
      changedSince(layers.checkout, layers.createdAt, ['.git', ...this.laid.hidden], { folders: true, split: true }),
    ]);
    const changed = await this.changedBelow(below);
    if (changed.length > 0) throw new CheckoutChangedError(this.repo.repoDir, changed);
    return written;
  }

  /** Where nothing can differ: its head, clean, with no git process; else git asked where it can. */
  override async status(): Promise<TreeStatus> {
    const only = await this.narrowed();
    if (only?.length === 0) return { head: this.laid.head, dirty: [], tracked: [] };
    return treeStatus(this.git(), only);
  }

  protected override cleanWhere(dirty: readonly string[]): string[] {
    return pathspecArgs(dirty);
  }

  protected override movedTo(head: string): void {
    this.laid.head = head;
  }

  /**
   * Staged where it can differ only ({@link narrowed}), and committed with
   * git's plumbing, since `commit` would first look at every file of the
   * tree again. Nothing the user changed in the checkout meanwhile may be in
   * the commit (or be pushed).
   */
  protected async commitChanges(message: string): Promise<string | null> {
    const { laid } = this;
    const wt = this.committer();
    const narrowed = await this.narrowed();
    const only = narrowed === null ? null : await this.stageable(narrowed);
    if (only === null || only.length > 0)
      await wt.ok(['add', '--all', ...pathspecArgs(only ?? [])], { env: LITERAL_PATHSPECS });
    // The index's tree (git's cache of unchanged folders makes it cheap) against the head's: equal means no change.
    const [tree, before] = await Promise.all([
      wt.ok(['write-tree']),
      wt.ok(['rev-parse', '--verify', `${laid.head}^{tree}`]),
    ]);
    let head = laid.head;
    if (tree !== before) {
      head = await wt.ok(['commit-tree', tree, '-p', laid.head, '-m', message]);
      // Compare-and-swap against the head okstra set: nothing else moves this tree's branch meanwhile.
      await wt.ok(['update-ref', '-m', `commit: ${message.split('\n')[0] ?? ''}`, 'HEAD', head, laid.head]);
    }
    laid.head = head;
    const below = await this.changedBelow(await this.repo.changedFiles(laid.laidAt, head));
    if (below.length > 0) throw new CheckoutChangedError(this.repo.repoDir, below);
    return tree === before ? null : head;
  }

  /**
   * The paths among `paths` (relative to the tree) that the user's checkout
   * changed since the tree was laid over it: their inode there changed after
   * okstra read the checkout. A stage must not commit, push or review what
   * the user is editing.
   */
  private async changedBelow(paths: readonly string[]): Promise<string[]> {
    const { layers } = this;
    const below: string[] = [];
    for (const path of paths) {
      if (path === '.git' || path === '') continue;
      const raw = Buffer.from(path, 'latin1');
      const written = await lstat(Buffer.concat([Buffer.from(`${layers.upper}/`), raw])).catch(() => null);
      // Replaced or deleted through the tree: nothing of the checkout shows there.
      if (written && !written.isDirectory()) continue;
      const seen = await lstat(Buffer.concat([Buffer.from(`${layers.checkout}/`), raw]), { bigint: true }).catch(
        () => null,
      );
      if (!seen || seen.ctimeNs < layers.createdAt) continue;
      // A folder: something was added, removed or renamed in it below the tree, which shows through even a folder
      // the tree wrote into. A file: unless the tree wrote it (then the checkout's copy is hidden).
      if (seen.isDirectory() || !written) below.push(path);
    }
    return below;
  }

  /**
   * Where the tree can differ from its index at all. Nothing below the upper
   * layer changes but what the user changes in the checkout (caught by
   * {@link changedBelow}), so a path differs only if it is
   * - in the upper layer (a file, or a whiteout: written or deleted through the tree),
   * - under an opaque folder there (made anew: nothing below it shows), or
   * - different between the checkout's commit and the tree's head (the index holds the head, the checkout the other).
   * git then looks at those paths alone: a command over a big tree costs what the stage changed. Null (look at
   * everything) when a path cannot be given to git byte for byte.
   */
  private async narrowed(): Promise<string[] | null> {
    const { layers, laid } = this;
    const listed = await runTool('find', [layers.upper, '-mindepth', '1', '-printf', '%y%P\\0'], {
      encoding: 'latin1',
      env: { LC_ALL: 'C' },
    });
    if (listed.exitCode !== 0)
      throw new Error(`cannot list the changes of ${this.dir}: ${listed.stderr.trim() || 'find failed'}`);
    const files: string[] = [];
    const folders: string[] = [];
    for (const entry of String(listed.stdout).split('\0'))
      if (entry.length >= 2) (entry[0] === 'd' ? folders : files).push(entry.slice(1));
    const asked = folders.map((f) => pathArgument(f));
    if (asked.some((f) => f === null)) return null;
    const opaque =
      folders.length > 0
        ? (await opaqueFolders((asked as string[]).map((f) => join(layers.upper, f)))).map((f) =>
            rawPath(f.slice(layers.upper.length + 1)),
          )
        : [];
    const committed = rawPaths(await this.repo.changedFiles(laid.checkoutHead, laid.head));
    if (!committed) return null;
    return [...new Set([...files, ...opaque, ...committed])].filter((p) => p !== '.git');
  }

  /**
   * The paths of `paths` that `git add` can take: those in the tree, and of
   * those gone from it the ones the index tracks (a deletion to stage). A
   * path neither holds (a file of the checkout the stage's commit never had,
   * deleted when the tree was laid) would make `add` fail on a pathspec that
   * matches nothing.
   */
  private async stageable(paths: readonly string[]): Promise<string[]> {
    const present: string[] = [];
    const gone: string[] = [];
    for (const path of paths) {
      const there = await lstat(Buffer.concat([Buffer.from(`${this.dir}/`), Buffer.from(path, 'latin1')])).catch(
        () => null,
      );
      (there ? present : gone).push(path);
    }
    if (gone.length === 0) return present;
    const tracked = await this.git().ok(['ls-files', '-z', ...pathspecArgs(gone)], {
      encoding: 'latin1',
      env: LITERAL_PATHSPECS,
    });
    // Without a narrowed list (too many paths) ls-files listed everything: each entry names the gone path it is, or
    // the gone folder it is under.
    const wanted = new Set(gone);
    const stillTracked = new Set<string>();
    for (const entry of tracked.split('\0'))
      for (let p = entry; p !== ''; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')
        if (wanted.has(p)) stillTracked.add(p);
    return [...present, ...stillTracked];
  }

  /** Never kept: it costs no checkout to make again, and a kept one would keep its upper layer. */
  async keep(): Promise<boolean> {
    return false;
  }

  /** Never kept, so never re-pointed: a layered tree asked anyway is one to remove. */
  async repoint(): Promise<'unusable'> {
    return 'unusable';
  }

  /** Unmounted and deleted in the background (never through the mount: the checkout below stays untouched). */
  async remove(): Promise<void> {
    this.sharing = null;
    dropLayers(this.dir, this.layers);
    // Its registration goes at once (an admin folder `worktree add` made); any other is left to close()'s prune.
    const admin = resolve(this.dir, this.gitDir);
    if (basename(dirname(admin)) === 'worktrees')
      await this.repo.adminQueue(() => rm(admin, { recursive: true, force: true }));
  }
}
