import type { StageReadiness } from './readiness.js';

/**
 * Whether a stage run may start, and from where, decided from what the ledger
 * and the stage branch say (the engine's intake reads them and acts on the
 * answer). Pure, so each refusal and its wording is tested without git.
 */

export type StartRefusalCode =
  'already-done' | 'in-progress' | 'not-ready' | 'nothing-to-reconcile' | 'nothing-to-rebase' | 'branch-conflict';

export interface StartRefusal {
  code: StartRefusalCode;
  reason: string;
}

/** Why stage `n` cannot start given where it stands; null when it may (ready, or done and being reconciled). */
export function readinessRefusal(
  n: number,
  readiness: StageReadiness,
  reconcile: boolean,
  position: string,
): StartRefusal | null {
  if (reconcile && readiness.kind !== 'done')
    return {
      code: 'nothing-to-reconcile',
      reason: `stage ${n} is not done (its position is ${position}); reconcile is for a done stage whose branch moved: \`okstra run --stage ${n}\` runs it`,
    };
  switch (readiness.kind) {
    case 'done':
      if (reconcile) return null;
      return {
        code: 'already-done',
        reason: `stage ${n} is already done (head ${readiness.headCommit.slice(0, 12)}, run ${readiness.runId}); a done stage is not run again`,
      };
    case 'started':
      return { code: 'in-progress', reason: `stage ${n} was claimed again by run ${readiness.runId} meanwhile` };
    case 'blocked':
      return {
        code: 'not-ready',
        reason: `stage ${n} is not ready: it depends on stage ${readiness.waitingOn.join(', ')}, which ${readiness.waitingOn.length === 1 ? 'is' : 'are'} not done`,
      };
    case 'ready':
      return null;
  }
}

/** A ready stage that failed before is a fix run: it re-enters its preserved branch. */
export function isFixRun(readiness: StageReadiness): boolean {
  return readiness.kind === 'ready' && readiness.failedBefore !== null;
}

/**
 * Reopened because a stage it builds on was reopened by final verification:
 * its commits move onto that stage's new done head before its executor runs,
 * as `--rebase` moves them (the branch it built no longer holds its base).
 */
export function mustRebase(readiness: StageReadiness): boolean {
  return readiness.kind === 'ready' && readiness.failedBefore?.reason === 'dependency-reopened';
}

/**
 * After a run that reached no verdict (okstra crashed or was killed), what it
 * committed was never verified: this run answers for the branch from its
 * base, so re-entering it as it is counts as work. So is a branch replayed
 * onto new done heads because a stage it builds on was reopened: its commits
 * were verified on the old base only.
 */
export function startsUnverified(readiness: StageReadiness): boolean {
  if (readiness.kind !== 'ready') return false;
  const reason = readiness.failedBefore?.reason;
  return reason === 'abandoned' || reason === 'error' || reason === 'unavailable' || reason === 'dependency-reopened';
}

/**
 * Whether a (non-reconcile) run may enter the stage branch as it finds it:
 * `--rebase` needs a failed run's preserved branch to move, and a branch that
 * exists off the base needs a failed run to re-enter (else it is someone's
 * leftover, not okstra's to take).
 */
export function branchEntryRefusal(entry: {
  n: number;
  branch: string;
  existing: string | null;
  base: string;
  fixRun: boolean;
  rebase: boolean;
}): StartRefusal | null {
  const { n, branch, existing, base, fixRun, rebase } = entry;
  if (rebase && !(fixRun && existing)) {
    const why = existing
      ? `the ledger records no failed run of stage ${n} whose branch ${branch} it could move`
      : `stage ${n} has no branch ${branch} to move yet`;
    return {
      code: 'nothing-to-rebase',
      reason: `--rebase moves a failed stage's preserved branch onto the stage's current base, but ${why}; run it without --rebase`,
    };
  }
  if (existing && existing !== base && !fixRun)
    return {
      code: 'branch-conflict',
      reason: `branch ${branch} already exists at ${existing.slice(0, 12)} but the ledger records no failed run of stage ${n} to re-enter; delete it (\`git branch -D ${branch}\`) if it is left over`,
    };
  return null;
}
