import { runCaptured, type CapturedResult } from '../process/run-captured.js';
import { timed, timingsOn } from '../process/timings.js';
import { startProcess } from '../process/start-process.js';
import { StartError, type StartedProcess } from '../process/started-process.js';

/**
 * The one place okstra starts git. Arguments are always an array (no shell),
 * and the calling process's git config never changes what a plumbing call does.
 */
export interface GitOptions {
  input?: string;
  env?: Record<string, string>;
  /** `latin1`: one character per byte in and out, so a path that is not UTF-8 survives a round trip through git. */
  encoding?: 'utf8' | 'latin1';
}

export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: GitResult,
  ) {
    const detail = (result.stderr || result.stdout).trim().split('\n').slice(-3).join(' / ');
    super(`git ${args[0] ?? ''} failed (exit ${result.exitCode}): ${detail || 'no output'}`);
    this.name = 'GitError';
  }
}

/**
 * Every git process okstra starts carries this configuration: on the command
 * line it outranks every config file, and git hands it on (GIT_CONFIG_PARAMETERS)
 * to any git it starts itself. Background maintenance and hooks must not run
 * inside okstra's own calls (they would slow every ledger append and could
 * rewrite refs under a running CAS); and no call may follow a nested
 * repository: a submodule's or an embedded repository's config is whoever
 * made it, and git runs its filters, fsmonitor and hooks when it looks
 * inside (docs/security.md, "okstra's own git"). `status` and porcelain
 * `diff` take `diff.ignoreSubmodules`; plumbing that does not is told by
 * `treeGitArgs` (src/workspace/tree-git.ts), and `add`, which cannot be told, never meets a nested
 * repository: okstra deletes each from a tree before its git runs there
 * (the change-time sweep, src/workspace/tree-base.ts).
 */
export const OKSTRA_GIT_CONFIG: readonly string[] = [
  ...['-c', 'gc.auto=0', '-c', 'maintenance.auto=false', '-c', 'core.hooksPath=/dev/null'],
  ...['-c', 'advice.detachedHead=false', '-c', 'core.fsmonitor=false'],
  ...['-c', 'submodule.recurse=false', '-c', 'diff.ignoreSubmodules=all', '-c', 'status.submoduleSummary=false'],
];

/**
 * One git process: okstra's environment (as a spawn inherits it) under the
 * call's own variables, never a terminal prompt, the whole output kept.
 */
async function runGit(
  cwd: string,
  args: readonly string[],
  opts: { input: Buffer; env: Record<string, string> },
): Promise<CapturedResult> {
  try {
    return await runCaptured({
      file: 'git',
      args: [...OKSTRA_GIT_CONFIG, ...args],
      cwd,
      env: { ...process.env, ...opts.env, GIT_TERMINAL_PROMPT: '0' },
      input: opts.input,
    });
  } catch (error) {
    if (error instanceof StartError)
      throw new Error(`could not start git in ${cwd}: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * One git process left running for a conversation on its stdin and stdout
 * (`cat-file --batch` asked in rounds): the same configuration and
 * environment as {@link runGit}, the streams the caller's to drive.
 */
export async function startGit(git: Git, args: readonly string[]): Promise<StartedProcess> {
  try {
    return await startProcess({
      file: 'git',
      args: [...OKSTRA_GIT_CONFIG, ...args],
      cwd: git.cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      detached: false,
    });
  } catch (error) {
    if (error instanceof StartError)
      throw new Error(`could not start git in ${git.cwd}: ${error.message}`, { cause: error });
    throw error;
  }
}

function gitResult(r: CapturedResult): GitResult {
  return { stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), exitCode: r.exitCode ?? -1 };
}

/** Where a call's subcommand stands: after its `-c key=value` pairs. */
export function subcommandIndex(args: readonly string[]): number {
  let i = 0;
  while (args[i] === '-c') i += 2;
  return i;
}

export class Git {
  constructor(
    readonly cwd: string,
    private readonly baseEnv: Record<string, string> = {},
  ) {}

  /** Runs git and returns its result whatever the exit code. */
  async run(args: readonly string[], opts: GitOptions = {}): Promise<GitResult> {
    const encoding = opts.encoding ?? 'utf8';
    const call = (): Promise<CapturedResult> =>
      runGit(this.cwd, args, { input: Buffer.from(opts.input ?? '', encoding), env: { ...this.baseEnv, ...opts.env } });
    const result = timingsOn() ? await timed(`git:${args[subcommandIndex(args)] ?? '?'}`, call) : await call();
    return {
      stdout: result.stdout.toString(encoding),
      stderr: result.stderr.toString(encoding),
      exitCode: result.exitCode ?? -1,
    };
  }

  /** Runs git and returns stdout without its final newline; throws GitError on a non-zero exit. */
  async ok(args: readonly string[], opts: GitOptions = {}): Promise<string> {
    const result = await this.run(args, opts);
    if (result.exitCode !== 0) throw new GitError(args, result);
    return result.stdout.replace(/\n$/, '');
  }

  /** The commit a ref points at, or null when the ref does not exist. */
  async resolveCommit(ref: string): Promise<string | null> {
    const result = await this.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return result.exitCode === 0 ? result.stdout.trim() : null;
  }
}

export interface BlobLookup {
  spec: string;
  content: string | null;
}

/**
 * Reads several `<rev>:<path>` blobs in one git process. A missing path yields
 * null content rather than an error, because "not there yet" is a normal state.
 */
export async function readBlobs(git: Git, specs: readonly string[]): Promise<BlobLookup[]> {
  return (await readObjects(git, specs)).map(({ spec, object }) => {
    if (!object) return { spec, content: null };
    if (object.type !== 'blob') throw new Error(`git cat-file: ${spec} is a ${object.type}, not a file`);
    return { spec, content: object.bytes.toString('utf8') };
  });
}

export interface ObjectLookup {
  spec: string;
  /** null: no such object (or path). */
  object: { id: string; type: string; bytes: Buffer } | null;
}

/**
 * Reads several objects of any type (`<rev>:<path>` or ids) in one
 * `git cat-file --batch`, with their ids: what the ledger needs to list its
 * segment folder (a tree) and read its live file in the same process.
 */
export async function readObjects(git: Git, specs: readonly string[]): Promise<ObjectLookup[]> {
  if (specs.length === 0) return [];
  const out = await runGit(git.cwd, ['cat-file', '--batch'], {
    input: Buffer.from(specs.map((s) => `${s}\n`).join('')),
    env: {},
  });
  if (out.exitCode !== 0) throw new GitError(['cat-file', '--batch'], gitResult(out));
  const buf = out.stdout;
  const found: ObjectLookup[] = [];
  let offset = 0;
  for (const spec of specs) {
    const eol = buf.indexOf(0x0a, offset);
    const header = buf.subarray(offset, eol).toString('utf8');
    offset = eol + 1;
    if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
      found.push({ spec, object: null });
      continue;
    }
    const [id = '', type = '', size] = header.split(' ');
    const length = Number(size);
    found.push({ spec, object: { id, type, bytes: buf.subarray(offset, offset + length) } });
    offset += length + 1;
  }
  return found;
}

/** The entries of a raw tree object (`cat-file` output): mode, name and id, in the tree's order. */
export function parseTreeObject(bytes: Buffer, idHexLength: number): { mode: string; name: string; id: string }[] {
  const idBytes = idHexLength / 2;
  const entries: { mode: string; name: string; id: string }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const space = bytes.indexOf(0x20, offset);
    const nul = bytes.indexOf(0x00, space);
    const mode = bytes.subarray(offset, space).toString('utf8');
    const name = bytes.subarray(space + 1, nul).toString('utf8');
    const id = bytes.subarray(nul + 1, nul + 1 + idBytes).toString('hex');
    entries.push({ mode, name, id });
    offset = nul + 1 + idBytes;
  }
  return entries;
}
