import type { Finding, QaResult, RunStatus, WorkerStatus } from '../report/schema/final-report.js';

export interface VerdictInput {
  executorStatus: WorkerStatus;
  /** Why the executor broke its contract, when it did. */
  contractViolations: readonly string[];
  qa: readonly Pick<QaResult, 'label' | 'cmd' | 'passed' | 'exitCode'>[];
  verifiers: ReadonlyArray<{ worker: string; status: WorkerStatus; verdict: 'PASS' | 'FAIL' | null }>;
  findings: readonly Pick<Finding, 'id' | 'severity' | 'title' | 'disposition'>[];
}

export interface Verdict {
  value: 'PASS' | 'FAIL';
  runStatus: RunStatus;
  reasons: string[];
}

/**
 * The stage's verdict. A PASS must be earned: every QA command passed, at
 * least one verifier produced a result, and no blocking finding stands. A
 * crashed or silent verifier never counts as a pass: every verifier on the
 * roster must answer.
 */
export function synthesizeVerdict(input: VerdictInput): Verdict {
  if (input.contractViolations.length > 0 || input.executorStatus === 'contract-violated') {
    return { value: 'FAIL', runStatus: 'contract-violated', reasons: input.contractViolations.map((v) => `executor broke its contract: ${v}`) };
  }
  if (input.executorStatus === 'error' || input.executorStatus === 'timeout') {
    return { value: 'FAIL', runStatus: 'error', reasons: [`executor ${input.executorStatus === 'timeout' ? 'timed out' : 'failed'}`] };
  }
  const reasons: string[] = [];
  for (const q of input.qa) if (!q.passed) reasons.push(`QA command failed: ${q.label || q.cmd} (exit ${q.exitCode ?? 'none: killed'})`);
  const withResult = input.verifiers.filter((v) => v.status === 'done' && v.verdict !== null);
  if (withResult.length === 0) reasons.push('no verifier produced a result');
  for (const v of input.verifiers) {
    if (v.status !== 'done' || v.verdict === null) reasons.push(`${v.worker} produced no verdict (${v.status})`);
  }
  for (const f of input.findings) {
    if (f.severity === 'blocking' && f.disposition !== 'refuted') reasons.push(`blocking finding ${f.id} ${f.disposition}: ${f.title}`);
  }
  if (reasons.length > 0) return { value: 'FAIL', runStatus: 'failed', reasons };
  return { value: 'PASS', runStatus: 'passed', reasons: [`every QA command passed, ${withResult.length} verifier(s) answered and no blocking finding stands`] };
}
