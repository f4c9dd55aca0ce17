import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plan } from '../core/plan/types.js';
import { runChain } from '../engine/run-chain.js';
import { runStage } from '../engine/run-stage.js';
import { mark, timed } from '../process/timings.js';
import type { RunStageRequest, StageOutcome, StageRefusal } from '../engine/types.js';
import type { LedgerStateSnapshot, LedgerStore, ReadOptions } from '../git/ledger-store.js';
import { dryRun } from './dry-run.js';
import {
  fetchPlanRefs,
  loadPlan,
  requestBase,
  runIdFor,
  type CompletedRun,
  type LoadedPlan,
  type RunResults,
} from './plan-run.js';
import type { Session } from './session.js';
import type * as DispatchNext from './dispatch-next.js';

/**
 * Modes stage and chain (continue and status in sweep-modes.ts, reconcile's
 * own in reconcile-mode.ts). Each reads its plan, runs the engine and hands
 * every finished stage to `endStage`, which publishes it; what decides the
 * step's outcome is collected in `RunResults` and acted on once, in main.ts.
 */

// The job summary takes 1 MiB per step; beyond this the short rendering is used.
const SUMMARY_BUDGET = 900_000;

async function startStage(
  s: Session,
  plan: Plan,
  stage: number,
  runId: string,
  claimGoingOut: Promise<void> = Promise.resolve(),
): Promise<void> {
  s.log.setStage(stage);
  // Remembered before the claim is made: the post step releases it if this process dies mid-stage, and closes the
  // check the job was handed even when it dies before marking it in progress.
  s.claims.add({ planId: plan.id, stage, runId, checkRunId: s.publisher.handedId(stage) });
  await claimGoingOut;
  const id = await timed('stage:check-started', () => s.publisher.started(plan, stage, runId, s.roster()));
  s.claims.setCheck(plan.id, runId, id);
}

/**
 * The gate's refusal names the CLI's commands; on GitHub the same is a
 * comment or a workflow run, so the check and the log say that too.
 */
function onGitHub(refusal: StageRefusal): StageRefusal {
  if (refusal.code !== 'stale-head') return refusal;
  return {
    ...refusal,
    reason: `${refusal.reason}. On GitHub: comment \`/okstra reconcile N\` on the pull request for the stage named above (\`/okstra reconcile N --reset\` puts its branch back), or run the okstra workflow with \`mode: reconcile\` and \`stage: N\` (\`reset: true\` to put it back)`,
  };
}

/** What starts once a stage's outcome is recorded, beside its publishing; resolves to what it says after it. */
type AfterRecorded = (run: CompletedRun) => Promise<() => Promise<void>>;

/** Writes what the job's stage runs said after their publishing (RunResults.says), oldest first. */
async function sayInOrder(r: RunResults): Promise<void> {
  for (let said = r.says.shift(); said !== undefined; said = r.says.shift()) await (await said)();
}

async function endStage(
  s: Session,
  plan: Plan,
  stage: number,
  runId: string,
  given: StageOutcome,
  r: RunResults,
  hooks: Pick<StageRunHooks, 'afterRecorded' | 'publishedBefore'> = {},
): Promise<void> {
  s.log.close();
  const outcome = given.kind === 'refused' ? onGitHub(given) : given;
  if (outcome.kind === 'refused') {
    s.io.info(`stage ${stage} of ${plan.id} not run: ${outcome.reason}`);
    await s.publisher.refused(plan, stage, runId, outcome);
    await hooks.publishedBefore;
    return;
  }
  const report = s.scrub.deep(outcome.report);
  const dir = join(s.ctx.runnerTemp || tmpdir(), 'okstra-reports');
  await mkdir(dir, { recursive: true });
  const localJson = join(dir, `${plan.id}-${runId}.json`);
  await writeFile(localJson, `${JSON.stringify(report, null, 2)}\n`);
  const completed = { outcome, localJson };
  r.runs.push(completed);
  // Its terminal row is on the remote: nothing of this run is left for the post step to release.
  s.claims.settle(plan.id, runId);
  // Started now (the done row is on the remote): the next stages need nothing of the publishing below.
  mark('stage:recorded');
  const after = hooks.afterRecorded?.(completed);

  s.io.info(
    `stage ${stage} ${report.verdict.value} (${report.verdict.runStatus}); report ${outcome.reportPath} on ${s.config.ledgerBranch} at ${outcome.ledgerCommit.slice(0, 12)}`,
  );
  // The plan's spend reads and validates its stored reports (a module, with the schema validators, loaded only now:
  // not before the claim), beside the check and the comment, which the run's end waits for too. It reads the ledger
  // as this run's row left it, which this store holds: no fetch on the way to the run's end (the App's next hop).
  const spend = import('../triggers/plan-summary.js').then((m) =>
    m.planSpendLine(s.deps.ledger, plan.id, outcome.ledgerCommit),
  );
  spend.catch(() => undefined);
  await timed('stage:check-completed', () => s.publisher.completed(outcome, outcome.ledgerCommit));
  // The summary, the failures and what was said keep the stage runs' order: the job's earlier run is written first.
  await hooks.publishedBefore;
  const full = s.scrub.scrubAll(outcome.markdown);
  const markdown =
    r.summaryChars + full.length <= SUMMARY_BUDGET
      ? full
      : (await import('../core/report/summary.js')).renderSummary(report).markdown;
  r.summaryChars += markdown.length;
  // What an earlier stage run of this job said of its next stages comes before this one's summary.
  await sayInOrder(r);
  await timed('stage:summary', async () => s.io.summary(`${markdown}\n${await spend}`));
  if (after) r.says.push(after);
  if (report.verdict.value !== 'PASS')
    r.failures.push(
      `plan ${plan.id} stage ${stage}: ${report.verdict.value} (${report.verdict.runStatus}) — ${report.verdict.reasons[0] ?? 'see the report'}`,
    );
}

/**
 * Mode stage: the stage asked for, then, when its done row made stages ready and `bot.continueInJob` lets this job
 * go on (dispatch-next.ts), the first of them, and so on, each a stage run of its own (its run id, claim, check
 * and report) in this session. The next stage starts once its check is queued, while the one before is still
 * published (its check, comment and summary: round trips the next claim does not need); the summary keeps their order.
 */
export async function stageMode(s: Session, r: RunResults): Promise<void> {
  const loaded = await timed('stage:load-plan', () => loadPlan(s, s.inputs.plan as string, r));
  if (!loaded) return;
  let stage = s.inputs.stage as number;
  if (s.inputs.dryRun) {
    await fetchPlanRefs(s, loaded.plan);
    return dryRun(s, loaded, [stage], r);
  }
  let nextModule: Promise<typeof DispatchNext> | null = null;
  const dispatchNext = (): Promise<typeof DispatchNext> => (nextModule ??= import('./dispatch-next.js'));
  let extra: Pick<RunStageRequest, 'rebase'> = s.inputs.rebase ? { rebase: true } : {};
  // The last stage run's publishing (its check, comment and summary), which the stage it went on to does not wait for.
  let published: Promise<void> = Promise.resolve();
  // What the stage this job may go on to reads first, begun as the stage before it is recorded.
  const begun: { reads: ReadAhead | null } = { reads: null };
  try {
    for (;;) {
      const runId = runIdFor(s, stage);
      let decide: (kept: DispatchNext.KeptStage | null) => void = () => undefined;
      const kept = new Promise<DispatchNext.KeptStage | null>((resolve) => (decide = resolve));
      let recorded = false;
      const read = begun.reads;
      begun.reads = null;
      const running = runOneStage(s, loaded, stage, extra, r, {
        // The plan's branches (the ones this stage starts from too) come while the check is marked in progress.
        before: () => read?.refs ?? planRefs(s, loaded),
        ...(read ? { stateRead: read.state } : {}),
        // Compiled while the agents work, once the claim is out: neither on the way to the claim nor to the next hop.
        afterClaim: () => void dispatchNext().catch(() => undefined),
        afterRecorded: (run) => {
          recorded = true;
          if (mayGoOn(s, loaded.plan, run)) begun.reads = readAhead(s, loaded);
          const going = dispatchNext().then((m) => m.dispatchNextStages(s, loaded, run, runId));
          void going
            .then(
              (g) => g.kept,
              () => null,
            )
            .then(decide);
          return timed('stage:dispatch-next', async () => (await going).say);
        },
        publishedBefore: published,
      });
      // A run that ended without recording an outcome goes on to nothing; a rejection is the awaiting one's below.
      const unless = (): void => (recorded ? undefined : decide(null));
      void running.then(unless, unless);
      published = running;
      // The kept stage starts once its check is queued; the others' dispatches end meanwhile, and are said in order.
      const next = await kept;
      if (next === null) break;
      s.publisher.hand(next.stage, next.checkRunId);
      stage = next.stage;
      extra = {};
    }
    await published;
  } finally {
    // A stage run that failed before its publishing was awaited leaves the earlier one's to end here; reads begun for
    // a stage the job did not go on to end before the session's workspace goes.
    await published.catch(() => undefined);
    await begun.reads?.settled;
    await sayInOrder(r);
  }
  await autoFinal(s, loaded, r);
}

/** The reads a stage this job may go on to starts with, begun ahead (readAhead). */
interface ReadAhead {
  refs: Promise<void>;
  state: Promise<LedgerStateSnapshot>;
  /** Both ended, whatever became of them. */
  settled: Promise<unknown>;
}

/** Whether a job may go on to a stage after this stage run (continueInJob decides which, after the launch). */
function mayGoOn(s: Session, plan: Plan, run: CompletedRun): boolean {
  const { verdict, stage } = run.outcome.report;
  if (!s.inputs.dispatchNext || !s.config.bot.continueInJob || verdict.value !== 'PASS') return false;
  return plan.stages.some((other) => other.dependsOn.includes(stage.number));
}

/** The plan's branches, fetched for a stage run (timed as the phase `stage:fetch-plan-refs`). */
function planRefs(s: Session, loaded: LoadedPlan): Promise<void> {
  return timed('stage:fetch-plan-refs', () => fetchPlanRefs(s, loaded.plan));
}

/**
 * What a stage this job may go on to reads first, begun as the stage before it is recorded: the plan's branches and
 * the ledger it is claimed on. They overlap the launch's GitHub round trips (seconds on GitHub); rows appended
 * meanwhile change nothing, as a claim is decided again on the tip it is appended to (the store's compare-and-swap).
 */
function readAhead(s: Session, loaded: LoadedPlan): ReadAhead {
  const refs = planRefs(s, loaded);
  const state = s.deps.ledger.readState(loaded.plan.id);
  const settled = Promise.allSettled([refs, state]);
  return { refs, state, settled };
}

/**
 * `handoff.auto`'s final verification after the last stage: its module (final
 * verification, the hand-off) loads only for a run that may do it.
 */
async function autoFinal(s: Session, loaded: LoadedPlan, r: RunResults): Promise<void> {
  if (!s.config.handoff.auto || s.inputs.dryRun || r.failures.length > 0) return;
  await (await import('./final-mode.js')).autoFinalAfterRun(s, loaded, r);
}

/** What a stage run does around the engine's: before its intake (beside marking its check), after its outcome is recorded. */
export interface StageRunHooks {
  before?: () => Promise<void>;
  /** Once the stage's claim is on its way to the remote (or the run ended before it claimed). */
  afterClaim?: () => void;
  afterRecorded?: AfterRecorded;
  /** The job's earlier stage run's publishing, still under way: this run's summary and failures are written after it. */
  publishedBefore?: Promise<void>;
  /** The ledger's state, read ahead (readAhead): the run's first state read, which `before` runs beside. */
  stateRead?: Promise<LedgerStateSnapshot>;
}

/**
 * One stage run with its check, claim record and report: mode stage (a fix
 * run with `rebase: true` when the input asks), and mode reconcile's
 * re-verifying run (`reconcile: true`). The plan is loaded, and its refs
 * fetched (or fetched by `hooks.before`).
 *
 * The check is marked in progress once the claim's push has started, not
 * before: the claim is what the next stages and a person wait for, and the
 * first API call (it compiles Node's HTTP client, ~60 ms of the one thread)
 * was part of every hop. A run that ends before it claims marks it then. It
 * is awaited before the outcome is published, so a check never completes
 * before it was started.
 */
export async function runOneStage(
  s: Session,
  loaded: LoadedPlan,
  stage: number,
  extra: Pick<RunStageRequest, 'reconcile' | 'rebase'>,
  r: RunResults,
  hooks: StageRunHooks = {},
): Promise<void> {
  const runId = runIdFor(s, stage);
  // Built first: a roster that cannot be built fails the run before anything is started.
  const request = { ...requestBase(s, loaded), stage, runId, ...extra };
  let claimOut = (): void => undefined;
  const claimGoingOut = new Promise<void>((resolve) => (claimOut = resolve));
  // startStage records the claim for the post step before its first await, so before the engine can make it.
  const started = startStage(s, loaded.plan, stage, runId, claimGoingOut);
  if (hooks.afterClaim) void claimGoingOut.then(hooks.afterClaim);
  let outcome: StageOutcome;
  try {
    // `before` (the plan's branches) runs beside the engine's first ledger read, which is the first thing the engine
    // does and which ends only when both have: nothing before that read needs the branches, everything after may.
    const before = hooks.before?.();
    before?.catch(() => undefined);
    const ledger = before ? stateReadAlso(s.deps.ledger, before, hooks.stateRead) : s.deps.ledger;
    const deps = { ...s.deps, ledger, onClaimPublishing: claimOut };
    outcome = await timed('stage:run', () => runStage(request, deps)).finally(claimOut);
    // A run refused before its first read (no verifier) still reports what `before` ran into, as it did when first.
    await before;
  } catch (error) {
    await started;
    await s.publisher.crashed(loaded.plan.id, stage, runId, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await started;
  await endStage(s, loaded.plan, stage, runId, outcome, r, hooks);
  if (outcome.kind === 'refused') r.failures.push(`stage ${stage} not run: ${onGitHub(outcome).reason}`);
  else r.remainingQueue = [];
}

/**
 * `ledger`, whose state reads end only once `ready` has too (and fail with it), the first of them answered by `read`
 * when one was begun ahead; every other call as it is.
 */
function stateReadAlso(ledger: LedgerStore, ready: Promise<void>, read?: Promise<LedgerStateSnapshot>): LedgerStore {
  let ahead = read;
  const readState = (planId: string, opts?: ReadOptions): Promise<LedgerStateSnapshot> => {
    const given = ahead;
    ahead = undefined;
    return given && opts === undefined ? given : ledger.readState(planId, opts);
  };
  return {
    read: (planId, opts) => ledger.read(planId, opts),
    readState: async (planId, opts) => (await Promise.all([readState(planId, opts), ready]))[0],
    readFile: (commit, path) => ledger.readFile(commit, path),
    append: (request) => ledger.append(request),
    tip: () => ledger.tip(),
  };
}

export async function chainMode(s: Session, r: RunResults): Promise<void> {
  const loaded = await loadPlan(s, s.inputs.plan as string, r);
  if (!loaded) return;
  await fetchPlanRefs(s, loaded.plan);
  if (s.inputs.dryRun) return dryRun(s, loaded, s.inputs.stages ?? undefined, r);
  await chainPlan(s, loaded, s.inputs.stages ?? undefined, r);
  await autoFinal(s, loaded, r);
}

export async function chainPlan(
  s: Session,
  loaded: LoadedPlan,
  stages: number[] | undefined,
  r: RunResults,
): Promise<void> {
  const { plan } = loaded;
  // The stage in flight, so a crash mid-chain can still close its check run.
  const current: { at: { stage: number; runId: string } | null } = { at: null };
  try {
    const outcome = await runChain(
      {
        ...requestBase(s, loaded),
        ...(stages ? { stages } : {}),
        newRunId: (n) => runIdFor(s, n),
        onStageStart: async (n, runId) => {
          current.at = { stage: n, runId };
          await startStage(s, plan, n, runId);
        },
        onStageEnd: async (n, runId, o) => {
          current.at = null;
          await endStage(s, plan, n, runId, o, r);
        },
      },
      s.deps,
    );
    r.remainingQueue = outcome.remainingQueue;
    const rest = outcome.remainingQueue.length > 0 ? `; remaining: ${outcome.remainingQueue.join(', ')}` : '';
    switch (outcome.status) {
      case 'complete':
        s.io.info(
          `plan ${plan.id}: chain complete (${outcome.runs.length} stage run${outcome.runs.length === 1 ? '' : 's'})`,
        );
        break;
      case 'not-ready':
        s.io.info(`plan ${plan.id}: chain paused, not ready yet: ${outcome.reason}${rest}`);
        break;
      case 'failed':
        s.io.info(`plan ${plan.id}: chain stopped at failed stage ${outcome.stage}${rest}`);
        break;
      case 'refused':
        r.failures.push(`plan ${plan.id}: stage ${outcome.stage} not run: ${outcome.reason}`);
        break;
    }
  } catch (error) {
    const at = current.at;
    if (at)
      await s.publisher.crashed(plan.id, at.stage, at.runId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}
