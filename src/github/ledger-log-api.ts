import {
  droppedRowsOf,
  LedgerFormatError,
  legacyPath,
  parseLegacy,
  parseRowText,
  parseSnapshot,
  planDir,
  rowTextOf,
  snapshotPath,
  type LedgerRow,
  type LedgerSnapshot,
} from '../core/ledger/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { readRepoFile } from './contents.js';

/**
 * A plan's ledger in the commit format read over the API: its rows are the
 * messages of the commits that touched its folder (the commits API, oldest
 * row first once reversed), after the rows frozen when it was migrated. The
 * first page names the plan's last commit; every later page and the frozen
 * rows are read at that commit, so an append landing meanwhile is not half
 * read. `frozen`: the plan's folder holds `legacy.json` (a plan that began in
 * this format has none, and is spared the request).
 */
export async function readCommitRows(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
  o: { frozen: boolean },
): Promise<LedgerRow[]> {
  const messages: string[] = [];
  let at: string = branch;
  for (let page = 1; ; page++) {
    const res = await client.rest.repos.listCommits({
      ...repo,
      sha: at,
      path: planDir(planId),
      per_page: 100,
      page,
    });
    if (page === 1 && res.data[0]) at = res.data[0].sha;
    for (const c of res.data) messages.push(c.commit.message);
    if (res.data.length < 100) break;
  }
  const legacyText = o.frozen && messages.length > 0 ? await readRepoFile(client, repo, legacyPath(planId), at) : null;
  const legacy = legacyText === null ? null : parseLegacy(legacyText, planId);
  if (typeof legacy === 'string') throw new LedgerFormatError(`${branch}:${legacyPath(planId)}`, 0, legacy, planId);
  const raws: Array<string | { problem: string }> = [...(legacy?.lines ?? [])];
  const dropped = new Set<number>();
  for (const message of messages.reverse()) {
    const text = rowTextOf(message);
    for (const n of droppedRowsOf(message)) dropped.add(n);
    if (text !== null) raws.push(text);
  }
  const rows: LedgerRow[] = [];
  raws.forEach((raw, i) => {
    const line = i + 1;
    if (dropped.has(line)) return;
    const row = typeof raw === 'string' ? parseRowText(raw, planId) : raw.problem;
    if (typeof row === 'string') throw new LedgerFormatError(`${branch}:${planDir(planId)}`, line, row, planId);
    rows.push(row);
  });
  return rows;
}

/**
 * The plan's snapshot at the branch's tip, as its last append wrote it: one
 * request, for a reader that needs the state and not every row. The bot
 * cannot check it against the commit before (it keeps no clone) and takes it
 * as the branch gives it: what protects it is the branch's ruleset, which
 * lets only okstra's App push (security.md); null when there is none (a plan
 * not yet migrated, or one too large to snapshot).
 */
export async function readPlanSnapshot(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
): Promise<LedgerSnapshot | null> {
  const text = await readRepoFile(client, repo, snapshotPath(planId), branch);
  return text === null ? null : parseSnapshot(text, planId);
}
