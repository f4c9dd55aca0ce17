import type { Nodes, Paragraph } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** The word every command line starts with. */
export const COMMAND_PREFIX = '/okstra';

/** One `/okstra …` line of a comment, as written (trimmed), with its 1-based line number. */
export interface CommandLine {
  line: number;
  text: string;
}

const MARKDOWN = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };
const COMMAND_START = /^\/okstra(?=\s|$)/;

/**
 * The command lines of a comment, in order. A command is a line of a
 * top-level paragraph that starts with `/okstra`. The comment is parsed as
 * GitHub renders it, so what a reader sees as code, a quotation or hidden
 * text is never a command: fenced and indented code, block quotes (including
 * a quote's lazy continuation lines, which GitHub shows inside the quote),
 * HTML blocks and comments, list items, headings and tables are all skipped,
 * as is a line that begins inside an inline code span or inline HTML comment.
 */
export function extractCommandLines(body: string): CommandLine[] {
  // Nearly every comment is not addressed to okstra; skip parsing those.
  if (!body.includes(COMMAND_PREFIX)) return [];
  const text = body.replace(/\r\n?/g, '\n');
  const root = fromMarkdown(text, MARKDOWN);
  const lineStarts = startsOfLines(text);
  const out: CommandLine[] = [];
  for (const node of root.children) {
    if (node.type !== 'paragraph' || !node.position) continue;
    const hidden = inlineRanges(node);
    for (let line = node.position.start.line; line <= node.position.end.line; line++) {
      const start = lineStarts[line - 1];
      if (start === undefined) continue;
      const end = lineStarts[line] ?? text.length + 1;
      const raw = text.slice(start, end - 1);
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!COMMAND_START.test(trimmed)) continue;
      const at = start + lead;
      if (hidden.some(([from, to]) => at >= from && at < to)) continue;
      out.push({ line, text: trimmed });
    }
  }
  return out;
}

function startsOfLines(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Offsets covered by inline code spans and inline HTML (comments included) inside a paragraph. */
function inlineRanges(paragraph: Paragraph): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Nodes): void => {
    if ((node.type === 'inlineCode' || node.type === 'html') && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      ranges.push([node.position.start.offset, node.position.end.offset]);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(paragraph);
  return ranges;
}
