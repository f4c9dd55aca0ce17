import type { FailureCause } from '../core/evidence/error-analysis.js';
import {
  activeClaim,
  claimEndingRow,
  approvalStatus,
  notApprovedMessage,
  carryPath as carryPathFor,
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
import type { Finding } from '../core/report/schema/final-report.js';
import { FINAL_VERIFICATION_REPORT_SCHEMA } from '../core/report/schema/final-verification-report.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import { resolveCommits } from '../git/resolve-refs.js';
import { removeWorktreesOfDeadRun } from '../workspace/worktrees.js';
import { machineFactsFor, thisClaimant } from './claimant.js';
import { findStaleHeads, staleGateMessage } from './stale-heads.js';
import { EngineError, type EngineDeps, type RunStageRequest, type StageRefusal } from './types.js';
import { releaseAfterCrash } from './release.js';
import {
  fixRunStart,
  moveRebasedBranch,
  planBaseCandidates,
  reconcileStart,
  resolveBase,
  type FixRunStart,
} from './stage-start.js';

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

export async function intake(given: RunStageRequest, deps: EngineDeps): Promise<Intake | StageRefusal> {
  const gated = await gateStage(given, deps);
  if ('kind' in gated) return gated;
  const { req, snapshot, readiness, now } = gated;
  const { plan, stage: n } = req;
  const staleDeps = await findStaleHeads(plan.id, snapshot.state, dependencyClosure(plan, n), deps.workspace);
  if (staleDeps.length > 0) return refuse('stale-head', staleGateMessage(`stage ${n}`, req.planPath, staleDeps));
  const start = await chooseStart(req, deps, snapshot.state, readiness);
  if ('kind' in start) return start;
  return claimStage(req, deps, snapshot, start, now);
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
  snapshot: LedgerSnapshot,
  start: Start,
  now: Date,
): Promise<Intake | StageRefusal> {
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
  let claimCommit: string;
  try {
    claimCommit = (await deps.ledger.append({ row: claim })).commit;
  } catch (error) {
    if (error instanceof LedgerRefusedError) return refuse('in-progress', error.message);
    throw error;
  }
  try {
    return await afterClaim(req, deps, snapshot, start, claim, claimCommit);
  } catch (error) {
    await releaseAfterCrash(req, deps, claim, error);
    throw error instanceof EngineError
      ? error
      : new EngineError(error instanceof Error ? error.message : String(error), 'intake');
  }
}

async function afterClaim(
  req: RunStageRequest,
  deps: EngineDeps,
  snapshot: LedgerSnapshot,
  start: Start,
  claim: StageRow,
  claimCommit: string,
): Promise<Intake> {
  const { plan, stage: n } = req;
  const { branch, existing, rebase, fixRun } = start;
  const state = snapshot.state;
  // This run holds the claim now, so a worktree okstra made for this branch is a dead run's leftover
  // (git would refuse to check the branch out again while it is registered).
  const leftovers = await removeWorktreesOfDeadRun(deps.workspace.repoDir, branch, existing ? [existing] : []);
  if (leftovers.length > 0)
    deps.log(
      `okstra: removed ${leftovers.length} worktree${leftovers.length === 1 ? '' : 's'} an earlier run of stage ${n} left behind: ${leftovers.join(', ')}`,
    );
  if (!existing) await deps.workspace.createBranch(branch, start.baseCommit);
  if (existing && rebase) await moveRebasedBranch(req, deps, branch, existing, rebase);
  return {
    state,
    ledgerCommit: snapshot.commit,
    attempt: (state.stages.get(n)?.attempts ?? 0) + 1,
    fixRun,
    baseCommit: start.baseCommit,
    branch,
    reusedBranch: start.reusedBranch,
    startHead: start.startHead,
    claim,
    claimCommit,
    carryIn: await readCarryIn(req, deps, state, snapshot.commit),
    doneStages: dependencyClosure(plan, n).map((d) => ({ number: d, title: stageByNumber(plan, d).title })),
    ...(fixRun ? await readPrevious(deps, state, n, snapshot.commit) : { previousFindings: [], previousAnalysis: [] }),
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
