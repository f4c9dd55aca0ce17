import { describe, expect, it } from 'vitest';
import { countJestText, countJsonReport, countVitestText } from '../../../src/core/test-counts/js-runners.js';
import { numbers, runnerOutput } from './fixtures.js';

const EMPTY_IDS = { passed: [], failed: [], skipped: [] };

describe('vitest', () => {
  it('totals from the Tests summary line; no ids from text that lists only some files', () => {
    const count = countVitestText(runnerOutput('vitest.txt'));
    expect(numbers(count)).toEqual({ format: 'vitest', run: 6, passed: 2, failed: 1, skipped: 3 });
    expect(count?.ids).toEqual(EMPTY_IDS);
  });

  it('sums the summaries of several runs', () => {
    const text = `${runnerOutput('vitest.txt')}\n      Tests  4 passed (4)\n`;
    expect(numbers(countVitestText(text))).toEqual({ format: 'vitest', run: 10, passed: 6, failed: 1, skipped: 3 });
  });

  it('"No test files found" is a count of zero', () => {
    expect(numbers(countVitestText(runnerOutput('vitest-none.txt')))?.run).toBe(0);
  });

  it('the JSON report (--reporter=json --outputFile) names every test, by file base name', () => {
    const count = countJsonReport(runnerOutput('vitest-report.json'));
    expect(numbers(count)).toEqual({ format: 'vitest', run: 6, passed: 2, failed: 1, skipped: 3 });
    expect(count?.ids).toEqual({
      passed: ['math.test.mjs > adds', 'math.test.mjs > group > inner pass'],
      failed: ['math.test.mjs > fails'],
      skipped: ['math.test.mjs > group > inner skip', 'math.test.mjs > skipped one', 'math.test.mjs > todo one'],
    });
  });
});

describe('jest', () => {
  it('totals from the Tests: summary line', () => {
    const count = countJestText(runnerOutput('jest.txt'));
    expect(numbers(count)).toEqual({ format: 'jest', run: 6, passed: 2, failed: 1, skipped: 3 });
    expect(count?.ids).toEqual(EMPTY_IDS);
  });

  it('"No tests found" is a count of zero', () => {
    expect(numbers(countJestText(runnerOutput('jest-none.txt')))?.run).toBe(0);
  });

  it('the --json report: pending and todo are skipped', () => {
    const count = countJsonReport(runnerOutput('jest-report.json'));
    expect(numbers(count)).toEqual({ format: 'jest', run: 6, passed: 2, failed: 1, skipped: 3 });
    expect(count?.ids.skipped).toEqual([
      'math.test.js > group > inner skip',
      'math.test.js > skipped one',
      'math.test.js > todo one',
    ]);
  });
});

describe('not a jest or vitest report', () => {
  it.each(['{"numTotalTests": 1}', '[1, 2]', '{not json', 'Test Files  1 passed (1)'])('%s', (text) => {
    expect(countJsonReport(text)).toBeNull();
    expect(countVitestText(text)).toBeNull();
    expect(countJestText(text)).toBeNull();
  });
});
