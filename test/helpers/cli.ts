import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output. */
export async function runCli(
  args: string[],
  opts: { cwd?: string; now?: Date; env?: Record<string, string> } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    out: (t) => (stdout += t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => (stderr += t.endsWith('\n') ? t : `${t}\n`),
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, ...opts.env },
    now: () => opts.now ?? new Date(),
  };
  const exitCode = await main(args, io);
  return { exitCode, stdout, stderr };
}
