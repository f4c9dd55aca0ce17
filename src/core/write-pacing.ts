/**
 * How okstra paces its writes (POST, PATCH, PUT, DELETE) to GitHub's API.
 *
 * GitHub's documented limits ("Rate limits for the REST API", secondary rate
 * limits): no more than 100 concurrent requests, no more than 80
 * content-generating requests per minute, 900 points per minute per REST
 * endpoint (a write costs 5); and "Best practices for using the REST API":
 * when making a *large number* of mutative requests, wait at least one
 * second between each. A done stage makes a handful of writes (a check and
 * a dispatch per stage it made ready): spacing those a second apart is what
 * made a fan-out of eight take seventeen seconds to start.
 *
 * The rule: a token bucket. Up to `burst` writes go out at once; beyond that
 * one token comes back per `refillMs`, so a long run of writes is spaced a
 * second apart as the best practice asks. With a burst of 20 and a second per
 * token, no 60-second window holds more than 20 + 60 = 80 writes: the
 * content-creation limit. Concurrency stays with the client's request queue
 * (ten at once, far below 100).
 */
export interface WritePacing {
  /** Writes that may go out at once when none went out lately. */
  burst: number;
  /** How long until one more write may go out, once the burst is spent. */
  refillMs: number;
}

export const GITHUB_WRITE_PACING: WritePacing = { burst: 20, refillMs: 1000 };

/**
 * The bucket's state: `tokens` at time `at` (epoch ms). It goes below zero
 * while writes wait: each waiting write holds its place by owing a token,
 * so callers are served in the order they asked without a queue.
 */
export interface WriteBucket {
  tokens: number;
  at: number;
}

export function fullBucket(pacing: WritePacing, now: number): WriteBucket {
  return { tokens: pacing.burst, at: now };
}

/** One write asks to go out at `now`: how long it waits, and the bucket after it took its token. */
export function takeWrite(
  bucket: WriteBucket,
  now: number,
  pacing: WritePacing,
): { waitMs: number; bucket: WriteBucket } {
  // A clock that stepped back refills nothing (and takes nothing back).
  const elapsed = Math.max(0, now - bucket.at);
  const refilled = Math.min(pacing.burst, bucket.tokens + elapsed / pacing.refillMs);
  const tokens = refilled - 1;
  return { waitMs: tokens >= 0 ? 0 : Math.ceil(-tokens * pacing.refillMs), bucket: { tokens, at: now } };
}
