import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { decideIsolation, type IsolationDecision } from '../core/isolation/index.js';
import type { IsolationMode } from '../core/config/schema.js';
import { runCaptured } from '../process/run-captured.js';
import { AgentUserPool, endProcessesOf, type AgentUser } from './agent-users.js';
import { giveTo, makeReachable, openForReading, privateDirFor } from './fs-access.js';

/**
 * The trust boundary as the engine and the providers see it: every agent
 * process and every QA command gets an {@link AgentLease} — an identity of
 * its own — and runs as its user. Folders are readable by agents unless
 * given to one; a folder given to a lease is writable by that lease alone.
 */

/**
 * A folder that changes hands its own way: a stage tree (src/workspace/),
 * which a remount may hand over where another folder needs a `chown -R`. The
 * sandbox decides whether and to whom; the tree how.
 */
export interface HandOver {
  handTo(user: AgentUser): Promise<void>;
  openForReading(): Promise<void>;
}

/** Gives `target` to `user`: a folder by ownership (fs-access.ts), a stage tree its own way. */
async function handTo(target: string | HandOver, user: AgentUser): Promise<void> {
  if (typeof target === 'string') await giveTo(target, user);
  else await target.handTo(user);
}

/** Opens `target` to agents for reading: a folder by its mode, a stage tree its own way. */
async function openToReaders(target: string | HandOver): Promise<void> {
  if (typeof target === 'string') await openForReading(target);
  else await target.openForReading();
}

export interface AgentLease {
  /** The OS user the process runs as; null: okstra's own user (isolation off). */
  readonly user: AgentUser | null;
  /** Variables the process needs because of the boundary (git may read worktrees okstra owns). */
  readonly env: Readonly<Record<string, string>>;
  /** Makes `dir` (and everything in it) writable by this lease alone. */
  giveWrite(dir: string | HandOver): Promise<void>;
  /** Creates a folder only this lease can use (its HOME, TMPDIR, output folder). */
  privateDir(path: string): Promise<void>;
  /**
   * Ends whatever the lease's user still runs, keeping the identity leased: a
   * process the agent left behind (setsid, nohup) may still be writing into
   * its dispatch folder, which okstra removes before the lease is released.
   * Nothing to do without a user of its own (its processes are okstra's).
   */
  endProcesses(): Promise<void>;
  /** Ends whatever the lease's user still runs and frees the identity. */
  release(): Promise<void>;
}

export interface AgentSandbox {
  readonly mode: 'os-user' | 'none';
  /** One sentence for the report, the check and the job summary. */
  readonly statement: string;
  acquire(): Promise<AgentLease>;
  /** Lets agents read (never write) a folder okstra created. */
  shareForReading(dir: string | HandOver): Promise<void>;
  /** Lets agents reach a path okstra's own files live under (the object store, an installed CLI). */
  makeReachable(path: string): Promise<void>;
  /**
   * Resolves once agents may run behind it (at once for a sandbox that was set up whole), rejects saying why they may
   * not: a stage claims its stage while its boundary is still being proven (pending-sandbox.ts), and waits here after.
   */
  proven(): Promise<void>;
  close(): Promise<void>;
}

export class IsolationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IsolationError';
  }
}

/**
 * Git refuses to work in a repository another user owns ("dubious
 * ownership"); agents read worktrees okstra owns, on purpose. Given as
 * command-scope config through the environment, which git honours for this
 * setting, and which no repository file can override. An agent's git also
 * judges files by modification time and size as okstra's does
 * (TREE_STAT_CONFIG in src/workspace/tree-git.ts): okstra's chown moves every
 * file's owner and change time, and an agent's git, which cannot write the
 * index, would otherwise read the whole tree again on every call (~0.5 s at
 * 20,000 files). What an agent's git answers decides nothing.
 */
const AGENT_GIT_ENV = {
  GIT_CONFIG_COUNT: '3',
  ...{ GIT_CONFIG_KEY_0: 'safe.directory', GIT_CONFIG_VALUE_0: '*' },
  ...{ GIT_CONFIG_KEY_1: 'core.trustctime', GIT_CONFIG_VALUE_1: 'false' },
  ...{ GIT_CONFIG_KEY_2: 'core.checkStat', GIT_CONFIG_VALUE_2: 'minimal' },
} as const;

export interface SandboxOptions {
  configured: IsolationMode;
  shell: 'action' | 'cli';
  env?: Readonly<Record<string, string | undefined>>;
  /** Said once when the sandbox is set up (the notice of a run without isolation). */
  log?: (line: string) => void;
}

/** Sets up the boundary the facts allow, or throws {@link IsolationError} when a run must not start. */
export async function createSandbox(options: SandboxOptions): Promise<AgentSandbox> {
  const env = options.env ?? process.env;
  const decision = decideIsolation({
    configured: options.configured,
    shell: options.shell,
    euid: process.geteuid?.() ?? -1,
    sudoUser: sudoUser(env),
    userName: safeUserName(),
  });
  return sandboxFor(decision, options);
}

export function sandboxFor(decision: IsolationDecision, options: Pick<SandboxOptions, 'log'> = {}): AgentSandbox {
  switch (decision.kind) {
    case 'refuse':
      throw new IsolationError(decision.reason);
    case 'none':
      if (decision.notice) options.log?.(decision.notice);
      return new SharedUserSandbox(decision.statement, decision.runAs);
    case 'os-user':
      // The processes okstra starts create files agents must read (worktrees): never let a umask hide them.
      process.umask(0o022);
      return new OsUserSandbox(prepared(new AgentUserPool()));
  }
}

/** The pool with its first acquire's lookups already under way, while the run's setup does its own work. */
function prepared(pool: AgentUserPool): AgentUserPool {
  pool.prepare();
  return pool;
}

class OsUserSandbox implements AgentSandbox {
  readonly mode = 'os-user' as const;
  private readonly undo: Array<() => Promise<void>> = [];
  private readonly reachable = new Set<string>();
  private readonly used = new Set<string>();

  constructor(private readonly pool: AgentUserPool) {}

  proven(): Promise<void> {
    return Promise.resolve();
  }

  get statement(): string {
    const names = [...this.used].sort(byNumber);
    return `agents and QA commands ran as separate unprivileged users without sudo${names.length > 0 ? ` (${names.join(', ')})` : ''}: none could read okstra's environment, its secrets or another agent's files; verifiers could not write the tree they reviewed`;
  }

  async acquire(): Promise<AgentLease> {
    const user = await this.pool.acquire();
    this.used.add(user.name);
    let released = false;
    return {
      user,
      env: AGENT_GIT_ENV,
      giveWrite: (dir) => handTo(dir, user),
      privateDir: (path) => privateDirFor(path, user),
      endProcesses: async () => {
        if (!released) await endProcessesOf(user);
      },
      release: async () => {
        if (released) return;
        released = true;
        await this.pool.release(user);
      },
    };
  }

  shareForReading(dir: string | HandOver): Promise<void> {
    return openToReaders(dir);
  }

  async makeReachable(path: string): Promise<void> {
    if (this.reachable.has(path)) return;
    this.reachable.add(path);
    this.undo.push(await makeReachable(path));
  }

  async close(): Promise<void> {
    await this.pool.releaseAll();
    for (const undo of this.undo.splice(0).reverse()) await undo();
  }
}

/** isolation: none, or the CLI as an ordinary user: every process runs as okstra's user (or the user sudo acted for). */
class SharedUserSandbox implements AgentSandbox {
  readonly mode = 'none' as const;

  constructor(
    readonly statement: string,
    private readonly runAs: { uid: number; gid: number } | null,
  ) {}

  proven(): Promise<void> {
    return Promise.resolve();
  }

  async acquire(): Promise<AgentLease> {
    const user = this.runAs ? { name: `uid ${this.runAs.uid}`, ...this.runAs } : null;
    return {
      user,
      env: user ? AGENT_GIT_ENV : {},
      giveWrite: async (dir) => {
        if (user) await handTo(dir, user);
      },
      privateDir: (path) => privateDirFor(path, user),
      // Under okstra's own user (or the one sudo acted for) no boundary tells an agent's leftovers from okstra's own.
      endProcesses: async () => undefined,
      release: async () => undefined,
    };
  }

  async shareForReading(dir: string | HandOver): Promise<void> {
    if (this.runAs) await openToReaders(dir);
  }

  async makeReachable(): Promise<void> {}

  async close(): Promise<void> {}
}

/**
 * A dispatch's own folder under `parent`: okstra's (0700, or 0711 when an
 * agent user must enter it), so nothing in it can be renamed or replaced by
 * the agent, with the named subfolders made private to the lease's user
 * (HOME, TMPDIR, an output folder). The caller removes it.
 */
export async function dispatchFolder(
  parent: string,
  prefix: string,
  lease: AgentLease | undefined,
  privateNames: readonly string[],
): Promise<{ dir: string; path: (name: string) => string }> {
  // Made and opened at once: a verify phase makes a dozen of these together, and through the thread pool
  // each waited behind the others' round trips.
  const dir = madeFolder(parent, prefix, lease?.user ? 0o711 : 0o700);
  const path = (name: string): string => join(dir, name);
  try {
    // Side by side, all settled before any failure removes the folder under the others.
    const made = await Promise.allSettled(
      privateNames.map((name) => (lease ? lease.privateDir(path(name)) : mkdir(path(name), { mode: 0o700 }))),
    );
    const failed = made.find((m) => m.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, path };
}

/**
 * Removes a dispatch folder; never throws. A handful of small files go in one
 * synchronous pass (through the thread pool a dozen round trips per session,
 * and twelve sessions ending together waited on each other's). A process the
 * agent left running can still be writing there (ENOTEMPTY): the lease's
 * leftovers are ended first (under a user of its own; a lease without one
 * cannot tell them from okstra's), then the removal is retried for a while;
 * a folder that still cannot be removed comes back as a note for the
 * report, never as a failed dispatch.
 */
export async function removeDispatchFolder(dir: string, lease?: AgentLease): Promise<string | null> {
  try {
    rmSync(dir, { recursive: true, force: true });
    return null;
  } catch {
    try {
      await lease?.endProcesses();
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return null;
    } catch (error) {
      return `okstra: could not remove the dispatch folder ${dir}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}

/**
 * A new folder `parent/prefix<random>` with `mode`, made with it: what
 * mkdtemp does, without the chmod that would follow it to open it (mkdtemp
 * always makes 0700). A name already taken (EEXIST) is drawn again.
 */
function madeFolder(parent: string, prefix: string, mode: number): string {
  for (;;) {
    const dir = join(parent, `${prefix}${randomBytes(6).toString('base64url')}`);
    try {
      mkdirSync(dir, { mode });
      // A umask may have dropped bits of `mode` (others' execute bit): then the chmod is needed after all. A stat
      // reads the inode; it writes nothing, so it costs a fraction of the chmod it usually saves.
      if ((statSync(dir).mode & 0o7777) !== mode) chmodSync(dir, mode);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** The sandbox of engines built without one (unit tests of the engine with stand-ins): okstra's own user, said as such. */
export function unisolatedSandbox(): AgentSandbox {
  return new SharedUserSandbox(
    "agents and QA commands ran as okstra's own user (no sandbox was configured for this engine)",
    null,
  );
}

function sudoUser(env: Readonly<Record<string, string | undefined>>): { uid: number; gid: number } | null {
  const uid = Number(env.SUDO_UID);
  const gid = Number(env.SUDO_GID);
  return Number.isInteger(uid) && uid > 0 && Number.isInteger(gid) && gid > 0 ? { uid, gid } : null;
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.geteuid?.() ?? '?'}`;
  }
}

function byNumber(a: string, b: string): number {
  return Number(/\d+$/.exec(a)?.[0] ?? 0) - Number(/\d+$/.exec(b)?.[0] ?? 0);
}

/**
 * Proves the boundary on this machine before any agent runs: a process of an
 * agent user must not be able to read okstra's environment. Returns null when
 * it holds, else what went wrong.
 */
export async function checkBoundary(sandbox: AgentSandbox): Promise<string | null> {
  if (sandbox.mode !== 'os-user') return null;
  const lease = await sandbox.acquire();
  try {
    if (!lease.user) return 'the lease has no user';
    const probe = await runCaptured({
      file: 'cat',
      args: [`/proc/${process.pid}/environ`],
      cwd: '/',
      user: { uid: lease.user.uid, gid: lease.user.gid },
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    return probe.exitCode === 0
      ? `${lease.user.name} could read /proc/${process.pid}/environ: the kernel does not separate users here (is /proc mounted with a permissive option?)`
      : null;
  } finally {
    await lease.release();
  }
}
