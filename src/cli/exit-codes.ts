import type { FinalReport } from '../core/report/index.js';
import { EXIT_INFRA, EXIT_OK, EXIT_REFUSED } from './io.js';

/** Worker statuses that mean a worker could not do its job, as opposed to judging the work. */
const COULD_NOT_WORK = new Set<string>(['error', 'timeout', 'budget-exceeded']);

/**
 * The exit code of a finished stage run: 0 PASS, 1 a FAIL the run judged
 * (a QA command failed, a verifier answered FAIL, a blocking finding stands,
 * the executor broke its contract), 3 a FAIL only because okstra or a provider
 * could not do its job (run status `error`, or the executor or every missing
 * verdict ended in error / timeout / budget-exceeded, or run status `unavailable`: a provider could not
 * work at all). A script can retry a 3;
 * a 1 needs a fix run.
 */
export function stageExitCode(
  report: Pick<FinalReport, 'verdict' | 'executor' | 'qa' | 'verifiers' | 'findings'>,
): number {
  if (report.verdict.value === 'PASS') return EXIT_OK;
  // An outage (quota, refused key, the vendor down, no CLI) judged nothing: retry later, or let a fallback vendor work.
  if (report.verdict.runStatus === 'error' || report.verdict.runStatus === 'unavailable') return EXIT_INFRA;
  if (report.verdict.runStatus === 'contract-violated') return EXIT_REFUSED;
  if (COULD_NOT_WORK.has(report.executor.status)) return EXIT_INFRA;
  const judged =
    report.qa.some((q) => !q.passed) ||
    report.verifiers.some((v) => v.status === 'done' && v.verdict === 'FAIL') ||
    report.findings.some((f) => f.severity === 'blocking' && f.disposition !== 'refuted');
  if (judged) return EXIT_REFUSED;
  // No one judged the work: the FAIL comes from verifiers without a verdict; it is infrastructure only when each of them could not work.
  const silent = report.verifiers.filter((v) => v.status !== 'done' || v.verdict === null);
  return silent.length > 0 && silent.every((v) => COULD_NOT_WORK.has(v.status)) ? EXIT_INFRA : EXIT_REFUSED;
}

/** A chain's exit code: its last run decides when it stopped at a failed stage. */
export function chainExitCode(
  status: string,
  runs: ReadonlyArray<{ report: Parameters<typeof stageExitCode>[0] }>,
): number {
  if (status !== 'failed') return EXIT_OK;
  const last = runs.at(-1);
  return last ? stageExitCode(last.report) : EXIT_REFUSED;
}

/**
 * How `okstra demo` ends: the stages' runs decide (its scripted first FAIL is the point, what counts is how the stages
 * end after the fix run); when they are all done, the closing `okstra status` must have worked too.
 */
export function demoOutcome(runsCode: number, statusCode: number): { verdict: string; exitCode: number } {
  if (runsCode === EXIT_INFRA)
    return { verdict: 'stopped: a worker could not do its job (its reason is above, exit 3)', exitCode: runsCode };
  if (runsCode !== EXIT_OK)
    return { verdict: 'stopped at a FAIL the fix run did not repair (exit 1)', exitCode: runsCode };
  return { verdict: 'done', exitCode: statusCode === EXIT_OK ? EXIT_OK : EXIT_REFUSED };
}
