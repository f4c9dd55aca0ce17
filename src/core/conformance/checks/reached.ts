import type { FinalReport } from '../../report/schema/final-report.js';

/**
 * Whether the run got as far as its verifiers: it completed (passed or
 * failed) and the executor finished. An executor stopped by a budget fails
 * the run without any verifier being asked, so no verifier result is owed.
 */
export function reachedVerification(report: FinalReport): boolean {
  const completed = report.verdict.runStatus === 'passed' || report.verdict.runStatus === 'failed';
  return completed && report.executor.status === 'done';
}
