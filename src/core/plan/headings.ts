import type { Heading } from 'mdast';
import type { LineIndex } from './source.js';

/** Offsets of a heading's inline content: no `#` markers, no closing sequence. */
export function headingContentRange(heading: Heading): { start: number; end: number } {
  const first = heading.children[0];
  const last = heading.children[heading.children.length - 1];
  if (!first?.position || !last?.position) {
    const end = heading.position?.end.offset ?? 0;
    return { start: end, end };
  }
  return { start: first.position.start.offset ?? 0, end: last.position.end.offset ?? 0 };
}

/** The heading's inline Markdown exactly as written. */
export function headingSource(src: string, heading: Heading): string {
  const { start, end } = headingContentRange(heading);
  return src.slice(start, end);
}

const ATX_OPEN = /^(#{1,6})(?:[ \t]+|$)/;
const CLOSING_SEQUENCE = /[ \t]+#+[ \t]*$/;

/**
 * Builds the mdast node micromark would build for an unindented ATX heading
 * line, without running micromark. Only used for lines outline.ts has proven
 * to be top-level headings.
 */
export function atxHeadingNode(src: string, lineStart: number, lines: LineIndex): Heading | null {
  const newline = src.indexOf('\n', lineStart);
  const lineEnd = newline === -1 ? src.length : newline;
  const line = src.slice(lineStart, lineEnd);
  const open = ATX_OPEN.exec(line);
  if (!open) return null;
  let content = line.slice(open[0].length);
  content = /^#+[ \t]*$/.test(content) ? '' : content.replace(CLOSING_SEQUENCE, '').replace(/[ \t]+$/, '');
  const contentStart = lineStart + open[0].length;
  const contentEnd = contentStart + content.length;
  const trailingEnd = lineStart + line.replace(/[ \t]+$/, '').length;
  return {
    type: 'heading',
    depth: (open[1] as string).length as Heading['depth'],
    children: content
      ? [{ type: 'text', value: content, position: { start: lines.point(contentStart), end: lines.point(contentEnd) } }]
      : [],
    position: { start: lines.point(lineStart), end: lines.point(trailingEnd) },
  };
}
