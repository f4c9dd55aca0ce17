import { addId, lines, newTally, toTestCount, type Outcome, type Tally } from './tally.js';
import type { TestCount } from './types.js';

/*
 * vitest and jest print a test's name only for some files (failing ones,
 * or one file alone), so their text gives totals only: ids from a partial
 * listing would make the tests of unlisted files look lost. Their JSON
 * reports list every test and give ids.
 */

// `      Tests  1 failed | 2 passed | 2 skipped | 1 todo (6)`
const VITEST = /^\s*Tests {2,}(\d+ [a-z ]+(?: \| \d+ [a-z ]+)*?)\s*\((\d+)\)\s*$/;
// `Tests:       1 failed, 2 skipped, 1 todo, 2 passed, 6 total`
const JEST = /^Tests:\s+((?:\d+ [a-z]+, )*)(\d+) total\s*$/;

// What each prints, instead of a summary, when it found no test at all: a count of zero.
const VITEST_NONE = /^No test files found, exiting with code/;
const JEST_NONE = /^No tests found, exiting with code/;

/** vitest's text summary lines, summed over runs. */
export function countVitestText(text: string): TestCount | null {
  return countSummaries(text, { summary: VITEST, none: VITEST_NONE, separator: / \| / }, 'vitest');
}

/** jest's text summary lines, summed over runs (and over projects, one line each). */
export function countJestText(text: string): TestCount | null {
  return countSummaries(text, { summary: JEST, none: JEST_NONE, separator: /, / }, 'jest');
}

function countSummaries(
  text: string,
  shape: { summary: RegExp; none: RegExp; separator: RegExp },
  format: 'vitest' | 'jest',
): TestCount | null {
  const tally = newTally();
  let found = 0;
  for (const line of lines(text)) {
    if (shape.none.test(line)) found += 1;
    const m = shape.summary.exec(line);
    if (m === null) continue;
    found += 1;
    for (const part of (m[1] ?? '').split(shape.separator)) {
      const p = /^(\d+) ([a-z ]+?)\s*$/.exec(part.trim());
      if (p !== null) addOutcome(tally, p[2] ?? '', Number(p[1]));
    }
  }
  return found === 0 ? null : toTestCount(format, tally);
}

function addOutcome(tally: Tally, word: string, n: number): void {
  const outcome = OUTCOME[word];
  if (outcome !== undefined) tally[outcome] += n;
}

const OUTCOME: Readonly<Record<string, Outcome>> = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  todo: 'skipped',
  pending: 'skipped',
  // vitest's `it.fails` that failed as expected.
  'expected fail': 'passed',
};

interface JsonAssertion {
  ancestorTitles?: unknown;
  title?: unknown;
  status?: unknown;
}

/**
 * A vitest or jest `--json` report (the same shape: vitest copies jest's).
 * Ids are `file > describe > test` with the file's base name: reports hold
 * absolute paths, and the base and head run in different checkouts.
 */
export function countJsonReport(content: string): TestCount | null {
  let report: unknown;
  try {
    report = JSON.parse(content);
  } catch {
    return null;
  }
  if (!isRecord(report) || !Array.isArray(report.testResults) || typeof report.numTotalTests !== 'number') return null;
  // Only jest writes these.
  const format = 'openHandles' in report || 'wasInterrupted' in report ? 'jest' : 'vitest';
  const tally = newTally();
  for (const file of report.testResults as unknown[]) {
    if (!isRecord(file) || !Array.isArray(file.assertionResults)) continue;
    const base = typeof file.name === 'string' ? (file.name.split(/[\\/]/).pop() ?? '') : '';
    for (const a of file.assertionResults as JsonAssertion[]) {
      const outcome = jsonOutcome(a.status);
      if (outcome === null) continue;
      tally[outcome] += 1;
      const titles = Array.isArray(a.ancestorTitles) ? a.ancestorTitles.filter((t) => typeof t === 'string') : [];
      addId(tally, outcome, [base, ...titles, typeof a.title === 'string' ? a.title : ''].filter(Boolean).join(' > '));
    }
  }
  return toTestCount(format, tally);
}

function jsonOutcome(status: unknown): Outcome | null {
  if (status === 'passed') return 'passed';
  if (status === 'failed') return 'failed';
  if (status === 'skipped' || status === 'pending' || status === 'todo' || status === 'disabled') return 'skipped';
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
