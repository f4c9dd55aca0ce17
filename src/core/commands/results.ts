import type { LedgerRow } from '../ledger/row.js';
import { escapeInline } from '../text/escape.js';

/**
 * How the bot completes a stage check whose workflow run ended without a
 * report for that stage. A check is never left queued: the conclusion says
 * what is known, and the summary links the logs where the rest is.
 */

export type NoReportConclusion = 'failure' | 'cancelled' | 'skipped' | 'neutral';

export interface NoReportFacts {
  stage: number;
  /** `workflow_run.conclusion`: success, failure, cancelled, timed_out, … */
  workflowConclusion: string | null;
  logsUrl: string;
  /** The last ledger row this workflow run wrote for the stage (a claim, or a failure without a report). */
  row: LedgerRow | null;
  /** A stage of this same run that reported a FAIL verdict: a chain stops there, so later stages were not reached. */
  failedStage: number | null;
}

export interface CheckEnding {
  conclusion: NoReportConclusion;
  title: string;
  summary: string;
}

export function endingWithoutReport(f: NoReportFacts): CheckEnding {
  const logs = `[the workflow run's logs](${f.logsUrl})`;
  if (f.workflowConclusion === 'cancelled') {
    return {
      conclusion: 'cancelled',
      title: 'Cancelled',
      summary: `The workflow run was cancelled before stage ${f.stage} wrote a report. See ${logs}.`,
    };
  }
  if (f.row?.status === 'failed') {
    const detail = f.row.detail ? `: ${escapeInline(f.row.detail)}` : '';
    return {
      conclusion: 'failure',
      title: `Failed (${f.row.reason}) without a report`,
      summary: `Stage ${f.stage} ended as \`${f.row.reason}\` in run \`${f.row.run_id}\`${detail}. See ${logs}.`,
    };
  }
  if (f.failedStage !== null && f.failedStage !== f.stage && f.row === null) {
    return {
      conclusion: 'skipped',
      title: `Not run: stage ${f.failedStage} failed`,
      summary: `The chain stopped at stage ${f.failedStage}, which failed, before it reached stage ${f.stage}. See ${logs}.`,
    };
  }
  if (f.workflowConclusion === 'success' && f.row === null) {
    return {
      conclusion: 'neutral',
      title: 'Not run',
      summary: `The workflow run finished without running stage ${f.stage} (not ready yet: a dependency is not done, or another run holds the stage; or a \`reconcile --reset\`, which moves the branch back without a run). See ${logs}.`,
    };
  }
  const how = f.row?.status === 'started' ? `claimed stage ${f.stage} (run \`${f.row.run_id}\`) but ended` : 'ended';
  return {
    conclusion: 'failure',
    title: 'No report: the workflow run failed',
    summary: `The workflow run ${how} (${f.workflowConclusion ?? 'unknown conclusion'}) before stage ${f.stage} wrote a report: it crashed, was refused or timed out. See ${logs}.`,
  };
}
