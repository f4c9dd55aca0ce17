import { createHash } from 'node:crypto';
import {
  LedgerFormatError,
  ledgerPath,
  orderSegments,
  parseLedgerLines,
  planDir,
  segmentDir,
  type LedgerRow,
} from '../core/ledger/index.js';
import { gitBlobId } from '../core/git-object-id.js';
import type { GitHubClient, RepoRef } from './client.js';
import { listDirectory, readRepoFile, type DirectoryEntry } from './contents.js';

/**
 * The ledger branch read over the API, for the bot, which keeps no clone.
 * Reads only: the Action is the one writer (with compare-and-swap pushes).
 *
 * A plan's ledger is its sealed segments (`plans/<id>/ledger/NNNNNN.jsonl`)
 * then the live `ledger.jsonl`, and an append may seal the live file between
 * two requests. So the plan's folder is listed first (one snapshot of the live
 * file's blob id and the segment folder's tree id), and every file read after
 * must hash to what that snapshot says; when the branch moved in between, the
 * whole read starts again. A plan without the segment folder costs one
 * request more than the one-file read did.
 */

/**
 * Segments' texts by blob id: a sealed segment never changes, so the bot reads
 * each once per process however often it reads the ledger (the listing's id
 * names the content, whichever repository it is in). Bounded: the oldest
 * entries go first once it holds SEGMENT_CACHE_SIZE (SEAL_CHARS, 64 KiB, each at most).
 */
const segmentCache = new Map<string, string>();
const SEGMENT_CACHE_SIZE = 256;

/** Empties the segment cache: for tests that count the requests one read makes. */
export function forgetSegments(): void {
  segmentCache.clear();
}

function rememberSegment(sha: string, text: string): void {
  segmentCache.delete(sha);
  segmentCache.set(sha, text);
  for (const oldest of segmentCache.keys()) {
    if (segmentCache.size <= SEGMENT_CACHE_SIZE) break;
    segmentCache.delete(oldest);
  }
}

/** How often a read that met a moving branch starts again before giving up. */
const READ_ATTEMPTS = 4;

/** The plan's ledger rows on `branch`; none when the plan has no ledger yet. A corrupt line throws (LedgerFormatError). */
export async function readLedgerRows(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
): Promise<LedgerRow[]> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
    const rows = await readOnce(client, repo, branch, planId);
    if (rows) return rows;
  }
  throw new Error(
    `the ledger of plan ${planId} on ${branch} changed during each of ${READ_ATTEMPTS} reads (or a file there is not UTF-8 text); try again`,
  );
}

/** The rows, or null when a file read does not match the folder's listing (the branch moved). */
async function readOnce(
  client: GitHubClient,
  repo: RepoRef,
  branch: string,
  planId: string,
): Promise<LedgerRow[] | null> {
  const plan = await listDirectory(client, repo, planDir(planId), branch);
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
    const sealed = f.path !== ledgerPath(planId);
    const text = (sealed ? segmentCache.get(f.sha) : undefined) ?? (await readRepoFile(client, repo, f.path, branch));
    if (text === null || gitBlobId(text) !== f.sha) return null;
    if (sealed) rememberSegment(f.sha, text);
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
