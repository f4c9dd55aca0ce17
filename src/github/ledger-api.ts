import { ledgerPath, parseLedger, type LedgerRow } from '../core/ledger/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { readRepoFile } from './contents.js';

/**
 * The ledger branch read over the API, for the bot, which keeps no clone.
 * Reads only: the Action is the one writer (with compare-and-swap pushes),
 * and rows are only ever appended, so a read at the branch tip is a
 * consistent prefix of the ledger.
 */

/** The plan's ledger rows on `branch`; none when the plan has no ledger yet. A corrupt line throws (LedgerFormatError). */
export async function readLedgerRows(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
): Promise<LedgerRow[]> {
  const path = ledgerPath(planId);
  const text = await readRepoFile(client, repo, path, branch);
  return text === null ? [] : parseLedger(text, { path, planId });
}

/** A stored report's JSON (a row's `report_path`), or null when the file is missing. Throws on invalid JSON. */
export async function readReportJson(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  path: string,
): Promise<unknown> {
  const text = await readRepoFile(client, repo, path, branch);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${path} on ${branch} is not valid JSON (${(error as Error).message})`, { cause: error });
  }
}
