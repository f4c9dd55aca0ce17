import { planSpend } from '../core/report/plan-spend.js';
import type { FinalReport } from '../core/report/schema/final-report.js';
import type { Gateway } from '../sandbox/gateway/index.js';
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
  if (!snapshot.commit) return { tokens: 0, usd: 0 };
  const paths = [...new Set(snapshot.rows.flatMap((r) => ('report_path' in r && typeof r.report_path === 'string' ? [r.report_path] : [])))];
  const reports: FinalReport[] = [];
  for (const path of paths) {
    const text = await deps.ledger.readFile(snapshot.commit, path);
    if (text === null) continue;
    try {
      reports.push(JSON.parse(text) as FinalReport);
    } catch {
      // A report that does not parse has no spend to count; conformance reports it elsewhere.
    }
  }
  const spend = planSpend(reports);
  // A partly unknown cost is a lower bound; the gateway treats it as what was spent at least.
  return { tokens: spend.tokens, usd: spend.usd };
}
