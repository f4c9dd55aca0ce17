import type { FinalReport, RosterEntry } from '../../report/schema/final-report.js';
import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';
import { COLLECT_PHASE, DISPATCH_PHASE, namesRosterWorker, parseCheckpoint } from '../progress.js';
import { reachedVerification } from './reached.js';

const WORKER_PHASES = [DISPATCH_PHASE, COLLECT_PHASE] as const;

/**
 * Which roster workers must have been dispatched. The executor always is. A
 * run that stopped early (contract-violated, error, or an executor stopped
 * by a budget) may never have reached the verifiers: those only need
 * checkpoints when the report shows they ran.
 */
function dispatchedWorkers(report: FinalReport): RosterEntry[] {
  const completed = reachedVerification(report);
  const ran = new Set<string>([report.executor.worker, ...report.verifiers.map((v) => v.worker)]);
  if (report.critic) ran.add(report.critic.worker);
  return report.roster.filter((r) => r.function === 'executor' || completed || ran.has(r.name));
}

/** Each dispatched roster worker has a dispatch and a collect checkpoint naming it by its roster name. */
export const checkCheckpoints: Check = ({ report }) => {
  const out: Violation[] = [];
  const seen: Record<(typeof WORKER_PHASES)[number], string[]> = { [DISPATCH_PHASE]: [], [COLLECT_PHASE]: [] };
  report.progress.forEach((entry, i) => {
    const cp = parseCheckpoint(entry.line);
    if (!cp) return;
    const phase = WORKER_PHASES.find((p) => p === cp.phase);
    if (!phase) return;
    const worker = cp.fields.worker;
    if (worker === undefined || worker === '') {
      out.push(
        violation('progress/malformed', `${cp.phase} checkpoint without a worker= field: "${entry.line}"`, {
          pointer: `/progress/${i}/line`,
        }),
      );
      return;
    }
    seen[phase].push(worker);
  });

  for (const worker of dispatchedWorkers(report)) {
    for (const phase of WORKER_PHASES) {
      if (seen[phase].some((name) => namesRosterWorker(name, worker.name))) continue;
      const code = phase === DISPATCH_PHASE ? 'progress/dispatch-missing' : 'progress/collect-missing';
      const others = seen[phase].filter((name) => !report.roster.some((r) => namesRosterWorker(name, r.name)));
      const also =
        others.length > 0 ? `; ${phase} names ${others.map((o) => `"${o}"`).join(', ')}, which is no roster name` : '';
      out.push(
        violation(code, `no ${phase} checkpoint names roster worker "${worker.name}" (${worker.function})${also}`, {
          pointer: '/progress',
        }),
      );
    }
  }
  return out;
};
