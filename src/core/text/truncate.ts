/**
 * Length limits without breaking a UTF-16 surrogate pair. Lengths are counted
 * in UTF-16 code units (`String#length`), which is never less than the
 * character count GitHub enforces, so a limit met here is met there.
 */

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The first `end` code units, one fewer when the cut would split a pair. */
function head(text: string, end: number): string {
  if (end >= text.length) return text;
  if (end <= 0) return '';
  return isHighSurrogate(text.charCodeAt(end - 1)) ? text.slice(0, end - 1) : text.slice(0, end);
}

/** At most `max` code units; when cut, ends with `marker` (the marker counts towards `max`). */
export function clip(text: string, max: number, marker = '…'): string {
  if (text.length <= max) return text;
  if (max <= marker.length) return head(marker, max);
  return `${head(text, max - marker.length)}${marker}`;
}

/**
 * The end of `text`: at most `maxLines` lines and about `maxChars` code
 * units, with a first line saying how many lines were left out. Command
 * output is read from the bottom, where the error usually is.
 */
export function tail(text: string, maxLines: number, maxChars: number): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  let first = lines.length;
  let size = 0;
  while (first > 0 && lines.length - first < maxLines) {
    const next = (lines[first - 1] ?? '').length + 1;
    if (size + next > maxChars && first < lines.length) break;
    size += next;
    first -= 1;
  }
  const kept = lines.slice(first);
  let body = kept.join('\n');
  if (body.length > maxChars) {
    // A single line longer than the budget: keep its end.
    let start = body.length - maxChars;
    if (isLowSurrogate(body.charCodeAt(start))) start += 1;
    body = `…${body.slice(start)}`;
  }
  return first > 0 ? `… (${first} earlier line${first === 1 ? '' : 's'} not shown)\n${body}` : body;
}
