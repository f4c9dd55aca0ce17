import { backoffMs, type Backoff } from '../backoff.js';

/**
 * When the gateway tries a model call again: the statuses the vendors use
 * for "overloaded, try later", and how long to wait.
 */

/** 429 rate limited, 500/502/503 server trouble, 529 Anthropic's "overloaded". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 529]);

/** Retry 0 waits 250–500 ms, doubling up to 10–20 s. */
const UPSTREAM_BACKOFF: Backoff = { baseMs: 500, maxMs: 20_000, jitter: 'half' };

/** `Retry-After` in milliseconds from `nowMs` (seconds or an HTTP date), or null when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, nowMs: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** How one attempt ended, as far as retrying is concerned. */
export type AttemptOutcome =
  { kind: 'unreachable' } | { kind: 'status'; status: number; retryAfter: string | string[] | undefined };

export interface RetryQuestion {
  outcome: AttemptOutcome;
  /** Retries already made. */
  retries: number;
  /** Time since the request came, and the total retries may take. */
  elapsedMs: number;
  retryBudgetMs: number;
  nowMs: number;
  random?: () => number;
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

/**
 * Whether to try a model call again before the agent sees a byte: a failed
 * connection or a status the vendors use for "try later", waiting what the
 * upstream asked (`Retry-After`) or a backoff, while the wait still fits in
 * the retry budget.
 */
export function decideRetry(q: RetryQuestion): RetryDecision {
  let waitMs: number;
  if (q.outcome.kind === 'unreachable') waitMs = backoffMs(q.retries, UPSTREAM_BACKOFF, q.random);
  else if (RETRYABLE_STATUSES.has(q.outcome.status))
    waitMs = retryAfterMs(q.outcome.retryAfter, q.nowMs) ?? backoffMs(q.retries, UPSTREAM_BACKOFF, q.random);
  else return { retry: false };
  return q.elapsedMs + waitMs > q.retryBudgetMs ? { retry: false } : { retry: true, waitMs };
}
