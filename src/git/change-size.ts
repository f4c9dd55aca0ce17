import type { Git } from './git.js';

/** What a change touched, from the trees alone: every path, and the new blobs of those added or modified. */
export interface ChangedEntries {
  paths: string[];
  /** Ids of the added and modified files' new content (a deleted file or a gitlink has none). */
  newBlobs: string[];
}

/**
 * One `diff-tree --raw` of the two trees: no blob is read and no rename is looked for, so 200,000 added files
 * cost a tree walk where `diff --numstat` would read and count the lines of each. What the size caps are judged
 * on before the full summary (src/git/change-summary.ts) is asked for.
 */
export async function changedEntries(git: Git, base: string, head: string): Promise<ChangedEntries> {
  const raw = await git.ok(['diff-tree', '-r', '-z', '--no-renames', base, head]);
  const paths: string[] = [];
  const newBlobs: string[] = [];
  // ":<old mode> <new mode> <old id> <new id> <status>\0<path>\0" per entry.
  const fields = raw.split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const header = fields[i] as string;
    if (!header.startsWith(':')) throw new Error(`git diff-tree printed ${JSON.stringify(header)} for a record`);
    const [, newMode, , newId, status] = header.slice(1).split(' ');
    paths.push(fields[i + 1] as string);
    // A gitlink (160000) names a commit of another repository, not content of this one.
    if (newId !== undefined && newMode !== '160000' && (status === 'A' || status === 'M' || status === 'T'))
      newBlobs.push(newId);
  }
  return { paths, newBlobs };
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
