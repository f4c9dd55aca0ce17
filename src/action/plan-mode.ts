import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planBranchName, planFilePath } from '../core/ids.js';
import type { Plan } from '../core/plan/types.js';
import type { PlanReviewReport } from '../core/report/schema/plan-review-report.js';
import { planPullRequestBody, planPullRequestTitle } from '../core/report/plan-pr.js';
import { validatePlanReviewReport } from '../core/report/validate-schema.js';
import { draftPlan, type PlanDraftOutcome } from '../engine/plan-draft.js';
import { commitPlan, commitTime } from '../git/plan-commit.js';
import type { GitHubClient } from '../github/client.js';
import { postComment } from '../github/issues.js';
import type { IssueFacts } from '../github/plan-pr.js';
import { buildRoster, planningRosterRequest } from '../providers/roster.js';
import {
  draftedPlanText,
  goalText,
  invalidPlanText,
  planCheck,
  planReportDetails,
  planTarget,
  replanNotes,
  upsertPlanPull,
} from '../triggers/plan-delivery.js';
import { runUrl } from './context.js';
import { runIdFor, type RunResults } from './plan-run.js';
import { providerEnv } from './secrets.js';
import type { Session } from './session.js';

/**
 * Mode `plan`: drafts a plan from an issue (or re-drafts the plan of a plan
 * pull request) with the planner and the plan reviewers, and delivers it:
 * one commit on `okstra/<plan-id>/plan` (never a rewrite), a pull request
 * from it into the default branch (found by its head, so never two), a
 * check on that commit and a comment on the issue. An invalid outcome
 * delivers nothing and fails the step; a blocked one is delivered with a
 * failing check, so people can read and fix it. What it asks GitHub is
 * src/triggers/plan-delivery.ts; the plan commit is src/git/plan-commit.ts.
 */
export async function planMode(s: Session, r: RunResults): Promise<void> {
  const job = await planJob(s);
  if (!job.ok) {
    r.failures.push(job.reason);
    return;
  }
  const drafted = await draftPlanReport(s, job);
  const { report, json, planText, plan } = drafted;
  if (report.outcome === 'invalid' || planText === null || plan === null) {
    const text = invalidPlanText(report);
    if (job.issue) await postComment(job.client, s.ctx.repo, job.issue.number, text);
    s.io.error(`okstra: plan ${report.plan.id}: ${report.reason ?? 'no valid plan'}`);
    await s.io.summary(`${text}\n\n${planReportDetails(json)}`);
    r.failures.push(`plan ${job.planId}: no valid plan delivered: ${report.reason ?? 'the draft did not validate'}`);
    return;
  }
  await deliverPlan(s, job, { ...drafted, planText, plan });
}

/** What this run plans: which plan, where its file and branch are, and what a re-plan's planner is told. */
interface PlanJob {
  ok: true;
  client: GitHubClient;
  /** The default branch's commit the plan is drafted on. */
  base: string;
  planId: string;
  planPath: string;
  branch: string;
  /** The plan branch's tip on the remote, when it exists. */
  tip: string | null;
  issue: IssueFacts | null;
  replan: { number: number; htmlUrl: string } | null;
  notes: string[];
}

/** The plan job, or why there is none (no token, no default branch commit, no target, a re-plan's branch gone). */
async function planJob(s: Session): Promise<PlanJob | { ok: false; reason: string }> {
  const client = s.client;
  if (!client)
    return {
      ok: false,
      reason:
        'mode plan needs the github-token input (with contents, pull-requests, issues and checks: write): it reads the issue and opens the plan pull request',
    };
  const base = s.rules.commit;
  if (!base)
    return { ok: false, reason: `the default branch ${s.rules.defaultBranch} has no commit on ${s.remote} to plan on` };
  const target = await planTarget(client, s.ctx.repo, s.inputs);
  if (!target.ok) return target;
  const { planId, issue, replan } = target;
  const planPath = planFilePath(s.config.plansDir, planId);
  const branch = planBranchName(planId);
  const tip = await s.refs.fetchBranch(branch);
  if (replan && !tip)
    return { ok: false, reason: `the branch ${branch} of pull request #${replan.number} is not on ${s.remote}` };
  const notes =
    replan && tip
      ? await replanNotes(client, s.ctx.repo, {
          number: replan.number,
          tip,
          since: await commitTime(s.repoDir, tip),
          planPath,
          current: (await s.refs.readFiles(tip, [planPath]))[planPath] ?? null,
        })
      : [];
  return { ok: true, client, base, planId, planPath, branch, tip, issue, replan, notes };
}

/**
 * The planner drafts and the reviewers review; the plan-review report, scrubbed and checked against its schema, is
 * kept on the runner (okstra-reports/) whatever the outcome.
 */
async function draftPlanReport(
  s: Session,
  job: PlanJob,
): Promise<PlanDraftOutcome & { json: string; runId: string; temp: string }> {
  const { planId, planPath, base, issue, replan, notes } = job;
  const roster = planningRoster(s);
  s.io.info(
    `planning ${planId} (${planPath}) on ${s.rules.defaultBranch} at ${base.slice(0, 12)}: planner ${roster.planner.name}; reviewers ${roster.reviewers.map((m) => m.name).join(', ') || 'none'}`,
  );
  const runId = runIdFor(s, 'plan');
  const outcome = await draftPlan(
    {
      goal: goalText(issue, s.inputs.goal, replan?.number ?? null),
      planId,
      planPath,
      baseBranch: s.rules.defaultBranch,
      baseCommit: base,
      config: s.config,
      planner: roster.planner,
      reviewers: roster.reviewers,
      source: {
        kind: replan ? 'replan' : issue ? 'issue' : 'dispatch',
        issue: issue?.number ?? null,
        url: replan?.htmlUrl ?? issue?.htmlUrl ?? s.ctx.event.url ?? runUrl(s.ctx),
      },
      runId,
      ...(notes.length > 0 ? { notes } : {}),
    },
    s.deps,
  );
  const report = s.scrub.deep(outcome.report);
  const checked = validatePlanReviewReport(report);
  if (!checked.ok)
    throw new Error(
      `the plan-review report does not match its schema: ${checked.problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`,
    );
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const temp = s.ctx.runnerTemp || tmpdir();
  await mkdir(join(temp, 'okstra-reports'), { recursive: true });
  await writeFile(join(temp, 'okstra-reports', `${planId}-plan-${runId}.json`), json);
  return { ...outcome, report, json, runId, temp };
}

/** One commit on the plan branch, the plan pull request, its check, the issue's comment and the step's summary. */
async function deliverPlan(
  s: Session,
  job: PlanJob,
  d: { report: PlanReviewReport; json: string; runId: string; temp: string; planText: string; plan: Plan },
): Promise<void> {
  const { client, planId, branch, issue } = job;
  const { repo } = s.ctx;
  const { report } = d;
  const commit = await commitPlan(s.repoDir, s.deps.workspace, s.remote, d.temp, {
    branch,
    parent: job.tip ?? job.base,
    planPath: job.planPath,
    text: d.planText,
    runId: d.runId,
  });
  const body = planPullRequestBody(report, d.plan, { reportUrl: runUrl(s.ctx) });
  const pr = await upsertPlanPull(client, repo, {
    branch,
    base: s.rules.defaultBranch,
    title: planPullRequestTitle(d.plan),
    body,
    replan: job.replan?.number ?? null,
  });
  await planCheck(client, repo, { report, commit, json: d.json, detailsUrl: runUrl(s.ctx), at: s.io.now() });
  if (issue) await postComment(client, repo, issue.number, draftedPlanText(planId, report, pr.number));
  s.io.info(`plan ${planId}: ${report.outcome}; ${branch} at ${commit.slice(0, 12)}; pull request #${pr.number}`);
  await s.io.summary(`${body}\n\n${planReportDetails(d.json)}`);
  if (report.outcome === 'blocked')
    s.io.warning(
      `okstra: plan ${planId} is blocked: ${report.reason ?? 'a blocking finding stands'} (see #${pr.number})`,
    );
}

/** The planner and the plan reviewers: config `planner` (else the executor) and `planning.reviewers` (else the verifiers). */
function planningRoster(s: Session): {
  planner: ReturnType<typeof buildRoster>['executor'];
  reviewers: ReturnType<typeof buildRoster>['verifiers'];
} {
  // The config's planner and reviewers come first; the run's executor and verifiers inputs stand in for them.
  const planner = s.config.planner ?? s.inputs.executor ?? undefined;
  const reviewers = s.config.planning.reviewers ?? s.inputs.verifiers ?? undefined;
  const env = providerEnv(s.env, s.inputs);
  const roster = buildRoster(
    planningRosterRequest(
      s.config,
      {
        ...(planner ? { planner } : {}),
        ...(reviewers ? { reviewers } : {}),
        models: s.inputs.models,
      },
      env,
    ),
    s.config,
    { env, trustedRoot: s.trustedRoot },
  );
  return { planner: roster.executor, reviewers: roster.verifiers };
}
