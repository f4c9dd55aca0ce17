/** Inline code found in a line of Markdown: its value and the offsets of its backticks. */
export interface CodeSpan {
  value: string;
  start: number;
  /** Just after the closing backticks. */
  end: number;
}

/**
 * CommonMark code spans in `text`, which must hold no backslash escapes, HTML
 * or autolinks (the fast field-list reader only accepts such lines): a run of
 * N backticks opens a span that the next run of exactly N backticks closes;
 * an unmatched run is literal text.
 */
export function findCodeSpans(text: string, offset: number): CodeSpan[] {
  const spans: CodeSpan[] = [];
  let at = text.indexOf('`');
  while (at !== -1) {
    const runLength = backtickRun(text, at);
    const close = findClosingRun(text, at + runLength, runLength);
    if (close === -1) {
      at = text.indexOf('`', at + runLength);
      continue;
    }
    spans.push({
      value: codeSpanValue(text.slice(at + runLength, close)),
      start: offset + at,
      end: offset + close + runLength,
    });
    at = text.indexOf('`', close + runLength);
  }
  return spans;
}

function backtickRun(text: string, at: number): number {
  let end = at;
  while (text[end] === '`') end++;
  return end - at;
}

function findClosingRun(text: string, from: number, length: number): number {
  for (let at = text.indexOf('`', from); at !== -1;) {
    const run = backtickRun(text, at);
    if (run === length) return at;
    at = text.indexOf('`', at + run);
  }
  return -1;
}

/** Line endings become spaces; one space is stripped from each side when both are there. */
function codeSpanValue(raw: string): string {
  const value = raw.replace(/\n/g, ' ');
  if (value.length >= 2 && value.startsWith(' ') && value.endsWith(' ') && /[^ ]/.test(value))
    return value.slice(1, -1);
  return value;
}
