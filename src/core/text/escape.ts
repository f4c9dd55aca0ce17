/**
 * Escaping for text we did not write (agent output, command output, titles
 * from a plan) before it goes into Markdown that GitHub renders. The goals:
 * no `@mention` notifies anyone, no HTML is interpreted, and no character can
 * open a heading, list, table cell, link or code block that breaks our layout.
 */

// Colour codes and cursor movement from command output.
// eslint-disable-next-line no-control-regex -- matching the escape character is the point
const ANSI_SEQUENCE = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
// Control characters other than tab and newline, C1 controls, bidi overrides
// (which can make text read differently than it is) and zero-width characters
// (which can hide text or defeat the mention guard below).
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

// The union of what stripInvisible removes: CR, ESC and INVISIBLE (which includes both, so it is INVISIBLE without `g`).
const ANY_INVISIBLE = new RegExp(INVISIBLE.source);

/**
 * Code under review with every invisible or control character named
 * (`<U+200B>`), not removed: a reviewer must see that `name` and `name\u200b`
 * differ, or that a line holds a bidi override.
 */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`);
}

/** Removes ANSI sequences and invisible or control characters; normalises line endings to LF. */
export function stripInvisible(text: string): string {
  // Most text has none of these; one scan to find out is cheaper than three replaces.
  if (!ANY_INVISIBLE.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(ANSI_SEQUENCE, '').replace(INVISIBLE, '');
}

const ZERO_WIDTH_SPACE = '\u200b';

// `@name` and `@org/team` notify on GitHub; a zero-width space after the `@`
// keeps the text readable while no longer matching the mention syntax.
const MENTION = /@(?=[A-Za-z0-9])/g;

function breakMentions(text: string): string {
  return text.replace(MENTION, `@${ZERO_WIDTH_SPACE}`);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// Markdown punctuation that can start emphasis, links, code, strikethrough or table cells anywhere in a line.
const INLINE_SPECIAL = /[\\`*_[\]~|&<>]/g;

function escapeInlineChars(text: string): string {
  return text.replace(INLINE_SPECIAL, (ch) => HTML_ENTITIES[ch] ?? `\\${ch}`);
}

// Characters that only matter at the start of a line: headings, quotes, lists, setext underlines, thematic breaks.
const LINE_START_MARKER = /^([#>+\-=*]|\d{1,9}(?=[.)]))/;

function escapeLineStart(line: string): string {
  const trimmed = line.replace(/^[ \t]+/, ''); // leading indentation would start a code block
  return trimmed.replace(LINE_START_MARKER, (marker) => (/^\d/.test(marker) ? `${marker}\\` : `\\${marker}`));
}

/**
 * Text for a single-line position (a title, a table cell, a list item):
 * line breaks become spaces and every Markdown/HTML special character is
 * neutralised.
 */
export function escapeInline(text: string): string {
  const oneLine = stripInvisible(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return breakMentions(escapeLineStart(escapeInlineChars(oneLine)));
}

/**
 * Multi-line text as a paragraph block that keeps the author's line breaks
 * (hard breaks) and blank lines, with nothing interpreted as Markdown or HTML.
 */
export function escapeBlock(text: string): string {
  const lines = stripInvisible(text).split('\n');
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    out.push(breakMentions(escapeLineStart(escapeInlineChars(line))));
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  // Two trailing spaces make a hard line break, except before a blank line or at the end.
  return out
    .map((line, i) => (line !== '' && out[i + 1] !== undefined && out[i + 1] !== '' ? `${line}  ` : line))
    .join('\n');
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * A fenced code block that the content cannot close: the fence is longer than
 * any backtick run inside. Code blocks render nothing as Markdown, HTML or a
 * mention, which makes them the right home for command output.
 */
export function codeBlock(text: string, info = ''): string {
  const body = stripInvisible(text).replace(/\n+$/, '');
  const fence = fenceFor(body);
  return `${fence}${info}\n${body}\n${fence}`;
}

/** A backtick fence that no backtick run in `text` can close. */
export function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
}

/**
 * An inline code span for a path or a command. In a table cell a `|` ends the
 * cell even inside code, so it is escaped there (GFM allows `\|` in spans).
 */
export function inlineCode(text: string, opts: { inTable?: boolean } = {}): string {
  let body = stripInvisible(text).replace(/\s*\n\s*/g, ' ');
  if (opts.inTable) body = body.replace(/\|/g, '\\|');
  if (body === '') return '` `';
  const fence = '`'.repeat(longestBacktickRun(body) + 1);
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * Text for a quoted Mermaid node label (`id["…"]`). Mermaid decodes `#name;`
 * entities itself, so the quote, angle brackets and the entity sigil are
 * written that way; backticks would switch on Mermaid's Markdown strings.
 */
export function mermaidLabel(text: string): string {
  return stripInvisible(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/#/g, '#35;')
    .replace(/"/g, '#quot;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/`/g, '#96;')
    .replace(/&/g, '#amp;');
}

/** Plain text (no Markdown), as the Checks API shows annotation messages: only invisible characters go. */
export function plainText(text: string): string {
  return stripInvisible(text);
}

/**
 * A URL safe to put in a Markdown link target, or null when it is not an
 * http(s) URL. Parentheses and spaces are percent-encoded so the target
 * cannot end early and let the rest be read as Markdown.
 */
export function linkTarget(url: string): string | null {
  if (!/^https?:\/\/[^\s<>]+$/i.test(url)) return null;
  return url.replace(/[()[\]]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}
