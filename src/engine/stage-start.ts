import { currentDoneRow, type LedgerState } from '../core/ledger/index.js';
import { stageBase, stageByNumber } from '../core/graph/index.js';
import { MergeConflictError } from '../workspace/stage-workspace.js';
import { replayCommits } from '../workspace/replay-commits.js';
import { findStaleHeads } from './stale-heads.js';
import type { EngineDeps, RunStageRequest, StageRefusal } from './types.js';

/**
 * Where a stage run starts on its branch, read from git and the ledger: the
 * base a reconcile run re-verifies from, the base and head a fix run
 * re-enters (moved with --rebase), and the base of a fresh run. Intake asks
 * before it claims; nothing here writes but `moveRebasedBranch`, after the claim.
 */

const refuse = (code: StageRefusal['code'], reason: string): StageRefusal => ({ kind: 'refused', code, reason });

/**
 * Where a reconcile run starts: the stage is done, its branch moved, and the
 * moved branch still contains the base the stage was verified against (the
 * one its `done` row records). Returns that base and the recorded head,
 * which stands as the executor's starting point: what the branch gained
 * since is what this run re-verifies.
 */
export async function reconcileStart(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  branch: string,
  tip: string | null,
): Promise<{ base: string; recorded: string } | StageRefusal> {
  const n = req.stage;
  const done = currentDoneRow(state, n);
  if (!done) return refuse('nothing-to-reconcile', `stage ${n} is not done`);
  const [moved] = await findStaleHeads(req.plan.id, state, [n], deps.workspace);
  const reset = `\`okstra reconcile --plan ${req.planPath} --stage ${n} --reset\``;
  if (!moved)
    return refuse(
      'nothing-to-reconcile',
      `stage ${n}'s branch ${branch} is at its recorded head ${done.head_commit}; nothing to reconcile`,
    );
  if (tip === null)
    return refuse(
      'branch-conflict',
      `stage ${n}'s branch ${branch} no longer exists, so there is no new head to verify; ${reset} recreates it at ${done.head_commit}`,
    );
  let base = done.base_commit ?? null;
  if (base === null) {
    const resolved = await resolveBase(req, deps, state, new Map());
    if ('kind' in resolved) return resolved;
    base = resolved.commit;
  }
  if (!(await deps.workspace.isAncestor(base, tip))) {
    return refuse(
      'branch-conflict',
      `stage ${n}'s branch ${branch} (now ${tip}) no longer contains the stage's base ${base}: it cannot be verified as this stage; ${reset} puts it back at ${done.head_commit}`,
    );
  }
  deps.log(`okstra: reconciling stage ${n}: ${moved.moved}; re-verifying ${tip} (recorded ${done.head_commit})`);
  return { base, recorded: done.head_commit };
}

export interface FixRunStart {
  base: string;
  /** The branch tip the run starts from (the rebased tip with --rebase). */
  head: string;
  /** With --rebase: where the branch moves once the stage is claimed, and the line that says so. */
  rebase?: { to: string; note: string };
}

/**
 * Where a fix run re-enters its preserved branch. By default on the base the
 * failed run recorded, whatever the plan's base ref has done since: the
 * branch is exactly what the fix continues. A stage with dependencies builds
 * on their done heads, which the ledger fixes, so its branch must still
 * contain them. `--rebase` replays the branch's commits since the recorded
 * base onto the stage's base as it is now; nothing moves before the claim.
 */
export async function fixRunStart(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  branch: string,
  tip: string,
  current: string,
): Promise<FixRunStart | StageRefusal> {
  const n = req.stage;
  const ws = deps.workspace;
  const recorded = recordedBase(state, n);
  const onPlanBase = stageByNumber(req.plan, n).dependsOn.length === 0;
  const now = onPlanBase
    ? `the plan's base \`${req.plan.base ?? 'HEAD'}\``
    : `the done heads of stage ${stageByNumber(req.plan, n).dependsOn.join(', ')}`;
  const rebaseCommand = req.rebaseHint?.(n) ?? `\`okstra run --plan ${req.planPath} --stage ${n} --rebase\``;
  const short = (c: string): string => c.slice(0, 12);
  const recordedInBranch = recorded !== null && (await ws.isAncestor(recorded, tip));

  if (req.rebase) {
    if (await ws.isAncestor(current, tip)) {
      deps.log(
        `okstra: --rebase: branch ${branch} already contains the stage's current base ${short(current)} (${now}); nothing to move`,
      );
      return { base: current, head: tip };
    }
    const from = recordedInBranch ? recorded : await mergeBase(deps, tip, current);
    if (from === null)
      return refuse(
        'branch-conflict',
        `--rebase cannot move ${branch}: it shares no history with the stage's base ${short(current)}; delete the branch to start the stage afresh`,
      );
    const replayed = await replayCommits(ws, { from, onto: current, tip });
    const instead = `run without --rebase to continue on its recorded base ${short(from)}, or delete the branch (\`git branch -D ${branch}\`) to start the stage afresh`;
    switch (replayed.kind) {
      case 'merges':
        return refuse(
          'branch-conflict',
          `--rebase cannot move ${branch}: it holds merge commits (${replayed.merges.map(short).join(', ')}) that a replay would flatten; ${instead}`,
        );
      case 'conflict':
        return refuse(
          'merge-conflict',
          `--rebase cannot move ${branch} onto ${short(current)} (${now}): its commit ${short(replayed.commit)} conflicts in ${replayed.paths.join(', ')}; ${instead}`,
        );
      case 'replayed': {
        const count = `${replayed.count} commit${replayed.count === 1 ? '' : 's'}`;
        const note = `okstra: --rebase: moving ${branch} from its recorded base ${short(from)} onto ${short(current)} (${now}): ${count} replayed, tip ${short(tip)} -> ${short(replayed.commit)}; the old tip stays in the branch's reflog`;
        return { base: current, head: replayed.commit, rebase: { to: replayed.commit, note } };
      }
    }
  }
  if (onPlanBase && recordedInBranch) {
    if (recorded !== current)
      deps.log(
        `okstra: fix run of stage ${n} continues ${branch} on the base its failed run recorded, ${short(recorded)}; ${now} is at ${short(current)} now, and ${rebaseCommand} would move the branch onto it`,
      );
    return { base: recorded, head: tip };
  }
  if (await ws.isAncestor(current, tip)) return { base: current, head: tip };
  const cause = onPlanBase ? 'nor the base its failed run recorded' : `(${now} changed since the failed run)`;
  return refuse(
    'branch-conflict',
    `branch ${branch} does not contain the stage's base ${short(current)} ${cause}; ${rebaseCommand} replays its commits onto that base, or delete the branch to start the stage afresh`,
  );
}

/** The base the failed run being fixed started from: its `failed` row's, else its own `started` row's. */
function recordedBase(state: LedgerState, n: number): string | null {
  const entry = state.stages.get(n);
  const last = entry?.last;
  if (!entry || last?.status !== 'failed') return null;
  if (last.base_commit) return last.base_commit;
  // The failed run's own claim is the stage's latest: another run's believed claim can only come after it ended.
  const claim = entry.lastClaim?.run_id === last.run_id ? entry.lastClaim : null;
  return claim?.base_commit ?? null;
}

async function mergeBase(deps: EngineDeps, a: string, b: string): Promise<string | null> {
  const out = await deps.workspace.git.run(['merge-base', a, b]);
  return out.exitCode === 0 ? out.stdout.trim() : null;
}

/**
 * Moves the claimed stage's branch to its rebased tip (compare-and-swap
 * against the tip intake saw) and, with a remote, replaces the remote's
 * branch only if it is still where this clone last saw it.
 */
export async function moveRebasedBranch(
  req: RunStageRequest,
  deps: EngineDeps,
  branch: string,
  from: string,
  rebase: NonNullable<FixRunStart['rebase']>,
): Promise<void> {
  deps.log(rebase.note);
  await deps.workspace.moveBranch(
    branch,
    rebase.to,
    from,
    `okstra: rebase of ${req.plan.id} stage ${req.stage} by run ${req.runId}`,
  );
  if (req.remote) {
    const seen = await deps.workspace.resolve(`refs/remotes/${req.remote}/${branch}`);
    await deps.workspace.forcePushBranch(req.remote, branch, rebase.to, seen);
  }
}

/** Where a stage on the plan's base may start, best first: the remote's copy of the base ref, then the local one. */
export function planBaseCandidates(req: RunStageRequest, state: LedgerState): string[] {
  const base = stageBase(req.plan, state, req.stage);
  if (base.kind !== 'plan-base') return [];
  const ref = base.ref ?? 'HEAD';
  return req.remote && base.ref ? [`refs/remotes/${req.remote}/${base.ref}`, ref] : [ref];
}

export async function resolveBase(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  resolved: ReadonlyMap<string, string | null>,
): Promise<{ commit: string } | StageRefusal> {
  const base = stageBase(req.plan, state, req.stage);
  switch (base.kind) {
    case 'blocked':
      return refuse('not-ready', `stage ${req.stage} waits for stage ${base.waitingOn.join(', ')}`);
    case 'plan-base': {
      const ref = base.ref ?? 'HEAD';
      for (const c of planBaseCandidates(req, state)) {
        const commit = resolved.has(c) ? (resolved.get(c) ?? null) : await deps.workspace.resolve(c);
        if (commit) return { commit };
      }
      return refuse(
        'bad-base',
        `the plan's base "${ref}" is not a commit in this repository; fix \`base:\` in the plan's front matter`,
      );
    }
    case 'single':
      return { commit: base.commit };
    case 'merge':
      try {
        return {
          commit: await deps.workspace.mergeHeads(
            base.parents.map((p) => p.commit),
            `okstra: base of ${req.plan.id} stage ${req.stage} (merge of stages ${base.parents.map((p) => p.stage).join(', ')})`,
          ),
        };
      } catch (error) {
        if (error instanceof MergeConflictError)
          return refuse('merge-conflict', `stage ${req.stage} cannot start: ${error.message}`);
        throw error;
      }
  }
}
