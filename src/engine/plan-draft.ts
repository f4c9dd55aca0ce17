import type { OkstraConfig } from '../core/config/schema.js';
import { parsePlanDraft } from '../core/contracts/plan-draft.js';
import { parsePlanReviewResult } from '../core/contracts/plan-review.js';
import { formatDiagnostic, type Diagnostic } from '../core/diagnostics.js';
import { gitBlobId } from '../core/git-object-id.js';
import { parsePlan } from '../core/plan/index.js';
import type { Plan } from '../core/plan/types.js';
import {
  composePlannerPrompt,
  composePlanReviewerPrompt,
  type PlannerRound,
  type ReviewerFinding,
} from '../core/prompts/planning.js';
import { workerFailure } from '../core/report/failure.js';
import {
  PLAN_REVIEW_REPORT_SCHEMA,
  PLAN_REVIEW_REPORT_VERSION,
  type PlanReviewEntry,
  type PlanReviewReport,
  type PlanReviewRound,
  type PlanWorkerReport,
} from '../core/report/schema/plan-review-report.js';
import type { WorkerStatus } from '../core/report/schema/final-report.js';
import { dispatchWorker, pool, toReportUsage, type Dispatched } from './dispatch.js';
import { ProgressLog } from './progress.js';
import type { EngineDeps, RosterMember } from './types.js';
import { usageTotals } from './usage-totals.js';

/**
 * The planning phase of one plan: a planner drafts the plan from a goal in a
 * read-only session over the base commit; okstra's own parser judges every
 * draft and hands its diagnostics back for a bounded number of repairs; the
 * reviewers (other providers, fresh sessions) judge a draft that parses, and
 * their blocking findings go back for a bounded number of revisions. Nothing
 * here writes to the repository: the shells deliver the plan (a pull request
 * on GitHub, a file locally) from the outcome.
 */

export interface DraftPlanRequest {
  /** What the plan must achieve, as the person wrote it (an issue's title and body, `--goal`): untrusted text. */
  goal: string;
  planId: string;
  /** Where the plan will be delivered, e.g. `.okstra/plans/<id>.md`. */
  planPath: string;
  /** The branch the planner reads (and the plan's stages will build on). */
  baseBranch: string;
  baseCommit: string;
  config: OkstraConfig;
  planner: RosterMember;
  reviewers: readonly RosterMember[];
  source: PlanReviewReport['source'];
  runId: string;
  /** People's comments for a re-plan; the plan as it stands goes first. */
  notes?: string[];
}

export type PlanningDeps = Pick<
  EngineDeps,
  'workspace' | 'sandbox' | 'startGateway' | 'onSecret' | 'onActivity' | 'gates' | 'now' | 'log'
>;

export interface PlanDraftOutcome {
  report: PlanReviewReport;
  /** The plan file to deliver: present whenever the last draft parses (outcome valid or blocked). */
  planText: string | null;
  plan: Plan | null;
}

/**
 * What a round's reviews decide: valid when nothing blocks and every reviewer
 * answered, blocked when one gave no usable review or (with `exhausted`, the
 * revision rounds there were) when blocking findings still stand, else
 * another revision against the blocking findings.
 */
function judgeReviews(
  reviews: ReadonlyArray<{ reviewer: string; entry: PlanReviewEntry }>,
  parsed: { text: string; plan: Plan },
  exhausted: number | null,
): RoundsResult | { blocking: ReviewerFinding[] } {
  const standing = reviews.flatMap((r) => r.entry.findings.map((f) => ({ ...f, reviewer: r.reviewer })));
  const blocking = standing.filter((f) => f.severity === 'blocking');
  const unusable = reviews.filter((r) => r.entry.verdict === null);
  const blocked = (reason: string): RoundsResult => ({
    outcome: 'blocked',
    reason,
    planText: parsed.text,
    plan: parsed.plan,
    standing,
  });
  if (blocking.length === 0 && unusable.length === 0)
    return { outcome: 'valid', reason: null, planText: parsed.text, plan: parsed.plan, standing };
  if (unusable.length > 0) {
    // An unreviewed plan is not a reviewed one: a reviewer that gave no usable review blocks, as a crashed verifier fails a stage.
    const names = unusable.map((r) => `${r.reviewer} (${r.entry.problem ?? 'no result'})`).join('; ');
    return blocked(`no usable review from ${names}; \`/okstra replan\` (or \`okstra plan draft\` again) tries again`);
  }
  if (exhausted !== null) {
    return blocked(
      `${blocking.length} blocking finding${blocking.length === 1 ? '' : 's'} still stand${blocking.length === 1 ? 's' : ''} after ${exhausted} revision round${exhausted === 1 ? '' : 's'}: ${blocking[0]?.title ?? ''}`,
    );
  }
  return { blocking: blocking as ReviewerFinding[] };
}

/** A planning run's sessions belong to the plan, not to a stage. */
const PLAN_STAGE = 0;

export async function draftPlan(req: DraftPlanRequest, deps: PlanningDeps): Promise<PlanDraftOutcome> {
  const startedAt = deps.now();
  const progress = new ProgressLog(deps.now, deps.log);
  const context = { plan: { id: req.planId }, stage: PLAN_STAGE, runId: req.runId };
  const gateway = deps.startGateway
    ? await deps.startGateway({ pricing: req.config.pricing, budgets: req.config.budgets, log: deps.log })
    : null;
  const run = gateway ? { ...deps, gateway } : deps;
  // One tree for every session, okstra's and read-only; sealed again after each session so none sees another's leftovers.
  const tree = await deps.workspace.addDetachedWorktree(req.baseCommit);
  const dispatched: Dispatched[] = [];
  const rounds: PlanReviewRound[] = [];
  try {
    // Sealed (okstra's, exactly the base) and then readable, never writable, by the agents' users.
    const seal = async (): Promise<void> => {
      await deps.workspace.sealForReview(tree, req.baseCommit);
      await deps.sandbox.shareForReading(deps.workspace.tree(tree));
    };
    await seal();
    const session: Session = async (member, role, prompt, timeoutMs) => {
      const d = await dispatchWorker(member, role, prompt, tree, timeoutMs, context, run, progress);
      dispatched.push(d);
      return d;
    };
    const result = await planningRounds(req, deps, session, seal, rounds);
    const finishedAt = deps.now();
    const report: PlanReviewReport = {
      schema: PLAN_REVIEW_REPORT_SCHEMA,
      version: PLAN_REVIEW_REPORT_VERSION,
      plan: {
        id: req.planId,
        path: req.planPath,
        title: result.plan?.title ?? null,
        blob: result.planText === null ? null : gitBlobId(result.planText),
      },
      goal: req.goal,
      source: req.source,
      outcome: result.outcome,
      reason: result.reason,
      rounds,
      standingFindings: result.standing,
      clarifications: (result.plan?.clarifications ?? []).map((c) => ({
        id: c.id,
        question: c.question,
        answer: c.answer,
        optional: c.optional,
      })),
      stages: (result.plan?.stages ?? []).map((s) => ({
        number: s.number,
        title: s.title,
        dependsOn: s.dependsOn,
        validation: s.validation.length,
      })),
      usage: usageTotals(dispatched, gateway !== null),
      isolation: { mode: deps.sandbox.mode, detail: deps.sandbox.statement },
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
    };
    return { report, planText: result.planText, plan: result.plan };
  } finally {
    await deps.workspace.releaseWorktree(tree);
    await gateway?.close();
  }
}

type Session = (
  member: RosterMember,
  role: 'planner' | 'plan-reviewer',
  prompt: string,
  timeoutMs: number,
) => Promise<Dispatched>;

interface RoundsResult {
  outcome: PlanReviewReport['outcome'];
  reason: string | null;
  planText: string | null;
  plan: Plan | null;
  standing: PlanReviewReport['standingFindings'];
}

async function planningRounds(
  req: DraftPlanRequest,
  deps: PlanningDeps,
  session: Session,
  /** Takes the tree back after a batch of sessions (never while one still reads it): the next batch sees the base exactly. */
  seal: () => Promise<void>,
  rounds: PlanReviewRound[],
): Promise<RoundsResult> {
  const { repairRounds, revisionRounds } = req.config.planning;
  const plannerTimeout = req.config.timeouts.executorMinutes * 60_000;
  const reviewerTimeout = req.config.timeouts.verifierMinutes * 60_000;
  let ask: PlannerRound = { kind: 'draft' };
  let repairsLeft = repairRounds;
  let revisionsLeft = revisionRounds;
  for (;;) {
    const prompt = composePlannerPrompt(deps.gates, {
      goal: req.goal,
      planId: req.planId,
      planPath: req.planPath,
      baseBranch: req.baseBranch,
      round: ask,
      ...(req.notes && req.notes.length > 0 ? { notes: req.notes } : {}),
    });
    const planner = await session(req.planner, 'planner', prompt, plannerTimeout);
    await seal();
    const draft = judgeDraft(req, planner);
    const round: PlanReviewRound = {
      round: rounds.length + 1,
      kind: ask.kind,
      planner: workerReport(planner, draft.kind === 'unusable' ? draft.problem : undefined),
      diagnostics: { errors: draft.errors.map(toReportDiagnostic), warnings: draft.warnings.map(toReportDiagnostic) },
      reviews: [],
    };
    rounds.push(round);
    if (draft.kind === 'broken') {
      return invalid(`the planner ${req.planner.name} ended ${planner.result.status}: ${draft.problem}`);
    }
    if (draft.kind !== 'parsed') {
      const problems = draft.kind === 'unusable' ? [draft.problem] : draft.errors.map(formatDiagnostic);
      if (repairsLeft === 0) {
        const why = `the draft does not validate after ${repairRounds} repair round${repairRounds === 1 ? '' : 's'}: ${problems[0] ?? 'no plan'}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`;
        return invalid(why);
      }
      repairsLeft -= 1;
      ask = { kind: 'repair', previous: draft.text, diagnostics: problems };
      continue;
    }
    // The draft that parsed, delivered when reviewers still block it.
    const parsed = { text: draft.text, plan: draft.plan };
    const reviews = await review(req, deps, session, draft.text, draft.warnings.map(formatDiagnostic), reviewerTimeout);
    await seal();
    round.reviews = reviews.map((r) => r.entry);
    const judged = judgeReviews(reviews, parsed, revisionsLeft === 0 ? revisionRounds : null);
    if ('outcome' in judged) return judged;
    revisionsLeft -= 1;
    repairsLeft = repairRounds;
    ask = { kind: 'revise', previous: draft.text, findings: judged.blocking };
  }

  function invalid(reason: string): RoundsResult {
    // An invalid last draft delivers nothing, even if an earlier one parsed: a half-valid plan is never delivered.
    return { outcome: 'invalid', reason, planText: null, plan: null, standing: [] };
  }
}

type DraftJudgement =
  | { kind: 'broken'; problem: string; errors: Diagnostic[]; warnings: Diagnostic[] }
  | { kind: 'unusable'; problem: string; text: string; errors: Diagnostic[]; warnings: Diagnostic[] }
  | { kind: 'invalid'; text: string; errors: Diagnostic[]; warnings: Diagnostic[] }
  | { kind: 'parsed'; text: string; plan: Plan; errors: Diagnostic[]; warnings: Diagnostic[] };

/** What okstra makes of one planner session: its own parser decides, never the planner's claim. */
function judgeDraft(req: DraftPlanRequest, d: Dispatched): DraftJudgement {
  if (d.result.status !== 'done') {
    const problem = d.result.errorMessage?.trim() || d.result.stderrTail.trim().split('\n').at(-1) || 'no answer';
    return { kind: 'broken', problem, errors: [], warnings: [] };
  }
  const draft = parsePlanDraft(d.result.finalText);
  if (!draft.ok)
    return { kind: 'unusable', problem: draft.problem, text: tail(d.result.finalText), errors: [], warnings: [] };
  const result = parsePlan(draft.markdown, { path: req.planPath });
  const errors = [...result.errors];
  if (result.plan && result.plan.id !== req.planId)
    errors.push({
      severity: 'error',
      code: 'plan/id-mismatch',
      path: req.planPath,
      line: 1,
      column: 1,
      message: `the plan's id is "${result.plan.id}", but this plan is delivered as ${req.planPath}`,
      hint: `put \`id: ${req.planId}\` in the front matter`,
    });
  if (errors.length > 0 || !result.plan)
    return { kind: 'invalid', text: draft.markdown, errors, warnings: result.warnings };
  return { kind: 'parsed', text: draft.markdown, plan: result.plan, errors: [], warnings: result.warnings };
}

interface ReviewOutcome {
  reviewer: string;
  entry: PlanReviewEntry;
}

async function review(
  req: DraftPlanRequest,
  deps: PlanningDeps,
  session: Session,
  planText: string,
  warnings: string[],
  timeoutMs: number,
): Promise<ReviewOutcome[]> {
  const prompt = composePlanReviewerPrompt(deps.gates, {
    goal: req.goal,
    planId: req.planId,
    planPath: req.planPath,
    planText,
    warnings,
  });
  return pool(
    req.config.concurrency.verifiers,
    req.reviewers.map((member) => async (): Promise<ReviewOutcome> => {
      const d = await session(member, 'plan-reviewer', prompt, timeoutMs);
      if (d.result.status !== 'done') {
        const problem = `ended ${d.result.status}${d.result.errorMessage ? `: ${d.result.errorMessage}` : ''}`;
        return {
          reviewer: member.name,
          entry: { reviewer: workerReport(d, problem), verdict: null, findings: [], problem },
        };
      }
      const parsed = parsePlanReviewResult(d.result.finalText);
      if (!parsed.ok)
        return {
          reviewer: member.name,
          entry: {
            reviewer: workerReport(d, parsed.reason, 'contract-violated'),
            verdict: null,
            findings: [],
            problem: parsed.reason,
          },
        };
      return {
        reviewer: member.name,
        entry: {
          reviewer: workerReport(d),
          verdict: parsed.result.verdict,
          findings: parsed.result.findings,
          problem: null,
        },
      };
    }),
  );
}

function workerReport(d: Dispatched, problem?: string, status?: WorkerStatus): PlanWorkerReport {
  const own: WorkerStatus = status ?? (d.result.status === 'done' && problem ? 'contract-violated' : d.result.status);
  return {
    worker: d.member.name,
    provider: d.member.kind,
    model: d.member.model,
    status: own,
    durationMs: d.result.durationMs,
    usage: toReportUsage(d.result),
    ...workerFailure(own, d.result, problem),
  };
}

function toReportDiagnostic(d: Diagnostic): PlanReviewRound['diagnostics']['errors'][number] {
  return { line: Math.max(1, d.line), column: Math.max(1, d.column), code: d.code, message: d.message };
}

/** A planner's answer without markers goes back in full up to a bound: enough to repair, never a prompt of megabytes. */
function tail(text: string, max = 20_000): string {
  return text.length <= max ? text : text.slice(-max);
}
