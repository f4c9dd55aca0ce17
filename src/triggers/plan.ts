import type { OkstraConfig } from '../core/config/index.js';
import { planDispatchInputs, workflowProblems, type PlanDispatchRequest } from '../core/commands/index.js';
import { planIdOfPlanBranch } from '../core/ids.js';
import { inlineCode } from '../core/text/escape.js';
import { readRepoFile } from '../github/contents.js';
import { dispatchWorkflow } from '../github/dispatch.js';
import { describeApiError } from '../github/errors.js';
import { isFromFork, type PullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';
import { workflowPath } from './launch.js';

export type Dispatched = { ok: true; runsUrl: string } | { ok: false; reason: string };

/**
 * Dispatches a planning mode (`plan`, `approve`) of the okstra workflow on the
 * default branch, after checking that its copy of the workflow takes the
 * inputs: a workflow written before planning still runs stages, and a
 * planning command on it is refused, naming what to add. No check is created
 * here: the Action creates the plan's check on the commit it pushes.
 */
export async function dispatchPlanning(
  deps: TriggerDeps,
  config: OkstraConfig,
  inputs: Record<string, string>,
): Promise<Dispatched> {
  const path = workflowPath(config);
  const workflow = await readRepoFile(deps.client, deps.repo, path, deps.defaultBranch);
  if (workflow === null)
    return {
      ok: false,
      reason: `the workflow ${inlineCode(path)} is not on ${inlineCode(deps.defaultBranch)}; docs/bot.md shows one (\`bot.workflow\` in the config names another).`,
    };
  const problems = workflowProblems(workflow, inputs.mode);
  if (problems.length > 0)
    return { ok: false, reason: `the workflow ${inlineCode(path)} cannot be used: ${problems.join('; ')}.` };
  try {
    await dispatchWorkflow(deps.client, deps.repo, config.bot.workflow, deps.defaultBranch, inputs);
  } catch (error) {
    return {
      ok: false,
      reason: `GitHub refused to start ${inlineCode(path)} (${inlineCode(describeApiError(error))}).`,
    };
  }
  return { ok: true, runsUrl: `${deps.webUrl}/actions/workflows/${config.bot.workflow}` };
}

/** `/okstra plan [text]` on an issue, `/okstra replan [text]` on a plan pull request. */
export async function startPlanning(
  deps: TriggerDeps,
  config: OkstraConfig,
  req: PlanDispatchRequest,
): Promise<Dispatched> {
  const out = await dispatchPlanning(deps, config, planDispatchInputs(req));
  if (out.ok)
    deps.log.info(
      `dispatched ${config.bot.workflow} on ${deps.defaultBranch} mode plan for ${req.source.kind === 'issue' ? `issue #${req.source.issue}` : `plan ${req.source.planId} on PR #${req.source.prNumber}`}`,
    );
  return out;
}

/**
 * The plan a re-plan drafts again: the pull request must be an open plan
 * pull request, whose head is `okstra/<plan-id>/plan` on this repository
 * (the branch the Action's planning pushed; a fork's branch of that name is
 * not one).
 */
export function replanTarget(
  pr: Pick<PullRequestFacts, 'state' | 'headRef' | 'headRepo' | 'baseRepo'>,
): { ok: true; planId: string } | { ok: false; reason: string } {
  const planId = planIdOfPlanBranch(pr.headRef);
  if (planId === null || isFromFork(pr))
    return {
      ok: false,
      reason: `this is not a plan pull request (its branch is ${inlineCode(pr.headRef)}${isFromFork(pr) ? ' in a fork' : ''}; a plan pull request comes from \`okstra/<plan-id>/plan\` on this repository). To draft a new plan, comment \`/okstra plan [text]\` on an issue.`,
    };
  if (pr.state !== 'open') return { ok: false, reason: 'this plan pull request is closed; reopen it to re-plan.' };
  return { ok: true, planId };
}
