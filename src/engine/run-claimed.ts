import type { PromptInput } from '../core/prompts/index.js';
import { stageByNumber } from '../core/graph/index.js';
import { outOfPlanFiles } from '../core/scope/out-of-plan.js';
import { analyseFailure } from '../core/evidence/error-analysis.js';
import { synthesizeVerdict } from '../core/verdict/index.js';
import type { ProtectedChange } from '../core/scope/qa-definitions.js';
import { protectedEvidence } from './protected-evidence.js';
import { carryPath } from '../core/ledger/index.js';
import { releaseAfterCrash } from './release.js';
import type { FinalReport, RosterEntry } from '../core/report/schema/final-report.js';
import { Outages } from './fallback.js';
import { execute, type Execution } from './execute.js';
import type { Intake } from './intake.js';
import { persist, terminalRow } from './persist.js';
import type { ProgressLog } from './progress.js';
import { testHookPause } from './test-hook.js';
import { verify, type Verification } from './verify.js';
import { usageTotals } from './usage-totals.js';
import { openRunGateway } from './model-gateway.js';
import { timed } from '../process/timings.js';
import { warmStageChecks } from '../core/report/validate-schema.js';
import { EngineError, type EngineDeps, type RosterMember, type RunStageRequest, type StageOutcome } from './types.js';

/**
 * A stage run after its claim: gateway, executor, seal, QA and reviewers,
 * report, persist (run-stage.ts says why this is a module of its own). Once
 * here the run always ends with a terminal ledger row: the verdict's, or
 * `failed` with reason `error` when okstra itself broke.
 */
export async function runClaimed(
  req: RunStageRequest,
  given: EngineDeps,
  claimed: Intake,
  progress: ProgressLog,
  startedAt: Date,
): Promise<StageOutcome> {
  let deps = given;
  let worktree: string | null = null;
  let pushing: Promise<void> | null = null;
  let removing: Promise<void> | null = null;
  let gateway: Awaited<ReturnType<typeof openRunGateway>> = null;
  let warming: ReturnType<typeof setTimeout> | undefined;
  try {
    // The gateway (which may read the plan's spend first) and the stage's tree need nothing of each other: side by
    // side, and both kept for the clean-up below even when the other failed.
    const [opened, tree] = await Promise.allSettled([
      timed('engine:gateway', () => openRunGateway(req, deps)),
      timed('engine:worktree', () =>
        deps.workspace.addBranchWorktree(claimed.branch, claimed.newBranch ? claimed.baseCommit : null),
      ),
    ]);
    gateway = opened.status === 'fulfilled' ? opened.value : null;
    worktree = tree.status === 'fulfilled' ? tree.value : null;
    if (opened.status === 'rejected') throw opened.reason;
    if (tree.status === 'rejected') throw tree.reason;
    if (gateway) deps = { ...deps, gateway };
    const stageTree = tree.value;
    const promptBase = promptInputs(req, deps, claimed, stageTree);
    announceRoster(req, progress);

    // What the run learns of its providers' outages: who could not work, and which fallback took over.
    const outages = new Outages();
    // Once the executor is under way (its spawn is not held up by it), the checks its end needs are compiled.
    warming = setTimeout(warmStageChecks, WARM_AFTER_MS);
    const execution = await execute(req, deps, claimed, stageTree, promptBase, progress, outages);
    // The branch's head is final once the executor's work is committed, and it is pushed whatever the verdict: it goes
    // to the remote while QA and the verifiers run. Only the ledger row, written after both, tells readers about it.
    // A change over the size caps is neither pushed nor reviewed: the verdict is its size.
    const reviewable = execution.oversize === null;
    pushing = req.remote && reviewable ? handled(deps.workspace.pushBranch(req.remote, claimed.branch)) : null;
    const { verification, guarded } =
      execution.status === 'done' && reviewable
        ? await reviewStage(req, deps, claimed, execution, { worktree: stageTree, promptBase, progress, outages })
        : { verification: null, guarded: [] };
    // Nobody reads the stage tree after the reviewers (the report and the ledger work from commits): it goes now,
    // moved aside and deleted in the background (a 20,000-file tree takes a fifth of a second to delete).
    removing = handled(deps.workspace.removeWorktree(stageTree));
    worktree = null;
    await pushing;

    const persisted = await synthesizeAndPersist(
      req,
      deps,
      claimed,
      { execution, verification, guarded, outages },
      { progress, startedAt },
    );
    return { kind: 'completed', ...persisted };
  } catch (error) {
    await releaseAfterCrash(req, deps, claimed.claim, error);
    if (error instanceof EngineError) throw error;
    throw new EngineError(error instanceof Error ? error.message : String(error), 'run');
  } finally {
    clearTimeout(warming);
    // A push still under way (the run failed during verify) ends before the trees and the workspace go.
    await pushing?.catch(() => undefined);
    // The stage's trees go with it: a run leaves no worktree registered in the user's repository. Its own tree is
    // removed rather than taken back for a pool that closes next (every lease is released: nothing runs there).
    if (worktree) await deps.workspace.removeWorktree(worktree);
    await removing;
    await deps.workspace.close();
    await gateway?.close();
  }
}

/** How long after the executor's start the stage's checks are compiled: its process is spawned by then. */
const WARM_AFTER_MS = 200;

/** `work`, started now and awaited later: a rejection meanwhile is not unhandled, and reaches whoever awaits it. */
function handled<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

function promptInputs(
  req: RunStageRequest,
  deps: EngineDeps,
  run: Intake,
  worktree: string,
): Omit<PromptInput, 'role' | 'worker'> {
  return {
    plan: { id: req.plan.id, title: req.plan.title, path: req.planPath, commit: req.planCommit },
    stage: stageByNumber(req.plan, req.stage),
    worktree,
    baseCommit: run.baseCommit,
    headCommit: null,
    doneStages: run.doneStages,
    carryIn: run.carryIn,
    clarifications: req.plan.clarifications,
    previousFindings: run.previousFindings.map((f) => ({
      id: f.id,
      severity: f.severity,
      title: f.title,
      detail: f.detail,
      file: f.file,
      line: f.line,
    })),
    previousAnalysis: run.previousAnalysis,
    qaResults: [],
    disputed: null,
    gates: deps.gates,
  };
}

/** Phases 6 and 7: the report, what a cited file is checked against, and the one ledger commit that persists them. */
async function synthesizeAndPersist(
  req: RunStageRequest,
  deps: EngineDeps,
  claimed: Intake,
  gathered: { execution: Execution; verification: Verification | null; guarded: ProtectedChange[]; outages: Outages },
  run: { progress: ProgressLog; startedAt: Date },
): Promise<Awaited<ReturnType<typeof persist>>> {
  const { execution, verification, guarded, outages } = gathered;
  const { progress, startedAt } = run;
  progress.emit('phase-6-synthesis', '', { stage: req.stage });
  const report = await buildReport(req, deps, claimed, execution, verification, guarded, progress, startedAt, outages);
  // What a cited file is checked against; a report that cites none (most passing runs) needs no listing of a tree
  // that may hold tens of thousands of files.
  const headFiles = report.findings.some((f) => f.file !== null)
    ? await deps.workspace.filesAt(execution.headCommit)
    : undefined;
  progress.emit('phase-7-conformance', '', { verdict: report.verdict.value, runStatus: report.verdict.runStatus });
  await testHookPause('persist-before-ledger', deps.log);
  const persisted = await persist(
    req,
    deps,
    { ...report, progress: [...progress.entries] },
    headFiles,
    verification?.worktreeRecords ?? [],
    progress.activity,
  );
  await testHookPause('persist-after-ledger', deps.log);
  return persisted;
}

/** Phases 2 and 3 as the log shows them: how many prompts, and who works. */
function announceRoster(req: RunStageRequest, progress: ProgressLog): void {
  progress.emit(
    'phase-2-prompts',
    `preparing ${1 + req.roster.verifiers.length + (req.roster.critic ? 1 : 0)} worker prompts`,
  );
  progress.emit('phase-3-roster', '', {
    executor: req.roster.executor.name,
    verifiers: req.roster.verifiers.map((v) => v.name).join(', '),
    ...(req.roster.critic ? { critic: req.roster.critic.name } : {}),
  });
}

/** Phase 5 over a finished, reviewable change: the tree sealed at the head, the protected evidence it touched, then QA and the verifiers. */
async function reviewStage(
  req: RunStageRequest,
  deps: EngineDeps,
  claimed: Intake,
  execution: Execution,
  at: { worktree: string; promptBase: ReturnType<typeof promptInputs>; progress: ProgressLog; outages: Outages },
): Promise<{ verification: Verification; guarded: ProtectedChange[] }> {
  const { worktree, promptBase, progress } = at;
  // The executor's lease is released (its processes are gone): the tree becomes okstra's, exactly the head, and is what reviewers read.
  await deps.workspace.sealForReview(worktree, execution.headCommit);
  const changed = execution.changed;
  const done = claimed.doneStages.flatMap(({ number }) => {
    const row = claimed.state.stages.get(number)?.lastDone;
    return row ? [{ number, base: row.base_commit ?? null, head: row.head_commit }] : [];
  });
  const guarded = await protectedEvidence(req, deps, changed, claimed.baseCommit, execution.headCommit, done);
  for (const change of guarded)
    progress.emit('phase-5-qa', 'the stage changed what judges it', { path: change.path, why: change.why });
  const outOfPlan = outOfPlanFiles(changed, stageByNumber(req.plan, req.stage).files);
  const reviewed = { ...promptBase, protectedChanges: guarded, outOfPlanFiles: outOfPlan };
  const verification = await verify(req, deps, execution.headCommit, reviewed, progress, worktree, changed, {
    executor: execution.dispatched.member,
    outages: at.outages,
  });
  return { verification, guarded };
}

/** The change's line counts; none for an oversized one (counting the lines of 200,000 files would take longer than the run). */
async function diffStatOf(
  deps: EngineDeps,
  run: Intake,
  execution: Execution,
): Promise<{ files: number; insertions: number; deletions: number }> {
  if (execution.oversize) return { files: execution.changed.length, insertions: 0, deletions: 0 };
  return deps.workspace.diffStat(run.baseCommit, execution.headCommit);
}

/** okstra's verdict over everything the run gathered. */
function stageVerdict(
  execution: Execution,
  verification: Verification | null,
  guarded: readonly ProtectedChange[],
  budgetExceeded: FinalReport['usage']['budgetExceeded'] | null,
): FinalReport['verdict'] {
  return synthesizeVerdict({
    executorStatus: execution.status,
    executorWorker: execution.dispatched.member.name,
    executorUnavailable: execution.report.unavailable ?? null,
    critic: verification?.critic ? { worker: verification.critic.worker, status: verification.critic.status } : null,
    budgetExceeded,
    contractViolations: execution.violations.map((v) => v.detail),
    protectedChanges: guarded,
    evidenceReasons: verification?.evidenceReasons ?? [],
    oversize: execution.oversize?.reason ?? null,
    qa: verification?.qa ?? [],
    verifiers: verification?.verifiers ?? [],
    findings: verification?.findings ?? [],
  });
}

/** The carry: written where it goes when the stage passed with one, else withheld and why. */
function sidecarOf(
  planId: string,
  stage: { number: number; title: string },
  passed: boolean,
  execution: Execution,
  verdict: FinalReport['verdict'],
): FinalReport['stageSidecarEvidence'] {
  if (passed)
    return {
      stageNumber: stage.number,
      stageTitle: stage.title,
      carryJson: execution.carry?.json as string,
      carryPath: carryPath(planId, stage.number),
    };
  return {
    stageNumber: stage.number,
    stageTitle: stage.title,
    carryJson: execution.carry?.json ?? null,
    carryPath: null,
    withheld: withheldReason(verdict.runStatus, execution),
  };
}

async function buildReport(
  req: RunStageRequest,
  deps: EngineDeps,
  run: Intake,
  execution: Execution,
  verification: Verification | null,
  guarded: readonly ProtectedChange[],
  progress: ProgressLog,
  startedAt: Date,
  outages: Outages,
): Promise<FinalReport> {
  const stage = stageByNumber(req.plan, req.stage);
  const changed = execution.changed;
  const stat = await diffStatOf(deps, run, execution);
  const findings = verification?.findings ?? [];
  // The sessions a fallback replaced made model requests too: they count as spend.
  const dispatched = [...outages.replaced, execution.dispatched, ...(verification?.dispatched ?? [])];
  const usage = usageTotals(dispatched, deps.gateway !== undefined, deps.gateway?.budgets?.());
  const verdict = stageVerdict(execution, verification, guarded, usage.budgetExceeded ?? null);
  const finishedAt = deps.now();
  const passed = verdict.value === 'PASS' && execution.carry !== null;
  const analysis =
    verdict.value === 'FAIL'
      ? analyseFailure({
          violations: execution.violations,
          protectedChanges: guarded,
          evidence: verification?.evidence,
        })
      : [];
  const base: Omit<FinalReport, 'ledgerRow'> = {
    schemaVersion: 1,
    plan: { id: req.plan.id, title: req.plan.title, path: req.planPath, commit: req.planCommit },
    stage: { number: stage.number, title: stage.title, dependsOn: stage.dependsOn },
    run: {
      id: req.runId,
      attempt: run.attempt,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      trigger: req.trigger,
      url: req.runUrl,
    },
    git: {
      branch: run.branch,
      baseCommit: run.baseCommit,
      headCommit: execution.headCommit,
      reusedBranch: run.reusedBranch,
      diffStat: { filesChanged: stat.files, insertions: stat.insertions, deletions: stat.deletions },
      changedFiles: changed,
      outOfPlanFiles: outOfPlanFiles(changed, stage.files),
      ...(execution.oversize !== null ? { overCap: execution.oversize.reason } : {}),
    },
    roster: reportRoster(req, execution, verification),
    executor: execution.report,
    qa: verification?.qa ?? [],
    ...(verification?.evidence ? { evidence: verification.evidence } : {}),
    verifiers: verification?.verifiers ?? [],
    findings,
    ...(analysis.length > 0 ? { errorAnalysis: analysis } : {}),
    convergence: verification?.convergence ?? { rounds: 0, disputed: 0, resolved: 0 },
    ...(verification?.critic ? { critic: verification.critic } : {}),
    verdict,
    stageSidecarEvidence: sidecarOf(req.plan.id, stage, passed, execution, verdict),
    progress: [...progress.entries],
    usage,
    isolation: { mode: deps.sandbox.mode, detail: deps.sandbox.statement },
    ...(outages.records.length > 0 ? { fallbacks: [...outages.records] } : {}),
    remainingQueue: req.remainingQueue ?? [],
    errors: [],
  };
  const row = terminalRow(req, base, execution.status === 'timeout', finishedAt);
  return { ...base, ledgerRow: row as FinalReport['ledgerRow'] };
}

/**
 * Who held each function, as it turned out: the executor that did the work and the verifiers that were asked,
 * a fallback marked with the worker it stood in for. When a fallback executed, its provider is not among the
 * verifiers (a fallback never makes the executor verify itself).
 */
function reportRoster(req: RunStageRequest, execution: Execution, verification: Verification | null): RosterEntry[] {
  const executor = execution.dispatched.member;
  const swapped = executor.ref !== req.roster.executor.ref;
  const verifiers = verification?.members ?? req.roster.verifiers.filter((v) => !(swapped && v.ref === executor.ref));
  const entry = (m: RosterMember, fn: RosterEntry['function'], standsInFor?: string): RosterEntry => ({
    name: m.name,
    provider: m.kind,
    model: m.model,
    function: fn,
    ...(standsInFor !== undefined ? { standsInFor } : {}),
  });
  return [
    entry(executor, 'executor', swapped ? req.roster.executor.name : undefined),
    ...verifiers.map((v) => entry(v, 'verifier', verification?.standsInFor.get(v.name))),
    ...(req.roster.critic ? [entry(req.roster.critic, 'critic')] : []),
  ];
}

function withheldReason(runStatus: FinalReport['verdict']['runStatus'], execution: Execution): string {
  if (runStatus === 'contract-violated')
    return `the executor broke its contract (${execution.violations.map((v) => v.detail).join('; ')}); nothing may build on this stage`;
  if (execution.oversize !== null) return `${execution.oversize.reason}; nothing may build on this stage`;
  if (runStatus === 'unavailable')
    return 'a provider could not work (see the reasons): the stage was not judged; a later run or the sweep may run it again';
  if (runStatus === 'error') return `the executor ended with ${execution.status}; the stage was not verified`;
  return 'the verdict is FAIL: dependent stages must not build on this head; a fix run re-enters the stage on its branch';
}
