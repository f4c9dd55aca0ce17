/**
 * Columns a terminal gives `text`: emoji presentation characters (the report's ✅ ❌ ⚠️) and East Asian wide
 * characters take two (so does a character VS16 asks to show as emoji), combining marks and other variation selectors none. Close enough for the text okstra prints;
 * `String.length` counts UTF-16 units and misaligns every row with an emoji in it.
 */
export function displayWidth(text: string): number {
  let width = 0;
  let last = 0;
  for (const ch of text) {
    // VS16 asks for emoji presentation: the character before it (⚠ in ⚠️) takes two columns.
    if (ch === '\ufe0f') {
      if (last === 1) width += 1;
      last = 2;
      continue;
    }
    if (ZERO_WIDTH.test(ch)) continue;
    last = WIDE.test(ch) ? 2 : 1;
    width += last;
  }
  return width;
}

// Tested one code point at a time, so a mark in the class never combines with its neighbour.
// eslint-disable-next-line no-misleading-character-class -- each code point is tested alone
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\ufe00-\ufe0e]/u;
const WIDE = /[\p{Emoji_Presentation}\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60\uffe0-\uffe6]/u;

const padEnd = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** A plain-text table with padded columns, for terminal output. */
export function renderTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) => rows.reduce((w, r) => Math.max(w, displayWidth(r[i] ?? '')), displayWidth(h)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padEnd(c, widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
