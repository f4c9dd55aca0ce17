import type { Context } from 'probot';
import { handleReview } from '../../src/triggers/approve.js';
import { botDeps, type AppEnv } from './deps.js';

export async function onPullRequestReviewSubmitted(
  context: Context<'pull_request_review.submitted'>,
  env: AppEnv,
): Promise<void> {
  const p = context.payload;
  const pr = p.pull_request;
  // The review's author approves, whoever the payload's sender is (GitHub sends the same account).
  const reviewer = p.review.user ?? p.sender;
  await handleReview(botDeps(context, p.repository, env), {
    pr: {
      number: pr.number,
      state: pr.state,
      headSha: pr.head.sha,
      headRef: pr.head.ref,
      headRepo: pr.head.repo?.full_name ?? null,
      baseRepo: pr.base.repo.full_name,
      htmlUrl: pr.html_url,
    },
    review: { id: p.review.id, state: p.review.state, commitId: p.review.commit_id },
    reviewer: { login: reviewer.login, type: reviewer.type ?? 'User' },
  });
}
