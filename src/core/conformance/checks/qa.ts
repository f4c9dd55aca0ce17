import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';
import { reachedVerification } from './reached.js';

/** Commands are compared with whitespace runs collapsed; anything else is a different command. */
function sameCommand(a: string, b: string): boolean {
  return a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');
}

/**
 * QA results are honest (passed means exit 0) and, once the run reached its
 * verifiers, the plan's validation commands all ran: a run that stopped at
 * the executor never ran QA and owes no result.
 */
export const checkQa: Check = ({ report, artifacts }) => {
  const out: Violation[] = [];
  report.qa.forEach((q, i) => {
    if (q.passed !== (q.exitCode === 0)) {
      out.push(
        violation(
          'qa/passed-mismatch',
          `\`${q.cmd}\` is recorded as ${q.passed ? 'passed' : 'failed'} with exit code ${q.exitCode ?? 'null (killed)'}`,
          { pointer: `/qa/${i}/passed` },
        ),
      );
    }
  });
  for (const cmd of reachedVerification(report) ? (artifacts.planValidation ?? []) : []) {
    if (!report.qa.some((q) => q.source === 'plan' && sameCommand(q.cmd, cmd))) {
      out.push(
        violation('qa/validation-not-run', `plan validation command \`${cmd}\` has no result in qa[]`, {
          pointer: '/qa',
        }),
      );
    }
  }
  return out;
};
