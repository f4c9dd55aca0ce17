import type { FinalReport, ReverifyFailure, WorkerFailure, WorkerStatus } from './schema/final-report.js';
import { tail } from '../text/truncate.js';

/** What a dispatch left behind about itself, as the engine holds it (a `DispatchResult` fits). */
export interface SessionTrace {
  status: WorkerStatus;
  errorMessage?: string | undefined;
  stderrTail: string;
}

/** Providers already keep only the end of stderr; this bounds what a report keeps per worker whatever they send. */
export const FAILURE_STDERR_LINES = 40;
export const FAILURE_STDERR_CHARS = 4000;

const FALLBACK: Record<Exclude<WorkerStatus, 'done'>, string> = {
  error: 'the worker ended with an error and gave no reason',
  timeout: 'the worker did not finish within its timeout',
  'budget-exceeded': 'the model gateway refused its next request for a budget',
  'contract-violated': 'the worker broke its output contract',
};

/**
 * Why a worker produced no result, for its report entry: `problem` is
 * okstra's own account (an unparsable result, a changed tree) and wins over
 * the CLI's exit reason; nothing for a worker that finished.
 */
export function workerFailure(status: WorkerStatus, trace: Pick<SessionTrace, 'errorMessage' | 'stderrTail'>, problem?: string): { failure?: WorkerFailure } {
  if (status === 'done') return {};
  const reason = [problem, trace.errorMessage].map((r) => r?.trim() ?? '').find((r) => r !== '') ?? FALLBACK[status];
  const stderrTail = trace.stderrTail.trim() === '' ? '' : tail(trace.stderrTail, FAILURE_STDERR_LINES, FAILURE_STDERR_CHARS);
  return { failure: { reason, stderrTail } };
}

/** One worker of the report that did not produce a result, in the order the run met them. */
export interface FailedWorker {
  worker: string;
  role: 'executor' | 'verifier' | 'reverify' | 'critic';
  status: WorkerStatus;
  /** The finding a re-verify session was asked about. */
  findingId?: string;
  upstreamError?: FinalReport['executor']['upstreamError'];
  failure: WorkerFailure;
}

/**
 * Every worker entry that carries a failure: what the Markdown, the check run
 * and the CLI list under "Workers without a result".
 */
export function failedWorkers(report: FinalReport): FailedWorker[] {
  const out: FailedWorker[] = [];
  const push = (worker: string, role: FailedWorker['role'], status: WorkerStatus, failure: WorkerFailure | undefined, upstreamError: FailedWorker['upstreamError'], findingId?: string): void => {
    if (!failure) return;
    out.push({ worker, role, status, failure, ...(upstreamError ? { upstreamError } : {}), ...(findingId !== undefined ? { findingId } : {}) });
  };
  const e = report.executor;
  push(e.worker, 'executor', e.status, e.failure, e.upstreamError);
  for (const v of report.verifiers) push(v.worker, 'verifier', v.status, v.failure, v.upstreamError);
  for (const r of report.convergence.failures ?? ([] as ReverifyFailure[])) push(r.worker, 'reverify', r.status, r.failure, r.upstreamError, r.findingId);
  if (report.critic) push(report.critic.worker, 'critic', report.critic.status, report.critic.failure, report.critic.upstreamError);
  return out;
}
