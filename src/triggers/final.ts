import type { OkstraConfig } from '../core/config/index.js';
import { finalDispatchInputs } from '../core/commands/index.js';
import { inlineCode } from '../core/text/escape.js';
import type { PullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';
import { pullRequestGate } from './gate.js';
import { dispatchRef } from './launch.js';
import { dispatchPlanning } from './plan.js';
import { resolvePlan } from './plans.js';

/**
 * `/okstra final [--plan ID]` on a pull request: dispatches `mode: final` of
 * the plan, which verifies the whole change and, when accepted, opens or
 * updates the hand-off pull request, answering on this pull request. Whether
 * every stage is done and the plan approved is the Action's to check (it
 * refuses, saying which stage is not); the bot checks what it can know: an
 * open pull request of this repository, a plan it can read, a workflow that
 * takes the mode.
 */
export async function startFinal(
  deps: TriggerDeps,
  config: OkstraConfig,
  req: {
    pr: PullRequestFacts;
    files: ReadonlyArray<{ path: string; status: string }>;
    wanted: string | null;
    actor: string;
  },
): Promise<{ ok: true; runsUrl: string; planId: string } | { ok: false; reason: string }> {
  const open = pullRequestGate(config, req.pr);
  if (!open.ok) return open;
  const plan = await resolvePlan(deps, config, req.pr, req.files, req.wanted);
  if (!plan.ok) return plan;
  const where = dispatchRef(deps.defaultBranch, {
    pr: req.pr,
    planFromPullRequest: plan.fromPullRequest,
    planPath: plan.path,
  });
  if (!where.ok) return where;
  const out = await dispatchPlanning(
    deps,
    config,
    finalDispatchInputs({
      planPath: plan.path,
      planRef: where.planRef,
      prNumber: req.pr.number,
      trigger: 'comment',
      actor: req.actor,
    }),
  );
  if (!out.ok) return out;
  deps.log.info(
    `dispatched ${config.bot.workflow} on ${deps.defaultBranch} mode final for plan ${plan.plan.id} on PR #${req.pr.number}`,
  );
  return { ...out, planId: plan.plan.id };
}

export function finalAnswer(planId: string, runsUrl: string): string {
  return `the [okstra workflow](${runsUrl}) is verifying plan ${inlineCode(planId)} as a whole; when it is accepted it opens (or updates) the hand-off pull request and links it here.`;
}
