import { addId, lines, newTally, toTestCount, type Outcome } from './tally.js';
import type { TestCount } from './types.js';

// One per test binary (unit tests, each integration test file, doc tests).
const RESULT =
  /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; \d+ measured; \d+ filtered out/;
// `test tests::adds ... ok`, `test tests::later ... ignored, reason`, `test src/lib.rs - add (line 3) ... FAILED`.
const TEST = /^test (.+) \.\.\. (ok|FAILED|ignored)(?:,.*)?$/;

const OUTCOME: Readonly<Record<string, Outcome>> = { ok: 'passed', FAILED: 'failed', ignored: 'skipped' };

/** `cargo test`: the `test result:` lines, summed over the binaries it ran. */
export function countCargo(text: string): TestCount | null {
  const tally = newTally();
  let found = 0;
  for (const line of lines(text)) {
    const result = RESULT.exec(line);
    if (result !== null) {
      found += 1;
      tally.passed += Number(result[1]);
      tally.failed += Number(result[2]);
      tally.skipped += Number(result[3]);
      continue;
    }
    const test = TEST.exec(line);
    const outcome = test === null ? undefined : OUTCOME[test[2] ?? ''];
    if (test !== null && outcome !== undefined) addId(tally, outcome, test[1] ?? '');
  }
  return found === 0 ? null : toTestCount('cargo', tally);
}
