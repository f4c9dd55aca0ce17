import type { ModelPrice } from '../config/schema.js';
import { vendorModelName } from './protocol.js';

/**
 * okstra's built-in price table, in US dollars per million tokens, for the
 * models the agent CLIs default to. Figures were taken from the vendors'
 * public price pages (Anthropic "Pricing", OpenAI "API pricing", Google
 * "Gemini Developer API pricing") as they stood in late 2025; prices change,
 * so `pricing:` in `.okstra/config.yml` overrides any entry here (by the same
 * key) and adds models this table lacks.
 *
 * Anthropic `cacheWrite` is the 5-minute cache write (1.25 × input), the one
 * Claude Code uses. Gemini's Pro models cost more for prompts over 200k
 * tokens; this table holds the ≤200k tier, so a longer prompt is under-priced
 * unless `pricing:` says otherwise.
 */
export const BUILTIN_PRICES: Readonly<Record<string, ModelPrice>> = {
  // Anthropic
  'claude-opus-4-5': { input: 5, output: 25, cachedInput: 0.5, cacheWrite: 6.25 },
  'claude-opus-4-1': { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 },
  'claude-opus-4-0': { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 },
  'claude-opus-4-20250514': { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 },
  // Every Sonnet 4.x so far has had the same price, so the family prefix is safe.
  'claude-sonnet-4': { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 },
  'claude-haiku-4-5': { input: 1, output: 5, cachedInput: 0.1, cacheWrite: 1.25 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cachedInput: 0.08, cacheWrite: 1 },
  // OpenAI
  'gpt-5': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gpt-5-codex': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gpt-5-mini': { input: 0.25, output: 2, cachedInput: 0.025 },
  'gpt-5-nano': { input: 0.05, output: 0.4, cachedInput: 0.005 },
  'gpt-5-pro': { input: 15, output: 120 },
  'gpt-5.1': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gpt-5.1-codex': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gpt-5.1-codex-mini': { input: 0.25, output: 2, cachedInput: 0.025 },
  'gpt-5.2': { input: 1.75, output: 14, cachedInput: 0.175 },
  'gpt-4.1': { input: 2, output: 8, cachedInput: 0.5 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cachedInput: 0.1 },
  'gpt-4o': { input: 2.5, output: 10, cachedInput: 1.25 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cachedInput: 0.075 },
  // Google
  'gemini-2.5-pro': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5, cachedInput: 0.03 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4, cachedInput: 0.01 },
  'gemini-3-pro': { input: 2, output: 12, cachedInput: 0.2 },
  'gemini-3-flash': { input: 0.5, output: 3, cachedInput: 0.05 },
};

export interface PriceMatch {
  price: ModelPrice;
  /** The table key that matched (the model itself, or the prefix that priced it). */
  key: string;
}

/**
 * The price of `model`: the exact key first, then the longest key the model
 * starts with followed by `-` (a dated or variant suffix such as
 * `claude-sonnet-4-5-20250929` or `gemini-3-pro-preview`). The separator is
 * required so `gpt-5` never prices `gpt-5.5`: a model this table does not
 * know gets no price, never a neighbour's. Keys compare case-insensitively.
 */
export function resolvePrice(
  model: string | null,
  overrides: Readonly<Record<string, ModelPrice>> = {},
): PriceMatch | null {
  return createPriceLookup(overrides)(model);
}

/** {@link resolvePrice} with the merged table built once (the gateway prices every request). */
export function createPriceLookup(
  overrides: Readonly<Record<string, ModelPrice>> = {},
): (model: string | null) => PriceMatch | null {
  const table = mergedTable(overrides);
  return (model) => lookup(table, model);
}

function lookup(table: ReadonlyMap<string, PriceMatch>, model: string | null): PriceMatch | null {
  if (!model) return null;
  // A platform's id (Bedrock, Vertex AI) is priced as the vendor's model it serves.
  const wanted = vendorModelName(model);
  const exact = table.get(wanted);
  if (exact) return exact;
  let best: PriceMatch | null = null;
  for (const [key, match] of table) {
    if (wanted.startsWith(`${key}-`) && (best === null || key.length > best.key.length)) best = match;
  }
  return best;
}

function mergedTable(overrides: Readonly<Record<string, ModelPrice>>): Map<string, PriceMatch> {
  const table = new Map<string, PriceMatch>();
  for (const [key, price] of Object.entries(BUILTIN_PRICES)) table.set(key.toLowerCase(), { price, key });
  for (const [key, price] of Object.entries(overrides)) table.set(key.toLowerCase(), { price, key });
  return table;
}
