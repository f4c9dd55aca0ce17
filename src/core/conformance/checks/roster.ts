import type { FinalReport } from '../../report/schema/final-report.js';
import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';

type WorkerFunction = FinalReport['roster'][number]['function'];

/** Every name used in the report is a roster name with the function its place implies. */
export const checkRoster: Check = ({ report }) => {
  const out: Violation[] = [];
  const functionOf = new Map(report.roster.map((r) => [r.name, r.function]));
  const expect = (name: string, allowed: readonly WorkerFunction[], pointer: string, what: string): void => {
    const fn = functionOf.get(name);
    if (fn !== undefined && allowed.includes(fn)) return;
    const why = fn === undefined ? 'is not in the roster' : `is the roster's ${fn}`;
    out.push(violation('roster/unknown-worker', `${what} "${name}" ${why}`, { pointer }));
  };

  const executors = report.roster.filter((r) => r.function === 'executor');
  if (executors.length !== 1 || executors[0]?.name !== report.executor.worker) {
    const names = executors.map((e) => `"${e.name}"`).join(', ') || 'none';
    out.push(violation('roster/executor-mismatch', `executor.worker is "${report.executor.worker}"; roster executors: ${names}`, { pointer: '/executor/worker' }));
  }

  report.verifiers.forEach((v, i) => {
    if (v.worker === report.executor.worker) {
      out.push(violation('roster/self-verification', `"${v.worker}" is both the executor and a verifier`, { pointer: `/verifiers/${i}/worker` }));
    } else {
      expect(v.worker, ['verifier'], `/verifiers/${i}/worker`, 'verifier');
    }
  });
  if (report.critic) expect(report.critic.worker, ['critic'], '/critic/worker', 'critic');

  report.findings.forEach((f, i) => {
    expect(f.raisedBy, ['verifier', 'critic'], `/findings/${i}/raisedBy`, `finding ${f.id} raisedBy`);
    f.confirmedBy.forEach((w, j) => expect(w, ['verifier', 'critic'], `/findings/${i}/confirmedBy/${j}`, `finding ${f.id} confirmedBy`));
    f.refutedBy.forEach((w, j) => expect(w, ['verifier', 'critic'], `/findings/${i}/refutedBy/${j}`, `finding ${f.id} refutedBy`));
  });

  const completed = report.verdict.runStatus === 'passed' || report.verdict.runStatus === 'failed';
  if (completed) {
    for (const r of report.roster) {
      if (r.function === 'verifier' && !report.verifiers.some((v) => v.worker === r.name)) {
        out.push(violation('roster/verifier-missing', `roster verifier "${r.name}" has no entry in verifiers[]`, { pointer: '/verifiers' }));
      }
    }
  }
  return out;
};
