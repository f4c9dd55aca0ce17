import type { Readable, Writable } from 'node:stream';

/** What okstra asks for when it starts a program: never a shell unless `file` is one. */
export interface StartRequest {
  /** A name looked up on `env.PATH`, or a path (a relative one resolves against `cwd`). */
  file: string;
  args: readonly string[];
  cwd: string;
  /** The child's whole environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** The OS user it runs as (okstra must be root); absent: okstra's own user. */
  user?: { uid: number; gid: number } | null;
  /** Its own session and process group, so the whole tree can be signalled. */
  detached: boolean;
  /**
   * The child's stdin reads this file (opened by okstra, as a shell's `<` does) instead of a pipe from okstra:
   * a program that reads its input finds all of it at once, without waiting for okstra to write it. The
   * returned `stdin` is then already ended. An absolute path.
   */
  stdinFile?: string;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A running program. `stdout` and `stderr` start paused: attach listeners,
 * then call `resume()`, so nothing it wrote before anyone listened is lost.
 */
export interface StartedProcess {
  readonly pid: number;
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles when the program ended (not necessarily its streams). */
  readonly exited: Promise<ExitStatus>;
  /** Settles when stdout and stderr are both closed (watched from the start: one may close before anyone listens). */
  readonly outputClosed: Promise<void>;
  /** True when whatever started it kills it if okstra dies; false: the caller must see to that. */
  readonly guarded: boolean;
}

/** A program that could not be started; `code` is the errno name (ENOENT, EACCES, …), as Node's spawn errors carry it. */
export class StartError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StartError';
  }
}

/** Settles once every stream emitted 'close'; call it as soon as the streams exist. */
export function allClosed(
  streams: ReadonlyArray<{ once(event: 'close', f: () => void): unknown; closed?: boolean }>,
): Promise<void> {
  return Promise.all(
    streams.map((s) =>
      s.closed ? Promise.resolve() : new Promise<void>((resolve) => s.once('close', () => resolve())),
    ),
  ).then(() => undefined);
}
