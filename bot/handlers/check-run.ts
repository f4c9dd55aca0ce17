import type { Context } from 'probot';
import { handleCheckRerun } from '../../src/triggers/rerun.js';
import { botDeps, type AppEnv } from './deps.js';

export async function onCheckRunRerequested(context: Context<'check_run.rerequested'>, env: AppEnv): Promise<void> {
  const p = context.payload;
  await handleCheckRerun(botDeps(context, p.repository, env), {
    checkName: p.check_run.name,
    checkUrl: p.check_run.html_url,
    headSha: p.check_run.head_sha,
    pullRequests: p.check_run.pull_requests.map((pr) => pr.number),
    actionIdentifier: null,
    sender: { login: p.sender.login, type: p.sender.type },
  });
}

export async function onCheckRunRequestedAction(
  context: Context<'check_run.requested_action'>,
  env: AppEnv,
): Promise<void> {
  const p = context.payload;
  await handleCheckRerun(botDeps(context, p.repository, env), {
    checkName: p.check_run.name,
    checkUrl: p.check_run.html_url,
    headSha: p.check_run.head_sha,
    pullRequests: p.check_run.pull_requests.map((pr) => pr.number),
    actionIdentifier: p.requested_action?.identifier ?? '',
    sender: { login: p.sender.login, type: p.sender.type },
  });
}
