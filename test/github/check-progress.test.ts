/**
 * The coalescer of a running stage's check-run updates, on a fake clock:
 * bursts coalesce into one request, the trailing edge sends the latest
 * state, never two requests in flight, nothing once closed, and a failing
 * request is a warning, never an exception.
 */
import { describe, expect, it } from 'vitest';
import {
  CheckProgress,
  progressIntervalFrom,
  PROGRESS_INTERVAL_ENV,
  type ProgressClock,
} from '../../src/github/check-progress.js';
import type { ActivityFacts } from '../../src/core/progress/activity-text.js';

class FakeClock implements ProgressClock {
  t = 0;
  private next = 0;
  private timers: Array<{ id: number; at: number; fn: () => void }> = [];
  now(): number {
    return this.t;
  }
  setTimer(fn: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.push({ id, at: this.t + ms, fn });
    return id;
  }
  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== handle);
  }
  get pending(): number {
    return this.timers.length;
  }
  /** Moves time on, firing each timer due on the way in order, and lets promises settle after each. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.fn();
      await settle();
    }
    this.t = target;
    await settle();
  }
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Sent {
  at: number;
  title: string;
  summary: string;
  signal: AbortSignal;
  resolve(): void;
  reject(error: unknown): void;
}

function harness(o: { intervalMs?: number; autoResolve?: boolean; graceMs?: number } = {}) {
  const clock = new FakeClock();
  const sent: Sent[] = [];
  const warnings: string[] = [];
  const progress = new CheckProgress({
    send: (output, signal) =>
      new Promise<void>((resolve, reject) => {
        sent.push({ at: clock.t, ...output, signal, resolve, reject });
        if (o.autoResolve !== false) resolve();
      }),
    warn: (m) => warnings.push(m),
    scrub: (t) => t.replaceAll('sk-secret-value', '***'),
    intro: 'okstra is running stage 1 of plan `p` as run `r`.',
    clock,
    minIntervalMs: o.intervalMs ?? 10_000,
    closeGraceMs: o.graceMs ?? 5_000,
    openedAt: 0,
  });
  return { clock, sent, warnings, progress };
}

const dispatch = (worker: string, role: string): string =>
  `PROGRESS: phase-4-dispatch worker=${worker} model=default role=${role}`;
const tokens = (worker: string, role: string, at: number, n: number): ActivityFacts => ({
  at: new Date(at).toISOString(),
  worker,
  role,
  event: { kind: 'tokens', inputTokens: n, outputTokens: 0, costUsd: n / 1e6 },
});
const finished = (worker: string, role: string, at: number, n: number): ActivityFacts => ({
  at: new Date(at).toISOString(),
  worker,
  role,
  event: { kind: 'finished', status: 'done', inputTokens: n, outputTokens: 0, costUsd: null },
});

describe('check-run progress updates', () => {
  it('coalesces a burst of phase changes into one request at the end of the interval, with the latest state', async () => {
    const { clock, sent, progress } = harness();
    progress.line('PROGRESS: phase-1-intake complete stage=1');
    progress.line('PROGRESS: phase-2-prompts composed');
    progress.line('PROGRESS: phase-3-roster executor=Writer worker');
    await clock.advance(1_000);
    progress.line(dispatch('Writer worker', 'executor'));
    progress.activity(tokens('Writer worker', 'executor', 2_000, 1500));
    expect(sent).toHaveLength(0);
    await clock.advance(9_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.at).toBe(10_000);
    expect(sent[0]?.title).toBe('Running execute: Writer worker running · 10s · 1.5k tokens');
    expect(sent[0]?.summary).toContain('- Writer worker (executor) for 9s, 1,500 tokens, $0.0015');
    expect(sent[0]?.summary).toContain('**Spend so far:** 1,500 tokens · $0.0015');
    // Tokens ticking up are no transition: nothing more is sent for them.
    progress.activity(tokens('Writer worker', 'executor', 11_000, 3000));
    await clock.advance(30_000);
    expect(sent).toHaveLength(1);
  });

  it('sends a transition at once when the interval has passed, and the trailing update names every worker started within it', async () => {
    const { clock, sent, progress } = harness();
    await clock.advance(12_000);
    progress.line(dispatch('Writer worker', 'executor'));
    expect(sent.map((s) => s.at)).toEqual([12_000]);
    progress.activity(finished('Writer worker', 'executor', 13_000, 2000));
    progress.line('PROGRESS: phase-5-collect worker=Writer worker status=done');
    progress.line('PROGRESS: phase-5-qa label=test exit=0 passed=true');
    await clock.advance(2_000);
    progress.line(dispatch('Alpha worker', 'verifier'));
    await clock.advance(3_000);
    progress.line(dispatch('Beta worker', 'verifier'));
    expect(sent).toHaveLength(1);
    await clock.advance(5_000);
    expect(sent.map((s) => s.at)).toEqual([12_000, 22_000]);
    expect(sent[1]?.title).toBe('Running verify: Alpha worker, Beta worker running · 22s · 2.0k tokens');
    // The finished executor's usage stays in the spend.
    expect(sent[1]?.summary).toContain('**Spend so far:** 2,000 tokens · cost unknown');
    // A worker finishing is no transition of its own.
    progress.activity(finished('Alpha worker', 'verifier', 30_000, 10));
    await clock.advance(20_000);
    expect(sent).toHaveLength(2);
  });

  it('sends each (phase, worker) transition at most once, even with no interval', async () => {
    const { clock, sent, progress } = harness({ intervalMs: 0 });
    progress.line('PROGRESS: phase-5-qa label=a exit=0 passed=true');
    progress.line('PROGRESS: phase-5-qa label=b exit=0 passed=true');
    await clock.advance(1);
    progress.line(dispatch('Alpha worker', 'verifier'));
    await clock.advance(1);
    progress.line(dispatch('Alpha worker', 'verifier'));
    progress.line('PROGRESS: phase-5-collect worker=Alpha worker status=done');
    await clock.advance(1);
    expect(sent.map((s) => s.title.split(' · ')[0])).toEqual([
      'Running verify',
      'Running verify: Alpha worker running',
    ]);
  });

  it('never has two requests in flight: a transition during one is sent after it ends', async () => {
    const { clock, sent, progress } = harness({ intervalMs: 1_000, autoResolve: false });
    await clock.advance(1_000);
    progress.line(dispatch('Writer worker', 'executor'));
    expect(sent).toHaveLength(1);
    await clock.advance(5_000);
    progress.line('PROGRESS: phase-5-qa label=a exit=0 passed=true');
    await clock.advance(5_000);
    expect(sent).toHaveLength(1);
    sent[0]?.resolve();
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.title).toMatch(/^Running verify/);
  });

  it('sends nothing after close: a pending trailing update is dropped', async () => {
    const { clock, sent, progress } = harness();
    progress.line(dispatch('Writer worker', 'executor'));
    expect(clock.pending).toBe(1);
    await progress.close();
    expect(clock.pending).toBe(0);
    progress.line('PROGRESS: phase-5-qa label=a exit=0 passed=true');
    await clock.advance(60_000);
    expect(sent).toHaveLength(0);
  });

  it('close waits for the request in flight, and aborts it when it outlasts the grace', async () => {
    const first = harness({ intervalMs: 0, autoResolve: false });
    first.progress.line(dispatch('Writer worker', 'executor'));
    let closed = false;
    const closing = first.progress.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    first.sent[0]?.resolve();
    await closing;
    expect(first.sent[0]?.signal.aborted).toBe(false);

    const slow = harness({ intervalMs: 0, autoResolve: false, graceMs: 3_000 });
    slow.progress.line(dispatch('Writer worker', 'executor'));
    const ending = slow.progress.close();
    await slow.clock.advance(3_000);
    await ending;
    expect(slow.sent[0]?.signal.aborted).toBe(true);
    slow.sent[0]?.reject(new Error('aborted'));
    await settle();
    expect(slow.sent).toHaveLength(1);
  });

  it('a failing request (rate limit, 5xx, a sender that throws) is a warning; the updates go on', async () => {
    const { clock, sent, warnings, progress } = harness({ intervalMs: 0, autoResolve: false });
    progress.line(dispatch('Writer worker', 'executor'));
    sent[0]?.reject(Object.assign(new Error('API rate limit exceeded'), { status: 403 }));
    await settle();
    expect(warnings).toEqual([
      "okstra: could not update the check run's progress (HTTP 403: API rate limit exceeded); the stage goes on and its check is completed at the end",
    ]);
    progress.line('PROGRESS: phase-5-qa label=a exit=0 passed=true');
    expect(sent).toHaveLength(2);
    sent[1]?.reject(Object.assign(new Error('Bad gateway'), { status: 502 }));
    await settle();
    await clock.advance(1);
    await progress.close();
    // The first failure is said, the others counted at the end: the log is not flooded.
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toBe('okstra: 2 progress updates of the check run failed');

    const clock2 = new FakeClock();
    const thrower = new CheckProgress({
      send: () => {
        throw new Error('sender broke');
      },
      warn: (m) => warnings.push(m),
      scrub: (t) => t,
      intro: '',
      clock: clock2,
      minIntervalMs: 0,
    });
    expect(() => thrower.line(dispatch('Writer worker', 'executor'))).not.toThrow();
    await settle();
    expect(warnings.at(-1)).toContain('sender broke');
  });

  it('scrubs the title and the summary it sends', async () => {
    const { sent, progress } = harness({ intervalMs: 0 });
    progress.line(dispatch('sk-secret-value worker', 'executor'));
    await settle();
    expect(sent[0]?.title).toBe('Running execute: *** worker running · 0s · 0 tokens');
    expect(sent[0]?.summary).not.toContain('sk-secret-value');
  });
});

describe('the interval from the environment', () => {
  it('is the default when unset and a whole number of milliseconds otherwise', () => {
    expect(progressIntervalFrom({})).toBeUndefined();
    expect(progressIntervalFrom({ [PROGRESS_INTERVAL_ENV]: ' ' })).toBeUndefined();
    expect(progressIntervalFrom({ [PROGRESS_INTERVAL_ENV]: '250' })).toBe(250);
    expect(progressIntervalFrom({ [PROGRESS_INTERVAL_ENV]: '0' })).toBe(0);
  });

  it.each(['-5', '1.5', '10s', '9999999999'])('refuses %s, naming the variable and what it wants', (value) => {
    expect(() => progressIntervalFrom({ [PROGRESS_INTERVAL_ENV]: value })).toThrow(
      `${PROGRESS_INTERVAL_ENV} must be a whole number of milliseconds (0 or more) between the check run's progress updates, got "${value}"`,
    );
  });
});
