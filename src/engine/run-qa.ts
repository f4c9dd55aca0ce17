import { tmpdir } from 'node:os';
import type { QaResult } from '../core/report/schema/final-report.js';
import { dispatchFolder, removeDispatchFolder, type AgentLease } from '../sandbox/sandbox.js';
import { tail } from '../core/text/truncate.js';
import { withoutSecrets } from '../providers/env.js';
import { describeMs, runProcess } from '../providers/process.js';

/**
 * Runs a stage's QA commands for real: the plan's validation commands, then
 * the config's `qaCommands` (the caller orders them). Each is one shell
 * command line written by the plan's or config's authors, so it runs through
 * `bash --noprofile --norc -o pipefail -c` — they write pipes, `&&` and
 * variables and expect a shell to honour them; `pipefail` stops
 * `npm test | tee log` from passing whatever the tests did.
 *
 * Commands run one after another, in order, each with its own timeout that
 * kills its whole process tree. The environment is the caller's (which must
 * already be free of provider credentials); as a second line of defence every
 * variable named like a secret (`*_API_KEY`, `*_TOKEN`, `*_SECRET`, …, see
 * `withoutSecrets`) and bash's `BASH_ENV`/`ENV` start-up hooks are dropped.
 */

export interface QaCommand {
  source: 'plan' | 'config';
  label: string;
  cmd: string;
  timeoutMs: number;
}

export interface QaOptions {
  /** The stage worktree. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** How much combined output to keep per command. Default 50 lines / 8000 characters. */
  maxTail?: { lines?: number; chars?: number };
  /** The shell. Default `bash` (looked up on `env.PATH`). */
  shell?: string;
  killGraceMs?: number;
  signal?: AbortSignal;
  /** Called before each command starts (for PROGRESS lines). */
  onStart?: (command: QaCommand, index: number) => void;
  /** Called with each result as soon as it is known. */
  onResult?: (result: QaResult, index: number) => void;
  /** The identity the commands run as: its own HOME and TMPDIR, no other user's files. */
  lease?: AgentLease;
}

export const DEFAULT_QA_TAIL = { lines: 50, chars: 8000 } as const;

export async function runQa(commands: readonly QaCommand[], options: QaOptions): Promise<QaResult[]> {
  const lease = options.lease;
  if (!lease?.user) return runQaAs(commands, options, withoutSecrets(options.env));
  // Under another user, okstra's HOME and TMPDIR are out of reach: the commands get private ones.
  const { dir, path } = await dispatchFolder(tmpdir(), 'okstra-qa-', lease, ['home', 'tmp']);
  try {
    return await runQaAs(commands, options, {
      ...withoutSecrets(options.env),
      ...lease.env,
      HOME: path('home'),
      TMPDIR: path('tmp'),
    });
  } finally {
    // A command's leftover (a daemon a test started) writing there is ended first; a folder that still cannot go
    // stays in the temp folder (okstra's: the agent user may enter it, never list or write it) rather than turning
    // the commands' results into an error.
    await removeDispatchFolder(dir, lease);
  }
}

async function runQaAs(
  commands: readonly QaCommand[],
  options: QaOptions,
  env: Record<string, string>,
): Promise<QaResult[]> {
  const lines = options.maxTail?.lines ?? DEFAULT_QA_TAIL.lines;
  const chars = options.maxTail?.chars ?? DEFAULT_QA_TAIL.chars;
  const shell = options.shell ?? 'bash';
  const results: QaResult[] = [];
  for (const [index, command] of commands.entries()) {
    options.onStart?.(command, index);
    const run = await runProcess({
      file: shell,
      args: ['--noprofile', '--norc', '-o', 'pipefail', '-c', command.cmd],
      cwd: options.cwd,
      env,
      input: '',
      timeoutMs: command.timeoutMs,
      mergeStderr: true,
      // Enough bytes for the kept tail in any encoding, never the whole stream.
      maxOutputBytes: Math.max(64 * 1024, chars * 4),
      keepStdout: 'tail',
      ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      user: options.lease?.user ?? null,
    });
    const note =
      run.spawnError !== null
        ? `okstra: could not start ${shell}: ${run.spawnError}`
        : run.timedOut
          ? `okstra: timed out after ${describeMs(command.timeoutMs)}; the command's process tree was killed`
          : run.aborted
            ? "okstra: cancelled; the command's process tree was killed"
            : run.exitCode === null
              ? `okstra: killed by ${run.signal ?? 'a signal'}`
              : '';
    const output = [run.stdout.replace(/\n+$/, ''), note].filter((s) => s !== '').join('\n');
    const exitCode = run.timedOut || run.aborted || run.spawnError !== null ? null : run.exitCode;
    const result: QaResult = {
      source: command.source,
      label: command.label,
      cmd: command.cmd,
      exitCode,
      durationMs: run.durationMs,
      outputTail: tail(output, lines, chars),
      passed: exitCode === 0,
    };
    results.push(result);
    options.onResult?.(result, index);
  }
  return results;
}
