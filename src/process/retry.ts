import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The one retry loop of okstra. Each caller passes its policy as data: how
 * many tries at most, which outcomes are worth another, and the wait before
 * it (often src/core/backoff.ts). The loop only runs, asks and sleeps.
 */

/** How one try ended: with a value, or by throwing. */
export type Outcome<T> = { value: T } | { error: unknown };

export interface RetryPolicy<T> {
  /** Tries in all; unbounded when absent (the predicate then ends the loop, by a budget of time or otherwise). */
  attempts?: number;
  /** Whether try `n` (from 1) ended in a way worth another; may mend something first (async). */
  retryable: (outcome: Outcome<T>, n: number) => boolean | Promise<boolean>;
  /** The wait after try `n` before the next; none when absent. */
  delayMs?: (n: number, outcome: Outcome<T>) => number;
  /** For tests (no real waits). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `attempt` until its outcome is not retryable or the tries run out,
 * and returns the last value (a failed one included: the caller judges it)
 * or throws the last error.
 */
export async function retry<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy<T>): Promise<T> {
  for (let n = 1; ; n++) {
    let outcome: Outcome<T>;
    try {
      outcome = { value: await attempt(n) };
    } catch (error) {
      outcome = { error };
    }
    const last = policy.attempts !== undefined && n >= policy.attempts;
    if (last || !(await policy.retryable(outcome, n))) {
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
    const wait = policy.delayMs?.(n, outcome) ?? 0;
    if (wait > 0) await (policy.sleep ?? sleep)(wait);
  }
}
