import type { Context } from 'probot';
import { handleComment } from '../../src/triggers/comment.js';
import { botDeps, type AppEnv } from './deps.js';

export async function onIssueComment(context: Context<'issue_comment.created'>, env: AppEnv): Promise<void> {
  const p = context.payload;
  await handleComment(botDeps(context, p.repository, env), {
    number: p.issue.number,
    // An issue comment on a pull request has `issue.pull_request` set.
    isPullRequest: Boolean(p.issue.pull_request),
    commentId: p.comment.id,
    commentUrl: p.comment.html_url,
    body: p.comment.body,
    sender: { login: p.sender.login, type: p.sender.type },
  });
}
