import { describe, expect, it } from 'vitest';
import { fullBucket, GITHUB_WRITE_PACING, takeWrite, type WriteBucket } from '../../src/core/write-pacing.js';

const pacing = GITHUB_WRITE_PACING;

/** The waits of `count` writes asked for at the given times (ms), in order. */
function waits(times: readonly number[], start: WriteBucket = fullBucket(pacing, 0)): number[] {
  let bucket = start;
  return times.map((at) => {
    const taken = takeWrite(bucket, at, pacing);
    bucket = taken.bucket;
    return taken.waitMs;
  });
}

describe('write pacing (GitHub secondary rate limits)', () => {
  it('lets a burst of writes out at once', () => {
    expect(waits(Array.from({ length: pacing.burst }, () => 0))).toEqual(Array.from({ length: pacing.burst }, () => 0));
  });

  it('spaces the writes beyond the burst a second apart, in the order they asked', () => {
    const asked = Array.from({ length: pacing.burst + 3 }, () => 0);
    expect(waits(asked).slice(pacing.burst)).toEqual([1000, 2000, 3000]);
  });

  it('refills one write per second, up to the burst', () => {
    const spent = Array.from({ length: pacing.burst }, () => 0);
    // Two and a half seconds later two tokens are back; the third write waits for the next half second.
    expect(waits([...spent, 2500, 2500, 2500]).slice(pacing.burst)).toEqual([0, 0, 500]);
    // A long quiet spell refills the bucket to the burst, never beyond it.
    expect(waits([...spent, ...Array.from({ length: pacing.burst + 1 }, () => 3_600_000)]).at(-1)).toBe(1000);
  });

  it('never lets more than 80 writes out in any minute (the content-creation limit)', () => {
    // Writes asked for as fast as possible: each goes out when its wait ends.
    let bucket = fullBucket(pacing, 0);
    const sent: number[] = [];
    for (let i = 0; i < 300; i++) {
      const taken = takeWrite(bucket, 0, pacing);
      bucket = taken.bucket;
      sent.push(taken.waitMs);
    }
    for (const start of sent)
      expect(sent.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(80);
  });

  it('refills nothing when the clock steps back', () => {
    const spent = waits(
      Array.from({ length: pacing.burst }, () => 10_000),
      fullBucket(pacing, 10_000),
    );
    expect(spent.every((w) => w === 0)).toBe(true);
    const taken = takeWrite({ tokens: 0, at: 10_000 }, 5_000, pacing);
    expect(taken.waitMs).toBe(1000);
  });
});
