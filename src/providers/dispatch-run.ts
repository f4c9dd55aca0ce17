import { tail } from '../core/text/truncate.js';
import { dispatchFolder, removeDispatchFolder } from '../sandbox/sandbox.js';
import { withMetering, type Route } from './metering.js';
import {
  DEFAULT_MAX_OUTPUT_BYTES,
  describeMs,
  runProcess,
  type ProcessResult,
  type RunProcessOptions,
} from './process.js';
import type { DispatchRequest, DispatchResult } from './types.js';

/**
 * What every provider that runs a program per dispatch (the agent CLIs, the
 * Command provider) does around it: a private folder and a gateway route that
 * are released however the dispatch ends, the program started one way, and
 * the words for how it ended. What each puts in the folder, which program it
 * starts and how it reads the answer stay with the provider.
 */

const STDERR_TAIL_LINES = 20;
const STDERR_TAIL_CHARS = 4000;

/** The per-dispatch folder: `path(name)` is a file or folder inside it. */
export interface DispatchFolder {
  dir: string;
  path: (name: string) => string;
}

/**
 * Runs `body` in a fresh dispatch folder (`privateNames` made the agent's
 * own), then meters its result with the route's summary and removes the
 * folder; a folder that cannot be removed is a note at the end of the stderr
 * tail, not a failure. Whatever throws, the route is closed and the folder
 * removed before the error goes on.
 */
export async function inDispatchFolder(
  request: DispatchRequest,
  route: Route | null,
  where: { parent: string; prefix: string; privateNames: readonly string[] },
  body: (folder: DispatchFolder) => Promise<DispatchResult>,
): Promise<DispatchResult> {
  const lease = request.lease;
  const folder = await dispatchFolder(where.parent, where.prefix, lease, where.privateNames).catch((error: unknown) => {
    route?.close();
    throw error;
  });
  try {
    const result = withMetering(await body(folder), route?.close() ?? null);
    const leftover = await removeDispatchFolder(folder.dir, lease);
    return leftover ? { ...result, stderrTail: joinLines([result.stderrTail, leftover]) } : result;
  } catch (error) {
    route?.close();
    await removeDispatchFolder(folder.dir, lease);
    throw error;
  }
}

/** The program a dispatch starts: what it is, its whole environment, its stdin, and where its lines go. */
export interface DispatchProgram {
  file: string;
  args: readonly string[];
  env: Record<string, string>;
  /** stdin: the text itself, or a file read at once. */
  stdin: { input: string } | { inputFile: string };
  onLine: RunProcessOptions['onLine'] | undefined;
}

/**
 * Starts a dispatch's program the one way: in the request's worktree, as the
 * lease's user, its tree killed at the request's timeout or signal, the tail
 * of its stdout kept.
 */
export function runDispatchProcess(
  request: DispatchRequest,
  program: DispatchProgram,
  limits: { maxOutputBytes?: number | undefined; killGraceMs?: number | undefined },
): Promise<ProcessResult> {
  return runProcess({
    file: program.file,
    args: program.args,
    cwd: request.cwd,
    env: program.env,
    ...program.stdin,
    timeoutMs: request.timeoutMs,
    maxOutputBytes: limits.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    keepStdout: 'tail',
    ...(limits.killGraceMs !== undefined ? { killGraceMs: limits.killGraceMs } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    user: request.lease?.user ?? null,
    ...(program.onLine ? { onLine: program.onLine } : {}),
  });
}

/** A process okstra ended itself: at the timeout, or cancelled. Null when the process ended on its own. */
export function cutShort(
  result: Pick<ProcessResult, 'timedOut' | 'aborted'>,
  what: string,
  timeoutMs: number,
): { status: 'timeout' | 'error'; errorMessage: string } | null {
  if (result.timedOut)
    return {
      status: 'timeout',
      errorMessage: `${what} did not finish within ${describeMs(timeoutMs)}; its process tree was killed`,
    };
  if (result.aborted) return { status: 'error', errorMessage: `${what} was cancelled; its process tree was killed` };
  return null;
}

/** How a process that did not exit 0 ended: `exited with code 2`, `was killed by SIGSEGV`. */
export function howItEnded(result: Pick<ProcessResult, 'exitCode' | 'signal'>): string {
  return result.exitCode === null
    ? `was killed by ${result.signal ?? 'a signal'}`
    : `exited with code ${result.exitCode}`;
}

/** The end of stderr, then okstra's own notes: what a result keeps for the report. */
export function stderrTailWith(stderr: string, notes: readonly string[]): string {
  return joinLines([tail(stderr, STDERR_TAIL_LINES, STDERR_TAIL_CHARS), ...notes]);
}

/** Stderr without the lines `drop` matches (progress events, start-up noise). */
export function withoutLines(stderr: string, drop: (line: string) => boolean): string {
  return stderr
    .split('\n')
    .filter((line) => !drop(line))
    .join('\n');
}

function joinLines(parts: readonly string[]): string {
  return parts.filter((s) => s !== '').join('\n');
}
