import type { OkstraConfig } from '../core/config/index.js';
import { statusCommentMarker, isStatusComment } from '../core/commands/index.js';
import { assessLedger, deriveLedgerState, describeDistrusted } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/index.js';
import { renderPlanStatus } from '../core/report/index.js';
import { upsertStickyComment } from '../github/comments.js';
import { readLedgerRows } from '../github/ledger-api.js';
// A pure function of plan and ledger (no Action I/O): the Action's status mode and the bot draw the same table.
import { stageViews } from '../core/report/stage-views.js';
import type { TriggerDeps } from './deps.js';

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
  const rows = await readLedgerRows(deps.client, deps.repo, config.ledgerBranch, plan.id);
  // The bot keeps no clone, so it judges lifecycle and clock only; a done row's commit is checked by the CLI and the Action.
  const { trusted, distrusted } = assessLedger(rows, { now: deps.now() });
  const view = renderPlanStatus({
    planId: plan.id,
    planTitle: plan.title,
    stages: stageViews(plan, deriveLedgerState(trusted), deps.now()),
  });
  const ignored = distrusted.map((d) => `- ⚠️ ledger ${describeDistrusted(d, plan.id)}\n`).join('');
  const body = `${statusCommentMarker(plan.id)}\n${view}\n${ignored ? `${ignored}\n` : ''}<sub>okstra · from \`${config.ledgerBranch}\` at ${deps.now().toISOString()}</sub>\n`;
  return upsertStickyComment(deps.client, deps.repo, prNumber, body, (b) => isStatusComment(b, plan.id));
}
