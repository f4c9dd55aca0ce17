import { refusedDispatch } from '../providers/refused-dispatch.js';
import type { DispatchResult, WorkerRole } from '../providers/types.js';
import { workerFailure } from '../core/report/failure.js';
import type { Usage, WorkerStatus } from '../core/report/schema/final-report.js';
import type { ProgressLog } from './progress.js';
import type { EngineDeps, RosterMember, RunStageRequest } from './types.js';

/** What a session belongs to: a stage run, or a planning run (stage 0: the plan itself). */
export type DispatchContext = Pick<RunStageRequest, 'stage' | 'runId'> & { plan: Pick<RunStageRequest['plan'], 'id'> };

export interface Dispatched {
  member: RosterMember;
  result: DispatchResult;
}

/**
 * One worker session, bracketed by the dispatch and collect checkpoints that
 * conformance matches against the roster (roster names, never role labels).
 */
export async function dispatchWorker(
  member: RosterMember,
  role: WorkerRole,
  prompt: string,
  cwd: string,
  timeoutMs: number,
  req: DispatchContext,
  deps: Pick<EngineDeps, 'sandbox' | 'workspace' | 'gateway' | 'onSecret' | 'onActivity'>,
  progress: ProgressLog,
): Promise<Dispatched> {
  progress.emit('phase-4-dispatch', '', { worker: member.name, model: member.model ?? 'default', role });
  let result: DispatchResult;
  const who = { stage: req.stage, runId: req.runId, worker: member.name, role };
  const lease = await deps.sandbox.acquire();
  try {
    // Only the executor may write, and only its own worktree; the others read trees okstra owns.
    if (role === 'executor') await lease.giveWrite(deps.workspace.tree(cwd));
    result = await member.provider.run({
      worker: member.name,
      role,
      prompt,
      cwd,
      model: member.model,
      readOnly: role !== 'executor',
      timeoutMs: member.timeoutMs ?? timeoutMs,
      env: {},
      context: { planId: req.plan.id, stage: req.stage, runId: req.runId },
      lease,
      ...(deps.gateway ? { gateway: scrubbedGateway(deps.gateway, deps.onSecret) } : {}),
      onActivity: (event) => progress.record({ ...who, event }, deps.onActivity),
    });
  } catch (error) {
    // A provider that throws is a worker that failed, not a crash of the run.
    result = refusedDispatch(error instanceof Error ? error.message : String(error));
  } finally {
    // Whatever the worker left running (a daemon that escaped its process group too) ends here.
    await lease.release();
  }
  const usage = toReportUsage(result);
  progress.record(
    {
      ...who,
      event: {
        kind: 'finished',
        status: result.status,
        inputTokens: usage?.inputTokens ?? 0,
        outputTokens: usage?.outputTokens ?? 0,
        costUsd: usage?.costUsd ?? null,
      },
    },
    deps.onActivity,
  );
  progress.emit('phase-5-collect', '', { worker: member.name, status: result.status });
  return { member, result };
}

/** What every report entry of a worker says of its session: what it used, how long, the API's last refusal, why it failed. */
export function sessionFacts(result: DispatchResult, status: WorkerStatus, problem?: string) {
  return {
    usage: toReportUsage(result),
    durationMs: Math.round(result.durationMs),
    ...upstreamErrorOf(result),
    ...workerFailure(status, result, problem),
  };
}

/** The upstream failure the gateway kept for a worker's report entry, when its last request failed. */
export function upstreamErrorOf(result: DispatchResult): {
  upstreamError?: { status: number | null; message: string };
} {
  const e = result.metering?.upstreamError;
  if (!e || e.message.trim() === '') return {};
  return {
    upstreamError: {
      status: e.status !== null && e.status >= 100 && e.status <= 599 ? e.status : null,
      message: e.message,
    },
  };
}

export function toReportUsage(result: DispatchResult): Usage | null {
  if (!result.usage) return null;
  return {
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    ...(result.usage.cachedInputTokens !== undefined ? { cachedInputTokens: result.usage.cachedInputTokens } : {}),
    costUsd: result.usage.costUsd ?? null,
    ...(result.usage.billing ? { billing: result.usage.billing } : {}),
  };
}

/** Runs `tasks` with at most `limit` at once (0 = all at once), keeping their order in the result. */
export async function pool<T>(limit: number, tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  const width = limit <= 0 ? tasks.length : Math.min(limit, tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

/**
 * The gateway as a provider sees it, with every key it is handed and every
 * credential it mints passed to the scrubber first. The real key goes too:
 * whichever variable it came from (a custom `apiKeyEnv` no shell knows by
 * name), an agent, its upstream's error or its CLI may still echo it.
 */
function scrubbedGateway(
  gateway: NonNullable<EngineDeps['gateway']>,
  onSecret: EngineDeps['onSecret'],
): NonNullable<EngineDeps['gateway']> {
  if (!onSecret) return gateway;
  return {
    open: (grant) => {
      onSecret(grant.realKey);
      const route = gateway.open(grant);
      onSecret(route.credential);
      return route;
    },
  };
}
