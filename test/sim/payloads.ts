/**
 * Webhook payloads the simulation sends: real examples from
 * @octokit/webhooks-examples, adjusted to the simulated repository and
 * objects (numbers, ids, bodies, heads, senders). Fields nobody reads keep
 * the example's values.
 */
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import {
  accountJson,
  forkRepositoryJson,
  FULL_NAME,
  INSTALLATION_ID,
  repositoryJson,
  runJson,
  webUrl,
} from './json.js';
import type { Account, SimComment, SimReview, SimRun } from './state.js';

type Payload = Record<string, unknown>;

// The package's main is a JSON file (CommonJS); its index.d.ts types it.
const definitions = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

function example(name: string, action: string, pick: (e: Payload) => boolean = () => true): Payload {
  const def = definitions.find((d) => d.name === name);
  const found = (def?.examples as Payload[] | undefined)?.find((e) => e.action === action && pick(e));
  if (!found) throw new Error(`no ${name}.${action} example`);
  return structuredClone(found);
}

const installation = { id: INSTALLATION_ID, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };

export interface PullFacts {
  number: number;
  title: string;
  head: string;
  headSha: string;
  base: string;
  baseSha: string;
  labels: string[];
  user: Account;
  state: string;
  /** `owner/name` of the fork the head lives in; unset: this repository. */
  fork?: string;
}

function pullRequestJson(defaultBranch: string, p: PullFacts, example: Payload): Payload {
  const repo = repositoryJson(defaultBranch);
  return {
    ...example,
    number: p.number,
    id: p.number,
    title: p.title,
    state: p.state,
    user: accountJson(p.user),
    html_url: webUrl('pull', p.number),
    labels: p.labels.map((name) => ({ name })),
    head: {
      ...(example.head as Payload),
      ref: p.head,
      sha: p.headSha,
      label: `${p.head}`,
      repo: p.fork ? forkRepositoryJson(p.fork) : repo,
    },
    base: { ...(example.base as Payload), ref: p.base, sha: p.baseSha, repo },
  };
}

export function issueCommentCreated(
  defaultBranch: string,
  c: SimComment,
  target: { isPullRequest: boolean; title: string },
): Payload {
  const p = example('issue_comment', 'created', (e) => Boolean(e.installation));
  const issue = { ...(p.issue as Payload) };
  delete issue.pull_request;
  p.issue = {
    ...issue,
    number: c.issue,
    title: target.title,
    html_url: webUrl(target.isPullRequest ? 'pull' : 'issues', c.issue),
    // GitHub marks a pull request's comments this way: issue_comment covers issues and pull requests alike.
    ...(target.isPullRequest
      ? {
          pull_request: {
            url: `https://api.github.com/repos/${FULL_NAME}/pulls/${c.issue}`,
            html_url: webUrl('pull', c.issue),
            diff_url: `${webUrl('pull', c.issue)}.diff`,
            patch_url: `${webUrl('pull', c.issue)}.patch`,
            merged_at: null,
          },
        }
      : {}),
  };
  p.comment = {
    ...(p.comment as Payload),
    id: c.id,
    body: c.body,
    user: accountJson(c.user),
    html_url: `${webUrl(target.isPullRequest ? 'pull' : 'issues', c.issue)}#issuecomment-${c.id}`,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
  p.repository = repositoryJson(defaultBranch);
  p.sender = accountJson(c.user);
  p.installation = installation;
  return p;
}

export function pullRequestLabeled(defaultBranch: string, pull: PullFacts, label: string, sender: Account): Payload {
  const p = example('pull_request', 'labeled', (e) => Boolean(e.installation));
  p.number = pull.number;
  p.pull_request = pullRequestJson(defaultBranch, pull, p.pull_request as Payload);
  p.label = { ...(p.label as Payload), name: label };
  p.repository = repositoryJson(defaultBranch);
  p.sender = accountJson(sender);
  p.installation = installation;
  return p;
}

export function pullRequestReviewSubmitted(defaultBranch: string, pull: PullFacts, r: SimReview): Payload {
  const p = example('pull_request_review', 'submitted', (e) => Boolean(e.installation));
  p.review = {
    ...(p.review as Payload),
    id: r.id,
    body: r.body,
    state: r.state,
    commit_id: r.commit_id,
    user: accountJson(r.user),
    submitted_at: r.submitted_at,
    html_url: `${webUrl('pull', pull.number)}#pullrequestreview-${r.id}`,
  };
  p.pull_request = pullRequestJson(defaultBranch, pull, p.pull_request as Payload);
  p.repository = repositoryJson(defaultBranch);
  p.sender = accountJson(r.user);
  p.installation = installation;
  return p;
}

export function workflowRunCompleted(defaultBranch: string, run: SimRun): Payload {
  const p = example('workflow_run', 'completed', (e) => typeof (e.workflow_run as Payload).display_title === 'string');
  p.workflow_run = { ...(p.workflow_run as Payload), ...runJson(run, defaultBranch) };
  p.workflow = { ...(p.workflow as Payload), name: run.workflow.name, path: run.workflow.path };
  p.repository = repositoryJson(defaultBranch);
  p.sender = accountJson(run.actor);
  p.installation = installation;
  return p;
}

/** What a workflow_dispatch run's job reads from GITHUB_EVENT_PATH. */
export function workflowDispatch(
  base: Payload,
  defaultBranch: string,
  o: { ref: string; workflowPath: string; sender: Account },
): Payload {
  return {
    ...base,
    ref: `refs/heads/${o.ref}`,
    workflow: o.workflowPath,
    repository: repositoryJson(defaultBranch),
    sender: accountJson(o.sender),
  };
}
