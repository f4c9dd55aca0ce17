import type { Context } from 'probot';
import { completeWorkflowRun } from '../../src/triggers/results.js';
import { botDeps, type AppEnv } from './deps.js';

export async function onWorkflowRunCompleted(context: Context<'workflow_run.completed'>, env: AppEnv): Promise<void> {
  const p = context.payload;
  const run = p.workflow_run;
  await completeWorkflowRun(botDeps(context, p.repository, env), {
    id: run.id,
    attempt: run.run_attempt,
    conclusion: run.conclusion,
    htmlUrl: run.html_url,
    // Optional in the webhook types; a run without a title names no checks and is left alone.
    title: run.display_title ?? '',
    path: run.path,
    actor: run.actor?.login ?? p.sender.login,
    origin: {
      event: run.event,
      headBranch: run.head_branch,
      headRepository: run.head_repository
        ? { id: run.head_repository.id, fullName: run.head_repository.full_name }
        : null,
      repository: { id: p.repository.id, fullName: p.repository.full_name, defaultBranch: p.repository.default_branch },
    },
  });
}
