import type { PromptInput } from '../core/prompts/index.js';
import { parseCarryEvidence } from '../core/contracts/index.js';
import type { Carry } from '../core/report/schema/carry.js';
import type { FinalReport, WorkerStatus } from '../core/report/schema/final-report.js';
import { carryOverCap, stageSizeProblem } from '../core/limits/sizes.js';
import { blobBytes, changedEntries } from '../git/change-size.js';
import { sessionFacts, type Dispatched } from './dispatch.js';
import { executeWithFallbacks, outageOf, Outages } from './fallback.js';
import type { Intake } from './intake.js';
import type { ProgressLog } from './progress.js';
import type { EngineDeps, RunStageRequest } from './types.js';
import { NestedRepositoryError } from '../git/nested-repository-error.js';
import { outOfPlanFiles } from '../core/scope/out-of-plan.js';
import { stageByNumber } from '../core/graph/index.js';
import type { ContractViolation } from '../core/evidence/error-analysis.js';

export interface Execution {
  status: WorkerStatus;
  /** The contract rules the executor broke, as okstra observed them. */
  violations: ContractViolation[];
  headCommit: string;
  carry: { json: string; carry: Carry } | null;
  /** Why the carry could not be read, when it could not. */
  carryProblem: string | null;
  /**
   * Why the stage's change is over limits.stageFiles / limits.stageBytes (it fails, unpushed and unreviewed), with
   * the paths it changed: the report lists them without the line counts a diff of every file would cost.
   */
  oversize: { reason: string; files: string[] } | null;
  /** The paths the stage's change touches, base to head (the oversize listing when over the caps): read once. */
  changed: string[];
  report: FinalReport['executor'];
  dispatched: Dispatched;
}

/**
 * Phase 4: the executor edits the stage worktree; the engine commits what it
 * left, then checks the executor kept its contract: it changed something,
 * touched nothing under `.okstra/`, wrote no ledger row, and ended with valid
 * Stage Carry Evidence.
 */
export async function execute(
  req: RunStageRequest,
  deps: EngineDeps,
  run: Intake,
  worktree: string,
  promptBase: Omit<PromptInput, 'role' | 'worker'>,
  progress: ProgressLog,
  outages: Outages = new Outages(),
): Promise<Execution> {
  // The configured executor, or the fallback that did the work when its provider could not.
  const dispatched = await executeWithFallbacks(req, deps, promptBase, worktree, progress, outages);
  const { result, member } = dispatched;
  const unavailable = outageOf(result);
  // Whether the executor wrote this stage's rows, asked now (its processes are gone) while okstra commits its work:
  // the ledger's round trips are off the stage's path. Awaited below; a failure meanwhile is not unhandled.
  const wroteLedger = ledgerRowsChanged(req, deps, run.claimCommit);
  wroteLedger.catch(() => undefined);

  const violations: ContractViolation[] = [];
  const committed = await commitWork(req, deps, worktree, violations, member.name);
  const headCommit = committed ?? (await deps.workspace.headOf(worktree));
  const oversize = await stageOverCap(req, deps, run.baseCommit, headCommit);
  const changed = oversize?.files ?? (await deps.workspace.changedFiles(run.baseCommit, headCommit));
  for (const v of await changeViolations(req, deps, { base: run.baseCommit, head: headCommit, changed }, oversize))
    violations.push(v);
  if (await wroteLedger)
    violations.push({
      rule: 'ledger',
      detail: "wrote to the ledger (only okstra appends this stage's rows)",
      files: [],
    });

  let carry: Execution['carry'] = null;
  let carryProblem: string | null = null;
  if (result.status === 'done') {
    if (headCommit === run.startHead)
      violations.push({ rule: 'no-change', detail: 'made no change to the stage branch', files: [] });
    const outcome = carryOutcome(result.finalText, req.stage, req.config.limits.carryBytes);
    carry = outcome.carry;
    carryProblem = outcome.problem;
    if (outcome.violation !== null) violations.push(outcome.violation);
  }
  const status: WorkerStatus =
    result.status !== 'done' ? result.status : violations.length > 0 ? 'contract-violated' : 'done';
  return {
    status,
    violations: result.status === 'done' ? violations : [],
    headCommit,
    carry,
    carryProblem,
    oversize,
    changed,
    dispatched,
    report: {
      worker: member.name,
      status,
      ...sessionFacts(
        result,
        status,
        violations.length > 0 ? `broke its contract: ${violations.map((v) => v.detail).join('; ')}` : undefined,
      ),
      ...(unavailable !== null ? { unavailable } : {}),
      summary: carry?.carry.summary ?? summaryOf(result.finalText, result.errorMessage),
      commits: await deps.workspace.commitsBetween(run.startHead, headCommit),
    },
  };
}

/** What the change itself breaks: okstra's own files touched, a submodule the stage's files do not name. */
async function changeViolations(
  req: RunStageRequest,
  deps: EngineDeps,
  change: { base: string; head: string; changed: readonly string[] },
  oversize: Execution['oversize'],
): Promise<ContractViolation[]> {
  const violations: ContractViolation[] = [];
  const { base: baseCommit, head: headCommit, changed } = change;
  const okstraFiles = changed.filter((f) => f === '.okstra' || f.startsWith('.okstra/'));
  if (okstraFiles.length > 0)
    violations.push({
      rule: 'okstra-files',
      detail: `changed okstra's own files: ${okstraFiles.join(', ')}`,
      files: okstraFiles,
    });
  const stage = stageByNumber(req.plan, req.stage);
  // An oversized stage fails on its size; its gitlinks would cost the diff its cap exists to avoid.
  const gitlinks = oversize
    ? []
    : outOfPlanFiles(await deps.workspace.changedGitlinks(baseCommit, headCommit), stage.files);
  if (gitlinks.length > 0)
    violations.push({
      rule: 'submodule',
      detail: `added, removed or moved a submodule the stage's files do not name: ${gitlinks.join(', ')} (a gitlink is the plan's business)`,
      files: gitlinks,
    });
  return violations;
}

/** The executor's Stage Carry Evidence: kept when it parses and fits the cap, else the problem and the violation it is. */
function carryOutcome(
  finalText: string,
  stage: number,
  carryBytes: number,
): { carry: Execution['carry']; problem: string | null; violation: ContractViolation | null } {
  const parsed = parseCarryEvidence(finalText, { stage });
  // A carry over the cap is forwarded nowhere and kept nowhere (not even in the report): only its size is told.
  const overCap = parsed.ok ? carryOverCap(parsed.json, carryBytes) : null;
  if (parsed.ok && overCap === null)
    return { carry: { json: parsed.json, carry: parsed.carry }, problem: null, violation: null };
  if (overCap !== null)
    return { carry: null, problem: overCap, violation: { rule: 'carry', detail: overCap, files: [] } };
  if (!parsed.ok)
    return {
      carry: null,
      problem: parsed.reason,
      violation: { rule: 'carry', detail: `Stage Carry Evidence missing or invalid: ${parsed.reason}`, files: [] },
    };
  return { carry: null, problem: null, violation: null };
}

/**
 * Commits what the executor left. A nested repository it left (src/git/nested-repository-error.ts) is a broken
 * contract, not a crash: nothing is committed, and the violation names where it was.
 */
async function commitWork(
  req: RunStageRequest,
  deps: EngineDeps,
  worktree: string,
  violations: ContractViolation[],
  executorName: string,
): Promise<string | null> {
  try {
    return await deps.workspace.commitAll(
      worktree,
      `okstra: ${req.plan.id} stage ${req.stage} (run ${req.runId}, executor ${executorName})`,
    );
  } catch (error) {
    if (!(error instanceof NestedRepositoryError)) throw error;
    violations.push({ rule: 'nested-repository', detail: error.message, files: [...error.folders] });
    return null;
  }
}

/**
 * limits.stageFiles and limits.stageBytes, checked on the committed change before anything is pushed: a
 * committed node_modules fails the stage with its size instead of overflowing the run. The bytes are measured
 * only when the file count passed (200,000 files are refused without sizing them).
 */
async function stageOverCap(
  req: RunStageRequest,
  deps: EngineDeps,
  base: string,
  head: string,
): Promise<Execution['oversize']> {
  const limits = req.config.limits;
  const { paths: files, newBlobs } = await changedEntries(deps.workspace.git, base, head);
  const reason =
    stageSizeProblem(files.length, null, limits) ??
    (files.length === 0 ? null : stageSizeProblem(files.length, await blobBytes(deps.workspace.git, newBlobs), limits));
  return reason === null ? null : { reason, files };
}

/**
 * Whether this stage's rows changed since its claim. Usually nobody wrote to the ledger meanwhile: its tip is still
 * the claim's commit (one ref lookup, no fetch). Another run's row for another stage moves it too (a sibling stage
 * that ended first); then this stage's rows at the claim's commit (the store holds that commit: no fetch) are
 * compared with its rows at the new tip.
 */
async function ledgerRowsChanged(req: RunStageRequest, deps: EngineDeps, claimCommit: string): Promise<boolean> {
  if ((await deps.ledger.tip()) === claimCommit) return false;
  const before = await stageRows(req, deps, claimCommit);
  return (await stageRows(req, deps)) !== before;
}

/**
 * This stage's rows at `tip` (the remote's now when none), as text to compare: keys sorted, because a row this
 * store appended itself is held as it was built, and the same row read back from its commit comes in the
 * commit's order (a job that goes on to a second stage reads its claim both ways).
 */
async function stageRows(req: RunStageRequest, deps: EngineDeps, tip?: string): Promise<string> {
  const { rows } = await deps.ledger.read(req.plan.id, tip !== undefined ? { tip } : {});
  return JSON.stringify(
    rows.filter((r) => 'stage' in r && r.stage === req.stage),
    (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
  );
}

function summaryOf(finalText: string, errorMessage: string | undefined): string {
  if (errorMessage) return errorMessage;
  const text = finalText.trim();
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
