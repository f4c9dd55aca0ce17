import { performance } from 'node:perf_hooks';
import { startProcess } from '../process/start-process.js';
import type { StartedProcess } from '../process/started-process.js';
import { BoundedBuffer, LineSplitter, toBuffer } from './output-capture.js';
import { killGroup, startParentDeathWatchdog } from './watchdog.js';

// The capture and the watchdog are their own modules; callers keep importing them from here.
export { BoundedBuffer, LineSplitter, MAX_STREAMED_LINE_BYTES } from './output-capture.js';
export { SHARED_WATCHDOG_SCRIPT, parentDeathWatchdogPid, startParentDeathWatchdog } from './watchdog.js';

/**
 * The one way okstra starts an agent program or a QA command: an argument
 * array (no shell unless the caller spawns one on purpose), exactly the
 * environment it is given, a timeout that kills the whole process tree, and
 * bounded output capture.
 *
 * Tree kill: the child is spawned `detached`, so it leads its own process
 * group and everything it starts (a CLI's helper processes, a test server a
 * QA command forgot) is in that group. On timeout or abort the group gets
 * SIGTERM, then SIGKILL after a grace period. When the leader exits on its
 * own, whatever it left running in its group gets SIGKILL too: nothing a
 * dispatch started outlives it, and a leftover process holding the output
 * pipe open cannot stall the engine. (That signal goes out as soon as Node
 * reports the exit; while any member of the group lives, the kernel does
 * not hand its id to a new process.)
 *
 * Parent death: okstra itself may die without running any of this (`kill -9`,
 * the OOM killer). Each child therefore gets a watchdog, a tiny shell outside
 * the child's group and running as okstra's user, that waits for EOF on a
 * pipe only okstra holds open; the kernel closes it when okstra dies however
 * it dies, and the watchdog then SIGKILLs the child's whole group. It is a
 * separate process rather than `prctl(PR_SET_PDEATHSIG)` because Node cannot
 * reach that call, and it signals the group, which pdeathsig would not
 * (the signal only reaches the direct child, not what the CLI started). When
 * the child ends normally the watchdog is killed, so it never signals a
 * group id the kernel may have handed out again.
 *
 * Limits: a process that calls `setsid()` (or `setpgid`) itself leaves the
 * group and escapes the tree kill; agent CLIs and test runners do not do
 * that. POSIX only (okstra runs on Linux and macOS runners).
 */

export interface RunProcessOptions {
  /** The program: a name looked up on `env.PATH`, or a path (relative paths resolve against `cwd`). */
  file: string;
  args: readonly string[];
  cwd: string;
  /** The child's whole environment: nothing of the engine's environment is inherited. */
  env: Readonly<Record<string, string>>;
  /** Written to the child's stdin, which is then closed. Default: an empty, closed stdin. */
  input?: string;
  /**
   * Instead of `input`: the file the child's stdin reads (an absolute path). Its whole prompt is there the moment
   * it starts, where `input` reaches it only once okstra hears the start and writes it.
   */
  inputFile?: string;
  timeoutMs: number;
  /** Cap on captured stdout (bytes). Default {@link DEFAULT_MAX_OUTPUT_BYTES}. */
  maxOutputBytes?: number;
  /** Which part of an oversized stdout to keep. Default `tail`: final messages and result lines come last. */
  keepStdout?: 'head' | 'tail';
  /** Cap on captured stderr; only its tail is kept. Default {@link DEFAULT_MAX_STDERR_BYTES}. */
  maxStderrBytes?: number;
  /** Capture stderr into the stdout buffer, interleaved as it arrives (stderr is then `''`). */
  mergeStderr?: boolean;
  /** Time between SIGTERM and SIGKILL of the process group. Default 2000 ms. */
  killGraceMs?: number;
  /** Aborting kills the tree like a timeout does, and the result says `aborted`. */
  signal?: AbortSignal;
  /** The OS user the program runs as (okstra must be root); absent: okstra's own user. */
  user?: { uid: number; gid: number } | null;
  /**
   * Called with each complete line of stdout and stderr as it arrives (without
   * its newline), for live progress; the captured buffers are unaffected. A
   * line longer than {@link MAX_STREAMED_LINE_BYTES} is cut there, and a throw
   * in the callback is swallowed: watching must never break the run.
   */
  onLine?: (stream: 'stdout' | 'stderr', line: string) => void;
}

export interface ProcessResult {
  /** null when the process was killed by a signal or never started. */
  exitCode: number | null;
  /** The signal that ended the process, if one did. */
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  durationMs: number;
  /** Why the program could not be started (not found, not executable, bad cwd); null when it ran. */
  spawnError: string | null;
}

export const DEFAULT_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_STDERR_BYTES = 256 * 1024;
export const DEFAULT_KILL_GRACE_MS = 2000;

/** The result of a process that never ran. */
function notStarted(): ProcessResult {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: false,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 0,
    spawnError: null,
  };
}

/** Node fires timers longer than 2^31-1 ms (or Infinity) at once; clamp instead. */
const MAX_TIMER_MS = 2_147_483_647;

export async function runProcess(options: RunProcessOptions): Promise<ProcessResult> {
  const started = performance.now();
  const stdout = new BoundedBuffer(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES, options.keepStdout ?? 'tail');
  const stderr = options.mergeStderr
    ? stdout
    : new BoundedBuffer(options.maxStderrBytes ?? DEFAULT_MAX_STDERR_BYTES, 'tail');

  if (options.signal?.aborted) return { ...notStarted(), aborted: true };

  let child: StartedProcess;
  try {
    child = await startProcess({
      file: options.file,
      args: options.args,
      cwd: options.cwd,
      env: options.env,
      detached: true,
      user: options.user ?? null,
      ...(options.inputFile !== undefined ? { stdinFile: options.inputFile } : {}),
    });
  } catch (error) {
    return {
      ...notStarted(),
      durationMs: Math.round(performance.now() - started),
      spawnError: whyNotStarted(error, options.file),
    };
  }
  // Settles once the program ended and its output pipes closed.
  const ended = Promise.all([child.exited, child.outputClosed]).then(([status]) => status);
  // A program that exits without reading its stdin closes the pipe under us (EPIPE): not an error of the run.
  child.stdin.on('error', () => undefined);
  if (options.inputFile === undefined) child.stdin.end(options.input ?? '');
  captureOutput(child, stdout, stderr, options.onLine);
  const supervised = supervise(child, options);
  try {
    const result = await ended;
    return {
      exitCode: result.code,
      signal: result.signal,
      timedOut: supervised.state.timedOut,
      aborted: supervised.state.aborted,
      stdout: stdout.text(),
      stderr: options.mergeStderr ? '' : stderr.text(),
      stdoutTruncated: stdout.truncated,
      stderrTruncated: options.mergeStderr ? false : stderr.truncated,
      durationMs: Math.round(performance.now() - started),
      spawnError: null,
    };
  } finally {
    supervised.stop();
  }
}

/** Both output streams into their bounded buffers (the same one when stderr is merged), and line by line to `onLine`. */
function captureOutput(
  child: StartedProcess,
  stdout: BoundedBuffer,
  stderr: BoundedBuffer,
  onLine: RunProcessOptions['onLine'],
): void {
  const outLines = onLine ? new LineSplitter((line) => onLine('stdout', line)) : null;
  const errLines = onLine ? new LineSplitter((line) => onLine('stderr', line)) : null;
  child.stdout.on('data', (chunk: unknown) => {
    const bytes = toBuffer(chunk);
    stdout.push(bytes);
    outLines?.push(bytes);
  });
  child.stderr.on('data', (chunk: unknown) => {
    const bytes = toBuffer(chunk);
    stderr.push(bytes);
    errLines?.push(bytes);
  });
  child.stdout.on('error', () => undefined);
  child.stderr.on('error', () => undefined);
  child.stdout.on('end', () => outLines?.end());
  child.stderr.on('end', () => errLines?.end());
  child.stdout.resume();
  child.stderr.resume();
}

/**
 * The timeout, the abort signal and the end of the leader: each ends the
 * whole group (SIGTERM, then SIGKILL after the grace period). `stop` clears
 * every timer and listener once the run has settled.
 */
function supervise(
  child: StartedProcess,
  options: RunProcessOptions,
): { state: { timedOut: boolean; aborted: boolean }; stop: () => void } {
  const { pid } = child;
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const state = { timedOut: false, aborted: false };
  let exited = false;
  let graceTimer: NodeJS.Timeout | undefined;
  // The launcher kills what it started if okstra dies; a child started directly needs the shared watchdog.
  const stopWatchdog = child.guarded ? () => undefined : startParentDeathWatchdog(pid);

  const terminateTree = (): void => {
    if (exited) return;
    killGroup(pid, 'SIGTERM');
    graceTimer ??= setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
  };
  void child.exited.then(() => {
    exited = true;
    // Whatever the leader left behind in its group dies with it.
    killGroup(pid, 'SIGKILL');
    stopWatchdog();
  });

  const timer = setTimeout(
    () => {
      if (exited) {
        // The program ended but something outside its group still holds the
        // output pipes open: stop waiting for them.
        child.stdout.destroy();
        child.stderr.destroy();
        return;
      }
      state.timedOut = true;
      terminateTree();
    },
    Math.min(MAX_TIMER_MS, Math.max(0, Number.isNaN(options.timeoutMs) ? 0 : options.timeoutMs)),
  );
  const onAbort = (): void => {
    if (exited) return;
    state.aborted = true;
    terminateTree();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // Starting is no longer one synchronous call: an abort that came while it ran has fired already.
  if (options.signal?.aborted) onAbort();
  const stop = (): void => {
    stopWatchdog();
    clearTimeout(timer);
    if (graceTimer) clearTimeout(graceTimer);
    options.signal?.removeEventListener('abort', onAbort);
  };
  return { state, stop };
}

function whyNotStarted(error: unknown, file: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT')
    return `\`${file}\` was not found (is it installed and on PATH, and does the working directory exist?)`;
  if (code === 'EACCES') return `\`${file}\` is not executable (check its permissions)`;
  return error instanceof Error ? error.message : `\`${file}\` could not be started`;
}

/** A timeout for messages: `700 ms`, `1.5 s`, `20 min`. */
export function describeMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms / 6000) / 10} min`;
}
