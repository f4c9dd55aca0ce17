import type { OkstraConfig } from '../core/config/index.js';
import { parseRunTitle } from '../core/commands/index.js';
import { httpStatus } from '../github/errors.js';
import { cancelWorkflowRun, unfinishedWorkflowRuns, type WorkflowRunFacts } from '../github/dispatch.js';
import type { TriggerDeps } from './deps.js';

/**
 * Cancels the okstra workflow runs started for a pull request (and, with a
 * plan path, only that plan's): found by the run title, which names the
 * pull request (see REQUIRED_RUN_NAME). The claims they hold are released by
 * the Action's post step, which GitHub runs when a job is cancelled; their
 * checks are completed as cancelled when `workflow_run.completed` arrives.
 */
export async function cancelRuns(
  deps: TriggerDeps,
  config: OkstraConfig,
  prNumber: number,
  planPath: string | null,
): Promise<WorkflowRunFacts[]> {
  const runs = await unfinishedWorkflowRuns(deps.client, deps.repo, config.bot.workflow);
  const ours = runs.filter(
    (r) => parseRunTitle(r.title)?.prNumber === prNumber && (planPath === null || r.title.includes(planPath)),
  );
  const cancelled: WorkflowRunFacts[] = [];
  for (const run of ours) {
    try {
      await cancelWorkflowRun(deps.client, deps.repo, run.id);
      cancelled.push(run);
    } catch (error) {
      // 409: the run finished between the listing and the cancel.
      if (httpStatus(error) !== 409) throw error;
    }
  }
  deps.log.info(`cancelled ${cancelled.length} okstra run(s) of PR #${prNumber}${planPath ? ` for ${planPath}` : ''}`);
  return cancelled;
}
