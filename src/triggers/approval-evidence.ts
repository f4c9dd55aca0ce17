import { isBotAccount } from '../core/commands/permission.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
import { getIssueComment, getReview, type AuthorFacts } from '../github/plan-pr.js';
import { changedFiles, type PullRequestFacts } from '../github/pulls.js';

/**
 * What an approval rests on, read back from GitHub rather than taken from
 * whoever asked: the review or `/okstra approve` comment (on this pull
 * request, by the approver, a person, saying approve, and the commit it
 * approves), and the one plan file it approves. The Action's mode approve
 * records the approval only on this evidence.
 */

export type ApprovalEvidence =
  | { ok: true; author: AuthorFacts; commit: string; via: 'review' | 'comment'; url: string }
  | { ok: false; reason: string };

/** The review or comment, read back and checked: on this pull request, by the approver, and saying approve. */
export async function approvalEvidence(
  client: GitHubClient,
  repo: RepoRef,
  pr: PullRequestFacts,
  asked: { approver: string; reviewId: number | null; commentId: number | null },
): Promise<ApprovalEvidence> {
  const { approver } = asked;
  const same = (a: AuthorFacts | null): boolean => a !== null && a.login.toLowerCase() === approver.toLowerCase();
  if (asked.reviewId !== null) {
    const review = await getReview(client, repo, pr.number, asked.reviewId);
    if (!review.author || !same(review.author))
      return {
        ok: false,
        reason: `review ${review.id} is by ${review.author?.login ?? 'a deleted account'}, not ${approver}`,
      };
    if (isBot(review.author))
      return { ok: false, reason: `${review.author.login} is a bot account; a bot never approves a plan` };
    if (review.state !== 'APPROVED')
      return { ok: false, reason: `review ${review.id} by ${approver} is ${review.state}, not APPROVED` };
    if (!review.commitId)
      return { ok: false, reason: `review ${review.id} names no commit; approve the pull request again` };
    return { ok: true, author: review.author, commit: review.commitId, via: 'review', url: review.htmlUrl };
  }
  const comment = await getIssueComment(client, repo, asked.commentId as number);
  if (comment.issueNumber !== pr.number)
    return { ok: false, reason: `comment ${comment.id} is not on pull request #${pr.number}` };
  if (!comment.author || !same(comment.author))
    return {
      ok: false,
      reason: `comment ${comment.id} is by ${comment.author?.login ?? 'a deleted account'}, not ${approver}`,
    };
  if (isBot(comment.author))
    return { ok: false, reason: `${comment.author.login} is a bot account; a bot never approves a plan` };
  if (!/^\s*\/okstra\s+approve\s*$/m.test(comment.body))
    return { ok: false, reason: `comment ${comment.id} has no \`/okstra approve\` line` };
  // A comment names no commit: it approves the pull request as it is now.
  return { ok: true, author: comment.author, commit: pr.headSha, via: 'comment', url: comment.htmlUrl };
}

function isBot(a: AuthorFacts): boolean {
  return isBotAccount({ login: a.login, type: a.type });
}

/** The `plan` input, else the one plan file the pull request adds or changes under the plans folder. */
export async function approvedPlanPath(
  client: GitHubClient,
  repo: RepoRef,
  pr: PullRequestFacts,
  named: { plan: string | null; plansDir: string },
): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  if (named.plan) return { ok: true, path: named.plan.replace(/^(?:\.\/)+/, '') };
  const dir = `${named.plansDir.replace(/\/+$/, '')}/`;
  const plans = (await changedFiles(client, repo, pr.number))
    .filter((f) => f.status !== 'removed' && f.path.startsWith(dir) && f.path.endsWith('.md'))
    .map((f) => f.path);
  if (plans.length === 1 && plans[0]) return { ok: true, path: plans[0] };
  if (plans.length === 0)
    return { ok: false, reason: `pull request #${pr.number} adds or changes no plan file under ${dir}` };
  return {
    ok: false,
    reason: `pull request #${pr.number} changes ${plans.length} plan files (${plans.join(', ')}); name the one to approve with the \`plan\` input`,
  };
}
