import { resumableStages, stageReadiness } from '../core/graph/index.js';
import { approvalStatus, notApprovedMessage } from '../core/ledger/index.js';
import { planStatusSummary } from '../triggers/plan-summary.js';
import { releaseStaleClaims } from '../triggers/stale-claims.js';
import { dispatchReadyStages } from './dispatch-next.js';
import { dryRun } from './dry-run.js';
import { chainPlan } from './modes.js';
import { fetchPlanRefs, githubApproveHint, loadPlan, type RunResults } from './plan-run.js';
import { planFilesAt } from './plans.js';
import type { Session } from './session.js';

/** The modes over every plan in the plans folder (or the one named): the scheduled sweep, and status. */

/**
 * The scheduled sweep: every plan in the plans folder (or the one named)
 * with stages ready to go. Stale claims whose workflow run has finished are
 * released first (src/triggers/stale-claims.ts); each plan then chains on
 * from where it stands and stops at its first FAIL. A stage that failed for
 * a reason a person must look at is not retried here, nor is anything
 * behind it (`resumableStages`): a fix run is a decision (`/okstra retry`,
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
    await releaseStaleClaims(
      { ledger: s.deps.ledger, client: s.client, repo: s.ctx.repo, now: s.io.now, log: s.io },
      plan,
    );
    const state = (await s.deps.ledger.readState(plan.id)).state;
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
    const status = await planStatusSummary(s.deps.ledger, loaded.plan, s.io.now());
    for (const line of status.lines) s.io.info(line);
    for (const line of status.ignored) s.io.warning(`okstra: ${loaded.plan.id}: ${line}`);
    await s.io.summary(status.markdown);
  }
}
