import type { GitHubClient, RepoRef } from './client.js';

/**
 * The sticky report comment: one comment per plan and stage on a pull
 * request, found again by the hidden marker its body starts with and edited
 * in place, so re-runs do not pile up comments.
 */
export async function upsertStickyComment(
  client: GitHubClient,
  repo: RepoRef,
  prNumber: number,
  body: string,
  isOurs: (existingBody: string) => boolean,
): Promise<{ id: number; action: 'created' | 'updated' }> {
  const comments = await client.paginate(client.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100,
  });
  const existing = comments.find((c) => typeof c.body === 'string' && isOurs(c.body));
  if (existing) {
    await client.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
    return { id: existing.id, action: 'updated' };
  }
  const created = await client.rest.issues.createComment({ ...repo, issue_number: prNumber, body });
  return { id: created.data.id, action: 'created' };
}
