import { formatDiagnostic } from '../core/diagnostics.js';
import { runIdSuffix, type PlanRunKind } from '../core/ids.js';
import type { Plan } from '../core/plan/types.js';
import { stageRequestBase } from '../engine/setup.js';
import type { RunStageRequest, StageCompleted } from '../engine/types.js';
import { githubRunId, runUrl, triggerFor } from './context.js';
import { readPlanAt } from './plans.js';
import type { Session } from './session.js';

/**
 * What every mode shares: the results the step acts on, a plan read at the
 * plan commit, run ids and the stage request's base. Below modes.ts and
 * final-mode.ts, which both use it (modes.ts also starts final verification
 * after a run, so final-mode.ts importing modes.ts would be a cycle).
 */

export interface CompletedRun {
  outcome: StageCompleted;
  /** The scrubbed JSON report written on the runner, for later steps. */
  localJson: string;
}

export interface RunResults {
  runs: CompletedRun[];
  /** One-line reasons that fail the step. */
  failures: string[];
  remainingQueue: number[];
  dryRun: boolean;
  summaryChars: number;
  /**
   * What a stage run says once what it started after its done row has ended (its next stages), written after its
   * own summary and before the next one's: the job goes on to its next stage without waiting for it.
   */
  says: Array<Promise<() => Promise<void>>>;
}

export function emptyResults(dryRun: boolean): RunResults {
  return { runs: [], failures: [], remainingQueue: [], dryRun, summaryChars: 0, says: [] };
}

/** `text`: the plan file as read at the plan commit (final verification gives it to the verifiers whole). */
export type LoadedPlan = { plan: Plan; path: string; blob: string; text: string };

export async function loadPlan(s: Session, path: string, r: RunResults): Promise<LoadedPlan | null> {
  // The stage's plan read while the boundary was proven (session.ts), when it is this one; then read here.
  const early = s.earlyPlan?.path === path ? s.earlyPlan.read : null;
  const read = await (early ?? readPlanAt(s.refs, s.planCommit, path));
  if (!read.ok) {
    for (const d of read.errors) s.io.error(formatDiagnostic(d), { file: d.path, line: d.line, column: d.column });
    r.failures.push(read.message);
    return null;
  }
  for (const d of read.warnings) s.io.warning(formatDiagnostic(d));
  return { plan: read.plan, path: read.path, blob: read.blob, text: read.text };
}

/** The plan's stage branches and base branch, which a fresh (often shallow) checkout lacks. */
export async function fetchPlanRefs(s: Session, plan: Plan): Promise<void> {
  await s.refs.fetchStageBranches(plan.id);
  if (plan.base) await s.refs.fetchBranch(plan.base, { tipOnly: true });
}

export function runIdFor(s: Session, what: number | PlanRunKind): string {
  const id = githubRunId(s.ctx, what);
  if (id) return id;
  // Off a runner (a local trial of the bundle) there is no workflow run to name.
  const stamp = s.io.now().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  return `local-${stamp}-${runIdSuffix(what)}`;
}

export function requestBase(s: Session, loaded: LoadedPlan): Omit<RunStageRequest, 'stage' | 'runId'> {
  const base = stageRequestBase({
    plan: loaded.plan,
    planPath: loaded.path,
    planCommit: s.planCommit,
    planBlob: loaded.blob,
    approveHint: githubApproveHint,
    config: s.config,
    roster: s.roster(),
    trigger: triggerFor(s.inputs, s.ctx),
    runUrl: runUrl(s.ctx),
    env: s.env,
    remote: s.remote,
  });
  return { ...base, rebaseHint: githubRebaseHint };
}

/** On GitHub a plan is approved on its pull request. */
export const githubApproveHint =
  'approve the pull request that adds the plan (a review from someone with the configured permission), or comment `/okstra approve` on it';

/** On GitHub a rebase is asked for with the comment command or the workflow's input, not the CLI's flag. */
function githubRebaseHint(stage: number): string {
  return `\`/okstra retry ${stage} --rebase\` (or the okstra workflow with \`mode: stage\`, \`stage: ${stage}\` and \`rebase: true\`)`;
}
