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
  const planSpentBefore = req.config.budgets.plan ? await spentBefore(req, deps) : undefined;
  return deps.startGateway({
    pricing: req.config.pricing,
    budgets: req.config.budgets,
    ...(planSpentBefore ? { planSpentBefore } : {}),
    log: deps.log,
  });
}

async function spentBefore(req: RunStageRequest, deps: EngineDeps): Promise<{ tokens: number; usd: number | null }> {
  const snapshot = await deps.ledger.read(req.plan.id);
  const read = await readPlanReports(
    (commit, paths) => Promise.all(paths.map((p) => deps.ledger.readFile(commit, p))),
    snapshot.commit,
    snapshot.rows,
  );
  // A partly unknown cost is a lower bound: the gateway counts it as what was spent at least. Final verifications count.
  const spend = spendOf(read);
  return { tokens: spend.tokens, usd: spend.usd };
}
