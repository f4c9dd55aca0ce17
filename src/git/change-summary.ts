import type { Git } from './git.js';

/** What a change between two commits touched: the report's file list and its diff stat, from one git process. */
export interface ChangeSummary {
  /** Changed paths in git's order (a renamed file by its new path), as `diff --name-only` lists them. */
  files: string[];
  /** As `diff --shortstat` counts them: a binary file adds no lines. */
  stat: { files: number; insertions: number; deletions: number };
}

/**
 * One `diff --numstat -z` instead of a `--name-only` and a `--shortstat`
 * over the same two commits: both answers are in it.
 */
export async function changeSummary(git: Git, base: string, head: string): Promise<ChangeSummary> {
  const fields = (await git.ok(['diff', '--numstat', '-z', `${base}..${head}`])).split('\0');
  const files: string[] = [];
  let insertions = 0;
  let deletions = 0;
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i] as string;
    if (entry === '') continue;
    // "<added>\t<deleted>\t<path>", or for a rename "<added>\t<deleted>\t" then the old and the new path.
    const [added, deleted, path] = entry.split('\t');
    if (added === undefined || deleted === undefined || path === undefined)
      throw new Error(`git diff --numstat printed a line it should not: ${JSON.stringify(entry)}`);
    insertions += added === '-' ? 0 : Number(added);
    deletions += deleted === '-' ? 0 : Number(deleted);
    if (path !== '') files.push(path);
    else {
      const renamedTo = fields[i + 2];
      if (renamedTo === undefined) throw new Error('git diff --numstat ended inside a rename');
      files.push(renamedTo);
      i += 2;
    }
  }
  return { files, stat: { files: files.length, insertions, deletions } };
}
