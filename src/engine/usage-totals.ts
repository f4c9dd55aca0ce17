import { gatewayUsage } from '../core/report/gateway-usage.js';
import type { FinalReport, Usage } from '../core/report/schema/final-report.js';
import type { GatewayBudgets } from '../sandbox/gateway/index.js';
import type { Dispatched } from './dispatch.js';

/**
 * Usage per worker and in total. Through the gateway the figures are the
 * APIs' own (each dispatch's metered usage) and every request is listed;
 * without it they are what the CLIs said about themselves.
 */
export function usageTotals(
  dispatched: readonly Dispatched[],
  metered: boolean,
  books?: GatewayBudgets,
): FinalReport['usage'] {
  if (metered) {
    const refused = dispatched.find((d) => d.result.metering?.budgetExceeded);
    const refusal = refused?.result.metering?.budgetExceeded;
    const usage = gatewayUsage(
      dispatched.flatMap((d) => d.result.metering?.requests ?? []),
      refused && refusal ? { worker: refused.member.name, ...refusal } : null,
    );
    // Only when some limit applied: a run without budgets has no books to show.
    if (books && (books.headroom.length > 0 || books.largestRefused))
      usage.budgets = {
        headroom: books.headroom,
        ...(books.largestRefused ? { largestRefused: books.largestRefused } : {}),
      };
    return usage;
  }
  const byWorker = new Map<string, Usage>();
  for (const d of dispatched) {
    const u = d.result.usage;
    if (!u) continue;
    const acc = byWorker.get(d.member.name) ?? { inputTokens: 0, outputTokens: 0, costUsd: null };
    byWorker.set(d.member.name, {
      inputTokens: acc.inputTokens + u.inputTokens,
      outputTokens: acc.outputTokens + u.outputTokens,
      costUsd: u.costUsd === undefined ? acc.costUsd : (acc.costUsd ?? 0) + u.costUsd,
    });
  }
  const workers = [...byWorker].map(([worker, u]) => ({ worker, ...u }));
  const costs = workers.map((w) => w.costUsd).filter((c): c is number => c !== null);
  return {
    workers,
    total: {
      inputTokens: workers.reduce((s, w) => s + w.inputTokens, 0),
      outputTokens: workers.reduce((s, w) => s + w.outputTokens, 0),
      costUsd: costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : null,
    },
    metered: 'self-reported',
  };
}
