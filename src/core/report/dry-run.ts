import { stageReadiness } from '../graph/readiness.js';
import type { LedgerState } from '../ledger/state.js';
import type { Plan } from '../plan/types.js';
import { renderPlanStatus } from './plan-status.js';
import { stageViews } from './stage-views.js';

/**
 * What a dry run says it would do: one line per stage of the queue (run id
 * and readiness), and the summary that holds them with the plan's status.
 * Nothing here claims, dispatches or writes.
 */

export function dryRunLines(
  plan: Plan,
  state: LedgerState,
  queue: readonly number[],
  now: Date,
  runIdOf: (stage: number) => string,
): string[] {
  return queue.map((n) => {
    const rd = stageReadiness(plan, state, n, now);
    const why =
      rd.kind === 'ready'
        ? rd.failedBefore
          ? `ready (fix run after ${rd.failedBefore.reason})`
          : 'ready'
        : rd.kind === 'blocked'
          ? `waits for stage ${rd.waitingOn.join(', ')}`
          : rd.kind === 'started'
            ? `in progress by run ${rd.runId}`
            : 'already done';
    return `stage ${n} as run ${runIdOf(n)}: ${why}`;
  });
}

export function dryRunSummary(plan: Plan, state: LedgerState, now: Date, lines: readonly string[]): string {
  return `### okstra dry run — plan \`${plan.id}\`\n\nNothing was claimed, run or written.\n\n${lines.map((l) => `- would run ${l}`).join('\n') || '- nothing to run'}\n\n${renderPlanStatus({ planId: plan.id, planTitle: plan.title, stages: stageViews(plan, state, now) })}`;
}
