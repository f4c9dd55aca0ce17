import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/core/backoff.js';
import { retry } from '../../src/process/retry.js';

describe('retry', () => {
  it('tries again while the outcome is retryable, waiting what the policy says after each try', async () => {
    const waits: number[] = [];
    const seen: number[] = [];
    const value = await retry(async (n) => (seen.push(n), n), {
      retryable: (o) => 'value' in o && o.value < 3,
      delayMs: (n) => 10 * n,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(value).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
    expect(waits).toEqual([10, 20]);
  });

  it('returns the last value once the tries run out, without asking the predicate about the last', async () => {
    const asked: number[] = [];
    const value = await retry(async () => 'busy', {
      attempts: 3,
      retryable: (_, n) => (asked.push(n), true),
    });
    expect(value).toBe('busy');
    expect(asked).toEqual([1, 2]);
  });

  it('rethrows an error the predicate refuses, and retries one it accepts', async () => {
    let tries = 0;
    const flaky = async (): Promise<string> => {
      tries += 1;
      if (tries === 1) throw Object.assign(new Error('gone'), { code: 'ENOENT' });
      if (tries === 2) throw new Error('fatal');
      return 'never';
    };
    const retryable = (o: { error: unknown } | { value: string }): boolean =>
      'error' in o && (o.error as NodeJS.ErrnoException).code === 'ENOENT';
    await expect(retry(flaky, { attempts: 5, retryable })).rejects.toThrow('fatal');
    expect(tries).toBe(2);
  });

  it('rethrows a retryable error once the tries run out', async () => {
    let tries = 0;
    const failing = async (): Promise<never> => {
      tries += 1;
      throw new Error(`try ${tries}`);
    };
    await expect(retry(failing, { attempts: 2, retryable: () => true })).rejects.toThrow('try 2');
  });
});

describe('backoffMs', () => {
  it('doubles up to its ceiling, with full jitter below the ceiling and half jitter in its upper half', () => {
    const full = { baseMs: 20, maxMs: 1000, jitter: 'full' } as const;
    expect(backoffMs(1, full, () => 0.5)).toBe(20);
    expect(backoffMs(3, full, () => 0.999)).toBe(159);
    expect(backoffMs(10, full, () => 0.5)).toBe(500);
    expect(backoffMs(1000, full, () => 0)).toBe(0);
    const half = { baseMs: 500, maxMs: 20_000, jitter: 'half' } as const;
    expect(backoffMs(0, half, () => 0)).toBe(250);
    expect(backoffMs(0, half, () => 1)).toBe(500);
    expect(backoffMs(7, half, () => 1)).toBe(20_000);
  });
});
