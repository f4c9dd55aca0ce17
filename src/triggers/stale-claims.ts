import { topologicalOrder } from '../core/graph/index.js';
import { workflowRunOf } from '../core/ids.js';
import { activeClaim, isStale, StageRowSchema } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import type { LedgerStore } from '../git/ledger-store.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
import { describeApiError } from '../github/errors.js';
import { workflowRunState } from '../github/runs.js';

export interface StaleClaimDeps {
  ledger: LedgerStore;
  /** Null without a token: a stale claim is then left alone, since nobody can tell whether its run still runs. */
  client: GitHubClient | null;
  repo: RepoRef;
  now(): Date;
  log: { info(line: string): void; warning(message: string): void };
}

/**
 * The sweep's first step for a plan: every claim whose lease expired is
 * released (`failed`, `abandoned`) when the workflow run that made it has
 * finished without ending it. A claim made off GitHub, or whose run is
 * still running or not visible to this token, is left alone and said so.
 */
export async function releaseStaleClaims(d: StaleClaimDeps, plan: Plan): Promise<void> {
  const state = (await d.ledger.readState(plan.id)).state;
  const now = d.now();
  for (const n of topologicalOrder(plan)) {
    const claim = activeClaim(state, n);
    if (!claim || !isStale(claim, now)) continue;
    const what = `plan ${plan.id} stage ${n}: claim of run ${claim.run_id} expired at ${claim.lease_until}`;
    const workflowRun = workflowRunOf(claim.run_id);
    if (workflowRun === null || !d.client) {
      d.log.info(
        `${what}; ${workflowRun === null ? 'it is not a workflow run, so' : 'without a github-token'} okstra cannot tell whether it still runs: left alone (\`okstra ledger release\` frees it)`,
      );
      continue;
    }
    let runState: Awaited<ReturnType<typeof workflowRunState>>;
    try {
      runState = await workflowRunState(d.client, d.repo, workflowRun);
    } catch (error) {
      d.log.warning(`${what}; cannot read workflow run ${workflowRun} (${describeApiError(error)}): left alone`);
      continue;
    }
    if (runState !== 'finished') {
      d.log.info(
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
    const appended = await d.ledger.append({ row });
    d.log.info(
      `${what}; workflow run ${workflowRun} finished: ${appended.outcome === 'appended' ? 'released (failed, abandoned)' : `unchanged (${appended.reason ?? 'already ended'})`}`,
    );
  }
}
