import type { Plan } from '../plan/types.js';
import { stageStatus, type LedgerState } from '../ledger/state.js';
import { dependencyClosure, topologicalOrder } from './stage-graph.js';

/** Ends that judged nothing: the claim was left, or a provider could not work. */
const RETRYABLE: ReadonlySet<string> = new Set(['abandoned', 'unavailable']);

/**
 * What a sweep may continue: stages not done whose own dependency closure
 * holds no stage that failed for a reason a person must look at (a FAIL
 * verdict, a broken contract, an error, a timeout); only a claim that was
 * abandoned, or that ended because a provider was unavailable, is picked up
 * again. A fix run is a decision, never the sweep's.
 */
export function resumableStages(plan: Plan, state: LedgerState): number[] {
  const stuck = (n: number): boolean => {
    const last = state.stages.get(n)?.last;
    return last?.status === 'failed' && !RETRYABLE.has(last.reason);
  };
  return topologicalOrder(plan).filter(
    (n) => stageStatus(state, n) !== 'done' && ![n, ...dependencyClosure(plan, n)].some(stuck),
  );
}
