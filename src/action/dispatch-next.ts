import { dispatchInputs } from '../core/commands/index.js';
import {
  continueInJob,
  DEFAULT_JOB_LIMIT_MINUTES,
  pauseLine,
  planDispatch,
  runFollowUps,
  type Continuation,
} from '../core/graph/index.js';
import { deriveLedgerState, type LedgerState } from '../core/ledger/index.js';
import { dispatchWorkflow } from '../github/dispatch.js';
import type { GitHubClient } from '../github/client.js';
import { describeApiError } from '../github/errors.js';
import { continuePlan } from '../triggers/continue.js';
import type { CompletedRun, LoadedPlan } from './plan-run.js';
import type { Session } from './session.js';
import { actionTriggerDeps } from './trigger-deps.js';

/** The ready stage this job runs next itself (`bot.continueInJob`), with the queued check the launch gave it. */
export interface KeptStage {
  stage: number;
  checkRunId: number | null;
}

/** What a stage job does after its done row: the stage it goes on to, and what it says once all is launched. */
export interface NextStages {
  /** Known as soon as the kept stage's queued check exists, before the other stages' dispatches end; else null. */
  kept: Promise<KeptStage | null>;
  /** Written after the stage's own publishing: never rejects. */
  say: Promise<() => Promise<void>>;
}

/**
 * `dispatch-next: true` (the no-server mode, and the App's runs whose job
 * holds the App's token): after this job's stage ended `done`, the stages
 * its done row made ready go on, as the okstra App continues a plan on
 * `workflow_run.completed` (the same continuePlan). A job cannot rely on an
 * event for this: GitHub starts no workflow for what the job's own token
 * does, except a dispatch. With `bot.continueInJob` (continueInJob decides)
 * the first of them is kept for this job, which runs it next, starting as
 * soon as its check is queued; the others are dispatched, each in its own
 * workflow run. A refusal (the plan paused by a failure, no pull request to
 * report to, GitHub refusing one of the dispatches) is said in the log and
 * the summary; it does not fail a stage that passed, nor stop a kept stage.
 *
 * It runs as soon as the done row is on the remote, beside the stage's own
 * publishing (its check, comment and summary), which the next stages do not
 * wait for: `say` tells the outcome once that publishing is written, so the
 * summary keeps its order.
 */
export function dispatchNextStages(s: Session, loaded: LoadedPlan, run: CompletedRun, runId: string): NextStages {
  let keptNow: (kept: KeptStage | null) => void = () => undefined;
  const kept = new Promise<KeptStage | null>((resolve) => (keptNow = resolve));
  // A launch that kept nothing (or broke before it did) leaves nothing to run; once told, a later null changes nothing.
  const say = nextStages(s, loaded, run, runId, keptNow).finally(() => keptNow(null));
  return { kept, say };
}

async function nextStages(
  s: Session,
  loaded: LoadedPlan,
  run: CompletedRun,
  runId: string,
  onKept: (kept: KeptStage) => void,
): Promise<() => Promise<void>> {
  const nothing = async (): Promise<void> => undefined;
  if (!s.inputs.dispatchNext || s.inputs.dryRun || run.outcome.report.verdict.value !== 'PASS') return nothing;
  const say = (line: string) => async (): Promise<void> => {
    s.io.info(`okstra: ${line}`);
    await s.io.summary(`\n**Next stages** of plan \`${loaded.plan.id}\`: ${line}\n`);
  };
  const prNumber = s.inputs.prNumber ?? s.ctx.event.pullRequest?.number ?? null;
  if (!s.client || !s.ctx.runId)
    return say('not dispatched: `dispatch-next` needs `github-token` and a workflow run (it is off a runner here)');
  if (prNumber === null)
    return say('not dispatched: no `pr-number` to put their checks on; the scheduled sweep (mode continue) runs them');
  // Never rejects: it runs beside the stage's publishing, which must not be cut short by it.
  try {
    return await goOn(s, loaded, run, { runId, prNumber, client: s.client, onKept }, say);
  } catch (error) {
    // The stage's own result stands; the sweep picks the plan up if this dispatch was lost.
    const why = describeApiError(error);
    return async () => s.io.warning(`okstra: could not dispatch the next stages of plan ${loaded.plan.id}: ${why}`);
  }
}

/** The follow-ups of one stage run of this job: decided from its own clone, launched as a comment would launch them. */
async function goOn(
  s: Session,
  loaded: LoadedPlan,
  done: CompletedRun,
  o: { runId: string; prNumber: number; client: GitHubClient; onKept: (kept: KeptStage) => void },
  say: (line: string) => () => Promise<void>,
): Promise<() => Promise<void>> {
  // The ledger as this run's done row left it, read here without a fetch: rows after it offer nothing of this
  // run's (runFollowUps). The plan is the approved one this run ran, so when it makes nothing ready no plan a
  // launch could read would dispatch anything either (a changed plan needs its own approval), and GitHub is
  // not asked at all: the last stage of a plan ends without a request for its follow-ups. Only this stage run's
  // row counts: an earlier stage this job ran had its follow-ups decided when it ended.
  const run = { runId: o.runId };
  const local = await s.deps.ledger.read(loaded.plan.id, { tip: done.outcome.ledgerCommit });
  const followUps = runFollowUps(loaded.plan, local.rows, run, s.io.now());
  if (followUps.kind === 'nothing') return say(`none dispatched: ${followUps.reason}`);
  const read = {
    ok: true as const,
    rows: local.rows,
    state: deriveLedgerState(local.rows),
    distrusted: local.distrusted ?? [],
  };
  const inJob = continueInJob({
    ready: followUps.stages,
    enabled: s.config.bot.continueInJob,
    overrides: s.inputs.executor !== null || s.inputs.verifiers !== null || Object.keys(s.inputs.models).length > 0,
    elapsedMinutes: process.uptime() / 60,
    jobLimitMinutes: s.inputs.timeoutMinutes ?? DEFAULT_JOB_LIMIT_MINUTES,
    leaseMinutes: s.config.leaseMinutes,
  });
  const deps = actionTriggerDeps(s.io, o.client, s.ctx, { defaultBranch: s.defaultBranch });
  const ended = {
    planId: loaded.plan.id,
    prNumber: o.prNumber,
    run,
    fallbackActor: s.inputs.actor ?? s.ctx.actor ?? 'github-actions[bot]',
  };
  // A kept stage runs whatever becomes of the other stages' dispatches: it passed the launch's gate.
  let keptStage: number | null = null;
  const onKept = (kept: KeptStage): void => {
    keptStage = kept.stage;
    o.onKept(kept);
  };
  const keep = inJob.kind === 'continue' ? { stage: inJob.stage, planBlob: loaded.blob, onKept } : undefined;
  const outcome = await continuePlan(deps, s.config, ended, read, keep);
  if (outcome.kind !== 'dispatched') {
    const goingOn = keptStage === null ? '' : `stage ${keptStage} runs next in this job; `;
    return say(`${goingOn}none dispatched: ${outcome.reason}`);
  }
  return say(nextLine(outcome.stages, outcome.kept?.stage ?? null, inJob));
}

/** What went on: the stages dispatched, the one this job runs next, and why it runs none when it does not. */
function nextLine(dispatched: readonly number[], kept: number | null, inJob: Continuation): string {
  const parts: string[] = [];
  if (kept !== null) parts.push(`stage ${kept} runs next in this job`);
  if (dispatched.length > 0)
    parts.push(
      `dispatched stage${dispatched.length === 1 ? '' : 's'} ${dispatched.join(', ')}, each in its own workflow run`,
    );
  const why = kept === null && inJob.kind === 'dispatch' ? ` (not in this job: ${inJob.reason})` : '';
  return `${parts.join('; ')}${why}`;
}

/**
 * The scheduled sweep with `dispatch-next: true`: a plan's ready stages
 * each go to their own workflow run (mode stage) instead of one chain in
 * this job, so the sweep is only the safety net it should be: stale claims
 * released, abandoned stages and anything a lost dispatch left behind sent
 * on. With no pull request to report to, each run reports on its own check.
 */
export async function dispatchReadyStages(s: Session, loaded: LoadedPlan, state: LedgerState): Promise<void> {
  const d = planDispatch(loaded.plan, state, s.io.now());
  if (d.kind === 'complete') return s.io.info(`plan ${loaded.plan.id}: every stage is done`);
  if (d.kind === 'paused') return s.io.info(`plan ${loaded.plan.id}: ${pauseLine(d)}`);
  if (d.stages.length === 0) return s.io.info(`plan ${loaded.plan.id}: nothing ready to dispatch`);
  if (!s.client) throw new Error('`dispatch-next` needs `github-token` (with `actions: write`) to dispatch stages');
  for (const stage of d.stages) {
    const inputs = dispatchInputs({
      mode: 'stage',
      planPath: loaded.path,
      planRef: null,
      stages: [stage],
      prNumber: null,
      executor: null,
      verifiers: null,
      models: {},
      checkRunIds: new Map(),
      trigger: 'dispatch',
      actor: s.inputs.actor ?? s.ctx.actor ?? 'github-actions[bot]',
    });
    await dispatchWorkflow(s.client, s.ctx.repo, s.config.bot.workflow, s.defaultBranch, inputs);
    s.io.info(`plan ${loaded.plan.id}: dispatched stage ${stage} (${s.config.bot.workflow} on ${s.defaultBranch})`);
  }
  await s.io.summary(
    `\n**Plan \`${loaded.plan.id}\`**: dispatched stage${d.stages.length === 1 ? '' : 's'} ${d.stages.join(', ')}, each in its own workflow run.\n`,
  );
}
