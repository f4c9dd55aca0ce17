import type { Plan } from '../plan/types.js';
import { stageStatus, type LedgerState } from '../ledger/state.js';
import { dependencyClosure, topologicalOrder } from './stage-graph.js';

/**
 * What a sweep may continue: stages not done whose own dependency closure
 * holds no stage that failed for a reason a person must look at (a FAIL
 * verdict, a broken contract, an error, a timeout); only a claim that was
 * abandoned is picked up again. A fix run is a decision, never the sweep's.
 */
export function resumableStages(plan: Plan, state: LedgerState): number[] {
  const stuck = (n: number): boolean => {
    const last = state.stages.get(n)?.last;
    return last?.status === 'failed' && last.reason !== 'abandoned';
  };
  return topologicalOrder(plan).filter(
    (n) => stageStatus(state, n) !== 'done' && ![n, ...dependencyClosure(plan, n)].some(stuck),
  );
}
