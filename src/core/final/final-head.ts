import { topologicalOrder } from '../graph/index.js';
import { currentDoneRow, type DoneRow, type FinalVerdictRow, type LedgerState } from '../ledger/index.js';
import type { Plan } from '../plan/types.js';

/** The stages no other stage depends on: what the final head is made of. */
export function sinkStages(plan: Pick<Plan, 'stages'>): number[] {
  const dependedOn = new Set(plan.stages.flatMap((s) => s.dependsOn));
  return topologicalOrder(plan).filter((n) => !dependedOn.has(n));
}

/** Every stage that builds, directly or through others, on one of `stages` (not those themselves), in order. */
export function dependentsOf(plan: Pick<Plan, 'stages'>, stages: readonly number[]): number[] {
  const reached = new Set(stages);
  const out: number[] = [];
  for (const n of topologicalOrder(plan)) {
    const stage = plan.stages.find((s) => s.number === n);
    if (!reached.has(n) && stage?.dependsOn.some((d) => reached.has(d))) {
      reached.add(n);
      out.push(n);
    }
  }
  return out;
}

/**
 * The plan's last final verdict, while it still speaks for the plan: every
 * stage is done at exactly the head it judged. Null when there is none, or
 * when a stage was done again (or reopened) since.
 */
export function currentFinal(plan: Pick<Plan, 'stages'>, state: LedgerState): FinalVerdictRow | null {
  const last = state.finals.at(-1);
  if (!last) return null;
  const judged = plan.stages.every(
    (s) => currentDoneRow(state, s.number)?.head_commit === last.done_heads[String(s.number)],
  );
  return judged ? last : null;
}

export type FinalReadiness =
  | { kind: 'ready'; done: ReadonlyMap<number, DoneRow>; sinks: number[] }
  | { kind: 'not-done'; missing: Array<{ stage: number; position: string }> };

/** Final verification needs every stage done; otherwise which are not, and where each stands. */
export function finalReadiness(plan: Pick<Plan, 'stages'>, state: LedgerState): FinalReadiness {
  const done = new Map<number, DoneRow>();
  const missing: Array<{ stage: number; position: string }> = [];
  for (const n of topologicalOrder(plan)) {
    const row = currentDoneRow(state, n);
    if (row) done.set(n, row);
    else {
      const last = state.stages.get(n)?.last;
      missing.push({
        stage: n,
        position: last ? (last.status === 'failed' ? `failed (${last.reason})` : last.status) : 'pending',
      });
    }
  }
  return missing.length > 0 ? { kind: 'not-done', missing } : { kind: 'ready', done, sinks: sinkStages(plan) };
}
