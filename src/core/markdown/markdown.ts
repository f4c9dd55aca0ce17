import { linkTarget } from '../text/escape.js';

/**
 * The small Markdown pieces every renderer builds with (the stage report,
 * the final report and hand-off, the plan pull request), so they agree on
 * counts, quotes, tables, `<details>` blocks and links. Escaping untrusted
 * text and code fences stay in src/core/text/escape.ts: these helpers take
 * text that is already escaped (or okstra's own).
 */

/** `1,234`: counts read the same in every format, whatever the runner's locale. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** `1 stage`, `2 stages`, `1,200 files`. */
export function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** Every non-empty line prefixed, so a block continues a list item; blank lines stay blank (no trailing spaces). */
export function indent(text: string, prefix = '  '): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `${prefix}${line}`))
    .join('\n');
}

/** Escaped text as block-quote lines; a blank line stays inside the quote. */
export function quoteLines(escaped: string): string {
  return escaped
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** Escaped text as a block quote; an empty quote says so rather than vanish. */
export function blockQuote(escaped: string): string {
  return escaped === '' ? '> (empty)' : quoteLines(escaped);
}

/** A table's header and separator rows. An empty column name stays one space wide (`| |`). */
export function tableHead(columns: readonly string[]): string {
  const names = columns.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|');
  return `|${names}|\n|${columns.map(() => ' --- ').join('|')}|\n`;
}

/** One table row of cells that are already escaped for a table. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |\n`;
}

/** The opening of a collapsed block; its body follows after a blank line, as GitHub needs to render Markdown in it. */
export function detailsOpen(summary: string): string {
  return `<details><summary>${summary}</summary>\n\n`;
}

/** A whole collapsed block with its body. */
export function detailsBlock(summary: string, body: string): string {
  return `${detailsOpen(summary)}${body}\n\n</details>\n`;
}

/** A link only to an http(s) address; null for anything else, so a caller can fall back to plain text. */
export function link(label: string, url: string | null): string | null {
  const target = url === null ? null : linkTarget(url);
  return target === null ? null : `[${label}](${target})`;
}
