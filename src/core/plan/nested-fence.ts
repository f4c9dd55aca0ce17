import type { Code } from 'mdast';
import type { LineIndex } from './source.js';

/**
 * A fenced code block inside a list item whose content is indented by
 * `indent` spaces, read straight from the lines with CommonMark's rules, for
 * the common shape only: the opening fence indented by `indent` plus 0-3
 * spaces, every later line blank or indented by at least `indent`, no tab
 * anywhere, an info string with no escape or entity, and a closing fence
 * before the item ends. Anything else returns null and the caller lets
 * micromark read the item (an unclosed fence included: it ends with its item,
 * and that is micromark's call).
 */
export function readNestedFence(
  src: string,
  at: number,
  end: number,
  indent: number,
  lines: LineIndex,
): { node: Code; next: number } | null {
  const opening = lineText(src, at, end);
  const open = FENCE_OPEN.exec(opening.slice(indent));
  if (!open || opening.slice(0, indent).trim() !== '' || opening.includes('\t')) return null;
  const extra = (open[1] as string).length;
  const fence = open[2] as string;
  const info = (open[3] as string).trim();
  if ((fence[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) return null;
  const values: string[] = [];
  for (let line = nextLine(src, at, end); line < end; line = nextLine(src, line, end)) {
    const text = lineText(src, line, end);
    if (text.includes('\t')) return null;
    const blank = text.trim() === '';
    if (!blank && !text.startsWith(' '.repeat(indent))) return null; // the item ends and leaves the fence open
    const inner = text.slice(Math.min(indent, leadingSpaces(text)));
    const close = FENCE_CLOSE.exec(inner);
    if (close && (close[1] as string)[0] === fence[0] && (close[1] as string).length >= fence.length) {
      const lineEnd = line + text.length;
      const space = info.search(/[ \t]/);
      return {
        node: {
          type: 'code',
          lang: info === '' ? null : space === -1 ? info : info.slice(0, space),
          meta: space === -1 ? null : info.slice(space).trim() || null,
          value: values.join('\n'),
          position: { start: lines.point(at + indent + extra), end: lines.point(lineEnd) },
        },
        next: lineEnd + 1,
      };
    }
    values.push(inner.slice(Math.min(extra, leadingSpaces(inner))));
  }
  return null;
}

/** Whether the line at `at` opens a fence for content indented by `indent` (what ends a nested list before it). */
export function opensNestedFence(src: string, at: number, end: number, indent: number): boolean {
  const text = lineText(src, at, end);
  return text.slice(0, indent).trim() === '' && FENCE_OPEN.test(text.slice(indent));
}

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

function lineText(src: string, at: number, end: number): string {
  const newline = src.indexOf('\n', at);
  return src.slice(at, newline === -1 || newline > end ? end : newline);
}

function nextLine(src: string, at: number, end: number): number {
  return at + lineText(src, at, end).length + 1;
}

function leadingSpaces(text: string): number {
  return /^ */.exec(text)?.[0].length ?? 0;
}
