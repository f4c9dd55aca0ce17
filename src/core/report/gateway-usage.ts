import type { BudgetExceeded, Usage, UsageRequest, UsageTotals, WorkerUsage } from './schema/final-report.js';

/** A gateway record as the gateway hands it over (it may carry more: method, metered, error, which the report drops). */
export type GatewayRecordLike = UsageRequest;

/** The report's request record: exactly the fields the schema allows. */
export function toUsageRequest<T extends GatewayRecordLike>(r: T): UsageRequest {
  const out: UsageRequest = {
    worker: r.worker,
    role: r.role,
    provider: r.provider,
    model: r.model,
    path: r.path,
    status: r.status,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    cachedInputTokens: r.cachedInputTokens,
    cacheWriteTokens: r.cacheWriteTokens,
    costUsd: r.costUsd,
    durationMs: r.durationMs,
    firstByteMs: r.firstByteMs,
    retries: r.retries,
  };
  if (r.refused !== undefined) out.refused = r.refused;
  if (r.billing !== undefined) out.billing = r.billing;
  return out;
}

/** The sum of some requests: known costs added up, `costComplete` false when any is unknown, null when none is known. */
export function sumRequests(requests: readonly UsageRequest[]): Usage {
  const known = requests.filter((r) => r.costUsd !== null);
  return {
    inputTokens: requests.reduce((s, r) => s + r.inputTokens, 0),
    outputTokens: requests.reduce((s, r) => s + r.outputTokens, 0),
    cachedInputTokens: requests.reduce((s, r) => s + r.cachedInputTokens, 0),
    cacheWriteTokens: requests.reduce((s, r) => s + r.cacheWriteTokens, 0),
    costUsd: known.length > 0 ? known.reduce((s, r) => s + (r.costUsd ?? 0), 0) : null,
    costComplete: known.length === requests.length,
  };
}

/**
 * The report's `usage` when the gateway metered the run: per-worker figures
 * and the total derived from the records themselves, so the two can never
 * disagree (conformance `usage/requests-mismatch`). Workers appear in the
 * order of their first request.
 */
export function gatewayUsage(
  records: readonly GatewayRecordLike[],
  budgetExceeded?: BudgetExceeded | null,
): UsageTotals {
  const requests = records.map(toUsageRequest);
  const names = [...new Set(requests.map((r) => r.worker))];
  const workers: WorkerUsage[] = names.map((worker) => {
    const own = requests.filter((r) => r.worker === worker);
    const subscription = own.every((r) => r.billing === 'subscription');
    return { worker, ...sumRequests(own), ...(subscription ? { billing: 'subscription' as const } : {}) };
  });
  return {
    workers,
    total: sumRequests(requests),
    metered: 'gateway',
    requests,
    ...(budgetExceeded ? { budgetExceeded } : {}),
  };
}
