import type { FinalReport, Finding, FindingSeverity, Usage } from './schema/final-report.js';
import { escapeInline, inlineCode, linkTarget } from '../text/escape.js';
import { clip } from '../text/truncate.js';

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
  return value === 'PASS' ? '✅ PASS' : '❌ FAIL';
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

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatUsage(usage: Usage | null): string {
  if (!usage) return 'not reported';
  const tokens = `${formatCount(usage.inputTokens)} in / ${formatCount(usage.outputTokens)} out`;
  return usage.costUsd === null ? tokens : `${tokens} · $${usage.costUsd.toFixed(2)}`;
}

/** `path:line-end` as code, or an em dash when the finding cites no file. */
export function findingLocation(f: Finding, opts: { inTable?: boolean } = {}): string {
  if (!f.file) return '—';
  const range = f.line === null ? '' : f.endLine !== null && f.endLine !== f.line ? `:${f.line}-${f.endLine}` : `:${f.line}`;
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
