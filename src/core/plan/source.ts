import type { SourcePosition } from '../diagnostics.js';

/**
 * Editors hide a byte-order mark and Windows line endings, so authors never
 * see them: drop both before parsing. Replacing each CRLF by LF keeps every
 * line number and every column (the CR sat at the end of its line); the BOM
 * is not counted as a column by editors either.
 */
export function normaliseSource(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
}

/** Turns string offsets into 1-based line/column pairs in O(log lines). */
export class LineIndex {
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      this.lineStarts.push(at + 1);
    }
  }

  position(offset: number): SourcePosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] as number) + 1 };
  }

  /** The position with its offset: a point of an mdast node's `position`. */
  point(offset: number): { line: number; column: number; offset: number } {
    const { line, column } = this.position(offset);
    return { line, column, offset };
  }
}
