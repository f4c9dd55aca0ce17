import type { RootContent } from 'mdast';
import { fieldListWithSafeFences } from './fenced-segment.js';
import type { FieldList } from './field-items.js';
import { atxHeadingNode } from './headings.js';
import { parseMarkdownRange } from './markdown.js';
import { swallowsNextLine } from './open-leaf-block.js';
import type { LineIndex } from './source.js';
import { pushAll } from '../arrays.js';

/**
 * Text micromark has not parsed yet, known to hold no top-level heading of
 * depth 1-3 and nothing that could swallow the line after it. Consumers parse
 * it on demand (materialise) or read it with the fast field-list reader.
 */
export interface OpaqueRange {
  type: 'opaque';
  start: number;
  end: number;
  /** The range's field list, when the outline already read it (a stage whose fences it had to check): read once. */
  fieldList?: FieldList;
}

export type OutlineNode = RootContent | OpaqueRange;

/**
 * `whole-document` hands the file to micromark in one piece (the reference).
 * `segmented` cuts it at unindented ATX headings of depth 1-3 and parses only
 * the pieces that hold a construct able to hide or swallow a heading; the
 * result is the same, but it scales linearly (see the plan benchmark).
 */
export type OutlineStrategy = 'segmented' | 'whole-document';

export function buildOutline(src: string, lines: LineIndex, strategy: OutlineStrategy): OutlineNode[] {
  const bodyStart = frontMatterEnd(src);
  const firstDialect = bodyStart > 0 ? 'frontMatter' : 'commonmark';
  if (strategy === 'whole-document') return parseMarkdownRange(src, 0, src.length, lines, firstDialect);
  const { cuts, risky } = scanLines(src, bodyStart);
  const out: OutlineNode[] = [];
  let riskyAt = 0;
  // Segment 0 (before the first cut) may hold front matter: always parsed.
  let segment = 0;
  const bounds = [0, ...cuts, src.length];
  while (segment < bounds.length - 1) {
    const start = bounds[segment] as number;
    let next = segment + 1;
    let end = bounds[next] as number;
    if (start === end) {
      segment = next;
      continue;
    }
    const firstLineEnd = lineEnd(src, start);
    while (riskyAt < risky.length && (risky[riskyAt] as number) <= firstLineEnd) riskyAt++;
    const isRisky = segment === 0 || (riskyAt < risky.length && (risky[riskyAt] as number) < end);
    const heading = segment === 0 ? null : atxHeadingNode(src, start, lines);
    if (!isRisky && heading) {
      out.push(heading);
      if (/\S/.test(src.slice(firstLineEnd, end))) out.push({ type: 'opaque', start: firstLineEnd + 1, end });
      segment = next;
      continue;
    }
    if (heading && segment > 0) {
      const risks: number[] = [];
      for (let at = riskyAt; at < risky.length && (risky[at] as number) < end; at++) risks.push(risky[at] as number);
      const fieldList = fieldListWithSafeFences(src, firstLineEnd + 1, end, lines, risks);
      if (fieldList) {
        out.push(heading, { type: 'opaque', start: firstLineEnd + 1, end, fieldList });
        riskyAt += risks.length;
        segment = next;
        continue;
      }
    }
    const dialect = start === 0 ? firstDialect : 'commonmark';
    let nodes = parseMarkdownRange(src, start, end, lines, dialect);
    while (next < bounds.length - 1 && endsInOpenLeafBlock(nodes, src, end)) {
      next++;
      end = bounds[next] as number;
      nodes = parseMarkdownRange(src, start, end, lines, dialect);
    }
    while (riskyAt < risky.length && (risky[riskyAt] as number) < end) riskyAt++;
    pushAll(out, nodes);
    segment = next;
  }
  return out;
}

/** Turns opaque ranges into parsed nodes, for consumers that need the tree. */
export function materialise(nodes: readonly OutlineNode[], src: string, lines: LineIndex): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) {
    if (node.type === 'opaque') pushAll(out, parseMarkdownRange(src, node.start, node.end, lines, 'commonmark'));
    else out.push(node);
  }
  return out;
}

export function outlineStart(node: OutlineNode): number {
  return node.type === 'opaque' ? node.start : (node.position?.start.offset ?? 0);
}

function endsInOpenLeafBlock(nodes: readonly RootContent[], src: string, end: number): boolean {
  const last = nodes[nodes.length - 1];
  return last !== undefined && swallowsNextLine(last, src, end);
}

function lineEnd(src: string, from: number): number {
  const newline = src.indexOf('\n', from);
  return newline === -1 ? src.length : newline;
}

/** Where YAML front matter (micromark-extension-frontmatter rules) ends, or 0. */
function frontMatterEnd(src: string): number {
  const match = /^---[ \t]*\n(?:[^]*?\n)?---[ \t]*(?:\n|$)/.exec(src);
  return match ? match[0].length : 0;
}

/**
 * One pass over the lines after the front matter. It returns:
 *
 * - `cuts`: unindented `#`, `##` and `###` lines outside fenced code. Such a
 *   line is a top-level heading unless an open HTML block swallows it, which
 *   the caller rules out by parsing the range before any risky line.
 * - `risky`: lines that may open an HTML block or a fence we do not track, or
 *   be a heading the cuts do not see (indented ATX, setext underline). A
 *   segment holding one is parsed by micromark instead of being trusted.
 *
 * Fences that start in column 1 are tracked here with CommonMark's rules, so
 * the common code block in a stage body neither hides a cut nor makes its
 * segment risky. Such a fence is always top-level: an unindented line closes
 * every open list and block quote, and only an HTML block (a risky line)
 * could swallow it.
 */
function scanLines(src: string, from: number): { cuts: number[]; risky: number[] } {
  const cuts: number[] = [];
  const risky: number[] = [];
  let fence: { char: string; length: number } | null = null;
  let previousIsText = false;
  for (let start = from; start < src.length;) {
    const newline = src.indexOf('\n', start);
    const end = newline === -1 ? src.length : newline;
    const line = src.slice(start, end);
    if (fence) {
      const close = FENCE_CLOSE.exec(line);
      if (close && (close[1] as string)[0] === fence.char && (close[1] as string).length >= fence.length) fence = null;
      previousIsText = false;
    } else {
      const open = FENCE_OPEN.exec(line);
      if (open) {
        const marker = (open[1] ?? open[2]) as string;
        fence = { char: marker[0] as string, length: marker.length };
        previousIsText = false;
      } else {
        if (CUT.test(line)) cuts.push(start);
        else if (RISKY.test(line) || (previousIsText && SETEXT_UNDERLINE.test(line))) risky.push(start);
        previousIsText = /\S/.test(line) && !ATX.test(line);
      }
    }
    start = end + 1;
  }
  return { cuts, risky };
}

const FENCE_OPEN = /^(`{3,})[^`]*$|^(~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const CUT = /^#{1,3}(?:[ \t]|$)/;
const ATX = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const RISKY = /^(?: {0,3}(?:`{3}|~{3}|<)| {1,3}#{1,6}(?:[ \t]|$))/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
