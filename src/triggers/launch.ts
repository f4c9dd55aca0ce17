import { posix } from 'node:path';
import type { OkstraConfig } from '../core/config/index.js';
import {
  dispatchInputs,
  type LaunchMode,
  type LaunchTrigger,
  type LaunchWhat,
  type RunOptions,
} from '../core/commands/index.js';
import { planLaunch, queuedSummary, refusedLaunchReason, type LaunchPlan } from '../core/commands/launch-plan.js';
import type { Plan } from '../core/plan/index.js';
import { checkRunName } from '../core/commands/check-name.js';
import { inlineCode } from '../core/text/escape.js';
import { completeCheck, createQueuedCheck } from '../github/checks.js';
import { describeApiError } from '../github/errors.js';
import { readRepoFile } from '../github/contents.js';
import { pool } from '../engine/dispatch.js';
import { dispatchWorkflow } from '../github/dispatch.js';
import { isFromFork, type PullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';
import { resolvePlan, type PlanResolution } from './plans.js';
import { readPlanLedger, type LedgerRead } from './ledger-state.js';

export interface LaunchRequest {
  pr: Pick<PullRequestFacts, 'number' | 'headSha' | 'headRef' | 'headRepo' | 'baseRepo'>;
  plan: Plan;
  planPath: string;
  /** The git blob id of the plan's text as read: the content a run needs an approval of. */
  planBlob: string;
  /** The plan was read at the pull request's head: the pull request adds or changes it. */
  planFromPullRequest: boolean;
  what: LaunchWhat;
  options: Pick<RunOptions, 'executor' | 'verifiers' | 'models'>;
  trigger: LaunchTrigger;
  actor: string;
  /** What asked for it, as Markdown for the check's summary: a link to the comment, the label's name. */
  origin: string;
  /** The plan's ledger, when the caller has read it or started to (continuing a plan, resolveLaunchPlan). */
  ledger?: LedgerRead | Promise<LedgerRead>;
  /**
   * The workflow file on the default branch, when the caller started reading it early (continuing a plan reads
   * it beside the pull request and the plan): the launch reads it there otherwise.
   */
  workflowText?: Promise<string | null>;
  /**
   * A stage the caller runs itself, in the job that is launching (a stage job going on to the next stage,
   * `bot.continueInJob`): it passes the same gate and gets its queued check like the others, but no workflow run.
   */
  keep?: number;
  /**
   * Told the kept stage's queued check as soon as it exists, before the launch's other runs are dispatched: the
   * caller can start that stage then. The launch's outcome still says everything, the other runs' refusals included.
   */
  onKept?: (checkRunId: number) => void;
}

/** The workflow file a launch dispatches, read on the default branch (where every run goes: dispatchRef). */
export function readLaunchWorkflow(
  deps: Pick<TriggerDeps, 'client' | 'repo' | 'defaultBranch'>,
  config: OkstraConfig,
): Promise<string | null> {
  return readRepoFile(deps.client, deps.repo, workflowPath(config), deps.defaultBranch);
}

/** A plan found for a launch, with what the launch reads next already under way (resolveLaunchPlan). */
export type LaunchPlanRead =
  | {
      ok: true;
      request: Pick<
        LaunchRequest,
        'plan' | 'planPath' | 'planBlob' | 'planFromPullRequest' | 'ledger' | 'workflowText'
      >;
    }
  | { ok: false; reason: string };

/**
 * resolvePlan for a launch, with the launch's next reads started beside the plan's own: the workflow file, and the
 * plan's ledger under the id its file name gives (`<id>.md`, as `okstra plan` names a plan). Each spares the launch
 * a round trip after the plan. A plan whose id is another has its ledger read by the launch; a refusal wastes them.
 */
export async function resolveLaunchPlan(
  deps: TriggerDeps,
  config: OkstraConfig,
  pr: PullRequestFacts,
  files: ReadonlyArray<{ path: string; status: string }>,
  wanted: string | null,
): Promise<LaunchPlanRead> {
  const ahead: { id?: string; ledger?: Promise<LedgerRead>; workflowText?: Promise<string | null> } = {};
  const found = await resolvePlan(deps, config, pr, files, wanted, {
    reading: (path, where) => {
      // A fork's own plan is refused before any read (dispatchRef): nothing to start for it.
      const refused = !dispatchRef(deps.defaultBranch, {
        pr,
        planFromPullRequest: where.fromPullRequest,
        planPath: path,
      }).ok;
      if (ahead.id !== undefined || refused) return;
      ahead.id = posix.basename(path, '.md');
      ahead.ledger = readPlanLedger(deps, config, ahead.id);
      ahead.workflowText = readLaunchWorkflow(deps, config);
      ahead.ledger.catch(() => undefined);
      ahead.workflowText.catch(() => undefined);
    },
  });
  if (!found.ok) return found;
  const { ledger, workflowText } = ahead;
  return {
    ok: true,
    request: {
      ...launchedPlan(found),
      ...(workflowText ? { workflowText } : {}),
      ...(ledger && ahead.id === found.plan.id ? { ledger } : {}),
    },
  };
}

/** A plan as {@link resolvePlan} found it, in the request's words. */
export function launchedPlan(
  found: Extract<PlanResolution, { ok: true }>,
): Pick<LaunchRequest, 'plan' | 'planPath' | 'planBlob' | 'planFromPullRequest'> {
  return { plan: found.plan, planPath: found.path, planBlob: found.blob, planFromPullRequest: found.fromPullRequest };
}

export type LaunchOutcome =
  | {
      ok: true;
      mode: LaunchMode;
      /** Every stage launched, the kept one too. */
      stages: number[];
      checkRunIds: Map<number, number>;
      /** The request's `keep`, when the launch planned it as a run of its own: the caller runs it now. */
      kept: number | null;
    }
  | { ok: false; reason: string };

/** How a plan is approved on GitHub, for the refusal of a run of an unapproved plan. */
export const HOW_TO_APPROVE =
  'approve the pull request that adds or changes the plan (a review that approves it), or comment `/okstra approve` on it; `okstra plan approve` does it from a clone';

export function workflowPath(config: OkstraConfig): string {
  return `.github/workflows/${config.bot.workflow}`;
}

/**
 * Where the run goes (docs/action.md, "Dispatch contract"): the workflow
 * is always dispatched on the default branch, so the default branch's copy
 * of the workflow runs (with its environment rules, secrets and pinned
 * okstra) whatever the pull request changes. A plan the pull request adds
 * or changes is named by `plan-ref`, the pull request's head commit the bot
 * read it at; the Action fetches that commit and reads only the plan from
 * it. Config and prompts come from the default branch either way. A plan
 * that a fork adds or changes is refused: it is not this repository's.
 */
export function dispatchRef(
  defaultBranch: string,
  req: Pick<LaunchRequest, 'pr' | 'planFromPullRequest' | 'planPath'>,
): { ok: true; ref: string; planRef: string | null } | { ok: false; reason: string } {
  if (!req.planFromPullRequest) return { ok: true, ref: defaultBranch, planRef: null };
  if (isFromFork(req.pr)) {
    return {
      ok: false,
      reason: `the plan ${inlineCode(req.planPath)} is added or changed by this pull request, whose branch lives in a fork; okstra runs only plans that are on this repository's branches: merge the plan first (or push the branch here).`,
    };
  }
  return { ok: true, ref: defaultBranch, planRef: req.pr.headSha };
}

/**
 * Starts okstra on a pull request: decides what to start from the ledger
 * and the workflow (planLaunch), then per workflow run (one per stage; one
 * for a chain) creates its queued check(s) on the pull request's head and
 * dispatches the workflow on the default branch with the check ids (and
 * `plan-ref`, see dispatchRef). A dispatch GitHub refuses completes its new
 * checks as failures, so none is left queued.
 */
export async function launch(deps: TriggerDeps, config: OkstraConfig, req: LaunchRequest): Promise<LaunchOutcome> {
  const where = dispatchRef(deps.defaultBranch, req);
  if (!where.ok) return where;
  const path = workflowPath(config);
  // Both reads at once: one round trip less on every launch (the workflow file is wasted only on a refusal).
  const [ledger, workflow] = await Promise.all([
    req.ledger ?? readPlanLedger(deps, config, req.plan.id),
    req.workflowText ?? readLaunchWorkflow(deps, config),
  ]);
  if (!ledger.ok) return ledger;
  const planned = planLaunch({
    plan: req.plan,
    planBlob: req.planBlob,
    state: ledger.state,
    config,
    what: req.what,
    now: deps.now(),
    workflow: { path, ref: where.ref, text: workflow },
    howToApprove: HOW_TO_APPROVE,
  });
  if (!planned.ok) return planned;
  const { launch: plan } = planned;
  const ctx: RunContext = { deps, config, req, where, path, plan, kept: keptStage(plan, req.keep) };
  // Runs go out a few at once, so a fan-out of eight stages costs a couple of API round trips of latency instead
  // of sixteen in a row.
  // The kept stage first: its caller starts it once its check exists, without waiting for the others' dispatches.
  const runs = [...plan.runs].sort((a, b) => Number(isKeptRun(b, ctx.kept)) - Number(isKeptRun(a, ctx.kept)));
  const outcomes = await pool(
    DISPATCHES_AT_ONCE,
    runs.map((stages) => () => startWorkflowRun(ctx, stages)),
  );
  const checkRunIds = new Map(outcomes.flatMap((o) => [...o.ids]));
  const refused = outcomes.find((o) => o.error !== undefined);
  if (refused) {
    const started = outcomes.filter((o) => o.error === undefined).flatMap((o) => o.stages);
    return { ok: false, reason: refusedLaunchReason(path, refused.error ?? '', started) };
  }
  return { ok: true, mode: plan.mode, stages: plan.stages, checkRunIds, kept: ctx.kept };
}

/** The stage the caller keeps, when the launch runs it as a workflow run of its own (never part of a chain). */
function keptStage(plan: LaunchPlan, keep: number | undefined): number | null {
  if (keep === undefined || plan.mode !== 'stage') return null;
  return plan.runs.some((stages) => isKeptRun(stages, keep)) ? keep : null;
}

/** A workflow run of the one stage the caller keeps. */
function isKeptRun(stages: readonly number[], kept: number | null): kept is number {
  return kept !== null && stages.length === 1 && stages[0] === kept;
}

/** Workflow runs started at once by one launch: few enough for GitHub's limits on concurrent writes. */
const DISPATCHES_AT_ONCE = 4;

/** What every workflow run of one launch shares. */
interface RunContext {
  deps: TriggerDeps;
  config: OkstraConfig;
  req: LaunchRequest;
  where: { ref: string; planRef: string | null };
  path: string;
  plan: LaunchPlan;
  kept: number | null;
}

/**
 * One workflow run: its queued check(s), then its dispatch. A dispatch GitHub
 * refuses fails the checks just created and is answered with why.
 */
async function startWorkflowRun(
  { deps, config, req, where, path, plan, kept }: RunContext,
  stages: number[],
): Promise<{ stages: number[]; ids: Map<number, number>; error?: string }> {
  const runsUrl = `${deps.webUrl}/actions/workflows/${config.bot.workflow}`;
  const ask = { planId: req.plan.id, actor: req.actor, origin: req.origin, runsUrl };
  const ids = new Map<number, number>();
  for (const stage of stages) {
    const id = await createQueuedCheck(deps.client, deps.repo, {
      name: checkRunName(req.plan.id, stage),
      headSha: req.pr.headSha,
      detailsUrl: runsUrl,
      output: { title: 'Queued', summary: queuedSummary(plan, stages, ask) },
    });
    ids.set(stage, id);
  }
  // The caller's own job runs it: its check is queued like the others', and the caller marks it in progress.
  if (isKeptRun(stages, kept)) {
    const id = ids.get(kept);
    if (id !== undefined) req.onKept?.(id);
    return { stages, ids };
  }
  const { reset, rebase } = plan;
  const inputs = dispatchInputs({
    mode: plan.mode,
    ...(reset ? { reset } : {}),
    ...(rebase ? { rebase } : {}),
    planPath: req.planPath,
    planRef: where.planRef,
    stages,
    prNumber: req.pr.number,
    executor: req.options.executor,
    verifiers: req.options.verifiers,
    models: req.options.models,
    checkRunIds: ids,
    trigger: req.trigger,
    actor: req.actor,
  });
  try {
    await dispatchWorkflow(deps.client, deps.repo, config.bot.workflow, where.ref, inputs);
  } catch (error) {
    const why = describeApiError(error);
    await failQueuedChecks(
      deps,
      [...ids.values()],
      `GitHub refused to dispatch ${inlineCode(path)}: ${inlineCode(why)}`,
    );
    return { stages, ids, error: why };
  }
  deps.log.info(
    `dispatched ${config.bot.workflow} on ${where.ref} for plan ${req.plan.id}${where.planRef ? ` at ${where.planRef.slice(0, 12)}` : ''} ${plan.mode}${reset ? ' --reset' : ''}${rebase ? ' --rebase' : ''} ${stages.join(',')} on PR #${req.pr.number} (checks ${[...ids.values()].join(',')})`,
  );
  return { stages, ids };
}

/** A queued check whose workflow run never started is completed as a failure, so none is left queued. */
async function failQueuedChecks(deps: TriggerDeps, ids: readonly number[], summary: string): Promise<void> {
  for (const id of ids) {
    await completeCheck(
      deps.client,
      deps.repo,
      { id },
      {
        conclusion: 'failure',
        requests: [{ output: { title: 'The workflow could not be started', summary, annotations: [] } }],
      },
      { at: deps.now() },
    );
  }
}
