import type { OkstraConfig } from '../core/config/index.js';
import {
  isBotAccount,
  knownProviders,
  MAX_COMMANDS_PER_COMMENT,
  MAX_COMMENT_BYTES,
  parseCommands,
  scanComment,
  shown,
  usageText,
  type Command,
  type LaunchWhat,
} from '../core/commands/index.js';
import { escapeInline, inlineCode } from '../core/text/escape.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import { changedFiles, pullRequestFacts, type PullRequestFacts } from '../github/pulls.js';
import { reactToComment, type Reaction } from '../github/reactions.js';
import { approvalAnswer, requestApproval } from './approve.js';
import { cancelRuns } from './cancel.js';
import { loadConfig } from './config.js';
import type { TriggerDeps, Sender } from './deps.js';
import { pullRequestGate, roleGate, senderRole } from './gate.js';
import { finalAnswer, startFinal } from './final.js';
import { launch } from './launch.js';
import { replanTarget, startPlanning } from './plan.js';
import { resolvePlan } from './plans.js';
import { postStatus } from './status.js';

export interface CommentEvent {
  /** The issue or pull request number. */
  number: number;
  isPullRequest: boolean;
  commentId: number;
  commentUrl: string;
  body: string;
  sender: Sender;
}

/** Commands that read the pull request: its head, its files and where it comes from. */
const PULL_VERBS = /^\/okstra\s+(?:run|stage|retry|reconcile|status|replan|approve|final)(?:\s|$)/i;
/** Commands that mean something on an issue (every other one runs on pull requests). */
const ISSUE_VERBS = /^\/okstra\s+(?:plan|help)(?:\s|$)/i;
const ON_PULL_REQUESTS =
  'okstra runs on pull requests: comment `/okstra …` on the pull request that holds or follows the plan.';

type PullRequest = PullRequestFacts & { files: Array<{ path: string; status: string }> };

type Outcome =
  /** `text`: what was started, when the reply should say so. */
  | { kind: 'launched'; text?: string }
  | { kind: 'refused'; text: string }
  | { kind: 'answer'; text: string }
  | { kind: 'help' }
  | { kind: 'quiet' };

export type CommentResult = 'no-command' | 'ignored-bot' | 'not-a-pull-request' | 'refused' | 'handled';

/**
 * `issue_comment.created`: runs the comment's `/okstra` commands in order.
 * The comment gets 👀 when okstra starts on it, 🚀 when a run was
 * dispatched and 😕 when something was refused; everything that needs
 * saying (refusals, usage, help, cancellations) goes in one reply.
 */
export async function handleComment(deps: TriggerDeps, ev: CommentEvent): Promise<CommentResult> {
  // Bounded before anything else (linear in the comment, no recursion): any commenter can send this text.
  const scan = scanComment(ev.body);
  if (scan.kind === 'none') return 'no-command';
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored /okstra from bot account ${ev.sender.login}`);
    return 'ignored-bot';
  }
  const react = async (content: Reaction): Promise<void> => {
    const problem = await reactToComment(deps.client, deps.repo, ev.commentId, content);
    if (problem) deps.log.warn(`could not add ${content} to comment ${ev.commentId}: ${problem}`);
  };
  const reply = (items: string[]): Promise<number> =>
    postComment(deps.client, deps.repo, ev.number, `@${ev.sender.login} ${items.join('\n')}`);

  if (scan.kind === 'too-large') {
    await react('confused');
    await reply([
      `okstra did not read this comment: it is ${Math.ceil(scan.bytes / 1024)} KiB, and okstra reads commands only from comments of up to ${MAX_COMMENT_BYTES / 1024} KiB. Post the \`/okstra\` command in a comment of its own.`,
    ]);
    return 'refused';
  }
  const lines = scan.lines;

  // On an issue only `/okstra plan` (and help) means something; a comment without one is answered before any read.
  if (!ev.isPullRequest && !lines.some((l) => ISSUE_VERBS.test(l.text))) {
    await react('confused');
    await reply([ON_PULL_REQUESTS]);
    return 'not-a-pull-request';
  }
  // The pull request and its files, fetched together once for all the comment's commands.
  let pull: Promise<PullRequest> | null = null;
  const prFacts = (): Promise<PullRequest> =>
    (pull ??= Promise.all([
      pullRequestFacts(deps.client, deps.repo, ev.number),
      changedFiles(deps.client, deps.repo, ev.number),
    ]).then(([facts, files]) => ({ ...facts, files })));
  // Every launch and status needs them, so they are read alongside 👀, the config and the sender's role:
  // one round trip instead of two before the plan can be read. A refused sender costs two wasted reads.
  // (The rejection is observed here so an early return cannot leave it unhandled; awaiting it later still throws.)
  if (ev.isPullRequest && lines.some((l) => PULL_VERBS.test(l.text))) prFacts().catch(() => undefined);
  const [, load, role] = await Promise.all([
    react('eyes'),
    loadConfig(deps.readConfig),
    senderRole(deps, ev.sender.login),
  ]);
  if (!load.ok) {
    await react('confused');
    await reply([
      `okstra cannot read its configuration on \`${deps.defaultBranch}\`, so it did nothing:`,
      '',
      ...load.errors.map((e) => `- ${escapeInline(e)}`),
    ]);
    return 'refused';
  }
  const config = load.config;
  const providers = knownProviders(Object.keys(config.providers));
  const parsed = parseCommands(lines, { providers });
  // An approval has a gate of its own (approvalPermission, checked with the command): a comment of approvals only skips this one.
  const onlyApprovals = parsed.every((p) => p.ok && p.command.verb === 'approve');
  const gate = roleGate(config, ev.sender.login, role);
  if (!gate.ok && !onlyApprovals) {
    await react('confused');
    await reply([gate.reason]);
    return 'refused';
  }

  const items: string[] = [];
  let usage = false;
  let launched = false;
  let refused = false;
  for (const [index, p] of parsed.entries()) {
    // Lines past the limit get one answer between them, so a comment of thousands of commands cannot make a reply GitHub refuses.
    if (index === MAX_COMMANDS_PER_COMMENT) {
      refused = true;
      const rest = parsed.length - MAX_COMMANDS_PER_COMMENT;
      items.push(
        `- ${shown(p.text)}${rest > 1 ? ` and ${rest - 1} more` : ''}: not run; okstra runs at most ${MAX_COMMANDS_PER_COMMENT} commands per comment.`,
      );
      break;
    }
    if (!p.ok) {
      refused = usage = true;
      items.push(`- ${shown(p.text)}: ${p.error}`);
      continue;
    }
    let outcome: Outcome;
    try {
      outcome = await runCommand(deps, config, ev, p.command, { prFacts, role });
    } catch (error) {
      // GitHub failing mid-command is not a refusal, but the person still gets an answer instead of a stuck 👀.
      deps.log.error(`${p.text}: ${describeApiError(error)}`);
      outcome = {
        kind: 'refused',
        text: `okstra could not finish this command: ${inlineCode(describeApiError(error))}.`,
      };
    }
    if (outcome.kind === 'help') {
      usage = true;
      items.push(`- ${shown(p.text)}: the commands are below.`);
    }
    if (outcome.kind === 'launched') launched = true;
    if (outcome.kind === 'refused') refused = true;
    if (outcome.kind === 'refused' || outcome.kind === 'answer' || (outcome.kind === 'launched' && outcome.text))
      items.push(`- ${shown(p.text)}: ${outcome.text}`);
  }
  if (launched) await react('rocket');
  if (refused) await react('confused');
  if (items.length > 0) await reply(['okstra:', '', ...items, ...(usage ? ['', usageText(providers)] : [])]);
  return refused ? 'refused' : 'handled';
}

interface CommandContext {
  prFacts: () => Promise<PullRequest>;
  /** The sender's role, as the permission API answered. */
  role: { permission: string; role_name: string | null };
}

async function runCommand(
  deps: TriggerDeps,
  config: OkstraConfig,
  ev: CommentEvent,
  command: Command,
  { prFacts, role }: CommandContext,
): Promise<Outcome> {
  if (command.verb === 'help') return { kind: 'help' };
  if (!ev.isPullRequest && command.verb !== 'plan') return { kind: 'refused', text: ON_PULL_REQUESTS };
  switch (command.verb) {
    case 'plan': {
      if (ev.isPullRequest)
        return {
          kind: 'refused',
          text: '`/okstra plan` drafts a plan from an issue: comment it on the issue. On a plan pull request, `/okstra replan [text]` drafts its plan again.',
        };
      const out = await startPlanning(deps, config, {
        source: { kind: 'issue', issue: ev.number },
        goal: command.goal,
        trigger: 'comment',
        actor: ev.sender.login,
      });
      return out.ok
        ? {
            kind: 'launched',
            text: `the [okstra workflow](${out.runsUrl}) is drafting a plan from this issue${command.goal === null ? '' : ' and your text'}; it links the plan pull request here when it is ready.`,
          }
        : { kind: 'refused', text: out.reason };
    }
    case 'replan': {
      const target = replanTarget(await prFacts());
      if (!target.ok) return { kind: 'refused', text: target.reason };
      const out = await startPlanning(deps, config, {
        source: { kind: 'replan', prNumber: ev.number, planId: target.planId },
        goal: command.goal,
        trigger: 'comment',
        actor: ev.sender.login,
      });
      return out.ok
        ? {
            kind: 'launched',
            text: `the [okstra workflow](${out.runsUrl}) is drafting plan \`${target.planId}\` again from this pull request's reviews and comments${command.goal === null ? '' : ' and your text'}; it pushes the new draft to this pull request.`,
          }
        : { kind: 'refused', text: out.reason };
    }
    case 'approve': {
      const pr = await prFacts();
      const outcome = await requestApproval(deps, config, {
        pr,
        files: pr.files,
        at: pr.headSha,
        via: { kind: 'comment', commentId: ev.commentId },
        approver: ev.sender.login,
        role,
        wanted: command.plan,
      });
      if (outcome.kind === 'refused') return { kind: 'refused', text: outcome.reason };
      return outcome.kind === 'dispatched'
        ? { kind: 'launched', text: approvalAnswer(outcome) }
        : { kind: 'answer', text: approvalAnswer(outcome) };
    }
    case 'final': {
      const pr = await prFacts();
      const out = await startFinal(deps, config, { pr, files: pr.files, wanted: command.plan, actor: ev.sender.login });
      return out.ok
        ? { kind: 'launched', text: finalAnswer(out.planId, out.runsUrl) }
        : { kind: 'refused', text: out.reason };
    }
    case 'status': {
      const pr = await prFacts();
      const plan = await resolvePlan(deps, config, pr, pr.files, command.plan);
      if (!plan.ok) return { kind: 'refused', text: plan.reason };
      const res = await postStatus(deps, config, ev.number, plan.plan);
      // A fresh comment is seen; an edited one far up the thread needs pointing at.
      return res.action === 'created'
        ? { kind: 'quiet' }
        : {
            kind: 'answer',
            text: `the status of plan \`${plan.plan.id}\` is updated [above](${pr.htmlUrl}#issuecomment-${res.id}).`,
          };
    }
    case 'cancel': {
      let planPath: string | null = null;
      if (command.plan !== null) {
        const pr = await prFacts();
        const plan = await resolvePlan(deps, config, pr, pr.files, command.plan);
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
    case 'run':
    case 'stage':
    case 'retry':
    case 'reconcile': {
      const pr = await prFacts();
      const open = pullRequestGate(config, pr);
      if (!open.ok) return { kind: 'refused', text: open.reason };
      const plan = await resolvePlan(deps, config, pr, pr.files, command.options.plan);
      if (!plan.ok) return { kind: 'refused', text: plan.reason };
      const outcome = await launch(deps, config, {
        pr,
        plan: plan.plan,
        planPath: plan.path,
        planBlob: plan.blob,
        planFromPullRequest: plan.fromPullRequest,
        what: launchWhat(command),
        options: command.options,
        trigger: 'comment',
        actor: ev.sender.login,
        origin: `[comment](${ev.commentUrl})`,
      });
      return outcome.ok ? { kind: 'launched' } : { kind: 'refused', text: outcome.reason };
    }
  }
}

function launchWhat(command: Extract<Command, { verb: 'run' | 'stage' | 'retry' | 'reconcile' }>): LaunchWhat {
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
