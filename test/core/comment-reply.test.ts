/** Whether okstra reads a comment's commands, and the one reply that sums up what each came to. */
import { describe, expect, it } from 'vitest';
import {
  commandsToRead,
  commentReply,
  ON_PULL_REQUESTS,
  readsPullRequest,
} from '../../src/core/commands/comment-reply.js';
import { MAX_COMMANDS_PER_COMMENT } from '../../src/core/commands/index.js';

const lines = (...texts: string[]) => texts.map((text, i) => ({ line: i + 1, text }));

describe('commandsToRead', () => {
  it('refuses a comment too large to read, saying its size and the limit', () => {
    expect(commandsToRead({ kind: 'too-large', bytes: 70_000 }, true)).toEqual({
      ok: false,
      kind: 'too-large',
      text: 'okstra did not read this comment: it is 69 KiB, and okstra reads commands only from comments of up to 64 KiB. Post the `/okstra` command in a comment of its own.',
    });
  });

  it('reads only plan and help on an issue, everything on a pull request', () => {
    const run = lines('/okstra run');
    expect(commandsToRead({ kind: 'commands', lines: run }, false)).toEqual({
      ok: false,
      kind: 'not-a-pull-request',
      text: ON_PULL_REQUESTS,
    });
    expect(commandsToRead({ kind: 'commands', lines: run }, true)).toEqual({ ok: true, lines: run });
    const plan = lines('/okstra run', '/okstra PLAN add a cache');
    expect(commandsToRead({ kind: 'commands', lines: plan }, false)).toEqual({ ok: true, lines: plan });
    expect(commandsToRead({ kind: 'commands', lines: lines('/okstra help') }, false).ok).toBe(true);
    expect(commandsToRead({ kind: 'commands', lines: lines('/okstra planx') }, false).ok).toBe(false);
  });
});

describe('readsPullRequest', () => {
  it('is true when a command reads the pull request, not for cancel, plan or help', () => {
    expect(readsPullRequest(lines('/okstra cancel', '/okstra status'))).toBe(true);
    expect(readsPullRequest(lines('/okstra retry 2 --rebase'))).toBe(true);
    expect(readsPullRequest(lines('/okstra cancel', '/okstra help', '/okstra plan'))).toBe(false);
    expect(readsPullRequest(lines('/okstra running'))).toBe(false);
  });
});

describe('commentReply', () => {
  it('a launch that says nothing reacts 🚀 without a reply', () => {
    expect(commentReply([{ text: '/okstra run', outcome: { kind: 'launched' } }], [])).toEqual({
      items: [],
      usage: false,
      launched: true,
      refused: false,
    });
    expect(commentReply([{ text: '/okstra status', outcome: { kind: 'quiet' } }], []).items).toEqual([]);
  });

  it('a line per refusal, answer, help and launch that says what it started, in order', () => {
    const reply = commentReply(
      [
        { text: '/okstra stage 9', outcome: { kind: 'refused', text: 'no stage 9.' } },
        { text: '/okstra cancel', outcome: { kind: 'answer', text: 'nothing to cancel.' } },
        { text: '/okstra help', outcome: { kind: 'help' } },
        { text: '/okstra final', outcome: { kind: 'launched', text: 'final started.' } },
      ],
      [],
    );
    expect(reply).toEqual({
      items: [
        '- `/okstra stage 9`: no stage 9.',
        '- `/okstra cancel`: nothing to cancel.',
        '- `/okstra help`: the commands are below.',
        '- `/okstra final`: final started.',
      ],
      usage: true,
      launched: true,
      refused: true,
    });
  });

  it('a line that is not a command is a refusal with the usage', () => {
    expect(commentReply([{ text: '/okstra frobnicate', error: 'unknown command' }], [])).toEqual({
      items: ['- `/okstra frobnicate`: unknown command'],
      usage: true,
      launched: false,
      refused: true,
    });
  });

  it('commands past the limit get one line between them', () => {
    const one = commentReply([], ['/okstra run']);
    expect(one.items).toEqual([
      `- \`/okstra run\`: not run; okstra runs at most ${MAX_COMMANDS_PER_COMMENT} commands per comment.`,
    ]);
    expect(one.refused).toBe(true);
    expect(commentReply([], ['/okstra run', '/okstra help', '/okstra cancel']).items).toEqual([
      `- \`/okstra run\` and 2 more: not run; okstra runs at most ${MAX_COMMANDS_PER_COMMENT} commands per comment.`,
    ]);
  });
});
