import type { OkstraConfig } from '../core/config/index.js';
import { isGitHubLogin } from '../core/commands/index.js';
import { runFollowUps } from '../core/graph/index.js';
import { isStageRow } from '../core/ledger/index.js';
import { describeApiError } from '../github/errors.js';
import { changedFiles, pullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';
import { launch, readLaunchWorkflow } from './launch.js';
import { readPlanRows, type LedgerRowsRead } from './ledger-state.js';
import { resolvePlan } from './plans.js';

/** A workflow run that has ended (or is ending): which plan, which pull request, which run. */
export interface EndedRun {
  planId: string;
  prNumber: number;
  /** okstra's run-id prefix of that workflow run attempt, `gh-<run id>-<attempt>-`. */
  runIdPrefix: string;
  /** Who the follow-up runs are on behalf of when the ledger does not say (the run's own actor). */
  fallbackActor: string;
}

export type ContinueOutcome =
  { kind: 'dispatched'; stages: number[] } | { kind: 'nothing'; reason: string } | { kind: 'refused'; reason: string };

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
): Promise<ContinueOutcome> {
  // Every row, not the snapshot: which stages this run's done rows made ready is a replay up to each of them. A
  // caller that read them after the run recorded its rows passes them (any later read decides the same, see above).
  const ledger = read ?? (await readPlanRows(deps, config, run.planId));
  if (!ledger.ok) return { kind: 'refused', reason: ledger.reason };
  const ours = ledger.rows.filter((row) => isStageRow(row) && row.run_id.startsWith(run.runIdPrefix));
  if (!ours.some((row) => row.status === 'done'))
    return { kind: 'nothing', reason: `run ${run.runIdPrefix}* recorded no done stage` };

  // Read beside the pull request and the plan: a launch needs it, and waiting for those first costs a round trip.
  const workflowText = readLaunchWorkflow(deps, config);
  workflowText.catch(() => undefined);
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
  const resolved = await resolvePlan(deps, config, pr, files, run.planId);
  if (!resolved.ok) return { kind: 'refused', reason: resolved.reason };

  // Decided on the plan as a launch reads it, so a plan changed since the run is held to its own approval.
  const followUps = runFollowUps(resolved.plan, ledger.rows, run.runIdPrefix, deps.now());
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
    origin: `continuing the plan after run \`${run.runIdPrefix.replace(/-$/, '')}\``,
    ledger,
    workflowText,
  });
  if (!outcome.ok) return { kind: 'refused', reason: outcome.reason };
  return { kind: 'dispatched', stages: outcome.stages };
}
