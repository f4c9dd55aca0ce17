import { describe, expect, it } from 'vitest';
import { countPytest } from '../../../src/core/test-counts/pytest.js';
import { numbers, runnerOutput } from './fixtures.js';

// pytest 9 on a file with test_a passing, test_b failing, test_c skipped, test_d xfail and test_p[1], test_p[2].
const TOTALS = { format: 'pytest', run: 6, passed: 3, failed: 1, skipped: 2 };
const NODE_IDS = ['tests/test_x.py::test_a', 'tests/test_x.py::test_p[1]', 'tests/test_x.py::test_p[2]'];

describe('pytest', () => {
  it.each(['pytest-default.txt', 'pytest-q.txt', 'pytest-ra.txt', 'pytest-v.txt'])(
    '%s: totals from the summary line, xfailed as skipped',
    (fixture) => {
      expect(numbers(countPytest(runnerOutput(fixture)))).toEqual(TOTALS);
    },
  );

  it('-v names every test by node id', () => {
    expect(countPytest(runnerOutput('pytest-v.txt'))?.ids).toEqual({
      passed: NODE_IDS,
      failed: ['tests/test_x.py::test_b'],
      skipped: ['tests/test_x.py::test_c', 'tests/test_x.py::test_d'],
    });
  });

  it('-rA names passes and failures by node id, skips by location', () => {
    expect(countPytest(runnerOutput('pytest-ra.txt'))?.ids).toEqual({
      passed: NODE_IDS,
      failed: ['tests/test_x.py::test_b'],
      skipped: ['tests/test_x.py:9', 'tests/test_x.py::test_d'],
    });
  });

  it('the default short summary names only the failures', () => {
    expect(countPytest(runnerOutput('pytest-q.txt'))?.ids).toEqual({
      passed: [],
      failed: ['tests/test_x.py::test_b'],
      skipped: [],
    });
  });

  it('"no tests ran" is a count of zero', () => {
    expect(numbers(countPytest(runnerOutput('pytest-none.txt')))).toEqual({
      format: 'pytest',
      run: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  });

  it('sums several runs; errors fail, xpassed pass, deselected and warnings are not tests', () => {
    const text = [
      '3 passed, 1 deselected, 2 warnings in 0.20s',
      '=========== 1 error, 1 xpassed in 62.10s (0:01:02) ===========',
    ].join('\n');
    expect(numbers(countPytest(text))).toEqual({ format: 'pytest', run: 5, passed: 4, failed: 1, skipped: 0 });
  });

  it('is not recognised from prose that merely looks similar', () => {
    expect(countPytest('2 apples, 3 passed in 0.1s\nall 3 passed in review\n')).toBeNull();
  });
});
