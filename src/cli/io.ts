/** What a CLI command may touch of its process, so tests can run commands in-process. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  now(): Date;
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

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    cwd: process.cwd(),
    env: process.env,
    now: () => new Date(),
  };
}
