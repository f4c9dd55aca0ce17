import { currentDoneRow } from '../core/ledger/index.js';
import { resetStageBranch } from '../engine/reconcile.js';
import { findStaleHeads } from '../engine/stale-heads.js';
import type { StageRefusal } from '../engine/types.js';
import { runOneStage } from './modes.js';
import { fetchPlanRefs, loadPlan, requestBase, runIdFor, type LoadedPlan, type RunResults } from './plan-run.js';
import type { Session } from './session.js';

/**
 * Mode `reconcile`: clears the stale-SHA gate of a done stage whose branch
 * moved after its `done` row (a force-push, a hand commit), the GitHub way
 * to do what `okstra reconcile` does locally. Without `reset` it is a stage
 * run with `reconcile: true` (same claim, check and report as mode stage;
 * a PASS appends the corrected `done` row). With `reset` no agent runs: the
 * branch goes back to the recorded head, on origin first, and the ledger is
 * left as it is, since its `done` row is true again.
 */
export async function reconcileMode(s: Session, r: RunResults): Promise<void> {
  const loaded = await loadPlan(s, s.inputs.plan as string, r);
  if (!loaded) return;
  const stage = s.inputs.stage as number;
  await fetchPlanRefs(s, loaded.plan);
  if (s.inputs.dryRun) return reconcileDryRun(s, loaded, stage, r);
  if (!s.inputs.reset) return runOneStage(s, loaded, stage, { reconcile: true }, r);
  await resetBranch(s, loaded, stage, r);
}

async function resetBranch(s: Session, loaded: LoadedPlan, stage: number, r: RunResults): Promise<void> {
  const { plan } = loaded;
  const runId = runIdFor(s, stage);
  const unfetched = await fetchRecordedHead(s, plan.id, stage);
  const result = await resetStageBranch({ ...requestBase(s, loaded), stage }, s.deps);
  if (result.kind === 'refused') {
    const refusal = explainOnGitHub(result, unfetched, s.remote, stage);
    s.io.info(`stage ${stage} of ${plan.id} not reset: ${refusal.reason}`);
    await s.publisher.refused(plan, stage, runId, refusal);
    r.failures.push(`stage ${stage} not reset: ${refusal.reason}`);
    return;
  }
  const what = `${result.branch} moved from ${result.from ?? '(no branch)'} back to ${result.to}, the head stage ${stage}'s done row records${result.pushed ? ` (on ${s.remote} too)` : ''}; the ledger is unchanged, its done row is true again`;
  s.io.info(`plan ${plan.id}: reset: ${what}`);
  await s.publisher.concluded(
    plan.id,
    stage,
    runId,
    {
      title: `Reset to the recorded head ${result.to.slice(0, 12)}`,
      summary: `okstra reconcile with reset, run \`${runId}\`: \`${what}\`. Stages that depend on stage ${stage} build on it again.`,
    },
    result.to,
  );
  await s.io.summary(
    `### okstra reconcile — plan \`${plan.id}\`, stage ${stage}: reset\n\n\`${result.branch}\` moved from \`${result.from ?? '(no branch)'}\` back to \`${result.to}\`, the head its \`done\` row records${result.pushed ? `, on \`${s.remote}\` too` : ''}. No ledger row was written: the \`done\` row is true again.\n`,
  );
  r.remainingQueue = [];
}

/**
 * A runner's fresh clone has the stage branch only as it is now: the head
 * the `done` row records, which the force-push dropped from the branch, is
 * fetched by its SHA. Returns why origin would not serve it, or null.
 */
async function fetchRecordedHead(s: Session, planId: string, stage: number): Promise<string | null> {
  const done = currentDoneRow((await s.deps.ledger.readState(planId)).state, stage);
  if (!done || (await s.deps.workspace.resolve(done.head_commit)) === done.head_commit) return null;
  // With its history: the reset pushes it, and a shallow boundary under it would make the push fail.
  const fetched = await s.refs.fetchCommit(done.head_commit, null, {
    into: 'refs/okstra/reconcile-head',
    wholeHistory: true,
  });
  if (!fetched.ok) return fetched.detail;
  s.io.info(
    `fetched stage ${stage}'s recorded head ${done.head_commit.slice(0, 12)} from ${s.remote}: the checkout lacked it`,
  );
  return null;
}

/** The engine's refusals name the CLI; on a runner the way out is the workflow or a comment. */
function explainOnGitHub(refusal: StageRefusal, unfetched: string | null, remote: string, stage: number): StageRefusal {
  if (refusal.code !== 'branch-conflict' || unfetched === null) return refusal;
  return {
    ...refusal,
    reason: `${refusal.reason}. ${remote} would not serve it by its SHA either (${unfetched}); without it only re-verifying the branch as it is clears the gate: \`/okstra reconcile ${stage}\` without \`--reset\`, or this workflow with \`reset: false\``,
  };
}

/** What a reconcile would do, without claiming, running, pushing or writing anything. */
async function reconcileDryRun(s: Session, loaded: LoadedPlan, stage: number, r: RunResults): Promise<void> {
  const { plan } = loaded;
  const state = (await s.deps.ledger.readState(plan.id)).state;
  const done = currentDoneRow(state, stage);
  const [moved] = done ? await findStaleHeads(plan.id, state, [stage], s.deps.workspace) : [];
  let what: string;
  if (!done) what = `stage ${stage} is not done; nothing to reconcile`;
  else if (!moved) what = `stage ${stage}'s branch is at its recorded head ${done.head_commit}; nothing to reconcile`;
  else if (s.inputs.reset)
    what = `would put ${moved.branch} back from ${moved.tip ?? '(no branch)'} to the recorded head ${moved.recorded} (${moved.moved})`;
  else
    what = `would re-verify ${moved.branch} at ${moved.tip ?? '(no branch)'} (recorded ${moved.recorded}; ${moved.moved}) as run ${runIdFor(s, stage)}`;
  s.io.info(`dry run for plan ${plan.id}: ${what}`);
  r.remainingQueue = [];
  await s.io.summary(
    `### okstra dry run — plan \`${plan.id}\`, reconcile stage ${stage}\n\nNothing was claimed, run, pushed or written.\n\n- ${what}\n`,
  );
}
