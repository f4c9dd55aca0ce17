import { describe, expect, it } from 'vitest';
import { countCargo } from '../../../src/core/test-counts/cargo.js';
import { numbers, runnerOutput } from './fixtures.js';

// cargo 1.95 `cargo test --no-fail-fast`: unit tests (adds, breaks failing, later ignored), one integration test, one doc test.
describe('cargo test', () => {
  it('sums the test result lines of every binary (unit, integration, doc tests)', () => {
    const count = countCargo(runnerOutput('cargo.txt'));
    expect(numbers(count)).toEqual({ format: 'cargo', run: 5, passed: 3, failed: 1, skipped: 1 });
    expect(count?.ids).toEqual({
      passed: ['integration', 'src/lib.rs - add (line 3)', 'tests::adds'],
      failed: ['tests::breaks'],
      skipped: ['tests::later'],
    });
  });

  it('an ignored test with a reason', () => {
    const text =
      'test a::b ... ignored, needs network\ntest result: ok. 0 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s\n';
    expect(countCargo(text)?.ids.skipped).toEqual(['a::b']);
  });

  it('is not recognised without a test result line', () => {
    expect(countCargo('test a::b ... ok\n')).toBeNull();
  });
});
