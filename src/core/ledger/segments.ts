import { planDir } from './paths.js';
import type { LedgerLine } from './parse-ledger.js';
import { LedgerFormatError } from './parse-ledger.js';

/**
 * A plan's ledger is its sealed segments in order (`plans/<id>/ledger/000001.jsonl`, …)
 * followed by the live tail `plans/<id>/ledger.jsonl`. A plan without the folder is the
 * original one-file layout. Line numbers run across the whole sequence, segment 1 first.
 */
export function segmentDir(planId: string): string {
  return `${planDir(planId)}/ledger`;
}

export function segmentPath(planId: string, n: number): string {
  return `${segmentDir(planId)}/${String(n).padStart(SEGMENT_DIGITS, '0')}.jsonl`;
}

const SEGMENT_DIGITS = 6;
const SEGMENT_NAME = /^(\d{6})\.jsonl$/;

/** One entry of the segment folder as git or the contents API lists it. */
export interface SegmentEntry {
  name: string;
  /** 'blob' (git) or 'file' (contents API) for a segment; anything else is refused. */
  type: string;
}

/** The folder's layout is broken (a gap, a stray entry): names the folder, what is wrong and what to do. */
export class LedgerLayoutError extends LedgerFormatError {
  constructor(where: string, detail: string) {
    super(where, 0, detail);
    this.message = `${where}: ${detail}`;
    this.name = 'LedgerLayoutError';
  }
}

/**
 * The segment entries in reading order, checked: every entry a file named
 * NNNNNN.jsonl, numbered 1, 2, … without a gap (a gap would silently lose rows
 * and shift every later line number). `where` is the folder as users name it.
 */
export function orderSegments<E extends SegmentEntry>(where: string, entries: readonly E[]): E[] {
  const numbered: { n: number; entry: E }[] = [];
  for (const entry of entries) {
    const m = SEGMENT_NAME.exec(entry.name);
    if (!m || (entry.type !== 'blob' && entry.type !== 'file'))
      throw new LedgerLayoutError(
        where,
        `holds "${entry.name}", which is not a ledger segment (only files 000001.jsonl, 000002.jsonl, … belong there); move it out of the folder with a commit on the ledger branch`,
      );
    numbered.push({ n: Number(m[1]), entry });
  }
  numbered.sort((a, b) => a.n - b.n);
  numbered.forEach(({ n }, i) => {
    if (n !== i + 1) {
      const missing = segmentName(i + 1);
      throw new LedgerLayoutError(
        where,
        `segment ${missing} is missing (the folder holds ${numbered.map((s) => segmentName(s.n)).join(', ')}); segments are read in order, so a gap would lose rows and shift line numbers: restore ${missing} from the branch's history (\`git log --diff-filter=D -- ${where.replace(/^[^:]*:/, '')}/${missing}\`) or renumber the later segments down`,
      );
    }
  });
  return numbered.map((s) => s.entry);
}

function segmentName(n: number): string {
  return `${String(n).padStart(SEGMENT_DIGITS, '0')}.jsonl`;
}

/** One file of the logical ledger and the global lines it holds. */
export interface LedgerPart {
  path: string;
  /** 1-based global line of its first line. */
  firstLine: number;
  lineCount: number;
  /** Its segment number; null for the live `ledger.jsonl`. */
  segment: number | null;
}

/** Where a global line is: its file and the line within it (null: past the end). */
export function locateLine(parts: readonly LedgerPart[], line: number): { part: LedgerPart; local: number } | null {
  for (const part of parts)
    if (line >= part.firstLine && line < part.firstLine + part.lineCount)
      return { part, local: line - part.firstLine + 1 };
  return null;
}

/** Lines numbered from `firstLine` instead of 1 (the same array when they already are). */
export function renumberLines(lines: readonly LedgerLine[], firstLine: number): LedgerLine[] {
  const shift = firstLine - (lines[0]?.line ?? firstLine);
  if (shift === 0) return lines as LedgerLine[];
  return lines.map((l) => ({ ...l, line: l.line + shift }));
}

/**
 * The new text of every file that loses a line when `dropped` (global lines)
 * are removed; files that keep all their lines are left out. A segment may end
 * up empty: it stays, so the numbering of the later segments holds.
 */
export function textsWithout(
  lines: readonly LedgerLine[],
  parts: readonly LedgerPart[],
  dropped: ReadonlySet<number>,
): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const part of parts) {
    const own = lines.slice(part.firstLine - 1, part.firstLine - 1 + part.lineCount);
    if (!own.some((l) => dropped.has(l.line))) continue;
    out.push({
      path: part.path,
      text: own
        .filter((l) => !dropped.has(l.line))
        .map((l) => `${l.raw}\n`)
        .join(''),
    });
  }
  return out;
}
