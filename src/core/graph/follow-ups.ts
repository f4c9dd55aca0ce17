import { parseCheckRunName } from '../commands/check-name.js';
import { isStageRow, type LedgerRow } from '../ledger/row.js';
import { deriveLedgerState } from '../ledger/state.js';
import type { Plan } from '../plan/types.js';
import { pauseLine, planDispatch, stagesMadeReady } from './parallel.js';

export type FollowUps = { kind: 'ready'; stages: number[] } | { kind: 'nothing'; reason: string };

/**
 * Whose `done` rows a follow-up is for: every stage run of one workflow run
 * attempt (its run-id prefix, `gh-<run id>-<attempt>-`), or one stage run
 * of it, when its job went on to run the next stage itself (continueInJob):
 * then each stage run's follow-ups are decided once, as it ends.
 */
export type RunRef = { prefix: string } | { runId: string };

export function isRowOfRun(runId: string, run: RunRef): boolean {
  return 'prefix' in run ? runId.startsWith(run.prefix) : runId === run.runId;
}

/** The run as a log line names it. */
export function runRefName(run: RunRef): string {
  return 'prefix' in run ? `${run.prefix}*` : run.runId;
}

/**
 * The stages a workflow run's `done` rows made ready (stagesMadeReady over
 * each of them), or why there are none: the rule continuing a plan after a
 * run follows, whoever continues it (the bot on `workflow_run.completed`,
 * the Action with `dispatch-next`). `rows` are the plan's believed rows up to
 * at least the run's own; rows after them offer nothing of this run's, so a
 * run may decide from the ledger as its own last append left it.
 */
export function runFollowUps(
  plan: Pick<Plan, 'stages'>,
  rows: readonly LedgerRow[],
  run: RunRef,
  now: Date,
): FollowUps {
  const doneAt = rows.flatMap((row, index) =>
    isStageRow(row) && isRowOfRun(row.run_id, run) && row.status === 'done' ? [index] : [],
  );
  if (doneAt.length === 0) return { kind: 'nothing', reason: `run ${runRefName(run)} recorded no done stage` };
  const stages = [...new Set(doneAt.flatMap((index) => stagesMadeReady(plan, rows, index, now)))];
  if (stages.length > 0) return { kind: 'ready', stages };
  const d = planDispatch(plan, deriveLedgerState(rows), now);
  return { kind: 'nothing', reason: d.kind === 'paused' ? pauseLine(d) : 'no stage became ready' };
}

/** A check run on the pull request's head, as continuing a plan reads it. */
export interface HeadCheck {
  id: number;
  name: string;
  status: string;
  /** The run id a stage job marked its check with; null for a check no job has taken yet. */
  externalId: string | null;
}

/**
 * The stages whose newest check on the pull request's head is queued or in
 * progress: a run has them. The bot continues a plan after a run has ended,
 * and that run's own job may have launched what its done rows made ready
 * already (dispatch-next with the App's token), which the ledger shows only
 * once those runs claim; launching them again would race them for the claim
 * and put a second check beside theirs.
 */
export function stagesUnderWay(
  planId: string,
  checks: ReadonlyArray<Pick<HeadCheck, 'id' | 'name' | 'status'>>,
): Set<number> {
  const newest = new Map<number, Pick<HeadCheck, 'id' | 'name' | 'status'>>();
  for (const check of checks) {
    const named = parseCheckRunName(check.name);
    if (named?.planId !== planId) continue;
    const seen = newest.get(named.stage);
    if (!seen || check.id > seen.id) newest.set(named.stage, check);
  }
  return new Set([...newest].filter(([, c]) => c.status === 'queued' || c.status === 'in_progress').map(([n]) => n));
}
