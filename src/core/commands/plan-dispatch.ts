import { planIdProblem } from '../ids.js';
import { isGitHubLogin, isSafeRepoPath, toContract, type LaunchTrigger } from './dispatch.js';
import { goalText } from './goal.js';

/**
 * The bot's side of the planning modes of the dispatch contract
 * (docs/action.md): `mode: plan` drafts a plan from an issue or re-drafts a
 * plan pull request, `mode: approve` records an approval the Action checks
 * again itself. As with a stage launch, every value is re-checked here,
 * whatever path led to the call.
 */

export interface PlanDispatchRequest {
  /** A new plan from an issue, or a re-plan of the plan pull request. */
  source: { kind: 'issue'; issue: number } | { kind: 'replan'; prNumber: number; planId: string };
  /** The words after the command: added to the goal (null: none). */
  goal: string | null;
  trigger: LaunchTrigger;
  actor: string;
}

export interface ApproveDispatchRequest {
  /** The plan pull request. */
  prNumber: number;
  /** What approved: a pull request review, or an issue comment holding `/okstra approve`. */
  via: { kind: 'review'; reviewId: number } | { kind: 'comment'; commentId: number };
  approver: string;
  /** The plan file (the one the pull request adds or changes). */
  planPath: string;
}

const fail = (what: string): never => {
  throw new Error(`refusing to dispatch: ${what}`);
};

const positive = (n: number, what: string): string => {
  if (!Number.isSafeInteger(n) || n < 1) fail(`bad ${what} ${n}`);
  return String(n);
};

export function planDispatchInputs(r: PlanDispatchRequest): Record<string, string> {
  if (!isGitHubLogin(r.actor)) fail(`unexpected actor ${JSON.stringify(r.actor)}`);
  if (r.goal !== null) {
    const goal = goalText(r.goal);
    if (!goal.ok || goal.value !== r.goal) fail(`goal text that okstra would not accept from a comment`);
  }
  const source: Record<string, string> =
    r.source.kind === 'issue'
      ? { issue: positive(r.source.issue, 'issue number') }
      : {
          'pr-number': positive(r.source.prNumber, 'pull request number'),
          'plan-id': planIdProblem(r.source.planId) === null ? r.source.planId : fail(`bad plan id`),
        };
  return toContract({
    mode: 'plan',
    ...source,
    ...(r.goal !== null ? { goal: r.goal } : {}),
    trigger: r.trigger,
    actor: r.actor,
  });
}

export function approveDispatchInputs(r: ApproveDispatchRequest): Record<string, string> {
  if (!isGitHubLogin(r.approver) || r.approver.endsWith('[bot]'))
    fail(`unexpected approver ${JSON.stringify(r.approver)}`);
  if (!isSafeRepoPath(r.planPath)) fail(`unsafe plan path ${JSON.stringify(r.planPath)}`);
  return toContract({
    mode: 'approve',
    'pr-number': positive(r.prNumber, 'pull request number'),
    ...(r.via.kind === 'review'
      ? { 'review-id': positive(r.via.reviewId, 'review id') }
      : { 'comment-id': positive(r.via.commentId, 'comment id'), trigger: 'comment' }),
    approver: r.approver,
    plan: r.planPath,
    actor: r.approver,
  });
}

export interface FinalDispatchRequest {
  /** The plan file. */
  planPath: string;
  /** The commit to read the plan from when the pull request adds or changes it (its head); null: the default branch. */
  planRef: string | null;
  /** The pull request the command was given on: told the outcome. */
  prNumber: number;
  trigger: LaunchTrigger;
  actor: string;
}

const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** `/okstra final`: `mode: final` of the plan, reporting to the pull request it was asked on. */
export function finalDispatchInputs(r: FinalDispatchRequest): Record<string, string> {
  if (!isGitHubLogin(r.actor)) fail(`unexpected actor ${JSON.stringify(r.actor)}`);
  if (!isSafeRepoPath(r.planPath)) fail(`unsafe plan path ${JSON.stringify(r.planPath)}`);
  if (r.planRef !== null && !COMMIT_SHA.test(r.planRef)) fail(`bad plan commit ${JSON.stringify(r.planRef)}`);
  return toContract({
    mode: 'final',
    plan: r.planPath,
    ...(r.planRef !== null ? { 'plan-ref': r.planRef } : {}),
    'pr-number': positive(r.prNumber, 'pull request number'),
    trigger: r.trigger,
    actor: r.actor,
  });
}
