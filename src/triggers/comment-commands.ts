import type { OkstraConfig } from '../core/config/index.js';
import type { Command, LaunchWhat } from '../core/commands/index.js';
import { ON_PULL_REQUESTS, type CommandOutcome } from '../core/commands/comment-reply.js';
import type { PullRequestFacts } from '../github/pulls.js';
import { approvalAnswer, requestApproval } from './approve.js';
import { cancelRuns } from './cancel.js';
import type { Sender, TriggerDeps } from './deps.js';
import { pullRequestGate } from './gate.js';
import { finalAnswer, startFinal } from './final.js';
import { launch, resolveLaunchPlan } from './launch.js';
import { replanTarget, startPlanning } from './plan.js';
import { resolvePlan } from './plans.js';
import { postStatus } from './status.js';

/** What one `/okstra` command acts on and for whom: one command line of the comment. */
export interface CommentEvent {
  /** The issue or pull request number. */
  number: number;
  isPullRequest: boolean;
  commentId: number;
  commentUrl: string;
  body: string;
  sender: Sender;
}

export type PullRequest = PullRequestFacts & { files: Array<{ path: string; status: string }> };

/** What every command of one comment shares. */
export interface CommandContext {
  deps: TriggerDeps;
  config: OkstraConfig;
  ev: CommentEvent;
  /** The pull request and its files, read once for all the comment's commands. */
  prFacts: () => Promise<PullRequest>;
  /** The sender's role, as the permission API answered. */
  role: { permission: string; role_name: string | null };
}

type LaunchCommand = Extract<Command, { verb: 'run' | 'stage' | 'retry' | 'reconcile' }>;

/** Runs one parsed command: what it started, answered or refused. */
export async function runCommand(ctx: CommandContext, command: Command): Promise<CommandOutcome> {
  if (command.verb === 'help') return { kind: 'help' };
  if (!ctx.ev.isPullRequest && command.verb !== 'plan') return { kind: 'refused', text: ON_PULL_REQUESTS };
  switch (command.verb) {
    case 'plan':
      return planFromIssue(ctx, command.goal);
    case 'replan':
      return replan(ctx, command.goal);
    case 'approve':
      return approve(ctx, command.plan);
    case 'final':
      return final(ctx, command.plan);
    case 'status':
      return status(ctx, command.plan);
    case 'cancel':
      return cancel(ctx, command.plan);
    case 'run':
    case 'stage':
    case 'retry':
    case 'reconcile':
      return launchRun(ctx, command);
  }
}

async function planFromIssue(ctx: CommandContext, goal: string | null): Promise<CommandOutcome> {
  if (ctx.ev.isPullRequest)
    return {
      kind: 'refused',
      text: '`/okstra plan` drafts a plan from an issue: comment it on the issue. On a plan pull request, `/okstra replan [text]` drafts its plan again.',
    };
  const source = { kind: 'issue' as const, issue: ctx.ev.number };
  return draft(ctx, source, goal, (runsUrl, and) => {
    return `the [okstra workflow](${runsUrl}) is drafting a plan from this issue${and}; it links the plan pull request here when it is ready.`;
  });
}

async function replan(ctx: CommandContext, goal: string | null): Promise<CommandOutcome> {
  const target = replanTarget(await ctx.prFacts());
  if (!target.ok) return { kind: 'refused', text: target.reason };
  const source = { kind: 'replan' as const, prNumber: ctx.ev.number, planId: target.planId };
  return draft(ctx, source, goal, (runsUrl, and) => {
    return `the [okstra workflow](${runsUrl}) is drafting plan \`${target.planId}\` again from this pull request's reviews and comments${and}; it pushes the new draft to this pull request.`;
  });
}

/** Starts the planning workflow; `says` words what was started (`and`: the goal's mention, when one was given). */
async function draft(
  { deps, config, ev }: CommandContext,
  source: Parameters<typeof startPlanning>[2]['source'],
  goal: string | null,
  says: (runsUrl: string, and: string) => string,
): Promise<CommandOutcome> {
  const out = await startPlanning(deps, config, { source, goal, trigger: 'comment', actor: ev.sender.login });
  if (!out.ok) return { kind: 'refused', text: out.reason };
  return { kind: 'launched', text: says(out.runsUrl, goal === null ? '' : ' and your text') };
}

async function approve(
  { deps, config, ev, prFacts, role }: CommandContext,
  wanted: string | null,
): Promise<CommandOutcome> {
  const pr = await prFacts();
  const outcome = await requestApproval(deps, config, {
    pr,
    files: pr.files,
    at: pr.headSha,
    via: { kind: 'comment', commentId: ev.commentId },
    approver: ev.sender.login,
    role,
    wanted,
  });
  if (outcome.kind === 'refused') return { kind: 'refused', text: outcome.reason };
  return { kind: outcome.kind === 'dispatched' ? 'launched' : 'answer', text: approvalAnswer(outcome) };
}

async function final({ deps, config, ev, prFacts }: CommandContext, wanted: string | null): Promise<CommandOutcome> {
  const pr = await prFacts();
  const out = await startFinal(deps, config, { pr, files: pr.files, wanted, actor: ev.sender.login });
  return out.ok
    ? { kind: 'launched', text: finalAnswer(out.planId, out.runsUrl) }
    : { kind: 'refused', text: out.reason };
}

async function status({ deps, config, ev, prFacts }: CommandContext, wanted: string | null): Promise<CommandOutcome> {
  const pr = await prFacts();
  const plan = await resolvePlan(deps, config, pr, pr.files, wanted);
  if (!plan.ok) return { kind: 'refused', text: plan.reason };
  const res = await postStatus(deps, config, ev.number, plan.plan);
  // A fresh comment is seen; an edited one far up the thread needs pointing at.
  if (res.action === 'created') return { kind: 'quiet' };
  return {
    kind: 'answer',
    text: `the status of plan \`${plan.plan.id}\` is updated [above](${pr.htmlUrl}#issuecomment-${res.id}).`,
  };
}

async function cancel({ deps, config, ev, prFacts }: CommandContext, wanted: string | null): Promise<CommandOutcome> {
  let planPath: string | null = null;
  if (wanted !== null) {
    const pr = await prFacts();
    const plan = await resolvePlan(deps, config, pr, pr.files, wanted);
    if (!plan.ok) return { kind: 'refused', text: plan.reason };
    planPath = plan.path;
  }
  const runs = await cancelRuns(deps, config, ev.number, planPath);
  if (runs.length === 0)
    return { kind: 'answer', text: 'no okstra workflow run of this pull request is queued or running.' };
  return {
    kind: 'answer',
    text: `cancelled ${runs.map((r) => `[run ${r.id}](${r.htmlUrl})`).join(', ')}; their claims are released by the Action's post step and their checks completed as cancelled.`,
  };
}

async function launchRun(
  { deps, config, ev, prFacts }: CommandContext,
  command: LaunchCommand,
): Promise<CommandOutcome> {
  const pr = await prFacts();
  const open = pullRequestGate(config, pr);
  if (!open.ok) return { kind: 'refused', text: open.reason };
  const plan = await resolveLaunchPlan(deps, config, pr, pr.files, command.options.plan);
  if (!plan.ok) return { kind: 'refused', text: plan.reason };
  const outcome = await launch(deps, config, {
    pr,
    ...plan.request,
    what: launchWhat(command),
    options: command.options,
    trigger: 'comment',
    actor: ev.sender.login,
    origin: `[comment](${ev.commentUrl})`,
  });
  return outcome.ok ? { kind: 'launched' } : { kind: 'refused', text: outcome.reason };
}

function launchWhat(command: LaunchCommand): LaunchWhat {
  switch (command.verb) {
    case 'run':
      return { kind: 'run' };
    case 'reconcile':
      return { kind: 'reconcile', stage: command.stage, reset: command.reset };
    case 'retry':
      return { kind: 'retry', stage: command.stage, ...(command.rebase ? { rebase: true } : {}) };
    case 'stage':
      return { kind: 'stage', stage: command.stage };
  }
}
