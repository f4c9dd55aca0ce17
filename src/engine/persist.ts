import { carryPath, reportPath, type LedgerRow } from '../core/ledger/index.js';
import { validateRun } from '../core/conformance/index.js';
import { renderMarkdown, type FinalReport } from '../core/report/index.js';
import type { EngineDeps, RunStageRequest } from './types.js';
import type { VerifierWorktreeRecord } from '../core/conformance/types.js';

export interface Persisted {
  report: FinalReport;
  markdown: string;
  reportPath: string;
  ledgerCommit: string;
}

/** The terminal row this run will append; built before the report so the report can quote it. */
export function terminalRow(req: RunStageRequest, report: Omit<FinalReport, 'ledgerRow'>, executorTimedOut: boolean, at: Date): LedgerRow {
  const common = {
    v: 1 as const, plan_id: req.plan.id, stage: req.stage, run_id: req.runId, at: at.toISOString(),
    branch: report.git.branch, base_commit: report.git.baseCommit, head_commit: report.git.headCommit,
    report_path: reportPath(req.plan.id, req.stage, req.runId, 'json'),
    ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
  };
  if (report.verdict.value === 'PASS') {
    return { ...common, status: 'done', completed_at: at.toISOString(), carry_path: carryPath(req.plan.id, req.stage) };
  }
  const reason = report.verdict.runStatus === 'contract-violated' ? 'contract-violated' : report.verdict.runStatus === 'error' ? (executorTimedOut ? 'timeout' : 'error') : 'verdict-fail';
  return { ...common, status: 'failed', reason, detail: report.verdict.reasons.join('; ').slice(0, 2000) };
}

/**
 * Phase 6–7: conformance over the artifacts exactly as they are about to be
 * written, then ONE ledger commit: on PASS the carry, the report and `done`;
 * otherwise the report (carry withheld) and `failed`. A `done` row therefore
 * never exists without its carry.
 */
export async function persist(req: RunStageRequest, deps: EngineDeps, report: FinalReport, headFiles: readonly string[], records: readonly VerifierWorktreeRecord[]): Promise<Persisted> {
  const row = report.ledgerRow as LedgerRow;
  const carry = report.stageSidecarEvidence.carryPath !== null ? report.stageSidecarEvidence.carryJson : null;
  const violations = validateRun({
    report,
    carryFile: carry,
    ledgerRow: row,
    headFiles,
    planValidation: (req.plan.stages.find((s) => s.number === req.stage)?.validation ?? []).map((v) => v.cmd),
    verifierWorktrees: records,
  });
  const at = deps.now().toISOString();
  const final: FinalReport = { ...report, errors: [...report.errors, ...violations.map((v) => ({ at, phase: 'conformance', message: `${v.code}: ${v.message}` }))] };
  const markdown = renderMarkdown(final).markdown;
  const json = `${JSON.stringify(final, null, 2)}\n`;
  const files = [
    ...(carry !== null && row.status === 'done' ? [{ path: row.carry_path, content: carry }] : []),
    { path: reportPath(req.plan.id, req.stage, req.runId, 'json'), content: json },
    { path: reportPath(req.plan.id, req.stage, req.runId, 'md'), content: markdown },
  ];
  const appended = await deps.ledger.append({ row, files });
  return { report: final, markdown, reportPath: reportPath(req.plan.id, req.stage, req.runId, 'json'), ledgerCommit: appended.commit };
}
