/**
 * `src[start, end)` as the author wrote it, with the list indentation
 * (`indent` columns) taken off continuation lines so nested Markdown reads
 * as it would at the top level.
 */
export function verbatim(src: string, start: number, end: number, indent: number): string {
  const text = src.slice(start, end);
  if (!text.includes('\n') || indent === 0) return text.trim();
  const strip = new RegExp(`\\n {0,${indent}}`, 'g');
  return text.replace(strip, '\n').trim();
}

/** Drops leading blank lines and trailing whitespace, keeping the first line's indentation. */
export function trimBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}
