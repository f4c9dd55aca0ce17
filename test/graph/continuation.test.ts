import { describe, expect, it } from 'vitest';
import { continueInJob, type ContinuationFacts } from '../../src/core/graph/index.js';

const facts = (over: Partial<ContinuationFacts> = {}): ContinuationFacts => ({
  ready: [2, 3],
  enabled: true,
  overrides: false,
  elapsedMinutes: 10,
  jobLimitMinutes: 240,
  leaseMinutes: 180,
  ...over,
});

describe('continueInJob', () => {
  it("continues with the first ready stage in the plan's order; the others are dispatched", () => {
    expect(continueInJob(facts())).toEqual({ kind: 'continue', stage: 2 });
    expect(continueInJob(facts({ ready: [4] }))).toEqual({ kind: 'continue', stage: 4 });
  });

  it('dispatches when nothing became ready, when the config turns it off, or when the run had overrides of its own', () => {
    expect(continueInJob(facts({ ready: [] }))).toEqual({ kind: 'dispatch', reason: 'no stage became ready' });
    expect(continueInJob(facts({ enabled: false }))).toEqual({
      kind: 'dispatch',
      reason: '`bot.continueInJob` is off',
    });
    const own = continueInJob(facts({ overrides: true }));
    expect(own.kind === 'dispatch' && own.reason).toContain('its own executor, verifiers or models');
  });

  it("dispatches when the job's time left (less a margin for the steps around okstra's) cannot hold a stage's claim lease", () => {
    // 240 - 5 - 55 = 180: exactly a lease still fits.
    expect(continueInJob(facts({ elapsedMinutes: 55 }))).toEqual({ kind: 'continue', stage: 2 });
    expect(continueInJob(facts({ elapsedMinutes: 56 }))).toEqual({
      kind: 'dispatch',
      reason: "179 min left in this job, less than a stage's 180-min claim lease",
    });
    // A job whose limit is below the lease never continues, and says so without a negative figure.
    expect(continueInJob(facts({ jobLimitMinutes: 30, elapsedMinutes: 40 }))).toEqual({
      kind: 'dispatch',
      reason: "0 min left in this job, less than a stage's 180-min claim lease",
    });
    // GitHub's default job limit (360 min) holds a default lease after two hours.
    expect(continueInJob(facts({ jobLimitMinutes: 360, elapsedMinutes: 120 }))).toEqual({ kind: 'continue', stage: 2 });
  });
});
