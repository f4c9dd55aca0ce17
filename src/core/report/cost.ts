import type { FinalReport, Usage, WorkerUsage } from './schema/final-report.js';

/**
 * What a report knows about the money its run spent. A cost is never
 * guessed: unknown parts stay unknown, and a sum over the known parts says
 * it is a lower bound. Both the renderers and the plan totals read it here,
 * so "≥ $0.12" means the same thing everywhere.
 */
export interface CostState {
  /** Sum of the known costs; null when no part of the cost is known. */
  usd: number | null;
  /** True when `usd` is the whole cost of the run. */
  complete: boolean;
  /** Models (or, without request records, workers) whose cost is unknown, for "cost unknown for gpt-x". */
  unknownFor: string[];
}

function tokensOf(u: Pick<Usage, 'inputTokens' | 'outputTokens'>): number {
  return u.inputTokens + u.outputTokens;
}

/** Whether one usage figure's cost is whole: known and not marked partial, or nothing was spent. */
function usageCostComplete(u: Usage | WorkerUsage): boolean {
  return u.costUsd === null ? tokensOf(u) === 0 : u.costComplete !== false;
}

export function runCost(report: Pick<FinalReport, 'usage'>): CostState {
  const { total, workers, requests, metered } = report.usage;
  const workersComplete = workers.every(usageCostComplete);
  // A gateway that saw no request with tokens saw no spend; a CLI that reported nothing may have spent anything.
  const nothingSpent = tokensOf(total) === 0 && (metered === 'gateway' || workers.length > 0);
  const complete =
    total.costUsd === null ? nothingSpent && workersComplete : total.costComplete !== false && workersComplete;
  const usd = total.costUsd ?? (complete ? 0 : null);
  return { usd, complete, unknownFor: complete ? [] : unknownParts(workers, requests) };
}

function unknownParts(workers: readonly WorkerUsage[], requests: FinalReport['usage']['requests']): string[] {
  const models = (requests ?? [])
    .filter((r) => r.costUsd === null && r.refused === undefined && tokensOf(r) > 0)
    .map((r) => r.model ?? `${r.provider} (no model named)`);
  if (models.length > 0) return [...new Set(models)];
  return workers.filter((w) => !usageCostComplete(w)).map((w) => w.worker);
}

/** One worker's (or any single figure's) cost state, without the per-part detail. */
export function usageCost(u: Usage): Pick<CostState, 'usd' | 'complete'> {
  return { usd: u.costUsd, complete: usageCostComplete(u) };
}
