import type { FailedRow, StageRow, StartedRow } from './row.js';

/** The most a row's `detail` holds (FailedRowSchema). */
const MAX_DETAIL = 2000;

/**
 * A `failed` row that ends a stage's claim — okstra crashed, the claimant is
 * gone, the job ended — keeping the claim's branch and base, its detail cut
 * to what a row holds.
 */
export function claimEndingRow(
  claim: Pick<StageRow, 'plan_id' | 'stage' | 'branch' | 'base_commit'>,
  end: { runId: string; at: string; reason: 'error' | 'abandoned'; detail: string; actor?: string | null },
): FailedRow {
  return {
    v: 1,
    plan_id: claim.plan_id,
    stage: claim.stage,
    status: 'failed',
    run_id: end.runId,
    at: end.at,
    reason: end.reason,
    detail: end.detail.slice(0, MAX_DETAIL),
    ...(claim.branch ? { branch: claim.branch } : {}),
    ...(claim.base_commit ? { base_commit: claim.base_commit } : {}),
    ...(end.actor ? { actor: end.actor } : {}),
  };
}

/** What the reader observed about its own machine; the engine gathers it, this module only judges. */
export interface MachineFacts {
  host: string;
  /** Process ids alive on `host` right now (or at least: the claimant's pid if it is alive). */
  alivePids: ReadonlySet<number> | readonly number[];
  /** This machine's current boot id, when known. */
  boot?: string;
}

export type ClaimantJudgement = { gone: true; reason: string } | { gone: false; reason: string };

/**
 * Whether the process that wrote a `started` row is provably gone. Only a claim
 * made on this very host can be judged: another machine's processes are not
 * observable, and a row without a claimant (older okstra) proves nothing.
 * A live pid is never proof of life either way (pids are reused), so it only
 * keeps the claim; a changed boot id or a missing pid ends it.
 */
export function judgeClaimant(row: StartedRow, facts: MachineFacts): ClaimantJudgement {
  const claimant = row.claimant;
  if (!claimant)
    return {
      gone: false,
      reason: `run ${row.run_id} recorded no claimant (host and pid), so its liveness cannot be checked`,
    };
  if (claimant.host !== facts.host) {
    return {
      gone: false,
      reason: `run ${row.run_id} claimed the stage on host ${claimant.host}, not this host (${facts.host})`,
    };
  }
  if (claimant.boot !== undefined && facts.boot !== undefined && claimant.boot !== facts.boot) {
    return {
      gone: true,
      reason: `run ${row.run_id} claimed the stage before ${facts.host} rebooted (boot ${claimant.boot}, now ${facts.boot})`,
    };
  }
  const alive =
    facts.alivePids instanceof Set
      ? facts.alivePids.has(claimant.pid)
      : (facts.alivePids as readonly number[]).includes(claimant.pid);
  if (alive)
    return { gone: false, reason: `run ${row.run_id}'s process ${claimant.pid} on ${claimant.host} is still running` };
  return { gone: true, reason: `run ${row.run_id}'s process ${claimant.pid} on ${claimant.host} is no longer running` };
}

export function isClaimantGone(row: StartedRow, facts: MachineFacts): boolean {
  return judgeClaimant(row, facts).gone;
}
