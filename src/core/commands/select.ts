import { pauseLine, planDispatch, stageReadiness, type StageReadiness } from '../graph/index.js';
import type { LedgerState } from '../ledger/state.js';
import type { Plan } from '../plan/types.js';
import { inlineCode } from '../text/escape.js';

export type LaunchWhat =
  | { kind: 'stage'; stage: number }
  /** `rebase`: the fix run moves the preserved branch onto the stage's current base (`/okstra retry N --rebase`). */
  | { kind: 'retry'; stage: number; rebase?: boolean }
  | { kind: 'reconcile'; stage: number; reset: boolean }
  | { kind: 'run' }
  /** Stages a finished run made ready (`stagesMadeReady`), dispatched by okstra itself to continue the plan. */
  | { kind: 'continue'; stages: readonly number[] };

export type LaunchMode = 'stage' | 'chain' | 'reconcile';

export type StageSelection = { ok: true; mode: LaunchMode; stages: number[] } | { ok: false; reason: string };

/**
 * Which stages a launch runs, decided from the plan and its ledger before
 * anything is created: a request the Action would refuse is answered at
 * once instead of costing a workflow run. The Action checks again when it
 * claims the stage (the ledger may move in between); this is a courtesy,
 * the claim is the rule.
 */
export function selectStages(
  plan: Pick<Plan, 'id' | 'stages'>,
  state: LedgerState,
  what: LaunchWhat,
  now: Date,
): StageSelection {
  const id = inlineCode(plan.id);
  if (what.kind === 'run') return runSelection(plan, state, now);
  if (what.kind === 'continue') return continueSelection(plan, state, what.stages, now);
  const n = what.stage;
  if (!plan.stages.some((s) => s.number === n)) {
    return {
      ok: false,
      reason: `stage ${n} is not in plan ${id} (its stages: ${plan.stages.map((s) => s.number).join(', ') || 'none'}).`,
    };
  }
  const r = stageReadiness(plan, state, n, now);
  if (what.kind === 'reconcile') return reconcileSelection(n, id, r);
  switch (r.kind) {
    case 'done':
      return { ok: false, reason: `stage ${n} of plan ${id} is already done (run ${inlineCode(r.runId)}).` };
    case 'started':
      // A stale claim goes through: the Action releases it when the run that held it has provably ended.
      if (!r.stale)
        return {
          ok: false,
          reason: `stage ${n} of plan ${id} is in progress (run ${inlineCode(r.runId)}, claimed until ${r.leaseUntil}).`,
        };
      break;
    case 'blocked':
      return {
        ok: false,
        reason: `stage ${n} of plan ${id} waits for stage${r.waitingOn.length === 1 ? '' : 's'} ${r.waitingOn.join(', ')}, not done yet.`,
      };
    case 'ready':
      if (what.kind === 'retry' && r.failedBefore === null)
        return {
          ok: false,
          reason: `stage ${n} of plan ${id} has not failed, so there is nothing to retry; \`/okstra stage ${n}\` runs it.`,
        };
      break;
  }
  return { ok: true, mode: 'stage', stages: [n] };
}

/**
 * `/okstra run`: every stage that can start now, each in its own workflow
 * run (their dependents follow as each ends `done`). Nothing while a stage
 * of the plan stands failed: its fix run comes first.
 */
function runSelection(plan: Pick<Plan, 'id' | 'stages'>, state: LedgerState, now: Date): StageSelection {
  const id = inlineCode(plan.id);
  const d = planDispatch(plan, state, now);
  if (d.kind === 'complete') return { ok: false, reason: `every stage of plan ${id} is done.` };
  if (d.kind === 'paused')
    return {
      ok: false,
      reason: `plan ${id}: ${pauseLine(d)}; \`/okstra retry ${d.failed[0]}\` starts the fix run.`,
    };
  if (d.stages.length === 0) {
    const running = d.running.map((n) => {
      const r = stageReadiness(plan, state, n, now);
      return r.kind === 'started' ? `${n} (run ${inlineCode(r.runId)}, claimed until ${r.leaseUntil})` : String(n);
    });
    return {
      ok: false,
      reason: `nothing of plan ${id} can start now: stage${d.running.length === 1 ? '' : 's'} ${running.join(', ')} ${d.running.length === 1 ? 'is' : 'are'} in progress, and the stages after ${d.running.length === 1 ? 'it' : 'them'} are dispatched as ${d.running.length === 1 ? 'it ends' : 'each ends'} \`done\`.`,
    };
  }
  return { ok: true, mode: 'stage', stages: d.stages };
}

/**
 * The stages a finished run offered, as they stand now: the ledger may have
 * moved since the row that offered them, so each must still be ready and
 * the plan not paused.
 */
function continueSelection(
  plan: Pick<Plan, 'id' | 'stages'>,
  state: LedgerState,
  offered: readonly number[],
  now: Date,
): StageSelection {
  const d = planDispatch(plan, state, now);
  if (d.kind === 'complete') return { ok: false, reason: `every stage of plan ${inlineCode(plan.id)} is done.` };
  if (d.kind === 'paused') return { ok: false, reason: `plan ${inlineCode(plan.id)}: ${pauseLine(d)}.` };
  const stages = d.stages.filter((n) => offered.includes(n));
  if (stages.length === 0)
    return {
      ok: false,
      reason: `stage${offered.length === 1 ? '' : 's'} ${offered.join(', ')} of plan ${inlineCode(plan.id)} ${offered.length === 1 ? 'is' : 'are'} no longer ready (started or done meanwhile).`,
    };
  return { ok: true, mode: 'stage', stages };
}

/**
 * Only a done stage has a recorded head to reconcile with. Whether its
 * branch really moved is the Action's to tell (it reads the branch); the
 * ledger alone answers everything else here, before a workflow run is spent.
 */
function reconcileSelection(n: number, id: string, r: StageReadiness): StageSelection {
  if (r.kind === 'done') return { ok: true, mode: 'reconcile', stages: [n] };
  if (r.kind === 'started' && !r.stale)
    return {
      ok: false,
      reason: `stage ${n} of plan ${id} is in progress (run ${inlineCode(r.runId)}, claimed until ${r.leaseUntil}); it is not done, so there is nothing to reconcile yet.`,
    };
  return {
    ok: false,
    reason: `stage ${n} is not done; nothing to reconcile (reconcile is for a done stage whose branch moved; \`/okstra stage ${n}\` runs it).`,
  };
}
