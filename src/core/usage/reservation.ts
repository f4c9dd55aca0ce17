import type { ModelPrice } from '../config/schema.js';
import type { Spend } from './budget.js';
import { vendorModelName, type ModelProtocol } from './protocol.js';

/**
 * The worst-case cost of one model request, reserved against the budgets
 * before the request is forwarded, so that no answer can take a budget past
 * its limit.
 *
 * Input: the request body's UTF-8 byte count. The vendors' tokenizers are
 * byte-level (each token covers at least one byte of the text), and the body
 * holds the text plus its JSON framing, so a body never costs more input
 * tokens than it has bytes (an image's base64 costs far fewer). This is an
 * upper bound, not a guess: about four times the usual count, the price of
 * "never exceeded".
 *
 * Output: what the request allows (`max_tokens`, `max_output_tokens`,
 * `max_completion_tokens`, `generationConfig.maxOutputTokens`), else the
 * model's own output cap, else {@link DEFAULT_OUTPUT_CAP}.
 */

/** The largest output of models okstra does not know: no current model allows more. */
export const DEFAULT_OUTPUT_CAP = 128_000;

/**
 * Maximum output tokens per model family, from the vendors' model pages
 * (late 2025); matched like prices (exact key, then longest `key-` prefix).
 */
export const OUTPUT_CAPS: Readonly<Record<string, number>> = {
  'claude-opus-4-5': 64_000,
  'claude-opus-4-1': 32_000,
  'claude-opus-4-0': 32_000,
  'claude-opus-4-20250514': 32_000,
  'claude-sonnet-4': 64_000,
  'claude-haiku-4-5': 64_000,
  'claude-3-5-haiku': 8_192,
  'gpt-5': 128_000,
  'gpt-4.1': 32_768,
  'gpt-4o': 16_384,
  'gemini-2.5-pro': 65_536,
  'gemini-2.5-flash': 65_536,
  'gemini-3-pro': 65_536,
  'gemini-3-flash': 65_536,
};

/** What a request says about itself, read from one parse of its body. */
export interface RequestFacts {
  /** The output ceiling the request sets, or null when it sets none. */
  maxOutputTokens: number | null;
}

export function requestFacts(protocol: ModelProtocol, body: unknown): RequestFacts {
  return { maxOutputTokens: requestedOutput(protocol, body) };
}

function requestedOutput(protocol: ModelProtocol, body: unknown): number | null {
  if (!isRecord(body)) return null;
  switch (protocol) {
    case 'anthropic':
    case 'bedrock':
      return count(body.max_tokens);
    case 'openai-responses':
      return count(body.max_output_tokens);
    case 'openai-chat':
      return count(body.max_completion_tokens) ?? count(body.max_tokens);
    case 'gemini':
      return isRecord(body.generationConfig) ? count(body.generationConfig.maxOutputTokens) : null;
  }
}

/** The output cap of `model` (exact name, then the longest known family prefix), else the default. */
export function outputCap(model: string | null): number {
  if (!model) return DEFAULT_OUTPUT_CAP;
  const wanted = vendorModelName(model);
  const exact = OUTPUT_CAPS[wanted];
  if (exact !== undefined) return exact;
  let best: { key: string; cap: number } | null = null;
  for (const [key, cap] of Object.entries(OUTPUT_CAPS))
    if (wanted.startsWith(`${key}-`) && (best === null || key.length > best.key.length)) best = { key, cap };
  return best?.cap ?? DEFAULT_OUTPUT_CAP;
}

export interface WorstCaseQuestion {
  model: string | null;
  /** The body's size in bytes: the input's upper bound in tokens. */
  bodyBytes: number;
  facts: RequestFacts;
  /** Null: the model has no price, so the cost is unknown (a USD budget then refuses). */
  price: ModelPrice | null;
}

/** The most a request can cost: every input byte a token at the dearest input rate, and all the output it allows. */
export function worstCase(q: WorstCaseQuestion): Spend {
  // A request cannot end beyond what it allows; without a ceiling, the model's own cap bounds it.
  const output = q.facts.maxOutputTokens ?? outputCap(q.model);
  const input = q.bodyBytes;
  if (!q.price) return { tokens: input + output, usd: null };
  // Any input token may turn out a cache write (Anthropic bills those at 1.25x), so the dearest rate is the bound.
  const inputRate = Math.max(q.price.input, q.price.cacheWrite ?? 0, q.price.cachedInput ?? 0);
  return { tokens: input + output, usd: (input * inputRate + output * q.price.output) / 1_000_000 };
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
