import { Scrubber } from '../core/text/scrub.js';

/** What a CLI command may touch of its process, so tests can run commands in-process. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  now(): Date;
  /** The provider keys of the environment; what is printed and written to the ledger is scrubbed of them. */
  scrub?: Scrubber;
  /** Present when stdout is a terminal: raw writes (no newline added) for the live view, and the terminal's width. */
  tty?: { write(text: string): void; columns: number };
}

// The built-in providers' variables (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY) and any other key or token by its name.
const SECRET_VARIABLE = /(?:_API_KEY|_TOKEN|_SECRET|_ACCESS_KEY)$/;

/** The io with a scrubber of the environment's keys, through which every line printed passes. */
export function scrubbingIo(io: CliIo): CliIo {
  const scrub =
    io.scrub ??
    new Scrubber(
      Object.entries(io.env).flatMap(([name, value]) => (value && SECRET_VARIABLE.test(name) ? [value] : [])),
    );
  const tty = io.tty;
  return {
    ...io,
    scrub,
    out: (text) => io.out(scrub.scrubAll(text)),
    err: (text) => io.err(scrub.scrubAll(text)),
    ...(tty
      ? {
          tty: {
            write: (text: string) => tty.write(scrub.scrubAll(text)),
            get columns() {
              return tty.columns;
            },
          },
        }
      : {}),
  };
}

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INFRA = 3;

/** A failure the user can act on: printed as one line on stderr, mapped to an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_REFUSED,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * The process's own streams. A reader that stops early (`okstra … | head`,
 * `2>&1 | head` for stderr) closes the stream under us: that is the reader's
 * choice, not a failure, so the rest of what would be printed is dropped and
 * the command ends as it would have, never with an unhandled EPIPE and its
 * stack trace.
 */
export function processIo(): CliIo {
  const stdout = readerMayLeave(process.stdout);
  const stderr = readerMayLeave(process.stderr);
  return {
    out: (text) => stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    cwd: process.cwd(),
    env: process.env,
    now: () => new Date(),
    ...(process.stdout.isTTY
      ? {
          tty: {
            write: (text: string) => stdout.write(text),
            get columns() {
              return process.stdout.columns;
            },
          },
        }
      : {}),
  };
}

function readerMayLeave(stream: NodeJS.WriteStream): { write(text: string): void } {
  let readerGone = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerGone = true;
  });
  return {
    write: (text) => {
      if (!readerGone) stream.write(text);
    },
  };
}
