import { describe, expect, it } from 'vitest';
import { formatUsage } from '../../src/core/report/format.js';

describe('usage as a report shows it', () => {
  it('a subscription says so instead of a price; an API key shows its cost', () => {
    const tokens = { inputTokens: 1_234, outputTokens: 56, costUsd: 0, costComplete: true };
    expect(formatUsage({ ...tokens, billing: 'subscription' })).toBe('1,234 in / 56 out · subscription');
    expect(formatUsage({ ...tokens, costUsd: 0.07 })).toBe('1,234 in / 56 out · $0.07');
    expect(formatUsage(null)).toBe('not reported');
  });
});
