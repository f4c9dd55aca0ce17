import type { Context } from 'probot';
import { handlePullRequestClosed } from '../../src/triggers/closed.js';
import { handleLabel } from '../../src/triggers/label.js';
import { botDeps, type AppEnv } from './deps.js';

export async function onPullRequestLabeled(context: Context<'pull_request.labeled'>, env: AppEnv): Promise<void> {
  const p = context.payload;
  if (!p.label) return;
  const pr = p.pull_request;
  await handleLabel(botDeps(context, p.repository, env), {
    pr: {
      number: pr.number,
      state: pr.state,
      headSha: pr.head.sha,
      headRef: pr.head.ref,
      headRepo: pr.head.repo?.full_name ?? null,
      baseRepo: pr.base.repo.full_name,
      htmlUrl: pr.html_url,
    },
    label: p.label.name,
    sender: { login: p.sender.login, type: p.sender.type },
  });
}

export async function onPullRequestClosed(context: Context<'pull_request.closed'>, env: AppEnv): Promise<void> {
  const p = context.payload;
  await handlePullRequestClosed(botDeps(context, p.repository, env), p.pull_request.number);
}
