import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { isProcessAlive } from '../process/process-alive.js';

/**
 * The lease files of the agent users (src/sandbox/agent-users.ts): one file
 * per user in a root-only folder, naming the pid that holds the user. The
 * rules that keep two processes from ever holding one user at once:
 *
 * - A lock or takeover guard is born holding its owner's pid: it is written
 *   to a file of the process's own, then hard-linked into place, which fails
 *   when the name exists. No other process can see it empty and judge it
 *   ownerless (an exclusive create then a write left that window open).
 * - A stale lock (its owner died) is replaced, never removed: under the
 *   guard, its leftovers are killed and then a file naming the new owner is
 *   renamed over it, so the name never goes missing for a racer to take.
 * - A racer that finds the lock gone under the guard takes nothing there:
 *   the lock is free, and it goes back to creating it like anyone else.
 * - A guard is removed by its owner only. When its owner died inside a
 *   takeover (a few milliseconds), the guard stays and that one user is
 *   skipped until a person removes the guard or the machine restarts (the
 *   folder is in /run): a lost name of 64, against two runs on one user.
 */

/** How a lock file could be taken: created new, taken over from a dead owner, or neither. */
export type Taken = 'created' | 'taken-over' | 'held';

let written = 0;

/** A file of this process's own beside `path`, holding its pid: what is linked or renamed into place. */
function ownFileBeside(path: string): string {
  const file = `${path}.${process.pid}.${++written}.new`;
  // A few bytes in a root-only folder, written at once: leases taken together through the thread pool queued
  // behind each other's (and the dispatch folders') round trips. Overwritten, not created exclusively: a process
  // killed between writing and linking left its file, and a later process with the same pid must not fail on it.
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  return file;
}

/** Creates `path` holding this process's pid; false when it exists. */
function createHeld(path: string): boolean {
  const file = ownFileBeside(path);
  try {
    linkSync(file, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(file, { force: true });
  }
}

/** The pid a lock file names; 0 when it names none (a vanished lock, or one an older okstra half wrote). */
export function lockOwner(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return 0;
  }
  const owner = Number(text.trim());
  return Number.isInteger(owner) && owner > 0 ? owner : 0;
}

/** A lock whose owner lives, or a pid-less one so new its owner may still be writing it. */
async function lockHeld(path: string): Promise<boolean> {
  const owner = lockOwner(path);
  if (owner > 0) return isProcessAlive(owner);
  const info = await lstat(path).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs < 10_000;
}

/**
 * Takes `path` for this process: created when it is free, taken over when
 * its owner died (after `killLeftovers` ended what that owner's agent still
 * ran), 'held' when a live process has it or is taking it over right now.
 */
export async function takeLock(path: string, killLeftovers: () => Promise<unknown>): Promise<Taken> {
  if (createHeld(path)) return 'created';
  if (await lockHeld(path)) return 'held';
  const guard = `${path}.takeover`;
  // Another process is taking it over. A guard is only ever removed by its owner: one that looked ownerless
  // a moment ago may be a new racer's by now, and removing it let two takeovers run at once, the second killing
  // the first one's new agent. So a guard whose owner died mid-takeover stays, and that user is skipped.
  if (!createHeld(guard)) return 'held';
  try {
    // Read again under the guard: it may have been taken over and even released since.
    if (!existsSync(path)) return createHeld(path) ? 'created' : 'held';
    if (await lockHeld(path)) return 'held';
    await killLeftovers();
    renameSync(ownFileBeside(path), path);
    return 'taken-over';
  } finally {
    rmSync(guard, { force: true });
  }
}
