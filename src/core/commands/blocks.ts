/**
 * The top-level paragraphs of a comment, found the way GitHub's Markdown
 * (CommonMark with GFM) finds blocks, in one pass over the lines with a
 * fixed amount of state: no parser stack, no recursion, nothing that grows
 * with how deeply quotes or lists nest. Only the document level matters to
 * okstra (a command is a line of a top-level paragraph), so everything
 * inside a container (block quote, list item, footnote) is skipped as a
 * whole, and only what decides where a container ends is looked at.
 *
 * Where telling two readings apart would need a full parser (a line after a
 * fenced code block inside a list item, a paragraph that starts with a link
 * reference definition, a table's header), the reading that makes the line
 * NOT a top-level paragraph is taken: a command a reader does not see as
 * one must never run; a command missed there is simply written again.
 */

/** A top-level paragraph: its lines, 0-based, in order. */
export interface ParagraphBlock {
  lines: number[];
}

type State =
  | { kind: 'none' }
  | { kind: 'paragraph'; lines: number[] }
  | { kind: 'fence'; char: string; length: number }
  | { kind: 'html'; end: string | null }
  | { kind: 'indented' }
  | { kind: 'table' }
  /** A block quote (`contentIndent` null) or a list item / footnote (content at that column). */
  | { kind: 'container'; contentIndent: number | null; lastBlank: boolean };

interface Indent {
  /** Columns of leading whitespace, tabs to the next multiple of 4. */
  columns: number;
  /** Index of the first character that is not a space or a tab (the line's length when there is none). */
  at: number;
}

function indentOf(line: string): Indent {
  let columns = 0;
  let at = 0;
  for (; at < line.length; at++) {
    const ch = line.charCodeAt(at);
    if (ch === 0x20) columns++;
    else if (ch === 0x09) columns += 4 - (columns % 4);
    else break;
  }
  return { columns, at };
}

const isBlank = (line: string): boolean => indentOf(line).at === line.length;

/** A fence opener: 3+ backticks (info string without a backtick) or 3+ tildes. */
function fenceOpener(rest: string): { char: string; length: number } | null {
  const char = rest[0];
  if (char !== '`' && char !== '~') return null;
  let n = 0;
  while (rest[n] === char) n++;
  if (n < 3) return null;
  if (char === '`' && rest.includes('`', n)) return null;
  return { char, length: n };
}

function closesFence(line: string, fence: { char: string; length: number }): boolean {
  const { columns, at } = indentOf(line);
  if (columns > 3) return false;
  let n = 0;
  while (line[at + n] === fence.char) n++;
  return n >= fence.length && isBlank(line.slice(at + n));
}

const isAtxHeading = (rest: string): boolean => /^#{1,6}(?:[ \t]|$)/.test(rest);

/** `***`, `---`, `___`: three or more of one of them, spaces and tabs between allowed. */
function isThematicBreak(rest: string): boolean {
  const char = rest[0];
  if (char !== '*' && char !== '-' && char !== '_') return false;
  let count = 0;
  for (const ch of rest) {
    if (ch === char) count++;
    else if (ch !== ' ' && ch !== '\t') return false;
  }
  return count >= 3;
}

const isSetextUnderline = (rest: string): boolean => /^(?:=+|-+)[ \t]*$/.test(rest);

/** A GFM table delimiter row (`| --- | :-: |`); a bare `---` under a paragraph is a setext heading instead. */
function isTableDelimiter(rest: string): boolean {
  if (!rest.includes('-') || !(rest.includes('|') || rest.includes(':'))) return false;
  for (const ch of rest) if (ch !== '|' && ch !== ':' && ch !== '-' && ch !== ' ' && ch !== '\t') return false;
  return true;
}

/** A list item's marker: its content column, and whether the item is empty and whether it is an ordered item other than 1. */
function listMarker(
  line: string,
  ind: Indent,
): { contentIndent: number; empty: boolean; orderedNotOne: boolean } | null {
  const rest = line.slice(ind.at);
  const m = /^(?:([-+*])|([0-9]{1,9})[.)])(?=[ \t]|$)/.exec(rest);
  if (!m) return null;
  const markerEnd = ind.columns + m[0].length;
  const after = indentOf(line.slice(ind.at + m[0].length));
  const empty = ind.at + m[0].length + after.at === line.length;
  // Content starts after 1–4 spaces; with 5 or more (or none at all) it is one column after the marker.
  const gap = empty || after.columns > 4 ? 1 : after.columns;
  return { contentIndent: markerEnd + gap, empty, orderedNotOne: m[2] !== undefined && Number(m[2]) !== 1 };
}

const HTML_BLOCK_TAGS = new Set(
  'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul'.split(
    ' ',
  ),
);

/**
 * An HTML block's start (CommonMark's seven kinds): the text that ends it
 * (null: a blank line does), and whether it may interrupt a paragraph.
 */
function htmlBlockStart(rest: string): { end: string | null; interrupts: boolean } | null {
  if (rest[0] !== '<') return null;
  const raw = /^<(script|pre|style|textarea)(?=[\s>]|$)/i.exec(rest);
  if (raw) return { end: `</${(raw[1] as string).toLowerCase()}>`, interrupts: true };
  if (rest.startsWith('<!--')) return { end: '-->', interrupts: true };
  if (rest.startsWith('<?')) return { end: '?>', interrupts: true };
  if (rest.startsWith('<![CDATA[')) return { end: ']]>', interrupts: true };
  if (/^<![A-Za-z]/.test(rest)) return { end: '>', interrupts: true };
  const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s>]|\/>|$)/.exec(rest);
  if (tag && HTML_BLOCK_TAGS.has((tag[1] as string).toLowerCase())) return { end: null, interrupts: true };
  // Kind 7: any other complete tag alone on its line.
  if (
    /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$/.test(
      rest.length > 4096 ? '' : rest,
    )
  ) {
    return { end: null, interrupts: false };
  }
  return null;
}

/** Whether the line starts a block that ends a paragraph before it (so it is not a paragraph's next or lazy line). */
function interruptsParagraph(line: string): boolean {
  const ind = indentOf(line);
  if (ind.columns > 3 || ind.at === line.length) return false;
  const rest = line.slice(ind.at);
  if (fenceOpener(rest) || isAtxHeading(rest) || isThematicBreak(rest) || rest[0] === '>' || isFootnoteDefinition(rest))
    return true;
  const html = htmlBlockStart(rest);
  if (html?.interrupts) return true;
  const item = listMarker(line, ind);
  return item !== null && !item.empty && !item.orderedNotOne;
}

/** `[^label]:` opens a GFM footnote definition, a container whose content is indented by 4. */
const isFootnoteDefinition = (rest: string): boolean => /^\[\^[^\]\s]{1,999}\]:/.test(rest);
/** `[label]:` may open a link reference definition, which is not a paragraph. */
const mayBeDefinition = (rest: string): boolean => rest[0] === '[' && rest.includes(']:');

/** The top-level paragraphs of `lines` (a comment split on `\n`), in order. */
export function topLevelParagraphs(lines: readonly string[]): ParagraphBlock[] {
  const out: ParagraphBlock[] = [];
  let state: State = { kind: 'none' };
  const close = (s: State, visible: boolean): void => {
    if (s.kind !== 'paragraph' || !visible) return;
    const first = lines[s.lines[0] as number] as string;
    if (!mayBeDefinition(first.slice(indentOf(first).at))) out.push({ lines: s.lines });
  };
  for (let i = 0; i < lines.length; i++) {
    const next = step(state, lines[i] as string, i);
    if (next.closed !== null) close(state, next.closed);
    state = next.state;
  }
  close(state, true);
  return out;
}

/** What a line seen with no open block starts. */
function blockStart(line: string, i: number): State {
  const ind = indentOf(line);
  if (ind.at === line.length) return { kind: 'none' };
  if (ind.columns > 3) return { kind: 'indented' };
  const rest = line.slice(ind.at);
  const fence = fenceOpener(rest);
  if (fence) return { kind: 'fence', ...fence };
  if (isAtxHeading(rest) || isThematicBreak(rest)) return { kind: 'none' };
  if (rest[0] === '>') return { kind: 'container', contentIndent: null, lastBlank: false };
  const item = listMarker(line, ind);
  if (item) return { kind: 'container', contentIndent: item.contentIndent, lastBlank: item.empty };
  if (isFootnoteDefinition(rest)) return { kind: 'container', contentIndent: ind.columns + 4, lastBlank: false };
  const html = htmlBlockStart(rest);
  if (html) return html.end !== null && rest.includes(html.end, 2) ? { kind: 'none' } : { kind: 'html', end: html.end };
  return { kind: 'paragraph', lines: [i] };
}

/**
 * The block state after line `i`. `closed` says whether an open paragraph
 * ended here and whether it shows as one (false: it became a setext heading
 * or a table header); null when no paragraph ended.
 */
function step(s: State, line: string, i: number): { state: State; closed: boolean | null } {
  const blank = isBlank(line);
  const same = { state: s, closed: null };
  switch (s.kind) {
    case 'none':
      return { state: blockStart(line, i), closed: null };
    case 'paragraph': {
      if (blank) return { state: { kind: 'none' }, closed: true };
      const ind = indentOf(line);
      const rest = line.slice(ind.at);
      if (ind.columns <= 3 && isSetextUnderline(rest)) return { state: { kind: 'none' }, closed: false };
      if (ind.columns <= 3 && isTableDelimiter(rest)) return { state: { kind: 'table' }, closed: false };
      if (interruptsParagraph(line)) return { state: blockStart(line, i), closed: true };
      s.lines.push(i);
      return same;
    }
    case 'fence':
      return closesFence(line, s) ? { state: { kind: 'none' }, closed: null } : same;
    case 'html':
      return (s.end === null ? blank : line.includes(s.end)) ? { state: { kind: 'none' }, closed: null } : same;
    case 'indented':
      return !blank && indentOf(line).columns < 4 ? { state: blockStart(line, i), closed: null } : same;
    case 'table':
      if (blank) return { state: { kind: 'none' }, closed: null };
      return interruptsParagraph(line) ? { state: blockStart(line, i), closed: null } : same;
    case 'container':
      return { state: containerStep(s, line, i, blank), closed: null };
  }
}

/** A block quote, list item or footnote goes on while its lines are indented (or lazily continue); else a new block starts. */
function containerStep(s: Extract<State, { kind: 'container' }>, line: string, i: number, blank: boolean): State {
  const ind = indentOf(line);
  if (s.contentIndent === null) {
    // A block quote goes on while lines start with `>`, and lazily over a line that does not start a block.
    if (blank) return { kind: 'none' };
    if (ind.columns <= 3 && line[ind.at] === '>') s.lastBlank = false;
    else if (interruptsParagraph(line)) return blockStart(line, i);
    return s;
  }
  if (blank) {
    s.lastBlank = true;
    return s;
  }
  if (ind.columns >= s.contentIndent) s.lastBlank = false;
  else if (!s.lastBlank && !interruptsParagraph(line)) s.lastBlank = false;
  else return blockStart(line, i);
  return s;
}
