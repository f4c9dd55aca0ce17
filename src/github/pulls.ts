import type { GitHubClient, RepoRef } from './client.js';

/** What the bot needs to know about a pull request before it acts on it. */
export interface PullRequestFacts {
  number: number;
  state: string;
  headSha: string;
  /** The head branch's name (in `headRepo`). */
  headRef: string;
  /** `owner/name` of the head repository; null when the fork was deleted. */
  headRepo: string | null;
  baseRepo: string;
  htmlUrl: string;
}

export async function pullRequestFacts(client: GitHubClient, repo: RepoRef, number: number): Promise<PullRequestFacts> {
  const { data } = await client.rest.pulls.get({ ...repo, pull_number: number });
  return {
    number: data.number,
    state: data.state,
    headSha: data.head.sha,
    headRef: data.head.ref,
    headRepo: data.head.repo?.full_name ?? null,
    baseRepo: data.base.repo.full_name,
    htmlUrl: data.html_url,
  };
}

/** A pull request whose head lives in another repository (or in a deleted one) runs code okstra must not trust with secrets. */
export function isFromFork(pr: Pick<PullRequestFacts, 'headRepo' | 'baseRepo'>): boolean {
  return pr.headRepo === null || pr.headRepo.toLowerCase() !== pr.baseRepo.toLowerCase();
}

/** The files a pull request adds, changes, renames or removes (GitHub lists up to 3,000). */
export async function changedFiles(
  client: GitHubClient,
  repo: RepoRef,
  number: number,
): Promise<Array<{ path: string; status: string }>> {
  const files = await client.paginate(client.rest.pulls.listFiles, { ...repo, pull_number: number, per_page: 100 });
  return files.map((f) => ({ path: f.filename, status: f.status }));
}

/** Open pull requests whose head is `sha` (a check run on a fork's commit does not list its pull request). */
export async function pullRequestsForCommit(client: GitHubClient, repo: RepoRef, sha: string): Promise<number[]> {
  const { data } = await client.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha });
  return data.filter((p) => p.state === 'open').map((p) => p.number);
}
