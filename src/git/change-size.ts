import type { Git } from './git.js';

/**
 * The paths a change touched, from the trees alone: no blob is read and no rename is looked for, so 200,000
 * added files cost a tree walk where `diff --numstat` would read and count the lines of each. What the size caps
 * are judged on before the full summary (src/git/change-summary.ts) is asked for.
 */
export async function changedPaths(git: Git, base: string, head: string): Promise<string[]> {
  const raw = await git.ok(['diff-tree', '-r', '-z', '--name-only', '--no-renames', base, head]);
  return raw.split('\0').filter(Boolean);
}

/**
 * The bytes of every file a change added or modified (its new content; a deleted file adds nothing), from two git
 * processes whatever the number of files: `diff-tree` names the new blobs, `cat-file --batch-check` sizes them
 * without reading them, so a 700 MB file costs what a small one does.
 */
export async function changedBytes(git: Git, base: string, head: string): Promise<number> {
  const raw = await git.ok(['diff-tree', '-r', '-z', '--no-renames', '--diff-filter=AMT', base, head]);
  const blobs: string[] = [];
  // ":<old mode> <new mode> <old id> <new id> <status>\0<path>\0" per entry.
  for (const field of raw.split('\0')) {
    if (!field.startsWith(':')) continue;
    const [, newMode, , newId] = field.slice(1).split(' ');
    // A gitlink (160000) names a commit of another repository, not content of this one.
    if (newId !== undefined && newMode !== '160000') blobs.push(newId);
  }
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
