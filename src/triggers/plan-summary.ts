import { deriveLedgerState, describeDistrusted } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { formatSpend } from '../core/report/format.js';
import { spendByStage } from '../core/report/plan-spend.js';
import { renderPlanStatus } from '../core/report/plan-status.js';
import { stageViews } from '../core/report/stage-views.js';
import { escapeInline } from '../core/text/escape.js';
import { readPlanReports, spendOf, type ReadLedgerFiles } from '../engine/plan-reports.js';
import type { LedgerStore } from '../git/ledger-store.js';

/**
 * A plan as the ledger records it, for a run's summary: its stages' status
 * with the spend so far (mode status), and the spend line under a stage's
 * report. Read through the ledger store, the same for every shell.
 */

type Ledger = Pick<LedgerStore, 'read' | 'readFile'>;

function ledgerFiles(ledger: Ledger): ReadLedgerFiles {
  return (commit, paths) => Promise.all(paths.map((p) => ledger.readFile(commit, p)));
}

/**
 * The plan's spend over every run the ledger records, this one included; empty before any run. `at`: the ledger
 * commit to read (a run's own last row: "so far" as of it, read without a fetch); the branch's tip when absent.
 */
export async function planSpendLine(ledger: Ledger, planId: string, at?: string): Promise<string> {
  const snapshot = await ledger.read(planId, at !== undefined ? { tip: at } : {});
  const read = await readPlanReports(ledgerFiles(ledger), snapshot.commit, snapshot.rows);
  const runs = read.reports.length + read.finals.length;
  return runs > 0
    ? `\n**Plan \`${planId}\` spent so far** (${runs} run${runs === 1 ? '' : 's'}): ${formatSpend(spendOf(read))}\n`
    : '';
}

export interface PlanStatusSummary {
  /** One log line per stage. */
  lines: string[];
  /** The ledger rows not believed, each said (someone has to repair them). */
  ignored: string[];
  markdown: string;
}

/** Every stage's state, the rows the ledger does not believe, and the status table with the plan's spend. */
export async function planStatusSummary(ledger: Ledger, plan: Plan, now: Date): Promise<PlanStatusSummary> {
  const snapshot = await ledger.read(plan.id);
  const state = deriveLedgerState(snapshot.rows);
  const read = await readPlanReports(ledgerFiles(ledger), snapshot.commit, snapshot.rows);
  const views = stageViews(plan, state, now, spendByStage(read.reports));
  const lines = views.map((v) => `${plan.id} stage ${v.number} ${v.state}${v.detail ? ` — ${v.detail}` : ''}`);
  // Rows the ledger does not believe are said, never silently dropped: someone has to repair them.
  const ignored = (snapshot.distrusted ?? []).map((d) => describeDistrusted(d, plan.id));
  const markdown = `${renderPlanStatus({ planId: plan.id, planTitle: plan.title, stages: views, spend: spendOf(read) })}${ignored.length > 0 ? `\n\n**Ledger rows ignored** (${ignored.length}):\n\n${ignored.map((l) => `- ${escapeInline(l)}`).join('\n')}\n` : ''}`;
  return { lines, ignored, markdown };
}
