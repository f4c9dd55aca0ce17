import type { FinalReport, Usage, WorkerUsage } from '../../report/schema/final-report.js';
import { sumRequests } from '../../report/gateway-usage.js';
import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';

// Costs are sums of floating-point dollars added in different orders; a micro-dollar apart is the same sum.
const USD_TOLERANCE = 1e-6;

type Figures = Pick<
  WorkerUsage,
  'inputTokens' | 'outputTokens' | 'cachedInputTokens' | 'cacheWriteTokens' | 'costUsd' | 'costComplete'
>;

/** The differences between a worker's recorded figures and the sum of its requests, as "field a ≠ b". */
function differences(recorded: Figures, summed: Usage): string[] {
  const out: string[] = [];
  for (const key of ['inputTokens', 'outputTokens'] as const)
    if (recorded[key] !== summed[key]) out.push(`${key} ${recorded[key]} ≠ ${summed[key]}`);
  // Optional counts are compared only when recorded: a worker figure may leave cache detail out.
  for (const key of ['cachedInputTokens', 'cacheWriteTokens'] as const) {
    const value = recorded[key];
    const sum = summed[key] ?? 0;
    if (value !== undefined && value !== sum) out.push(`${key} ${value} ≠ ${sum}`);
  }
  const a = recorded.costUsd;
  const b = summed.costUsd;
  if ((a === null) !== (b === null) || (a !== null && b !== null && Math.abs(a - b) > USD_TOLERANCE))
    out.push(`costUsd ${a ?? 'null'} ≠ ${b ?? 'null'}`);
  const allKnown = summed.costComplete === true;
  if (recorded.costComplete !== undefined && b !== null && recorded.costComplete !== allKnown) {
    out.push(
      `costComplete ${recorded.costComplete} although ${allKnown ? 'every' : 'not every'} request's cost is known`,
    );
  }
  return out;
}

/**
 * Gateway records and per-worker figures are two views of the same count,
 * so they must agree: the per-worker figures feed the plan's spend (and so
 * its budget), the records are the audit trail. Self-reported figures come
 * from the agent CLIs, not from the records, and are not compared.
 */
function checkRequestTotals(report: FinalReport): Violation[] {
  const { requests, workers, metered } = report.usage;
  if (requests === undefined || metered === 'self-reported') return [];
  const out: Violation[] = [];
  workers.forEach((w, i) => {
    const mine = requests.filter((r) => r.worker === w.worker);
    if (mine.length === 0) return;
    const diff = differences(w, sumRequests(mine));
    if (diff.length > 0) {
      out.push(
        violation(
          'usage/requests-mismatch',
          `usage of ${w.worker} does not match its ${mine.length} request record(s): ${diff.join('; ')}`,
          { pointer: `/usage/workers/${i}` },
        ),
      );
    }
  });
  const unrecorded = [...new Set(requests.map((r) => r.worker))].filter(
    (name) => !workers.some((w) => w.worker === name),
  );
  for (const name of unrecorded) {
    const sum = sumRequests(requests.filter((r) => r.worker === name));
    if (sum.inputTokens + sum.outputTokens === 0 && sum.costUsd === null) continue;
    out.push(
      violation(
        'usage/requests-mismatch',
        `${name} has request records (${sum.inputTokens} in / ${sum.outputTokens} out) but no entry in usage.workers`,
        { pointer: '/usage/workers' },
      ),
    );
  }
  return out;
}

function workersWithStatus(report: FinalReport): Array<{ worker: string; status: string; pointer: string }> {
  return [
    { worker: report.executor.worker, status: report.executor.status, pointer: '/executor/status' },
    ...report.verifiers.map((v, i) => ({ worker: v.worker, status: v.status, pointer: `/verifiers/${i}/status` })),
    ...(report.critic
      ? [{ worker: report.critic.worker, status: report.critic.status, pointer: '/critic/status' }]
      : []),
  ];
}

/** A budget stop is recorded as one refusal and the status of the workers it stopped, never one without the other. */
function checkBudget(report: FinalReport): Violation[] {
  const out: Violation[] = [];
  const refusal = report.usage.budgetExceeded;
  const stopped = workersWithStatus(report).filter((w) => w.status === 'budget-exceeded');
  if (refusal && !stopped.some((w) => w.worker === refusal.worker)) {
    out.push(
      violation(
        'usage/budget-mismatch',
        `usage.budgetExceeded names ${refusal.worker}, which did not end budget-exceeded`,
        { pointer: '/usage/budgetExceeded/worker' },
      ),
    );
  }
  if (!refusal) {
    for (const w of stopped)
      out.push(
        violation(
          'usage/budget-mismatch',
          `${w.worker} ended budget-exceeded but usage.budgetExceeded records no refusal`,
          { pointer: w.pointer },
        ),
      );
  }
  const refusedFor = new Set((report.usage.requests ?? []).filter((r) => r.refused === 'budget').map((r) => r.worker));
  for (const name of refusedFor) {
    if (!stopped.some((w) => w.worker === name)) {
      out.push(
        violation(
          'usage/budget-mismatch',
          `the gateway refused a request of ${name} for a budget, but ${name} did not end budget-exceeded`,
          { pointer: '/usage/requests' },
        ),
      );
    }
  }
  if (report.verdict.value === 'PASS') {
    for (const w of stopped)
      out.push(
        violation('verdict/pass-with-budget-exceeded', `PASS although ${w.worker} was stopped by a budget`, {
          pointer: w.pointer,
        }),
      );
  }
  return out;
}

/** Spend figures agree with each other and with the statuses a budget stop leaves. */
export const checkUsage: Check = ({ report }) => [...checkRequestTotals(report), ...checkBudget(report)];
