/**
 * Exponential backoff with jitter, as data: the wait before try `n + 1`
 * grows as `baseMs · 2ⁿ` up to `maxMs`, and the jitter spreads racers so
 * they do not collide again in lockstep. Pure; the loop that waits is
 * src/process/retry.ts.
 */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** 'full': anywhere in [0, ceiling); 'half': in [ceiling/2, ceiling]. */
  jitter: 'full' | 'half';
}

/** The wait after try `n` (a count from 0 or 1, as the caller's policy counts); `random` in [0, 1). */
export function backoffMs(n: number, b: Backoff, random: () => number = Math.random): number {
  // The exponent is capped only so a runaway count cannot overflow; the ceiling is long reached by then.
  const ceiling = Math.min(b.maxMs, b.baseMs * 2 ** Math.min(n, 30));
  return b.jitter === 'full' ? Math.floor(random() * ceiling) : Math.round(ceiling / 2 + (ceiling / 2) * random());
}
