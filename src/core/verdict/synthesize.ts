import { outageReason } from './availability.js';
import type { BudgetExceeded, Finding, QaResult, RunStatus, WorkerStatus } from '../report/schema/final-report.js';

export interface VerdictInput {
  executorStatus: WorkerStatus;
  /** Roster name of the executor; names it in a budget reason. Defaults to "the executor". */
  executorWorker?: string;
  /** Why the executor's provider could not work at all (providerOutage), when it could not. */
  executorUnavailable?: string | null;
  /** Why the executor broke its contract, when it did. */
  contractViolations: readonly string[];
  /** Why the stage's change is over a size cap (limits.stageFiles / stageBytes), when it is: it fails unreviewed. */
  oversize?: string | null;
  qa: readonly Pick<QaResult, 'label' | 'cmd' | 'passed' | 'exitCode'>[];
  /** `findings`: ids of the findings this verifier raised (after duplicates were merged: the surviving ids). */
  verifiers: ReadonlyArray<{
    worker: string;
    status: WorkerStatus;
    verdict: 'PASS' | 'FAIL' | null;
    findings?: readonly string[];
    unreadCitations?: readonly string[];
    /** Why its provider could not work at all: reported as an outage, never as a judgement of the stage. */
    unavailable?: string | undefined;
  }>;
  findings: readonly Pick<Finding, 'id' | 'severity' | 'title' | 'disposition'>[];
  /** The critic, when the run had one. Only a budget refusal of the critic affects the verdict. */
  critic?: { worker: string; status: WorkerStatus } | null;
  /** okstra's own finding: files the stage changed of what judges it (src/core/scope/qa-definitions.ts). */
  protectedChanges?: ReadonlyArray<{ path: string; why: string }>;
  /** okstra's own findings about the tests (src/core/evidence): lost, skipped, or passing without the change. */
  evidenceReasons?: readonly string[];
  /** The gateway's first budget refusal of the run (report `usage.budgetExceeded`). */
  budgetExceeded?: Pick<BudgetExceeded, 'worker' | 'scope' | 'message'> | null;
}

export interface Verdict {
  value: 'PASS' | 'FAIL';
  runStatus: RunStatus;
  reasons: string[];
}

const GATEWAY_PREFIX = /^\s*(?:okstra:\s*)?budget exceeded:\s*/i;

/**
 * `budget exceeded: <message> (<worker>, <role>)`. A stage or plan budget is
 * shared, so its refusal explains every worker it stopped; a worker budget
 * explains only the worker it was recorded for.
 */
export function budgetReason(worker: string, role: string, refusal: VerdictInput['budgetExceeded']): string {
  const applies = refusal && (refusal.worker === worker || refusal.scope !== 'worker');
  const message = applies ? refusal.message.replace(GATEWAY_PREFIX, '').trim() : '';
  return `budget exceeded: ${message === '' ? 'the model gateway refused its next request' : message} (${worker}, ${role})`;
}

/** The reason a verifier's FAIL adds when none of its own findings is a blocking one that still stands. */
export function failWithoutBlockingReason(worker: string): string {
  return `verifier ${worker} answered FAIL without a blocking finding`;
}

/**
 * The stage's verdict. A PASS must be earned: every QA command passed, at
 * least one verifier produced a result, no verifier answered FAIL, and no
 * blocking finding stands. A verifier's FAIL always fails the stage: when one
 * of its own blocking findings stands that finding is the reason, otherwise
 * `verifier X answered FAIL without a blocking finding` is. A crashed or
 * silent verifier never counts as a pass: every verifier on the roster must
 * answer. A worker stopped by a budget never yields a PASS; the
 * budget is the user's rule, so the run is `failed` (not an infrastructure
 * `error`) and a fix run may re-enter it once the budget allows.
 */
/** A verifier discounted because its CLI's own events show it never opened files it cited. */
export function unreadCitationsVerdictReason(worker: string, files: readonly string[]): string {
  const shown = files.slice(0, 5).join(', ');
  return `${worker}'s result was discounted: it cited ${shown}${files.length > 5 ? ` and ${files.length - 5} more` : ''} without opening ${files.length === 1 ? 'it' : 'them'}`;
}

/** okstra's blocking finding for a change to what judges the stage: its QA definitions, the CI, agent instructions. */
export function protectedChangeReason(change: { path: string; why: string }): string {
  return `okstra: the stage changed what judges it: ${change.path} (${change.why}); a plan that means this names it in the stage's files`;
}

export function synthesizeVerdict(input: VerdictInput): Verdict {
  if (input.contractViolations.length > 0 || input.executorStatus === 'contract-violated') {
    return {
      value: 'FAIL',
      runStatus: 'contract-violated',
      reasons: input.contractViolations.map((v) => `executor broke its contract: ${v}`),
    };
  }
  // The user's cap, not okstra's failure: `failed` (never `error`, which a retry could cure) with the size as reason.
  if (input.oversize) return { value: 'FAIL', runStatus: 'failed', reasons: [input.oversize] };
  if (input.executorStatus === 'budget-exceeded') {
    return {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: [budgetReason(input.executorWorker ?? 'the executor', 'executor', input.budgetExceeded)],
    };
  }
  if (input.executorUnavailable) {
    return {
      value: 'FAIL',
      runStatus: 'unavailable',
      reasons: [outageReason(input.executorWorker ?? 'the executor', input.executorUnavailable)],
    };
  }
  if (input.executorStatus === 'error' || input.executorStatus === 'timeout') {
    return {
      value: 'FAIL',
      runStatus: 'error',
      reasons: [`executor ${input.executorStatus === 'timeout' ? 'timed out' : 'failed'}`],
    };
  }
  const reasons: string[] = (input.protectedChanges ?? []).map(protectedChangeReason);
  for (const r of input.evidenceReasons ?? []) reasons.push(r);
  for (const q of input.qa)
    if (!q.passed) reasons.push(`QA command failed: ${q.label || q.cmd} (exit ${q.exitCode ?? 'none: killed'})`);
  const withResult = input.verifiers.filter((v) => v.status === 'done' && v.verdict !== null);
  // A verifier whose provider was out judged nothing: it is an outage, and it is the only reason only when nobody judged.
  const outages = input.verifiers.flatMap((v) => (v.unavailable ? [outageReason(v.worker, v.unavailable)] : []));
  if (withResult.length === 0 && outages.length < input.verifiers.length) reasons.push('no verifier produced a result');
  for (const v of input.verifiers) {
    if (v.unavailable) continue;
    if (v.status === 'budget-exceeded') reasons.push(budgetReason(v.worker, 'verifier', input.budgetExceeded));
    else if ((v.unreadCitations ?? []).length > 0)
      reasons.push(unreadCitationsVerdictReason(v.worker, v.unreadCitations ?? []));
    else if (v.status !== 'done' || v.verdict === null) reasons.push(`${v.worker} produced no verdict (${v.status})`);
  }
  if (input.critic?.status === 'budget-exceeded')
    reasons.push(budgetReason(input.critic.worker, 'critic', input.budgetExceeded));
  const standingBlocking = new Set(
    input.findings.filter((f) => f.severity === 'blocking' && f.disposition !== 'refuted').map((f) => f.id),
  );
  for (const v of withResult) {
    if (v.verdict === 'FAIL' && !(v.findings ?? []).some((id) => standingBlocking.has(id)))
      reasons.push(failWithoutBlockingReason(v.worker));
  }
  for (const f of input.findings) {
    if (standingBlocking.has(f.id)) reasons.push(`blocking finding ${f.id} ${f.disposition}: ${f.title}`);
  }
  if (reasons.length > 0) return { value: 'FAIL', runStatus: 'failed', reasons: [...reasons, ...outages] };
  if (outages.length > 0) return { value: 'FAIL', runStatus: 'unavailable', reasons: outages };
  return {
    value: 'PASS',
    runStatus: 'passed',
    reasons: [
      // With no QA command the pass rests on the verifiers alone, and the reason must say so.
      `${input.qa.length === 0 ? 'no QA command ran' : 'every QA command passed'}, ${withResult.length} verifier(s) answered and no blocking finding stands`,
    ],
  };
}
