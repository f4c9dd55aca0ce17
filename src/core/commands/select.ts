import { chainQueue, stageReadiness, type StageReadiness } from '../graph/index.js';
import type { LedgerState } from '../ledger/state.js';
import type { Plan } from '../plan/types.js';
import { inlineCode } from '../text/escape.js';

export type LaunchWhat =
  | { kind: 'stage'; stage: number }
  /** `rebase`: the fix run moves the preserved branch onto the stage's current base (`/okstra retry N --rebase`). */
  | { kind: 'retry'; stage: number; rebase?: boolean }
  | { kind: 'reconcile'; stage: number; reset: boolean }
  | { kind: 'run' };

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
  if (what.kind === 'run') {
    const queue = chainQueue(plan, state);
    const [first] = queue;
    if (first === undefined) return { ok: false, reason: `every stage of plan ${id} is done.` };
    const r = stageReadiness(plan, state, first, now);
    if (r.kind === 'started' && !r.stale)
      return {
        ok: false,
        reason: `stage ${first} of plan ${id}, the next in line, is in progress (run ${inlineCode(r.runId)}, claimed until ${r.leaseUntil}).`,
      };
    return { ok: true, mode: 'chain', stages: queue };
  }
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
