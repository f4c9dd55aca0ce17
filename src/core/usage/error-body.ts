import type { ModelProtocol } from './protocol.js';

/**
 * Errors the gateway itself answers, in the shape the agent's own API uses,
 * so each CLI shows our message as it would show the vendor's.
 */

export type ErrorStyle = 'anthropic' | 'openai' | 'gemini';

export type GatewayErrorKind = 'budget' | 'credential' | 'too-large' | 'not-allowed' | 'upstream-unreachable';

/** The style of a request's protocol; for a path of no known protocol, the provider's usual one. */
export function errorStyle(protocol: ModelProtocol | null, provider: string): ErrorStyle {
  // Claude Code reads a Bedrock error's `message` as it reads the Anthropic shape's.
  if (protocol === 'anthropic' || protocol === 'bedrock') return 'anthropic';
  if (protocol === 'gemini') return 'gemini';
  if (protocol === 'openai-responses' || protocol === 'openai-chat') return 'openai';
  if (provider === 'claude') return 'anthropic';
  if (provider === 'gemini') return 'gemini';
  return 'openai';
}

const ANTHROPIC_TYPES: Record<GatewayErrorKind, string> = {
  budget: 'invalid_request_error',
  credential: 'authentication_error',
  'too-large': 'request_too_large',
  'not-allowed': 'not_found_error',
  'upstream-unreachable': 'api_error',
};

const OPENAI_TYPES: Record<GatewayErrorKind, { type: string; code: string }> = {
  budget: { type: 'invalid_request_error', code: 'okstra_budget_exceeded' },
  credential: { type: 'invalid_request_error', code: 'invalid_api_key' },
  'too-large': { type: 'invalid_request_error', code: 'request_too_large' },
  'not-allowed': { type: 'invalid_request_error', code: 'not_found' },
  'upstream-unreachable': { type: 'server_error', code: 'okstra_upstream_unreachable' },
};

const GEMINI_STATUS: Record<GatewayErrorKind, string> = {
  budget: 'FAILED_PRECONDITION',
  credential: 'UNAUTHENTICATED',
  'too-large': 'INVALID_ARGUMENT',
  'not-allowed': 'NOT_FOUND',
  'upstream-unreachable': 'UNAVAILABLE',
};

export function gatewayErrorBody(style: ErrorStyle, kind: GatewayErrorKind, status: number, message: string): unknown {
  switch (style) {
    case 'anthropic':
      return { type: 'error', error: { type: ANTHROPIC_TYPES[kind], message } };
    case 'openai':
      return { error: { message, ...OPENAI_TYPES[kind], param: null } };
    case 'gemini':
      return { error: { code: status, message, status: GEMINI_STATUS[kind] } };
  }
}

/**
 * The human part of an API error body (`error.message` in all three shapes),
 * else the body itself, clipped: what the summary keeps of a final upstream failure.
 */
export function upstreamErrorMessage(body: string, max = 2000): string {
  let message = body.trim();
  try {
    const parsed: unknown = JSON.parse(body);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    if (typeof first === 'object' && first !== null) {
      const error = (first as Record<string, unknown>).error;
      if (typeof error === 'string') message = error;
      else if (
        typeof error === 'object' &&
        error !== null &&
        typeof (error as Record<string, unknown>).message === 'string'
      ) {
        message = (error as Record<string, unknown>).message as string;
      }
    }
  } catch {
    // Not JSON (an HTML error page from a proxy, plain text): keep the text.
  }
  return message.length > max ? `${message.slice(0, max)}…` : message;
}
