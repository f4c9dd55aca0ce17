import { tmpdir } from 'node:os';
import type { QaResult } from '../core/report/schema/final-report.js';
import { countTests, type TestCount } from '../core/test-counts/index.js';
import { tally } from '../core/evidence/judge.js';
import { takeRunnerReport } from './runner-reports.js';
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

/** How much of a command's output is kept to count its tests from: a summary at the end survives any log above it. */
const COUNTED_OUTPUT_BYTES = 1024 * 1024;

/** A QA command's result and the tests okstra counted in it (ids and all; the report keeps the tally). */
export type QaRun = QaResult & { count: TestCount | null };

/** What a report keeps of a run: the result and its tally, not every test id. */
export function reportable(run: QaRun): QaResult {
  const { count, ...result } = run;
  return { ...result, tests: tally(count) };
}

export async function runQa(commands: readonly QaCommand[], options: QaOptions): Promise<QaRun[]> {
  const lease = options.lease;
  // Each command's runner may write a machine-readable report (pytest's JUnit XML) into a folder of the run's own;
  // under another user, okstra's HOME and TMPDIR are out of reach too: the commands get private ones.
  const names = lease?.user ? ['home', 'tmp', 'reports'] : ['reports'];
  const { dir, path } = await dispatchFolder(tmpdir(), 'okstra-qa-', lease?.user ? lease : undefined, names);
  const env = lease?.user
    ? { ...withoutSecrets(options.env), ...lease.env, HOME: path('home'), TMPDIR: path('tmp') }
    : withoutSecrets(options.env);
  try {
    return await runQaAs(commands, options, env, path('reports'));
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
  reports: string,
): Promise<QaRun[]> {
  const lines = options.maxTail?.lines ?? DEFAULT_QA_TAIL.lines;
  const chars = options.maxTail?.chars ?? DEFAULT_QA_TAIL.chars;
  const shell = options.shell ?? 'bash';
  const results: QaRun[] = [];
  for (const [index, command] of commands.entries()) {
    options.onStart?.(command, index);
    const junit = `${reports}/${index + 1}.xml`;
    const run = await runProcess({
      file: shell,
      // One stream from the shell on: two pipes read side by side lose the order of `echo out; echo err >&2`.
      // On the command's own first line, so the line numbers in its error messages stay the author's.
      args: ['--noprofile', '--norc', '-o', 'pipefail', '-c', `exec 2>&1; ${command.cmd}`],
      cwd: options.cwd,
      env: { ...env, PYTEST_ADDOPTS: [env.PYTEST_ADDOPTS, `--junitxml=${junit}`].filter(Boolean).join(' ') },
      input: '',
      timeoutMs: command.timeoutMs,
      mergeStderr: true,
      // Enough bytes for the kept tail in any encoding, never the whole stream.
      maxOutputBytes: Math.max(COUNTED_OUTPUT_BYTES, chars * 4),
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
    const report = await takeRunnerReport(junit);
    const result: QaRun = {
      source: command.source,
      label: command.label,
      cmd: command.cmd,
      exitCode,
      durationMs: run.durationMs,
      outputTail: tail(output, lines, chars),
      passed: exitCode === 0,
      count: inTree(countTests(run.stdout, report ? [report] : []), options.cwd),
    };
    results.push(result);
    options.onResult?.(result, index);
  }
  return results;
}

/** Test ids as the project names them: a runner that prints absolute paths names the tree, which differs per run. */
function inTree(count: TestCount | null, tree: string): TestCount | null {
  if (count === null) return null;
  const strip = (ids: string[]): string[] => [...new Set(ids.map((id) => id.split(`${tree}/`).join('')))].sort();
  return {
    ...count,
    ids: { passed: strip(count.ids.passed), failed: strip(count.ids.failed), skipped: strip(count.ids.skipped) },
  };
}
