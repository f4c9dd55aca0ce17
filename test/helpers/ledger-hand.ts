import { join } from 'node:path';
import type { Git } from '../../src/git/git.js';
import { tempDir } from './git-repos.js';

const BRANCH = 'refs/heads/okstra-ledger';

/**
 * One commit on the ledger branch made with plumbing, as a person (or a
 * forger) with push access could make it: path → content, or null to
 * delete; the message is theirs to choose.
 */
export async function handCommit(
  git: Git,
  edits: Record<string, string | null>,
  message = 'hand edit',
): Promise<string> {
  const env = { GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index') };
  const tip = await git.resolveCommit(BRANCH);
  if (tip) await git.ok(['read-tree', tip], { env });
  for (const [path, content] of Object.entries(edits)) {
    if (content === null) await git.ok(['update-index', '--force-remove', path], { env });
    else {
      const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: content });
      await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env });
    }
  }
  const tree = await git.ok(['write-tree'], { env });
  const commit = await git.ok(['commit-tree', tree, ...(tip ? ['-p', tip] : []), '-F', '-'], {
    env,
    input: message,
  });
  await git.ok(['update-ref', BRANCH, commit, ...(tip ? [tip] : [])]);
  return commit;
}

/** A file's exact bytes at a revision (git.ok would drop the final newline). */
export const showFile = async (git: Git, spec: string): Promise<string> =>
  (await git.run(['cat-file', 'blob', spec])).stdout;

/**
 * Rows added as a person (or a forger) with push access could add them: one
 * commit a row, its raw text in the message the way okstra's appends carry
 * it, touching nothing but a file of its own in the plan's folder (no carry,
 * no report, no snapshot). Returns the last commit.
 */
export async function handRows(git: Git, planId: string, rows: readonly string[]): Promise<string> {
  let last = '';
  for (const [i, raw] of rows.entries())
    last = await handCommit(
      git,
      { [`plans/${planId}/hand-edit.txt`]: `${Date.now()} ${i}\n` },
      `hand edit\n\nokstra-row: ${raw}\n`,
    );
  return last;
}
