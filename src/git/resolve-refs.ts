import type { Git } from './git.js';

/**
 * Several revisions resolved to commits by one git process (`cat-file
 * --batch-check`), where `rev-parse --verify` takes one each: intake asks for
 * the stage branch and every candidate base before it decides anything.
 * Each answer is the commit, or null when the revision names no commit.
 */
export async function resolveCommits(git: Git, revs: readonly string[]): Promise<Array<string | null>> {
  if (revs.length === 0) return [];
  // One line per revision on stdin: a name that could break a line (or is empty) is no revision.
  const usable = revs.map((r) => r !== '' && ![...r].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f));
  const asked = revs.filter((_, i) => usable[i]);
  const answers =
    asked.length === 0
      ? []
      : (
          await git.ok(['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
            input: asked.map((r) => `${r}^{commit}\n`).join(''),
          })
        ).split('\n');
  let next = 0;
  return revs.map((_, i) => {
    if (!usable[i]) return null;
    // "<oid> commit" when found; "<rev> missing" or "<rev> ambiguous" otherwise.
    const [oid, type] = (answers[next++] ?? '').split(' ');
    return type === 'commit' && oid && /^[0-9a-f]{40,64}$/.test(oid) ? oid : null;
  });
}
