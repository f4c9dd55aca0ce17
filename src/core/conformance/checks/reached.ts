import type { FinalReport } from '../../report/schema/final-report.js';

/**
 * Whether the run got as far as its verifiers: it completed (passed or
 * failed) and the executor finished within the size caps. An executor
 * stopped by a budget, or a change over limits.stageFiles / stageBytes,
 * fails the run without any verifier being asked, so no verifier result is
 * owed.
 */
export function reachedVerification(report: FinalReport): boolean {
  // `unavailable` with the executor done: the verifiers were asked, and their provider was out.
  const completed = ['passed', 'failed', 'unavailable'].includes(report.verdict.runStatus);
  // A change over a size cap fails before any verifier is asked: none is owed.
  return completed && report.executor.status === 'done' && report.git.overCap === undefined;
}
