import type { RootContent } from 'mdast';

/**
 * True when `node`, the last top-level node of a parsed range, would swallow
 * the line that follows the range. Only two leaf blocks can absorb an
 * unindented ATX heading line: a fenced code block that has not been closed
 * and an HTML block whose end condition has not been met. Every container
 * (list, block quote) is closed by an unindented line that is not a paragraph
 * continuation, and a heading line never is one.
 */
export function swallowsNextLine(node: RootContent, src: string, rangeEnd: number): boolean {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? 0;
  const raw = src.slice(start, end);
  if (node.type === 'code') return isUnclosedFence(raw);
  if (node.type === 'html') return isOpenHtmlBlock(raw, src.slice(end, rangeEnd));
  return false;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

function isUnclosedFence(raw: string): boolean {
  const open = FENCE_OPEN.exec(raw);
  if (!open) return false; // indented code ends at any unindented line
  const fence = open[1] as string;
  const lastBreak = raw.lastIndexOf('\n');
  if (lastBreak === -1) return true; // only the opening line
  const lastLine = raw.slice(lastBreak + 1);
  const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lastLine);
  return !(close && (close[1] as string)[0] === fence[0] && (close[1] as string).length >= fence.length);
}

// CommonMark HTML block kinds 1-5 end on a terminator; kinds 6-7 end at a blank line.
const TERMINATED_KINDS: Array<[RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

function isOpenHtmlBlock(raw: string, after: string): boolean {
  const lastLine = raw.slice(raw.lastIndexOf('\n') + 1);
  for (const [opener, terminator] of TERMINATED_KINDS) {
    if (opener.test(raw)) {
      // The block stops at the first line holding the terminator, so it is
      // closed exactly when its last line holds one (the first line counts
      // only after the opener itself).
      const checked = raw.includes('\n') ? lastLine : raw.replace(opener, '');
      return !terminator.test(checked);
    }
  }
  return !/\n[ \t]*\n/.test(after);
}
