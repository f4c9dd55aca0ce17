import type { GitHubClient, RepoRef } from './client.js';
import { httpStatus } from './errors.js';

/**
 * Files read through the contents API, for a process that has no checkout
 * (the bot): plans, the workflow file, the ledger and its reports.
 */

/**
 * A file's text at `ref` (the default branch when omitted), or null when
 * there is no such file. The raw media type returns the bytes themselves
 * and works for files up to 100 MB, where the JSON form stops at 1 MB.
 */
export async function readRepoFile(
  client: GitHubClient,
  repo: RepoRef,
  path: string,
  ref?: string,
): Promise<string | null> {
  try {
    const res = await client.request('GET /repos/{owner}/{repo}/contents/{path}', {
      ...repo,
      path,
      ...(ref ? { ref } : {}),
      mediaType: { format: 'raw' },
    });
    const data: unknown = res.data;
    if (typeof data !== 'string') throw new Error(`${path} at ${ref ?? 'the default branch'} is not a file`);
    return data;
  } catch (error) {
    if (httpStatus(error) === 404) return null;
    throw error;
  }
}

export interface DirectoryEntry {
  name: string;
  path: string;
  type: string;
  /** The entry's git object id (a file's blob id). */
  sha: string;
}

/** The entries directly in a folder at `ref`; empty when the folder does not exist. */
export async function listDirectory(
  client: GitHubClient,
  repo: RepoRef,
  path: string,
  ref?: string,
): Promise<DirectoryEntry[]> {
  try {
    const res = await client.rest.repos.getContent({ ...repo, path, ...(ref ? { ref } : {}) });
    if (!Array.isArray(res.data)) return [];
    return res.data.map((e) => ({ name: e.name, path: e.path, type: e.type, sha: e.sha }));
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
}
