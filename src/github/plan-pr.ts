import type { GitHubClient, RepoRef } from './client.js';

/**
 * The API calls of the planning phase: the issue a plan is drafted from, the
 * plan pull request (found by its head branch, created or updated, never
 * duplicated), and the review or comment that approves it. Each answer is cut
 * down to the fields okstra decides on.
 */

export interface IssueFacts {
  number: number;
  title: string;
  body: string;
  htmlUrl: string;
  /** An issue number that is a pull request cannot be planned from. */
  isPullRequest: boolean;
}

export async function getIssue(client: GitHubClient, repo: RepoRef, number: number): Promise<IssueFacts> {
  const { data } = await client.rest.issues.get({ ...repo, issue_number: number });
  return {
    number: data.number,
    title: data.title,
    body: data.body ?? '',
    htmlUrl: data.html_url,
    isPullRequest: data.pull_request !== undefined && data.pull_request !== null,
  };
}

export interface PlanPullRequest {
  number: number;
  htmlUrl: string;
  /**
   * Who opened it (`user.login`): `github-actions[bot]` when the job's
   * GITHUB_TOKEN did, whose events start no workflow (the hand-off says so).
   */
  author: string | null;
}

function pullOf(data: { number: number; html_url: string; user?: { login: string } | null }): PlanPullRequest {
  return { number: data.number, htmlUrl: data.html_url, author: data.user?.login ?? null };
}

/** The open pull request whose head is `branch` of this repository, or null. */
export async function findOpenPullByHead(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
): Promise<PlanPullRequest | null> {
  const { data } = await client.rest.pulls.list({
    ...repo,
    state: 'open',
    head: `${repo.owner}:${branch}`,
    per_page: 5,
  });
  const found = data.find((p) => p.head.ref === branch);
  return found ? pullOf(found) : null;
}

export async function createPull(
  client: GitHubClient,
  repo: RepoRef,
  p: { head: string; base: string; title: string; body: string; draft?: boolean },
): Promise<PlanPullRequest> {
  const { data } = await client.rest.pulls.create({ ...repo, ...p, maintainer_can_modify: false });
  return pullOf(data);
}

export async function updatePull(
  client: GitHubClient,
  repo: RepoRef,
  number: number,
  p: { title?: string; body: string; base?: string },
): Promise<PlanPullRequest> {
  const { data } = await client.rest.pulls.update({ ...repo, pull_number: number, ...p });
  return pullOf(data);
}

export interface AuthorFacts {
  login: string;
  /** `Bot` for an App's account. */
  type: string | null;
}

export interface ReviewFacts {
  id: number;
  author: AuthorFacts | null;
  /** APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED or PENDING. */
  state: string;
  /** The pull request head the review was given on. */
  commitId: string | null;
  htmlUrl: string;
  body: string;
  submittedAt: string | null;
}

function author(user: { login: string; type?: string } | null | undefined): AuthorFacts | null {
  return user ? { login: user.login, type: user.type ?? null } : null;
}

export async function getReview(
  client: GitHubClient,
  repo: RepoRef,
  pullNumber: number,
  reviewId: number,
): Promise<ReviewFacts> {
  const { data } = await client.rest.pulls.getReview({ ...repo, pull_number: pullNumber, review_id: reviewId });
  return {
    id: data.id,
    author: author(data.user),
    state: data.state,
    commitId: data.commit_id,
    htmlUrl: data.html_url,
    body: data.body,
    submittedAt: data.submitted_at ?? null,
  };
}

export async function listReviews(client: GitHubClient, repo: RepoRef, pullNumber: number): Promise<ReviewFacts[]> {
  const reviews = await client.paginate(client.rest.pulls.listReviews, {
    ...repo,
    pull_number: pullNumber,
    per_page: 100,
  });
  return reviews.map((data) => ({
    id: data.id,
    author: author(data.user),
    state: data.state,
    commitId: data.commit_id,
    htmlUrl: data.html_url,
    body: data.body,
    submittedAt: data.submitted_at ?? null,
  }));
}

export interface CommentFacts {
  id: number;
  author: AuthorFacts | null;
  body: string;
  htmlUrl: string;
  /** The issue or pull request the comment is on (from its `issue_url`), or null when the API does not say. */
  issueNumber: number | null;
  createdAt: string;
  /** Review comments only: the file the comment is on. */
  path?: string;
}

/** The facts of a comment of any kind, as the API gives it. */
function commentFacts(
  c: { id: number; user: Parameters<typeof author>[0]; body?: string | null; html_url: string; created_at: string },
  issueNumber: number | null,
): CommentFacts {
  return {
    id: c.id,
    author: author(c.user),
    body: c.body ?? '',
    htmlUrl: c.html_url,
    issueNumber,
    createdAt: c.created_at,
  };
}

export async function getIssueComment(client: GitHubClient, repo: RepoRef, commentId: number): Promise<CommentFacts> {
  const { data } = await client.rest.issues.getComment({ ...repo, comment_id: commentId });
  const issue = /\/issues\/(\d+)$/.exec(data.issue_url)?.[1];
  return commentFacts(data, issue === undefined ? null : Number(issue));
}

/** Comments on an issue or pull request created after `since` (an ISO time), oldest first. */
export async function listIssueCommentsSince(
  client: GitHubClient,
  repo: RepoRef,
  number: number,
  since: string,
): Promise<CommentFacts[]> {
  const comments = await client.paginate(client.rest.issues.listComments, {
    ...repo,
    issue_number: number,
    since,
    per_page: 100,
  });
  return comments.map((c) => commentFacts(c, number));
}

/** A pull request's review comments (on lines of its diff) created after `since`. */
export async function listReviewCommentsSince(
  client: GitHubClient,
  repo: RepoRef,
  number: number,
  since: string,
): Promise<CommentFacts[]> {
  const comments = await client.paginate(client.rest.pulls.listReviewComments, {
    ...repo,
    pull_number: number,
    since,
    per_page: 100,
  });
  return comments.map((c) => ({ ...commentFacts(c, number), path: c.path }));
}

/** A check run created already completed: the planning phase has no running state to show. */
export async function createCompletedCheck(
  client: GitHubClient,
  repo: RepoRef,
  c: {
    name: string;
    headSha: string;
    conclusion: 'success' | 'failure';
    title: string;
    summary: string;
    text?: string;
    detailsUrl?: string | null;
    at: Date;
  },
): Promise<number> {
  const { data } = await client.rest.checks.create({
    ...repo,
    name: c.name,
    head_sha: c.headSha,
    status: 'completed',
    conclusion: c.conclusion,
    completed_at: c.at.toISOString(),
    ...(c.detailsUrl ? { details_url: c.detailsUrl } : {}),
    output: { title: c.title, summary: c.summary, ...(c.text ? { text: c.text } : {}) },
  });
  return data.id;
}
