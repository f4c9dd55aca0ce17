import { describe, expect, it } from 'vitest';
import { countTests, MAX_IDS } from '../../../src/core/test-counts/index.js';
import { numbers, runnerOutput } from './fixtures.js';

describe('countTests', () => {
  it.each([
    ['node-tap.txt', 'tap'],
    ['node-spec.txt', 'node-spec'],
    ['vitest.txt', 'vitest'],
    ['jest.txt', 'jest'],
    ['pytest-default.txt', 'pytest'],
    ['go-json.txt', 'go-json'],
    ['go-v.txt', 'go-text'],
    ['cargo.txt', 'cargo'],
  ])('recognises %s as %s', (fixture, format) => {
    expect(countTests(runnerOutput(fixture))?.format).toBe(format);
  });

  it('output it cannot read is not counted (null), not zero tests', () => {
    expect(countTests(runnerOutput('make-all-good.txt'))).toBeNull();
    expect(countTests(runnerOutput('go-plain.txt'))).toBeNull();
    expect(countTests('')).toBeNull();
  });

  it('strips colour codes first (vitest colours its output even when piped)', () => {
    const colored = runnerOutput('vitest-color.txt');
    expect(colored).toContain('\u001b[');
    expect(numbers(countTests(colored))).toEqual({ format: 'vitest', run: 6, passed: 2, failed: 1, skipped: 3 });
  });

  it('reads CRLF output with coloured summary lines', () => {
    const text = runnerOutput('cargo.txt')
      .replace(/^test result: ok/gm, 'test result: \u001b[32mok\u001b[0m')
      .replace(/\n/g, '\r\n');
    expect(numbers(countTests(text))).toEqual({ format: 'cargo', run: 5, passed: 3, failed: 1, skipped: 1 });
  });

  it('sums several summaries of the same runner in one output', () => {
    const text = `${runnerOutput('jest.txt')}\n${runnerOutput('jest.txt')}`;
    expect(numbers(countTests(text))).toEqual({ format: 'jest', run: 12, passed: 4, failed: 2, skipped: 6 });
    expect(countTests(runnerOutput('node-tap-two-runs.txt'))?.run).toBe(9);
  });

  it('report files come first, summed, whatever the output says', () => {
    const count = countTests(runnerOutput('node-tap.txt'), [
      { name: 'junit.xml', content: runnerOutput('pytest-junit.xml') },
      { name: 'report.json', content: runnerOutput('vitest-report.json') },
      { name: 'notes.txt', content: 'not a report' },
    ]);
    expect(numbers(count)).toEqual({ format: 'junit', run: 12, passed: 5, failed: 2, skipped: 5 });
    expect(count?.ids.failed).toEqual(['math.test.mjs > fails', 'tests.test_x.test_b']);
  });

  it('falls back to the output when no report can be read', () => {
    const count = countTests(runnerOutput('node-tap.txt'), [{ name: 'empty.xml', content: '' }]);
    expect(count?.format).toBe('tap');
  });

  it('keeps at most MAX_IDS ids an outcome, sorted', () => {
    const n = MAX_IDS + 5;
    const cases = Array.from({ length: n }, (_, i) => `test t${String(i).padStart(5, '0')} ... ok`);
    const text = `${cases.join('\n')}\ntest result: ok. ${n} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n`;
    const count = countTests(text);
    expect(count?.passed).toBe(n);
    expect(count?.ids.passed).toHaveLength(MAX_IDS);
    expect(count?.ids.passed[0]).toBe('t00000');
  });
});
