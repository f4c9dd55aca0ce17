import { addId, lines, newTally, toTestCount, type Outcome, type Tally } from './tally.js';
import type { TestCount } from './types.js';

// `===== 1 failed, 3 passed, 1 skipped in 0.12s =====`, or the same without the rule under `-q`.
const SUMMARY = /^(?:=+ )?((?:\d+ [a-z]+, )*\d+ [a-z]+|no tests ran) in [\d.]+s(?: \([\d:]+\))?(?: =+)?\s*$/;
// `-v`: `tests/test_x.py::test_a PASSED   [ 16%]` (xdist: `[gw0] [ 16%] PASSED tests/test_x.py::test_a`).
const VERBOSE = /^(\S+::.+?) (PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)(?:\s|$)/;
const XDIST = /^\[gw\d+\] \[[ \d]+%\] (PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR) (\S+::.+)$/;
// `-rA` short summary: `PASSED tests/test_x.py::test_a`, `FAILED tests/test_x.py::test_b - assert …`.
const SHORT = /^(PASSED|FAILED|XFAIL|XPASS|ERROR) (.+?)(?: - .*)?$/;
// `SKIPPED [1] tests/test_x.py:9: reason`: pytest names the location, not the test, and groups by it.
const SHORT_SKIP = /^SKIPPED \[\d+\] (.+?:\d+)(?:: .*)?$/;

const OUTCOME: Readonly<Record<string, Outcome>> = {
  passed: 'passed',
  xpassed: 'passed',
  failed: 'failed',
  error: 'failed',
  errors: 'failed',
  skipped: 'skipped',
  xfailed: 'skipped',
};

const WORD: Readonly<Record<string, Outcome>> = {
  PASSED: 'passed',
  XPASS: 'passed',
  FAILED: 'failed',
  ERROR: 'failed',
  SKIPPED: 'skipped',
  XFAIL: 'skipped',
};

/**
 * pytest's final summary lines, summed over runs (deselected tests and
 * warnings are not tests that ran). Ids are node ids from `-v` lines or the
 * `-rA` short summary.
 */
export function countPytest(text: string): TestCount | null {
  const tally = newTally();
  let found = 0;
  for (const line of lines(text)) {
    const m = SUMMARY.exec(line);
    if (m === null) continue;
    const parts = (m[1] ?? '').split(', ');
    if (m[1] !== 'no tests ran' && !parts.every((p) => /^\d+ (?:[a-z]+)$/.test(p) && knownWord(p))) continue;
    found += 1;
    for (const part of parts) {
      const [n, word] = part.split(' ');
      const outcome = OUTCOME[word ?? ''];
      if (outcome !== undefined) tally[outcome] += Number(n);
    }
  }
  if (found === 0) return null;
  pytestIds(text, tally);
  return toTestCount('pytest', tally);
}

function knownWord(part: string): boolean {
  const word = part.split(' ')[1] ?? '';
  return word in OUTCOME || ['deselected', 'warning', 'warnings', 'rerun'].includes(word);
}

function pytestIds(text: string, tally: Tally): void {
  let verbose = false;
  for (const line of lines(text)) {
    const v = VERBOSE.exec(line);
    const x = v === null ? XDIST.exec(line) : null;
    if (v !== null) add(tally, v[2], v[1]);
    else if (x !== null) add(tally, x[1], x[2]);
    verbose ||= v !== null || x !== null;
  }
  // `-v` names every test by node id; the short summary repeats some and names skips by location.
  if (verbose) return;
  for (const line of lines(text)) {
    const short = SHORT.exec(line);
    const skip = short === null ? SHORT_SKIP.exec(line) : null;
    if (short !== null) add(tally, short[1], short[2]);
    else if (skip !== null) add(tally, 'SKIPPED', skip[1]);
  }
}

function add(tally: Tally, word: string | undefined, id: string | undefined): void {
  const outcome = WORD[word ?? ''];
  if (outcome !== undefined && id !== undefined) addId(tally, outcome, id.trim());
}
