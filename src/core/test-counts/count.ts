import { stripInvisible } from '../text/escape.js';
import { countCargo } from './cargo.js';
import { countGoJson, countGoText } from './go.js';
import { countJestText, countJsonReport, countVitestText } from './js-runners.js';
import { countJunit } from './junit.js';
import { countNodeSpec } from './node-spec.js';
import { countPytest } from './pytest.js';
import { countTap } from './tap.js';
import { sumCounts } from './tally.js';
import type { TestCount } from './types.js';

/**
 * The recognisers of command output, most distinctive first: go's JSON
 * events and TAP's `# tests` cannot be mistaken for another runner's text,
 * while pytest's and go's lines are looser. The first that recognises the
 * output gives the count, so output mixing runners counts the first
 * runner's tests only — the same one at the base and the head.
 */
const RECOGNISERS: ReadonlyArray<(text: string) => TestCount | null> = [
  countGoJson,
  countTap,
  countNodeSpec,
  countVitestText,
  countJestText,
  countPytest,
  countGoText,
  countCargo,
];

/**
 * How many tests a QA command ran: from its report files when it wrote any
 * we can read (JUnit XML, a vitest/jest JSON report; summed), else from its
 * output. Null when neither is recognised: the tests were not counted.
 */
export function countTests(output: string, reports?: readonly { name: string; content: string }[]): TestCount | null {
  const fromReports = sumCounts((reports ?? []).map((r) => countReport(r.content)).filter(isCount));
  if (fromReports !== null) return fromReports;
  const text = stripInvisible(output);
  for (const recognise of RECOGNISERS) {
    const count = recognise(text);
    if (count !== null) return count;
  }
  return null;
}

function countReport(content: string): TestCount | null {
  const start = content.trimStart();
  return start.startsWith('{') ? countJsonReport(start) : countJunit(content);
}

function isCount(count: TestCount | null): count is TestCount {
  return count !== null;
}
