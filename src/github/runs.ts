import type { GitHubClient, RepoRef } from './client.js';
import { httpStatus } from './errors.js';

/** The head commit of a pull request (where its checks belong). */
export async function pullRequestHead(client: GitHubClient, repo: RepoRef, prNumber: number): Promise<string> {
  const res = await client.rest.pulls.get({ ...repo, pull_number: prNumber });
  return res.data.head.sha;
}

/**
 * Where a workflow run stands. `unknown` when GitHub does not show it: a
 * deleted run and a token without `actions: read` both get 404, and only the
 * first would prove the run gone.
 */
export async function workflowRunState(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
): Promise<'finished' | 'running' | 'unknown'> {
  try {
    const res = await client.rest.actions.getWorkflowRun({ ...repo, run_id: runId });
    return res.data.status === 'completed' ? 'finished' : 'running';
  } catch (error) {
    if (httpStatus(error) === 404) return 'unknown';
    throw error;
  }
}
