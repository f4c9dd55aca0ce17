import { describe, expect, it } from 'vitest';
import { countTap } from '../../../src/core/test-counts/tap.js';
import { numbers, runnerOutput } from './fixtures.js';

describe("node's TAP output (node --test, piped)", () => {
  it('totals from the # tests summary, todo and skip both skipped', () => {
    const count = countTap(runnerOutput('node-tap.txt'));
    expect(numbers(count)).toEqual({ format: 'tap', run: 7, passed: 3, failed: 1, skipped: 3 });
  });

  it('ids from the ok lines, a subtest named after its parent', () => {
    expect(countTap(runnerOutput('node-tap.txt'))?.ids).toEqual({
      passed: ['adds', 'group', 'group > inner pass'],
      failed: ['fails'],
      skipped: ['group > inner skip', 'skipped one', 'todo one'],
    });
  });

  it('sums the summaries of two runs in one output (npm test; npm run test:e2e)', () => {
    const count = countTap(runnerOutput('node-tap-two-runs.txt'));
    expect(numbers(count)).toEqual({ format: 'tap', run: 9, passed: 5, failed: 1, skipped: 3 });
    expect(count?.ids.passed).toEqual(['adds', 'e2e one', 'e2e two', 'group', 'group > inner pass']);
  });

  it('does not read ok lines inside a YAML diagnostic block, and unescapes \\# in names', () => {
    const text = [
      'TAP version 13',
      'not ok 1 - a \\# b',
      '  ---',
      '  error: |-',
      '    ok 9 - printed by the test',
      '  ...',
      'not ok 2 - later # TODO not done',
      '1..2',
      '# tests 2',
      '# pass 0',
      '# fail 1',
      '# todo 1',
    ].join('\n');
    expect(countTap(text)?.ids).toEqual({ passed: [], failed: ['a # b'], skipped: ['later'] });
  });

  it("a describe suite (YAML type: 'suite') is not a test id, as node does not count it", () => {
    const count = countTap(runnerOutput('node-tap-suite.txt'));
    expect(count?.run).toBe(1);
    expect(count?.ids.passed).toEqual(['suite > inside']);
  });

  it('is not TAP without a # tests summary', () => {
    expect(countTap('ok 1 - something\n')).toBeNull();
  });
});
