import type { ModelPrice } from '../config/schema.js';

/**
 * Token counts of one model response, the same for every protocol.
 * `inputTokens` is the whole prompt, cache reads and cache writes included;
 * `cachedInputTokens` and `cacheWriteTokens` are the parts of it billed at
 * their own prices. `outputTokens` includes reasoning ("thinking") tokens,
 * which every vendor bills as output.
 */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
}

export const ZERO_USAGE: TokenUsage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  cacheWriteTokens: 0,
});

/** What a budget counts as tokens: input + output (cache reads are part of input). */
export function budgetTokens(usage: TokenUsage): number {
  return usage.inputTokens + usage.outputTokens;
}

/**
 * The cost in US dollars of `usage` at `price` (USD per million tokens), or
 * null when the price is unknown: an unknown cost is never reported as 0.
 */
export function costUsd(usage: TokenUsage, price: ModelPrice | null): number | null {
  if (!price) return null;
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const writes = Math.min(usage.cacheWriteTokens, usage.inputTokens - cached);
  const plain = usage.inputTokens - cached - writes;
  const micro =
    plain * price.input +
    cached * (price.cachedInput ?? price.input) +
    writes * (price.cacheWrite ?? price.input) +
    usage.outputTokens * price.output;
  return micro / 1_000_000;
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/** A sum of costs where one unknown makes the whole unknown. */
export function addCost(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}
