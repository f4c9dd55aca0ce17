import { carryPath, reportPath, type StageRow as LedgerRow } from '../core/ledger/index.js';
import {
  protectingReason,
  sortViolations,
  uniqueViolations,
  validateRun,
  type Violation,
} from '../core/conformance/index.js';
import { renderMarkdown, type FinalReport } from '../core/report/index.js';
import { failureDetail } from '../core/report/failure.js';
import type { EngineDeps, RunStageRequest } from './types.js';
import type { VerifierWorktreeRecord } from '../core/conformance/types.js';
import type { ActivityLog } from './progress.js';

export interface Persisted {
  report: FinalReport;
  markdown: string;
  reportPath: string;
  ledgerCommit: string;
}

/** The terminal row this run will append; built before the report so the report can quote it. */
export function terminalRow(
  req: RunStageRequest,
  report: Omit<FinalReport, 'ledgerRow'>,
  executorTimedOut: boolean,
  at: Date,
): LedgerRow {
  const common = {
    v: 1 as const,
    plan_id: req.plan.id,
    stage: req.stage,
    run_id: req.runId,
    at: at.toISOString(),
    branch: report.git.branch,
    base_commit: report.git.baseCommit,
    head_commit: report.git.headCommit,
    report_path: reportPath(req.plan.id, req.stage, req.runId, 'json'),
    ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
  };
  if (report.verdict.value === 'PASS') {
    return { ...common, status: 'done', completed_at: at.toISOString(), carry_path: carryPath(req.plan.id, req.stage) };
  }
  const reason =
    report.verdict.runStatus === 'contract-violated'
      ? 'contract-violated'
      : report.verdict.runStatus === 'unavailable'
        ? 'unavailable'
        : report.verdict.runStatus === 'error'
          ? executorTimedOut
            ? 'timeout'
            : 'error'
          : 'verdict-fail';
  const detail = failureDetail(report);
  return { ...common, status: 'failed', reason, ...(detail !== undefined ? { detail } : {}) };
}

/** Conformance's phase names in `errors[]`: a protecting violation, and an advisory one kept as a warning. */
export const CONFORMANCE_PHASE = 'conformance';
export const CONFORMANCE_WARNING_PHASE = 'conformance-advisory';

/**
 * Phase 6–7: conformance over the artifacts exactly as they are about to be
 * written, then ONE ledger commit: on PASS the carry, the report and `done`;
 * otherwise the report (carry withheld) and `failed`. A `done` row therefore
 * never exists without its carry, and never behind a report that breaks a
 * protecting rule: such a run is persisted `contract-violated` instead, with
 * the violations in its reasons and errors. Advisory violations are kept as
 * warnings (`errors[]`, phase `conformance-advisory`) beside the verdict.
 */
export async function persist(
  req: RunStageRequest,
  deps: EngineDeps,
  built: FinalReport,
  /** The head tree's files; undefined when no finding cites a file (nothing would be looked up in it). */
  headFiles: readonly string[] | undefined,
  records: readonly VerifierWorktreeRecord[],
  activity?: ActivityLog,
): Promise<Persisted> {
  // The stream goes into the same ledger commit, through the same scrubbing store, as the report that names it.
  const kept =
    activity && activity.streamed > 0
      ? { path: activityPath(req.plan.id, req.stage, req.runId), content: activity.text() }
      : null;
  const report: FinalReport =
    kept && activity
      ? { ...built, activity: { path: kept.path, events: activity.count, droppedEvents: activity.dropped } }
      : built;
  const check = (r: FinalReport): Violation[] => {
    const row = r.ledgerRow as LedgerRow;
    return validateRun({
      report: r,
      carryFile: carryOf(r),
      ledgerRow: row,
      headFiles,
      planValidation: (req.plan.stages.find((s) => s.number === req.stage)?.validation ?? []).map((v) => v.cmd),
      verifierWorktrees: records,
    });
  };
  const first = check(report);
  const { protecting } = sortViolations(first);
  const decided = protecting.length > 0 ? contractViolated(req, report, protecting) : report;
  // The demoted report is checked again: what it still breaks is listed too, each violation once.
  const violations = protecting.length > 0 ? uniqueViolations([...protecting, ...check(decided)]) : first;
  const sorted = sortViolations(violations);
  const at = deps.now().toISOString();
  const final: FinalReport = {
    ...decided,
    errors: [
      ...decided.errors,
      ...sorted.protecting.map((v) => ({ at, phase: CONFORMANCE_PHASE, message: `${v.code}: ${v.message}` })),
      ...sorted.advisory.map((v) => ({ at, phase: CONFORMANCE_WARNING_PHASE, message: `${v.code}: ${v.message}` })),
    ],
  };
  const row = final.ledgerRow as LedgerRow;
  const carry = carryOf(final);
  const markdown = renderMarkdown(final).markdown;
  const json = `${JSON.stringify(final, null, 2)}\n`;
  const files = [
    ...(carry !== null && row.status === 'done' ? [{ path: row.carry_path, content: carry }] : []),
    { path: reportPath(req.plan.id, req.stage, req.runId, 'json'), content: json },
    { path: reportPath(req.plan.id, req.stage, req.runId, 'md'), content: markdown },
    ...(kept ? [kept] : []),
  ];
  const appended = await deps.ledger.append({ row, files });
  return {
    report: final,
    markdown,
    reportPath: reportPath(req.plan.id, req.stage, req.runId, 'json'),
    ledgerCommit: appended.commit,
  };
}

/** Beside the run's report: `plans/<id>/reports/stage-<N>/<run>.activity.jsonl`. */
export function activityPath(planId: string, stage: number, runId: string): string {
  return reportPath(planId, stage, runId, 'json').replace(/\.json$/, '.activity.jsonl');
}

function carryOf(report: FinalReport): string | null {
  return report.stageSidecarEvidence.carryPath !== null ? report.stageSidecarEvidence.carryJson : null;
}

/**
 * The run as it must be persisted when its report broke a protecting rule:
 * FAIL, `contract-violated`, the carry withheld and a `failed` row. A PASS's
 * own reason is dropped (it no longer holds); a FAIL keeps its reasons.
 */
function contractViolated(req: RunStageRequest, report: FinalReport, protecting: readonly Violation[]): FinalReport {
  const ev = report.stageSidecarEvidence;
  const codes = [...new Set(protecting.map((v) => v.code))].join(', ');
  const base: Omit<FinalReport, 'ledgerRow'> = {
    ...report,
    verdict: {
      value: 'FAIL',
      runStatus: 'contract-violated',
      reasons: [
        ...(report.verdict.value === 'FAIL' ? report.verdict.reasons : []),
        ...protecting.map(protectingReason),
      ],
    },
    stageSidecarEvidence: {
      stageNumber: ev.stageNumber,
      stageTitle: ev.stageTitle,
      carryJson: ev.carryJson,
      carryPath: null,
      withheld: `the report broke a conformance rule that protects the verdict (${codes}); nothing may build on this stage`,
    },
  };
  const at = report.ledgerRow ? new Date(report.ledgerRow.at) : new Date(report.run.finishedAt);
  return { ...base, ledgerRow: terminalRow(req, base, false, at) as FinalReport['ledgerRow'] };
}
