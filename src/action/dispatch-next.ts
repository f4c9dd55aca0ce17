import { dispatchInputs } from '../core/commands/index.js';
import { pauseLine, planDispatch, runFollowUps } from '../core/graph/index.js';
import { deriveLedgerState, type LedgerState } from '../core/ledger/index.js';
import { dispatchWorkflow } from '../github/dispatch.js';
import { describeApiError } from '../github/errors.js';
import { continuePlan } from '../triggers/continue.js';
import type { LoadedPlan, RunResults } from './plan-run.js';
import type { Session } from './session.js';
import { actionTriggerDeps } from './trigger-deps.js';

/**
 * `dispatch-next: true` (the no-server mode): after this job's stage ended
 * `done`, dispatch the stages its done row made ready, as the okstra App
 * does on `workflow_run.completed` (the same continuePlan). A job cannot
 * rely on an event for this: GitHub starts no workflow for what the job's
 * own token does, except a dispatch. A refusal (the plan paused by a
 * failure, no pull request to report to) is said in the log and the
 * summary; it does not fail a stage that passed.
 *
 * It runs as soon as the done row is on the remote, beside the stage's own
 * publishing (its check, comment and summary), which the next stages do not
 * wait for: what it resolves to says the outcome once that publishing is
 * written, so the summary keeps its order.
 */
export async function dispatchNextStages(s: Session, loaded: LoadedPlan, r: RunResults): Promise<() => Promise<void>> {
  const nothing = async (): Promise<void> => undefined;
  if (!s.inputs.dispatchNext || s.inputs.dryRun) return nothing;
  const passed = r.runs.filter((run) => run.outcome.report.verdict.value === 'PASS').at(-1);
  if (!passed) return nothing;
  const say = (line: string) => async (): Promise<void> => {
    s.io.info(`okstra: ${line}`);
    await s.io.summary(`\n**Next stages** of plan \`${loaded.plan.id}\`: ${line}\n`);
  };
  const prNumber = s.inputs.prNumber ?? s.ctx.event.pullRequest?.number ?? null;
  if (!s.client || !s.ctx.runId)
    return say('not dispatched: `dispatch-next` needs `github-token` and a workflow run (it is off a runner here)');
  if (prNumber === null)
    return say('not dispatched: no `pr-number` to put their checks on; the scheduled sweep (mode continue) runs them');
  const client = s.client;
  const runIdPrefix = `gh-${s.ctx.runId}-${s.ctx.runAttempt}-`;
  // Never rejects: it runs beside the stage's publishing, which must not be cut short by it.
  try {
    // The ledger as this run's done row left it, read here without a fetch: rows after it offer nothing of this
    // run's (runFollowUps). The plan is the approved one this run ran, so when it makes nothing ready no plan a
    // launch could read would dispatch anything either (a changed plan needs its own approval), and GitHub is
    // not asked at all: the last stage of a plan ends without a request for its follow-ups.
    const local = await s.deps.ledger.read(loaded.plan.id, { tip: passed.outcome.ledgerCommit });
    const followUps = runFollowUps(loaded.plan, local.rows, runIdPrefix, s.io.now());
    if (followUps.kind === 'nothing') return say(`none dispatched: ${followUps.reason}`);
    const read = {
      ok: true as const,
      rows: local.rows,
      state: deriveLedgerState(local.rows),
      distrusted: local.distrusted ?? [],
    };
    const deps = actionTriggerDeps(s.io, client, s.ctx, { defaultBranch: s.defaultBranch });
    const outcome = await continuePlan(
      deps,
      s.config,
      {
        planId: loaded.plan.id,
        prNumber,
        runIdPrefix,
        fallbackActor: s.inputs.actor ?? s.ctx.actor ?? 'github-actions[bot]',
      },
      read,
    );
    if (outcome.kind === 'dispatched')
      return say(
        `dispatched stage${outcome.stages.length === 1 ? '' : 's'} ${outcome.stages.join(', ')}, each in its own workflow run`,
      );
    return say(`none dispatched: ${outcome.reason}`);
  } catch (error) {
    // The stage's own result stands; the sweep picks the plan up if this dispatch was lost.
    const why = describeApiError(error);
    return async () => s.io.warning(`okstra: could not dispatch the next stages of plan ${loaded.plan.id}: ${why}`);
  }
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
