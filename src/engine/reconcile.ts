import { currentDoneRow } from '../core/ledger/index.js';
import { findStaleHeads } from './stale-heads.js';
import type { EngineDeps, RunStageRequest, StageRefusal } from './types.js';

export interface BranchReset {
  kind: 'reset';
  branch: string;
  /** Where the branch was (null: it was gone). */
  from: string | null;
  to: string;
  pushed: boolean;
}

const refuse = (code: StageRefusal['code'], reason: string): StageRefusal => ({ kind: 'refused', code, reason });

/**
 * `okstra reconcile --reset`: a done stage's branch moved, and the person
 * wants the verified head back rather than the new one verified. The remote
 * (the record on GitHub) is moved first, only if it still holds the tip this
 * clone saw; then the local branch. The ledger needs no row: its `done` row
 * is true again.
 */
export async function resetStageBranch(
  req: Pick<RunStageRequest, 'plan' | 'planPath' | 'stage' | 'remote'>,
  deps: Pick<EngineDeps, 'ledger' | 'workspace' | 'log'>,
): Promise<BranchReset | StageRefusal> {
  const n = req.stage;
  if (!req.plan.stages.some((s) => s.number === n))
    return refuse('unknown-stage', `stage ${n} is not in plan ${req.plan.id}`);
  const state = (await deps.ledger.readState(req.plan.id)).state;
  const done = currentDoneRow(state, n);
  if (!done)
    return refuse(
      'nothing-to-reconcile',
      `stage ${n} is not done (its position is ${state.stages.get(n)?.last.status ?? 'pending'}); there is no recorded head to reset to`,
    );
  const [moved] = await findStaleHeads(req.plan.id, state, [n], deps.workspace);
  if (!moved)
    return refuse(
      'nothing-to-reconcile',
      `stage ${n}'s branch is at its recorded head ${done.head_commit}; nothing to reset`,
    );
  if ((await deps.workspace.resolve(done.head_commit)) !== done.head_commit) {
    return refuse(
      'branch-conflict',
      `the recorded head ${done.head_commit} of stage ${n} is not in this repository (the force-push may have dropped it from the remote); fetch it from a clone that has it, or re-verify the branch as it is with \`okstra reconcile --plan ${req.planPath} --stage ${n}\``,
    );
  }
  if (req.remote) await deps.workspace.forcePushBranch(req.remote, moved.branch, done.head_commit, moved.tip);
  await deps.workspace.moveBranch(
    moved.branch,
    done.head_commit,
    moved.tip,
    `okstra reconcile --reset: back to the head stage ${n}'s done row records`,
  );
  return {
    kind: 'reset',
    branch: moved.branch,
    from: moved.tip,
    to: done.head_commit,
    pushed: req.remote !== undefined,
  };
}
