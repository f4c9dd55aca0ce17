import type { BuiltinProvider } from '../core/config/schema.js';
import type { DispatchSummary, PlatformAccess } from '../sandbox/gateway/index.js';
import type { DispatchRequest, DispatchResult, DispatchUsage } from './types.js';

/**
 * How a provider's dispatch goes through the run's model gateway: the CLI
 * gets a route (base URL + per-dispatch credential) instead of the real key,
 * and what the gateway counted replaces what the CLI says about itself.
 */

/** Where each vendor's API lives when `providers.<name>.baseUrl` does not say otherwise. */
export const DEFAULT_UPSTREAMS: Readonly<Record<BuiltinProvider, string>> = {
  claude: 'https://api.anthropic.com',
  codex: 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com',
  // Copilot CLI only reaches okstra's gateway in bring-your-own-key mode, speaking OpenAI's Responses API.
  copilot: 'https://api.openai.com/v1',
};

export interface Route {
  baseUrl: string;
  credential: string;
  close(): DispatchSummary;
}

export function openRoute(
  request: DispatchRequest,
  provider: string,
  upstream: string,
  realKey: string,
  extra: { billing?: 'subscription'; platform?: PlatformAccess } = {},
): Route | null {
  if (!request.gateway) return null;
  return request.gateway.open({
    worker: request.worker,
    role: request.role,
    provider,
    upstream,
    realKey,
    ...(extra.billing ? { billing: extra.billing } : {}),
    ...(extra.platform ? { platform: extra.platform } : {}),
  });
}

/**
 * The dispatch as the gateway saw it: its metered usage (the API's own
 * numbers, not the CLI's), a budget refusal as `budget-exceeded` whatever the
 * CLI made of it, and the upstream's own error beside the CLI's message.
 */
export function withMetering(result: DispatchResult, summary: DispatchSummary | null): DispatchResult {
  if (!summary) return result;
  const usage: DispatchUsage | null = summary.usage
    ? {
        inputTokens: summary.usage.inputTokens,
        outputTokens: summary.usage.outputTokens,
        cachedInputTokens: summary.usage.cachedInputTokens,
        ...(summary.usage.costUsd !== null ? { costUsd: summary.usage.costUsd } : {}),
        ...(summary.requests.length > 0 && summary.requests.every((r) => r.billing === 'subscription')
          ? { billing: 'subscription' as const }
          : {}),
      }
    : summary.requests.length > 0
      ? null
      : result.usage;
  const metered = { ...result, usage, metering: summary };
  if (summary.budgetExceeded)
    return { ...metered, status: 'budget-exceeded', errorMessage: summary.budgetExceeded.message };
  if (result.status !== 'done' && summary.upstreamError) {
    const { status, message } = summary.upstreamError;
    const upstream = `the API answered ${status === null ? 'nothing (no connection)' : `HTTP ${status}`}: ${message}`;
    return { ...metered, errorMessage: result.errorMessage ? `${result.errorMessage} (${upstream})` : upstream };
  }
  return metered;
}
