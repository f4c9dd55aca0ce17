import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Git } from './git.js';

/** Pathspecs taken as they are written: a file named `*.md` or `:(top)x` names itself. */
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

/**
 * A commit on no branch whose tree is `onto`'s with `paths` as they are in
 * `from`, built in a private index (no checkout is touched; five git
 * processes), with the paths `from` held. A path `from` does not hold is left as `onto` has it
 * (`absent: 'keep'`) or removed (`absent: 'remove'`). What okstra runs the
 * stage's new tests on at its base (the tests over the old code), and what
 * reviewers read (the head with its instruction files from the base).
 */
export async function overlayCommit(
  git: Git,
  c: { onto: string; from: string; paths: readonly string[]; absent: 'keep' | 'remove'; message: string },
): Promise<{ commit: string; taken: string[] }> {
  if (c.paths.length === 0) return { commit: c.onto, taken: [] };
  const dir = await mkdtemp(join(tmpdir(), 'okstra-overlay-'));
  try {
    const env = { ...LITERAL, GIT_INDEX_FILE: join(dir, 'index') };
    await git.ok(['read-tree', c.onto], { env });
    const listed = await git.ok(['ls-tree', '-r', '-z', '--full-tree', c.from, '--', ...c.paths], { env: LITERAL });
    const entries = listed.split('\0').filter((e) => e !== '');
    const found = new Set(entries.map((e) => e.slice(e.indexOf('\t') + 1)));
    const zero = '0'.repeat(c.onto.length === 64 ? 64 : 40);
    // Mode 0 takes a path out of the index.
    const removed = c.absent === 'remove' ? c.paths.filter((p) => !found.has(p)).map((p) => `0 ${zero}\t${p}`) : [];
    const info = [...entries, ...removed];
    const taken = [...found].sort();
    if (info.length === 0) return { commit: c.onto, taken };
    await git.ok(['update-index', '-z', '--index-info'], { env, input: info.map((e) => `${e}\0`).join('') });
    const tree = await git.ok(['write-tree'], { env });
    return { commit: await git.ok(['commit-tree', tree, '-p', c.onto, '-m', c.message]), taken };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
