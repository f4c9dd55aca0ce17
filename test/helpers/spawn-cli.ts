import { inject } from 'vitest';
import { execa } from 'execa';
import type { CliResult } from './cli.js';

// Apart from runCli (in-process): a test that starts okstra's bundle as a process is in the slow tier
// (test/tiers.ts), and the tier guard finds it by the `inject` here.

/** Runs the freshly bundled CLI as a real child process (see test/global-setup.ts). */
export async function spawnCli(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliResult> {
  const result = await execa(process.execPath, [inject('okstraCliPath'), ...args], {
    cwd: opts.cwd,
    env: opts.env,
    reject: false,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
