import { planIdFromText, planIdProblem } from '../core/ids.js';
import { CHECK_OUTPUT_LIMIT } from '../core/report/check-run.js';
import { planCheckName, planCheckOutput } from '../core/report/plan-pr.js';
import type { PlanReviewReport } from '../core/report/schema/plan-review-report.js';
import { codeBlock, escapeInline, inlineCode } from '../core/text/escape.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
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

/**
 * The GitHub side of a planning run, whichever shell drafts the plan: which
 * plan it drafts (an issue's, a plan pull request's re-plan, a named one),
 * what a re-plan's planner is told from its pull request, and the delivery:
 * the plan pull request (found by its head, so never two), its check, and
 * the answer when no valid plan came out. The Action's mode plan calls it.
 */

export type PlanTarget =
  | { ok: true; planId: string; issue: IssueFacts | null; replan: { number: number; htmlUrl: string } | null }
  | { ok: false; reason: string };

/** Which plan this run drafts: the plan pull request's (a re-plan), the input's, or the issue's default id. */
export async function planTarget(
  client: GitHubClient,
  repo: RepoRef,
  inputs: { issue: number | null; prNumber: number | null; planId: string | null },
): Promise<PlanTarget> {
  let issue: IssueFacts | null = null;
  if (inputs.issue !== null) {
    issue = await getIssue(client, repo, inputs.issue);
    if (issue.isPullRequest)
      return {
        ok: false,
        reason: `#${issue.number} is a pull request, not an issue: plan from an issue (input "issue")`,
      };
  }
  if (inputs.prNumber !== null) {
    const pr = await pullRequestFacts(client, repo, inputs.prNumber);
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

/** The planner's goal: the issue's title and body, then the words the run adds; a bare re-plan asks to revise. */
export function goalText(issue: IssueFacts | null, extra: string | null, replan: number | null): string {
  const parts = [
    ...(issue ? [`# ${issue.title}`, ...(issue.body.trim() ? [issue.body.trim()] : [])] : []),
    ...(extra ? [extra] : []),
  ];
  if (parts.length === 0 && replan !== null)
    parts.push(`Revise the plan of pull request #${replan} as the notes ask; keep what they do not question.`);
  return parts.join('\n\n');
}

/**
 * What a re-plan's planner is told: the plan as it stands on the branch
 * (`current`, read at `tip`), then what people said on the pull request
 * since its last plan commit (`since`): review bodies, line comments,
 * comments; bots' left out, okstra's own too.
 */
export async function replanNotes(
  client: GitHubClient,
  repo: RepoRef,
  r: { number: number; tip: string; since: string; planPath: string; current: string | null },
): Promise<string[]> {
  const { number, tip, since, planPath, current } = r;
  const human = (a: { login: string; type: string | null } | null): a is { login: string; type: string | null } =>
    a !== null && a.type !== 'Bot' && !a.login.endsWith('[bot]');
  const after = (at: string | null): boolean => at !== null && Date.parse(at) > Date.parse(since);
  const reviews = (await listReviews(client, repo, number)).filter(
    (rv) => human(rv.author) && after(rv.submittedAt) && rv.body.trim() !== '',
  );
  const lineComments = (await listReviewCommentsSince(client, repo, number, since)).filter((c) => human(c.author));
  const comments = (await listIssueCommentsSince(client, repo, number, since)).filter((c) => human(c.author));
  return [
    ...(current !== null ? [`The plan as it stands (${planPath} at ${tip.slice(0, 12)}):\n\n${current}`] : []),
    ...reviews.map((rv) => `${rv.author?.login ?? 'someone'} reviewed (${rv.state}): ${rv.body}`),
    ...lineComments.map((c) => `${c.author?.login ?? 'someone'} on ${c.path ?? 'the plan'}: ${c.body}`),
    ...comments.map((c) => `${c.author?.login ?? 'someone'} commented: ${c.body}`),
  ];
}

/** The plan pull request: the re-plan's, else the open one from `branch`, updated; else a new one into `base`. */
export async function upsertPlanPull(
  client: GitHubClient,
  repo: RepoRef,
  p: { branch: string; base: string; title: string; body: string; replan: number | null },
): Promise<PlanPullRequest> {
  const number = p.replan ?? (await findOpenPullByHead(client, repo, p.branch))?.number ?? null;
  if (number !== null) return updatePull(client, repo, number, { title: p.title, body: p.body });
  return createPull(client, repo, { head: p.branch, base: p.base, title: p.title, body: p.body });
}

/** The plan's check on the commit that delivered it, holding the report itself when it fits. */
export async function planCheck(
  client: GitHubClient,
  repo: RepoRef,
  c: { report: PlanReviewReport; commit: string; json: string; detailsUrl: string | null; at: Date },
): Promise<void> {
  const output = planCheckOutput(c.report);
  const fenced = codeBlock(c.json, 'json');
  await createCompletedCheck(client, repo, {
    name: planCheckName(c.report.plan.id),
    headSha: c.commit,
    conclusion: output.conclusion,
    title: output.title,
    summary: output.summary,
    // The report itself when it fits; else the job summary holds it.
    text: fenced.length <= CHECK_OUTPUT_LIMIT ? fenced : 'The plan-review report is in the job summary of this run.',
    detailsUrl: c.detailsUrl,
    at: c.at,
  });
}

/** The answer to a planning run that drafted no valid plan, with the last draft's diagnostics. */
export function invalidPlanText(report: PlanReviewReport): string {
  const last = report.rounds.at(-1);
  const diagnostics = (last?.diagnostics.errors ?? []).map(
    (d) =>
      `- ${inlineCode(`${report.plan.path}:${d.line}:${d.column}`)} ${inlineCode(d.code)} ${escapeInline(d.message)}`,
  );
  return [
    `okstra could not draft a valid plan ${inlineCode(report.plan.id)}: ${escapeInline(report.reason ?? 'the draft did not validate')}. Nothing was pushed and no pull request was opened.`,
    ...(diagnostics.length > 0
      ? ['', `The last draft's diagnostics (${diagnostics.length}):`, '', ...diagnostics]
      : []),
    '',
    'Make the issue say more precisely what to build, then ask again (`/okstra plan`).',
  ].join('\n');
}

/** What the issue that asked is told once the plan pull request is delivered. */
export function draftedPlanText(planId: string, report: PlanReviewReport, pr: number): string {
  return `okstra drafted the plan ${inlineCode(planId)} in #${pr} (${report.outcome}${report.outcome === 'blocked' ? ': a blocking finding still stands, see the pull request' : ''}). Review it there; approving the pull request (or commenting \`/okstra approve\`) approves exactly that content.`;
}

/** The report in a folded block, for a summary. */
export function planReportDetails(json: string): string {
  return `<details><summary>The plan-review report (okstra/plan-review-report v1)</summary>\n\n${codeBlock(json, 'json')}\n\n</details>\n`;
}
