import type {
  FinalReport,
  Finding,
  FindingSeverity,
  UpstreamError,
  Usage,
  WorkerStatus,
} from './schema/final-report.js';
import type { Spend } from './plan-spend.js';
import { escapeInline, inlineCode, linkTarget } from '../text/escape.js';
import { clip } from '../text/truncate.js';
import { formatCount } from '../markdown/markdown.js';
import { runCost, usageCost } from './cost.js';

/** Small formatting pieces shared by every renderer, so the formats agree on words and order. */

export const SEVERITY_ORDER: readonly FindingSeverity[] = ['blocking', 'major', 'minor', 'info'];

const SEVERITY_RANK: Record<FindingSeverity, number> = { blocking: 0, major: 1, minor: 2, info: 3 };

/** Refuted findings were shown wrong by another worker; they are reported apart and never annotated. */
export function isActive(f: Finding): boolean {
  return f.disposition !== 'refuted';
}

// One collator for every comparison: `localeCompare` with options builds a new one per call.
const ID_ORDER = new Intl.Collator('en', { numeric: true });

/** Most severe first; confirmed before standing; then by id for a stable order. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    Number(b.disposition === 'confirmed') - Number(a.disposition === 'confirmed') ||
    ID_ORDER.compare(a.id, b.id)
  );
}

export type SeverityCounts = Record<FindingSeverity, number>;

export function countActiveBySeverity(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { blocking: 0, major: 0, minor: 0, info: 0 };
  for (const f of findings) if (isActive(f)) counts[f.severity] += 1;
  return counts;
}

export function severityCountsText(counts: SeverityCounts): string {
  return SEVERITY_ORDER.map((s) => `${counts[s]} ${s}`).join(', ');
}

/** The verdict as a reader scans it: icon, value, and the run status when it says more than the value. */
export function verdictLabel(report: FinalReport): string {
  const { value, runStatus } = report.verdict;
  if (runStatus === 'contract-violated') return '⚠️ FAIL (contract violated)';
  if (runStatus === 'error') return '💥 FAIL (run error)';
  if (runStatus === 'unavailable') return '⏸️ NO VERDICT (provider unavailable)';
  if (value === 'FAIL' && stoppedByBudget(report)) return '❌ FAIL (budget exceeded)';
  return value === 'PASS' ? '✅ PASS' : '❌ FAIL';
}

/** What started a run, for a headline: its kind, and who when known. */
export function triggerText(trigger: { kind: string; actor: string | null }): string {
  return trigger.actor ? `${trigger.kind} by ${escapeInline(clip(trigger.actor, 100, '…'))}` : trigger.kind;
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const totalSeconds = Math.round(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

// One count format for every renderer; it lives with the other Markdown helpers.
export { formatCount };

/** Whether a budget refusal stopped any worker of the run. */
export function stoppedByBudget(report: FinalReport): boolean {
  return (
    report.usage.budgetExceeded !== undefined ||
    [report.executor.status, ...report.verifiers.map((v) => v.status), report.critic?.status].includes(
      'budget-exceeded',
    )
  );
}

/** Dollars with cents; sub-cent amounts keep four places so a small spend does not read as nothing. */
export function formatUsd(usd: number): string {
  return usd > 0 && usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** "$0.42", "≥ $0.12" (some parts unknown) or "cost unknown" (none known). */
export function formatCost(usd: number | null, complete: boolean): string {
  if (usd === null) return 'cost unknown';
  return complete ? formatUsd(usd) : `≥ ${formatUsd(usd)}`;
}

export function formatUsage(usage: Usage | null): string {
  if (!usage) return 'not reported';
  const tokens = `${formatCount(usage.inputTokens)} in / ${formatCount(usage.outputTokens)} out`;
  if (usage.billing === 'subscription') return `${tokens} · subscription`;
  const cost = usageCost(usage);
  return `${tokens} · ${formatCost(cost.usd, cost.complete)}`;
}

/** The run's total: tokens, cost, and what the cost leaves out ("≥ $0.12 (cost unknown for gpt-x)"). Escaped. */
export function formatRunUsage(report: Pick<FinalReport, 'usage'>): string {
  const total = report.usage.total;
  const cost = runCost(report);
  const tokens = `${formatCount(total.inputTokens)} in / ${formatCount(total.outputTokens)} out`;
  const unknown =
    cost.usd !== null && cost.unknownFor.length > 0
      ? ` (cost unknown for ${cost.unknownFor.map((n) => escapeInline(clip(n, 80, '…'))).join(', ')})`
      : '';
  const by =
    report.usage.metered === 'gateway'
      ? ', metered by okstra'
      : report.usage.metered === 'self-reported'
        ? ', as the agent CLIs reported'
        : '';
  return `${tokens} · ${formatCost(cost.usd, cost.complete)}${unknown}${by}`;
}

/** "1,234 tokens · ≥ $0.50 · 3 runs" */
export function formatSpend(spend: Spend): string {
  return `${formatCount(spend.tokens)} tokens · ${formatCost(spend.usd, spend.usdComplete)} · ${formatCount(spend.runs)} run${spend.runs === 1 ? '' : 's'}`;
}

/** A worker's status with its upstream failure, e.g. `error (upstream 529: Overloaded)`. Escaped. */
export function workerStatusText(
  status: WorkerStatus,
  upstream: UpstreamError | undefined,
  maxMessage: number,
): string {
  if (!upstream) return status;
  const code = upstream.status === null ? 'connection failed' : String(upstream.status);
  return `${status} (upstream ${code}: ${escapeInline(clip(upstream.message.replace(/\s+/g, ' '), maxMessage, '…'))})`;
}

/** `path:line-end` as code, or an em dash when the finding cites no file. */
export function findingLocation(f: Finding, opts: { inTable?: boolean } = {}): string {
  if (!f.file) return '—';
  const range =
    f.line === null ? '' : f.endLine !== null && f.endLine !== f.line ? `:${f.line}-${f.endLine}` : `:${f.line}`;
  return inlineCode(`${f.file}${range}`, opts);
}

export function findingWho(f: Finding): string {
  const parts = [`raised by ${escapeInline(f.raisedBy)}`];
  if (f.confirmedBy.length > 0) parts.push(`confirmed by ${f.confirmedBy.map(escapeInline).join(', ')}`);
  if (f.refutedBy.length > 0) parts.push(`refuted by ${f.refutedBy.map(escapeInline).join(', ')}`);
  return parts.join('; ');
}

export function qaCounts(report: FinalReport): { passed: number; total: number } {
  return { passed: report.qa.filter((q) => q.passed).length, total: report.qa.length };
}

/** `3/4 passed`, or `no QA command ran`: an empty QA list must never read as a pass. */
export function qaOutcomeText(report: FinalReport): string {
  const { passed, total } = qaCounts(report);
  return total === 0 ? NO_QA_RAN : `${passed}/${total} passed`;
}

export const NO_QA_RAN = 'no QA command ran';

/** `plan-id · stage 2: Title` as escaped inline Markdown. */
export function stageHeading(report: FinalReport): string {
  const title = report.stage.title.trim() === '' ? '' : `: ${escapeInline(clip(report.stage.title, 200, '…'))}`;
  return `${inlineCode(report.plan.id)} · stage ${report.stage.number}${title}`;
}

/** Where a reader finds the whole report: an explicit URL, the run page, or the path on the ledger branch. */
export function fullReportPointer(report: FinalReport, fullReportUrl?: string): string {
  const explicit = fullReportUrl ? linkTarget(fullReportUrl) : null;
  if (explicit) return `[the full report](${explicit})`;
  const runPage = report.run.url ? linkTarget(report.run.url) : null;
  if (runPage) return `[the run page](${runPage})`;
  const path = report.ledgerRow?.report_path;
  return path ? `${inlineCode(path)} on the ledger branch` : 'the stored report of this run';
}
