import { chainQueue } from '../core/graph/index.js';
import { dryRunLines, dryRunSummary } from '../core/report/dry-run.js';
import { runIdFor, type LoadedPlan, type RunResults } from './plan-run.js';
import type { Session } from './session.js';

/** What a run would do, without claiming, dispatching or writing anything. */
export async function dryRun(
  s: Session,
  loaded: LoadedPlan,
  stages: number[] | undefined,
  r: RunResults,
): Promise<void> {
  const { plan } = loaded;
  const state = (await s.deps.ledger.readState(plan.id)).state;
  const now = s.io.now();
  const queue = s.inputs.mode === 'stage' ? (stages ?? []) : chainQueue(plan, state, stages);
  const roster = s.roster();
  const lines = dryRunLines(plan, state, queue, now, (n) => runIdFor(s, n));
  s.io.info(
    `dry run for plan ${plan.id}: executor ${roster.executor.name}${roster.executor.model ? ` (${roster.executor.model})` : ''}; verifiers ${roster.verifiers.map((v) => v.name).join(', ')}`,
  );
  for (const line of lines) s.io.info(`  would run ${line}`);
  r.remainingQueue = queue;
  await s.io.summary(dryRunSummary(plan, state, now, lines));
}
