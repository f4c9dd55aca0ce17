import type { FinalReport } from '../../report/schema/final-report.js';
import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';
import { reachedVerification } from './reached.js';

type WorkerFunction = FinalReport['roster'][number]['function'];

/** Every name used in the report is a roster name with the function its place implies. */
export const checkRoster: Check = ({ report }) => {
  const out: Violation[] = [];
  // One provider may hold two functions (the executor's provider also verifies, in a fresh session),
  // so a name maps to every function the roster gives it.
  const functionsOf = new Map<string, WorkerFunction[]>();
  for (const r of report.roster) functionsOf.set(r.name, [...(functionsOf.get(r.name) ?? []), r.function]);
  const expect = (name: string, allowed: readonly WorkerFunction[], pointer: string, what: string): void => {
    const fns = functionsOf.get(name) ?? [];
    if (fns.some((fn) => allowed.includes(fn))) return;
    const why = fns.length === 0 ? 'is not in the roster' : `is the roster's ${fns.join(' and ')}`;
    out.push(violation('roster/unknown-worker', `${what} "${name}" ${why}`, { pointer }));
  };

  const executors = report.roster.filter((r) => r.function === 'executor');
  if (executors.length !== 1 || executors[0]?.name !== report.executor.worker) {
    const names = executors.map((e) => `"${e.name}"`).join(', ') || 'none';
    out.push(
      violation(
        'roster/executor-mismatch',
        `executor.worker is "${report.executor.worker}"; roster executors: ${names}`,
        { pointer: '/executor/worker' },
      ),
    );
  }

  report.verifiers.forEach((v, i) => {
    if (v.worker === report.executor.worker && !(functionsOf.get(v.worker) ?? []).includes('verifier')) {
      out.push(
        violation('roster/self-verification', `"${v.worker}" is both the executor and a verifier`, {
          pointer: `/verifiers/${i}/worker`,
        }),
      );
    } else {
      expect(v.worker, ['verifier'], `/verifiers/${i}/worker`, 'verifier');
    }
  });
  if (report.critic) expect(report.critic.worker, ['critic'], '/critic/worker', 'critic');
  const anyFunction: readonly WorkerFunction[] = ['executor', 'verifier', 'critic'];
  // A worker whose provider was out and whom a fallback replaced made requests too; it is named in `fallbacks`.
  const replaced = new Set((report.fallbacks ?? []).map((f) => f.worker));
  const spender = (name: string, pointer: string, what: string): void => {
    if (!replaced.has(name)) expect(name, anyFunction, pointer, what);
  };
  report.usage.requests?.forEach((r, i) => spender(r.worker, `/usage/requests/${i}/worker`, 'model request of'));
  if (report.usage.budgetExceeded)
    spender(report.usage.budgetExceeded.worker, '/usage/budgetExceeded/worker', 'budget refusal of');

  report.findings.forEach((f, i) => {
    expect(f.raisedBy, ['verifier', 'critic'], `/findings/${i}/raisedBy`, `finding ${f.id} raisedBy`);
    f.confirmedBy.forEach((w, j) =>
      expect(w, ['verifier', 'critic'], `/findings/${i}/confirmedBy/${j}`, `finding ${f.id} confirmedBy`),
    );
    f.refutedBy.forEach((w, j) =>
      expect(w, ['verifier', 'critic'], `/findings/${i}/refutedBy/${j}`, `finding ${f.id} refutedBy`),
    );
  });

  if (reachedVerification(report)) {
    for (const r of report.roster) {
      if (r.function === 'verifier' && !report.verifiers.some((v) => v.worker === r.name)) {
        out.push(
          violation('roster/verifier-missing', `roster verifier "${r.name}" has no entry in verifiers[]`, {
            pointer: '/verifiers',
          }),
        );
      }
    }
  }
  return out;
};
