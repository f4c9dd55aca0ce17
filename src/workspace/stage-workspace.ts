import { lstat, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import {
  changedSince,
  fileClock,
  grantedAt,
  isInsideNestedGit,
  isNestedGitPath,
  reclaimTree,
} from '../sandbox/fs-access.js';
import { changeSummary, type ChangeSummary } from '../git/change-summary.js';
import { isInstructionFile } from '../core/scope/instruction-files.js';
import { reviewTree, type ReviewTree } from '../git/review-commit.js';
import { Git, GitError, treeGitArgs, type GitOptions, type GitResult } from '../git/git.js';
import { runTool } from '../process/run-captured.js';
import { pathArgument } from '../core/text/path-bytes.js';
import { layersAvailable, opaqueFolders } from '../sandbox/layer-mounts.js';
import { forgetLayers, layersOf, mountLayers, registerLayers } from './layers.js';
import { CheckoutChangedError, checkoutLayerable, dropLayers, layTree } from './laying.js';
import { discardTree } from '../git/tree-trash.js';
import { NestedRepositoryError } from '../git/nested-repository-error.js';
import { halfMadeError, POOL_PREFIX, removeHalfMadeRegistration } from './worktrees.js';

const worktreeQueues = new Map<string, Promise<void>>();

/** A full commit id (SHA-1 or SHA-256): it names one commit for ever. */
const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Checkouts that write many files use git's parallel workers (one per core); a small change stays sequential. */
const PARALLEL_CHECKOUT = ['-c', 'checkout.workers=0'];

/**
 * How okstra's git judges a file in a stage tree without reading it: by
 * modification time (whole seconds) and size. Not by change time or owner:
 * okstra itself changes every file's owner when it hands a tree to an agent
 * and takes it back, and git would then read the whole tree again (at 20,000
 * files / 200 MB, half a second per status). An agent that owns a file can
 * put its modification time back; that is what the change-time sweep is for
 * (StageWorkspace's `sweep`): every file changed during a session is read
 * again before git decides anything. The untracked cache (it trusts folder
 * modification times, which an owner can set too) and fsmonitor (it runs a
 * program and answers for the file system) are off whatever the repository's
 * config says; ignoreStat would skip the check altogether.
 */
export const TREE_STAT_CONFIG: readonly string[] = [
  ...['-c', 'core.trustctime=false', '-c', 'core.checkStat=minimal'],
  ...['-c', 'core.untrackedCache=false', '-c', 'core.fsmonitor=false', '-c', 'core.ignoreStat=false'],
];

/**
 * git in a stage tree: every call with {@link TREE_STAT_CONFIG}, reading the
 * index as if it were written after every file's modification time.
 *
 * git's racy-clean rule re-reads every file whose modification time falls in
 * the second its index was written (without sub-second times it cannot tell
 * an edit right after the index from the checkout right before it). A fresh
 * checkout writes its files and its index within the same second or two, so
 * each of okstra's commands over it would read the whole tree again (at
 * 20,000 files / 200 MB, a third of a second per `add`, `commit` or `status`)
 * until the clock moves on. okstra's own commands need no such guess: the
 * change-time sweep (StageWorkspace's `sweep`) has already marked every file
 * anyone else changed since okstra last knew the tree, and nobody else runs
 * there during okstra's command. So for the length of each command the
 * index's modification time is lent one second ahead of the clock, and put
 * back after it unless the command wrote the index itself (then git's own
 * time stands): an agent's git always reads the true time, and with it git's
 * full racy-clean rule.
 */
class TreeGit extends Git {
  constructor(
    cwd: string,
    env: Record<string, string>,
    private readonly index: string,
  ) {
    super(cwd, env);
  }

  override async run(args: readonly string[], opts: GitOptions = {}): Promise<GitResult> {
    const giveBack = await lendIndexTime(this.index);
    try {
      return await super.run([...TREE_STAT_CONFIG, ...treeGitArgs(args)], opts);
    } finally {
      await giveBack();
    }
  }
}

/** Indexes whose time is lent right now: a second command in the same tree keeps the first one's loan. */
const lentIndexes = new Set<string>();

/**
 * Sets `index`'s modification time to the next whole second (see
 * {@link TreeGit}) and returns what puts it back: the time it had, if the
 * index still carries the lent one (a command that wrote the index leaves a
 * new file with git's own time, which stays). No index yet: nothing to lend.
 */
async function lendIndexTime(index: string): Promise<() => Promise<void>> {
  const nothing = async (): Promise<void> => undefined;
  if (lentIndexes.has(index)) return nothing;
  const before = await stat(index, { bigint: true }).catch(() => null);
  if (!before) return nothing;
  const lentSec = BigInt(Math.floor(Date.now() / 1000) + 1);
  // An index already stamped later (a clock set back) keeps its own time: the loan would only make git less careful.
  if (before.mtimeNs >= lentSec * 1_000_000_000n) return nothing;
  // An index okstra may not stamp (not its own): git runs as it would have, only slower.
  try {
    await utimes(index, before.atime, Number(lentSec));
  } catch {
    return nothing;
  }
  lentIndexes.add(index);
  return async () => {
    lentIndexes.delete(index);
    const after = await stat(index, { bigint: true }).catch(() => null);
    if (after?.ino !== before.ino || after.mtimeNs !== lentSec * 1_000_000_000n) return;
    // Milliseconds, rounded down: a time put back a little earlier only makes git more careful. A failure leaves
    // the lent time, at most a second ahead: okstra's next call would lend it anyway.
    await utimes(index, before.atime, new Date(Number(before.mtimeNs / 1_000_000n))).catch(() => undefined);
  };
}

/** okstra's clock file of a tree, in the tree's admin folder: root's, and no agent can write there. */
const CLOCK_FILE = 'okstra-file-clock';

/** Every pathspec okstra gives is a path, never a pattern: a file named `*.ts` matches itself only. */
const LITERAL_PATHSPECS = { GIT_LITERAL_PATHSPECS: '1' };
/** More paths than this, or longer together: the whole tree is asked instead (an argument list has a limit). */
const MAX_PATHSPECS = 2_000;
const MAX_PATHSPEC_CHARS = 256 * 1024;

/**
 * `paths` as arguments that limit a git command to them (and what is under
 * them), or none when there are too many: then the command looks at
 * everything, which answers the same, only slower. Never an empty `--`,
 * which would mean "everything" by accident: the caller asks only for a
 * non-empty list.
 */
function pathspecArgs(paths: readonly string[]): string[] {
  if (paths.length === 0 || paths.length > MAX_PATHSPECS) return [];
  let chars = 0;
  const args: string[] = [];
  for (const p of paths) {
    const arg = pathArgument(p);
    if (arg === null) return [];
    chars += arg.length + 1;
    args.push(arg);
  }
  return chars > MAX_PATHSPEC_CHARS ? [] : ['--', ...args];
}

/** A path git gave as UTF-8 text, one character per byte (latin1) as okstra's other readings give it. */
function rawPath(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** {@link rawPath} of each, or null when git could only give one with a replacement character (its bytes are lost). */
function rawPaths(texts: readonly string[]): string[] | null {
  return texts.some((t) => t.includes('\uFFFD')) ? null : texts.map(rawPath);
}

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
  private readonly changes = new Map<string, Promise<ChangeSummary>>();
  /** Trees of this run no phase uses right now, re-pointed for the next one instead of checked out again. */
  private readonly spare: string[] = [];
  /**
   * Per tree, the file clock (fileClock) at which okstra last knew every file
   * to be what git's index says: after its own checkout, or after a sweep.
   */
  private readonly knownAt = new Map<string, bigint>();
  /** Per tree, the `knownAt` of the take-back commitAll did: the seal right after it need not take the tree back again. */
  private readonly committedAt = new Map<string, bigint>();

  /** Per layered tree: the commit of the checkout below it, the commit it was laid at, and its head as okstra set it. */
  private readonly laid = new Map<
    string,
    { checkoutHead: string; laidAt: string; head: string; hidden: readonly string[] }
  >();
  /** Whether this repository's checkout can carry layered trees (asked once: see {@link layer}). */
  private layerable: Promise<boolean> | null = null;

  /**
   * `remoteEnv` authenticates pushes (gitAuthEnv): the checkout's config holds no credential an agent could read.
   * `stageTrees` (default: {@link stageTreeModeFrom}): `checkout` gives every tree a checkout of its own; `auto`
   * lays trees over the user's checkout where the machine allows it and the repository is big enough for that to
   * pay; `layered` does wherever the machine allows it.
   */
  constructor(
    readonly repoDir: string,
    private readonly opts: { remoteEnv?: Record<string, string>; stageTrees?: StageTreeMode } = {},
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

  /**
   * A worktree with `branch` checked out: a kept tree of this run re-pointed
   * at it (git writes only the files that differ), or a new one.
   */
  async addBranchWorktree(branch: string): Promise<string> {
    return this.takeTree(['checkout', '--force', '--quiet', branch], ['--no-checkout', branch]);
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
    for (let dir = this.spare.pop(); dir !== undefined; dir = this.spare.pop()) {
      const wt = this.worktreeGit(dir);
      // Re-point: writes only the files that differ from what the tree holds.
      const moved = await wt.run([...PARALLEL_CHECKOUT, ...repoint]).catch(() => null);
      // Clean: untracked and ignored leftovers of the previous use, nested repositories too.
      if (moved?.exitCode === 0 && (await wt.run(['clean', '-ffdxq'])).exitCode === 0) {
        await this.markKnown(dir);
        return dir;
      }
      // A kept tree git cannot re-point (removed from under us, or its branch is checked out elsewhere): drop it.
      const refusal =
        moved && /already (checked out|used by worktree)/.test(moved.stderr) ? new GitError(repoint, moved) : null;
      await this.removeWorktree(dir);
      if (refusal) throw refusal;
    }
    const dir = await mkdtemp(join(tmpdir(), POOL_PREFIX));
    await this.worktreeAdmin(['worktree', 'add', '--quiet', ...addArgs.slice(0, -1), dir, addArgs.at(-1) as string]);
    await this.rememberGitDir(dir);
    // Fill the new tree: laid over the user's checkout, or checked out in full (its own index, so off the admin queue).
    if (!(await this.layer(dir))) await this.worktreeGit(dir).ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet']);
    await this.markKnown(dir);
    return dir;
  }

  /**
   * Makes `dir` (registered, not checked out) a layered tree over the user's
   * checkout (src/workspace/layers.ts): no file is written but those the
   * tree's commit has differently from the checkout. False when it cannot be
   * one here (the caller checks it out in full).
   */
  private async layer(dir: string): Promise<boolean> {
    const mode = this.opts.stageTrees ?? stageTreeModeFrom(process.env);
    if (mode === 'checkout') return false;
    this.layerable ??= (async () =>
      (mode === 'layered' || (await checkoutLayerable(this.repoDir))) && (await layersAvailable()))();
    if (!(await this.layerable)) return false;
    const gitDir = this.gitDirs.get(dir) as string;
    const laid = await layTree(this.repoDir, dir, gitDir, () => fileClock(join(gitDir, CLOCK_FILE)));
    if (!laid) return false;
    const { layers, reading } = laid;
    try {
      await mountLayers(dir, layers, null, false);
    } catch (error) {
      await rm(layers.state, { recursive: true, force: true });
      throw error;
    }
    registerLayers(dir, layers);
    const wt = this.worktreeGit(dir);
    // The tree's commit: whatever differs from the checkout's is written (into the upper layer), the rest is read below.
    const laidAt = await wt.ok(['rev-parse', '--verify', 'HEAD^{commit}']);
    this.laid.set(dir, { checkoutHead: reading.head, laidAt, head: laidAt, hidden: reading.hidden });
    await this.readAgain(dir, reading.dirty);
    if (reading.staged || reading.dirty.length > 0) await wt.ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet']);
    // Usually the stage starts where the checkout is: then the tree already is its commit.
    else if (reading.head !== laidAt)
      await wt.ok([...PARALLEL_CHECKOUT, 'read-tree', '-m', '-u', reading.head, 'HEAD']);
    return true;
  }

  /**
   * The paths among `paths` (relative to a layered tree) that the user's
   * checkout changed since the tree was laid over it: their inode there
   * changed after okstra read the checkout. A stage must not commit, push
   * or review what the user is editing.
   */
  private async changedBelow(dir: string, paths: readonly string[]): Promise<string[]> {
    const layers = layersOf(dir);
    if (!layers) return [];
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
   * Where a layered tree can differ from its index at all, or null for a
   * tree that is not layered (then git looks at everything). Nothing below
   * the upper layer changes but what the user changes in the checkout
   * (caught by {@link changedBelow}), so a path differs only if it is
   * - in the upper layer (a file, or a whiteout: written or deleted through the tree),
   * - under an opaque folder there (made anew: nothing below it shows), or
   * - different between the checkout's commit and the tree's head (the index holds the head, the checkout the other).
   * git then looks at those paths alone: a command over a big tree costs what the stage changed.
   */
  private async narrowed(dir: string): Promise<string[] | null> {
    const layers = layersOf(dir);
    const laid = this.laid.get(dir);
    if (!layers || !laid) return null;
    const listed = await runTool('find', [layers.upper, '-mindepth', '1', '-printf', '%y%P\\0'], {
      encoding: 'latin1',
      env: { LC_ALL: 'C' },
    });
    if (listed.exitCode !== 0)
      throw new Error(`cannot list the changes of ${dir}: ${listed.stderr.trim() || 'find failed'}`);
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
    const committed = rawPaths(await this.changedFiles(laid.checkoutHead, laid.head));
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
  private async stageable(dir: string, paths: readonly string[]): Promise<string[]> {
    const present: string[] = [];
    const gone: string[] = [];
    for (const path of paths) {
      const there = await lstat(Buffer.concat([Buffer.from(`${dir}/`), Buffer.from(path, 'latin1')])).catch(() => null);
      (there ? present : gone).push(path);
    }
    if (gone.length === 0) return present;
    const args = pathspecArgs(gone);
    const tracked = await this.worktreeGit(dir).ok(['ls-files', '-z', ...args], {
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

  /**
   * Hands a tree back to the pool for a later phase or stage of this run.
   * Call it after the lease of every agent that used it was released (its
   * processes are gone). The tree is taken back first ({@link reclaim}) and
   * detached, so no branch stays checked out in a tree nobody uses.
   */
  async releaseWorktree(dir: string): Promise<void> {
    if (!this.gitDirs.has(dir)) return;
    // A layered tree costs no checkout to make again, and a pooled one would keep its upper layer: removed.
    if (layersOf(dir)) return this.removeWorktree(dir);
    try {
      await this.reclaim(dir);
      // Detach at the same commit: HEAD only, no file is written.
      await this.worktreeGit(dir).ok(['checkout', '--detach', '--quiet']);
      this.spare.push(dir);
    } catch {
      await this.removeWorktree(dir);
    }
  }

  /**
   * okstra takes a tree back from the agents that had it: everything in it
   * becomes root's again, no file is writable by group or others or keeps a
   * set-id bit, FIFOs and sockets are gone, and its `.git` pointer is
   * okstra's own again. Only what an agent changed is touched, so git's index
   * stays valid for everything else.
   */
  async reclaim(dir: string): Promise<string[]> {
    const gitDir = this.gitDirs.get(dir);
    if (!gitDir) throw new Error(`${dir} is not a worktree this workspace created`);
    return this.sweep(dir, async (since) => {
      const changed = await reclaimTree(dir, since);
      // The agent may have made the pointer a link or a folder; okstra's git calls never read it, an agent's git does.
      await rm(join(dir, '.git'), { recursive: true, force: true });
      await writeFile(join(dir, '.git'), `gitdir: ${gitDir}\n`, { mode: 0o644 });
      return changed;
    });
  }

  /**
   * The change-time sweep: the rule that makes {@link TREE_STAT_CONFIG} safe.
   * Before okstra's git decides what changed in a tree someone else could
   * write, every path whose inode changed at or after the moment okstra last
   * knew the tree (`knownAt`; or, when the tree was handed to an agent user
   * after that, the moment the hand-over ended) is read again by git, whatever
   * its modification time and size say. Sound because:
   * - every change to a file's content, name or link count moves its change
   *   time to the kernel's clock, and no process but root can set it (an
   *   owner can set only the modification time);
   * - the agents' processes are gone before the sweep (the lease's release
   *   kills them), so nothing changes between the sweep and git's decision;
   * - okstra's own changes (its checkout, its chown at a hand-over) come
   *   before the instant the sweep starts from, so they cost no re-read.
   * It assumes the clock is not set back while a tree is out (only root can);
   * a clock found behind the instant the sweep starts from makes every file
   * be read again.
   */
  private async sweep(dir: string, walk: (since: bigint) => Promise<string[]>): Promise<string[]> {
    if (!this.gitDirs.has(dir)) throw new Error(`${dir} is not a worktree this workspace created`);
    const known = this.knownAt.get(dir) ?? 0n;
    const granted = grantedAt(dir);
    const since = granted !== null && granted > known ? granted : known;
    let changed = await walk(since);
    const now = await this.markKnown(dir);
    if (now < since) changed = await changedSince(dir, 0n, [], { nestedGit: true });
    const nested = await this.removeNestedRepositories(dir, changed);
    await this.readAgain(
      dir,
      changed.filter((p) => !isNestedGitPath(p) && !isInsideNestedGit(p)),
    );
    return nested;
  }

  /**
   * Deletes every `.git` entry below `dir`'s top that the walk found (a
   * folder, a `gitdir:` file pointing anywhere, a link), before any git of
   * okstra's runs there: git would take each for a repository of its own and
   * run what that repository's config names (filters, fsmonitor) as okstra.
   * Returns the folders they were in.
   */
  private async removeNestedRepositories(dir: string, paths: readonly string[]): Promise<string[]> {
    const nested = paths.filter(isNestedGitPath);
    for (const path of nested)
      await rm(Buffer.concat([Buffer.from(`${dir}/`), Buffer.from(path, 'latin1')]), { recursive: true, force: true });
    return nested.map((path) => path.slice(0, -'/.git'.length));
  }

  /** Notes that okstra knows every file of `dir` as of now (its own changes are all before the reading). */
  private async markKnown(dir: string): Promise<bigint> {
    const gitDir = this.gitDirs.get(dir);
    if (!gitDir) throw new Error(`${dir} is not a worktree this workspace created`);
    const now = await fileClock(join(gitDir, CLOCK_FILE));
    this.knownAt.set(dir, now);
    return now;
  }

  /**
   * Makes git read `paths` again at its next look: their index entries are
   * written again with no stat data (git's own "smudged" state: a recorded
   * size of 0 for a non-empty blob never matches), so no modification time or
   * size can vouch for them. Paths git does not track need nothing: git
   * always lists untracked files.
   */
  private async readAgain(dir: string, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    const wt = this.worktreeGit(dir);
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

  /**
   * Makes the executor's tree the one every reviewer reads: taken back,
   * cleaned of what the commit does not hold (ignored build output), and
   * proven to be exactly `head`. Throws when it is not: reviewers must never
   * see something other than what is committed. A tree not at `head` (a
   * review commit, src/git/review-commit.ts) is moved there detached: the
   * stage branch it has checked out stays at the executor's head.
   */
  async sealForReview(dir: string, head: string): Promise<void> {
    // Taken back, unless the executor's commit just did (commitAll) and the tree has not been handed out since.
    const committed = this.committedAt.get(dir);
    this.committedAt.delete(dir);
    const fresh = committed !== undefined && committed === this.knownAt.get(dir) && (await this.closedSinceKnown(dir));
    if (!fresh) await this.reclaim(dir);
    // Usually the executor's commit took everything: one status proves it, and nothing needs cleaning.
    const state = await this.status(dir);
    if (state.head === head && state.dirty.length === 0) return;
    const wt = this.worktreeGit(dir);
    // A layered tree is cleaned where it differs only; any other at large.
    const dirty = rawPaths(state.dirty);
    const where = this.laid.has(dir) && state.head === head && dirty ? pathspecArgs(dirty) : [];
    // Untracked and ignored leftovers (build output), and tracked files the commit did not take: the head, exactly.
    if (state.head !== head || where.length === 0) {
      // `reset --hard <commit>` would move the branch the tree has checked out; a detached checkout moves HEAD only.
      if (state.head !== head) await wt.ok([...PARALLEL_CHECKOUT, 'checkout', '--force', '--quiet', '--detach', head]);
      else if (state.tracked.length > 0) await wt.ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet']);
      if (state.dirty.length > state.tracked.length) await wt.ok(['clean', '-ffdxq']);
    } else {
      if (state.tracked.length > 0)
        await wt.ok(['checkout', '--force', 'HEAD', ...pathspecArgs(rawPaths(state.tracked) ?? [])], {
          env: LITERAL_PATHSPECS,
        });
      if (state.dirty.length > state.tracked.length)
        await wt.ok(['clean', '-ffdxq', ...where], { env: LITERAL_PATHSPECS });
    }
    const laid = this.laid.get(dir);
    if (laid) laid.head = head;
    await this.markKnown(dir);
    const again = await this.status(dir);
    if (again.head !== head || again.dirty.length > 0)
      throw new Error(
        `the stage worktree ${dir} is not the committed head ${head.slice(0, 12)} after cleaning (${again.dirty.slice(0, 5).join(', ')}); it cannot be reviewed`,
      );
  }

  /**
   * Whether no one but okstra could have entered `dir` since okstra last knew
   * every file in it: its top folder is okstra's, closed (0700), and its inode
   * has not changed since that moment. Every hand-over changes it (giveTo
   * changes its owner, sharing for reading its mode), and the kernel stamps
   * that change; an agent's processes are gone once its lease is released.
   */
  private async closedSinceKnown(dir: string): Promise<boolean> {
    const known = this.knownAt.get(dir);
    const top = await lstat(dir, { bigint: true }).catch(() => null);
    if (known === undefined || !top?.isDirectory()) return false;
    const mine = BigInt(process.getuid?.() ?? -1);
    return top.uid === mine && (top.mode & 0o777n) === 0o700n && top.ctimeNs < known;
  }

  /** Puts a shared review tree back to `head` after something changed it (possible only without the kernel's protection). */
  async restore(dir: string, head: string): Promise<void> {
    await this.reclaim(dir);
    const wt = this.worktreeGit(dir);
    await wt.ok([...PARALLEL_CHECKOUT, 'reset', '--hard', '--quiet', head]);
    await wt.ok(['clean', '-ffdxq']);
    const laid = this.laid.get(dir);
    if (laid) laid.head = head;
    await this.markKnown(dir);
  }

  /** Removes every tree the pool keeps. The shells call it when the run (or chain) ends. */
  async close(): Promise<void> {
    for (const dir of this.spare.splice(0)) await this.removeWorktree(dir);
    // Registrations of folders that are gone, once per run rather than after every remove.
    await this.worktreeAdmin(['worktree', 'prune'], { allowFailure: true });
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
    return new TreeGit(
      worktree,
      { ...env, GIT_DIR: gitDir, GIT_WORK_TREE: worktree },
      resolve(worktree, gitDir, 'index'),
    );
  }

  /**
   * Removes a worktree for good (not back to the pool). Call it once no agent
   * runs there (every lease on it released). The tree is moved aside and
   * deleted in the background (tree-trash.ts), off the stage's path, and its
   * registration goes at once: a stale one would keep its branch "checked
   * out" for git.
   */
  async removeWorktree(dir: string): Promise<void> {
    const gitDir = this.gitDirs.get(dir);
    this.gitDirs.delete(dir);
    this.knownAt.delete(dir);
    this.committedAt.delete(dir);
    this.laid.delete(dir);
    const layers = layersOf(dir);
    if (layers) {
      forgetLayers(dir);
      // Unmounted and deleted in the background (never through the mount: the checkout below stays untouched).
      dropLayers(dir, layers);
      // Its registration goes at once (an admin folder `worktree add` made); any other is left to close()'s prune.
      if (gitDir && basename(dirname(resolve(dir, gitDir))) === 'worktrees') {
        const admin = resolve(dir, gitDir);
        await this.adminQueue(() => rm(admin, { recursive: true, force: true }));
      }
      return;
    }
    const i = this.spare.indexOf(dir);
    if (i >= 0) this.spare.splice(i, 1);
    // Only an admin folder `worktree add` made (…/worktrees/<name>) is deleted by hand, as `worktree prune` would.
    if (gitDir && basename(dirname(resolve(dir, gitDir))) === 'worktrees' && (await discardTree(dir))) {
      const admin = resolve(dir, gitDir);
      await this.adminQueue(() => rm(admin, { recursive: true, force: true }));
      return;
    }
    await this.worktreeAdmin(['worktree', 'remove', '--force', '--force', dir], { allowFailure: true });
    await rm(dir, { recursive: true, force: true });
  }

  /**
   * git does not make `worktree add/remove/prune` safe to run concurrently in
   * one repository (a prune can delete the admin folder of a worktree being
   * added). Within this process they queue per repository; against another
   * process (a second run in the same clone) a collision is retried.
   */
  private async worktreeAdmin(args: string[], opts: { allowFailure?: boolean } = {}): Promise<void> {
    await this.adminQueue(async () => {
      for (let attempt = 1; ; attempt++) {
        const result = await this.git.run(args);
        if (result.exitCode === 0) return;
        const collided = /commondir|gitdir|could not lock|\.lock': File exists|unable to create/i.test(result.stderr);
        if (collided && attempt < 5) {
          await new Promise((r) => setTimeout(r, 50 * attempt));
          continue;
        }
        // Not a collision that passed: a registration a killed add left half made, which no wait mends.
        if (attempt < 10 && (await removeHalfMadeRegistration(this.repoDir, result.stderr))) continue;
        if (opts.allowFailure) return;
        throw halfMadeError(this.repoDir, result.stderr) ?? new GitError(args, result);
      }
    });
  }

  /** Runs `work` after every admin change of this repository queued before it (see {@link worktreeAdmin}). */
  private async adminQueue(work: () => Promise<void>): Promise<void> {
    const previous = worktreeQueues.get(this.repoDir) ?? Promise.resolve();
    const mine = previous.then(work);
    // The queue keeps going after a failure; the failure still reaches this caller.
    worktreeQueues.set(
      this.repoDir,
      mine.catch(() => undefined),
    );
    await mine;
  }

  /**
   * A worktree's HEAD and every path that differs from it, untracked and
   * ignored files included, in one git process (porcelain v2 with the branch
   * header carries the head's id). Files changed since okstra last knew the
   * tree are read again first (the sweep), so a session that put a file's
   * modification time back is still caught.
   */
  async treeState(worktree: string): Promise<{ head: string; dirty: string[] }> {
    const nested = await this.sweep(worktree, async (since) => {
      const layers = layersOf(worktree);
      const laid = this.laid.get(worktree);
      if (!layers || !laid) return changedSince(worktree, since, [], { nestedGit: true });
      // A layered tree: what was written through it is in its upper layer; what the user changed since its laying
      // is in the checkout below (its untracked and ignored paths, which the tree never shows, left out).
      const [written, below] = await Promise.all([
        changedSince(layers.upper, since, [], { nestedGit: true }),
        // The checkout holds thousands of files (LAYER_MIN_FILES at least): walked by processes side by side.
        changedSince(layers.checkout, layers.createdAt, ['.git', ...laid.hidden], { folders: true, split: true }),
      ]);
      const changed = await this.changedBelow(worktree, below);
      if (changed.length > 0) throw new CheckoutChangedError(this.repoDir, changed);
      return written;
    });
    const { head, dirty } = await this.status(worktree);
    // A nested repository the sweep deleted was a change to the tree all the same.
    return { head, dirty: nested.length > 0 ? dirty.concat(nested.map((folder) => `${folder}/.git`)) : dirty };
  }

  /** One `git status` of the tree as it is, with no sweep: for okstra's own changes since the last one. */
  private async status(worktree: string): Promise<StatusV2> {
    const only = await this.narrowed(worktree);
    // A layered tree where nothing can differ: its head, clean, with no git process.
    const laid = this.laid.get(worktree);
    if (only?.length === 0 && laid) return { head: laid.head, dirty: [], tracked: [] };
    const out = await this.worktreeGit(worktree).ok(
      [
        'status',
        '--porcelain=v2',
        '--branch',
        '-z',
        '--untracked-files=all',
        '--ignored=traditional',
        ...pathspecArgs(only ?? []),
      ],
      { env: LITERAL_PATHSPECS },
    );
    return parseStatus(out);
  }

  /** Paths that differ from HEAD in a worktree, untracked and ignored files included (a fresh checkout has none). */
  async dirtyPaths(worktree: string): Promise<string[]> {
    return (await this.treeState(worktree)).dirty;
  }

  /** Commits everything left uncommitted in `worktree`; returns the new head, or null when there was nothing. */
  async commitAll(worktree: string, message: string): Promise<string | null> {
    // Taken back first (the executor's processes are gone): what it changed is read again, whatever the times say.
    const nested = await this.reclaim(worktree);
    if (nested.length > 0) throw new NestedRepositoryError(nested);
    const known = this.knownAt.get(worktree);
    if (known !== undefined) this.committedAt.set(worktree, known);
    const wt = this.worktreeGit(worktree, ENGINE_IDENTITY);
    const laid = this.laid.get(worktree);
    if (laid) return this.commitLayered(worktree, wt, laid, message);
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

  /**
   * {@link commitAll} in a layered tree: staged where it can differ only
   * ({@link narrowed}), and committed with git's plumbing, since `commit`
   * would first look at every file of the tree again. Nothing the user
   * changed in the checkout meanwhile may be in the commit (or be pushed).
   */
  private async commitLayered(
    worktree: string,
    wt: Git,
    laid: { laidAt: string; head: string },
    message: string,
  ): Promise<string | null> {
    const narrowed = await this.narrowed(worktree);
    const only = narrowed === null ? null : await this.stageable(worktree, narrowed);
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
    const below = await this.changedBelow(worktree, await this.changedFiles(laid.laidAt, head));
    if (below.length > 0) throw new CheckoutChangedError(this.repoDir, below);
    return tree === before ? null : head;
  }

  async headOf(worktree: string): Promise<string> {
    return this.worktreeGit(worktree).ok(['rev-parse', 'HEAD']);
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

export type StageTreeMode = 'auto' | 'layered' | 'checkout';

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

interface StatusV2 {
  head: string;
  /** Every path that differs from the head: tracked ones first in git's order, untracked and ignored ones too. */
  dirty: string[];
  /** The tracked paths among them (changed, deleted, renamed, conflicted). */
  tracked: string[];
}

/** Parses `git status --porcelain=v2 --branch -z`: the head's id and the paths that differ. */
export function parseStatusV2(out: string): { head: string; dirty: string[] } {
  const { head, dirty } = parseStatus(out);
  return { head, dirty };
}

function parseStatus(out: string): StatusV2 {
  const fields = out.split('\0');
  let head = '';
  const dirty: string[] = [];
  const tracked: string[] = [];
  const add = (path: string, isTracked: boolean): void => {
    dirty.push(path);
    if (isTracked) tracked.push(path);
  };
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as string;
    if (f === '') continue;
    if (f.startsWith('# branch.oid ')) head = f.slice('# branch.oid '.length);
    else if (f.startsWith('#')) continue;
    else if (f.startsWith('? ') || f.startsWith('! ')) add(f.slice(2), false);
    else if (f.startsWith('1 ')) add(f.split(' ').slice(8).join(' '), true);
    else if (f.startsWith('2 ')) {
      add(f.split(' ').slice(9).join(' '), true);
      i += 1; // the rename's original path follows in its own field
    } else if (f.startsWith('u ')) add(f.split(' ').slice(10).join(' '), true);
  }
  return { head, dirty, tracked };
}
