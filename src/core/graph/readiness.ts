import type { Plan } from '../plan/types.js';
import { activeClaim, currentDoneRow, isStale, stageStatus, type LedgerState } from '../ledger/state.js';
import { dependencyClosure, stageByNumber, topologicalOrder } from './stage-graph.js';

export type StageReadiness =
  | { kind: 'done'; headCommit: string; runId: string }
  | { kind: 'started'; runId: string; leaseUntil: string; stale: boolean; actor?: string }
  | { kind: 'ready'; failedBefore: { reason: string; runId: string } | null }
  | { kind: 'blocked'; waitingOn: number[] };

/** Where a stage stands given the ledger: what `okstra status` shows and what a chain acts on. */
export function stageReadiness(plan: Pick<Plan, 'stages'>, state: LedgerState, n: number, now: Date): StageReadiness {
  const done = currentDoneRow(state, n);
  if (done) return { kind: 'done', headCommit: done.head_commit, runId: done.run_id };
  const claim = activeClaim(state, n);
  if (claim) {
    return {
      kind: 'started',
      runId: claim.run_id,
      leaseUntil: claim.lease_until,
      stale: isStale(claim, now),
      ...(claim.actor ? { actor: claim.actor } : {}),
    };
  }
  const waitingOn = stageByNumber(plan, n).dependsOn.filter((d) => stageStatus(state, d) !== 'done');
  if (waitingOn.length > 0) return { kind: 'blocked', waitingOn };
  const last = state.stages.get(n)?.last;
  return {
    kind: 'ready',
    failedBefore: last?.status === 'failed' ? { reason: last.reason, runId: last.run_id } : null,
  };
}

/** Stages that can start now: every dependency done, not done themselves, not claimed. Topological order. */
export function readyStages(plan: Pick<Plan, 'stages'>, state: LedgerState, now: Date): number[] {
  return topologicalOrder(plan).filter((n) => stageReadiness(plan, state, n, now).kind === 'ready');
}

/**
 * The stages a chain must run to complete `requested` (default: the whole plan):
 * their dependency closure in topological order, minus stages already done.
 */
export function chainQueue(plan: Pick<Plan, 'stages'>, state: LedgerState, requested?: readonly number[]): number[] {
  const wanted = new Set<number>();
  for (const n of requested ?? plan.stages.map((s) => s.number)) {
    wanted.add(n);
    for (const d of dependencyClosure(plan, n)) wanted.add(d);
  }
  return topologicalOrder(plan).filter((n) => wanted.has(n) && currentDoneRow(state, n) === null);
}

export type StageBase =
  | { kind: 'plan-base'; ref: string | null }
  | { kind: 'single'; stage: number; commit: string }
  | { kind: 'merge'; parents: Array<{ stage: number; commit: string }> }
  | { kind: 'blocked'; waitingOn: number[] };

/**
 * Which commit a stage builds on: none of its dependencies → the plan's base ref;
 * one → that stage's done head; several → a merge of their done heads, in stage order.
 */
export function stageBase(plan: Pick<Plan, 'stages' | 'base'>, state: LedgerState, n: number): StageBase {
  const deps = [...stageByNumber(plan, n).dependsOn].sort((a, b) => a - b);
  if (deps.length === 0) return { kind: 'plan-base', ref: plan.base };
  const parents: Array<{ stage: number; commit: string }> = [];
  const waitingOn: number[] = [];
  for (const d of deps) {
    const row = currentDoneRow(state, d);
    if (row) parents.push({ stage: d, commit: row.head_commit });
    else waitingOn.push(d);
  }
  if (waitingOn.length > 0) return { kind: 'blocked', waitingOn };
  // Two dependencies can share a head (one stacked on the other): merging a commit with itself is no merge.
  const distinct = parents.filter((p, i) => parents.findIndex((q) => q.commit === p.commit) === i);
  const [only] = distinct;
  if (distinct.length === 1 && only) return { kind: 'single', stage: only.stage, commit: only.commit };
  return { kind: 'merge', parents: distinct };
}
