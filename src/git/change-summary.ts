import type { Git } from './git.js';

/** What a change between two commits touched: the report's file list and its diff stat, from one git process. */
export interface ChangeSummary {
  /** Changed paths in git's order (a renamed file by its new path), as `diff --name-only` lists them. */
  files: string[];
  /** As `diff --shortstat` counts them: a binary file adds no lines. */
  stat: { files: number; insertions: number; deletions: number };
  /** Paths where a gitlink (a submodule's commit) was added, removed or moved: the plan's business alone. */
  gitlinks: string[];
  /** Paths a rename (or copy) took its content from: touched too, though `files` names only where it went. */
  renamedFrom: string[];
}

const GITLINK_MODE = '160000';

/**
 * One `diff --raw --numstat -z` instead of a `--name-only`, a `--shortstat`
 * and a look at the modes over the same two commits: every answer is in it.
 * Between two commits git reads no tree on disk, so submodules are compared
 * by their recorded commits (`--ignore-submodules=none` undoes okstra's
 * default, which exists for trees) and no nested repository is entered.
 */
export async function changeSummary(git: Git, base: string, head: string): Promise<ChangeSummary> {
  const out = await git.ok(['diff', '--raw', '--numstat', '-z', '--ignore-submodules=none', `${base}..${head}`]);
  return parseRawNumstat(out.split('\0'));
}

/** `diff --raw --numstat -z` output as fields: the raw records first, then the numstat ones. */
export function parseRawNumstat(fields: readonly string[]): ChangeSummary {
  const files: string[] = [];
  const gitlinks: string[] = [];
  const renamedFrom: string[] = [];
  let insertions = 0;
  let deletions = 0;
  let i = 0;
  // ":<old mode> <new mode> <old id> <new id> <status>" then the path, or for a rename or copy both paths.
  for (; i < fields.length && (fields[i] as string).startsWith(':'); i++) {
    const [oldMode, newMode, , , status = ''] = (fields[i] as string).slice(1).split(' ');
    const twoPaths = status.startsWith('R') || status.startsWith('C');
    const path = fields[i + (twoPaths ? 2 : 1)];
    if (path === undefined) throw new Error('git diff --raw ended inside a record');
    if (oldMode === GITLINK_MODE || newMode === GITLINK_MODE) gitlinks.push(path);
    if (twoPaths) renamedFrom.push(fields[i + 1] as string);
    i += twoPaths ? 2 : 1;
  }
  for (; i < fields.length; i++) {
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
  return { files, stat: { files: files.length, insertions, deletions }, gitlinks, renamedFrom };
}
