import type { Plan } from '../plan/types.js';
import { replayLedger, type LedgerState, type StageLedger } from '../ledger/state.js';
import { isPlanRow, type LedgerRow, type StageRow } from '../ledger/row.js';
import { stageReadiness } from './readiness.js';
import { topologicalOrder } from './stage-graph.js';

/**
 * Parallel dispatch: which stages of a plan may be sent to their own
 * workflow runs now, and which one ledger row made a stage dispatchable, so
 * that of several runs ending at once exactly one dispatches it. The ledger
 * decides both; nothing here reads GitHub.
 */

/**
 * Failures a person must look at: while one stands, nothing new of the plan is dispatched. `unavailable` (a
 * provider could not work) and `abandoned` are not among them: they judged nothing and may simply run again.
 */
const PAUSING = new Set(['verdict-fail', 'contract-violated', 'error', 'timeout', 'cancelled', 'final-rejected']);

export type PlanDispatch =
  /** `stages`: ready, unclaimed, in topological order (may be empty while others run or wait). */
  | { kind: 'dispatch'; stages: number[]; running: number[] }
  /** A stage failed: no new stage is dispatched until its fix run passes. `ready` are the ones held back. */
  | { kind: 'paused'; failed: number[]; ready: number[]; running: number[] }
  | { kind: 'complete' };

/**
 * The stage's last ended outcome: a fix run's claim does not lift the pause
 * its failure set; only the fix run's own ending does.
 */
function endedRow(entry: StageLedger): StageRow | null {
  return entry.last.status !== 'started' ? entry.last : entry.lastEnded;
}

/** Stages whose last ended outcome is a failure that pauses the plan's dispatch, in stage order. */
export function pausingFailures(plan: Pick<Plan, 'stages'>, state: LedgerState): number[] {
  const failed: number[] = [];
  for (const s of plan.stages) {
    const entry = state.stages.get(s.number);
    if (!entry) continue;
    const ended = endedRow(entry);
    if (ended?.status === 'failed' && PAUSING.has(ended.reason)) failed.push(s.number);
  }
  return failed;
}

/** What may be dispatched for the plan now. A stale claim counts as running: the sweep releases it first. */
export function planDispatch(plan: Pick<Plan, 'stages'>, state: LedgerState, now: Date): PlanDispatch {
  const ready: number[] = [];
  const running: number[] = [];
  let done = 0;
  for (const n of topologicalOrder(plan)) {
    const r = stageReadiness(plan, state, n, now);
    if (r.kind === 'ready') ready.push(n);
    else if (r.kind === 'started') running.push(n);
    else if (r.kind === 'done') done += 1;
  }
  if (done === plan.stages.length) return { kind: 'complete' };
  const failed = pausingFailures(plan, state);
  if (failed.length > 0) return { kind: 'paused', failed, ready, running };
  return { kind: 'dispatch', stages: ready, running };
}

/** Ready or claimed stages (dependencies done) when the plan is not paused. */
function eligible(plan: Pick<Plan, 'stages'>, state: LedgerState, now: Date): number[] {
  if (pausingFailures(plan, state).length > 0) return [];
  return topologicalOrder(plan).filter((n) => {
    // A claimed stage was ready when it was claimed; it counts so that its own claim is no event.
    const kind = stageReadiness(plan, state, n, now).kind;
    return kind === 'ready' || kind === 'started';
  });
}

/**
 * The stages that the ledger row at `index` made dispatchable. The ledger
 * is replayed once: after each row, a stage that is ready (dependencies
 * done, plan not paused, not claimed) and not already offered is offered
 * by that row; an offer stands until the stage gets a row of its own (its
 * run claimed it, or it ended). Every row is appended by exactly one run,
 * so when runs end together each newly ready stage is offered by one row
 * and dispatched once; a stage dispatched before a pause and still queued
 * when the pause lifts is not offered again; a stage that became ready
 * during a pause is offered by the row that lifts it (its fix run's
 * `done`); a claim released as abandoned offers its stage again.
 */
export function stagesMadeReady(
  plan: Pick<Plan, 'stages'>,
  rows: readonly LedgerRow[],
  index: number,
  now: Date,
): number[] {
  if (index < 0 || index >= rows.length) return [];
  const offered = new Set<number>();
  let made: number[] = [];
  const order = topologicalOrder(plan);
  replayLedger(rows.slice(0, index + 1), (state, i, row) => {
    if (!isPlanRow(row)) offered.delete(row.stage);
    const ready = new Set(eligible(plan, state, now).filter((n) => offerable(state.stages.get(n)?.last)));
    const fresh = order.filter((n) => ready.has(n) && !offered.has(n));
    for (const n of fresh) offered.add(n);
    if (i === index) made = fresh;
  });
  return made;
}

/**
 * Whether a row may offer the stage: not while it is claimed, and not while it stands `unavailable` (its
 * provider could not work): offering it again at once would retry against the same outage in a loop. The
 * sweep (resumableStages) or a person runs it again; its next claim and end make it offerable as usual.
 */
function offerable(last: StageRow | undefined): boolean {
  if (last?.status === 'started') return false;
  return !(last?.status === 'failed' && last.reason === 'unavailable');
}

/** One line for a status view: why nothing new of the plan is being dispatched. */
export function pauseLine(d: Extract<PlanDispatch, { kind: 'paused' }>): string {
  const which = d.failed.join(', ');
  const held = d.ready.length > 0 ? `; held back: stage${d.ready.length === 1 ? '' : 's'} ${d.ready.join(', ')}` : '';
  return `dispatch paused: stage${d.failed.length === 1 ? '' : 's'} ${which} failed, so no new stage of this plan starts until ${d.failed.length === 1 ? 'its' : 'their'} fix run passes${held}`;
}
