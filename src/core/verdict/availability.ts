import type { WorkerStatus } from '../report/schema/final-report.js';

/**
 * Whether a worker's provider could not work at all (an outage), as opposed to
 * a worker that worked and failed. An outage is no judgement of the stage: the
 * run ends `unavailable` (retryable, exit 3, a neutral check), or a configured
 * fallback vendor takes the worker's place. Pure: decided only from what the
 * worker's result and okstra's gateway recorded.
 */

/** What okstra saw before the CLI could do anything: no program to start, no key to give it. */
export const PROVIDER_CAUSES = ['cli-missing', 'no-credential'] as const;
export type ProviderCause = (typeof PROVIDER_CAUSES)[number];

export interface WorkerOutcome {
  status: WorkerStatus;
  /** The last failure the model API answered with, after the gateway's retries. */
  upstreamError?: { status: number | null; message: string } | undefined;
  cause?: ProviderCause | undefined;
}

/**
 * 401/403: the key is refused; 402: billing; 408/429: rate or quota limits the gateway's retries did not outlast;
 * any 5xx: the vendor's side is down or overloaded. A 400 or 404 is the request's fault, not an outage.
 */
function outageStatus(status: number): boolean {
  return status === 401 || status === 402 || status === 403 || status === 408 || status === 429 || status >= 500;
}

/**
 * Why the worker's provider was unavailable, in words for a report ("its API
 * answered HTTP 429: quota exhausted"), or null when the worker worked (or
 * failed for a reason of its own: a timeout, a crash, a broken contract).
 */
export function providerOutage(worker: WorkerOutcome): string | null {
  if (worker.status !== 'error') return null;
  if (worker.cause === 'cli-missing') return 'its CLI is not installed';
  if (worker.cause === 'no-credential') return 'its API key is not set';
  const e = worker.upstreamError;
  if (!e) return null;
  if (e.status === null) return `its API could not be reached: ${e.message}`;
  return outageStatus(e.status) ? `its API answered HTTP ${e.status}: ${e.message}` : null;
}

/** One line for a report: who could not work and why. */
export function outageReason(worker: string, why: string): string {
  return `${worker} could not work: ${why}`;
}

/**
 * The next provider to take a role over: the first of `candidates` that is
 * not excluded (already unavailable in this run, already in the role, or —
 * for a verifier — the executor that actually worked).
 */
export function nextFallback(candidates: readonly string[], exclude: ReadonlySet<string>): string | null {
  return candidates.find((c) => !exclude.has(c)) ?? null;
}

export interface LineupInput {
  /** The verifiers the roster names, in order (the configured executor's provider first when it verifies). */
  verifiers: readonly string[];
  /** The provider the roster named as executor. */
  configuredExecutor: string;
  /** The provider that actually executed (a fallback when the configured one was unavailable). */
  executor: string;
  /** Providers found unavailable earlier in this run. */
  unavailable: ReadonlySet<string>;
  /** `fallback.verifiers`, in order. */
  fallbacks: readonly string[];
}

export interface LineupEntry {
  ref: string;
  /** The configured verifier this one stands in for. */
  standsInFor?: string;
}

/**
 * Who verifies after the executor's phase. A provider already known to be
 * unavailable is replaced by the next fallback (or kept, to be reported, when
 * none is left). When a fallback executed, its provider is taken out of the
 * verifiers: a fallback never makes the executor verify itself; only a roster
 * that named the executor's provider as verifier on purpose keeps it.
 */
export function verifierLineup(input: LineupInput): LineupEntry[] {
  const swapped = input.executor !== input.configuredExecutor;
  const kept = input.verifiers.filter((ref) => !(swapped && ref === input.executor));
  const taken = new Set<string>([...kept, ...input.unavailable, ...(swapped ? [input.executor] : [])]);
  const out: LineupEntry[] = [];
  for (const ref of kept) {
    if (!input.unavailable.has(ref)) {
      out.push({ ref });
      continue;
    }
    const next = nextFallback(input.fallbacks, taken);
    if (next === null) out.push({ ref });
    else {
      taken.add(next);
      out.push({ ref: next, standsInFor: ref });
    }
  }
  return out;
}
