import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { retry } from '../process/retry.js';
import { isProcessAlive } from '../process/process-alive.js';

/**
 * Search permission (o+x) that okstra adds on the folders above an agent's
 * trees is shared by every okstra process on the machine: several runners
 * on one host (or parallel stage runs in the test simulation) reach through
 * the same `/home/runner/work`. A process that took back "its" bit while
 * another still ran would cut that run's agents off (EACCES mid-stage). So
 * each added bit is recorded in a root-only folder with its holders, and
 * only the last live holder restores the folder's mode.
 */

interface Entry {
  /** The folder's mode before okstra added o+x. */
  mode: number;
  /** `<pid>:<n>`: one per hold, so a process holding a folder twice releases it twice. */
  holders: string[];
}

const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a process that died holding it. */
const LOCK_STALE_MS = 15_000;
let holds = 0;

export class ReachRegistry {
  constructor(private readonly root: string) {}

  /**
   * Makes `dir` searchable by others and returns its release. When another
   * process added the bit, this one holds it too; when the folder was
   * already searchable before okstra, nothing is held or ever taken back.
   */
  async hold(dir: string): Promise<() => Promise<void>> {
    const path = resolve(dir);
    const token = `${process.pid}:${++holds}`;
    const held = await this.locked(path, async (entry) => {
      if (entry) return { ...entry, holders: [...live(entry.holders), token] };
      const info = await stat(path).catch(() => null);
      if (!info?.isDirectory() || (info.mode & 0o001) !== 0) return null;
      await chmod(path, (info.mode & 0o7777) | 0o001);
      return { mode: info.mode & 0o7777, holders: [token] };
    });
    if (!held) return async () => undefined;
    return async () => {
      await this.locked(path, async (entry) => {
        if (!entry) return null;
        const holders = live(entry.holders).filter((h) => h !== token);
        if (holders.length > 0) return { ...entry, holders };
        await chmod(path, entry.mode).catch(() => undefined);
        return null;
      });
    };
  }

  /** Runs `change` on the folder's entry under its lock; its result is the entry written back (null: none). */
  private async locked(dir: string, change: (entry: Entry | null) => Promise<Entry | null>): Promise<Entry | null> {
    await ensureRootOnly(this.root);
    const key = createHash('sha256').update(dir).digest('hex').slice(0, 32);
    const file = join(this.root, `${key}.json`);
    const lock = join(this.root, `${key}.lock`);
    await acquireLock(lock);
    try {
      const before = await readEntry(file);
      const after = await change(before);
      if (after === null) await rm(file, { force: true });
      else {
        // Written whole and renamed: a reader never sees half an entry, even after a crash.
        await writeFile(`${file}.${process.pid}`, JSON.stringify(after), { mode: 0o600 });
        await rename(`${file}.${process.pid}`, file);
      }
      return after;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Holders whose process still runs: a run that died without releasing holds nothing. */
function live(holders: readonly string[]): string[] {
  return holders.filter((h) => isProcessAlive(Number(h.split(':')[0])));
}

async function readEntry(file: string): Promise<Entry | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const e = JSON.parse(text) as Partial<Entry>;
    return typeof e.mode === 'number' && Array.isArray(e.holders)
      ? { mode: e.mode, holders: e.holders.filter((h): h is string => typeof h === 'string') }
      : null;
  } catch {
    return null;
  }
}

/** `mkdir` is atomic: whoever creates the folder holds the lock. */
export async function acquireLock(lock: string): Promise<void> {
  const until = Date.now() + LOCK_WAIT_MS;
  const once = async (): Promise<'held' | 'stale-removed' | 'busy'> => {
    try {
      await mkdir(lock);
      return 'held';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const info = await stat(lock).catch(() => null);
    if (info && Date.now() - info.mtimeMs > LOCK_STALE_MS) {
      await rm(lock, { recursive: true, force: true });
      return 'stale-removed';
    }
    if (Date.now() > until)
      throw new Error(
        `okstra: ${lock} is held for over ${LOCK_WAIT_MS / 1000} s; is another okstra run stuck? Remove the folder if none runs`,
      );
    return 'busy';
  };
  // A stale lock removed is tried again at once; a held one, after a moment.
  await retry(once, {
    retryable: (o) => 'value' in o && o.value !== 'held',
    delayMs: (_, o) => ('value' in o && o.value === 'busy' ? 5 : 0),
  });
}

/** The registry, like the agents' lease folder, is root's alone: an agent must not rewrite what okstra restores. */
async function ensureRootOnly(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory() || (info.mode & 0o022) !== 0 || info.uid !== (process.getuid?.() ?? info.uid))
    throw new Error(
      `${dir} must be a directory writable by okstra's user only (it records the search permission okstra added); remove it and run again`,
    );
}
