import type { Code, InlineCode, List, ListItem, Paragraph, PhrasingContent, Text } from 'mdast';
import { findCodeSpans } from './code-spans.js';
import { isFieldList, readFieldKey, type FieldItem, type FieldList } from './field-items.js';
import { opensNestedFence, readNestedFence } from './nested-fence.js';
import type { LineIndex } from './source.js';

/**
 * Reads the field list of a stage straight from the lines, for the common
 * shape only: optional plain paragraphs, then a list of one-line items with
 * the same bullet, each `- key: value` in simple inline Markdown, optionally
 * with nested lists of one-line items indented by two spaces per level.
 * With `fencedCode`, an item may also hold fenced code blocks (readNestedFence)
 * before, between or after its nested lists. Anything else returns null and
 * the caller lets micromark parse the stage; the equivalence tests hold both
 * paths to the same result.
 *
 * This exists for speed: micromark needs about half a millisecond for a
 * typical stage, far too slow for a plan with hundreds of stages.
 */
export function readSimpleFieldList(
  src: string,
  start: number,
  end: number,
  lines: LineIndex,
  options: { fencedCode?: boolean } = {},
): FieldList | null {
  const reader = new LineReader(src, end, lines, options.fencedCode === true);
  let at = start;
  // Preamble: blank lines and paragraphs whose lines start with a letter,
  // which can neither open a block nor continue one in a surprising way.
  for (;;) {
    if (at >= end) return null;
    const text = reader.text(at);
    if (text.startsWith('- ') || text.startsWith('* ') || text.startsWith('+ ')) break;
    if (text.trim() !== '' && !/^\p{L}/u.test(text)) return null;
    at = reader.next(at);
  }
  const marker = src[at] as string;
  const items: FieldItem[] = [];
  for (;;) {
    const item = reader.item(at, 0, marker);
    if (!item) return null;
    const children = reader.blocks(reader.next(at), 2);
    if (!children) return null;
    items.push(fieldItem(item, children.nodes, src));
    at = children.next;
    if (at >= end) break;
    if (reader.text(at).trim() !== '') {
      if (reader.text(at).startsWith(`${marker} `)) continue;
      return null; // lazy continuation or an interrupting block: let micromark decide
    }
    while (at < end && reader.text(at).trim() === '') at = reader.next(at);
    if (at >= end) break;
    const resumed = reader.text(at);
    if (/^[ \t]/.test(resumed)) return null; // content of the last item after a blank line
    if (resumed[0] === marker && /^.(?:[ \t]|$)/.test(resumed)) continue; // same bullet: the list goes on (loose)
    break;
  }
  if (!isFieldList(items)) return null;
  return { start: (items[0] as FieldItem).start, end: (items[items.length - 1] as FieldItem).end, items };
}

/** A one-line list item: where it starts, where its content starts and ends. */
interface SimpleItem {
  start: number;
  contentStart: number;
  contentEnd: number;
}

// Characters that could start an escape, HTML, an autolink, a link or a tab stop.
const UNSIMPLE = /[\\<[&\t]/;
const PLAIN_START = /^(?:\*\*|__)?[\p{L}\d`"'(]/u;
const ORDERED_MARKER = /^\d{1,9}[.)](?:[ \t]|$)/;

class LineReader {
  constructor(
    private readonly src: string,
    private readonly end: number,
    private readonly lines: LineIndex,
    private readonly fencedCode: boolean,
  ) {}

  text(at: number): string {
    return this.src.slice(at, this.lineEnd(at));
  }

  next(at: number): number {
    return this.lineEnd(at) + 1;
  }

  /** `<indent spaces><marker> <simple content>`, or null. */
  item(at: number, indent: number, marker: string): SimpleItem | null {
    const line = this.text(at);
    const contentAt = indent + 2;
    if (line.length <= contentAt || line[indent] !== marker || line[indent + 1] !== ' ' || line[contentAt] === ' ')
      return null;
    if (indent > 0 && line.slice(0, indent).trim() !== '') return null;
    const content = line.slice(contentAt).replace(/[ \t]+$/, '');
    if (UNSIMPLE.test(content) || ORDERED_MARKER.test(content)) return null;
    if (!readFieldKey(content) && !PLAIN_START.test(content)) return null;
    return { start: at + indent, contentStart: at + contentAt, contentEnd: at + contentAt + content.length };
  }

  /**
   * The blocks below an item's first line whose content is indented by
   * `indent` spaces: a nested list indented by exactly `indent` (and, with
   * `fencedCode`, fenced code blocks), up to the first line indented less.
   * Returns null (give up) on any other indented line.
   */
  blocks(at: number, indent: number): { nodes: Array<List | Code>; next: number } | null {
    const nodes: Array<List | Code> = [];
    while (this.indentation(at) >= indent) {
      if (this.fencedCode && this.indentation(at) <= indent + 3) {
        const fence = readNestedFence(this.src, at, this.end, indent, this.lines);
        if (fence) {
          nodes.push(fence.node);
          at = fence.next;
          continue;
        }
      }
      const list = this.nestedList(at, indent);
      if (!list) return null;
      nodes.push(list.list);
      at = list.next;
    }
    return { nodes, next: at };
  }

  /** A list indented by exactly `indent` spaces starting at `at`, with its own nested blocks, or null. */
  private nestedList(at: number, indent: number): { list: List; next: number } | null {
    const marker = this.text(at)[indent];
    if (marker !== '-' && marker !== '*' && marker !== '+') return null;
    const children: ListItem[] = [];
    while (this.indentation(at) >= indent) {
      const item = this.item(at, indent, marker);
      if (!item) {
        // A fence at this depth closes the list and belongs to the item around it.
        if (this.fencedCode && children.length > 0 && opensNestedFence(this.src, at, this.end, indent)) break;
        return null;
      }
      const nested = this.blocks(this.next(at), indent + 2);
      if (!nested) return null;
      children.push(this.listItemNode(item, nested.nodes));
      at = nested.next;
    }
    const first = children[0] as ListItem;
    const last = children[children.length - 1] as ListItem;
    return {
      list: {
        type: 'list',
        ordered: false,
        start: null,
        spread: false,
        children,
        position: { start: point(first), end: endPoint(last) },
      },
      next: at,
    };
  }

  /** Leading spaces of a non-blank line; -1 past the end or for a blank line, Infinity for a tab (never simple). */
  private indentation(at: number): number {
    if (at >= this.end) return -1;
    const text = this.text(at);
    if (text.trim() === '') return -1;
    const spaces = /^ */.exec(text)?.[0].length ?? 0;
    return text[spaces] === '\t' ? Number.POSITIVE_INFINITY : spaces;
  }

  private listItemNode(item: SimpleItem, nested: ReadonlyArray<List | Code>): ListItem {
    const paragraph = this.paragraphNode(item.contentStart, item.contentEnd);
    return {
      type: 'listItem',
      spread: false,
      checked: null,
      children: [paragraph, ...nested],
      position: { start: this.lines.point(item.start), end: endPoint(nested[nested.length - 1] ?? paragraph) },
    };
  }

  /** Text and inline code only: the field readers look at nothing else. */
  private paragraphNode(start: number, end: number): Paragraph {
    const children: PhrasingContent[] = [];
    let at = start;
    for (const span of findCodeSpans(this.src.slice(start, end), start)) {
      if (span.start > at) children.push(this.textNode(at, span.start));
      const code: InlineCode = {
        type: 'inlineCode',
        value: span.value,
        position: { start: this.lines.point(span.start), end: this.lines.point(span.end) },
      };
      children.push(code);
      at = span.end;
    }
    if (end > at) children.push(this.textNode(at, end));
    return { type: 'paragraph', children, position: { start: this.lines.point(start), end: this.lines.point(end) } };
  }

  private textNode(start: number, end: number): Text {
    return {
      type: 'text',
      value: this.src.slice(start, end),
      position: { start: this.lines.point(start), end: this.lines.point(end) },
    };
  }

  private lineEnd(at: number): number {
    const newline = this.src.indexOf('\n', at);
    return newline === -1 || newline > this.end ? this.end : newline;
  }
}

function point(node: ListItem): { line: number; column: number; offset?: number } {
  return { ...(node.position?.start ?? { line: 1, column: 1 }) };
}

function endPoint(node: List | ListItem | Paragraph | Code): { line: number; column: number; offset?: number } {
  return { ...(node.position?.end ?? { line: 1, column: 1 }) };
}

function fieldItem(item: SimpleItem, nested: Array<List | Code>, src: string): FieldItem {
  const content = src.slice(item.contentStart, item.contentEnd);
  const read = readFieldKey(content);
  const valueStart = item.contentStart + (read?.valueOffset ?? 0);
  return {
    start: item.start,
    end: nested[nested.length - 1]?.position?.end.offset ?? item.contentEnd,
    key: read?.key ?? null,
    keyStart: item.contentStart + (read?.keyOffset ?? 0),
    contentStart: item.contentStart,
    valueStart,
    inlineEnd: item.contentEnd,
    codeSpans: findCodeSpans(content.slice(read?.valueOffset ?? 0), valueStart),
    nested,
    contentIndent: 2,
  };
}
