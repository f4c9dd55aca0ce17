import type { Git } from './git.js';

/** What a change touched, from the trees alone: every path, and the new blobs of those added or modified. */
export interface ChangedEntries {
  paths: string[];
  /** Ids of the added and modified files' new content (a deleted file or a gitlink has none). */
  newBlobs: string[];
}

/** One record of `git diff-tree -r -z` without renames: the modes and ids on both sides, the status letter, the path. */
export interface RawDiffEntry {
  oldMode: string;
  newMode: string;
  oldId: string;
  newId: string;
  status: string;
  path: string;
}

/** Reads `git diff-tree -r -z --no-renames` output: ":<old mode> <new mode> <old id> <new id> <status>\0<path>\0" per entry. */
export function rawDiffEntries(raw: string): RawDiffEntry[] {
  const fields = raw.split('\0');
  const out: RawDiffEntry[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const header = fields[i] as string;
    if (!header.startsWith(':')) throw new Error(`git diff-tree printed ${JSON.stringify(header)} for a record`);
    const [oldMode = '', newMode = '', oldId = '', newId = '', status = ''] = header.slice(1).split(' ');
    out.push({ oldMode, newMode, oldId, newId, status, path: fields[i + 1] as string });
  }
  return out;
}

/**
 * One `diff-tree --raw` of the two trees: no blob is read and no rename is looked for, so 200,000 added files
 * cost a tree walk where `diff --numstat` would read and count the lines of each. What the size caps are judged
 * on before the full summary (src/git/change-summary.ts) is asked for.
 */
export async function changedEntries(git: Git, base: string, head: string): Promise<ChangedEntries> {
  const raw = await git.ok(['diff-tree', '-r', '-z', '--no-renames', base, head]);
  const entries = rawDiffEntries(raw);
  // A gitlink (160000) names a commit of another repository, not content of this one.
  const hasBlob = (e: RawDiffEntry): boolean =>
    e.newId !== '' && e.newMode !== '160000' && (e.status === 'A' || e.status === 'M' || e.status === 'T');
  return { paths: entries.map((e) => e.path), newBlobs: entries.filter(hasBlob).map((e) => e.newId) };
}

/** The bytes of `blobs` from one `cat-file --batch-check`, which sizes them without reading them: 700 MB costs what 1 byte does. */
export async function blobBytes(git: Git, blobs: readonly string[]): Promise<number> {
  if (blobs.length === 0) return 0;
  const sizes = await git.ok(['cat-file', '--batch-check=%(objectsize)'], { input: `${blobs.join('\n')}\n` });
  let total = 0;
  for (const line of sizes.split('\n')) {
    const size = Number(line);
    if (!Number.isSafeInteger(size)) throw new Error(`git cat-file --batch-check printed ${JSON.stringify(line)}`);
    total += size;
  }
  return total;
}
