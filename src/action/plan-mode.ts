import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planBranchName, planIdFromText, planIdProblem } from '../core/ids.js';
import { CHECK_OUTPUT_LIMIT } from '../core/report/check-run.js';
import { planCheckName, planCheckOutput, planPullRequestBody, planPullRequestTitle } from '../core/report/plan-pr.js';
import type { PlanReviewReport } from '../core/report/schema/plan-review-report.js';
import { validatePlanReviewReport } from '../core/report/validate-schema.js';
import { codeBlock, escapeInline, inlineCode } from '../core/text/escape.js';
import { draftPlan } from '../engine/plan-draft.js';
import { Git } from '../git/git.js';
import type { GitHubClient } from '../github/client.js';
import { postComment } from '../github/issues.js';
import {
  createCompletedCheck,
  createPull,
  findOpenPullByHead,
  getIssue,
  listIssueCommentsSince,
  listReviewCommentsSince,
  listReviews,
  updatePull,
  type IssueFacts,
  type PlanPullRequest,
} from '../github/plan-pr.js';
import { pullRequestFacts } from '../github/pulls.js';
import { buildRoster, planningRosterRequest } from '../providers/roster.js';
import { runUrl } from './context.js';
import { runIdFor, type RunResults } from './modes.js';
import { providerEnv } from './secrets.js';
import type { Session } from './session.js';

/**
 * Mode `plan`: drafts a plan from an issue (or re-drafts the plan of a plan
 * pull request) with the planner and the plan reviewers, and delivers it:
 * one commit on `okstra/<plan-id>/plan` (never a rewrite), a pull request
 * from it into the default branch (found by its head, so never two), a
 * check on that commit and a comment on the issue. An invalid outcome
 * delivers nothing and fails the step; a blocked one is delivered with a
 * failing check, so people can read and fix it.
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
  const target = await planTarget(s, client);
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
  const notes = replan && tip ? await replanNotes(s, client, replan.number, tip, planPath) : [];
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
  await saveReport(s, planId, runId, json);

  if (report.outcome === 'invalid' || outcome.planText === null || outcome.plan === null) {
    await answerInvalid(s, client, issue, report, json);
    r.failures.push(`plan ${planId}: no valid plan delivered: ${report.reason ?? 'the draft did not validate'}`);
    return;
  }
  const commit = await commitPlan(s, { branch, parent: tip ?? base, planPath, text: outcome.planText, runId });
  const body = planPullRequestBody(report, outcome.plan, { reportUrl: runUrl(s.ctx) });
  const title = planPullRequestTitle(outcome.plan);
  const pr = await upsertPlanPull(s, client, { branch, title, body, replan: replan?.number ?? null });
  await planCheck(s, client, report, commit, json);
  if (issue)
    await postComment(
      client,
      s.ctx.repo,
      issue.number,
      `okstra drafted the plan ${inlineCode(planId)} in #${pr.number} (${report.outcome}${report.outcome === 'blocked' ? ': a blocking finding still stands, see the pull request' : ''}). Review it there; approving the pull request (or commenting \`/okstra approve\`) approves exactly that content.`,
    );
  s.io.info(`plan ${planId}: ${report.outcome}; ${branch} at ${commit.slice(0, 12)}; pull request #${pr.number}`);
  await s.io.summary(`${body}\n\n${reportDetails(json)}`);
  if (report.outcome === 'blocked')
    s.io.warning(
      `okstra: plan ${planId} is blocked: ${report.reason ?? 'a blocking finding stands'} (see #${pr.number})`,
    );
}

type Target =
  | { ok: true; planId: string; issue: IssueFacts | null; replan: { number: number; htmlUrl: string } | null }
  | { ok: false; reason: string };

/** Which plan this run drafts: the plan pull request's (a re-plan), the input's, or the issue's default id. */
async function planTarget(s: Session, client: GitHubClient): Promise<Target> {
  const { inputs } = s;
  let issue: IssueFacts | null = null;
  if (inputs.issue !== null) {
    issue = await getIssue(client, s.ctx.repo, inputs.issue);
    if (issue.isPullRequest)
      return {
        ok: false,
        reason: `#${issue.number} is a pull request, not an issue: plan from an issue (input "issue")`,
      };
  }
  if (inputs.prNumber !== null) {
    const pr = await pullRequestFacts(client, s.ctx.repo, inputs.prNumber);
    const fromBranch = /^okstra\/(.+)\/plan$/.exec(pr.headRef)?.[1] ?? null;
    if (fromBranch === null || planIdProblem(fromBranch) !== null)
      return {
        ok: false,
        reason: `pull request #${pr.number} is not a plan pull request: its branch is ${pr.headRef}, not okstra/<plan-id>/plan`,
      };
    if (pr.state !== 'open')
      return {
        ok: false,
        reason: `pull request #${pr.number} is ${pr.state}: a re-plan updates an open plan pull request`,
      };
    if (inputs.planId !== null && inputs.planId !== fromBranch)
      return {
        ok: false,
        reason: `input "plan-id" is ${inputs.planId}, but pull request #${pr.number} holds the plan ${fromBranch}`,
      };
    return { ok: true, planId: fromBranch, issue, replan: { number: pr.number, htmlUrl: pr.htmlUrl } };
  }
  if (inputs.planId !== null) return { ok: true, planId: inputs.planId, issue, replan: null };
  if (!issue) return { ok: false, reason: 'mode plan needs "issue", "plan-id" or "pr-number" to name the plan' };
  return { ok: true, planId: defaultPlanId(issue.number, issue.title), issue, replan: null };
}

/** `issue-<n>-<slug of the title>`, within the plan-id rules and about 50 characters, cut at a word. */
export function defaultPlanId(issue: number, title: string): string {
  return planIdFromText(title, `issue-${issue}`) ?? `issue-${issue}`;
}

function goalText(issue: IssueFacts | null, extra: string | null, replan: number | null): string {
  const parts = [
    ...(issue ? [`# ${issue.title}`, ...(issue.body.trim() ? [issue.body.trim()] : [])] : []),
    ...(extra ? [extra] : []),
  ];
  if (parts.length === 0 && replan !== null)
    parts.push(`Revise the plan of pull request #${replan} as the notes ask; keep what they do not question.`);
  return parts.join('\n\n');
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

/**
 * What a re-plan's planner is told: the plan as it stands on the branch,
 * then what people said on the pull request since its last plan commit
 * (review bodies, line comments, comments; bots' left out, okstra's own too).
 */
async function replanNotes(
  s: Session,
  client: GitHubClient,
  number: number,
  tip: string,
  planPath: string,
): Promise<string[]> {
  const git = new Git(s.repoDir);
  const since = await git.ok(['log', '-1', '--format=%cI', tip]);
  const current = (await s.refs.readFiles(tip, [planPath]))[planPath] ?? null;
  const human = (a: { login: string; type: string | null } | null): a is { login: string; type: string | null } =>
    a !== null && a.type !== 'Bot' && !a.login.endsWith('[bot]');
  const after = (at: string | null): boolean => at !== null && Date.parse(at) > Date.parse(since);
  const reviews = (await listReviews(client, s.ctx.repo, number)).filter(
    (rv) => human(rv.author) && after(rv.submittedAt) && rv.body.trim() !== '',
  );
  const lineComments = (await listReviewCommentsSince(client, s.ctx.repo, number, since)).filter((c) =>
    human(c.author),
  );
  const comments = (await listIssueCommentsSince(client, s.ctx.repo, number, since)).filter((c) => human(c.author));
  return [
    ...(current !== null ? [`The plan as it stands (${planPath} at ${tip.slice(0, 12)}):\n\n${current}`] : []),
    ...reviews.map((rv) => `${rv.author?.login ?? 'someone'} reviewed (${rv.state}): ${rv.body}`),
    ...lineComments.map((c) => `${c.author?.login ?? 'someone'} on ${c.path ?? 'the plan'}: ${c.body}`),
    ...comments.map((c) => `${c.author?.login ?? 'someone'} commented: ${c.body}`),
  ];
}

const PLAN_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'planner@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'planner@okstra.invalid',
};

/**
 * One commit on the plan branch that sets the plan file, built in a private
 * index (the checkout is not touched) and pushed without force: a re-plan
 * stacks on the branch, whoever else pushed to it is never overwritten.
 */
async function commitPlan(
  s: Session,
  c: { branch: string; parent: string; planPath: string; text: string; runId: string },
): Promise<string> {
  const git = new Git(s.repoDir);
  const index = join(s.ctx.runnerTemp || tmpdir(), `okstra-plan-index-${process.pid}`);
  try {
    const env = { GIT_INDEX_FILE: index };
    await git.ok(['read-tree', c.parent], { env });
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: c.text });
    await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${c.planPath}`], { env });
    const tree = await git.ok(['write-tree'], { env });
    const message = `okstra plan: ${c.planPath}\n\nDrafted by okstra's planning run ${c.runId}.`;
    const commit = await git.ok(['commit-tree', tree, '-p', c.parent, '-m', message], { env: PLAN_IDENTITY });
    await git.ok(['update-ref', `refs/heads/${c.branch}`, commit]);
    await s.deps.workspace.pushBranch(s.remote, c.branch);
    return commit;
  } finally {
    await rm(index, { force: true });
  }
}

async function upsertPlanPull(
  s: Session,
  client: GitHubClient,
  p: { branch: string; title: string; body: string; replan: number | null },
): Promise<PlanPullRequest> {
  const number = p.replan ?? (await findOpenPullByHead(client, s.ctx.repo, p.branch))?.number ?? null;
  if (number !== null) return updatePull(client, s.ctx.repo, number, { title: p.title, body: p.body });
  return createPull(client, s.ctx.repo, { head: p.branch, base: s.rules.defaultBranch, title: p.title, body: p.body });
}

async function planCheck(
  s: Session,
  client: GitHubClient,
  report: PlanReviewReport,
  commit: string,
  json: string,
): Promise<void> {
  const output = planCheckOutput(report);
  const fenced = codeBlock(json, 'json');
  await createCompletedCheck(client, s.ctx.repo, {
    name: planCheckName(report.plan.id),
    headSha: commit,
    conclusion: output.conclusion,
    title: output.title,
    summary: output.summary,
    // The report itself when it fits; else the job summary holds it.
    text: fenced.length <= CHECK_OUTPUT_LIMIT ? fenced : 'The plan-review report is in the job summary of this run.',
    detailsUrl: runUrl(s.ctx),
    at: s.io.now(),
  });
}

async function answerInvalid(
  s: Session,
  client: GitHubClient,
  issue: IssueFacts | null,
  report: PlanReviewReport,
  json: string,
): Promise<void> {
  const last = report.rounds.at(-1);
  const diagnostics = (last?.diagnostics.errors ?? []).map(
    (d) =>
      `- ${inlineCode(`${report.plan.path}:${d.line}:${d.column}`)} ${inlineCode(d.code)} ${escapeInline(d.message)}`,
  );
  const text = [
    `okstra could not draft a valid plan ${inlineCode(report.plan.id)}: ${escapeInline(report.reason ?? 'the draft did not validate')}. Nothing was pushed and no pull request was opened.`,
    ...(diagnostics.length > 0
      ? ['', `The last draft's diagnostics (${diagnostics.length}):`, '', ...diagnostics]
      : []),
    '',
    'Make the issue say more precisely what to build, then ask again (`/okstra plan`).',
  ].join('\n');
  if (issue) await postComment(client, s.ctx.repo, issue.number, text);
  s.io.error(`okstra: plan ${report.plan.id}: ${report.reason ?? 'no valid plan'}`);
  await s.io.summary(`${text}\n\n${reportDetails(json)}`);
}

function reportDetails(json: string): string {
  return `<details><summary>The plan-review report (okstra/plan-review-report v1)</summary>\n\n${codeBlock(json, 'json')}\n\n</details>\n`;
}

async function saveReport(s: Session, planId: string, runId: string, json: string): Promise<void> {
  const dir = join(s.ctx.runnerTemp || tmpdir(), 'okstra-reports');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${planId}-plan-${runId}.json`), json);
}
