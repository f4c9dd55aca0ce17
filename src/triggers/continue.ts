import type { OkstraConfig } from '../core/config/index.js';
import { isGitHubLogin } from '../core/commands/index.js';
import {
  isRowOfRun,
  runFollowUps,
  runRefName,
  stagesUnderWay,
  type FollowUps,
  type HeadCheck,
  type RunRef,
} from '../core/graph/index.js';
import { isStageRow } from '../core/ledger/index.js';
import { latestChecksOn } from '../github/checks.js';
import { describeApiError } from '../github/errors.js';
import { changedFiles, pullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';
import { launch, readLaunchWorkflow } from './launch.js';
import { readPlanRows, type LedgerRowsRead } from './ledger-state.js';
import { readPlanEarly, resolvePlan } from './plans.js';

/** A workflow run that has ended (or is ending): which plan, which pull request, which run. */
export interface EndedRun {
  planId: string;
  prNumber: number;
  /** Its stage runs: every one of a workflow run attempt (`gh-<run id>-<attempt>-`), or one (a job that goes on). */
  run: RunRef;
  /** Who the follow-up runs are on behalf of when the ledger does not say (the run's own actor). */
  fallbackActor: string;
  /**
   * Continued after the run has ended (the bot on `workflow_run.completed`): the run's job may have launched what
   * its done rows made ready itself (dispatch-next with the App's token), so a stage whose check is queued or
   * running on the pull request's head is left to the run that has it (stagesUnderWay).
   */
  afterItsJob?: boolean;
}

export type ContinueOutcome =
  | {
      kind: 'dispatched';
      /** The stages dispatched, each in its own workflow run; not the kept one. */
      stages: number[];
      /** The stage the caller asked to keep, with its queued check, when the launch let it: the caller runs it. */
      kept: { stage: number; checkRunId: number | null } | null;
    }
  | { kind: 'nothing'; reason: string }
  | { kind: 'refused'; reason: string };

/** The follow-ups without the stages another run has already (their checks queued or in progress). */
function leaveUnderWay(made: FollowUps, planId: string, checks: readonly HeadCheck[]): FollowUps {
  if (made.kind === 'nothing') return made;
  const busy = stagesUnderWay(planId, checks);
  const stages = made.stages.filter((n) => !busy.has(n));
  if (stages.length > 0) return { kind: 'ready', stages };
  const named = made.stages.join(', ');
  return { kind: 'nothing', reason: `stage(s) ${named} already launched: their checks are queued or in progress` };
}

/** A stage the calling job would run itself, and the plan it would run it from: kept only if the launch reads the same. */
export interface KeepRequest {
  stage: number;
  planBlob: string;
  /** Told once the kept stage's queued check exists, before the other stages are dispatched (launch's `onKept`). */
  onKept?: (kept: { stage: number; checkRunId: number }) => void;
}

/**
 * Continues a plan after one of its workflow runs: every stage that a
 * `done` row of that run made ready (stagesMadeReady: of several runs ending
 * together, exactly one offers each stage) is dispatched in its own
 * workflow run, with a queued check on the pull request, through the same
 * launch as a comment. Called by the bot on `workflow_run.completed` and
 * by the Action at the end of a stage run with `dispatch-next` (no-server
 * mode). The plan is read where a comment would read it (resolvePlan), so
 * approval and fork rules hold as for any launch.
 */
export async function continuePlan(
  deps: TriggerDeps,
  config: OkstraConfig,
  run: EndedRun,
  read?: LedgerRowsRead,
  keep?: KeepRequest,
): Promise<ContinueOutcome> {
  // Every row, not the snapshot: which stages this run's done rows made ready is a replay up to each of them. A
  // caller that read them after the run recorded its rows passes them (any later read decides the same, see above).
  const ledger = read ?? (await readPlanRows(deps, config, run.planId));
  if (!ledger.ok) return { kind: 'refused', reason: ledger.reason };
  const ours = ledger.rows.filter((row) => isStageRow(row) && isRowOfRun(row.run_id, run.run));
  if (!ours.some((row) => row.status === 'done'))
    return { kind: 'nothing', reason: `run ${runRefName(run.run)} recorded no done stage` };

  // Read beside the pull request: a launch needs the workflow, and the plan is read where its id names it unless the
  // pull request changes it (resolvePlan decides); waiting for the pull request first costs a round trip each.
  const workflowText = readLaunchWorkflow(deps, config);
  workflowText.catch(() => undefined);
  const early = readPlanEarly(deps, config, run.planId);
  let pr: Awaited<ReturnType<typeof pullRequestFacts>>;
  let files: Awaited<ReturnType<typeof changedFiles>>;
  try {
    [pr, files] = await Promise.all([
      pullRequestFacts(deps.client, deps.repo, run.prNumber),
      changedFiles(deps.client, deps.repo, run.prNumber),
    ]);
  } catch (error) {
    return { kind: 'refused', reason: `pull request #${run.prNumber} cannot be read (${describeApiError(error)})` };
  }
  if (pr.state !== 'open') return { kind: 'nothing', reason: `pull request #${run.prNumber} is ${pr.state}` };
  const headChecks = run.afterItsJob ? latestChecksOn(deps.client, deps.repo, pr.headSha) : null;
  headChecks?.catch(() => undefined);
  const resolved = await resolvePlan(deps, config, pr, files, run.planId, { early });
  if (!resolved.ok) return { kind: 'refused', reason: resolved.reason };

  // Decided on the plan as a launch reads it, so a plan changed since the run is held to its own approval.
  const made = runFollowUps(resolved.plan, ledger.rows, run.run, deps.now());
  const followUps = headChecks ? leaveUnderWay(made, run.planId, await headChecks) : made;
  if (followUps.kind === 'nothing') return followUps;

  const claimActor = ours.find((row) => row.status === 'started' && row.actor)?.actor;
  const actor = claimActor && isGitHubLogin(claimActor) ? claimActor : run.fallbackActor;
  const outcome = await launch(deps, config, {
    pr,
    plan: resolved.plan,
    planPath: resolved.path,
    planBlob: resolved.blob,
    planFromPullRequest: resolved.fromPullRequest,
    what: { kind: 'continue', stages: followUps.stages },
    options: { executor: null, verifiers: null, models: {} },
    trigger: 'dispatch',
    actor,
    origin: `continuing the plan after run \`${runRefName(run.run).replace(/-\*$/, '')}\``,
    ledger,
    workflowText,
    // The caller's plan is the one it ran; a plan changed since is launched as read, every stage in its own run.
    ...(keep && keep.planBlob === resolved.blob
      ? { keep: keep.stage, onKept: (checkRunId: number) => keep.onKept?.({ stage: keep.stage, checkRunId }) }
      : {}),
  });
  if (!outcome.ok) return { kind: 'refused', reason: outcome.reason };
  const kept = outcome.kept;
  return {
    kind: 'dispatched',
    stages: outcome.stages.filter((n) => n !== kept),
    kept: kept === null ? null : { stage: kept, checkRunId: outcome.checkRunIds.get(kept) ?? null },
  };
}
