import type { DoneRow, FinalVerdictRow, LedgerState } from '../ledger/index.js';
import type { Plan } from '../plan/types.js';
import { stageByNumber } from '../graph/index.js';
import {
  FINAL_VERIFICATION_REPORT_SCHEMA,
  FINAL_VERIFICATION_REPORT_VERSION,
  type FinalVerificationReport,
} from '../report/schema/final-verification-report.js';

/**
 * What a final verification records: its ledger row and its report, built
 * from what the engine gathered. Pure, so the row a verdict writes is tested
 * without a run.
 */

export function finalReportPath(planId: string, runId: string, ext: 'json' | 'md'): string {
  return `plans/${planId}/reports/final/${runId}.${ext}`;
}

export interface FinalRecordInput {
  plan: Plan;
  planPath: string;
  planBlob: string;
  runId: string;
  runUrl: string | null;
  trigger: FinalVerificationReport['run']['trigger'];
  startedAt: Date;
  finishedAt: Date;
  baseCommit: string;
  finalHead: string;
  finalBranch: string;
  /** Every stage in topological order, and each one's done row. */
  stages: readonly number[];
  done: ReadonlyMap<number, DoneRow>;
  sinks: readonly number[];
  verdict: FinalVerificationReport['verdict'];
}

/** `verified`, or `verification-failed` naming the stages to fix and to rebuild. */
export function finalVerdictRow(input: FinalRecordInput): FinalVerdictRow {
  const { plan, verdict } = input;
  const row = {
    v: 1 as const,
    plan_id: plan.id,
    run_id: input.runId,
    at: input.finishedAt.toISOString(),
    ...(input.trigger.actor ? { actor: input.trigger.actor } : {}),
    plan_blob: input.planBlob,
    base_commit: input.baseCommit,
    final_head: input.finalHead,
    final_branch: input.finalBranch,
    done_heads: Object.fromEntries([...input.done].map(([n, r]) => [String(n), r.head_commit])),
    report_path: finalReportPath(plan.id, input.runId, 'json'),
  };
  return verdict.value === 'accepted'
    ? { ...row, status: 'verified' }
    : { ...row, status: 'verification-failed', fix_stages: verdict.fixStages, rebuild_stages: verdict.rebuildStages };
}

/** Each stage's done head as the report lists it, in topological order. */
export function reportDoneHeads(
  input: Pick<FinalRecordInput, 'plan' | 'stages' | 'done'>,
  state: LedgerState,
): FinalVerificationReport['git']['doneHeads'] {
  return input.stages.map((n) => {
    const d = input.done.get(n) as DoneRow;
    return {
      stage: n,
      title: stageByNumber(input.plan, n).title,
      head: d.head_commit,
      branch: d.branch ?? `okstra/${input.plan.id}/stage-${n}`,
      attempts: state.stages.get(n)?.attempts ?? 1,
      reportPath: d.report_path,
    };
  });
}

/** The report's header: schema, plan and run. */
export function reportHeader(
  input: FinalRecordInput,
): Pick<FinalVerificationReport, 'schema' | 'version' | 'plan' | 'run'> {
  return {
    schema: FINAL_VERIFICATION_REPORT_SCHEMA,
    version: FINAL_VERIFICATION_REPORT_VERSION,
    plan: { id: input.plan.id, title: input.plan.title, path: input.planPath, blob: input.planBlob },
    run: {
      id: input.runId,
      startedAt: input.startedAt.toISOString(),
      finishedAt: input.finishedAt.toISOString(),
      durationMs: input.finishedAt.getTime() - input.startedAt.getTime(),
      trigger: input.trigger,
      url: input.runUrl,
    },
  };
}
