import type { RootContent } from 'mdast';
import { readSimpleFieldList } from './fast-field-list.js';
import type { LineIndex } from './source.js';

/**
 * True when the body of a stage segment, `src[start, end)`, is a field list
 * the fast reader reads with its fenced code blocks (the common
 * `- **Validation:**` + indented ```` ``` ```` shape), and every risky line
 * of the segment lies inside one of those blocks. Such a fence is closed
 * inside its list item, so it can neither hide a heading nor swallow the line
 * after the segment: the segment needs no micromark pass in the outline.
 */
export function risksAreNestedFences(
  src: string,
  start: number,
  end: number,
  lines: LineIndex,
  riskyLines: readonly number[],
): boolean {
  const list = readSimpleFieldList(src, start, end, lines, { fencedCode: true });
  if (!list) return false;
  const fences: Array<[number, number]> = [];
  for (const item of list.items) collectFences(item.nested, fences);
  return riskyLines.every((line) => fences.some(([from, to]) => line >= from && line <= to));
}

function collectFences(nodes: readonly RootContent[], out: Array<[number, number]>): void {
  for (const node of nodes) {
    if (node.type === 'code' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      // From the start of the opening line: the risky offsets are line starts.
      out.push([node.position.start.offset - (node.position.start.column - 1), node.position.end.offset]);
    } else if (node.type === 'list') {
      for (const item of node.children) collectFences(item.children, out);
    }
  }
}
