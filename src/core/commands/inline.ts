/**
 * Which lines of a paragraph begin inside an inline code span or inline
 * HTML (a comment, a tag, a processing instruction, a declaration, CDATA)
 * that opened on an earlier line: GitHub shows that text as code or hides
 * it, so it is never a command. One left-to-right pass, as CommonMark reads
 * inline content: backslash escapes, then code spans, autolinks and raw HTML,
 * which bind tighter than anything else (emphasis and links cannot hide a
 * line start, so they are not read).
 *
 * Every search for a closer is linear over the whole paragraph: a closer
 * searched for and not found is remembered, and code spans keep one cursor
 * per backtick-run length. A tag is scanned by hand; the scanning of tags
 * that turn out not to be tags is charged to a budget proportional to the
 * paragraph, and once it is spent, every later line counts as hidden (never
 * a command), so no input makes this slower than a few passes.
 */

/** How much tag scanning a paragraph may cost, per character of it, before the rest is taken as hidden. */
const TAG_BUDGET_PER_CHAR = 4;

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/** For each line of the paragraph (leading whitespace already stripped), whether it starts hidden. */
export function hiddenLineStarts(lines: readonly string[]): boolean[] {
  const text = lines.join('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const l of lines) {
    starts.push(offset);
    offset += l.length + 1;
  }
  const ranges = hiddenRanges(text);
  // Ranges come in order and do not overlap, so one cursor walks both lists.
  const out: boolean[] = [];
  let r = 0;
  for (const at of starts) {
    while (r < ranges.length && (ranges[r] as [number, number])[1] <= at) r++;
    const range = ranges[r];
    out.push(range !== undefined && range[0] <= at && at < range[1]);
  }
  return out;
}

/** Half-open [from, to) offsets of the paragraph's code spans and raw HTML, in order. */
export function hiddenRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const runs = backtickRuns(text);
  const noCloserAfter = new Map<string, number>();
  let budget = text.length * TAG_BUDGET_PER_CHAR + 1024;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\' && i + 1 < text.length && ASCII_PUNCTUATION.test(text[i + 1] as string)) {
      i += 2;
      continue;
    }
    if (ch === '`') {
      const length = runs.lengthAt(i);
      const closer = runs.next(length, i + length);
      if (closer === -1) i += length;
      else {
        ranges.push([i, closer + length]);
        i = closer + length;
      }
      continue;
    }
    if (ch === '<') {
      const end = autolinkEnd(text, i) ?? rawHtmlEnd(text, i, noCloserAfter, (cost) => (budget -= cost) > 0);
      if (end === 'exhausted') {
        ranges.push([i, text.length + 1]);
        break;
      }
      if (end !== null) {
        ranges.push([i, end]);
        i = end;
        continue;
      }
    }
    i++;
  }
  return ranges;
}

/** The backtick runs of a text, and for each run length a cursor that only moves forward. */
function backtickRuns(text: string): { lengthAt(i: number): number; next(length: number, from: number): number } {
  const byLength = new Map<number, number[]>();
  const lengthAt = new Map<number, number>();
  for (let i = text.indexOf('`'); i !== -1;) {
    let j = i;
    while (text[j] === '`') j++;
    const n = j - i;
    lengthAt.set(i, n);
    let list = byLength.get(n);
    if (!list) byLength.set(n, (list = []));
    list.push(i);
    i = text.indexOf('`', j);
  }
  const cursor = new Map<number, number>();
  return {
    // An escaped first backtick leaves a shorter run starting one further on: its length is what is left of the run.
    lengthAt: (i) => {
      let j = i;
      while (text[j] === '`') j++;
      return j - i;
    },
    next: (length, from) => {
      // Only whole runs close a span: a run that starts mid-run (after an escape) is no closer.
      const list = byLength.get(length);
      if (!list) return -1;
      let c = cursor.get(length) ?? 0;
      while (c < list.length && (list[c] as number) < from) c++;
      cursor.set(length, c);
      return c < list.length ? (list[c] as number) : -1;
    },
  };
}

// No control characters, spaces, `<` or `>` inside (written as a negated class of the printable rest).
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[!-;=?-~\u0080-\uffff]*>/y;
const EMAIL_AUTOLINK =
  /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;

/** The end of an autolink at `i` (it cannot span lines, but a backtick inside it opens no code span). */
function autolinkEnd(text: string, i: number): number | null {
  for (const re of [AUTOLINK, EMAIL_AUTOLINK]) {
    re.lastIndex = i;
    if (re.test(text)) return re.lastIndex;
  }
  return null;
}

/** The end of raw HTML at `i`, null when there is none, 'exhausted' when the tag budget ran out. */
function rawHtmlEnd(
  text: string,
  i: number,
  noCloserAfter: Map<string, number>,
  charge: (cost: number) => boolean,
): number | null | 'exhausted' {
  // The first closer at or after `from`; a closer once not found after some offset is not searched for again after it.
  const find = (closer: string, from: number): number => {
    const known = noCloserAfter.get(closer);
    if (known !== undefined && known <= from) return -1;
    const at = text.indexOf(closer, from);
    if (at === -1) noCloserAfter.set(closer, from);
    return at;
  };
  const closed = (from: number, closer: string): number | null => {
    const at = find(closer, from);
    return at === -1 ? null : at + closer.length;
  };
  if (text.startsWith('<!--', i)) {
    // `<!-->` and `<!--->` are complete (empty) comments.
    if (text.startsWith('>', i + 4)) return i + 5;
    if (text.startsWith('->', i + 4)) return i + 6;
    return closed(i + 4, '-->');
  }
  if (text.startsWith('<?', i)) return closed(i + 2, '?>');
  if (text.startsWith('<![CDATA[', i)) return closed(i + 9, ']]>');
  if (text.startsWith('<!', i) && /[A-Za-z]/.test(text[i + 2] ?? '')) return closed(i + 3, '>');
  const end = tagEnd(text, i, find);
  if (!charge(end.scanned)) return 'exhausted';
  return end.end;
}

const isNameStart = (c: string): boolean => /[A-Za-z_:]/.test(c);
const isNameChar = (c: string): boolean => /[A-Za-z0-9_.:-]/.test(c);
const isTagNameChar = (c: string): boolean => /[A-Za-z0-9-]/.test(c);
const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

/** An open tag (`<a href="…" x>`, `<br/>`) or a closing tag (`</a >`) at `i`: where it ends, and how far the scan went. */
function tagEnd(
  text: string,
  i: number,
  find: (closer: string, from: number) => number,
): { end: number | null; scanned: number } {
  let j = i + 1;
  const fail = (): { end: null; scanned: number } => ({ end: null, scanned: j - i });
  const closing = text[j] === '/';
  if (closing) j++;
  if (!/[A-Za-z]/.test(text[j] ?? '')) return fail();
  while (j < text.length && isTagNameChar(text[j] as string)) j++;
  if (closing) {
    while (isSpace(text[j])) j++;
    return text[j] === '>' ? { end: j + 1, scanned: j - i } : fail();
  }
  for (;;) {
    const before = j;
    while (isSpace(text[j])) j++;
    if (text[j] === '>') return { end: j + 1, scanned: j - i };
    if (text[j] === '/' && text[j + 1] === '>') return { end: j + 2, scanned: j - i };
    // An attribute needs whitespace before it.
    if (j === before || !isNameStart(text[j] ?? '')) return fail();
    while (j < text.length && isNameChar(text[j] as string)) j++;
    let k = j;
    while (isSpace(text[k])) k++;
    if (text[k] !== '=') continue;
    k++;
    while (isSpace(text[k])) k++;
    const quote = text[k];
    if (quote === '"' || quote === "'") {
      const close = find(quote, k + 1);
      if (close === -1) return fail();
      j = close + 1;
    } else {
      const start = k;
      while (k < text.length && !/[\s"'=<>`]/.test(text[k] as string)) k++;
      if (k === start) {
        j = k;
        return fail();
      }
      j = k;
    }
  }
}
