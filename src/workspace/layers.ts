import { runTool } from '../process/run-captured.js';
import { retry } from '../process/retry.js';
import { chmod, lchown, readFile, rm } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { mountOverlay, unmount } from './layer-mounts.js';

/**
 * A stage tree made of layers instead of a checkout (src/workspace/laying.ts
 * builds one): an overlay whose lowest layer is the user's own checkout, read
 * and never written, under okstra's mask (the tree's `.git` pointer and
 * whiteouts over every file git does not track there), and an upper layer
 * that receives every write. Nothing of a 20,000-file repository is copied;
 * what a stage costs follows what it changes.
 *
 * Handing the tree to an agent user does not change the owner of a file
 * below: the tree is mounted again with its lower layers seen through an ID
 * mapping (on-disk owner of the checkout → the agent user), so the agent may
 * write what it sees, the write lands in the upper layer, and on disk the
 * checkout stays exactly as it was. Only the upper layer, which holds what
 * the stage changed, changes owner. Taking the tree back mounts it again
 * without the mapping.
 */
export interface TreeLayers {
  /** The user's work tree: the lowest layer. */
  readonly checkout: string;
  /** Who owns the checkout's files on disk (its top folder's owner). */
  readonly owner: { uid: number; gid: number };
  /** okstra's layer above the checkout. */
  readonly mask: string;
  /** Where writes go, and overlay's work folder. */
  readonly upper: string;
  readonly work: string;
  /** A root-only folder holding mask, upper and work. */
  readonly state: string;
  /**
   * The file clock before okstra read the checkout: a file of the checkout
   * whose inode changed at or after it, and that no write through the tree
   * explains (it is not in the upper layer), was changed by someone else.
   */
  readonly createdAt: bigint;
}

/** Mounts the tree at `dir`, as okstra's (no mapping) or seen by `user`; `replacing` the mount already there. */
export async function mountLayers(
  dir: string,
  layers: TreeLayers,
  user: { uid: number; gid: number } | null,
  replacing: boolean,
  readOnly = false,
): Promise<void> {
  await mountOverlay(
    {
      target: dir,
      lowers: [layers.mask, layers.checkout],
      upper: { dir: layers.upper, work: layers.work },
      ...(user ? { idmap: { from: layers.owner, to: user } } : {}),
      readOnly,
    },
    { replacing },
  );
}

/**
 * Hands a mounted layered tree to `user`: detached, its upper layer made the
 * user's (chown -R never follows a link), mounted again seen by the user.
 * While it is detached nobody can reach it: the layers live in a root-only
 * folder and the mount point is empty and closed.
 */
export async function handLayersTo(dir: string, layers: TreeLayers, user: { uid: number; gid: number }): Promise<void> {
  await unmount(dir);
  const owned = await runTool('chown', ['-R', '-P', `${user.uid}:${user.gid}`, '--', layers.upper]);
  if (owned.exitCode !== 0)
    throw new Error(`cannot give ${dir}'s changes to uid ${user.uid}: ${String(owned.stderr).trim()}`);
  await mountLayers(dir, layers, user, false);
}

/**
 * Takes a layered tree back: detached (the agents' processes are gone),
 * `fixUpper` run on its upper layer (the same take-back a checked-out tree
 * gets, but over what the stage changed only), mounted again as okstra's and
 * closed. Returns what `fixUpper` found changed.
 */
export async function takeLayersBack(
  dir: string,
  layers: TreeLayers,
  fixUpper: (upper: string) => Promise<string[]>,
): Promise<string[]> {
  await unmount(dir);
  const changed = await fixUpper(layers.upper);
  await mountLayers(dir, layers, null, false);
  const me = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  await lchown(dir, me.uid, me.gid);
  await chmod(dir, 0o700);
  return changed;
}

/** Layer folders okstra makes (src/workspace/laying.ts): the only upper layers a stale mount's cleanup deletes. */
export const LAYERS_PREFIX = 'okstra-layers-';

/**
 * Unmounts a layered tree a dead okstra process left mounted at `dir` (a
 * killed run's stage tree) and deletes its layer folder, found from the
 * mount's own options. Nothing when nothing is mounted there. The checkout
 * below was never written, so nothing else needs repair.
 */
export async function unmountStale(dir: string): Promise<void> {
  const target = resolve(dir);
  // Mounts stacked on the same folder come off one a try; true: one came off, so look again.
  const once = async (): Promise<boolean> => {
    const mounts = await readFile('/proc/self/mountinfo', 'utf8').catch(() => '');
    const line = mounts.split('\n').find((l) => unescapeMountPath(l.split(' ')[4] ?? '') === target);
    if (!line) return false;
    const upper = /(?:^|,)upperdir=([^,]+)/.exec(line.split(' - ')[1] ?? '')?.[1];
    await unmount(target, { lazy: true });
    const state = upper ? dirname(unescapeMountPath(upper)) : null;
    if (state && basename(state).startsWith(LAYERS_PREFIX)) await rm(state, { recursive: true, force: true });
    return true;
  };
  await retry(once, { attempts: 4, retryable: (o) => 'value' in o && o.value });
}

/** mountinfo writes space, tab, newline and backslash in paths as octal escapes. */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}
