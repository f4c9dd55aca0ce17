import type { GitHubClient, RepoRef } from './client.js';
import { httpStatus } from './errors.js';

/**
 * A person's role on the repository, from the collaborator permission API
 * (the same source the other GitHub agents use): `permission` is the
 * classic admin/write/read/none, `role_name` the role (maintain, triage or
 * a custom role). Someone GitHub does not know as a user gets `none`.
 */
export async function collaboratorRole(
  client: GitHubClient,
  repo: RepoRef,
  login: string,
): Promise<{ permission: string; role_name: string | null }> {
  try {
    const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
    return { permission: data.permission, role_name: data.role_name ?? null };
  } catch (error) {
    if (httpStatus(error) === 404) return { permission: 'none', role_name: null };
    throw error;
  }
}
