import type { GitHubClient, RepoRef } from './client.js';
import { describeApiError, httpStatus } from './errors.js';

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

/**
 * The pull request a run reports to, with the head commit its checks go on:
 * `eventHead` when the event carries that pull request, else read from the
 * API; null (said through `warn`) when it cannot be read, so its checks and
 * comment are skipped rather than the run failing.
 */
export async function reportedPullRequest(
  client: GitHubClient | null,
  repo: RepoRef,
  number: number,
  eventHead: string | null,
  warn: (message: string) => void,
): Promise<{ number: number; headSha: string } | null> {
  if (eventHead) return { number, headSha: eventHead };
  if (!client) return null;
  try {
    return { number, headSha: await pullRequestHead(client, repo, number) };
  } catch (error) {
    warn(
      `okstra: cannot read pull request #${number} (${describeApiError(error)}); its checks and comment are skipped`,
    );
    return null;
  }
}
