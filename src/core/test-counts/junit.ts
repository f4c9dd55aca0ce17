import { addId, newTally, toTestCount, type Outcome } from './tally.js';
import type { TestCount } from './types.js';

/*
 * JUnit XML (pytest --junitxml, Maven surefire, vitest/jest junit
 * reporters) read by hand: only `<testcase>` elements and whether each holds
 * a `<failure>`, `<error>` or `<skipped>` child matter, and a small scan of
 * those avoids an XML dependency. The suites' totals attributes are not
 * used: they are summed differently by each writer, the test cases are not.
 */

// Text that can look like markup but is not: CDATA (stack traces, captured output), comments, declarations.
const OPAQUE = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/gi;
// A start tag's attributes: `"…"` or `'…'` values may hold `>`.
const ATTRS = String.raw`((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*`;
const TESTCASE = new RegExp(String.raw`<testcase\b${ATTRS}(/?)>`, 'g');
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** A JUnit XML report, or null when `content` holds no `<testsuite>`/`<testcase>`. */
export function countJunit(content: string): TestCount | null {
  const xml = content.replace(OPAQUE, '');
  if (!/<testsuites?\b|<testcase\b/.test(xml)) return null;
  const tally = newTally();
  for (const m of xml.matchAll(TESTCASE)) {
    const attrs = attributes(m[1] ?? '');
    const selfClosing = m[2] === '/';
    const bodyStart = (m.index ?? 0) + m[0].length;
    const body = selfClosing ? '' : xml.slice(bodyStart, closeOf(xml, bodyStart));
    const outcome = caseOutcome(body);
    tally[outcome] += 1;
    const name = attrs.get('name') ?? '';
    const classname = attrs.get('classname') ?? '';
    addId(tally, outcome, classname !== '' && name !== '' ? `${classname}.${name}` : classname || name);
  }
  return toTestCount('junit', tally);
}

/** Where a non-empty `<testcase>` ends; a missing end tag (a truncated file) ends it at the next test case. */
function closeOf(xml: string, from: number): number {
  const close = xml.indexOf('</testcase', from);
  const next = xml.indexOf('<testcase', from);
  if (close === -1) return next === -1 ? xml.length : next;
  return next !== -1 && next < close ? next : close;
}

function caseOutcome(body: string): Outcome {
  // A failure outranks a skip written next to it (pytest: an error in the teardown of a skipped test).
  if (/<(?:failure|error)\b/.test(body)) return 'failed';
  return /<skipped\b/.test(body) ? 'skipped' : 'passed';
}

function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of text.matchAll(ATTR)) map.set(m[1] ?? '', decodeEntities(m[2] ?? m[3] ?? ''));
  return map;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five named entities and numeric references; anything else is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (whole, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
