import type { Nodes, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import type { LineIndex } from './source.js';

// Built once. The front-matter extension is only enabled for text that has
// front matter: a failed attempt on a leading `---` line makes micromark
// (micromark-extension-frontmatter 2.0.0) read every later `-` list as a
// paragraph.
const options = {
  commonmark: {},
  gfm: { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] },
  frontMatter: { extensions: [frontmatter(['yaml'])], mdastExtensions: [frontmatterFromMarkdown(['yaml'])] },
};

export type Dialect = 'commonmark' | 'gfm' | 'frontMatter';

/**
 * Parses `src[start, end)` as a stand-alone CommonMark document (`gfm` adds
 * tables and the other GitHub extensions, `frontMatter` YAML front matter)
 * and returns its top-level nodes with positions relative to the whole of
 * `src`. `start` must be the start of a line, so columns need no correction.
 *
 * Parsing a range instead of the whole file is what keeps big plans fast:
 * micromark's cost grows faster than linearly with the number of lists in one
 * document. Callers only cut ranges at boundaries where the result is the same
 * as in the whole document (see outline.ts).
 */
export function parseMarkdownRange(
  src: string,
  start: number,
  end: number,
  lines: LineIndex,
  dialect: Dialect,
): RootContent[] {
  const root = fromMarkdown(src.slice(start, end), options[dialect]);
  if (start !== 0) {
    const lineShift = lines.position(start).line - 1;
    shiftPositions(root, lineShift, start);
  }
  return root.children;
}

function shiftPositions(node: Nodes, lineShift: number, offsetShift: number): void {
  const position = node.position;
  if (position) {
    position.start.line += lineShift;
    position.end.line += lineShift;
    if (position.start.offset !== undefined) position.start.offset += offsetShift;
    if (position.end.offset !== undefined) position.end.offset += offsetShift;
  }
  if ('children' in node) {
    for (const child of node.children) shiftPositions(child, lineShift, offsetShift);
  }
}
