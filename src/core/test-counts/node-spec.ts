import { addId, addNodeSummaries, lines, newTally, toTestCount, type Outcome, type Tally } from './tally.js';
import type { TestCount } from './types.js';

const SUMMARY = /^ℹ (tests|pass|fail|cancelled|skipped|todo) (\d+)\s*$/;
// `✔ name (1.2ms)`, `✖ name`, `﹣ name (0.2ms) # reason`, `▶ suite`; two spaces a level.
const LINE = /^( *)([✔✖﹣▶]) (.*?)(?: \([\d.]+m?s\))?(?: # (.*))?$/;
const INDENT = 2;

/** node's spec reporter (`--test-reporter=spec`, the default on a TTY): `ℹ tests 3` summaries, summed. */
export function countNodeSpec(text: string): TestCount | null {
  const tally = newTally();
  if (addNodeSummaries(text, SUMMARY, tally) === 0) return null;
  specIds(text, tally);
  return toTestCount('node-spec', tally);
}

function specIds(text: string, tally: Tally): void {
  const parents: string[] = [];
  let repeat = false;
  for (const line of lines(text)) {
    // The "failing tests" list repeats each failure after `test at file:line:col`, without its parents.
    if (line.startsWith('test at ')) {
      repeat = true;
      continue;
    }
    const m = LINE.exec(line);
    if (m === null || line === '✖ failing tests:') continue;
    const wasRepeat = repeat;
    repeat = false;
    if (wasRepeat) continue;
    const depth = Math.floor((m[1] ?? '').length / INDENT);
    const name = m[3] ?? '';
    parents.length = depth;
    // `▶` opens a test with subtests or a suite; its result line follows them. node 20 ends a suite
    // with `✔ name` too, so a suite's name is an id here though node's totals leave it out.
    if (m[2] === '▶') {
      parents[depth] = name;
      continue;
    }
    const outcome: Outcome =
      m[2] === '﹣' || /^TODO\b/i.test(m[4] ?? '') ? 'skipped' : m[2] === '✔' ? 'passed' : 'failed';
    addId(tally, outcome, [...parents.slice(0, depth), name].join(' > '));
  }
}
