import type { OkstraConfig } from '../core/config/index.js';
import { approveDispatchInputs, isBotAccount, type ApproveDispatchRequest } from '../core/commands/index.js';
import { planIdOfPlanBranch } from '../core/ids.js';
import { approvalBlocker, approvalStatus, type ApprovedRow } from '../core/ledger/index.js';
import { escapeInline, inlineCode } from '../core/text/escape.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import { changedFiles, isFromFork, type PullRequestFacts } from '../github/pulls.js';
import { loadConfig } from './config.js';
import type { TriggerDeps, Sender } from './deps.js';
import { approvalGate, senderRole } from './gate.js';
import { readPlanLedger } from './ledger-state.js';
import { dispatchPlanning } from './plan.js';
import { plansTouched, resolvePlan } from './plans.js';

export interface ApprovalRequest {
  pr: Pick<PullRequestFacts, 'number' | 'state' | 'headRepo' | 'baseRepo'>;
  files: ReadonlyArray<{ path: string; status: string }>;
  /** The commit the approval is of: a review's `commit_id`, or the pull request's head for a comment. */
  at: string;
  via: ApproveDispatchRequest['via'];
  approver: string;
  role: { permission: string; role_name: string | null };
  /** `--plan ID`, when the pull request changes several plans. */
  wanted: string | null;
}

export type ApprovalOutcome =
  | { kind: 'dispatched'; planId: string; blob: string }
  | { kind: 'already'; planId: string; row: ApprovedRow }
  | { kind: 'refused'; reason: string };

/**
 * Asks the Action to record an approval (`mode: approve`). The bot checks
 * what it can answer at once — the approver's permission, an open pull
 * request on this repository that adds or changes the plan, a plan that
 * parses with every required Clarification Item answered, an approval not
 * already recorded for this content — so people hear of a refusal without
 * waiting for a workflow run. The Action checks all of it again: the bot's
 * word is not what the ledger trusts.
 */
export async function requestApproval(
  deps: TriggerDeps,
  config: OkstraConfig,
  req: ApprovalRequest,
): Promise<ApprovalOutcome> {
  const refuse = (reason: string): ApprovalOutcome => ({ kind: 'refused', reason });
  if (isBotAccount({ login: req.approver })) return refuse('a bot account never approves a plan.');
  const gate = approvalGate(config, req.approver, req.role);
  if (!gate.ok) return refuse(gate.reason);
  if (req.pr.state !== 'open') return refuse('this pull request is closed; reopen it to approve its plan.');
  if (isFromFork(req.pr))
    return refuse(
      `this pull request's branch lives in ${req.pr.headRepo ? `the fork ${inlineCode(req.pr.headRepo)}` : 'a deleted fork'}; okstra runs and approves only plans on this repository's branches.`,
    );
  if (plansTouched(req.files, config).length === 0)
    return refuse(
      `this pull request adds or changes no plan in ${inlineCode(config.plansDir)}; an approval is of the plan a (plan) pull request adds or changes.`,
    );
  const plan = await resolvePlan(deps, config, { headSha: req.at }, req.files, req.wanted);
  if (!plan.ok) return refuse(plan.reason);
  if (!plan.fromPullRequest)
    return refuse(
      `this pull request does not add or change plan ${inlineCode(plan.plan.id)}; approve it on the pull request that does.`,
    );
  const blocker = approvalBlocker(plan.plan, plan.path);
  if (blocker !== null) return refuse(escapeInline(blocker));
  const ledger = await readPlanLedger(deps, config, plan.plan.id);
  if (!ledger.ok) return refuse(ledger.reason.replace(/nothing was started\.$/, 'no approval was recorded.'));
  // Asked with `required: true` whatever the config says: the question is whether this content has an approval row.
  const status = approvalStatus(ledger.state, plan.blob, { approval: { required: true } });
  if (status.kind === 'approved') return { kind: 'already', planId: plan.plan.id, row: status.row };

  const inputs = approveDispatchInputs({
    prNumber: req.pr.number,
    via: req.via,
    approver: req.approver,
    planPath: plan.path,
  });
  const out = await dispatchPlanning(deps, config, inputs);
  if (!out.ok) return refuse(out.reason);
  deps.log.info(
    `dispatched ${config.bot.workflow} on ${deps.defaultBranch} mode approve of plan ${plan.plan.id} at blob ${plan.blob} by ${req.approver} (${req.via.kind}) on PR #${req.pr.number}`,
  );
  return { kind: 'dispatched', planId: plan.plan.id, blob: plan.blob };
}

/** What an answered approval says, in a comment reply or on the pull request. */
export function approvalAnswer(outcome: Exclude<ApprovalOutcome, { kind: 'refused' }>): string {
  return outcome.kind === 'already'
    ? `plan ${inlineCode(outcome.planId)} is already approved at blob \`${outcome.row.plan_blob}\` (by ${inlineCode(outcome.row.approver)}); nothing to do.`
    : `the okstra workflow is recording the approval of plan ${inlineCode(outcome.planId)} at blob \`${outcome.blob}\`; it checks the approval again and answers on this pull request. Runs are allowed for exactly this content: editing the plan needs a new approval.`;
}

export interface ReviewEvent {
  pr: PullRequestFacts;
  review: { id: number; state: string; commitId: string };
  reviewer: Sender;
}

export type ReviewResult = 'ignored' | 'ignored-bot' | 'dispatched' | 'already' | 'refused';

/**
 * `pull_request_review.submitted`: a review that approves a pull request
 * which adds or changes a plan approves that plan's content at the reviewed
 * commit. Any other review, or an approving review of a pull request without
 * a plan, is no concern of okstra's and is left alone without a word; a
 * refusal is answered with a comment on the pull request.
 */
export async function handleReview(deps: TriggerDeps, ev: ReviewEvent): Promise<ReviewResult> {
  if (ev.review.state.toLowerCase() !== 'approved') return 'ignored';
  if (isBotAccount(ev.reviewer)) {
    deps.log.info(`ignored the approving review of bot account ${ev.reviewer.login}`);
    return 'ignored-bot';
  }
  const answer = async (text: string): Promise<void> => {
    await postComment(deps.client, deps.repo, ev.pr.number, `@${ev.reviewer.login} okstra: ${text}`);
  };
  const act = async (): Promise<ReviewResult> => {
    const [load, files] = await Promise.all([
      loadConfig(deps.readConfig),
      changedFiles(deps.client, deps.repo, ev.pr.number),
    ]);
    if (!load.ok) {
      // Without the config okstra cannot tell a plan from any file, so only a plan pull request hears of it.
      deps.log.warn(`approving review on PR #${ev.pr.number}: the config is invalid (${load.errors.join('; ')})`);
      if (planIdOfPlanBranch(ev.pr.headRef) === null) return 'ignored';
      await answer(
        `this review approves no plan: the configuration on \`${deps.defaultBranch}\` is invalid (${load.errors.map(escapeInline).join('; ')}).`,
      );
      return 'refused';
    }
    const config = load.config;
    const touched = plansTouched(files, config);
    if (touched.length === 0) return 'ignored';
    if (touched.length > 1) {
      await answer(
        `this pull request changes several plans (${touched.map((p) => inlineCode(p)).join(', ')}), and a review cannot say which one it approves; comment \`/okstra approve --plan ID\` instead.`,
      );
      return 'refused';
    }
    const outcome = await requestApproval(deps, config, {
      pr: ev.pr,
      files,
      at: ev.review.commitId,
      via: { kind: 'review', reviewId: ev.review.id },
      approver: ev.reviewer.login,
      role: await senderRole(deps, ev.reviewer.login),
      wanted: null,
    });
    if (outcome.kind === 'refused') {
      await answer(`this review was not recorded as an approval of the plan: ${outcome.reason}`);
      return 'refused';
    }
    if (outcome.kind === 'already') deps.log.info(approvalAnswer(outcome));
    return outcome.kind;
  };
  try {
    return await act();
  } catch (error) {
    deps.log.error(`approving review ${ev.review.id} on PR #${ev.pr.number}: ${describeApiError(error)}`);
    await answer(`okstra could not record this review as an approval: ${inlineCode(describeApiError(error))}.`);
    return 'refused';
  }
}
