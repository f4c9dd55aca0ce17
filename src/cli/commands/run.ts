import { fallbackLines } from '../../core/report/fallbacks.js';
import type { Command } from 'commander';
import { runStage } from '../../engine/run-stage.js';
import { runChain } from '../../engine/run-chain.js';
import { EngineError, type StageCompleted } from '../../engine/types.js';
import { LedgerContentionError, LedgerIoError } from '../../git/ledger-store.js';
import { GitError } from '../../git/git.js';
import { CliError, EXIT_INFRA, type CliIo } from '../io.js';
import { positiveInt } from '../options.js';
import { newLocalRunId, prepareRun, type RunOptions } from '../engine-setup.js';
import { failedWorkers } from '../../core/report/failure.js';
import { singleVendorLine } from '../../core/report/vendors.js';
import { watchRun, type ViewFlags } from '../live-view.js';
import { chainExitCode, stageExitCode } from '../exit-codes.js';

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const stageList = (value: string): number[] => list(value).map(positiveInt);

export function runOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--plan <file>', 'the plan Markdown file (committed in the repository)')
    .option(
      '--executor <provider>',
      'who writes the code: claude, codex, gemini, copilot, a provider from the config, or command:<program>',
    )
    .option('--verifiers <list>', 'comma-separated providers that verify (default: every configured provider)', list)
    .option('--model <provider=model>', 'model for one provider; repeatable', collect)
    .option('--critic <provider>', 'an extra reviewer that looks for what the verifiers missed')
    .option('--config <file>', 'the okstra config (default: <repo>/.okstra/config.yml)')
    .option('--repo <dir>', 'the git repository (default: current directory)')
    .option('--remote <name>', 'push stage branches and the ledger to this remote')
    .option('--json', 'print the final report (run) or the chain outcome (chain) as JSON')
    .option('--quiet', 'print only the outcome, no progress')
    .option('--verbose', 'print every worker event (token counts too) as its own line');
}

export function registerRunCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  runOptions(
    program
      .command('run')
      .description(
        'Run one stage of a plan: executor, QA, verifiers, verdict, ledger. Exit 0 PASS; 1 a FAIL verdict or a refusal; 3 okstra or a provider could not do its job (run status error, a worker error, timeout or budget stop, an infrastructure error); 2 bad usage.',
      ),
  )
    .requiredOption('--stage <n>', 'the stage to run', positiveInt)
    .option(
      '--rebase',
      "fix run only: replay the failed stage's branch onto the stage's current base (the plan's base ref as it is now) instead of continuing on the base the failed run recorded",
    )
    .action(async (opts: RunOptions & ViewFlags & { stage: number; json?: boolean; rebase?: boolean }) => {
      await guard(async () => {
        const prepared = await prepareRun(io, opts);
        const request = {
          ...prepared.request,
          stage: opts.stage,
          runId: newLocalRunId(io.now(), opts.stage),
          ...(opts.rebase ? { rebase: true } : {}),
        };
        const watch = watchRun(io, opts, prepared.deps);
        const outcome = await runStage(request, watch.deps).finally(() => {
          watch.close();
          return prepared.close();
        });
        if (outcome.kind === 'refused') throw new CliError(outcome.reason);
        printOutcome(io, outcome, opts.json);
        setExit(stageExitCode(outcome.report));
      });
    });

  runOptions(
    program
      .command('chain')
      .description(
        'Run the next stages of a plan in dependency order, stopping at the first FAIL. Same exit codes as run (the stopping stage decides; "not ready yet" is 0).',
      ),
  )
    .option('--stages <list>', 'comma-separated stages to reach (their dependencies run too; default: all)', stageList)
    .action(async (opts: RunOptions & ViewFlags & { stages?: number[]; json?: boolean }) => {
      await guard(async () => {
        const prepared = await prepareRun(io, opts);
        const watch = watchRun(io, opts, prepared.deps);
        const outcome = await runChain(
          {
            ...prepared.request,
            ...(opts.stages ? { stages: opts.stages } : {}),
            newRunId: (n) => newLocalRunId(io.now(), n),
          },
          watch.deps,
        ).finally(() => {
          watch.close();
          return prepared.close();
        });
        if (opts.json)
          io.out(
            JSON.stringify(
              {
                status: outcome.status,
                queue: outcome.queue,
                remainingQueue: outcome.remainingQueue,
                runs: outcome.runs.map((r) => ({
                  stage: r.report.stage.number,
                  verdict: r.report.verdict,
                  reportPath: r.reportPath,
                })),
              },
              null,
              2,
            ),
          );
        else for (const r of outcome.runs) printOutcome(io, r, false);
        if (outcome.status === 'refused') throw new CliError(outcome.reason);
        if (!opts.json) io.out(chainLine(outcome.status, outcome.remainingQueue));
        setExit(chainExitCode(outcome.status, outcome.runs));
      });
    });
}

export function printOutcome(io: CliIo, outcome: StageCompleted, json: boolean | undefined): void {
  if (json) {
    io.out(JSON.stringify(outcome.report, null, 2));
    return;
  }
  const { report } = outcome;
  io.out(
    `stage ${report.stage.number} ${report.verdict.value} (${report.verdict.runStatus}) — report ${outcome.reportPath} on the ledger branch at ${outcome.ledgerCommit.slice(0, 12)}`,
  );
  const vendor = singleVendorLine(report.roster);
  if (vendor) io.out(`  ${vendor}`);
  for (const line of fallbackLines(report)) io.out(`  fallback: ${line}`);
  for (const reason of report.verdict.reasons) io.out(`  - ${reason}`);
  for (const line of failureLines(report)) io.out(line);
}

/** Lines of stderr the terminal shows per failed worker; the report keeps more. */
const STDERR_LINES_SHOWN = 10;

/** Why each worker without a result failed: the reason on one line, the end of its stderr indented under it. */
export function failureLines(report: StageCompleted['report']): string[] {
  const out: string[] = [];
  for (const w of failedWorkers(report)) {
    const role = w.role === 'reverify' ? `re-verify of ${w.findingId ?? '?'}` : w.role;
    const upstream = w.upstreamError
      ? ` (upstream ${w.upstreamError.status ?? 'connection failed'}: ${w.upstreamError.message.replace(/\s+/g, ' ')})`
      : '';
    out.push(`  ! ${w.worker} (${role}) ${w.status}${upstream}: ${w.failure.reason}`);
    const lines = w.failure.stderrTail
      .replace(/\n+$/, '')
      .split('\n')
      .filter((l) => l.trim() !== '');
    for (const l of lines.slice(-STDERR_LINES_SHOWN)) out.push(`      | ${l}`);
  }
  return out;
}

function chainLine(status: string, remaining: number[]): string {
  const rest = remaining.length > 0 ? `; remaining: ${remaining.join(', ')}` : '';
  return status === 'complete'
    ? 'chain complete'
    : status === 'failed'
      ? `chain stopped at a failed stage${rest}`
      : `chain paused: not ready yet${rest}`;
}

/** Infrastructure failures exit 3 with one line; refusals stay exit 1. */
export async function guard(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (
      error instanceof EngineError ||
      error instanceof LedgerIoError ||
      error instanceof LedgerContentionError ||
      error instanceof GitError
    )
      throw new CliError(error.message, EXIT_INFRA);
    throw error;
  }
}
