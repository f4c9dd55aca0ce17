import type { Nodes, Paragraph } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import {
  extractCommandLines,
  MAX_COMMENT_BYTES,
  scanComment,
  untrustedRunReason,
  type CommandLine,
  type RunOrigin,
} from '../../src/core/commands/index.js';

/**
 * The reference: GitHub's own Markdown reading (micromark with GFM, the
 * parser okstra used before), which is exact but slow and recursive on
 * hostile input, so it only runs here, on small comments.
 */
function byMicromark(body: string): CommandLine[] {
  const text = body.replace(/\r\n?/g, '\n');
  const root = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const out: CommandLine[] = [];
  for (const node of root.children) {
    if (node.type !== 'paragraph' || !node.position) continue;
    const hidden: Array<[number, number]> = [];
    const visit = (n: Nodes): void => {
      if (
        (n.type === 'inlineCode' || n.type === 'html') &&
        n.position?.start.offset !== undefined &&
        n.position.end.offset !== undefined
      )
        hidden.push([n.position.start.offset, n.position.end.offset]);
      if ('children' in n) for (const c of n.children) visit(c);
    };
    visit(node as Paragraph);
    for (let line = node.position.start.line; line <= node.position.end.line; line++) {
      const start = starts[line - 1] as number;
      const end = starts[line] ?? text.length + 1;
      const raw = text.slice(start, end - 1);
      const at = start + raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!/^\/okstra(?=\s|$)/.test(trimmed) || hidden.some(([f, t]) => at >= f && at < t)) continue;
      out.push({ line, text: trimmed });
    }
  }
  return out;
}

/** Pieces of real comments, and the constructs around a command that decide whether it is one. */
const FRAGMENTS = [
  '/okstra stage 2',
  '/okstra run --plan p',
  '  /okstra help',
  'Looks good to me.',
  'please /okstra stage 1',
  '',
  '',
  '> /okstra stage 3',
  '> quoted reply',
  '```',
  '~~~md',
  '~~~',
  '    indented code',
  '- item',
  '1. first',
  '2. second',
  '  continued item',
  '# Heading',
  '---',
  '===',
  '***',
  '| a | b |',
  '| --- | --- |',
  '<!-- hidden',
  '-->',
  '<!-- one line -->',
  'note <!--',
  '<details>',
  '</details>',
  '<div>',
  '<b>bold</b> text',
  'a `code',
  'span` ends',
  '``double',
  'x `y` z',
  '[ref]: https://example.com',
  '[^1]: a footnote',
  '<https://example.com/`x>',
  '<a title="',
  '">',
  '\\`escaped',
  '\t/okstra stage 4',
  '* bullet',
  '+ plus',
];

/** A small deterministic generator, so a failure names the comment and reproduces. */
function* comments(count: number, seed: number): Generator<string> {
  let s = seed;
  const next = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  for (let n = 0; n < count; n++) {
    const length = 1 + Math.floor(next() * 8);
    yield Array.from({ length }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] as string).join('\n');
  }
}

describe("extractCommandLines against GitHub's parser", () => {
  it('never finds a command GitHub would not show as a paragraph line, over 1,500 generated comments', () => {
    const unsafe: string[] = [];
    for (const body of comments(1500, 7)) {
      const reference = new Set(byMicromark(body).map((l) => l.line));
      if (extractCommandLines(body).some((l) => !reference.has(l.line))) unsafe.push(JSON.stringify(body));
    }
    expect(unsafe).toEqual([]);
  });

  it("finds the same commands as GitHub's parser in nearly all of them (differences only where it is stricter)", () => {
    let same = 0;
    let total = 0;
    for (const body of comments(1500, 11)) {
      total++;
      if (JSON.stringify(extractCommandLines(body)) === JSON.stringify(byMicromark(body))) same++;
    }
    expect(same / total).toBeGreaterThan(0.97);
  });
});

describe('scanComment', () => {
  it('says no command for a comment without a line that starts with /okstra, whatever its size', () => {
    expect(scanComment('great work, /okstra stage 2 later')).toEqual({ kind: 'none' });
    expect(scanComment(`${'é'.repeat(MAX_COMMENT_BYTES)}\n  not /okstra`)).toEqual({ kind: 'none' });
    expect(scanComment('> /okstra stage 2')).toEqual({ kind: 'none' });
  });

  it('refuses a comment over the cap that has a command line, without reading it', () => {
    expect(scanComment(`/okstra help\n${'x'.repeat(MAX_COMMENT_BYTES)}`)).toEqual({
      kind: 'too-large',
      bytes: MAX_COMMENT_BYTES + 13,
    });
    // The cap is in UTF-8 bytes: 3 bytes each for these, 4 for the pair.
    expect(scanComment(`/okstra help\n${'€'.repeat(22_000)}`)).toMatchObject({ kind: 'too-large', bytes: 13 + 66_000 });
    expect(scanComment(`/okstra help 😀`)).toMatchObject({ kind: 'commands' });
  });

  it('reads a comment exactly at the cap', () => {
    const body = `/okstra help\n${'x'.repeat(MAX_COMMENT_BYTES - 13)}`;
    expect(scanComment(body)).toEqual({ kind: 'commands', lines: [{ line: 1, text: '/okstra help' }] });
  });
});

describe('extractCommandLines on hostile comments (linear, no recursion: depth and repetition cost nothing extra)', () => {
  it('reads the two comments of issue 11 as GitHub shows them', () => {
    expect(extractCommandLines(`/okstra ${'*['.repeat(32_760)}`)).toEqual([
      { line: 1, text: `/okstra ${'*['.repeat(32_760)}` },
    ]);
    expect(extractCommandLines(`/okstra stage 2\n${'>'.repeat(65_000)}`)).toEqual([
      { line: 1, text: '/okstra stage 2' },
    ]);
  });

  it('reads a command after tens of thousands of nested quotes, list markers, brackets or backticks as GitHub does', () => {
    const after = (prefix: string): string[] =>
      extractCommandLines(`${prefix}\n/okstra stage 2\n\n/okstra stage 3`).map((l) => l.text);
    // A quote or a list item 20,000 deep: the next line continues it lazily, so only the line after the blank is a command.
    expect(after('> '.repeat(20_000))).toEqual(['/okstra stage 3']);
    expect(after(`${'+ '.repeat(20_000)}x`)).toEqual(['/okstra stage 3']);
    expect(after('1. '.repeat(15_000))).toEqual(['/okstra stage 3']);
    // `- - - …` is a thematic break, and brackets and paired backticks are paragraph text: both lines are commands.
    const both = ['/okstra stage 2', '/okstra stage 3'];
    expect(after('- '.repeat(20_000))).toEqual(both);
    expect(after('['.repeat(40_000))).toEqual(both);
    expect(after('`a'.repeat(20_000))).toEqual(both);
    // One more backtick, closed at the end of the next line: that line is inside the code span.
    expect(
      extractCommandLines(`${'`a'.repeat(20_000)}\`\n/okstra stage 2\`\n\n/okstra stage 3`).map((l) => l.text),
    ).toEqual(['/okstra stage 3']);
  });

  it('takes a line inside a tag it gave up scanning as hidden, never as a command', () => {
    // Thousands of unfinished tags, then a command in the same paragraph: still a command (each attempt is cheap) …
    expect(extractCommandLines(`x\n${'<a bb'.repeat(10_000)}\n/okstra stage 2`).map((l) => l.line)).toEqual([3]);
    // … and a quoted attribute value that spans the line hides it, as GitHub does.
    expect(extractCommandLines('see <a title="\n/okstra stage 2\n">here</a>')).toEqual([]);
  });
});

describe('untrustedRunReason', () => {
  const repository = { id: 7, fullName: 'octo-org/octo-repo', defaultBranch: 'main' };
  const own: RunOrigin = {
    event: 'workflow_dispatch',
    headBranch: 'main',
    headRepository: { id: 7, fullName: 'octo-org/octo-repo' },
    repository,
  };

  it("trusts okstra's dispatches and the scheduled sweep on the default branch of this repository", () => {
    expect(untrustedRunReason(own)).toBeNull();
    expect(untrustedRunReason({ ...own, event: 'schedule' })).toBeNull();
    // GitHub may spell the owner differently in the two places.
    expect(untrustedRunReason({ ...own, headRepository: { id: 7, fullName: 'Octo-Org/octo-repo' } })).toBeNull();
  });

  it('names why any other run is not believed', () => {
    expect(untrustedRunReason({ ...own, event: 'pull_request' })).toBe(
      'its event is pull_request, not workflow_dispatch or schedule',
    );
    expect(untrustedRunReason({ ...own, event: 'pull_request_target' })).toMatch(/^its event is pull_request_target/);
    expect(untrustedRunReason({ ...own, headBranch: 'feature' })).toBe(
      'it ran on the branch feature, not the default branch main',
    );
    expect(untrustedRunReason({ ...own, headBranch: null })).toBe('it ran on no branch, not the default branch main');
    expect(untrustedRunReason({ ...own, headRepository: { id: 8, fullName: 'mallory/octo-repo' } })).toBe(
      'its head repository is mallory/octo-repo, not octo-org/octo-repo',
    );
    // Same name, another repository (deleted and re-created, or renamed into its place).
    expect(untrustedRunReason({ ...own, headRepository: { id: 8, fullName: 'octo-org/octo-repo' } })).toBe(
      'its head repository is octo-org/octo-repo, not octo-org/octo-repo',
    );
    expect(untrustedRunReason({ ...own, headRepository: null })).toBe('its head repository is unknown');
  });
});
