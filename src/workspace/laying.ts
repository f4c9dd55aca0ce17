import {
  chmod,
  copyFile,
  lchown,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readFile,
  rm,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { detachAndRemoveCommand, makeWhiteouts, unmount } from './layer-mounts.js';
import { runDetached } from '../git/tree-trash.js';
import { LAYERS_PREFIX, type TreeLayers } from './layers.js';
import { pathArgument } from '../core/text/path-bytes.js';
import { Git } from '../git/git.js';
import { statusRecords } from './tree-git.js';

/**
 * What okstra needs to know of the user's checkout before it lays a stage
 * tree over it (src/workspace/layers.ts says what a layered tree is).
 */
export interface CheckoutReading {
  /** The commit the checkout's index was made from. */
  head: string;
  /** Tracked files that are not what the index records (changed, deleted, type-changed): the stage rewrites them. */
  dirty: string[];
  /** Whether the index itself differs from `head` (something is staged). */
  staged: boolean;
  /** Everything git does not track there, untracked and ignored (a folder once, with no trailing slash): hidden. */
  hidden: string[];
}

/**
 * The user's checkout as `git status --porcelain=v2 --branch -z` reports it;
 * null when a stage cannot be laid over it (a conflict in the index, or no
 * commit yet). Pure.
 */
export function parseCheckoutStatus(out: string): CheckoutReading | null {
  const { head, records } = statusRecords(out);
  if (records.some((r) => r.kind === 'u') || !/^[0-9a-f]{40,64}$/.test(head)) return null;
  const changed = records.filter((r) => r.kind === '1' || r.kind === '2');
  return {
    head,
    dirty: changed.filter((r) => r.xy[1] !== '.').map((r) => r.path),
    staged: changed.some((r) => r.xy[0] !== '.'),
    hidden: records.filter((r) => r.kind === '?' || r.kind === '!').map((r) => r.path.replace(/\/$/, '')),
  };
}

/**
 * How git judges the checkout's files here: by everything the index
 * records, change time to the nanosecond included. The index okstra reads
 * is a copy stamped after every entry (so git's racy-clean rule does not make
 * it read the whole tree again); that is sound because a file whose inode
 * change time is still the one recorded has not been written since it was
 * recorded, and nobody but root can set a change time.
 */
const CHECKOUT_STAT_CONFIG = [
  ...['-c', 'core.trustctime=true', '-c', 'core.checkStat=default', '-c', 'core.ignoreStat=false'],
  ...['-c', 'core.untrackedCache=false', '-c', 'core.fsmonitor=false'],
];

/** Reads the user's checkout through a copy of its index (`indexCopy`, which this may refresh). */
export async function readCheckout(repoDir: string, indexCopy: string): Promise<CheckoutReading | null> {
  const git = new Git(repoDir, {
    GIT_DIR: join(repoDir, '.git'),
    GIT_WORK_TREE: repoDir,
    GIT_INDEX_FILE: indexCopy,
  });
  const result = await git.run(
    [
      ...CHECKOUT_STAT_CONFIG,
      'status',
      '--porcelain=v2',
      '--branch',
      '-z',
      '--no-renames',
      '--ignore-submodules=all',
      '--untracked-files=normal',
      '--ignored=matching',
    ],
    { encoding: 'latin1' },
  );
  return result.exitCode === 0 ? parseCheckoutStatus(result.stdout) : null;
}

/** Fewer entries than this in the checkout's index: a full checkout costs less than the layers' mounts. */
export const LAYER_MIN_FILES = 2_000;

/**
 * Whether a stage tree may be laid over `repoDir`'s checkout at all, from
 * what is on disk (no git process): a plain repository (its `.git` a
 * folder), with an index of at least {@link LAYER_MIN_FILES} entries, no
 * submodules and no sparse checkout (their files are not what a fresh
 * checkout of the commit holds).
 */
export async function checkoutLayerable(repoDir: string): Promise<boolean> {
  const dotGit = await lstat(join(repoDir, '.git')).catch(() => null);
  if (!dotGit?.isDirectory()) return false;
  const absent = async (path: string): Promise<boolean> => (await lstat(path).catch(() => null)) === null;
  if (
    !(await absent(join(repoDir, '.gitmodules'))) ||
    !(await absent(join(repoDir, '.git', 'info', 'sparse-checkout')))
  )
    return false;
  const handle = await open(join(repoDir, '.git', 'index'), 'r').catch(() => null);
  if (!handle) return false;
  try {
    const header = Buffer.alloc(12);
    await handle.read(header, 0, 12, 0);
    return header.toString('latin1', 0, 4) === 'DIRC' && header.readUInt32BE(8) >= LAYER_MIN_FILES;
  } finally {
    await handle.close();
  }
}

export interface LaidTree {
  layers: TreeLayers;
  reading: CheckoutReading;
}

/**
 * Prepares the layers of a stage tree at `dir` (a worktree git registered
 * without a checkout, admin folder `gitDir`) over `repoDir`'s checkout: its
 * index copied in, the checkout read, the mask written (the tree's `.git`
 * pointer, a whiteout over everything untracked or ignored). `clock` reads
 * the file clock. Returns null, having left nothing behind, when the
 * checkout cannot be used; the caller mounts the result.
 */
export async function layTree(
  repoDir: string,
  dir: string,
  gitDir: string,
  clock: () => Promise<bigint>,
): Promise<LaidTree | null> {
  const state = await mkdtemp(join(tmpdir(), LAYERS_PREFIX));
  try {
    const [upper, work, mask] = ['upper', 'work', 'mask'].map((name) => join(state, name)) as [string, string, string];
    await Promise.all([mkdir(upper, { mode: 0o700 }), mkdir(work, { mode: 0o700 }), mkdir(mask, { mode: 0o755 })]);
    // Before the checkout is read: anything changed there from now on is caught (TreeLayers.createdAt).
    const createdAt = await clock();
    const index = join(gitDir, 'index');
    await copyFile(join(repoDir, '.git', 'index'), index);
    // Stamped now, after every entry: git then judges each file written before by its recorded stat alone (to the
    // nanosecond), which the change time makes sound; never ahead of the clock, so an agent's git keeps git's rule.
    const stamp = new Date();
    await utimes(index, stamp, stamp);
    const reading = await readCheckout(repoDir, index);
    if (!reading) return discard(state, index);
    const hidden = reading.hidden.map(pathArgument);
    const dirty = reading.dirty.map(pathArgument);
    if ([...hidden, ...dirty].some((p) => p === null)) return discard(state, index);
    const top = await lstat(repoDir);
    const owner = { uid: top.uid, gid: top.gid };
    await writeMask(repoDir, mask, hidden as string[], owner, await readPointer(dir));
    return { layers: { checkout: repoDir, owner, mask, upper, work, state, createdAt }, reading };
  } catch (error) {
    await rm(state, { recursive: true, force: true });
    throw error;
  }
}

async function discard(state: string, index: string): Promise<null> {
  await rm(state, { recursive: true, force: true });
  await rm(index, { force: true });
  return null;
}

async function readPointer(dir: string): Promise<string> {
  return readFile(join(dir, '.git'), 'utf8');
}

/**
 * The mask layer: the tree's own `.git` pointer over the checkout's `.git`
 * folder, and a whiteout at each hidden path. The folders above a nested
 * whiteout are made as the checkout has them (mode and owner), since the
 * top layer's folder is the one the tree shows.
 */
async function writeMask(
  checkout: string,
  mask: string,
  hidden: readonly string[],
  owner: { uid: number; gid: number },
  pointer: string,
): Promise<void> {
  await writeFile(join(mask, '.git'), pointer, { mode: 0o644 });
  const folders = new Set<string>();
  for (const path of hidden) for (let d = dirname(path); d !== '.' && d !== ''; d = dirname(d)) folders.add(d);
  // Shortest first: a parent exists before its child.
  for (const folder of [...folders].sort((a, b) => a.length - b.length)) {
    const seen = await lstat(join(checkout, folder));
    await mkdir(join(mask, folder), { mode: seen.mode & 0o7777 });
    await chmod(join(mask, folder), seen.mode & 0o7777);
    await lchown(join(mask, folder), owner.uid, owner.gid);
  }
  await makeWhiteouts(hidden.filter((p) => p !== '.git').map((p) => join(mask, p)));
}

/**
 * Unmounts a layered tree for good and deletes its mount point and layers, in
 * the background (tree-trash.ts): the stage does not wait for the kernel to
 * let go of a big tree. Its registration is the caller's to remove.
 */
export function dropLayers(dir: string, layers: TreeLayers): void {
  const [file, args] = detachAndRemoveCommand(dir, [layers.state]);
  runDetached(file, args, async () => {
    await unmount(dir, { lazy: true }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    await rm(layers.state, { recursive: true, force: true });
  });
}

export class CheckoutChangedError extends Error {
  constructor(
    readonly checkout: string,
    readonly paths: readonly string[],
  ) {
    const more = paths.length > 5 ? ` and ${paths.length - 5} more` : '';
    super(
      `${checkout} changed while a stage read it (${paths.slice(0, 5).join(', ')}${more}). A stage reads every file it does not change from your checkout; let the stage finish before editing there, or set OKSTRA_STAGE_TREES=checkout to give every stage a copy of its own`,
    );
    this.name = 'CheckoutChangedError';
  }
}
