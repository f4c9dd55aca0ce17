/**
 * Fenced code blocks, line by line, following the CommonMark rules that
 * matter here: a fence is three or more backticks or tildes indented by at
 * most three spaces; it is closed by a line of the same character, at least
 * as long, with nothing after it. Both the prompt check (which must ignore
 * text inside blocks) and the result parsers (which read one block) rely on
 * this, so they agree on where a block starts and ends.
 */

export interface FenceOpening {
  char: '`' | '~';
  length: number;
  /** Spaces before the fence; CommonMark removes up to this many from each content line. */
  indent: number;
  info: string;
}

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** The fence a line opens, or null when it opens none. */
export function fenceOpening(line: string): FenceOpening | null {
  const match = OPENING.exec(line);
  if (!match) return null;
  const [, indent = '', fence = '', info = ''] = match;
  const char = fence.startsWith('`') ? '`' : '~';
  // A backtick in the info string would make the line an inline code span, not a fence.
  if (char === '`' && info.includes('`')) return null;
  return { char, length: fence.length, indent: indent.length, info: info.trim() };
}

/** Whether `line` closes the block that `open` started. */
export function closesFence(line: string, open: FenceOpening): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  const fence = match?.[1];
  return fence !== undefined && fence.startsWith(open.char) && fence.length >= open.length;
}

/**
 * For each line, whether it belongs to a fenced code block (the fence lines
 * included). A block left open runs to the end, as CommonMark reads it.
 */
export function fencedLineMask(lines: readonly string[]): boolean[] {
  const mask: boolean[] = [];
  let open: FenceOpening | null = null;
  for (const line of lines) {
    if (open) {
      mask.push(true);
      if (closesFence(line, open)) open = null;
      continue;
    }
    open = fenceOpening(line);
    mask.push(open !== null);
  }
  return mask;
}

/** Splits text into lines, accepting LF, CRLF and lone CR endings. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n?|\n/);
}
