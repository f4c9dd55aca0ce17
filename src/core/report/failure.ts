import type { FinalReport, ReverifyFailure, WorkerFailure, WorkerStatus } from './schema/final-report.js';
import { clip, tail } from '../text/truncate.js';
import { redactSecrets } from '../text/redact.js';

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
export function workerFailure(
  status: WorkerStatus,
  trace: Pick<SessionTrace, 'errorMessage' | 'stderrTail'>,
  problem?: string,
): { failure?: WorkerFailure } {
  if (status === 'done') return {};
  const reason = [problem, trace.errorMessage].map((r) => r?.trim() ?? '').find((r) => r !== '') ?? FALLBACK[status];
  const stderrTail =
    trace.stderrTail.trim() === '' ? '' : tail(trace.stderrTail, FAILURE_STDERR_LINES, FAILURE_STDERR_CHARS);
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
export function failedWorkers(
  report: Pick<FinalReport, 'executor' | 'verifiers' | 'convergence' | 'critic'>,
): FailedWorker[] {
  const out: FailedWorker[] = [];
  const push = (
    worker: string,
    role: FailedWorker['role'],
    status: WorkerStatus,
    failure: WorkerFailure | undefined,
    upstreamError: FailedWorker['upstreamError'],
    findingId?: string,
  ): void => {
    if (!failure) return;
    out.push({
      worker,
      role,
      status,
      failure,
      ...(upstreamError ? { upstreamError } : {}),
      ...(findingId !== undefined ? { findingId } : {}),
    });
  };
  const e = report.executor;
  push(e.worker, 'executor', e.status, e.failure, e.upstreamError);
  for (const v of report.verifiers) push(v.worker, 'verifier', v.status, v.failure, v.upstreamError);
  for (const r of report.convergence.failures ?? ([] as ReverifyFailure[]))
    push(r.worker, 'reverify', r.status, r.failure, r.upstreamError, r.findingId);
  if (report.critic)
    push(report.critic.worker, 'critic', report.critic.status, report.critic.failure, report.critic.upstreamError);
  return out;
}

/**
 * Lines a runtime prints around an error that say nothing about it: Node's
 * version banner and source excerpt, stack frames, the error object's
 * properties, Python's traceback header. Only used to skip them when looking
 * for the line that names the failure.
 */
const STDERR_NOISE: readonly RegExp[] = [
  /^Node\.js v\d/,
  /^\s*at\s/,
  /^\s*\^+\s*$/,
  /^\s*[{}[\]]+,?\s*$/,
  /^node:[\w/.-]+:\d+/,
  /^\s*throw\s/,
  /^\s+[\w$]+: .*,?$/,
  /^Traceback \(most recent call last\):/,
  /^\s+File "/,
];

/** `Error: …`, `TypeError [ERR_X]: …`, `ModuleNotFoundError: …`, `error: …`, `fatal: …` at the start of a line. */
const ERROR_LINE =
  /^(?:Uncaught\s+)?(?:(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)(?:\s*\[[^\]]*\])?:\s*\S|(?:error|fatal|ERROR|FATAL)(?:\[\w+\])?:\s*\S)/;

/**
 * The one line of a failed process's stderr a person needs: the last
 * unindented line that names an error (Node prints the thrown error first
 * and its causes indented; Python prints the final exception last), else the
 * last line that is not runtime noise, else the last line. Empty for no output.
 */
export function meaningfulStderrLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim() !== '');
  const errors = lines.filter((l) => ERROR_LINE.test(l));
  const chosen =
    errors.at(-1) ?? lines.filter((l) => !STDERR_NOISE.some((re) => re.test(l))).at(-1) ?? lines.at(-1) ?? '';
  return chosen.trim();
}

/** What a failed ledger row's `detail` may hold: one line a person reads in `okstra status`. */
export const LEDGER_DETAIL_CHARS = 300;

/**
 * Why a run failed, as one redacted line of at most 300 characters for its
 * `failed` ledger row: each worker without a result (its status, the
 * upstream error, its reason) first, since that is what a person must act
 * on, then the verdict's reasons. Undefined when there is nothing to say.
 */
export function failureDetail(
  report: Pick<FinalReport, 'executor' | 'verifiers' | 'convergence' | 'critic' | 'verdict'>,
): string | undefined {
  const workers = failedWorkers(report).map((w) => {
    const role = w.role === 'reverify' ? `re-verify of ${w.findingId ?? '?'}` : w.role;
    const upstream = w.upstreamError
      ? ` (upstream ${w.upstreamError.status ?? 'connection failed'}: ${w.upstreamError.message})`
      : '';
    return `${w.worker} (${role}) ${w.status}${upstream}: ${w.failure.reason}`;
  });
  const line = redactSecrets([...workers, ...report.verdict.reasons].join('; '))
    .replace(/\s+/g, ' ')
    .trim();
  return line === '' ? undefined : clip(line, LEDGER_DETAIL_CHARS);
}
