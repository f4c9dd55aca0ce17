import { readyStages, stageByNumber, stageReadiness, topologicalOrder, type StageReadiness } from '../graph/index.js';
import type { LedgerRow, LedgerState } from '../ledger/index.js';
import type { Plan } from '../plan/types.js';
import type { Spend } from './plan-spend.js';

/** One stage of `okstra status` (its table and its --json): the ledger's word on it and what it spent. */
export interface StageStatusLine {
  number: number;
  title: string;
  dependsOn: number[];
  state: 'pending' | 'ready' | 'started' | 'done' | 'failed';
  detail: string;
  readiness: StageReadiness;
  /** What this stage's runs spent (every attempt); null when none of its reports could be read. */
  spend: Spend | null;
}

/** Each stage in run order, with the stages ready to run next. */
export function stageStatus(
  plan: Plan,
  state: LedgerState,
  byStage: ReadonlyMap<number, Spend>,
  now: Date,
): { lines: StageStatusLine[]; next: number[] } {
  const lines = topologicalOrder(plan).map((n): StageStatusLine => {
    const stage = stageByNumber(plan, n);
    const readiness = stageReadiness(plan, state, n, now);
    return {
      number: n,
      title: stage.title,
      dependsOn: stage.dependsOn,
      ...describe(readiness, failedDetail(state.stages.get(n)?.last)),
      readiness,
      spend: byStage.get(n) ?? null,
    };
  });
  return { lines, next: readyStages(plan, state, now) };
}

/** The line under the table: what can run next, or why nothing can. */
export function nextStepLine(next: readonly number[], lines: readonly StageStatusLine[]): string {
  if (next.length > 0) return `next ready: ${next.map((n) => `stage ${n}`).join(', ')}`;
  return lines.every((l) => l.state === 'done') ? 'all stages done' : 'no stage is ready to run';
}

/** Why the stage's last run failed, as its `failed` row says: what a person acts on before a fix run. */
function failedDetail(last: LedgerRow | undefined): string | undefined {
  return last?.status === 'failed' && last.detail ? last.detail : undefined;
}

function describe(r: StageReadiness, why: string | undefined): Pick<StageStatusLine, 'state' | 'detail'> {
  switch (r.kind) {
    case 'done':
      return { state: 'done', detail: `head ${r.headCommit.slice(0, 12)} (run ${r.runId})` };
    case 'started':
      return {
        state: 'started',
        detail: `by run ${r.runId}${r.actor ? ` (${r.actor})` : ''} until ${r.leaseUntil}${r.stale ? ' — lease expired; `okstra ledger release` frees it' : ''}`,
      };
    case 'ready':
      return r.failedBefore
        ? {
            state: 'failed',
            detail: `${r.failedBefore.reason} in run ${r.failedBefore.runId}${why ? ` (${why})` : ''}; ready for a fix run`,
          }
        : { state: 'ready', detail: '' };
    case 'blocked':
      return { state: 'pending', detail: `waits for stage ${r.waitingOn.join(', ')}` };
  }
}
