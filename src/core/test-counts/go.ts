import { addId, lines, newTally, toTestCount, type Outcome, type Tally } from './tally.js';
import type { TestCount } from './types.js';

const GO_OUTCOME: Readonly<Record<string, Outcome>> = { pass: 'passed', fail: 'failed', skip: 'skipped' };

/**
 * `go test -json`: one event a line; each test's (and subtest's) last event
 * is `pass`, `fail` or `skip`. Events without `Test` are the package's.
 * Other lines (build errors) are passed over.
 */
export function countGoJson(text: string): TestCount | null {
  const tally = newTally();
  let events = 0;
  for (const line of lines(text)) {
    const event = goEvent(line);
    if (event === null) continue;
    events += 1;
    const outcome = GO_OUTCOME[event.action];
    if (outcome === undefined || event.test === undefined) continue;
    tally[outcome] += 1;
    addId(tally, outcome, event.pkg === undefined ? event.test : `${event.pkg}/${event.test}`);
  }
  return events === 0 ? null : toTestCount('go-json', tally);
}

function goEvent(line: string): { action: string; pkg?: string; test?: string } | null {
  if (!line.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { Action: action, Package: pkg, Test: test } = value as Record<string, unknown>;
  if (typeof action !== 'string' || typeof pkg !== 'string') return null;
  return { action, pkg, ...(typeof test === 'string' ? { test } : {}) };
}

const RESULT = /^\s*--- (PASS|FAIL|SKIP): (\S+) \(/;
const RUN = /^=== RUN {3}\S/;
// A package line: `ok  \tpkg\t0.1s`, `FAIL\tpkg\t0.1s`, `?   \tpkg\t[no test files]`.
const PACKAGE = /^(?:ok|FAIL|\?)\s+\S+\t/;
const NO_TESTS = /\[no test files\]|\[no tests to run\]/;

/**
 * `go test -v`: a `--- PASS|FAIL|SKIP: TestX` line for each test and
 * subtest. Without `-v` go names only the failures, so the output counts
 * only when `=== RUN` lines show `-v` — or when every package says it has
 * no tests, which is a count of zero either way.
 */
export function countGoText(text: string): TestCount | null {
  const all = lines(text);
  const tally = newTally();
  if (all.some((line) => RUN.test(line))) {
    for (const line of all) goResult(line, tally);
    return toTestCount('go-text', tally);
  }
  const packages = all.filter((line) => PACKAGE.test(line));
  if (packages.length > 0 && packages.every((line) => NO_TESTS.test(line))) return toTestCount('go-text', tally);
  return null;
}

function goResult(line: string, tally: Tally): void {
  const m = RESULT.exec(line);
  if (m === null) return;
  const outcome = GO_OUTCOME[(m[1] ?? '').toLowerCase()];
  if (outcome === undefined) return;
  tally[outcome] += 1;
  addId(tally, outcome, m[2] ?? '');
}
