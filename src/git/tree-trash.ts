import { spawn, type ChildProcess } from 'node:child_process';
import { lstat, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Deleting a checked-out tree costs what the tree holds (a 20,000-file,
 * 200 MB tree takes a fifth of a second), and nothing a stage reports depends
 * on it. So a tree nobody uses any more is moved out of the way at once (one
 * rename into a new folder only okstra's user may enter) and deleted by a
 * detached `rm`, which finishes even if okstra exits first.
 *
 * Safe against the agents that had the tree: the rename moves whatever is at
 * the path (a symbolic link an agent put there is moved as a link, never
 * followed), no other user can reach into the trash folder, and `rm -rf`
 * never follows a link.
 */
const TRASH_PREFIX = 'okstra-trash-';

/** This process's deletions still running, each with its process: awaited by {@link discardsSettled}. */
const running = new Map<Promise<void>, ChildProcess>();

/**
 * Moves `dir` into a trash folder of its own and starts its deletion. Returns
 * false when it could not be moved (another file system, a folder gone): the
 * caller then deletes it the slow way. Never throws.
 */
export async function discardTree(dir: string): Promise<boolean> {
  sweepOnce ??= sweepStaleTrash(STALE_TRASH_MS).catch(() => undefined);
  let trash: string;
  try {
    // Beside the trees (they are made in tmpdir() too), so the rename stays on one file system.
    trash = await mkdtemp(join(tmpdir(), TRASH_PREFIX));
  } catch {
    return false;
  }
  try {
    await rename(dir, join(trash, 'tree'));
  } catch {
    await rm(trash, { recursive: true, force: true }).catch(() => undefined);
    return false;
  }
  await deleteInBackground(trash);
  return true;
}

/** Starts the detached `rm -rf` of a trash folder (in-process when it cannot start). */
async function deleteInBackground(trash: string): Promise<void> {
  runDetached('rm', ['-rf', '--', trash], () => rm(trash, { recursive: true, force: true }));
}

/**
 * Runs `file args` detached, as the trash's deletion runs: it finishes even if
 * okstra exits first, and {@link discardsSettled} waits for it. `fallback`
 * does the same work in-process when the program cannot start. Never throws.
 */
export function runDetached(file: string, args: readonly string[], fallback: () => Promise<unknown>): void {
  let child: ChildProcess;
  try {
    child = spawn(file, args, { detached: true, stdio: 'ignore' });
  } catch {
    void fallback().catch(() => undefined);
    return;
  }
  const done = new Promise<void>((resolve) => {
    // A spawn that fails later (the program is not on PATH) does the work in-process instead.
    child.once(
      'error',
      () =>
        void fallback()
          .catch(() => undefined)
          .finally(resolve),
    );
    child.once('exit', () => resolve());
  }).finally(() => running.delete(done));
  running.set(done, child);
  // Nothing waits for it: okstra may exit while it runs (see discardsSettled for a caller that waits).
  child.unref();
}

/** A trash folder this old is no live deletion's: its `rm` was killed (a runner ends a job's orphans, a machine went down). */
const STALE_TRASH_MS = 60_000;
let sweepOnce: Promise<unknown> | null = null;

/**
 * Deletes trash folders an earlier process left behind, once per process (on
 * its first discard): without it, a self-hosted runner that kills a job's
 * leftover processes would keep a stage tree in the temp folder for each
 * deletion it cut short. Only this user's folders, untouched for a minute; a
 * folder another process is still deleting costs a second `rm` at worst.
 */
export async function sweepStaleTrash(olderThanMs: number): Promise<string[]> {
  const parent = tmpdir();
  const uid = process.getuid?.();
  const swept: string[] = [];
  for (const name of await readdir(parent)) {
    if (!name.startsWith(TRASH_PREFIX)) continue;
    const path = join(parent, name);
    const info = await lstat(path).catch(() => null);
    if (!info?.isDirectory() || (uid !== undefined && info.uid !== uid)) continue;
    if (Date.now() - info.mtimeMs < olderThanMs) continue;
    swept.push(path);
    await deleteInBackground(path);
  }
  return swept;
}

/**
 * Resolves once every deletion this process started has ended: for a bench
 * that must not time one stage while the last one's tree is still being
 * deleted, and for a test that looks at what is left on disk.
 */
export async function discardsSettled(): Promise<void> {
  while (running.size > 0) {
    // Waited for now: each process holds the event loop open again, or a process with nothing else to do would exit.
    for (const child of running.values()) child.ref();
    await Promise.all([...running.keys()]);
  }
}
