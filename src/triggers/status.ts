import type { OkstraConfig } from '../core/config/index.js';
import { statusCommentMarker, isStatusComment } from '../core/commands/index.js';
import { describeDistrusted } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/index.js';
import { renderPlanStatus } from '../core/report/plan-status.js';
import { upsertStickyComment } from '../github/comments.js';
// A pure function of plan and ledger (no Action I/O): the Action's status mode and the bot draw the same table.
import { stageViews } from '../core/report/stage-views.js';
import type { TriggerDeps } from './deps.js';
import { readBelievedLedger } from './ledger-state.js';

/**
 * `/okstra status`: the plan's stages from the ledger branch as a table and
 * a Mermaid graph, in one comment per plan on the pull request that is
 * edited in place on the next `status`.
 */
export async function postStatus(
  deps: TriggerDeps,
  config: OkstraConfig,
  prNumber: number,
  plan: Plan,
): Promise<{ id: number; action: 'created' | 'updated' }> {
  // The snapshot when it may be taken (one request), else every row judged (ledger-state.ts); a row that is not one throws.
  const { state, distrusted } = await readBelievedLedger(deps, config, plan.id);
  const view = renderPlanStatus({
    planId: plan.id,
    planTitle: plan.title,
    stages: stageViews(plan, state, deps.now()),
  });
  const ignored = distrusted.map((d) => `- ⚠️ ledger ${describeDistrusted(d, plan.id)}\n`).join('');
  const body = `${statusCommentMarker(plan.id)}\n${view}\n${ignored ? `${ignored}\n` : ''}<sub>okstra · from \`${config.ledgerBranch}\` at ${deps.now().toISOString()}</sub>\n`;
  return upsertStickyComment(deps.client, deps.repo, prNumber, body, (b) => isStatusComment(b, plan.id));
}
