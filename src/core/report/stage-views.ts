import { pausingFailures, stageReadiness, topologicalOrder, stageByNumber } from '../graph/index.js';
import type { LedgerState } from '../ledger/index.js';
import type { Plan } from '../plan/types.js';
import type { StageStatusView, StageViewState } from './plan-status.js';
import type { Spend } from './plan-spend.js';

/**
 * The stage table of `okstra status --markdown`, the Action's `mode: status` and the bot's `/okstra status`: each stage's
 * position from the ledger, in the shape `renderPlanStatus` draws.
 */
export function stageViews(
  plan: Plan,
  state: LedgerState,
  now: Date,
  spend?: ReadonlyMap<number, Spend>,
): StageStatusView[] {
  const views = topologicalOrder(plan).map((n): StageStatusView & { waitingOn: number[] } => {
    const stage = stageByNumber(plan, n);
    const r = stageReadiness(plan, state, n, now);
    const base = { number: n, title: stage.title, dependsOn: stage.dependsOn, waitingOn: [] as number[] };
    switch (r.kind) {
      case 'done':
        return { ...base, state: 'done', detail: `head ${r.headCommit.slice(0, 12)} (run ${r.runId})` };
      case 'started':
        return {
          ...base,
          state: 'running',
          detail: `run ${r.runId} until ${r.leaseUntil}${r.stale ? ' (lease expired)' : ''}`,
        };
      case 'ready':
        // A provider that could not work judged nothing: the stage is ready to run again, not failed.
        if (r.failedBefore?.reason === 'unavailable')
          return {
            ...base,
            state: 'ready',
            detail: `a provider was unavailable in run ${r.failedBefore.runId}; it runs again with the next sweep or run`,
          };
        return r.failedBefore
          ? { ...base, state: 'failed', detail: `${r.failedBefore.reason} in run ${r.failedBefore.runId}` }
          : { ...base, state: 'ready' };
      case 'blocked':
        return {
          ...base,
          state: 'pending',
          detail: `waits for stage ${r.waitingOn.join(', ')}`,
          waitingOn: r.waitingOn,
        };
    }
  });
  // Waiting behind a failed stage (directly or through others) is blocked, not merely pending.
  const byNumber = new Map(views.map((v) => [v.number, v]));
  const behindFailure = (n: number, seen = new Set<number>()): boolean => {
    if (seen.has(n)) return false;
    seen.add(n);
    const v = byNumber.get(n);
    return v?.state === 'failed' || (v?.waitingOn ?? []).some((d) => behindFailure(d, seen));
  };
  // On GitHub nothing new of a plan is dispatched while one of its stages stands failed: a ready stage says so.
  const failed = pausingFailures(plan, state);
  const held =
    failed.length > 0 ? `held back: dispatch is paused until the fix run of stage ${failed.join(', ')} passes` : null;
  return views.map(({ waitingOn, ...v }) => {
    const stageSpend = spend?.get(v.number);
    return {
      ...v,
      ...(held && v.state === 'ready' ? { detail: held } : {}),
      state: (v.state === 'pending' && waitingOn.some((d) => behindFailure(d)) ? 'blocked' : v.state) as StageViewState,
      ...(stageSpend ? { spend: stageSpend } : {}),
    };
  });
}
