import { topLevelParagraphs } from './blocks.js';
import { hiddenLineStarts } from './inline.js';

/** The word every command line starts with. */
export const COMMAND_PREFIX = '/okstra';

/** One `/okstra …` line of a comment, as written (trimmed), with its 1-based line number. */
export interface CommandLine {
  line: number;
  text: string;
}

/**
 * The largest comment okstra reads commands from (UTF-8 bytes). GitHub
 * itself caps a comment at 65,536 characters; anything bigger is not a
 * comment a person wrote to okstra, and reading it is refused before any of
 * it is parsed.
 */
export const MAX_COMMENT_BYTES = 64 * 1024;

const COMMAND_START = /^\/okstra(?=\s|$)/;
/** A line that may be a command: `/okstra` first on it (the only lines the Markdown reading is done for). */
const CANDIDATE_LINE = /^[^\S\n]*\/okstra(?=\s|$)/m;

export type CommentScan =
  { kind: 'none' } | { kind: 'too-large'; bytes: number } | { kind: 'commands'; lines: CommandLine[] };

/**
 * What a comment asks of okstra, in time linear in its size: nothing (no
 * line starts with `/okstra`, the cheap test every comment gets), a refusal
 * (over MAX_COMMENT_BYTES, nothing parsed), or its command lines. The
 * commands may still be none (every `/okstra` line is quoted or in code).
 */
export function scanComment(body: string): CommentScan {
  if (!CANDIDATE_LINE.test(body)) return { kind: 'none' };
  const bytes = utf8Length(body);
  if (bytes > MAX_COMMENT_BYTES) return { kind: 'too-large', bytes };
  const lines = extractCommandLines(body);
  return lines.length === 0 ? { kind: 'none' } : { kind: 'commands', lines };
}

/**
 * The command lines of a comment, in order. A command is a line of a
 * top-level paragraph that starts with `/okstra`. The comment is read as
 * GitHub renders it (CommonMark with GFM: blocks.ts, inline.ts), so what a
 * reader sees as code, a quotation or hidden text is never a command: fenced
 * and indented code, block quotes (including a quote's lazy continuation
 * lines, which GitHub shows inside the quote), HTML blocks and comments, list
 * items, headings and tables are all skipped, as is a line that begins inside
 * an inline code span or inline HTML. One pass over the lines, then one over
 * each paragraph that holds a candidate line; nothing recurses.
 */
export function extractCommandLines(body: string): CommandLine[] {
  // Nearly every comment is not addressed to okstra; skip reading those.
  if (!CANDIDATE_LINE.test(body)) return [];
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const out: CommandLine[] = [];
  for (const paragraph of topLevelParagraphs(lines)) {
    const texts = paragraph.lines.map((i) => (lines[i] as string).replace(/^[ \t]+/, ''));
    // The inline pass is only needed where a line after the first could be a command.
    const candidates = paragraph.lines.filter((i) => COMMAND_START.test((lines[i] as string).trim()));
    if (candidates.length === 0) continue;
    const hidden = candidates.some((i) => i !== paragraph.lines[0]) ? hiddenLineStarts(texts) : [];
    paragraph.lines.forEach((i, k) => {
      const trimmed = (lines[i] as string).trim();
      if (!COMMAND_START.test(trimmed) || hidden[k] === true) return;
      out.push({ line: i + 1, text: trimmed });
    });
  }
  return out;
}

/** UTF-8 length without encoding the text: a surrogate pair is 4 bytes, as its two halves count 2 + 2 here. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}
