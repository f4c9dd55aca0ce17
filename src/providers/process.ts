import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startProcess } from '../process/start-process.js';
import type { StartedProcess } from '../process/started-process.js';

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
/** Longest line handed to `onLine`; a CLI's event line carrying a whole file is cut, not buffered without end. */
export const MAX_STREAMED_LINE_BYTES = 1024 * 1024;

/** Splits a byte stream into lines for `onLine`, holding at most `max` bytes of an unfinished line. */
export class LineSplitter {
  private pending: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly emit: (line: string) => void,
    private readonly max = MAX_STREAMED_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.keep(chunk.subarray(start, nl));
      this.flush();
      start = nl + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** The last line, when the stream ended without a newline. */
  end(): void {
    if (this.size > 0) this.flush();
  }

  private keep(part: Buffer): void {
    const room = this.max - this.size;
    if (room <= 0 || part.length === 0) return;
    const kept = part.length > room ? part.subarray(0, room) : part;
    this.pending.push(kept);
    this.size += kept.length;
  }

  private flush(): void {
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.size = 0;
    try {
      this.emit(line);
    } catch {
      // a watcher's bug must not end the agent's run
    }
  }
}

/** A byte buffer that keeps at most `max` bytes: the first ones or the last ones. */
export class BoundedBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private seen = 0;

  constructor(
    private readonly max: number,
    private readonly keep: 'head' | 'tail',
  ) {}

  push(chunk: Buffer): void {
    this.seen += chunk.length;
    if (this.max <= 0) return;
    if (this.keep === 'head') {
      const room = this.max - this.size;
      if (room <= 0) return;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    // Drop whole chunks from the front while the rest still covers the cap.
    while (this.chunks.length > 1 && this.size - (this.chunks[0]?.length ?? 0) >= this.max) {
      this.size -= this.chunks.shift()?.length ?? 0;
    }
  }

  get truncated(): boolean {
    return this.seen > this.max;
  }

  text(): string {
    let bytes = Buffer.concat(this.chunks);
    if (this.keep === 'tail' && bytes.length > this.max) bytes = bytes.subarray(bytes.length - this.max);
    if (!this.truncated) return bytes.toString('utf8');
    return this.keep === 'tail' ? decodeTail(bytes) : decodeHead(bytes);
  }
}

/** Skips UTF-8 continuation bytes a tail cut left at the start. */
function decodeTail(bytes: Buffer): string {
  let start = 0;
  while (start < bytes.length && start < 4 && ((bytes[start] as number) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start).toString('utf8');
}

/** Drops a multi-byte UTF-8 sequence a head cut left incomplete at the end. */
function decodeHead(bytes: Buffer): string {
  let end = bytes.length;
  for (let back = 1; back <= 4 && end - back >= 0; back++) {
    const b = bytes[end - back] as number;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (need > back) end -= back;
    break;
  }
  return bytes.subarray(0, end).toString('utf8');
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), 'utf8');
}

/**
 * Sends `signal` to the process group `pgid`, best effort: a group that is
 * already gone (ESRCH) is the normal case after a clean exit, and this runs
 * in timers and event handlers where a throw would crash the engine.
 */
function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone already, or not ours to signal
  }
}

/**
 * The one watchdog of this okstra process, a shell reading lines from a pipe
 * only okstra holds open: `+ PGID` watches a group, `- PGID` forgets it. At
 * EOF (okstra died, however it died) it SIGKILLs every group still watched.
 * One shell for every agent rather than one per agent: a spawn blocks Node's
 * event loop for a few milliseconds (fork, then the wait for exec), so twelve
 * verifiers with a watchdog each started one by one, 24 spawns in a row on a
 * loaded runner, and the last verifier started ~70 ms after the first.
 * Exported for its tests. `kill -9 -PGID` is the spelling dash, bash and zsh
 * all accept; an id that is not a plain number above 1 is ignored, never signalled.
 */
export const SHARED_WATCHDOG_SCRIPT = [
  "groups=' '",
  'while read -r op id; do',
  // Never 0 (its own group), 1 or a leading zero (init's group): okstra registers real group ids only.
  "  case $id in ''|*[!0-9]*|0*|1) continue ;; esac",
  '  case $op in',
  '    +) groups="$groups$id " ;;',
  '    -) case $groups in *" $id "*) groups=${groups%%" $id "*}\' \'${groups#*" $id "} ;; esac ;;',
  '  esac',
  'done',
  'for id in $groups; do kill -9 -"$id" 2>/dev/null; done',
  'exit 0',
].join('\n');

/**
 * Keeps the shared watchdog: started at the first watched group, started
 * again (and told every group still watched) if it died, and never holding
 * okstra's event loop open. Its pipe is created close-on-exec like all of
 * libuv's, so no agent inherits the write end and delays the EOF.
 */
/** A watchdog that keeps dying is not helped by more of them; the tree kill still holds while okstra lives. */
const MAX_WATCHDOG_RESTARTS = 5;

class SharedWatchdog {
  private dog: ChildProcess | null = null;
  private readonly watched = new Set<number>();
  private restarts = 0;

  watch(pgid: number): () => void {
    this.watched.add(pgid);
    if (!this.send(`+ ${pgid}\n`)) this.restart();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.watched.delete(pgid);
      this.send(`- ${pgid}\n`);
    };
  }

  /** The watchdog's pid while it runs (tests look for it). */
  get pid(): number | null {
    return this.dog?.pid ?? null;
  }

  private send(line: string): boolean {
    const stdin = this.dog?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return false;
    stdin.write(line);
    return true;
  }

  private restart(): void {
    let dog: ChildProcess;
    try {
      dog = spawn('/bin/sh', ['-c', SHARED_WATCHDOG_SCRIPT, 'okstra-watchdog'], {
        stdio: ['pipe', 'ignore', 'ignore'],
        // Its own group: a Ctrl-C to okstra's group must not end the watchdog before it acts.
        detached: true,
      });
    } catch {
      return; // no shell: no watchdog; the tree kill still holds while okstra lives
    }
    this.dog = dog;
    dog.on('error', () => undefined);
    dog.stdin?.on('error', () => undefined);
    dog.on('exit', () => {
      if (this.dog !== dog) return;
      this.dog = null;
      // Killed by someone while agents run: they need a watchdog now, not at the next dispatch.
      if (this.watched.size > 0 && this.restarts++ < MAX_WATCHDOG_RESTARTS) this.restart();
    });
    dog.unref();
    (dog.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null)?.unref?.();
    if (this.watched.size > 0) this.send([...this.watched].map((g) => `+ ${g}\n`).join(''));
  }
}

const sharedWatchdog = new SharedWatchdog();

/**
 * Has the process group `pgid` killed by the shared parent-death watchdog if
 * okstra dies; the returned function stops watching it (call it once the
 * group is gone, so the watchdog never signals an id the kernel may have
 * handed out again). Best effort: without a shell there is no watchdog, and
 * the run still has the tree kill above while okstra lives.
 */
export function startParentDeathWatchdog(pgid: number): () => void {
  return sharedWatchdog.watch(pgid);
}

/** The shared watchdog's pid, null before the first agent or when none could start. */
export function parentDeathWatchdogPid(): number | null {
  return sharedWatchdog.pid;
}

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
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
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
  const { pid, stdin } = child;
  // Settles once the program ended and its output pipes closed.
  const ended = Promise.all([child.exited, child.outputClosed]).then(([status]) => status);
  // A program that exits without reading its stdin closes the pipe under us (EPIPE): not an error of the run.
  stdin.on('error', () => undefined);
  if (options.inputFile === undefined) stdin.end(options.input ?? '');

  let timedOut = false;
  let aborted = false;
  let exited = false;
  let graceTimer: NodeJS.Timeout | undefined;
  // The launcher kills what it started if okstra dies; a child started directly needs the shared watchdog.
  const stopWatchdog = child.guarded ? () => undefined : startParentDeathWatchdog(pid);

  const terminateTree = (): void => {
    if (exited) return;
    killGroup(pid, 'SIGTERM');
    graceTimer ??= setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
  };

  const onLine = options.onLine;
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
      timedOut = true;
      terminateTree();
    },
    Math.min(MAX_TIMER_MS, Math.max(0, Number.isNaN(options.timeoutMs) ? 0 : options.timeoutMs)),
  );
  const onAbort = (): void => {
    if (exited) return;
    aborted = true;
    terminateTree();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // Starting is no longer one synchronous call: an abort that came while it ran has fired already.
  if (options.signal?.aborted) onAbort();

  try {
    const result = await ended;
    return {
      exitCode: result.code,
      signal: result.signal,
      timedOut,
      aborted,
      stdout: stdout.text(),
      stderr: options.mergeStderr ? '' : stderr.text(),
      stdoutTruncated: stdout.truncated,
      stderrTruncated: options.mergeStderr ? false : stderr.truncated,
      durationMs: Math.round(performance.now() - started),
      spawnError: null,
    };
  } finally {
    stopWatchdog();
    clearTimeout(timer);
    if (graceTimer) clearTimeout(graceTimer);
    options.signal?.removeEventListener('abort', onAbort);
  }
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
