import { stageReadiness, topologicalOrder } from '../core/graph/index.js';
import { currentFinal } from '../core/final/index.js';
import type { ApprovalStatus, LedgerState } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';

/** Where a plan stands as a whole, and the one command that moves it on (or shows it). */
export interface PlanPhase {
  phase: string;
  next: string;
}

/**
 * A plan's phase from its stages' ledger positions, for `okstra status`
 * without `--plan`: a failed stage is what a person must act on, so it
 * comes first; then a running one; then how far the rest got.
 */
export function planPhase(
  plan: Plan,
  state: LedgerState,
  now: Date,
  planFile: string,
  approval: ApprovalStatus['kind'] = 'not-required',
): PlanPhase {
  const file = shellWord(planFile);
  const order = topologicalOrder(plan);
  if (order.length === 0) return { phase: 'no stages', next: `okstra plan validate ${file}` };
  // No stage of this content may run before a person approves it; an edit after an approval needs a new one.
  if (approval === 'not-approved')
    return {
      phase: state.approvals.length === 0 ? 'awaiting approval' : 'edited since its approval',
      next: `okstra plan approve --plan ${file}`,
    };
  const readiness = order.map((n) => ({ n, r: stageReadiness(plan, state, n, now) }));
  const failed = readiness.filter(({ r }) => r.kind === 'ready' && r.failedBefore !== null).map(({ n }) => n);
  const running = readiness.flatMap(({ n, r }) => (r.kind === 'started' ? [{ n, stale: r.stale }] : []));
  const done = readiness.filter(({ r }) => r.kind === 'done').length;
  const runningText = running.length > 0 ? `running stage ${running.map((s) => s.n).join(', ')}` : '';

  if (failed.length > 0) {
    const [first] = failed as [number];
    return {
      phase: [`failed at stage ${failed.join(', ')}`, runningText].filter(Boolean).join('; '),
      next: `okstra run --plan ${file} --stage ${first}`,
    };
  }
  const stale = running.find((s) => s.stale);
  if (stale)
    return {
      phase: `${runningText} (lease expired)`,
      next: `okstra ledger release --plan-id ${plan.id} --stage ${stale.n}`,
    };
  if (running.length > 0) return { phase: runningText, next: `okstra status --plan ${file}` };
  if (done === order.length) return afterStages(plan, state, file);
  if (state.stages.size === 0)
    return { phase: approval === 'approved' ? 'approved' : 'not started', next: `okstra chain --plan ${file}` };
  return { phase: `in progress (${done}/${order.length} stages done)`, next: `okstra chain --plan ${file}` };
}

/** A path as one shell word, quoted only when it needs to be. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Every stage is done: final verification, then the hand-off, each current only while the done heads are the ones it judged. */
function afterStages(plan: Plan, state: LedgerState, file: string): PlanPhase {
  const last = currentFinal(plan, state);
  if (last?.status !== 'verified') return { phase: 'all done', next: `okstra final --plan ${file}` };
  const handoffs = state.handoffs.filter((h) => h.final_head === last.final_head);
  const handoff = handoffs.at(-1);
  if (!handoff) return { phase: 'verified', next: `okstra handoff --plan ${file}` };
  // A stacked hand-off is one pull request per stage: all of them, the stack's first (the one to review first) as next.
  const prs = [
    ...new Set(handoffs.filter((h) => h.mode === handoff.mode).flatMap((h) => (h.pr_number ? [h.pr_number] : []))),
  ];
  const first = handoffs.find((h) => h.mode === handoff.mode && h.pr_url);
  return {
    phase:
      prs.length > 0 ? `handed off (${prs.map((n) => `#${n}`).join(', ')})` : `handed off (${handoff.final_branch})`,
    next: (handoff.mode === 'stacked' ? first?.pr_url : handoff.pr_url) ?? `git log --oneline ${handoff.final_branch}`,
  };
}
