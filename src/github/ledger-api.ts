import type { LedgerRow } from '../core/ledger/index.js';
import { planDir } from '../core/ledger/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { listDirectory, readRepoFile } from './contents.js';
import { readLegacyOnce } from './ledger-legacy-api.js';
import { readCommitRows } from './ledger-log-api.js';

/**
 * The ledger branch read over the API, for the bot, which keeps no clone.
 * Reads only: the Action is the one writer (with compare-and-swap pushes).
 * A plan's rows are the commits that carry them (ledger-log-api.ts); a plan
 * whose folder still holds the JSONL format's files (`ledger.jsonl`, sealed
 * segments in `ledger/`) and no frozen rows (`legacy.json`: the append that
 * migrates a plan writes them and removes those files) is read as that
 * format (ledger-legacy-api.ts).
 */

/** How often a read that met a moving branch starts again before giving up. */
const READ_ATTEMPTS = 4;

/** The plan's ledger rows on `branch`; none when the plan has no ledger yet. A corrupt row throws (LedgerFormatError). */
export async function readLedgerRows(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
): Promise<LedgerRow[]> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
    const plan = await listDirectory(client, repo, planDir(planId), branch);
    if (plan.length === 0) return [];
    // The commit that migrates a plan freezes the old rows in legacy.json and removes the old files; every plan
    // without them is read from its commits, with a snapshot or not (an append that writes none removes the one before).
    const unmigrated =
      !plan.some((e) => e.name === 'legacy.json') && plan.some((e) => e.name === 'ledger.jsonl' || e.name === 'ledger');
    // legacy.json, once written, stays; a plan whose folder never had it cannot gain it (only a migration writes
    // it, from files this listing would show), so its absence here spares the read.
    if (!unmigrated)
      return readCommitRows(client, repo, branch, planId, { frozen: plan.some((e) => e.name === 'legacy.json') });
    const rows = await readLegacyOnce(client, repo, branch, planId, plan);
    if (rows) return rows;
  }
  throw new Error(
    `the ledger of plan ${planId} on ${branch} changed during each of ${READ_ATTEMPTS} reads (or a file there is not UTF-8 text); try again`,
  );
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
