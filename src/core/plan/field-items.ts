import type { List, ListItem, Nodes, RootContent } from 'mdast';
import { closestMatch } from '../text/did-you-mean.js';
import { canonicalFieldKey, FIELD_SPELLINGS, normaliseKey } from './field-keys.js';
import type { CodeSpan } from './code-spans.js';

/**
 * One item of a stage's field list, reduced to what the field readers need.
 * Both the micromark path and the fast line reader produce this shape.
 */
export interface FieldItem {
  /** Offsets of the whole list item, bullet included. */
  start: number;
  end: number;
  /** The key as written, without bold markers; null when the item is not `key: value`. */
  key: string | null;
  /** Where the key's text starts (after any bold marker); the content start when there is no key. */
  keyStart: number;
  /** Where the item's first paragraph starts, where its value starts (after `key:` and spaces) and where the paragraph ends. */
  contentStart: number;
  valueStart: number;
  inlineEnd: number;
  /** Inline code in the value part of the first paragraph. */
  codeSpans: CodeSpan[];
  /** Block content below the first paragraph (nested lists, code blocks, paragraphs). */
  nested: RootContent[];
  /** Indentation of the item's content, stripped from continuation lines of verbatim values. */
  contentIndent: number;
}

export interface FieldList {
  start: number;
  end: number;
  items: FieldItem[];
}

const KEY = String.raw`[\p{L}][\p{L}\d_-]*(?:[ \t]+[\p{L}\d_-]+){0,3}`;
const BOLD_KEY = new RegExp(String.raw`^(\*\*|__)(${KEY})[ \t]*(?::\1|\1[ \t]*:)[ \t]*`, 'u');
// A plain key needs a space or the line end after its colon, so `https://…` is no key.
const PLAIN_KEY = new RegExp(String.raw`^(${KEY})[ \t]*:(?=[ \t\n]|$)[ \t]*`, 'u');

/** `key: value`, `**key:** value` or `**key**: value` at the start of `text`. */
export function readFieldKey(text: string): { key: string; keyOffset: number; valueOffset: number } | null {
  const bold = BOLD_KEY.exec(text);
  if (bold)
    return { key: (bold[2] as string).trim(), keyOffset: (bold[1] as string).length, valueOffset: bold[0].length };
  const plain = PLAIN_KEY.exec(text);
  if (plain) return { key: (plain[1] as string).trim(), keyOffset: 0, valueOffset: plain[0].length };
  return null;
}

/**
 * A bullet list is the field list when its first item is `key: value` and at
 * least one key is a known field (or a near miss of one). The second rule
 * keeps a body list like `- Note: run the migration first` out of the fields.
 */
export function isFieldList(items: readonly FieldItem[]): boolean {
  if (!items[0]?.key) return false;
  return items.some(
    (item) =>
      item.key !== null &&
      (canonicalFieldKey(item.key) !== null || closestMatch(normaliseKey(item.key), FIELD_SPELLINGS) !== null),
  );
}

/** Reads a parsed bullet list into field items. */
export function fieldListFromNode(list: List, src: string): FieldList {
  return {
    start: list.position?.start.offset ?? 0,
    end: list.position?.end.offset ?? 0,
    items: list.children.map((item) => fieldItemFromNode(item, src)),
  };
}

/** Reads one parsed list item; also used for the nested items of `validation`, `files` and `depends-on`. */
export function fieldItemFromNode(item: ListItem, src: string): FieldItem {
  const start = item.position?.start.offset ?? 0;
  const end = item.position?.end.offset ?? 0;
  const [first, ...rest] = item.children;
  if (first?.type !== 'paragraph') {
    const contentStart = first?.position?.start.offset ?? end;
    return {
      start,
      end,
      key: null,
      keyStart: contentStart,
      contentStart,
      valueStart: contentStart,
      inlineEnd: contentStart,
      codeSpans: [],
      nested: item.children,
      contentIndent: (first?.position?.start.column ?? 1) - 1,
    };
  }
  const paragraphStart = first.position?.start.offset ?? start;
  const inlineEnd = first.position?.end.offset ?? end;
  const read = readFieldKey(src.slice(paragraphStart, inlineEnd));
  const valueStart = paragraphStart + (read?.valueOffset ?? 0);
  return {
    start,
    end,
    key: read?.key ?? null,
    keyStart: paragraphStart + (read?.keyOffset ?? 0),
    contentStart: paragraphStart,
    valueStart,
    inlineEnd,
    codeSpans: inlineCodeAfter(first, valueStart),
    nested: rest,
    contentIndent: (first.position?.start.column ?? 1) - 1,
  };
}

/** Inline code nodes (at any depth, e.g. inside emphasis) starting at or after `from`. */
export function inlineCodeAfter(node: Nodes, from: number): CodeSpan[] {
  const spans: CodeSpan[] = [];
  const visit = (current: Nodes): void => {
    if (current.type === 'inlineCode') {
      const start = current.position?.start.offset ?? 0;
      if (start >= from) spans.push({ value: current.value, start, end: current.position?.end.offset ?? start });
      return;
    }
    if ('children' in current) for (const child of current.children) visit(child);
  };
  visit(node);
  return spans;
}
