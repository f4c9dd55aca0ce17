import type { GitHubClient, RepoRef } from './client.js';
import { httpStatus } from './errors.js';

/** A plain comment on an issue or pull request (the bot's replies). */
export async function postComment(client: GitHubClient, repo: RepoRef, number: number, body: string): Promise<number> {
  const res = await client.rest.issues.createComment({ ...repo, issue_number: number, body });
  return res.data.id;
}

/** Takes a label off a pull request; already gone is fine (another delivery or a person removed it). */
export async function removeLabel(client: GitHubClient, repo: RepoRef, number: number, name: string): Promise<void> {
  try {
    await client.rest.issues.removeLabel({ ...repo, issue_number: number, name });
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
  }
}
