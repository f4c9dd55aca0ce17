import { lstat, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  restoreConfigChanges,
  stripCheckoutCredentials,
  type ConfigChange,
  type CredentialStrip,
  type RestoreOutcome,
} from '../git/credentials.js';
import { Git } from '../git/git.js';
import { isProcessAlive } from '../process/process-alive.js';
import { retry } from '../process/retry.js';
import { closePaths, reopenPaths, untrackedToClose, type ClosedPath } from './checkout-privacy.js';
import { acquireLock } from './reach-registry.js';

/**
 * The user's checkout while agents run (the CLI's runs): no credential in
 * its git config (credentials.ts), and, with agents under users of their own,
 * nothing git does not track readable by them (checkout-privacy.ts). Both
 * are put back when the run ends, and also when it was killed: what was
 * changed is recorded before it is changed, in a folder inside the
 * repository's git folder that only okstra's user can enter
 * (`<git-common-dir>/okstra-guard/journal.json`, 0600), with the process that
 * holds it. The next okstra that guards the checkout finds a journal whose
 * holders are all gone (pid dead, or another boot) and restores it first.
 * Runs in parallel on one checkout share the journal: each adds itself as a
 * holder, and only the last live holder restores, so one run ending never
 * hands the credential to another run's agents.
 */

export interface CheckoutGuard {
  /** This run's view of the strip: the credential captured by whichever run stripped it first. */
  strip: Pick<CredentialStrip, 'found' | 'captured' | 'remoteUrl' | 'insteadOf'>;
  /** Repository-relative paths closed to agent users by this run. */
  closed: string[];
  /** Untracked paths left open because agents must reach something inside them. */
  kept: string[];
  /** What a dead run left, restored before this run took the checkout. */
  recovered: RestoreOutcome | null;
  /** Restores everything when this is the last live holder; a second call does nothing. */
  release(): Promise<{ restored: boolean; replayed: string[] }>;
}

interface StoredChange extends Omit<ConfigChange, 'original' | 'after'> {
  original: string;
  after: string | null;
}

interface Journal {
  /** `<pid>:<boot id>:<n>` of each run holding the checkout. */
  holders: string[];
  captured: string | null;
  insteadOf: Array<{ base: string; value: string }>;
  config: StoredChange[];
  closed: ClosedPath[];
}

export interface GuardOptions {
  remote: string;
  /** Close untracked and ignored files to other users (agents run as users of their own). */
  closeUntracked: boolean;
  /** Paths agents must reach even when they lie inside an untracked folder of the checkout. */
  keepOpen: readonly string[];
}

let holds = 0;

export async function guardCheckout(repoDir: string, opts: GuardOptions): Promise<CheckoutGuard> {
  const common = await new Git(repoDir).ok(['rev-parse', '--path-format=absolute', '--git-common-dir']);
  const dir = join(common, 'okstra-guard');
  // One process may guard the same checkout twice at once (in-process runs): each hold is its own holder.
  const me = `${process.pid}:${await bootId()}:${++holds}`;
  return locked(dir, async () => {
    let journal = await readJournal(dir);
    const live = journal ? await liveHolders(journal.holders) : [];
    let recovered: RestoreOutcome | null = null;
    if (journal && live.length === 0) {
      recovered = await undo(journal);
      journal = null;
    }
    const j: Journal = journal ?? { holders: [], captured: null, insteadOf: [], config: [], closed: [] };
    j.holders = [...live, me];
    try {
      return await take(repoDir, dir, j, opts, recovered);
    } catch (error) {
      // Half taken: put back what this run changed, unless another run still holds the checkout.
      j.holders = live;
      if (live.length === 0) await undo(j);
      await writeJournal(dir, j);
      throw error;
    }
  }).finally(() => tidy(dir));
}

async function take(
  repoDir: string,
  dir: string,
  j: Journal,
  opts: GuardOptions,
  recovered: RestoreOutcome | null,
): Promise<CheckoutGuard> {
  const me = j.holders.at(-1) ?? '';
  const before = j.config.length;
  await writeJournal(dir, j);
  const strip = await stripCheckoutCredentials(repoDir, {
    remote: opts.remote,
    record: async (changes) => {
      j.config = [...j.config.slice(0, before), ...changes.map(storeChange)];
      await writeJournal(dir, j);
    },
  });
  j.captured ??= strip.captured;
  j.insteadOf = [...j.insteadOf, ...strip.insteadOf];
  const { close, kept } = opts.closeUntracked
    ? await untrackedToClose(repoDir, opts.keepOpen)
    : { close: [], kept: [] };
  j.closed = [...j.closed, ...close];
  await writeJournal(dir, j);
  await closePaths(close);

  let released = false;
  return {
    strip: { found: strip.found, captured: j.captured, remoteUrl: strip.remoteUrl, insteadOf: j.insteadOf },
    closed: close.map((c) => relative(repoDir, c.path)),
    kept,
    recovered,
    release: async () => {
      if (released) return { restored: false, replayed: [] };
      released = true;
      return locked(dir, async () => {
        const now = await readJournal(dir);
        if (!now) return { restored: false, replayed: [] };
        const others = (await liveHolders(now.holders)).filter((h) => h !== me);
        if (others.length > 0) {
          await writeJournal(dir, { ...now, holders: others });
          return { restored: false, replayed: [] };
        }
        const outcome = await undo(now);
        await writeJournal(dir, { ...now, holders: [] });
        return { restored: true, replayed: outcome.replayed };
      }).finally(() => tidy(dir));
    },
  };
}

/** The folder goes once no journal is left in it, so the repository is as the user had it. */
async function tidy(dir: string): Promise<void> {
  await rmdir(dir).catch(() => undefined);
}

/** Puts back every change a journal records (the caller deletes it). */
async function undo(j: Journal): Promise<RestoreOutcome> {
  await reopenPaths(j.closed);
  return restoreConfigChanges(j.config.map(loadChange));
}

async function locked<T>(dir: string, body: () => Promise<T>): Promise<T> {
  const lock = join(dir, 'lock');
  await retry(
    async () => {
      await ensurePrivate(dir);
      await acquireLock(lock);
    },
    // The last holder of another run removed the empty folder between our mkdir and the lock's.
    { attempts: 6, retryable: (o) => 'error' in o && (o.error as NodeJS.ErrnoException).code === 'ENOENT' },
  );
  try {
    return await body();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * The folder is okstra's user's alone: a journal names files okstra (often
 * root) writes back, so one written by anyone else would be a way to make
 * okstra write where they chose.
 */
async function ensurePrivate(dir: string): Promise<void> {
  await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const info = await lstat(dir);
  if (!info.isDirectory() || (info.mode & 0o077) !== 0 || info.uid !== (process.geteuid?.() ?? info.uid))
    throw new Error(
      `${dir} must be a folder only okstra's user can enter (it records the checkout's credentials while a run holds them); it is not: remove it and run again`,
    );
}

async function readJournal(dir: string): Promise<Journal | null> {
  const file = join(dir, 'journal.json');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const j = JSON.parse(text) as Journal;
    if (!Array.isArray(j.holders) || !Array.isArray(j.config) || !Array.isArray(j.closed)) throw new Error('shape');
    return j;
  } catch {
    throw new Error(
      `${file} is not a journal okstra wrote; it may hold the checkout's credentials: put them back into .git/config by hand, then remove the file`,
    );
  }
}

async function writeJournal(dir: string, j: Journal): Promise<void> {
  const file = join(dir, 'journal.json');
  if (j.holders.length === 0) return rm(file, { force: true });
  // Written whole and renamed: a crash never leaves half a journal.
  await writeFile(`${file}.${process.pid}`, JSON.stringify(j), { mode: 0o600 });
  await rename(`${file}.${process.pid}`, file);
}

function storeChange(c: ConfigChange): StoredChange {
  return { ...c, original: c.original.toString('base64'), after: c.after?.toString('base64') ?? null };
}

function loadChange(c: StoredChange): ConfigChange {
  return {
    ...c,
    original: Buffer.from(c.original, 'base64'),
    after: c.after === null ? null : Buffer.from(c.after, 'base64'),
  };
}

async function bootId(): Promise<string> {
  return (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
}

/** Holders whose process still runs in this boot. */
async function liveHolders(holders: readonly string[]): Promise<string[]> {
  const boot = await bootId();
  return holders.filter((h) => {
    const [pid = '', hb = ''] = h.split(':');
    return hb === boot && isProcessAlive(Number(pid));
  });
}
