import { closesFence, fenceOpening, splitLines, type FenceOpening } from './fence-lines.js';

/**
 * Finding the JSON block an agent put under its result heading. Agents write
 * prose before and after, repeat the heading while thinking aloud, and vary
 * the heading level; all of that is tolerated. What is not tolerated is
 * ambiguity about which block is the result: it is the first fenced block
 * after the LAST matching heading, before any other heading.
 */

export type ResultBlock =
  | {
      ok: true;
      /** The block's content exactly as written (fence indentation removed, LF line endings). */
      text: string;
      /** 1-based line of the block's first content line in the final message. */
      firstLine: number;
    }
  | { ok: false; reason: string };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Any ATX heading level, any case, an optional trailing colon or closing hashes. */
function headingPattern(heading: string): RegExp {
  return new RegExp(`^ {0,3}#{1,6}[ \\t]+${escapeRegExp(heading)}[ \\t]*:?(?:[ \\t]+#+)?[ \\t]*$`, 'i');
}

const ANY_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

function lastIndexWhere(lines: readonly string[], test: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i -= 1) if (test(lines[i] ?? '')) return i;
  return -1;
}

/** Index of the line opening the result's fence, or a reason it has none. */
function findOpening(
  lines: readonly string[],
  headingIndex: number,
  label: string,
): { index: number; fence: FenceOpening } | { reason: string } {
  for (let i = headingIndex + 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const fence = fenceOpening(line);
    if (fence) return { index: i, fence };
    if (ANY_HEADING.test(line)) {
      return {
        reason: `no fenced JSON block between the "${label}" heading (line ${headingIndex + 1}) and the next heading (line ${i + 1})`,
      };
    }
  }
  return { reason: `no fenced JSON block after the "${label}" heading (line ${headingIndex + 1})` };
}

function stripIndent(line: string, indent: number): string {
  let cut = 0;
  while (cut < indent && line[cut] === ' ') cut += 1;
  return line.slice(cut);
}

export function extractResultBlock(finalText: string, heading: string): ResultBlock {
  const label = `### ${heading}`;
  const lines = splitLines(finalText);
  const pattern = headingPattern(heading);
  const headingIndex = lastIndexWhere(lines, (line) => pattern.test(line));
  if (headingIndex < 0) return { ok: false, reason: `no "${label}" heading in the final message` };

  const opening = findOpening(lines, headingIndex, label);
  if ('reason' in opening) return { ok: false, reason: opening.reason };

  const content: string[] = [];
  for (let i = opening.index + 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (closesFence(line, opening.fence)) {
      const text = content.join('\n');
      if (text.trim() === '')
        return { ok: false, reason: `the fenced block under "${label}" (line ${opening.index + 1}) is empty` };
      return { ok: true, text, firstLine: opening.index + 2 };
    }
    content.push(stripIndent(line, opening.fence.indent));
  }
  return {
    ok: false,
    reason: `the fenced block under "${label}" (opened at line ${opening.index + 1}) is never closed`,
  };
}
