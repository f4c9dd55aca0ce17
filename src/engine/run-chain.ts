import { chainQueue, stageReadiness } from '../core/graph/index.js';
import { runStage } from './run-stage.js';
import type { EngineDeps, RunStageRequest, StageCompleted, StageOutcome } from './types.js';

export interface ChainRequest extends Omit<RunStageRequest, 'stage' | 'runId' | 'remainingQueue'> {
  /** Stages the caller wants done; their dependency closure runs too. Default: the whole plan. */
  stages?: number[];
  /** A fresh run id per stage run. */
  newRunId: (stage: number) => string;
  /** Called before each stage run starts, e.g. to mark a check run in progress or remember the claim for a cleanup step. */
  onStageStart?: (stage: number, runId: string) => Promise<void>;
  /** Called as soon as each stage run ends, so a shell can publish it without waiting for the rest of the chain. */
  onStageEnd?: (stage: number, runId: string, outcome: StageOutcome) => Promise<void>;
}

export type ChainOutcome = {
  /** Every stage run, in order. */
  runs: StageCompleted[];
  queue: number[];
  remainingQueue: number[];
} & (
  | { status: 'complete' }
  /** A stage failed: the chain stops so nothing is stacked on it. */
  | { status: 'failed'; stage: number; reportPath: string }
  /** The next stage is claimed by another run (or waits on one): not ready yet, which is not a failure. */
  | { status: 'not-ready'; stage: number; reason: string }
  /** The next stage cannot start for a reason a person must fix (merge conflict, stray branch, bad base). */
  | { status: 'refused'; stage: number; reason: string }
);

/**
 * Runs the requested stages (and what they depend on) one at a time in
 * topological order, and stops at the first stage that does not pass.
 */
export async function runChain(req: ChainRequest, deps: EngineDeps): Promise<ChainOutcome> {
  const initial = (await deps.ledger.readState(req.plan.id)).state;
  const queue = chainQueue(req.plan, initial, req.stages);
  const runs: StageCompleted[] = [];
  for (const [i, n] of queue.entries()) {
    const remaining = queue.slice(i + 1);
    const state = (await deps.ledger.readState(req.plan.id)).state;
    const readiness = stageReadiness(req.plan, state, n, deps.now());
    if (readiness.kind === 'done') continue;
    if (readiness.kind !== 'ready') {
      const reason =
        readiness.kind === 'started'
          ? `stage ${n} is in progress by run ${readiness.runId}`
          : `stage ${n} waits for stage ${readiness.waitingOn.join(', ')}`;
      deps.log(`chain: not ready yet: ${reason}`);
      return { status: 'not-ready', stage: n, reason, runs, queue, remainingQueue: queue.slice(i) };
    }
    deps.log(`chain: stage ${n} (${i + 1}/${queue.length}) start`);
    const runId = req.newRunId(n);
    await req.onStageStart?.(n, runId);
    const outcome = await runStage({ ...req, stage: n, runId, remainingQueue: remaining }, deps);
    await req.onStageEnd?.(n, runId, outcome);
    if (outcome.kind === 'refused') {
      const notReady = outcome.code === 'in-progress' || outcome.code === 'not-ready';
      deps.log(`chain: ${notReady ? 'not ready yet' : 'refused'}: ${outcome.reason}`);
      return {
        status: notReady ? 'not-ready' : 'refused',
        stage: n,
        reason: outcome.reason,
        runs,
        queue,
        remainingQueue: queue.slice(i),
      };
    }
    runs.push(outcome);
    if (outcome.report.verdict.value !== 'PASS') {
      deps.log(
        `chain: stage ${n} ${outcome.report.verdict.runStatus}; stopping with ${remaining.length} stage(s) left: ${remaining.join(', ') || 'none'}`,
      );
      return { status: 'failed', stage: n, reportPath: outcome.reportPath, runs, queue, remainingQueue: remaining };
    }
    deps.log(`chain: stage ${n} done → next ${remaining[0] ?? 'none'}`);
  }
  return { status: 'complete', runs, queue, remainingQueue: [] };
}
