import {
  isBotAccount,
  knownProviders,
  MAX_COMMANDS_PER_COMMENT,
  parseCommands,
  scanComment,
  usageText,
  type CommandLine,
  type ParsedCommand,
} from '../core/commands/index.js';
import {
  commandsToRead,
  commentReply,
  readsPullRequest,
  type CommandAnswer,
  type CommandOutcome,
} from '../core/commands/comment-reply.js';
import { escapeInline, inlineCode } from '../core/text/escape.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import { changedFiles, pullRequestFacts } from '../github/pulls.js';
import { reactToComment, type Reaction } from '../github/reactions.js';
import { runCommand, type CommandContext, type CommentEvent, type PullRequest } from './comment-commands.js';
import { loadConfig } from './config.js';
import type { TriggerDeps } from './deps.js';
import { roleGate, senderRole } from './gate.js';

export type { CommentEvent } from './comment-commands.js';

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
  const io = commentIo(deps, ev);
  // A comment okstra does not read is answered before any read.
  const read = commandsToRead(scan, ev.isPullRequest);
  if (!read.ok) {
    await io.refuse([read.text]);
    return read.kind === 'too-large' ? 'refused' : 'not-a-pull-request';
  }
  const ready = await readyToRun(deps, ev, read.lines, io);
  if (ready === null) return 'refused';

  const answers: CommandAnswer[] = [];
  for (const p of ready.parsed.slice(0, MAX_COMMANDS_PER_COMMENT)) {
    answers.push(p.ok ? { text: p.text, outcome: await runReported(ready.ctx, p) } : { text: p.text, error: p.error });
  }
  const reply = commentReply(
    answers,
    ready.parsed.slice(MAX_COMMANDS_PER_COMMENT).map((p) => p.text),
  );
  if (reply.launched) await io.react('rocket');
  if (reply.refused) await io.react('confused');
  if (reply.items.length > 0)
    await io.reply(['okstra:', '', ...reply.items, ...(reply.usage ? ['', usageText(ready.providers)] : [])]);
  return reply.refused ? 'refused' : 'handled';
}

/** The comment's reactions and its one reply. */
interface CommentIo {
  react(content: Reaction): Promise<void>;
  reply(items: string[]): Promise<number>;
  /** Refuses the whole comment: 😕 and why. */
  refuse(items: string[]): Promise<void>;
}

function commentIo(deps: TriggerDeps, ev: CommentEvent): CommentIo {
  const react = async (content: Reaction): Promise<void> => {
    const problem = await reactToComment(deps.client, deps.repo, ev.commentId, content);
    if (problem) deps.log.warn(`could not add ${content} to comment ${ev.commentId}: ${problem}`);
  };
  const reply = (items: string[]): Promise<number> =>
    postComment(deps.client, deps.repo, ev.number, `@${ev.sender.login} ${items.join('\n')}`);
  return {
    react,
    reply,
    refuse: async (items) => {
      await react('confused');
      await reply(items);
    },
  };
}

/**
 * Reads what every command needs (the config, the sender's role and, when a
 * command reads it, the pull request) and parses the commands; null when the
 * comment was refused whole: no config, or a sender the role gate stops.
 */
async function readyToRun(
  deps: TriggerDeps,
  ev: CommentEvent,
  lines: CommandLine[],
  io: CommentIo,
): Promise<{ ctx: CommandContext; providers: string[]; parsed: ParsedCommand[] } | null> {
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
  if (ev.isPullRequest && readsPullRequest(lines)) prFacts().catch(() => undefined);
  const [, load, role] = await Promise.all([
    io.react('eyes'),
    loadConfig(deps.readConfig),
    senderRole(deps, ev.sender.login),
  ]);
  if (!load.ok) {
    await io.refuse([
      `okstra cannot read its configuration on \`${deps.defaultBranch}\`, so it did nothing:`,
      '',
      ...load.errors.map((e) => `- ${escapeInline(e)}`),
    ]);
    return null;
  }
  const config = load.config;
  const providers = knownProviders(Object.keys(config.providers));
  const parsed = parseCommands(lines, { providers });
  // An approval has a gate of its own (approvalPermission, checked with the command): a comment of approvals only skips this one.
  const onlyApprovals = parsed.every((p) => p.ok && p.command.verb === 'approve');
  const gate = roleGate(config, ev.sender.login, role);
  if (!gate.ok && !onlyApprovals) {
    await io.refuse([gate.reason]);
    return null;
  }
  return { ctx: { deps, config, ev, prFacts, role }, providers, parsed };
}

/** GitHub failing mid-command is not a refusal, but the person still gets an answer instead of a stuck 👀. */
async function runReported(ctx: CommandContext, p: Extract<ParsedCommand, { ok: true }>): Promise<CommandOutcome> {
  try {
    return await runCommand(ctx, p.command);
  } catch (error) {
    ctx.deps.log.error(`${p.text}: ${describeApiError(error)}`);
    return { kind: 'refused', text: `okstra could not finish this command: ${inlineCode(describeApiError(error))}.` };
  }
}
