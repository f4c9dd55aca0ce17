import { describe, expect, it } from 'vitest';
import {
  blockQuote,
  detailsBlock,
  detailsOpen,
  formatCount,
  indent,
  link,
  plural,
  quoteLines,
  tableHead,
  tableRow,
} from '../../src/core/markdown/markdown.js';

describe('the shared Markdown helpers', () => {
  it('counts in one format whatever the locale, and pluralises', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(plural(1, 'stage')).toBe('1 stage');
    expect(plural(0, 'stage')).toBe('0 stages');
    expect(plural(1200, 'file')).toBe('1,200 files');
  });

  it('indents non-empty lines only, so no line ends in spaces', () => {
    expect(indent('a\n\nb')).toBe('  a\n\n  b');
    expect(indent('a\nb', '> ')).toBe('> a\n> b');
  });

  it('quotes escaped text, blank lines inside the quote, and says when it is empty', () => {
    expect(quoteLines('a\n\nb')).toBe('> a\n>\n> b');
    expect(blockQuote('a')).toBe('> a');
    expect(blockQuote('')).toBe('> (empty)');
    expect(quoteLines('')).toBe('>');
  });

  it('writes table heads (an empty column one space wide) and rows', () => {
    expect(tableHead(['', 'from', 'exit'])).toBe('| | from | exit |\n| --- | --- | --- |\n');
    expect(tableHead(['a'])).toBe('| a |\n| --- |\n');
    expect(tableRow(['1', 'x', '—'])).toBe('| 1 | x | — |\n');
  });

  it('opens details with the blank line GitHub needs before Markdown inside', () => {
    expect(detailsOpen('S')).toBe('<details><summary>S</summary>\n\n');
    expect(detailsBlock('S', 'body')).toBe('<details><summary>S</summary>\n\nbody\n\n</details>\n');
  });

  it('links only http(s) addresses, with brackets and parentheses encoded', () => {
    expect(link('r', 'https://x.test/a(b)')).toBe('[r](https://x.test/a%28b%29)');
    expect(link('r', 'javascript:alert(1)')).toBeNull();
    expect(link('r', null)).toBeNull();
  });
});
