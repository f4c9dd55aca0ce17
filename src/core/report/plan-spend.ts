import type { FinalReport } from './schema/final-report.js';
import { runCost } from './cost.js';

/** What a set of runs spent on models. */
export interface Spend {
  /** Input plus output tokens (cache reads are part of input). */
  tokens: number;
  /** Sum of the known costs in US dollars; null when no run's cost is known. */
  usd: number | null;
  /** True when `usd` is the whole cost; false makes it a lower bound ("≥ $x"). */
  usdComplete: boolean;
  /** Runs counted (each run id once). */
  runs: number;
}

export const NO_SPEND: Spend = { tokens: 0, usd: 0, usdComplete: true, runs: 0 };

/**
 * The spend of a plan: every run's report the ledger holds, each counted
 * once. The gateway's plan budget starts from it and `okstra status` shows it.
 */
export function planSpend(reports: ReadonlyArray<{ run: { id: string }; usage: FinalReport['usage'] }>): Spend {
  const seen = new Set<string>();
  let tokens = 0;
  let usd: number | null = null;
  let complete = true;
  for (const r of reports) {
    if (seen.has(r.run.id)) continue;
    seen.add(r.run.id);
    tokens += r.usage.total.inputTokens + r.usage.total.outputTokens;
    const cost = runCost(r);
    if (cost.usd !== null) usd = (usd ?? 0) + cost.usd;
    complete &&= cost.complete;
  }
  if (seen.size === 0) return { ...NO_SPEND };
  return { tokens, usd: usd ?? (complete ? 0 : null), usdComplete: complete, runs: seen.size };
}

/** `planSpend` per stage number, over the same reports. */
export function spendByStage(reports: readonly FinalReport[]): Map<number, Spend> {
  const byStage = new Map<number, FinalReport[]>();
  for (const r of reports) byStage.set(r.stage.number, [...(byStage.get(r.stage.number) ?? []), r]);
  return new Map([...byStage].map(([stage, rs]) => [stage, planSpend(rs)]));
}
