import {
  decideUpdate,
  hasNewTransition,
  renderProgress,
  startProgress,
  transitions,
  withActivity,
  withLine,
  type StageProgress,
} from '../core/progress/stage-progress.js';
import type { ActivityFacts } from '../core/progress/activity-text.js';
import { describeApiError } from './errors.js';

/**
 * Keeps a running stage's check run up to date (phase, running workers,
 * elapsed time, spend so far) without spending GitHub's rate limit: one
 * request per transition at most (the rule in src/core/progress), no two
 * requests closer than `minIntervalMs` (a transition inside the interval
 * is sent at its end, with the state as it is then), never two in flight,
 * and nothing once `close` began, so the completing request always wins.
 * A failed update is a warning, never the stage's failure.
 */

export interface ProgressClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const realClock: ProgressClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The default spacing of updates: GitHub asks integrators to keep writes well under one a second; a stage lasts minutes. */
export const DEFAULT_PROGRESS_INTERVAL_MS = 10_000;
/** How long `close` lets a request in flight finish before aborting it. */
export const DEFAULT_CLOSE_GRACE_MS = 5_000;

export interface CheckProgressOptions {
  /** One PATCH of the check (status in_progress); `signal` aborts it when the check is about to complete. */
  send(output: { title: string; summary: string }, signal: AbortSignal): Promise<void>;
  warn(message: string): void;
  scrub(text: string): string;
  /** The summary's first paragraph (stage, plan, run, link). */
  intro: string;
  clock?: ProgressClock;
  minIntervalMs?: number;
  closeGraceMs?: number;
  /** When the check was marked in progress: that request opens the first interval. */
  openedAt?: number;
}

export class CheckProgress {
  private state: StageProgress;
  private readonly sent = new Set<string>();
  private readonly clock: ProgressClock;
  private readonly minIntervalMs: number;
  private lastSentAt: number;
  private timer: unknown = null;
  private inFlight: { done: Promise<void>; abort: AbortController } | null = null;
  private closed = false;
  private failures = 0;
  /** Requests started, for the log line at the end. */
  updates = 0;

  constructor(private readonly o: CheckProgressOptions) {
    this.clock = o.clock ?? realClock;
    this.minIntervalMs = Math.max(0, o.minIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS);
    const now = this.clock.now();
    this.lastSentAt = o.openedAt ?? now;
    this.state = startProgress(o.openedAt ?? now);
  }

  /** The engine's log line (PROGRESS lines move the phase and start workers). */
  line = (text: string): void => {
    if (this.closed) return;
    this.state = withLine(this.state, text, this.clock.now());
    this.poke();
  };

  /** A worker's event (tokens so far, its end). */
  activity = (a: ActivityFacts): void => {
    if (this.closed) return;
    this.state = withActivity(this.state, a);
    this.poke();
  };

  /**
   * Stops updating: a pending update is dropped and one in flight gets
   * `closeGraceMs` to finish, then is aborted, so no progress request can
   * land after the completion that follows. Never throws.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    const flight = this.inFlight;
    if (flight) {
      let grace: unknown = null;
      const expired = new Promise<'expired'>((resolve) => {
        grace = this.clock.setTimer(() => resolve('expired'), this.o.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS);
      });
      const ended = await Promise.race([flight.done.then(() => 'done' as const), expired]);
      this.clock.clearTimer(grace);
      if (ended === 'expired') flight.abort.abort();
    }
    if (this.failures > 1) this.o.warn(`okstra: ${this.failures} progress updates of the check run failed`);
  }

  private poke(): void {
    const decision = decideUpdate({
      closed: this.closed,
      inFlight: this.inFlight !== null,
      due: hasNewTransition(this.state, this.sent),
      now: this.clock.now(),
      lastSentAt: this.lastSentAt,
      minIntervalMs: this.minIntervalMs,
    });
    if (decision.kind === 'wait' && this.timer === null) {
      this.timer = this.clock.setTimer(() => {
        this.timer = null;
        this.poke();
      }, decision.ms);
    }
    if (decision.kind === 'send') this.send();
  }

  private send(): void {
    const now = this.clock.now();
    for (const t of transitions(this.state)) this.sent.add(t);
    const output = renderProgress(this.state, now, { intro: this.o.intro, minIntervalMs: this.minIntervalMs });
    const abort = new AbortController();
    this.lastSentAt = now;
    this.updates += 1;
    const out = { title: this.o.scrub(output.title), summary: this.o.scrub(output.summary) };
    let request: Promise<void>;
    try {
      request = this.o.send(out, abort.signal);
    } catch (error) {
      // A sender that throws at once is a failed update too, not the caller's exception.
      request = Promise.reject(error);
    }
    const done = request
      .catch((error: unknown) => {
        this.failures += 1;
        if (this.failures === 1 && !this.closed)
          this.o.warn(
            `okstra: could not update the check run's progress (${describeApiError(error)}); the stage goes on and its check is completed at the end`,
          );
      })
      .finally(() => {
        this.inFlight = null;
        // A transition that came while the request was out is sent now or at the end of the interval.
        this.poke();
      });
    this.inFlight = { done, abort };
  }
}

/** The variable that sets the spacing of updates (okstra's own tests shorten it; a run needs not set it). */
export const PROGRESS_INTERVAL_ENV = 'OKSTRA_CHECK_PROGRESS_INTERVAL_MS';

/** The spacing `env` asks for, or undefined for the default; a value that is not a whole number of ms is refused. */
export function progressIntervalFrom(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const raw = env[PROGRESS_INTERVAL_ENV]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw new Error(
      `${PROGRESS_INTERVAL_ENV} must be a whole number of milliseconds (0 or more) between the check run's progress updates, got "${raw}"; unset it for the default of ${DEFAULT_PROGRESS_INTERVAL_MS} ms`,
    );
  return Number(raw);
}
