import { setTimeout as sleep } from 'node:timers/promises';
import type { ThrottlingOptions } from '@octokit/plugin-throttling';
import {
  fullBucket,
  GITHUB_WRITE_PACING,
  takeWrite,
  type WriteBucket,
  type WritePacing,
} from '../core/write-pacing.js';

/** The plugin's write group, as its options type names it (a Bottleneck group). */
type WriteGroup = NonNullable<Extract<ThrottlingOptions, { write?: unknown }>['write']>;

/** What the throttling plugin asks of a group: `key(id).schedule(options, fn, ...args)`, awaited before each write. */
interface ScheduleOptions {
  /** The plugin schedules a retry with weight 0: it already waited the retry-after GitHub asked for. */
  weight?: number;
}

/**
 * The throttling plugin's write queue with okstra's pacing
 * (src/core/write-pacing.ts) in place of its default, which lets one write
 * out per second, always. One bucket per key: the plugin keys by its `id`
 * (Probot passes the installation, whose token the limits count against).
 */
export class WritePacer {
  private readonly buckets = new Map<string, WriteBucket>();

  constructor(
    private readonly pacing: WritePacing = GITHUB_WRITE_PACING,
    private readonly now: () => number = Date.now,
  ) {}

  key(id = 'default'): { schedule: <T>(options: ScheduleOptions, fn: () => T | Promise<T>) => Promise<T> } {
    return {
      schedule: async (options, fn) => {
        if (options.weight !== 0) await this.wait(id);
        return fn();
      },
    };
  }

  private async wait(id: string): Promise<void> {
    const now = this.now();
    const taken = takeWrite(this.buckets.get(id) ?? fullBucket(this.pacing, now), now, this.pacing);
    this.buckets.set(id, taken.bucket);
    // Not unref'd: a write that waits is work the process still has to do.
    if (taken.waitMs > 0) await sleep(taken.waitMs);
  }

  /** Every bucket full again, as after a quiet while: for a process that measures each plan from a quiet start (the distributed bench). */
  reset(): void {
    this.buckets.clear();
  }

  /**
   * As the plugin's options take it. A cast, not a Bottleneck group: the
   * plugin only ever calls `key(id).schedule(options, fn)` on it
   * (@octokit/plugin-throttling's wrap-request), which this class answers.
   */
  asGroup(): WriteGroup {
    return this as unknown as WriteGroup;
  }
}

/**
 * One pacer for the process, as the plugin's own groups are: every client
 * okstra makes with the same token draws on the same bucket.
 */
export const processWritePacer = new WritePacer();

/**
 * In place of the plugin's queue for writes that notify people (comments,
 * issues, pull requests; three seconds apart by the plugin's default): GitHub
 * documents no such spacing, and those writes already take their token from
 * the write pacer, which keeps them within the content-creation limit.
 */
export const notificationsThroughWritePacer: WriteGroup = {
  key: () => ({ schedule: async (_options: ScheduleOptions, fn: () => unknown) => fn() }),
} as unknown as WriteGroup;
