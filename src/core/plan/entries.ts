/** One comma-separated entry of an inline value and where it starts. */
export interface Entry {
  text: string;
  start: number;
}

/**
 * Splits `text` at commas that are not inside backticks, trimming each entry
 * (`\`a,b.ts\`, c.ts` is two entries). Empty entries are dropped.
 */
export function splitEntries(text: string, offset: number): Entry[] {
  const entries: Entry[] = [];
  let entryStart = 0;
  let fence = 0;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    if (char === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      if (fence === 0) fence = run;
      else if (fence === run) fence = 0;
      i += run - 1;
      continue;
    }
    if (i === text.length || (char === ',' && fence === 0)) {
      const raw = text.slice(entryStart, i);
      const lead = raw.length - raw.trimStart().length;
      if (raw.trim()) entries.push({ text: raw.trim(), start: offset + entryStart + lead });
      entryStart = i + 1;
    }
  }
  return entries;
}

/** The content of a leading code span, else the text without backticks: `\`src/a.ts\` (new)` → `src/a.ts`. */
export function unwrapCode(text: string): string {
  const leading = /^(`+)([^]*?)\1(?!`)/.exec(text);
  if (leading) return (leading[2] as string).trim();
  return text.replace(/`/g, '').trim();
}

/** Values that say "nothing here". */
export function isNoneValue(text: string): boolean {
  return /^(?:none|\(none\)|n\/a|-|—|–)?$/i.test(text.replace(/[`*_]/g, '').trim());
}
