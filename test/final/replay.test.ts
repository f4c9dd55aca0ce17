import { describe, expect, it } from 'vitest';
import { replaySets } from '../../src/core/final/replay.js';
import type { StageChanges } from '../../src/core/final/index.js';
import type { Plan } from '../../src/core/plan/types.js';

const stage = (number: number, dependsOn: number[], files: string[]): Plan['stages'][number] =>
  ({ number, dependsOn, files }) as Plan['stages'][number];
const changed = (entries: Record<number, string[]>): StageChanges =>
  new Map(Object.entries(entries).map(([n, paths]) => [Number(n), new Map(paths.map((p) => [p, ['c']]))]));

describe('replaySets', () => {
  it('replays a test a stage beside it changed, both ways', () => {
    const plan = { stages: [stage(1, [], []), stage(2, [1], ['test/']), stage(3, [1], ['test/'])] };
    expect(replaySets(plan, changed({ 2: ['test/a.test.js', 'src/a.js'], 3: ['test/a.test.js'] }))).toEqual([
      { stage: 2, paths: ['test/a.test.js'], brokenBy: [3] },
      { stage: 3, paths: ['test/a.test.js'], brokenBy: [2] },
    ]);
  });

  it('a later stage that names the test changes it with the plan’s leave; one that does not is replayed against', () => {
    const named = { stages: [stage(1, [], []), stage(2, [1], ['test/a.test.js'])] };
    expect(replaySets(named, changed({ 1: ['test/a.test.js'], 2: ['test/a.test.js'] }))).toEqual([]);
    const unnamed = { stages: [stage(1, [], []), stage(2, [1], ['src/'])] };
    expect(replaySets(unnamed, changed({ 1: ['test/a.test.js'], 2: ['test/a.test.js'] }))).toEqual([
      { stage: 1, paths: ['test/a.test.js'], brokenBy: [2] },
    ]);
  });

  it('nothing to replay when no other stage touched a stage’s tests (no extra QA run)', () => {
    const plan = { stages: [stage(1, [], []), stage(2, [1], [])] };
    expect(replaySets(plan, changed({ 1: ['test/a.test.js'], 2: ['test/b.test.js', 'src/a.js'] }))).toEqual([]);
  });
});
