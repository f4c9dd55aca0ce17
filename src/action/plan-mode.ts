import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planBranchName } from '../core/ids.js';
import { planPullRequestBody, planPullRequestTitle } from '../core/report/plan-pr.js';
import { validatePlanReviewReport } from '../core/report/validate-schema.js';
import { draftPlan } from '../engine/plan-draft.js';
import { commitPlan, commitTime } from '../git/plan-commit.js';
import { postComment } from '../github/issues.js';
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
  const client = s.client;
  if (!client) {
    r.failures.push(
      'mode plan needs the github-token input (with contents, pull-requests, issues and checks: write): it reads the issue and opens the plan pull request',
    );
    return;
  }
  const base = s.rules.commit;
  if (!base) {
    r.failures.push(`the default branch ${s.rules.defaultBranch} has no commit on ${s.remote} to plan on`);
    return;
  }
  const { repo } = s.ctx;
  const target = await planTarget(client, repo, s.inputs);
  if (!target.ok) {
    r.failures.push(target.reason);
    return;
  }
  const { planId, issue, replan } = target;
  const planPath = `${s.config.plansDir.replace(/\/+$/, '')}/${planId}.md`;
  const branch = planBranchName(planId);
  const tip = await s.refs.fetchBranch(branch);
  if (replan && !tip) {
    r.failures.push(`the branch ${branch} of pull request #${replan.number} is not on ${s.remote}`);
    return;
  }
  const notes =
    replan && tip
      ? await replanNotes(client, repo, {
          number: replan.number,
          tip,
          since: await commitTime(s.repoDir, tip),
          planPath,
          current: (await s.refs.readFiles(tip, [planPath]))[planPath] ?? null,
        })
      : [];
  const goal = goalText(issue, s.inputs.goal, replan?.number ?? null);
  const roster = planningRoster(s);
  s.io.info(
    `planning ${planId} (${planPath}) on ${s.rules.defaultBranch} at ${base.slice(0, 12)}: planner ${roster.planner.name}; reviewers ${roster.reviewers.map((m) => m.name).join(', ') || 'none'}`,
  );
  const runId = runIdFor(s, 'plan');
  const outcome = await draftPlan(
    {
      goal,
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

  if (report.outcome === 'invalid' || outcome.planText === null || outcome.plan === null) {
    const text = invalidPlanText(report);
    if (issue) await postComment(client, repo, issue.number, text);
    s.io.error(`okstra: plan ${report.plan.id}: ${report.reason ?? 'no valid plan'}`);
    await s.io.summary(`${text}\n\n${planReportDetails(json)}`);
    r.failures.push(`plan ${planId}: no valid plan delivered: ${report.reason ?? 'the draft did not validate'}`);
    return;
  }
  const commit = await commitPlan(s.repoDir, s.deps.workspace, s.remote, temp, {
    branch,
    parent: tip ?? base,
    planPath,
    text: outcome.planText,
    runId,
  });
  const body = planPullRequestBody(report, outcome.plan, { reportUrl: runUrl(s.ctx) });
  const title = planPullRequestTitle(outcome.plan);
  const pr = await upsertPlanPull(client, repo, {
    branch,
    base: s.rules.defaultBranch,
    title,
    body,
    replan: replan?.number ?? null,
  });
  await planCheck(client, repo, { report, commit, json, detailsUrl: runUrl(s.ctx), at: s.io.now() });
  if (issue) await postComment(client, repo, issue.number, draftedPlanText(planId, report, pr.number));
  s.io.info(`plan ${planId}: ${report.outcome}; ${branch} at ${commit.slice(0, 12)}; pull request #${pr.number}`);
  await s.io.summary(`${body}\n\n${planReportDetails(json)}`);
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
