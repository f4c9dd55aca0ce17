import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainQueue, dependencyClosure, stageReadiness, topologicalOrder } from '../core/graph/index.js';
import {
  activeClaim,
  approvalStatus,
  deriveLedgerState,
  isStale,
  notApprovedMessage,
  StageRowSchema,
  stageStatus,
  type LedgerState,
} from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { formatSpend, renderPlanStatus, renderSummary, spendByStage } from '../core/report/index.js';
import { readPlanReports, spendOf, type ReadLedgerFiles } from '../engine/plan-reports.js';
import { describeDistrusted } from '../core/ledger/index.js';
import { escapeInline } from '../core/text/escape.js';
import { runChain } from '../engine/run-chain.js';
import { runStage } from '../engine/run-stage.js';
import type { RunStageRequest, StageOutcome, StageRefusal } from '../engine/types.js';
import { describeApiError } from '../github/errors.js';
import { workflowRunState } from '../github/runs.js';
import { workflowRunOf } from './context.js';
import { dispatchNextStages, dispatchReadyStages } from './dispatch-next.js';
import { autoFinalAfterRun } from './final-mode.js';
import {
  fetchPlanRefs,
  githubApproveHint,
  loadPlan,
  requestBase,
  runIdFor,
  type LoadedPlan,
  type RunResults,
} from './plan-run.js';
import { planFilesAt } from './plans.js';
import type { Session } from './session.js';
import { stageViews } from '../core/report/stage-views.js';

/**
 * The modes (reconcile's own in reconcile-mode.ts). Each reads its plans, runs the engine and hands every
 * finished stage to `endStage`, which publishes it; what decides the step's
 * outcome is collected in `RunResults` and acted on once, in main.ts.
 */

export {
  emptyResults,
  fetchPlanRefs,
  loadPlan,
  requestBase,
  runIdFor,
  type CompletedRun,
  type LoadedPlan,
  type RunResults,
} from './plan-run.js';

// The job summary takes 1 MiB per step; beyond this the short rendering is used.
const SUMMARY_BUDGET = 900_000;

async function startStage(s: Session, plan: Plan, stage: number, runId: string): Promise<void> {
  s.log.setStage(stage);
  // Remembered before the claim is made: the post step releases it if this process dies mid-stage.
  s.claims.add({ planId: plan.id, stage, runId, checkRunId: null });
  const id = await s.publisher.started(plan, stage, runId, s.roster());
  if (id !== null) s.claims.setCheck(plan.id, runId, id);
}

/**
 * The gate's refusal names the CLI's commands; on GitHub the same is a
 * comment or a workflow run, so the check and the log say that too.
 */
function onGitHub(refusal: StageRefusal): StageRefusal {
  if (refusal.code !== 'stale-head') return refusal;
  return {
    ...refusal,
    reason: `${refusal.reason}. On GitHub: comment \`/okstra reconcile N\` on the pull request for the stage named above (\`/okstra reconcile N --reset\` puts its branch back), or run the okstra workflow with \`mode: reconcile\` and \`stage: N\` (\`reset: true\` to put it back)`,
  };
}

async function endStage(
  s: Session,
  plan: Plan,
  stage: number,
  runId: string,
  given: StageOutcome,
  r: RunResults,
): Promise<void> {
  s.log.close();
  const outcome = given.kind === 'refused' ? onGitHub(given) : given;
  if (outcome.kind === 'refused') {
    s.io.info(`stage ${stage} of ${plan.id} not run: ${outcome.reason}`);
    await s.publisher.refused(plan, stage, runId, outcome);
    return;
  }
  const report = s.scrub.deep(outcome.report);
  const dir = join(s.ctx.runnerTemp || tmpdir(), 'okstra-reports');
  await mkdir(dir, { recursive: true });
  const localJson = join(dir, `${plan.id}-${runId}.json`);
  await writeFile(localJson, `${JSON.stringify(report, null, 2)}\n`);
  r.runs.push({ outcome, localJson });

  s.io.info(
    `stage ${stage} ${report.verdict.value} (${report.verdict.runStatus}); report ${outcome.reportPath} on ${s.config.ledgerBranch} at ${outcome.ledgerCommit.slice(0, 12)}`,
  );
  await s.publisher.completed(outcome, outcome.ledgerCommit);
  const full = s.scrub.scrubAll(outcome.markdown);
  const markdown = r.summaryChars + full.length <= SUMMARY_BUDGET ? full : renderSummary(report).markdown;
  r.summaryChars += markdown.length;
  await s.io.summary(`${markdown}\n${await planSpendLine(s, plan.id)}`);
  if (report.verdict.value !== 'PASS')
    r.failures.push(
      `plan ${plan.id} stage ${stage}: ${report.verdict.value} (${report.verdict.runStatus}) — ${report.verdict.reasons[0] ?? 'see the report'}`,
    );
}

/** The ledger's files as the session reads them (scrubbed store), for the plan's reports. */
function ledgerFiles(s: Session): ReadLedgerFiles {
  return (commit, paths) => Promise.all(paths.map((p) => s.deps.ledger.readFile(commit, p)));
}

/** The plan's spend over every run the ledger records, this one included, for the job summary. */
async function planSpendLine(s: Session, planId: string): Promise<string> {
  const snapshot = await s.deps.ledger.read(planId);
  const read = await readPlanReports(ledgerFiles(s), snapshot.commit, snapshot.rows);
  const runs = read.reports.length + read.finals.length;
  return runs > 0
    ? `\n**Plan \`${planId}\` spent so far** (${runs} run${runs === 1 ? '' : 's'}): ${formatSpend(spendOf(read))}\n`
    : '';
}

export async function stageMode(s: Session, r: RunResults): Promise<void> {
  const loaded = await loadPlan(s, s.inputs.plan as string, r);
  if (!loaded) return;
  const stage = s.inputs.stage as number;
  await fetchPlanRefs(s, loaded.plan);
  if (s.inputs.dryRun) return dryRun(s, loaded, [stage], r);
  await runOneStage(s, loaded, stage, s.inputs.rebase ? { rebase: true } : {}, r);
  await dispatchNextStages(s, loaded, r);
  await autoFinalAfterRun(s, loaded, r);
}

/**
 * One stage run with its check, claim record and report: mode stage (a fix
 * run with `rebase: true` when the input asks), and mode reconcile's
 * re-verifying run (`reconcile: true`). The plan is loaded
 * and its refs fetched.
 */
export async function runOneStage(
  s: Session,
  loaded: LoadedPlan,
  stage: number,
  extra: Pick<RunStageRequest, 'reconcile' | 'rebase'>,
  r: RunResults,
): Promise<void> {
  const runId = runIdFor(s, stage);
  await startStage(s, loaded.plan, stage, runId);
  let outcome: StageOutcome;
  try {
    outcome = await runStage({ ...requestBase(s, loaded), stage, runId, ...extra }, s.deps);
  } catch (error) {
    await s.publisher.crashed(loaded.plan.id, stage, runId, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await endStage(s, loaded.plan, stage, runId, outcome, r);
  if (outcome.kind === 'refused') r.failures.push(`stage ${stage} not run: ${onGitHub(outcome).reason}`);
  else r.remainingQueue = [];
}

export async function chainMode(s: Session, r: RunResults): Promise<void> {
  const loaded = await loadPlan(s, s.inputs.plan as string, r);
  if (!loaded) return;
  await fetchPlanRefs(s, loaded.plan);
  if (s.inputs.dryRun) return dryRun(s, loaded, s.inputs.stages ?? undefined, r);
  await chainPlan(s, loaded, s.inputs.stages ?? undefined, r);
  await autoFinalAfterRun(s, loaded, r);
}

async function chainPlan(s: Session, loaded: LoadedPlan, stages: number[] | undefined, r: RunResults): Promise<void> {
  const { plan } = loaded;
  // The stage in flight, so a crash mid-chain can still close its check run.
  const current: { at: { stage: number; runId: string } | null } = { at: null };
  try {
    const outcome = await runChain(
      {
        ...requestBase(s, loaded),
        ...(stages ? { stages } : {}),
        newRunId: (n) => runIdFor(s, n),
        onStageStart: async (n, runId) => {
          current.at = { stage: n, runId };
          await startStage(s, plan, n, runId);
        },
        onStageEnd: async (n, runId, o) => {
          current.at = null;
          await endStage(s, plan, n, runId, o, r);
        },
      },
      s.deps,
    );
    r.remainingQueue = outcome.remainingQueue;
    const rest = outcome.remainingQueue.length > 0 ? `; remaining: ${outcome.remainingQueue.join(', ')}` : '';
    switch (outcome.status) {
      case 'complete':
        s.io.info(
          `plan ${plan.id}: chain complete (${outcome.runs.length} stage run${outcome.runs.length === 1 ? '' : 's'})`,
        );
        break;
      case 'not-ready':
        s.io.info(`plan ${plan.id}: chain paused, not ready yet: ${outcome.reason}${rest}`);
        break;
      case 'failed':
        s.io.info(`plan ${plan.id}: chain stopped at failed stage ${outcome.stage}${rest}`);
        break;
      case 'refused':
        r.failures.push(`plan ${plan.id}: stage ${outcome.stage} not run: ${outcome.reason}`);
        break;
    }
  } catch (error) {
    const at = current.at;
    if (at)
      await s.publisher.crashed(plan.id, at.stage, at.runId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * The scheduled sweep: every plan in the plans folder (or the one named)
 * with stages ready to go. Stale claims whose workflow run has finished are
 * released first; each plan then chains on from where it stands and stops
 * at its first FAIL. A stage that failed for a reason a person must look at
 * (a FAIL verdict, a broken contract, an error, a timeout) is not retried
 * here, nor is anything behind it: a fix run is a decision (`/okstra retry`,
 * a re-requested check). Only a claim that was abandoned is picked up again.
 */
export async function continueMode(s: Session, r: RunResults): Promise<void> {
  const files = s.inputs.plan ? [s.inputs.plan] : await planFilesAt(s.refs, s.planCommit, s.config.plansDir);
  if (files.length === 0) {
    s.io.info(`no plans in ${s.config.plansDir} at ${s.planCommit.slice(0, 12)}; nothing to continue`);
    return;
  }
  for (const file of files) {
    const loaded = await loadPlan(s, file, r);
    if (!loaded) continue;
    const { plan } = loaded;
    await fetchPlanRefs(s, plan);
    await releaseStaleClaims(s, plan);
    const state = deriveLedgerState((await s.deps.ledger.read(plan.id)).rows);
    // A plan waiting for its approval is not a failure of the sweep: it is skipped until a person approves it.
    const approval = approvalStatus(state, loaded.blob, s.config);
    if (approval.kind === 'not-approved') {
      s.io.info(`plan ${plan.id}: ${notApprovedMessage(plan.id, approval, githubApproveHint)}; not continued`);
      continue;
    }
    const stages = resumableStages(plan, state);
    const now = s.io.now();
    if (!stages.some((n) => stageReadiness(plan, state, n, now).kind === 'ready')) {
      s.io.info(`plan ${plan.id}: nothing ready to continue`);
      continue;
    }
    if (s.inputs.dryRun) {
      await dryRun(s, loaded, stages, r);
      continue;
    }
    if (s.inputs.dispatchNext) await dispatchReadyStages(s, loaded, state);
    else await chainPlan(s, loaded, stages, r);
  }
}

/** Stages not done whose own dependency closure holds no stage that failed for a reason a person must look at. */
export function resumableStages(plan: Plan, state: LedgerState): number[] {
  const stuck = (n: number): boolean => {
    const last = state.stages.get(n)?.last;
    return last?.status === 'failed' && last.reason !== 'abandoned';
  };
  return topologicalOrder(plan).filter(
    (n) => stageStatus(state, n) !== 'done' && ![n, ...dependencyClosure(plan, n)].some(stuck),
  );
}

async function releaseStaleClaims(s: Session, plan: Plan): Promise<void> {
  const state = deriveLedgerState((await s.deps.ledger.read(plan.id)).rows);
  const now = s.io.now();
  for (const n of topologicalOrder(plan)) {
    const claim = activeClaim(state, n);
    if (!claim || !isStale(claim, now)) continue;
    const what = `plan ${plan.id} stage ${n}: claim of run ${claim.run_id} expired at ${claim.lease_until}`;
    const workflowRun = workflowRunOf(claim.run_id);
    if (workflowRun === null || !s.client) {
      s.io.info(
        `${what}; ${workflowRun === null ? 'it is not a workflow run, so' : 'without a github-token'} okstra cannot tell whether it still runs: left alone (\`okstra ledger release\` frees it)`,
      );
      continue;
    }
    let runState: Awaited<ReturnType<typeof workflowRunState>>;
    try {
      runState = await workflowRunState(s.client, s.ctx.repo, workflowRun);
    } catch (error) {
      s.io.warning(`${what}; cannot read workflow run ${workflowRun} (${describeApiError(error)}): left alone`);
      continue;
    }
    if (runState !== 'finished') {
      s.io.info(
        `${what}; workflow run ${workflowRun} is ${runState === 'running' ? 'still running' : 'not visible to this token'}: left alone`,
      );
      continue;
    }
    const row = StageRowSchema.parse({
      v: 1,
      plan_id: plan.id,
      stage: n,
      status: 'failed',
      run_id: claim.run_id,
      at: now.toISOString(),
      reason: 'abandoned',
      detail: `lease expired at ${claim.lease_until} and workflow run ${workflowRun} finished without ending the claim; released by the okstra sweep`,
      ...(claim.branch ? { branch: claim.branch } : {}),
      ...(claim.base_commit ? { base_commit: claim.base_commit } : {}),
    });
    const appended = await s.deps.ledger.append({ row });
    s.io.info(
      `${what}; workflow run ${workflowRun} finished: ${appended.outcome === 'appended' ? 'released (failed, abandoned)' : `unchanged (${appended.reason ?? 'already ended'})`}`,
    );
  }
}

export async function statusMode(s: Session, r: RunResults): Promise<void> {
  const files = s.inputs.plan ? [s.inputs.plan] : await planFilesAt(s.refs, s.planCommit, s.config.plansDir);
  if (files.length === 0) {
    s.io.info(`no plans in ${s.config.plansDir}`);
    await s.io.summary(`okstra: no plans in \`${s.config.plansDir}\`.\n`);
    return;
  }
  for (const file of files) {
    const loaded = await loadPlan(s, file, r);
    if (!loaded) continue;
    const snapshot = await s.deps.ledger.read(loaded.plan.id);
    const state = deriveLedgerState(snapshot.rows);
    const read = await readPlanReports(ledgerFiles(s), snapshot.commit, snapshot.rows);
    const views = stageViews(loaded.plan, state, s.io.now(), spendByStage(read.reports));
    for (const v of views)
      s.io.info(`${loaded.plan.id} stage ${v.number} ${v.state}${v.detail ? ` — ${v.detail}` : ''}`);
    // Rows the ledger does not believe are said, never silently dropped: someone has to repair them.
    const ignored = (snapshot.distrusted ?? []).map((d) => describeDistrusted(d, loaded.plan.id));
    for (const line of ignored) s.io.warning(`okstra: ${loaded.plan.id}: ${line}`);
    await s.io.summary(
      `${renderPlanStatus({ planId: loaded.plan.id, planTitle: loaded.plan.title, stages: views, spend: spendOf(read) })}${ignored.length > 0 ? `\n\n**Ledger rows ignored** (${ignored.length}):\n\n${ignored.map((l) => `- ${escapeInline(l)}`).join('\n')}\n` : ''}`,
    );
  }
}

/** What a run would do, without claiming, dispatching or writing anything. */
async function dryRun(s: Session, loaded: LoadedPlan, stages: number[] | undefined, r: RunResults): Promise<void> {
  const { plan } = loaded;
  const state = deriveLedgerState((await s.deps.ledger.read(plan.id)).rows);
  const now = s.io.now();
  const queue = s.inputs.mode === 'stage' ? (stages ?? []) : chainQueue(plan, state, stages);
  const roster = s.roster();
  const lines = queue.map((n) => {
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
    return `stage ${n} as run ${runIdFor(s, n)}: ${why}`;
  });
  s.io.info(
    `dry run for plan ${plan.id}: executor ${roster.executor.name}${roster.executor.model ? ` (${roster.executor.model})` : ''}; verifiers ${roster.verifiers.map((v) => v.name).join(', ')}`,
  );
  for (const line of lines) s.io.info(`  would run ${line}`);
  r.remainingQueue = queue;
  await s.io.summary(
    `### okstra dry run — plan \`${plan.id}\`\n\nNothing was claimed, run or written.\n\n${lines.map((l) => `- would run ${l}`).join('\n') || '- nothing to run'}\n\n${renderPlanStatus({ planId: plan.id, planTitle: plan.title, stages: stageViews(plan, state, now) })}`,
  );
}
