import type { CheckRunOutput, CheckRunRender } from '../core/report/check-run.js';
import type { HeadCheck } from '../core/graph/follow-ups.js';
import type { GitHubClient, RepoRef } from './client.js';
import { httpStatus } from './errors.js';

/**
 * Check runs: create, mark in progress, complete with the rendered report
 * (annotations beyond the first 50 go in further update requests, as the
 * Checks API requires).
 */

export type CheckConclusion =
  'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required';

/** A button on a check run; pressing it sends `check_run.requested_action` with the identifier to the App that created the check. */
export interface CheckAction {
  /** At most 20 characters. */
  label: string;
  /** At most 40 characters. */
  description: string;
  /** At most 20 characters. */
  identifier: string;
}

export interface CheckRunFields {
  /** A link to the run (the workflow run's page). */
  detailsUrl?: string | null;
  /** okstra's run id, so a reader (and the bot) can tie the check to the ledger. */
  externalId?: string;
  /** Buttons to show (the bot offers a fix run on a failed stage); an empty list removes earlier ones. */
  actions?: CheckAction[];
}

function extras(f: CheckRunFields): { details_url?: string; external_id?: string; actions?: CheckAction[] } {
  return {
    ...(f.detailsUrl ? { details_url: f.detailsUrl } : {}),
    ...(f.externalId ? { external_id: f.externalId } : {}),
    ...(f.actions ? { actions: f.actions } : {}),
  };
}

/**
 * A check that waits for a workflow to start: the bot creates one per
 * requested stage before it dispatches, so the pull request shows the stage
 * at once and the workflow (or the bot, when the run ends) completes it.
 */
export async function createQueuedCheck(
  client: GitHubClient,
  repo: RepoRef,
  c: { name: string; headSha: string; output: Pick<CheckRunOutput, 'title' | 'summary'> } & CheckRunFields,
): Promise<number> {
  const res = await client.rest.checks.create({
    ...repo,
    name: c.name,
    head_sha: c.headSha,
    status: 'queued',
    output: c.output,
    ...extras(c),
  });
  return res.data.id;
}

export interface CheckRunFacts {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  headSha: string;
  /** Pull requests in this repository whose head is the check's commit (empty for forks). */
  pullRequests: number[];
}

export async function getCheckRun(client: GitHubClient, repo: RepoRef, id: number): Promise<CheckRunFacts> {
  const { data } = await client.rest.checks.get({ ...repo, check_run_id: id });
  return {
    id: data.id,
    name: data.name,
    status: data.status,
    conclusion: data.conclusion ?? null,
    headSha: data.head_sha,
    pullRequests: (data.pull_requests ?? []).map((p) => p.number),
  };
}

export async function createInProgressCheck(
  client: GitHubClient,
  repo: RepoRef,
  c: { name: string; headSha: string; output: Pick<CheckRunOutput, 'title' | 'summary'>; at: Date } & CheckRunFields,
): Promise<number> {
  const res = await client.rest.checks.create({
    ...repo,
    name: c.name,
    head_sha: c.headSha,
    status: 'in_progress',
    started_at: c.at.toISOString(),
    output: c.output,
    ...extras(c),
  });
  return res.data.id;
}

export async function markInProgress(
  client: GitHubClient,
  repo: RepoRef,
  id: number,
  c: { output: Pick<CheckRunOutput, 'title' | 'summary'>; at: Date } & CheckRunFields,
): Promise<void> {
  await client.rest.checks.update({
    ...repo,
    check_run_id: id,
    status: 'in_progress',
    started_at: c.at.toISOString(),
    output: c.output,
    ...extras(c),
  });
}

/**
 * A progress update of a running check: status and text only (its
 * `started_at` stays the first mark's). Sent without the client's retries:
 * a lost progress update is replaced by the next one, and a retry must not
 * hold the completing request back. `signal` aborts it.
 */
export async function updateInProgress(
  client: GitHubClient,
  repo: RepoRef,
  id: number,
  output: Pick<CheckRunOutput, 'title' | 'summary'>,
  signal?: AbortSignal,
): Promise<void> {
  await client.rest.checks.update({
    ...repo,
    check_run_id: id,
    status: 'in_progress',
    output,
    request: { retries: 0, ...(signal ? { signal } : {}) },
  });
}

export type CheckTarget = { id: number } | { create: { name: string; headSha: string } };

/**
 * Completes a check run with a rendered report: the first request sets the
 * conclusion, the text and up to 50 annotations (creating the check when it
 * has no id yet); each further request adds the next 50 annotations, which
 * the API accumulates. Returns the check run's id.
 */
export async function completeCheck(
  client: GitHubClient,
  repo: RepoRef,
  target: CheckTarget,
  render: Pick<CheckRunRender, 'requests'> & { conclusion: CheckConclusion },
  c: { at: Date } & CheckRunFields,
): Promise<number> {
  const [first, ...rest] = render.requests;
  if (!first) throw new Error('a check-run rendering has at least one request');
  const done = {
    status: 'completed' as const,
    conclusion: render.conclusion,
    completed_at: c.at.toISOString(),
    output: first.output,
    ...extras(c),
  };
  const id =
    'id' in target
      ? target.id
      : (
          await client.rest.checks.create({
            ...repo,
            name: target.create.name,
            head_sha: target.create.headSha,
            ...done,
          })
        ).data.id;
  if ('id' in target) await client.rest.checks.update({ ...repo, check_run_id: id, ...done });
  for (const more of rest) await client.rest.checks.update({ ...repo, check_run_id: id, output: more.output });
  return id;
}

/**
 * Whether GitHub refused to let this token touch a check run it did not
 * create. Only the App that created a check run may update it (403 "Invalid
 * app_id … can only be modified by the GitHub App that created it"); a token
 * that cannot see the check at all gets 404.
 */
export function isForeignCheckRefusal(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 403 || status === 404;
}

/** The newest check run of each name on a commit (`filter=latest`), every page. */
export async function latestChecksOn(client: GitHubClient, repo: RepoRef, sha: string): Promise<HeadCheck[]> {
  const runs = await client.paginate(client.rest.checks.listForRef, {
    ...repo,
    ref: sha,
    filter: 'latest',
    per_page: 100,
  });
  return runs.map((c) => ({ id: c.id, name: c.name, status: c.status, externalId: c.external_id ?? null }));
}
