import { ZERO_USAGE, type TokenUsage } from './cost.js';
import type { ModelProtocol } from './protocol.js';
import { createSseParser } from './sse.js';

/**
 * Reads the token usage a model API reported in its own response, streamed
 * (server-sent events) or a JSON body, for each protocol:
 *
 * - Anthropic Messages: `message_start.message.usage`, then every
 *   `message_delta.usage` field overrides the one before (they are running
 *   totals); `input_tokens` excludes cache reads and writes, which are added.
 * - OpenAI Responses: `response.usage` of `response.completed` (or
 *   `.incomplete` / `.failed`); `input_tokens` includes cached tokens,
 *   `output_tokens` includes reasoning tokens.
 * - OpenAI Chat Completions: `usage.prompt_tokens` / `completion_tokens` /
 *   `prompt_tokens_details.cached_tokens`.
 * - Bedrock (Anthropic models): the Anthropic events, each the decoded
 *   `bytes` of one event-stream `chunk`; the last one also carries
 *   `amazon-bedrock-invocationMetrics` (`inputTokenCount`,
 *   `outputTokenCount`, `cacheReadInputTokenCount`,
 *   `cacheWriteInputTokenCount`), the counts Bedrock bills, which override
 *   the Anthropic ones. A non-streamed `invoke` answers one Messages body.
 * - Gemini: `usageMetadata` of the last chunk that has one;
 *   `thoughtsTokenCount` is billed as output, tool-use prompt tokens as input.
 */

export interface UsageMeter {
  push(text: string): void;
  /** Set by a meter of a binary answer (Bedrock's event stream): it gets the bytes as they came, never text. */
  pushBytes?(chunk: Uint8Array): void;
  end(): MeterResult;
}

export interface MeterResult {
  /** Null when the response carried no usage at all. */
  usage: TokenUsage | null;
  /** Events (or a body) that were not valid JSON: a sign of a broken stream. */
  malformed: number;
}

/** A JSON body larger than this is passed through unmetered rather than held in memory. */
export const MAX_METERED_JSON_CHARS = 16 * 1024 * 1024;

type RawUsage = Record<string, number>;

/** One message's usage read from the protocol's JSON events (or body), in the order they came. */
export interface EventMeter {
  /** One event's JSON text (or a whole body); not JSON counts as malformed. */
  event(text: string): void;
  /** An event that could not even be framed (a bad checksum, a truncated frame). */
  malformed(): void;
  end(): MeterResult;
}

export function createEventMeter(protocol: ModelProtocol): EventMeter {
  let raw: RawUsage | null = null;
  let malformed = 0;

  function take(value: unknown): void {
    const found = usageFields(protocol, value);
    if (!found) return;
    // Anthropic spreads one message's usage over two events; the others restate it whole.
    raw = (protocol === 'anthropic' || protocol === 'bedrock') && raw ? { ...raw, ...found } : found;
  }
  return {
    event(text) {
      if (text.trim() === '' || text.trim() === '[DONE]') return;
      try {
        const value: unknown = JSON.parse(text);
        // Gemini's streamGenerateContent without `alt=sse` answers one JSON array of chunks.
        if (Array.isArray(value)) for (const item of value) take(item);
        else take(value);
      } catch {
        malformed += 1;
      }
    },
    malformed() {
      malformed += 1;
    },
    end: () => ({ usage: raw ? normalize(protocol, raw) : null, malformed }),
  };
}

export function createUsageMeter(protocol: ModelProtocol, format: 'sse' | 'json'): UsageMeter {
  const events = createEventMeter(protocol);
  const parse = (text: string): void => events.event(text);

  if (format === 'sse') {
    const parser = createSseParser();
    return {
      push(text) {
        for (const message of parser.push(text)) parse(message.data);
      },
      end() {
        for (const message of parser.end()) parse(message.data);
        return events.end();
      },
    };
  }

  let body = '';
  let overflow = false;
  return {
    push(text) {
      if (overflow) return;
      if (body.length + text.length > MAX_METERED_JSON_CHARS) {
        overflow = true;
        body = '';
        return;
      }
      body += text;
    },
    end() {
      if (!overflow) parse(body);
      return events.end();
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The numeric usage fields of one event or body, flattened (`input_tokens_details.cached_tokens`), or null if it has none. */
function usageFields(protocol: ModelProtocol, value: unknown): RawUsage | null {
  if (!isRecord(value)) return null;
  let usage: unknown;
  switch (protocol) {
    case 'anthropic':
      usage = value.type === 'message_start' && isRecord(value.message) ? value.message.usage : value.usage;
      break;
    case 'bedrock':
      usage = bedrockUsage(value);
      break;
    case 'openai-responses':
      usage = isRecord(value.response) ? value.response.usage : value.usage;
      break;
    case 'openai-chat':
      usage = value.usage;
      break;
    case 'gemini':
      usage = value.usageMetadata;
      break;
  }
  if (!isRecord(usage)) return null;
  const flat: RawUsage = {};
  for (const [key, field] of Object.entries(usage)) {
    if (typeof field === 'number' && Number.isFinite(field) && field >= 0) flat[key] = field;
    else if (isRecord(field)) {
      for (const [inner, n] of Object.entries(field))
        if (typeof n === 'number' && Number.isFinite(n) && n >= 0) flat[`${key}.${inner}`] = n;
    }
  }
  return Object.keys(flat).length > 0 ? flat : null;
}

function normalize(protocol: ModelProtocol, raw: RawUsage): TokenUsage {
  const n = (key: string): number => raw[key] ?? 0;
  switch (protocol) {
    case 'anthropic':
    case 'bedrock': {
      const reads = n('cache_read_input_tokens');
      const writes = n('cache_creation_input_tokens');
      return {
        inputTokens: n('input_tokens') + reads + writes,
        outputTokens: n('output_tokens'),
        cachedInputTokens: reads,
        cacheWriteTokens: writes,
      };
    }
    case 'openai-responses':
    case 'openai-chat':
      // Codex and most compatible servers use the Responses names; Chat Completions uses prompt/completion.
      if ('input_tokens' in raw || 'output_tokens' in raw) {
        return {
          ...ZERO_USAGE,
          inputTokens: n('input_tokens'),
          outputTokens: n('output_tokens'),
          cachedInputTokens: n('input_tokens_details.cached_tokens'),
        };
      }
      return {
        ...ZERO_USAGE,
        inputTokens: n('prompt_tokens'),
        outputTokens: n('completion_tokens'),
        cachedInputTokens: n('prompt_tokens_details.cached_tokens'),
      };
    case 'gemini':
      return {
        ...ZERO_USAGE,
        inputTokens: n('promptTokenCount') + n('toolUsePromptTokenCount'),
        outputTokens: n('candidatesTokenCount') + n('thoughtsTokenCount'),
        cachedInputTokens: n('cachedContentTokenCount'),
      };
  }
}

/** Bedrock's own counts (Anthropic's field names, so one normalisation serves both), else the Anthropic event's. */
function bedrockUsage(value: Record<string, unknown>): unknown {
  const metrics = value['amazon-bedrock-invocationMetrics'];
  if (!isRecord(metrics))
    return value.type === 'message_start' && isRecord(value.message) ? value.message.usage : value.usage;
  const named: Record<string, unknown> = {
    input_tokens: metrics.inputTokenCount,
    output_tokens: metrics.outputTokenCount,
  };
  if (metrics.cacheReadInputTokenCount !== undefined) named.cache_read_input_tokens = metrics.cacheReadInputTokenCount;
  if (metrics.cacheWriteInputTokenCount !== undefined)
    named.cache_creation_input_tokens = metrics.cacheWriteInputTokenCount;
  return named;
}
