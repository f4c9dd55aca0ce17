import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { lstat, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool, type ToolResult } from '../process/run-captured.js';
import { killAllProcessesOf } from '../process/start-process.js';
import { StartError } from '../process/started-process.js';
import { takeLock } from './lease-locks.js';
import { retry } from '../process/retry.js';

/**
 * The unprivileged OS users agents and QA commands run as: `okstra-agent-1`,
 * `okstra-agent-2`, … — system accounts with their own group, no home, no
 * login shell, no supplementary groups and no sudo rule. Each process okstra
 * starts for an agent leases one user for itself alone, so two agents that
 * run at once (parallel verifiers) cannot read each other's private folders,
 * signal or trace each other, or rewrite each other's answers.
 *
 * Leases are exclusive across processes too (several okstra runs on one
 * machine, parallel test workers): a lease is a lock file in a root-only
 * folder naming the owner's pid, so a lock whose owner died is taken over
 * (src/sandbox/lease-locks.ts says how no two processes ever hold one).
 * Only root creates users and locks: okstra isolates agents only when it
 * runs as root (on a GitHub runner the Action re-executes itself through
 * the runner's passwordless sudo to get there).
 */

export interface AgentUser {
  name: string;
  uid: number;
  gid: number;
}

export const AGENT_USER_PREFIX = 'okstra-agent-';
/** Root-only, outside the world-writable temp folder, so an agent cannot plant or steal a lock. */
export const DEFAULT_LOCK_DIR = '/run/okstra-agents';
/** More users than this at once means something leaks leases. */
const MAX_USERS = 64;

export class AgentUserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentUserError';
  }
}

export interface AgentUserPoolOptions {
  lockDir?: string;
  prefix?: string;
}

export class AgentUserPool {
  private readonly lockDir: string;
  private readonly prefix: string;
  private readonly held = new Map<string, AgentUser>();
  /** Users looked up (or made) once: an account does not change under a running okstra, and each lookup is a process. */
  private readonly known = new Map<string, AgentUser>();
  private knownReady: Promise<void> | null = null;
  /** Names an acquire of this process is trying right now: a concurrent acquire moves on instead of racing for the same lock. */
  private readonly trying = new Set<string>();

  constructor(options: AgentUserPoolOptions = {}) {
    this.lockDir = options.lockDir ?? DEFAULT_LOCK_DIR;
    this.prefix = options.prefix ?? AGENT_USER_PREFIX;
  }

  /**
   * Starts what the first acquire needs (the lock folder, the accounts'
   * lookup: a getent process) without waiting for it, so a sandbox made
   * during a run's setup has it done by the first dispatch. A failure is
   * kept for that acquire to report.
   */
  prepare(): void {
    this.ready().catch(() => undefined);
  }

  private ready(): Promise<void> {
    this.knownReady ??= Promise.all([ensureRootOnlyDir(this.lockDir), this.lookUpAll()]).then(() => undefined);
    return this.knownReady;
  }

  /** A user no other process or lease is using, created when every existing one is taken. */
  async acquire(): Promise<AgentUser> {
    await this.ready();
    for (let n = 1; n <= MAX_USERS; n++) {
      const name = `${this.prefix}${n}`;
      if (this.held.has(name) || this.trying.has(name)) continue;
      this.trying.add(name);
      try {
        if (!(await this.tryLock(name))) continue;
      } finally {
        this.trying.delete(name);
      }
      try {
        const user = this.known.get(name) ?? (await lookupUser(name)) ?? (await createUser(name));
        this.known.set(name, user);
        this.held.set(name, user);
        return user;
      } catch (error) {
        await rm(this.lockPath(name), { force: true });
        throw error;
      }
    }
    throw new AgentUserError(
      `all ${MAX_USERS} agent users (${this.prefix}1…${MAX_USERS}) are in use; is a run leaking them? Locks are in ${this.lockDir}`,
    );
  }

  /** Ends every process the user still runs, then frees the user for the next lease. */
  async release(user: AgentUser): Promise<void> {
    if (!this.held.has(user.name)) return;
    await endProcessesOf(user);
    this.held.delete(user.name);
    // One unlink in a root-only folder: done at once, not queued behind the thread pool's
    // work (a verify phase's sessions end together and their cleanups fill the pool).
    rmSync(this.lockPath(user.name), { force: true });
  }

  async releaseAll(): Promise<void> {
    for (const user of [...this.held.values()]) await this.release(user);
  }

  /**
   * Every existing agent account in one getent call: twelve verifiers
   * starting at once otherwise waited on twelve lookups. An account this
   * does not vouch for (missing, privileged, getent absent) is looked up
   * alone when it is leased, which also says what is wrong with it.
   */
  private async lookUpAll(): Promise<void> {
    const names = Array.from({ length: MAX_USERS }, (_, i) => `${this.prefix}${i + 1}`);
    // Exit 2 means some names have no account yet; the ones found are still printed.
    const result = await account('getent', ['passwd', ...names]);
    for (const line of (result?.stdout ?? '').split('\n')) {
      const [name, , uid, gid] = line.split(':');
      const user = { name: name ?? '', uid: Number(uid), gid: Number(gid) };
      if (!names.includes(user.name) || !Number.isInteger(user.uid) || !Number.isInteger(user.gid)) continue;
      if (user.uid !== 0 && user.gid !== 0) this.known.set(user.name, user);
    }
  }

  private lockPath(name: string): string {
    return join(this.lockDir, `${name}.lock`);
  }

  /** The user's lock for this process; a stale one (its owner died) is taken over after its leftovers are killed. */
  private async tryLock(name: string): Promise<boolean> {
    const taken = await takeLock(this.lockPath(name), async () => {
      const orphan = await lookupUser(name).catch(() => null);
      if (orphan) await killProcessesOf(orphan.uid);
    });
    return taken !== 'held';
  }
}

/** Creates the lock folder, and refuses one that is a symlink or not root's alone. */
async function ensureRootOnlyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new AgentUserError(
      `${dir} must be a directory owned by root and writable by root only (it holds the agent users' leases); remove it and run again`,
    );
  }
}

/** The user from the passwd database, or null when there is no such user. */
export async function lookupUser(name: string): Promise<AgentUser | null> {
  const result = await account('getent', ['passwd', name]);
  if (result?.exitCode !== 0) return null;
  const [, , uid, gid] = result.stdout.trim().split(':');
  const user = { name, uid: Number(uid), gid: Number(gid) };
  if (!Number.isInteger(user.uid) || !Number.isInteger(user.gid) || user.uid === 0 || user.gid === 0) {
    throw new AgentUserError(
      `the user ${name} exists but is not an unprivileged account (uid ${uid}, gid ${gid}); remove it (userdel ${name}) so okstra can create it`,
    );
  }
  return user;
}

async function createUser(name: string): Promise<AgentUser> {
  const result = await account('useradd', [
    '--system',
    '--user-group',
    '--no-create-home',
    '--home-dir',
    '/nonexistent',
    '--shell',
    '/usr/sbin/nologin',
    '--comment',
    'okstra agent (unprivileged)',
    name,
  ]);
  // Another process may have created it a moment ago; the lookup decides.
  const user = await lookupUser(name);
  if (user) return user;
  throw new AgentUserError(
    `could not create the agent user ${name}: ${result === null ? 'useradd is not installed' : result.stderr.trim() || `useradd exited ${result.exitCode}`}. okstra needs root (or passwordless sudo on a runner) and the useradd program to isolate agents; set \`isolation: none\` in .okstra/config.yml to run them with okstra's own privileges`,
  );
}

/**
 * Ends every process of `user`: as the user itself through the launcher
 * (kill(-1): one short process on the launcher's side, no pass over /proc on
 * okstra's main thread, and no process of the user's can slip through by
 * forking); when the launcher cannot do it, {@link killProcessesOf} kills and
 * waits until none is left, as root.
 */
export async function endProcessesOf(user: AgentUser): Promise<void> {
  if (await killAllProcessesOf(user)) return;
  await killProcessesOf(user.uid);
}

/**
 * SIGKILL to every process of `uid`, until none is left. This also ends what
 * left the dispatch's process group with setsid(): the uid is the boundary,
 * not the group.
 */
export async function killProcessesOf(uid: number): Promise<number> {
  let killed = 0;
  const round = async (): Promise<number> => {
    const pids = await processesOf(uid);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed += 1;
      } catch {
        // exited meanwhile
      }
    }
    return pids.length;
  };
  await retry(round, { attempts: 20, retryable: (o) => 'value' in o && o.value > 0, delayMs: () => 10 });
  return killed;
}

export async function processesOf(uid: number): Promise<number[]> {
  return (await sharedScan()).get(uid) ?? [];
}

/** The pass every caller waiting right now shares, taken once they have all asked; null when none is pending. */
let pendingScan: Promise<Map<number, number[]>> | null = null;

/**
 * One /proc pass for everyone who asks before it runs: the sessions of a
 * verify phase end together, and each release scanning alone made twelve
 * passes one after the other on the main thread. The pass starts after the
 * last of them asked (on the next turn of the event loop), so each caller
 * sees every process alive when it asked, as a pass of its own would.
 */
function sharedScan(): Promise<Map<number, number[]>> {
  pendingScan ??= new Promise((resolve, reject) => {
    setImmediate(() => {
      pendingScan = null;
      try {
        resolve(scanProcesses());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
  return pendingScan;
}

/**
 * Every live (not zombie) process by its real uid, from one pass over /proc.
 * Synchronous on purpose: /proc is served by the kernel from memory, and
 * reading ~70 status files costs ~1.5 ms in one go, where the same reads
 * through libuv's thread pool (open, fstat, read, close each a round trip)
 * took 5-12 ms under load, and a release waits for its scan.
 */
function scanProcesses(): Map<number, number[]> {
  const byUid = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = readFileSync(`/proc/${entry}/status`, 'latin1');
    } catch {
      continue; // exited meanwhile
    }
    // The real uid: a process that only changed its effective uid is still the agent's.
    const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (real === undefined || state === 'Z') continue;
    const pids = byUid.get(Number(real)) ?? [];
    pids.push(Number(entry));
    byUid.set(Number(real), pids);
  }
  return byUid;
}

/**
 * An account tool (getent, useradd) run to its end; null when it is not installed, which the callers treat as
 * "nothing known" (getent) or say (useradd). Through okstra's own process runner: no second way to start programs.
 */
async function account(file: string, args: readonly string[]): Promise<ToolResult | null> {
  try {
    return await runTool(file, args);
  } catch (error) {
    if (error instanceof StartError && error.code === 'ENOENT') return null;
    throw error;
  }
}
