import { createHash } from 'node:crypto';
import { LedgerFormatError, ledgerPath, parseLedgerLines, planDir, type LedgerRow } from '../core/ledger/index.js';
import { gitBlobId } from '../core/git-object-id.js';
import type { GitHubClient, RepoRef } from './client.js';
import { listDirectory, readRepoFile, type DirectoryEntry } from './contents.js';

/**
 * A plan's ledger in the format before rows were commits, read over the API
 * until its next append migrates it: its sealed segments
 * (`plans/<id>/ledger/NNNNNN.jsonl`) in order, then the live `ledger.jsonl`.
 * An append may seal the live file between two requests, so every file read
 * must hash to what the plan folder's listing said; when it does not, the
 * caller reads again.
 */

/** The old format's folder of sealed segments. */
function segmentDir(planId: string): string {
  return `${planDir(planId)}/ledger`;
}

/** The rows, or null when a file read does not match the folder's listing (the branch moved). */
export async function readLegacyOnce(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
  plan: readonly DirectoryEntry[],
): Promise<LedgerRow[] | null> {
  const live = plan.find((e) => e.name === 'ledger.jsonl' && e.type === 'file');
  const folder = plan.find((e) => e.name === 'ledger');
  const files: { path: string; sha: string }[] = [];
  if (folder) {
    const where = `${branch}:${segmentDir(planId)}`;
    if (folder.type !== 'dir')
      throw new LedgerFormatError(where, 0, "is not a folder; that path holds the ledger's sealed segments");
    const listed = await listDirectory(client, repo, segmentDir(planId), branch);
    // Checked first: a folder holding something other than segments is no snapshot to wait out, and its tree id
    // (gitTreeId counts plain files only) would never match.
    const ordered = orderSegments(where, listed);
    if (gitTreeId(listed) !== folder.sha) return null;
    for (const e of ordered) files.push({ path: e.path, sha: e.sha });
  }
  if (live) files.push({ path: ledgerPath(planId), sha: live.sha });
  const rows: LedgerRow[] = [];
  for (const f of files) {
    const text = await readRepoFile(client, repo, f.path, branch);
    if (text === null || gitBlobId(text) !== f.sha) return null;
    const offset = rows.length;
    for (const l of parseLedgerLines(text, { path: `${branch}:${f.path}`, planId })) {
      if ('row' in l) {
        rows.push(l.row);
        continue;
      }
      // With segments a message names the file and its line there, and the plan-wide line repair takes.
      throw new LedgerFormatError(
        `${branch}:${f.path}`,
        l.line + offset,
        l.problem,
        planId,
        folder ? l.line : undefined,
      );
    }
  }
  return rows;
}

/**
 * The id git gives a folder of plain files (100644) with these entries: what
 * the plan folder's listing says the segment folder is, when nothing moved.
 */
function gitTreeId(entries: readonly DirectoryEntry[]): string {
  // git orders a tree's entries by name bytes (a folder's name as if it ended in "/"; segments are files).
  const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const body = Buffer.concat(
    sorted.map((e) => Buffer.concat([Buffer.from(`100644 ${e.name}\0`), Buffer.from(e.sha, 'hex')])),
  );
  return createHash('sha1').update(`tree ${body.length}\0`).update(body).digest('hex');
}

/**
 * The segment entries in reading order, checked: every entry a file named
 * NNNNNN.jsonl, numbered 1, 2, … without a gap (a gap would silently lose rows
 * and shift every later line number). `where` is the folder as users name it.
 */
function orderSegments(where: string, entries: readonly DirectoryEntry[]): DirectoryEntry[] {
  const numbered: { n: number; entry: DirectoryEntry }[] = [];
  for (const entry of entries) {
    const m = /^(\d{6})\.jsonl$/.exec(entry.name);
    if (!m || entry.type !== 'file')
      throw layoutError(
        where,
        `holds "${entry.name}", which is not a ledger segment (only files 000001.jsonl, 000002.jsonl, … belong there); move it out of the folder with a commit on the ledger branch`,
      );
    numbered.push({ n: Number(m[1]), entry });
  }
  numbered.sort((a, b) => a.n - b.n);
  numbered.forEach(({ n }, i) => {
    if (n !== i + 1) throw layoutError(where, `segment ${String(i + 1).padStart(6, '0')}.jsonl is missing`);
  });
  return numbered.map((s) => s.entry);
}

function layoutError(where: string, detail: string): LedgerFormatError {
  const error = new LedgerFormatError(where, 0, detail);
  error.message = `${where}: ${detail}`;
  return error;
}
