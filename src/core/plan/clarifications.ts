import type { List, ListItem, RootContent, Table, TableCell } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { positionOf, type ParseContext } from './context.js';
import { parseMarkdownRange } from './markdown.js';
import type { Section } from './sections.js';
import type { ClarificationItem, Plan } from './types.js';
import { verbatim } from './verbatim.js';

/**
 * Reads the `Clarification Items` section: every GFM table in it, or, when
 * it has no table, every top-level list. The section is re-parsed as GFM
 * here because the outline is plain CommonMark (where tables do not exist).
 */
export function readClarifications(section: Section, context: ParseContext): ClarificationItem[] {
  const { src, lines } = context;
  const headingEnd = section.heading.position?.end.offset ?? 0;
  const newline = src.indexOf('\n', headingEnd);
  if (newline === -1 || newline + 1 >= section.end) return [];
  const nodes = parseMarkdownRange(src, newline + 1, section.end, lines, 'gfm');
  const tables = nodes.filter((node): node is Table => node.type === 'table');
  if (tables.length > 0) return tables.flatMap((table) => tableItems(table, context));
  return nodes.filter((node): node is List => node.type === 'list').flatMap((list) => listItems(list, context));
}

/** The items that still block approval: not optional and not answered. */
export function unansweredClarifications(plan: Pick<Plan, 'clarifications'>): ClarificationItem[] {
  return plan.clarifications.filter((item) => !item.optional && item.answer === null);
}

const UNANSWERED = /^(?:|-|—|–|\?|tbd|todo|pending)$/i;
const OPTIONAL_MARK = /\(optional\)/i;
const YES = /^(?:yes|y|true|x|✓|✔|optional)$/i;
const NO = /^(?:no|n|false|optional)$/i;

function markedOptional(...texts: Array<string | null>): boolean {
  return texts.some((text) => text !== null && OPTIONAL_MARK.test(text));
}

/** An `Optional` cell that says yes, or a `Required` cell that says no; anything else (empty included) decides nothing. */
function optionalFromColumn(kind: 'optional' | 'required', cell: string): boolean {
  const value = cell.replace(/[*_`]/g, '').trim();
  return kind === 'optional' ? YES.test(value) : NO.test(value);
}

function answerOrNull(text: string): string | null {
  const answer = text.trim();
  return UNANSWERED.test(answer.replace(/[*_]/g, '')) ? null : answer;
}

function cellText(cell: TableCell | undefined, src: string): string {
  const first = cell?.children[0];
  const last = cell?.children[cell.children.length - 1];
  if (!first?.position || !last?.position) return '';
  return src.slice(first.position.start.offset, last.position.end.offset).trim();
}

interface TableColumns {
  id: number;
  question: number;
  answer: number;
  /** The `Optional` or `Required` column, if the table has one. */
  flag: { index: number; kind: 'optional' | 'required' } | null;
}

/** Columns by header name, falling back to the first two columns that are neither the id nor the flag. */
function tableColumns(table: Table): TableColumns {
  const headers = (table.children[0]?.children ?? []).map((cell) => toString(cell).trim().toLowerCase());
  const id = headers.findIndex((header) => ['#', 'id', 'no', 'no.', 'nr'].includes(header));
  const flagIndex = headers.findIndex((header) => header === 'optional' || header === 'required');
  const flag = flagIndex === -1 ? null : { index: flagIndex, kind: headers[flagIndex] as 'optional' | 'required' };
  const others = headers.map((_, index) => index).filter((index) => index !== id && index !== flagIndex);
  const question = headers.findIndex((header) => header.includes('question'));
  const resolvedQuestion = question !== -1 ? question : (others[0] ?? 0);
  const answer = headers.findIndex((header) => header.includes('answer'));
  const resolvedAnswer = answer !== -1 ? answer : (others.find((index) => index !== resolvedQuestion) ?? -1);
  return { id, question: resolvedQuestion, answer: resolvedAnswer, flag };
}

function tableItems(table: Table, context: ParseContext): ClarificationItem[] {
  const columns = tableColumns(table);
  return table.children.slice(1).flatMap((row) => {
    const question = cellText(row.children[columns.question], context.src);
    if (!question) return [];
    const id = columns.id === -1 ? '' : cellText(row.children[columns.id], context.src);
    const flag = columns.flag;
    return [
      {
        id: id || null,
        question,
        answer: columns.answer === -1 ? null : answerOrNull(cellText(row.children[columns.answer], context.src)),
        optional:
          markedOptional(id, question) ||
          (flag !== null && optionalFromColumn(flag.kind, cellText(row.children[flag.index], context.src))),
        position: positionOf(context, row.position?.start.offset ?? 0),
      },
    ];
  });
}

// `Answer: …`, `**Answer:** …` or `**Answer**: …`
const ANSWER = /^[ \t]*(?:\*\*|__)?answer(?:[ \t]*:[ \t]*(?:\*\*|__)?|(?:\*\*|__)[ \t]*:)[ \t]*/i;

/**
 * List form: the item's first paragraph is the question. The answer is an
 * `Answer:` line inside that paragraph, a later `Answer:` paragraph, or a
 * nested `- Answer: …` item. Ordered lists number their items.
 */
function listItems(list: List, context: ParseContext): ClarificationItem[] {
  return list.children.flatMap((item, index) => {
    const read = readListItem(item, context);
    if (!read) return [];
    const id = list.ordered ? String((list.start ?? 1) + index) : null;
    return [
      {
        id,
        question: read.question,
        answer: read.answer,
        optional: markedOptional(read.question),
        position: positionOf(context, item.position?.start.offset ?? 0),
      },
    ];
  });
}

function readListItem(item: ListItem, context: ParseContext): { question: string; answer: string | null } | null {
  const { src } = context;
  const [first, ...rest] = item.children;
  if (first?.type !== 'paragraph') return null;
  const paragraph = src.slice(first.position?.start.offset ?? 0, first.position?.end.offset ?? 0);
  const paragraphLines = paragraph.split('\n').map((line) => line.trim());
  const answerLine = paragraphLines.findIndex((line, index) => index > 0 && ANSWER.test(line));
  if (answerLine !== -1) {
    const answer = [
      paragraphLines[answerLine]?.replace(ANSWER, '') ?? '',
      ...paragraphLines.slice(answerLine + 1),
    ].join('\n');
    return { question: paragraphLines.slice(0, answerLine).join('\n'), answer: answerOrNull(answer) };
  }
  return { question: paragraphLines.join('\n'), answer: answerFromBlocks(rest, context) };
}

function answerFromBlocks(blocks: readonly RootContent[], context: ParseContext): string | null {
  const { src } = context;
  for (const block of blocks) {
    if (block.type === 'paragraph') {
      const text = src.slice(block.position?.start.offset ?? 0, block.position?.end.offset ?? 0);
      if (ANSWER.test(text)) return answerOrNull(text.replace(ANSWER, ''));
    }
    if (block.type === 'list') {
      for (const nested of block.children) {
        const start = nested.children[0]?.position?.start.offset;
        if (start === undefined) continue;
        const text = src.slice(start, nested.position?.end.offset ?? start);
        const match = ANSWER.exec(text);
        if (match)
          return answerOrNull(
            verbatim(
              src,
              start + match[0].length,
              nested.position?.end.offset ?? start,
              (nested.children[0]?.position?.start.column ?? 1) - 1,
            ),
          );
      }
    }
  }
  return null;
}
