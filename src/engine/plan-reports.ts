import { checkFinalReport, formatSchemaProblem, type FinalReport } from '../core/report/index.js';
import type { LedgerRow } from '../core/ledger/index.js';
import { clip } from '../core/text/truncate.js';
import { planSpend, type Spend } from '../core/report/plan-spend.js';
import {
  FINAL_VERIFICATION_REPORT_SCHEMA,
  type FinalVerificationReport,
} from '../core/report/schema/final-verification-report.js';
import { validateFinalVerificationReport } from '../core/report/validate-schema.js';

/** The reports of a plan's finished runs, as far as the ledger holds readable ones. */
export interface PlanReports {
  reports: FinalReport[];
  /** The plan's final verifications (their sessions spend too). */
  finals: FinalVerificationReport[];
  /** Report paths that were missing or not a valid final report; their spend is not counted. */
  unreadable: Array<{ path: string; problem: string }>;
}

/** Reads files at one ledger commit, in the order asked (null: not there). */
export type ReadLedgerFiles = (commit: string, paths: readonly string[]) => Promise<Array<string | null>>;

/**
 * The report of every terminal row (all attempts, not only the last) at one
 * ledger commit: what `okstra status` shows as spend and what a plan budget
 * starts from. A report that is missing or not valid is named, never counted.
 */
export async function readPlanReports(
  read: ReadLedgerFiles,
  commit: string | null,
  rows: readonly LedgerRow[],
): Promise<PlanReports> {
  const paths = [
    ...new Set(
      rows.flatMap((r) =>
        (r.status === 'done' ||
          r.status === 'failed' ||
          r.status === 'verified' ||
          r.status === 'verification-failed') &&
        r.report_path?.endsWith('.json')
          ? [r.report_path]
          : [],
      ),
    ),
  ];
  if (commit === null || paths.length === 0) return { reports: [], finals: [], unreadable: [] };
  const texts = await read(commit, paths);
  const out: PlanReports = { reports: [], finals: [], unreadable: [] };
  for (const [i, path] of paths.entries()) {
    const text = texts[i] ?? null;
    const parsed = text === null ? { problem: 'not on the ledger branch' } : parseReport(text);
    if ('report' in parsed) out.reports.push(parsed.report);
    else if ('final' in parsed) out.finals.push(parsed.final);
    else out.unreadable.push({ path, problem: parsed.problem });
  }
  return out;
}

/** What the plan spent: every stage run and every final verification the ledger holds a report of. */
export function spendOf(p: Pick<PlanReports, 'reports' | 'finals'>): Spend {
  return planSpend([...p.reports, ...p.finals]);
}

function parseReport(text: string): { report: FinalReport } | { final: FinalVerificationReport } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'not JSON' };
  }
  if ((value as { schema?: unknown } | null)?.schema === FINAL_VERIFICATION_REPORT_SCHEMA) {
    const final = validateFinalVerificationReport(value);
    return final.ok ? { final: final.value } : { problem: 'not a valid final verification report' };
  }
  const checked = checkFinalReport(value);
  if (checked.ok) return { report: checked.value };
  const [first, ...more] = checked.problems;
  const rest = more.length > 0 ? ` and ${more.length} more problem${more.length === 1 ? '' : 's'}` : '';
  return {
    problem: `not a valid final report (${first ? clip(formatSchemaProblem(first), 200, '…') : 'schema'}${rest})`,
  };
}
