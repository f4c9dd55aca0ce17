import type { GitHubClient, RepoRef } from './client.js';

/** Starts the okstra workflow (`workflow_dispatch`) on `ref` with the given inputs. */
export async function dispatchWorkflow(
  client: GitHubClient,
  repo: RepoRef,
  workflow: string,
  ref: string,
  inputs: Record<string, string>,
): Promise<void> {
  await client.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: workflow, ref, inputs });
}

export interface WorkflowRunFacts {
  id: number;
  /** The rendered `run-name`. */
  title: string;
  status: string;
  htmlUrl: string;
}

/**
 * The workflow's runs that have not finished, from its latest 100 runs
 * (newest first): older unfinished runs are not expected, since a run's
 * job times out long before a hundred newer runs start.
 */
export async function unfinishedWorkflowRuns(
  client: GitHubClient,
  repo: RepoRef,
  workflow: string,
): Promise<WorkflowRunFacts[]> {
  const { data } = await client.rest.actions.listWorkflowRuns({ ...repo, workflow_id: workflow, per_page: 100 });
  return data.workflow_runs
    .filter((r) => r.status !== 'completed')
    .map((r) => ({ id: r.id, title: r.display_title, status: r.status ?? 'unknown', htmlUrl: r.html_url }));
}

export async function cancelWorkflowRun(client: GitHubClient, repo: RepoRef, runId: number): Promise<void> {
  await client.rest.actions.cancelWorkflowRun({ ...repo, run_id: runId });
}
