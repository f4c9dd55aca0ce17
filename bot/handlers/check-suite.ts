import type { Context } from 'probot';
import { handleSuiteRerun } from '../../src/triggers/suite-rerun.js';
import { botDeps, type AppEnv } from './deps.js';

export async function onCheckSuiteRerequested(context: Context<'check_suite.rerequested'>, env: AppEnv): Promise<void> {
  const p = context.payload;
  await handleSuiteRerun(botDeps(context, p.repository, env), {
    suiteId: p.check_suite.id,
    headSha: p.check_suite.head_sha,
    pullRequests: p.check_suite.pull_requests.map((pr) => pr.number),
    sender: { login: p.sender.login, type: p.sender.type },
  });
}
