import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';

/** The verdict agrees with the run status and with the evidence a PASS must rest on. */
export const checkVerdict: Check = ({ report }) => {
  const out: Violation[] = [];
  const { value, runStatus } = report.verdict;
  if ((value === 'PASS') !== (runStatus === 'passed')) {
    out.push(
      violation('verdict/inconsistent', `verdict is ${value} but runStatus is ${runStatus}`, { pointer: '/verdict' }),
    );
  }
  if (value !== 'PASS') return out;

  report.findings.forEach((f, i) => {
    if (f.severity === 'blocking' && f.disposition !== 'refuted') {
      out.push(
        violation('verdict/pass-with-blocking', `PASS with ${f.disposition} blocking finding ${f.id} ("${f.title}")`, {
          pointer: `/findings/${i}`,
        }),
      );
    }
  });
  if (report.verifiers.length === 0) {
    out.push(
      violation('verdict/pass-without-verifier-result', 'PASS although no verifier ran', { pointer: '/verifiers' }),
    );
  }
  report.verifiers.forEach((v, i) => {
    if (v.status !== 'done' || v.verdict === null) {
      out.push(
        violation(
          'verdict/pass-without-verifier-result',
          `PASS although verifier ${v.worker} ended ${v.status} without a verdict`,
          { pointer: `/verifiers/${i}` },
        ),
      );
    }
  });
  report.qa.forEach((q, i) => {
    if (q.source === 'plan' && !q.passed) {
      out.push(
        violation(
          'verdict/pass-with-failed-validation',
          `PASS although plan validation \`${q.cmd}\` failed (exit ${q.exitCode ?? 'killed'})`,
          { pointer: `/qa/${i}` },
        ),
      );
    }
  });
  return out;
};
