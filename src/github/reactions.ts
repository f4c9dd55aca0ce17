import type { GitHubClient, RepoRef } from './client.js';

export type Reaction = 'eyes' | 'rocket' | 'confused';

/**
 * A reaction on the comment that held a command: 👀 when okstra starts on
 * it, 🚀 once a run is dispatched, 😕 beside a refusal. Reactions only
 * decorate; a failure to add one is reported to the caller, never thrown.
 */
export async function reactToComment(
  client: GitHubClient,
  repo: RepoRef,
  commentId: number,
  content: Reaction,
): Promise<string | null> {
  try {
    await client.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
