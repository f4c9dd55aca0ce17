import {
  activeClaim,
  claimEndingRow,
  approvalStatus,
  notApprovedMessage,
  judgeClaimant,
  type StageRow,
  type LedgerState,
  type StartedRow,
} from '../core/ledger/index.js';
import {
  branchEntryRefusal,
  dependencyClosure,
  isFixRun,
  mustRebase,
  readinessRefusal,
  stageByNumber,
  stageReadiness,
  startsUnverified,
  type StageReadiness,
} from '../core/graph/index.js';
import { stageBranchName } from '../core/ids.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import { resolveCommits } from '../git/resolve-refs.js';
import { removeWorktreesOfDeadRun } from '../workspace/worktrees.js';
import { machineFactsFor, thisClaimant } from './claimant.js';
import { findStaleHeads, staleGateMessage } from './stale-heads.js';
import { EngineError, type EngineDeps, type RunStageRequest, type StageRefusal } from './types.js';
import { releaseAfterCrash } from './release.js';
import { readLedgerInputs, type LedgerInputs } from './intake-reads.js';
import {
  fixRunStart,
  moveRebasedBranch,
  planBaseCandidates,
  reconcileStart,
  resolveBase,
  type FixRunStart,
} from './stage-start.js';

export interface Intake extends LedgerInputs {
  state: LedgerState;
  ledgerCommit: string | null;
  attempt: number;
  fixRun: boolean;
  baseCommit: string;
  branch: string;
  reusedBranch: boolean;
  /** The stage branch does not exist yet: the stage's tree makes it, at `baseCommit`, as it checks it out. */
  newBranch: boolean;
  /** The stage branch head before the executor ran (the base for a fresh branch). */
  startHead: string;
  claim: StageRow;
  /** The ledger commit that holds the claim: what this run knows the ledger to be, without asking again. */
  claimCommit: string;
  doneStages: Array<{ number: number; title: string }>;
}

const refuse = (code: StageRefusal['code'], reason: string): StageRefusal => ({ kind: 'refused', code, reason });

/**
 * Phase 1: decide whether the stage may run, compute its base, claim it in the
 * ledger and prepare its branch. Nothing is written before the claim lands, so
 * a refused run leaves no trace.
 */
type LedgerSnapshot = Awaited<ReturnType<EngineDeps['ledger']['readState']>>;

/** What the gates found: the request (with --rebase added when the stage must move), the ledger read, where the stage stands. */
interface Gated {
  req: RunStageRequest;
  snapshot: LedgerSnapshot;
  readiness: StageReadiness;
  now: Date;
}

/** Where the run starts on its branch, decided before the claim. */
interface Start {
  branch: string;
  /** The stage branch's tip before this run, null when it has none. */
  existing: string | null;
  fixRun: boolean;
  baseCommit: string;
  startHead: string;
  reusedBranch: boolean;
  rebase: FixRunStart['rebase'] | null;
}

/**
 * `onClaimPublishing`: work the caller starts as the claim goes to the remote (runStage compiles the post-claim
 * module then); given by the caller so intake does not import what runs after it.
 */
export async function intake(
  given: RunStageRequest,
  deps: EngineDeps,
  onClaimPublishing: () => void = () => undefined,
): Promise<Intake | StageRefusal> {
  const gated = await gateStage(given, deps);
  if ('kind' in gated) return gated;
  const { req, snapshot, readiness, now } = gated;
  const { plan, stage: n } = req;
  const staleDeps = await findStaleHeads(plan.id, snapshot.state, dependencyClosure(plan, n), deps.workspace);
  if (staleDeps.length > 0) return refuse('stale-head', staleGateMessage(`stage ${n}`, req.planPath, staleDeps));
  const start = await chooseStart(req, deps, snapshot.state, readiness);
  if ('kind' in start) return start;
  return claimStage(req, deps, { snapshot, start, now, onClaimPublishing });
}

/**
 * Every gate before anything is written: the stage exists, this content of
 * the plan is approved, no live run holds it (a provably dead one's claim is
 * released), and it is ready (or done, for reconcile).
 */
async function gateStage(given: RunStageRequest, deps: EngineDeps): Promise<Gated | StageRefusal> {
  let req = given;
  const { plan, stage: n } = req;
  if (!plan.stages.some((s) => s.number === n))
    return refuse(
      'unknown-stage',
      `stage ${n} is not in plan ${plan.id} (stages: ${plan.stages.map((s) => s.number).join(', ')})`,
    );
  let snapshot = await deps.ledger.readState(plan.id);
  // Before anything else that could write: an unapproved content of the plan runs nothing.
  const approval = approvalStatus(snapshot.state, req.planBlob, req.config);
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
  let readiness = stageReadiness(plan, snapshot.state, n, now);
  if (readiness.kind === 'started') {
    const taken = await takeOverDeadClaim(req, deps, snapshot.state, readiness);
    if ('kind' in taken) return taken;
    snapshot = taken;
    readiness = stageReadiness(plan, snapshot.state, n, now);
  }
  const position = snapshot.state.stages.get(n)?.last.status ?? 'pending';
  const refused = readinessRefusal(n, readiness, req.reconcile === true, position);
  if (refused !== null) return refuse(refused.code, refused.reason);
  if (mustRebase(readiness) && !req.rebase) {
    req = { ...req, rebase: true };
    deps.log(
      `okstra: stage ${n} was reopened because a stage it builds on was; its branch moves onto the new done heads`,
    );
  }
  return { req, snapshot, readiness, now };
}

/** A claim whose process is provably gone is released (and the ledger read again); a live one refuses this run. */
async function takeOverDeadClaim(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  readiness: Extract<StageReadiness, { kind: 'started' }>,
): Promise<LedgerSnapshot | StageRefusal> {
  const claim = activeClaim(state, req.stage) as StartedRow;
  const facts = await machineFactsFor(claim.claimant);
  const judgement = judgeClaimant(claim, facts);
  if (!judgement.gone)
    return refuse(
      'in-progress',
      occupiedReason(req.plan.id, req.stage, readiness, judgement.reason, [...facts.alivePids].length > 0),
    );
  await abandonDeadClaim(req, deps, claim, judgement.reason);
  return deps.ledger.readState(req.plan.id);
}

/** The stage branch and its base: reconcile's recorded head, a fix run's preserved branch, or a fresh branch at the base. */
async function chooseStart(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  readiness: StageReadiness,
): Promise<Start | StageRefusal> {
  const n = req.stage;
  const fixRun = isFixRun(readiness);
  const branch = stageBranchName(req.plan.id, n);
  // The stage branch and every candidate base in one git process; resolveBase reads its answers.
  const baseRevs = req.reconcile ? [] : planBaseCandidates(req, state);
  const [existing = null, ...baseCommits] = await resolveCommits(deps.workspace.git, [
    `refs/heads/${branch}`,
    ...baseRevs,
  ]);
  if (req.reconcile) {
    const checked = await reconcileStart(req, deps, state, branch, existing);
    if ('kind' in checked) return checked;
    const start = { baseCommit: checked.base, startHead: checked.recorded, reusedBranch: true, rebase: null };
    return { branch, existing, fixRun, ...start };
  }
  const resolved = new Map(baseRevs.map((rev, i) => [rev, baseCommits[i] ?? null]));
  const current = await resolveBase(req, deps, state, resolved);
  if ('kind' in current) return current;
  const entry = { n, branch, existing, base: current.commit, fixRun, rebase: req.rebase === true };
  const refused = branchEntryRefusal(entry);
  if (refused !== null) return refuse(refused.code, refused.reason);
  let head = existing ?? current.commit;
  let baseCommit = current.commit;
  let rebase: FixRunStart['rebase'] | null = null;
  if (existing && fixRun) {
    const fix = await fixRunStart(req, deps, state, branch, existing, current.commit);
    if ('kind' in fix) return fix;
    baseCommit = fix.base;
    head = fix.head;
    rebase = fix.rebase ?? null;
  }
  const startHead = startsUnverified(readiness) ? baseCommit : head;
  return {
    branch,
    existing,
    fixRun,
    baseCommit,
    startHead,
    reusedBranch: existing !== null && head !== baseCommit,
    rebase,
  };
}

/** Claims the stage (`started` with a lease), then prepares its branch; a crash after the claim releases it. */
async function claimStage(
  req: RunStageRequest,
  deps: EngineDeps,
  c: { snapshot: LedgerSnapshot; start: Start; now: Date; onClaimPublishing: () => void },
): Promise<Intake | StageRefusal> {
  const { snapshot, start, now } = c;
  const lease = new Date(now.getTime() + req.config.leaseMinutes * 60_000);
  const claim: StageRow = {
    v: 1,
    plan_id: req.plan.id,
    stage: req.stage,
    status: 'started',
    run_id: req.runId,
    at: now.toISOString(),
    lease_until: lease.toISOString(),
    branch: start.branch,
    base_commit: start.baseCommit,
    ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
    claimant: await thisClaimant(),
  };
  // What the run reads of the ledger it decided on (the carries it builds on, a failed attempt's findings) does not
  // depend on the claim, nor does compiling the post-claim module: both start as the claim's push goes out (the push
  // waits on the network; before it, the commit is built here), and the reads are dropped if the claim is refused.
  let reads: Promise<LedgerInputs> | null = null;
  const startReads = (): Promise<LedgerInputs> =>
    (reads ??= settledLater(readLedgerInputs(req, deps, snapshot, start.fixRun)));
  const onPublishing = (): void => {
    startReads();
    c.onClaimPublishing();
  };
  let claimCommit: string;
  try {
    claimCommit = (await deps.ledger.append({ row: claim, onPublishing })).commit;
  } catch (error) {
    if (error instanceof LedgerRefusedError) return refuse('in-progress', error.message);
    throw error;
  }
  try {
    return await afterClaim(req, deps, snapshot, start, { claim, claimCommit, reads: startReads() });
  } catch (error) {
    await releaseAfterCrash(req, deps, claim, error);
    throw error instanceof EngineError
      ? error
      : new EngineError(error instanceof Error ? error.message : String(error), 'intake');
  }
}

/** `work`, started now and awaited later: a rejection meanwhile is not unhandled, and reaches whoever awaits it. */
function settledLater<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

async function afterClaim(
  req: RunStageRequest,
  deps: EngineDeps,
  snapshot: LedgerSnapshot,
  start: Start,
  claimed: { claim: StageRow; claimCommit: string; reads: Promise<LedgerInputs> },
): Promise<Intake> {
  const { plan, stage: n } = req;
  const { branch, existing, rebase, fixRun } = start;
  const state = snapshot.state;
  // This run holds the claim now, so a worktree okstra made for this branch is a dead run's leftover
  // (git would refuse to check the branch out again while it is registered). A new branch is made with the stage's
  // tree (newBranch), by the same git call that checks it out.
  const leftovers = await removeWorktreesOfDeadRun(deps.workspace.repoDir, branch, existing ? [existing] : []);
  if (leftovers.length > 0)
    deps.log(
      `okstra: removed ${leftovers.length} worktree${leftovers.length === 1 ? '' : 's'} an earlier run of stage ${n} left behind: ${leftovers.join(', ')}`,
    );
  if (existing && rebase) await moveRebasedBranch(req, deps, branch, existing, rebase);
  return {
    state,
    ledgerCommit: snapshot.commit,
    attempt: (state.stages.get(n)?.attempts ?? 0) + 1,
    fixRun,
    baseCommit: start.baseCommit,
    branch,
    reusedBranch: start.reusedBranch,
    newBranch: existing === null,
    startHead: start.startHead,
    claim: claimed.claim,
    claimCommit: claimed.claimCommit,
    doneStages: dependencyClosure(plan, n).map((d) => ({ number: d, title: stageByNumber(plan, d).title })),
    ...(await claimed.reads),
  };
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
  const row = claimEndingRow(claim, {
    runId: claim.run_id,
    at: deps.now().toISOString(),
    reason: 'abandoned',
    detail: `taken over by run ${req.runId}: ${why}`,
    actor: req.trigger.actor,
  });
  try {
    await deps.ledger.append({ row });
    deps.log(`okstra: ${why}; its claim on stage ${req.stage} is released (failed, abandoned) and this run takes over`);
  } catch (error) {
    // Another run released it first; the re-read decides what happens next.
    if (!(error instanceof LedgerRefusedError)) throw error;
  }
}
