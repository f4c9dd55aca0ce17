import type { RootContent } from 'mdast';
import { readSimpleFieldList } from './fast-field-list.js';
import type { FieldList } from './field-items.js';
import type { LineIndex } from './source.js';

/**
 * The field list, when the body of a stage segment, `src[start, end)`, is one
 * the fast reader reads with its fenced code blocks (the common
 * `- **Validation:**` + indented ```` ``` ```` shape) and every risky line of
 * the segment lies inside one of those blocks; else null. Such a fence is
 * closed inside its list item, so it can neither hide a heading nor swallow
 * the line after the segment: the segment needs no micromark pass in the
 * outline, and the stage reader takes the list as read here.
 */
export function fieldListWithSafeFences(
  src: string,
  start: number,
  end: number,
  lines: LineIndex,
  riskyLines: readonly number[],
): FieldList | null {
  const list = readSimpleFieldList(src, start, end, lines, { fencedCode: true });
  if (!list) return null;
  const fences: Array<[number, number]> = [];
  for (const item of list.items) collectFences(item.nested, fences);
  return riskyLines.every((line) => fences.some(([from, to]) => line >= from && line <= to)) ? list : null;
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
