import { describe, expect, it } from 'vitest';
import { stagesUnderWay } from '../../src/core/graph/index.js';

const check = (id: number, name: string, status: string) => ({ id, name, status });

describe('stagesUnderWay: the stages a run already has, from the checks on the pull request head', () => {
  it('counts a stage whose newest check of the plan is queued or in progress, and no other', () => {
    const checks = [
      check(1, 'okstra: demo · stage 2', 'queued'),
      check(2, 'okstra: demo · stage 3', 'in_progress'),
      check(3, 'okstra: demo · stage 4', 'completed'),
    ];
    expect([...stagesUnderWay('demo', checks)].sort()).toEqual([2, 3]);
  });

  it('reads the newest check of a stage: a finished retry is not under way, a new one after a finished one is', () => {
    const checks = [
      check(10, 'okstra: demo · stage 2', 'in_progress'),
      check(11, 'okstra: demo · stage 2', 'completed'),
      check(12, 'okstra: demo · stage 3', 'completed'),
      check(13, 'okstra: demo · stage 3', 'queued'),
    ];
    expect([...stagesUnderWay('demo', checks)]).toEqual([3]);
  });

  it("leaves another plan's checks, other apps' checks and names that only look like okstra's alone", () => {
    const checks = [
      check(1, 'okstra: other · stage 2', 'queued'),
      check(2, 'build', 'in_progress'),
      check(3, 'okstra: demo · stage 02', 'queued'),
      check(4, 'okstra: demo · stage 2 ', 'queued'),
    ];
    expect(stagesUnderWay('demo', checks).size).toBe(0);
  });
});
