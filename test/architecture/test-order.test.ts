import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowDurations } from '../../scripts/slow-durations.js';
import { longestFirst, recordedDurations, SLOW_DURATIONS, type Expected } from '../sequencer.js';
import { tempDir } from '../helpers/git-repos.js';
import { testTiers } from '../tiers.js';

// The slow tier starts its longest files first (test/sequencer.ts), from vitest's own durations or the ones
// `npm run test:durations` recorded.

const root = resolve(import.meta.dirname, '..', '..');

describe('the slow tier’s order', () => {
  it('starts unknown and last-failed files first, in their order, then the rest longest first, ties kept in order', () => {
    const known: Record<string, Expected> = {
      short: { seconds: 1, failed: false },
      long: { seconds: 40, failed: false },
      failed: { seconds: 0.5, failed: true },
      mid: { seconds: 9, failed: false },
      alsoMid: { seconds: 9, failed: false },
    };
    const order = longestFirst(['short', 'new', 'long', 'failed', 'mid', 'alsoMid', 'newer'], (f) => known[f]);
    expect(order).toEqual(['new', 'failed', 'newer', 'long', 'mid', 'alsoMid', 'short']);
  });

  it('records the slow files of a JSON report, one decimal, sorted, and leaves the fast ones out', () => {
    const report = {
      testResults: [
        { name: join(root, 'test/z/slow.test.ts'), startTime: 1000, endTime: 43_960 },
        { name: join(root, 'test/a/slow.test.ts'), startTime: 0, endTime: 1234 },
        { name: join(root, 'test/a/fast.test.ts'), startTime: 0, endTime: 99_000 },
      ],
    };
    const durations = slowDurations(root, report, ['test/a/slow.test.ts', 'test/z/slow.test.ts']);
    expect(Object.entries(durations)).toEqual([
      ['test/a/slow.test.ts', 1.2],
      ['test/z/slow.test.ts', 43],
    ]);
  });

  it('reads the recorded durations, none when the file is absent, and refuses one that is not file → seconds', () => {
    const dir = tempDir('okstra-order-');
    expect(recordedDurations(dir).size).toBe(0);
    mkdirSync(join(dir, 'test'));
    writeFileSync(join(dir, SLOW_DURATIONS), JSON.stringify({ 'test/a.test.ts': 3.5, 'test/b.test.ts': 'soon' }));
    expect([...recordedDurations(dir)]).toEqual([['test/a.test.ts', 3.5]]);
    writeFileSync(join(dir, SLOW_DURATIONS), '[1, 2]');
    expect(() => recordedDurations(dir)).toThrow(/file → seconds; run npm run test:durations/);
  });

  it('the recorded durations name slow files that exist: a renamed or moved file is recorded again', () => {
    const slow = testTiers(root).slow;
    const stale = [...recordedDurations(root).keys()].filter((file) => !slow.includes(file));
    expect(stale, 'run npm test, then npm run test:durations').toEqual([]);
  });
});
