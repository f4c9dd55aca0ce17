import type { EmitterWebhookEvent } from '@octokit/webhooks';
import { handleReview } from './approve.js';
import { handlePullRequestClosed } from './closed.js';
import { handleComment } from './comment.js';
import type { TriggerDeps } from './deps.js';
import { handleLabel } from './label.js';
import { handleCheckRerun } from './rerun.js';
import { completeWorkflowRun } from './results.js';
import { handleSuiteRerun } from './suite-rerun.js';

/**
 * One route table from a GitHub event to its use case, for both shells:
 * the bot (Probot hands it each delivery) and the Action's event mode (the
 * runner hands it the workflow's own event). Each route only turns the
 * payload into the plain event its use case takes; every rule is in the use
 * case. Payloads are GitHub's, typed by @octokit/webhooks.
 */

type Payload<E extends EventKey> = EmitterWebhookEvent<E>['payload'];

/** The events okstra acts on, as `<event>.<action>`; app.yml subscribes to them, the no-server workflow listens. */
export const TRIGGER_EVENTS = [
  'issue_comment.created',
  'pull_request.labeled',
  'pull_request.closed',
  'pull_request_review.submitted',
  'check_run.rerequested',
  'check_run.requested_action',
  'check_suite.rerequested',
  'workflow_run.completed',
] as const;
export type EventKey = (typeof TRIGGER_EVENTS)[number];

/** The repository fields every okstra event carries, from which the shells fill `TriggerDeps`. */
export interface EventRepository {
  name: string;
  owner: { login: string };
  html_url: string;
  default_branch: string;
}

type PullPayload = Payload<'pull_request.labeled'>['pull_request'];
const pullFacts = (pr: PullPayload | Payload<'pull_request_review.submitted'>['pull_request']) => ({
  number: pr.number,
  state: pr.state,
  headSha: pr.head.sha,
  headRef: pr.head.ref,
  headRepo: pr.head.repo?.full_name ?? null,
  baseRepo: pr.base.repo.full_name,
  htmlUrl: pr.html_url,
});

const sender = (s: { login: string; type?: string }) => ({ login: s.login, type: s.type ?? 'User' });

const ROUTES: { [E in EventKey]: (deps: TriggerDeps, p: Payload<E>) => Promise<unknown> } = {
  'issue_comment.created': (deps, p) =>
    handleComment(deps, {
      number: p.issue.number,
      // An issue comment on a pull request has `issue.pull_request` set.
      isPullRequest: Boolean(p.issue.pull_request),
      commentId: p.comment.id,
      commentUrl: p.comment.html_url,
      body: p.comment.body,
      sender: sender(p.sender),
    }),
  'pull_request.labeled': async (deps, p) => {
    if (!p.label) return 'no-label';
    return handleLabel(deps, { pr: pullFacts(p.pull_request), label: p.label.name, sender: sender(p.sender) });
  },
  'pull_request.closed': (deps, p) => handlePullRequestClosed(deps, p.pull_request.number),
  'pull_request_review.submitted': (deps, p) =>
    handleReview(deps, {
      pr: pullFacts(p.pull_request),
      review: { id: p.review.id, state: p.review.state, commitId: p.review.commit_id },
      // The review's author approves, whoever the payload's sender is (GitHub sends the same account).
      reviewer: sender(p.review.user ?? p.sender),
    }),
  'check_run.rerequested': (deps, p) =>
    handleCheckRerun(deps, {
      checkName: p.check_run.name,
      checkUrl: p.check_run.html_url,
      headSha: p.check_run.head_sha,
      pullRequests: p.check_run.pull_requests.map((pr) => pr.number),
      actionIdentifier: null,
      sender: sender(p.sender),
    }),
  'check_run.requested_action': (deps, p) =>
    handleCheckRerun(deps, {
      checkName: p.check_run.name,
      checkUrl: p.check_run.html_url,
      headSha: p.check_run.head_sha,
      pullRequests: p.check_run.pull_requests.map((pr) => pr.number),
      actionIdentifier: p.requested_action?.identifier ?? '',
      sender: sender(p.sender),
    }),
  'check_suite.rerequested': (deps, p) =>
    handleSuiteRerun(deps, {
      suiteId: p.check_suite.id,
      headSha: p.check_suite.head_sha,
      pullRequests: p.check_suite.pull_requests.map((pr) => pr.number),
      sender: sender(p.sender),
    }),
  'workflow_run.completed': (deps, p) => {
    const run = p.workflow_run;
    return completeWorkflowRun(deps, {
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
        repository: {
          id: p.repository.id,
          fullName: p.repository.full_name,
          defaultBranch: p.repository.default_branch,
        },
      },
    });
  },
};

export function isTriggerEvent(key: string): key is EventKey {
  return (TRIGGER_EVENTS as readonly string[]).includes(key);
}

/**
 * Runs the use case of one event. `payload` is GitHub's own for `key` (a
 * signed delivery, or the file the runner wrote), so it is taken as typed.
 */
export function handleEvent(deps: TriggerDeps, key: EventKey, payload: unknown): Promise<unknown> {
  const route = ROUTES[key] as (deps: TriggerDeps, p: unknown) => Promise<unknown>;
  return route(deps, payload);
}
