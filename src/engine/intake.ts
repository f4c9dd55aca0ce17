import type { FailureCause } from '../core/evidence/error-analysis.js';
import {
  activeClaim,
  approvalStatus,
  notApprovedMessage,
  carryPath as carryPathFor,
  currentDoneRow,
  judgeClaimant,
  type StageRow,
  type LedgerState,
  type StartedRow,
} from '../core/ledger/index.js';
import { dependencyClosure, stageBase, stageByNumber, stageReadiness } from '../core/graph/index.js';
import { stageBranchName } from '../core/ids.js';
import type { Finding } from '../core/report/schema/final-report.js';
import { FINAL_VERIFICATION_REPORT_SCHEMA } from '../core/report/schema/final-verification-report.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import { MergeConflictError } from '../workspace/stage-workspace.js';
import { resolveCommits } from '../git/resolve-refs.js';
import { removeWorktreesOfDeadRun } from '../workspace/worktrees.js';
import { replayCommits } from '../workspace/replay-commits.js';
import { machineFactsFor, thisClaimant } from './claimant.js';
import { findStaleHeads, staleGateMessage } from './stale-heads.js';
import { EngineError, type EngineDeps, type RunStageRequest, type StageRefusal } from './types.js';
import { releaseAfterCrash } from './release.js';

export interface Intake {
  state: LedgerState;
  ledgerCommit: string | null;
  attempt: number;
  fixRun: boolean;
  baseCommit: string;
  branch: string;
  reusedBranch: boolean;
  /** The stage branch head before the executor ran (the base for a fresh branch). */
  startHead: string;
  claim: StageRow;
  /** The ledger commit that holds the claim: what this run knows the ledger to be, without asking again. */
  claimCommit: string;
  carryIn: Array<{ stage: number; title: string; carryJson: string }>;
  doneStages: Array<{ number: number; title: string }>;
  previousFindings: Finding[];
  /** Why the previous attempt failed by okstra's own observation (its report's error analysis). */
  previousAnalysis: FailureCause[];
}

const refuse = (code: StageRefusal['code'], reason: string): StageRefusal => ({ kind: 'refused', code, reason });

/**
 * Phase 1: decide whether the stage may run, compute its base, claim it in the
 * ledger and prepare its branch. Nothing is written before the claim lands, so
 * a refused run leaves no trace.
 */
export async function intake(given: RunStageRequest, deps: EngineDeps): Promise<Intake | StageRefusal> {
  let req = given;
  const { plan, stage: n } = req;
  if (!plan.stages.some((s) => s.number === n))
    return refuse(
      'unknown-stage',
      `stage ${n} is not in plan ${plan.id} (stages: ${plan.stages.map((s) => s.number).join(', ')})`,
    );
  let snapshot = await deps.ledger.readState(plan.id);
  let state = snapshot.state;
  // Before anything else that could write: an unapproved content of the plan runs nothing.
  const approval = approvalStatus(state, req.planBlob, req.config);
  if (approval.kind === 'not-approved')
    return refuse(
      'not-approved',
      notApprovedMessage(
        plan.id,
        approval,
        req.approveHint ?? `\`okstra plan approve --plan ${req.planPath}\` (with the permission to approve it)`,
      ),
    );
  const now = deps.now();
  let readiness = stageReadiness(plan, state, n, now);
  if (readiness.kind === 'started') {
    const claim = activeClaim(state, n) as StartedRow;
    const facts = await machineFactsFor(claim.claimant);
    const judgement = judgeClaimant(claim, facts);
    if (!judgement.gone)
      return refuse(
        'in-progress',
        occupiedReason(plan.id, n, readiness, judgement.reason, [...facts.alivePids].length > 0),
      );
    await abandonDeadClaim(req, deps, claim, judgement.reason);
    snapshot = await deps.ledger.readState(plan.id);
    state = snapshot.state;
    readiness = stageReadiness(plan, state, n, now);
  }
  if (req.reconcile && readiness.kind !== 'done') {
    return refuse(
      'nothing-to-reconcile',
      `stage ${n} is not done (its position is ${state.stages.get(n)?.last.status ?? 'pending'}); reconcile is for a done stage whose branch moved: \`okstra run --stage ${n}\` runs it`,
    );
  }
  switch (readiness.kind) {
    case 'done':
      if (!req.reconcile)
        return refuse(
          'already-done',
          `stage ${n} is already done (head ${readiness.headCommit.slice(0, 12)}, run ${readiness.runId}); a done stage is not run again`,
        );
      break;
    case 'started':
      return refuse('in-progress', `stage ${n} was claimed again by run ${readiness.runId} meanwhile`);
    case 'blocked':
      return refuse(
        'not-ready',
        `stage ${n} is not ready: it depends on stage ${readiness.waitingOn.join(', ')}, which ${readiness.waitingOn.length === 1 ? 'is' : 'are'} not done`,
      );
    case 'ready':
      break;
  }
  const fixRun = readiness.kind === 'ready' && readiness.failedBefore !== null;
  // Reopened because a stage it builds on was reopened by final verification: its commits move onto that stage's new
  // done head before its executor runs, as `--rebase` moves them (the branch it built no longer holds its base).
  if (readiness.kind === 'ready' && readiness.failedBefore?.reason === 'dependency-reopened' && !req.rebase) {
    req = { ...req, rebase: true };
    deps.log(
      `okstra: stage ${n} was reopened because a stage it builds on was; its branch moves onto the new done heads`,
    );
  }

  const staleDeps = await findStaleHeads(plan.id, state, dependencyClosure(plan, n), deps.workspace);
  if (staleDeps.length > 0) return refuse('stale-head', staleGateMessage(`stage ${n}`, req.planPath, staleDeps));

  const branch = stageBranchName(plan.id, n);
  // The stage branch and every candidate base in one git process; resolveBase reads its answers.
  const baseRevs = req.reconcile ? [] : planBaseCandidates(req, state);
  const [existing = null, ...baseCommits] = await resolveCommits(deps.workspace.git, [
    `refs/heads/${branch}`,
    ...baseRevs,
  ]);
  const resolved = new Map(baseRevs.map((rev, i) => [rev, baseCommits[i] ?? null]));
  let base: { commit: string } | StageRefusal;
  let startHead: string;
  let reusedBranch = false;
  let rebase: FixRunStart['rebase'] | null = null;
  if (req.reconcile) {
    const checked = await reconcileStart(req, deps, state, branch, existing);
    if ('kind' in checked) return checked;
    base = { commit: checked.base };
    startHead = checked.recorded;
    reusedBranch = true;
  } else {
    const current = await resolveBase(req, deps, state, resolved);
    if ('kind' in current) return current;
    if (req.rebase && !(fixRun && existing)) {
      const why = existing
        ? `the ledger records no failed run of stage ${n} whose branch ${branch} it could move`
        : `stage ${n} has no branch ${branch} to move yet`;
      return refuse(
        'nothing-to-rebase',
        `--rebase moves a failed stage's preserved branch onto the stage's current base, but ${why}; run it without --rebase`,
      );
    }
    if (existing && existing !== current.commit && !fixRun) {
      return refuse(
        'branch-conflict',
        `branch ${branch} already exists at ${existing.slice(0, 12)} but the ledger records no failed run of stage ${n} to re-enter; delete it (\`git branch -D ${branch}\`) if it is left over`,
      );
    }
    let head = existing ?? current.commit;
    base = current;
    if (existing && fixRun) {
      const entry = await fixRunStart(req, deps, state, branch, existing, current.commit);
      if ('kind' in entry) return entry;
      base = { commit: entry.base };
      head = entry.head;
      rebase = entry.rebase ?? null;
    }
    // After a run that reached no verdict (okstra crashed or was killed), what it committed was never
    // verified: this run answers for the branch from its base, so re-entering it as it is counts as work.
    // So is a branch replayed onto new done heads because a stage it builds on was reopened: its commits were
    // verified on the old base only.
    const unverified =
      readiness.kind === 'ready' &&
      (readiness.failedBefore?.reason === 'abandoned' ||
        readiness.failedBefore?.reason === 'error' ||
        readiness.failedBefore?.reason === 'unavailable' ||
        readiness.failedBefore?.reason === 'dependency-reopened');
    startHead = unverified ? base.commit : head;
    reusedBranch = existing !== null && head !== base.commit;
  }
  const baseCommit = base.commit;

  const lease = new Date(now.getTime() + req.config.leaseMinutes * 60_000);
  const claim: StageRow = {
    v: 1,
    plan_id: plan.id,
    stage: n,
    status: 'started',
    run_id: req.runId,
    at: now.toISOString(),
    lease_until: lease.toISOString(),
    branch,
    base_commit: base.commit,
    ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
    claimant: await thisClaimant(),
  };
  let claimCommit: string;
  try {
    claimCommit = (await deps.ledger.append({ row: claim })).commit;
  } catch (error) {
    if (error instanceof LedgerRefusedError) return refuse('in-progress', error.message);
    throw error;
  }
  try {
    return await afterClaim();
  } catch (error) {
    await releaseAfterCrash(req, deps, claim, error);
    throw error instanceof EngineError
      ? error
      : new EngineError(error instanceof Error ? error.message : String(error), 'intake');
  }

  async function afterClaim(): Promise<Intake> {
    // This run holds the claim now, so a worktree okstra made for this branch is a dead run's leftover
    // (git would refuse to check the branch out again while it is registered).
    const leftovers = await removeWorktreesOfDeadRun(deps.workspace.repoDir, branch, existing ? [existing] : []);
    if (leftovers.length > 0)
      deps.log(
        `okstra: removed ${leftovers.length} worktree${leftovers.length === 1 ? '' : 's'} an earlier run of stage ${n} left behind: ${leftovers.join(', ')}`,
      );
    if (!existing) await deps.workspace.createBranch(branch, baseCommit);
    if (existing && rebase) await moveRebasedBranch(req, deps, branch, existing, rebase);
    return {
      state,
      ledgerCommit: snapshot.commit,
      attempt: (state.stages.get(n)?.attempts ?? 0) + 1,
      fixRun,
      baseCommit,
      branch,
      reusedBranch,
      startHead,
      claim,
      claimCommit,
      carryIn: await readCarryIn(req, deps, state, snapshot.commit),
      doneStages: dependencyClosure(plan, n).map((d) => ({ number: d, title: stageByNumber(plan, d).title })),
      ...(fixRun
        ? await readPrevious(deps, state, n, snapshot.commit)
        : { previousFindings: [], previousAnalysis: [] }),
    };
  }
}

function occupiedReason(
  planId: string,
  n: number,
  claim: { runId: string; leaseUntil: string; stale: boolean },
  liveness: string,
  aliveHere: boolean,
): string {
  const head = `stage ${n} already in progress by run ${claim.runId} until ${claim.leaseUntil} (${liveness})`;
  const release = `\`okstra ledger release --plan-id ${planId} --stage ${n}${claim.stale ? '' : ' --force'}\``;
  if (aliveHere) return `${head}; wait for it, or stop that process first`;
  if (claim.stale) return `${head}; its lease expired: ${release} frees it`;
  return `${head}; if that run is gone (its machine or job died), ${release} frees it`;
}

/**
 * The claiming process is provably gone (judgeClaimant): end its claim with
 * `failed`/`abandoned` so this run can claim the stage. Its agents died with
 * it (process groups and their watchdog); its worktrees go after the claim.
 */
async function abandonDeadClaim(req: RunStageRequest, deps: EngineDeps, claim: StartedRow, why: string): Promise<void> {
  const row: StageRow = {
    v: 1,
    plan_id: req.plan.id,
    stage: req.stage,
    status: 'failed',
    run_id: claim.run_id,
    at: deps.now().toISOString(),
    reason: 'abandoned',
    detail: `taken over by run ${req.runId}: ${why}`.slice(0, 2000),
    ...(claim.branch ? { branch: claim.branch } : {}),
    ...(claim.base_commit ? { base_commit: claim.base_commit } : {}),
    ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
  };
  try {
    await deps.ledger.append({ row });
    deps.log(`okstra: ${why}; its claim on stage ${req.stage} is released (failed, abandoned) and this run takes over`);
  } catch (error) {
    // Another run released it first; the re-read decides what happens next.
    if (!(error instanceof LedgerRefusedError)) throw error;
  }
}

/**
 * Where a reconcile run starts: the stage is done, its branch moved, and the
 * moved branch still contains the base the stage was verified against (the
 * one its `done` row records). Returns that base and the recorded head,
 * which stands as the executor's starting point: what the branch gained
 * since is what this run re-verifies.
 */
async function reconcileStart(
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

interface FixRunStart {
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
async function fixRunStart(
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
async function moveRebasedBranch(
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
function planBaseCandidates(req: RunStageRequest, state: LedgerState): string[] {
  const base = stageBase(req.plan, state, req.stage);
  if (base.kind !== 'plan-base') return [];
  const ref = base.ref ?? 'HEAD';
  return req.remote && base.ref ? [`refs/remotes/${req.remote}/${base.ref}`, ref] : [ref];
}

async function resolveBase(
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

async function readCarryIn(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  commit: string | null,
): Promise<Intake['carryIn']> {
  if (!commit) return [];
  const out: Intake['carryIn'] = [];
  for (const d of stageByNumber(req.plan, req.stage).dependsOn) {
    const carryJson = await deps.ledger.readFile(
      commit,
      state.stages.get(d)?.lastDone?.carry_path ?? carryPathFor(req.plan.id, d),
    );
    if (carryJson !== null) out.push({ stage: d, title: stageByNumber(req.plan, d).title, carryJson });
  }
  return out;
}

/** A fix run sees what the failed attempt's verifiers found, minus what convergence refuted. */
async function readPrevious(
  deps: EngineDeps,
  state: LedgerState,
  n: number,
  commit: string | null,
): Promise<{ previousFindings: Finding[]; previousAnalysis: FailureCause[] }> {
  const none = { previousFindings: [], previousAnalysis: [] };
  const last = state.stages.get(n)?.last;
  if (!commit || last?.status !== 'failed' || !last.report_path?.endsWith('.json')) return none;
  const text = await deps.ledger.readFile(commit, last.report_path);
  if (!text) return none;
  try {
    const report = JSON.parse(text) as {
      schema?: string;
      findings?: Array<Finding & { stages?: number[] }>;
      errorAnalysis?: FailureCause[];
    };
    // A final verification's findings span the plan: this stage sees those attributed to it.
    const mine = (f: { stages?: number[] }): boolean =>
      report.schema !== FINAL_VERIFICATION_REPORT_SCHEMA || (f.stages ?? []).includes(n);
    const findings = (report.findings ?? [])
      .filter((f) => f.disposition !== 'refuted' && mine(f))
      .map(({ stages: _stages, commits: _commits, ...f }: Finding & { stages?: number[]; commits?: string[] }) => f);
    return {
      previousFindings: findings,
      previousAnalysis: Array.isArray(report.errorAnalysis) ? report.errorAnalysis : [],
    };
  } catch {
    return none;
  }
}
