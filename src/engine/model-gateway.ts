import type { Gateway } from '../sandbox/gateway/index.js';
import { readPlanReports, spendOf } from './plan-reports.js';
import type { EngineDeps, RunStageRequest } from './types.js';

/**
 * The model gateway of one stage run: every agent call of the run goes
 * through it, keyed, metered and held to the config's budgets. A plan budget
 * holds across runs and runners because the spend before this run is read
 * from the reports the ledger keeps.
 */
export async function openRunGateway(req: RunStageRequest, deps: EngineDeps): Promise<Gateway | null> {
  if (!deps.startGateway) return null;
  const { budgets } = req.config;
  const before = budgets.plan || budgets.day ? await spentBefore(req, deps) : undefined;
  return deps.startGateway({
    pricing: req.config.pricing,
    budgets,
    ...(before ? { planSpentBefore: before.plan, daySpentBefore: before.day } : {}),
    log: deps.log,
  });
}

type Before = { tokens: number; usd: number | null };

async function spentBefore(req: RunStageRequest, deps: EngineDeps): Promise<{ plan: Before; day: Before }> {
  const snapshot = await deps.ledger.read(req.plan.id);
  const read = await readPlanReports(
    (commit, paths) => Promise.all(paths.map((p) => deps.ledger.readFile(commit, p))),
    snapshot.commit,
    snapshot.rows,
  );
  // A partly unknown cost is a lower bound: the gateway counts it as what was spent at least. Final verifications count.
  const spend = spendOf(read);
  // The day is the UTC date a run started on; a run that started before midnight counts for the day before.
  const today = new Date().toISOString().slice(0, 10);
  const sameDay = <T extends { run: { startedAt: string } }>(reports: readonly T[]): T[] =>
    reports.filter((r) => r.run.startedAt.startsWith(today));
  const day = spendOf({ reports: sameDay(read.reports), finals: sameDay(read.finals) });
  return { plan: { tokens: spend.tokens, usd: spend.usd }, day: { tokens: day.tokens, usd: day.usd } };
}
