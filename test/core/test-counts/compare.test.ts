import { describe, expect, it } from 'vitest';
import { compareCounts, countTests, MAX_IDS, type TestCount } from '../../../src/core/test-counts/index.js';
import { namedCount, runnerOutput } from './fixtures.js';

const count = namedCount;

function summaryOnly(passed: number, failed: number, skipped: number): TestCount {
  return {
    format: 'jest',
    run: passed + failed + skipped,
    passed,
    failed,
    skipped,
    ids: { passed: [], failed: [], skipped: [] },
  };
}

const kinds = (base: TestCount | null, head: TestCount | null): string[] =>
  compareCounts(base, head).map((p) => p.kind);

describe('compareCounts', () => {
  it('nothing when either side was not counted', () => {
    expect(compareCounts(null, count(['a']))).toEqual([]);
    expect(compareCounts(count(['a']), null)).toEqual([]);
  });

  it('more tests at the head, or the same, is fine', () => {
    expect(compareCounts(count(['a']), count(['a', 'b']))).toEqual([]);
    expect(compareCounts(count(['a'], ['b']), count(['a', 'b']))).toEqual([]);
  });

  it('no-tests, and only that, when tests ran at the base and none at the head', () => {
    expect(compareCounts(count(['a', 'b', 'c'], [], ['d']), summaryOnly(0, 0, 0))).toEqual([
      { kind: 'no-tests', detail: '4 tests ran at the base, none here', ids: [] },
    ]);
    expect(compareCounts(summaryOnly(0, 0, 0), summaryOnly(0, 0, 0))).toEqual([]);
  });

  it('fewer-tests from the totals alone', () => {
    expect(compareCounts(summaryOnly(3, 0, 0), summaryOnly(1, 0, 0))).toEqual([
      { kind: 'fewer-tests', detail: '3 tests ran at the base, 1 here', ids: [] },
    ]);
  });

  it('more-skipped names the tests skipped at the head and not at the base', () => {
    const problems = compareCounts(count(['a', 'b'], [], ['s']), count(['a'], [], ['b', 's']));
    expect(problems.find((p) => p.kind === 'more-skipped')).toEqual({
      kind: 'more-skipped',
      detail: '1 more test skipped than at the base (1 → 2): b',
      ids: ['b'],
    });
    expect(compareCounts(summaryOnly(2, 0, 0), summaryOnly(1, 0, 1))).toEqual([
      { kind: 'more-skipped', detail: '1 more test skipped than at the base (0 → 1)', ids: [] },
    ]);
  });

  it('lost-tests: passed at the base and nowhere at the head, even when a new test keeps the total', () => {
    expect(compareCounts(count(['a', 'b']), count(['a', 'new']))).toEqual([
      { kind: 'lost-tests', detail: '1 test that passed at the base did not run here: b', ids: ['b'] },
    ]);
  });

  it('lost-tests needs ids on both sides, and whole id lists', () => {
    expect(kinds(count(['a', 'b']), summaryOnly(1, 0, 0))).toEqual(['fewer-tests']);
    const many = Array.from({ length: MAX_IDS }, (_, i) => `t${String(i).padStart(5, '0')}`);
    // Lists at the cap: `t01999` may be beyond the head's cap rather than gone.
    expect(kinds(count(many), count(['s0', ...many.slice(0, -1)]))).toEqual([]);
  });

  it('a test that failed at the base is not lost when it is gone (it was not passing)', () => {
    expect(kinds(count(['a'], ['f']), count(['a', 'b']))).toEqual([]);
  });

  it('newly-skipped: passed at the base, skipped at the head', () => {
    const problems = compareCounts(count(['a', 'b']), count(['a'], [], ['b']));
    expect(problems).toEqual([
      { kind: 'more-skipped', detail: '1 more test skipped than at the base (0 → 1): b', ids: ['b'] },
      { kind: 'newly-skipped', detail: '1 test that passed at the base is skipped here: b', ids: ['b'] },
    ]);
  });

  it('lists at most 20 ids in the detail, all of them in ids', () => {
    const names = Array.from({ length: 25 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    const lost = compareCounts(count([...names, 'kept']), count(['kept', 'x']));
    const problem = lost.find((p) => p.kind === 'lost-tests');
    expect(problem?.ids).toHaveLength(25);
    expect(problem?.detail).toMatch(/did not run here: t00, .*, t19 and 5 more$/);
  });

  it('from real output: a node run against itself, and against a run with the failing test deleted', () => {
    const tap = countTests(runnerOutput('node-tap.txt'));
    expect(compareCounts(tap, tap)).toEqual([]);
    const withoutAdds = countTests(
      runnerOutput('node-tap.txt')
        .replace('ok 1 - adds\n', '')
        .replace('# tests 7', '# tests 6')
        .replace('# pass 3', '# pass 2'),
    );
    expect(compareCounts(tap, withoutAdds).map((p) => p.detail)).toEqual([
      '7 tests ran at the base, 6 here',
      '1 test that passed at the base did not run here: adds',
    ]);
  });
});
