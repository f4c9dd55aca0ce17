import { MAX_COMMANDS_PER_COMMENT } from './grammar.js';
import { MAX_COMMENT_BYTES, type CommandLine, type CommentScan } from './lines.js';
import { shown } from './values.js';

/**
 * What okstra answers a comment of `/okstra` commands, decided on plain
 * data: whether it reads the commands at all, and the one reply that sums up
 * what each came to. Running them is src/triggers/comment.ts.
 */

/** What running one command came to. */
export type CommandOutcome =
  /** `text`: what was started, when the reply should say so. */
  | { kind: 'launched'; text?: string }
  | { kind: 'refused'; text: string }
  | { kind: 'answer'; text: string }
  | { kind: 'help' }
  | { kind: 'quiet' };

/** One command line as written, and what came of it; `error`: the line is not a command. */
export type CommandAnswer = { text: string } & ({ outcome: CommandOutcome } | { error: string });

export interface CommentReply {
  /** One line per command with something to say; none: no reply. */
  items: string[];
  /** The reply ends with the usage: a help, or a line that is not a command. */
  usage: boolean;
  /** A run was dispatched (🚀). */
  launched: boolean;
  /** Something was refused (😕). */
  refused: boolean;
}

/** On an issue only `/okstra plan` (and help) means something; everything else runs on pull requests. */
export const ON_PULL_REQUESTS =
  'okstra runs on pull requests: comment `/okstra …` on the pull request that holds or follows the plan.';

/** Commands that read the pull request: its head, its files and where it comes from. */
const PULL_VERBS = /^\/okstra\s+(?:run|stage|retry|reconcile|status|replan|approve|final)(?:\s|$)/i;
/** Commands that mean something on an issue (every other one runs on pull requests). */
const ISSUE_VERBS = /^\/okstra\s+(?:plan|help)(?:\s|$)/i;

/**
 * The command lines okstra reads, or why it reads none and says so before
 * any read: a comment too large to be one a person wrote to okstra, or a
 * comment on an issue without a command that means something there.
 */
export function commandsToRead(
  scan: Exclude<CommentScan, { kind: 'none' }>,
  onPullRequest: boolean,
): { ok: true; lines: CommandLine[] } | { ok: false; kind: 'too-large' | 'not-a-pull-request'; text: string } {
  if (scan.kind === 'too-large')
    return {
      ok: false,
      kind: 'too-large',
      text: `okstra did not read this comment: it is ${Math.ceil(scan.bytes / 1024)} KiB, and okstra reads commands only from comments of up to ${MAX_COMMENT_BYTES / 1024} KiB. Post the \`/okstra\` command in a comment of its own.`,
    };
  if (!onPullRequest && !scan.lines.some((l) => ISSUE_VERBS.test(l.text)))
    return { ok: false, kind: 'not-a-pull-request', text: ON_PULL_REQUESTS };
  return { ok: true, lines: scan.lines };
}

/** Whether any of the lines needs the pull request read (so it is read early, alongside the config). */
export function readsPullRequest(lines: readonly CommandLine[]): boolean {
  return lines.some((l) => PULL_VERBS.test(l.text));
}

/**
 * The one reply to a comment: a line per command that refused, answered,
 * asked for help or says what it started, then one line for the commands
 * past MAX_COMMANDS_PER_COMMENT (`notRun`), so a comment of thousands of
 * commands cannot make a reply GitHub refuses.
 */
export function commentReply(answers: readonly CommandAnswer[], notRun: readonly string[]): CommentReply {
  const reply: CommentReply = { items: [], usage: false, launched: false, refused: false };
  for (const a of answers) {
    if ('error' in a) {
      reply.refused = reply.usage = true;
      reply.items.push(`- ${shown(a.text)}: ${a.error}`);
      continue;
    }
    const o = a.outcome;
    if (o.kind === 'help') {
      reply.usage = true;
      reply.items.push(`- ${shown(a.text)}: the commands are below.`);
    }
    if (o.kind === 'launched') reply.launched = true;
    if (o.kind === 'refused') reply.refused = true;
    if (o.kind === 'refused' || o.kind === 'answer' || (o.kind === 'launched' && o.text))
      reply.items.push(`- ${shown(a.text)}: ${o.text}`);
  }
  const [first] = notRun;
  if (first !== undefined) {
    reply.refused = true;
    reply.items.push(
      `- ${shown(first)}${notRun.length > 1 ? ` and ${notRun.length - 1} more` : ''}: not run; okstra runs at most ${MAX_COMMANDS_PER_COMMENT} commands per comment.`,
    );
  }
  return reply;
}
