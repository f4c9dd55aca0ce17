import { LedgerFormatError } from '../core/ledger/index.js';
import { okstraLine } from '../core/text/okstra-line.js';
import { mark, timed } from '../process/timings.js';
import { ProviderError } from '../providers/errors.js';
import type { RunnerContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { inGroup, type ActionIo } from './io.js';
import type { MainDeps } from './main-deps.js';
import { emptyResults, type RunResults } from './plan-run.js';
import { RulesError } from './rules.js';
import type { Scrubber } from './secrets.js';
import { openSession, type Session } from './session.js';
import type * as StageModes from './modes.js';

/**
 * The modes that open a session (every mode but cli-cache-key and event):
 * setup group → mode → outputs and the step's outcome. main.ts loads this
 * module only for them, so the steps that need none of it start without it.
 */
export async function runSession(
  d: MainDeps,
  inputs: ActionInputs,
  ctx: RunnerContext,
  scrub: Scrubber,
): Promise<void> {
  const { io } = d;
  const results = emptyResults(inputs.dryRun);
  // A stage or chain run's mode module compiles while the session's git and boundary work is under way, not after it:
  // both are on the way to the stage's claim. Awaited below; a session that fails first must not leave it unhandled.
  const stageModes = inputs.mode === 'stage' || inputs.mode === 'chain' ? import('./modes.js') : null;
  stageModes?.catch(() => undefined);
  const session = await inGroup(io, `okstra: setup (mode ${inputs.mode}${inputs.dryRun ? ', dry run' : ''})`, () =>
    openSession({
      io,
      inputs,
      ctx,
      env: d.env,
      scrub,
      ...(d.fetch ? { fetch: d.fetch } : {}),
      ...(d.installClis ? { installClis: d.installClis } : {}),
    }),
  ).catch((error: unknown) => failOnUsersError(io, scrub, error));
  if (!session) return;
  mark('session:opened');
  try {
    await runMode(session, results, stageModes);
  } catch (error) {
    results.failures.push(failureMessage(error));
  } finally {
    await timed('session:dispose', () => session.dispose());
  }
  writeOutputs(io, results);
  const failed = stepFailure(results, session.publisher.problems);
  if (!failed) return;
  io.setFailed(okstraLine(scrub.scrubAll(failed.message)));
  if (failed.outagesOnly) io.setExitCode?.(EXIT_UNAVAILABLE);
}

/**
 * Config and roster problems are the user's to fix: every detail, then one line that fails the step; anything else is
 * thrown on.
 */
export function failOnUsersError(io: ActionIo, scrub: Scrubber, error: unknown): null {
  if (error instanceof RulesError) for (const line of error.details) io.error(line);
  if (!(error instanceof RulesError || error instanceof ProviderError)) throw error;
  io.setFailed(okstraLine(scrub.scrubAll(error.message)));
  return null;
}

/**
 * Runs the session's mode. Each mode's module is loaded for its run only: a stage run does not compile planning, final
 * verification or the hand-off.
 */
async function runMode(
  session: Session,
  results: RunResults,
  stageModes: Promise<typeof StageModes> | null,
): Promise<void> {
  switch (session.inputs.mode) {
    case 'stage':
      await (await timed('action:load-mode', () => stageModes ?? import('./modes.js'))).stageMode(session, results);
      break;
    case 'chain':
      await (await (stageModes ?? import('./modes.js'))).chainMode(session, results);
      break;
    case 'continue':
      await (await import('./sweep-modes.js')).continueMode(session, results);
      break;
    case 'status':
      await (await import('./sweep-modes.js')).statusMode(session, results);
      break;
    case 'reconcile':
      await (await import('./reconcile-mode.js')).reconcileMode(session, results);
      break;
    case 'plan':
      await (await import('./plan-mode.js')).planMode(session, results);
      break;
    case 'approve':
      await (await import('./approve-mode.js')).approveMode(session, results);
      break;
    case 'final':
      await (await import('./final-mode.js')).finalMode(session, results);
      break;
  }
}

/**
 * What a mode threw, as the step's failure: anything thrown fails the step, Error or not (its message is scrubbed
 * later); a corrupt ledger says so (its message names branch:path, line and the repair command).
 */
export function failureMessage(error: unknown): string {
  if (error instanceof LedgerFormatError) return `the ledger is corrupt: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether the step fails, with what message, and whether only outages failed it: every problem is a stage whose
 * provider could not work, so it exits 3, as `okstra run` does (src/cli/exit-codes.ts).
 */
export function stepFailure(
  results: RunResults,
  publishingProblems: readonly string[],
): { message: string; outagesOnly: boolean } | null {
  const problems = [...results.failures, ...publishingProblems.map((p) => `publishing: ${p}`)];
  if (problems.length === 0) return null;
  const outages = results.runs.filter((r) => r.outcome.report.verdict.runStatus === 'unavailable').length;
  return { message: problems.join('; '), outagesOnly: outages === problems.length };
}

/** The exit code of a step failed only by outages; the CLI's EXIT_INFRA. */
export const EXIT_UNAVAILABLE = 3;

/** The outputs describe the last stage run (in a chain: the one it stopped at). */
export function writeOutputs(io: ActionIo, r: RunResults): void {
  const last = r.runs.at(-1);
  const report = last?.outcome.report;
  io.setOutput('verdict', report?.verdict.value ?? '');
  io.setOutput('run-status', r.dryRun ? 'dry-run' : (report?.verdict.runStatus ?? ''));
  io.setOutput('stage', report ? String(report.stage.number) : '');
  io.setOutput('branch', report?.git.branch ?? '');
  io.setOutput('head-commit', report?.git.headCommit ?? '');
  io.setOutput('report-path', last?.outcome.reportPath ?? '');
  io.setOutput('report-json', last?.localJson ?? '');
  io.setOutput('remaining-queue', JSON.stringify(r.remainingQueue));
  io.setOutput('usage', report ? JSON.stringify(report.usage) : '');
}
