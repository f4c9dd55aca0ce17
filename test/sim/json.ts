/**
 * The JSON GitHub answers with for the simulation's objects: the fields
 * okstra and Probot read, named and shaped as GitHub's REST API names them.
 */
import { REPO } from '../action/harness.js';
import type { Account, SimCheck, SimComment, SimPull, SimReview, SimRun } from './state.js';

export const API_ROOT = 'https://api.github.com';
export const WEB_ROOT = 'https://github.com';
export const FULL_NAME = `${REPO.owner}/${REPO.repo}`;
export const REPO_ID = 1296269;
export const INSTALLATION_ID = 1;
export const APP_ID = 1;
const apiBase = `${API_ROOT}/repos/${FULL_NAME}`;
const webBase = `${WEB_ROOT}/${FULL_NAME}`;

export function accountJson(a: Account): Record<string, unknown> {
  return {
    login: a.login,
    id: a.id,
    node_id: `U_${a.id}`,
    type: a.type,
    site_admin: false,
    html_url: `${WEB_ROOT}/${a.login}`,
    url: `${API_ROOT}/users/${a.login}`,
  };
}

export function repositoryJson(defaultBranch: string): Record<string, unknown> {
  return {
    id: REPO_ID,
    node_id: 'R_sim',
    name: REPO.repo,
    full_name: FULL_NAME,
    private: false,
    fork: false,
    owner: { login: REPO.owner, id: 9919, type: 'Organization' },
    html_url: webBase,
    url: apiBase,
    default_branch: defaultBranch,
  };
}

/** A fork of the repository, as a pull request's `head.repo` names it. */
export function forkRepositoryJson(fullName: string): Record<string, unknown> {
  const [owner = '', name = ''] = fullName.split('/');
  return {
    id: REPO_ID + 1 + (fullName.length % 1000),
    node_id: 'R_sim_fork',
    name,
    full_name: fullName,
    private: false,
    fork: true,
    owner: { login: owner, id: 9920, type: 'User' },
    html_url: `${WEB_ROOT}/${fullName}`,
    url: `${API_ROOT}/repos/${fullName}`,
  };
}

export function checkJson(c: SimCheck, pullRequests: Array<{ number: number; head: string; sha: string }>) {
  return {
    id: c.id,
    node_id: `CR_${c.id}`,
    name: c.name,
    head_sha: c.head_sha,
    status: c.status,
    conclusion: c.conclusion,
    started_at: c.started_at,
    completed_at: c.completed_at,
    details_url: c.details_url,
    external_id: c.external_id,
    url: `${apiBase}/check-runs/${c.id}`,
    html_url: `${webBase}/runs/${c.id}`,
    output: {
      ...c.output,
      annotations_count: c.annotations.length,
      annotations_url: `${apiBase}/check-runs/${c.id}/annotations`,
    },
    check_suite: { id: c.suiteId },
    app:
      c.app === 'okstra'
        ? { id: APP_ID, slug: 'okstra', name: 'okstra' }
        : { id: 15368, slug: 'github-actions', name: 'GitHub Actions' },
    pull_requests: pullRequests.map((p) => ({
      number: p.number,
      id: p.number,
      url: `${apiBase}/pulls/${p.number}`,
      head: { ref: p.head, sha: p.sha, repo: { id: REPO_ID, name: REPO.repo, url: apiBase } },
      base: { ref: 'main', sha: '', repo: { id: REPO_ID, name: REPO.repo, url: apiBase } },
    })),
  };
}

export function commentJson(c: SimComment): Record<string, unknown> {
  const count = (content: string): number => c.reactions.filter((r) => r.content === content).length;
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    body: c.body,
    user: accountJson(c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    html_url: `${webBase}/pull/${c.issue}#issuecomment-${c.id}`,
    issue_url: `${apiBase}/issues/${c.issue}`,
    url: `${apiBase}/issues/comments/${c.id}`,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    reactions: {
      total_count: c.reactions.length,
      '+1': count('+1'),
      '-1': count('-1'),
      laugh: count('laugh'),
      confused: count('confused'),
      heart: count('heart'),
      hooray: count('hooray'),
      eyes: count('eyes'),
      rocket: count('rocket'),
      url: `${apiBase}/issues/comments/${c.id}/reactions`,
    },
  };
}

export function pullJson(p: SimPull, headSha: string | null, baseSha: string | null, defaultBranch: string) {
  const repo = repositoryJson(defaultBranch);
  return {
    id: p.number,
    node_id: `PR_${p.number}`,
    number: p.number,
    state: p.state,
    title: p.title,
    body: p.body,
    draft: p.draft,
    merged: false,
    user: accountJson(p.user),
    labels: p.labels.map((name) => ({ name })),
    created_at: p.created_at,
    html_url: `${webBase}/pull/${p.number}`,
    url: `${apiBase}/pulls/${p.number}`,
    head: {
      ref: p.head,
      sha: headSha ?? '0'.repeat(40),
      label: `${p.fork ? p.fork.split('/')[0] : REPO.owner}:${p.head}`,
      repo: p.fork ? forkRepositoryJson(p.fork) : repo,
    },
    base: { ref: p.base, sha: baseSha ?? '0'.repeat(40), label: `${REPO.owner}:${p.base}`, repo },
  };
}

export function reviewJson(r: SimReview): Record<string, unknown> {
  return {
    id: r.id,
    node_id: `PRR_${r.id}`,
    user: accountJson(r.user),
    state: r.state,
    body: r.body,
    commit_id: r.commit_id,
    submitted_at: r.submitted_at,
    html_url: `${webBase}/pull/${r.pull}#pullrequestreview-${r.id}`,
    pull_request_url: `${apiBase}/pulls/${r.pull}`,
  };
}

export function runJson(r: SimRun, defaultBranch: string): Record<string, unknown> {
  const repo = repositoryJson(defaultBranch);
  return {
    id: r.id,
    node_id: `WFR_${r.id}`,
    name: r.workflow.name,
    display_title: r.displayTitle,
    run_number: r.runNumber,
    run_attempt: r.attempt,
    event: r.event,
    status: r.status,
    conclusion: r.conclusion,
    head_branch: r.headBranch,
    head_sha: r.headSha,
    path: r.workflow.path,
    workflow_id: workflowId(r.workflow.file),
    check_suite_id: r.id + 1,
    html_url: `${webBase}/actions/runs/${r.id}`,
    url: `${apiBase}/actions/runs/${r.id}`,
    cancel_url: `${apiBase}/actions/runs/${r.id}/cancel`,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    run_started_at: r.runStartedAt,
    actor: accountJson(r.actor),
    triggering_actor: accountJson(r.actor),
    pull_requests: [],
    repository: repo,
    head_repository: repo,
  };
}

/** A stable numeric id per workflow file, as GitHub gives each workflow one. */
export function workflowId(file: string): number {
  let h = 0;
  for (const ch of file) h = (h * 31 + ch.charCodeAt(0)) % 1_000_000;
  return 160_000_000 + h;
}

export const webUrl = (kind: string, n: number | string): string => `${webBase}/${kind}/${n}`;
