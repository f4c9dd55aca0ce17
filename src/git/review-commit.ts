import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInstructionFile } from '../core/scope/instruction-files.js';
import { rawDiffEntries } from './change-size.js';
import type { Git } from './git.js';

/** What reviewers of base..head read: a commit, and the instruction files put back in it (empty: the head itself). */
export interface ReviewTree {
  commit: string;
  /** Paths (as UTF-8 text) whose head version was replaced by the base's, or removed because the base has none. */
  restored: string[];
}

/**
 * Who made a review commit, and when: fixed, so the same base and head always
 * give the same commit (a second run reuses it, and nothing in it says when a
 * run happened).
 */
const REVIEW_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'engine@okstra.invalid',
  GIT_AUTHOR_DATE: '946684800 +0000',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'engine@okstra.invalid',
  GIT_COMMITTER_DATE: '946684800 +0000',
};

/** One instruction path the change touched: what the base held there (mode `000000`: nothing). */
interface Touched {
  /** One character per byte (latin1), as git printed it: a path that is not UTF-8 survives into update-index. */
  path: string;
  baseMode: string;
  baseId: string;
}

/**
 * The commit every reviewer of base..head reads (docs/security.md, "What
 * reviewers load"): `head` itself when the change touched no file an agent CLI
 * loads as instructions (src/core/scope/instruction-files.ts) — one git
 * process — else a new commit, on no branch, whose parent is `head` and whose
 * tree is head's with each such file as it is at `base`: added ones gone,
 * changed ones reverted, deleted ones back. The executor's words stay in the
 * diff reviewers are shown (base..head), as evidence, and never reach them as
 * instructions their CLI loads from the tree.
 */
export async function reviewCommit(git: Git, base: string, head: string): Promise<string> {
  return (await reviewTree(git, base, head)).commit;
}

/** {@link reviewCommit} with the paths it put back, for the reviewers' prompt. */
export async function reviewTree(git: Git, base: string, head: string): Promise<ReviewTree> {
  const touched = await touchedInstructionFiles(git, base, head);
  if (touched.length === 0) return { commit: head, restored: [] };
  const commit = await restoredCommit(git, base, head, touched);
  return { commit, restored: touched.map((t) => Buffer.from(t.path, 'latin1').toString('utf8')) };
}

/**
 * The instruction paths that differ between the two commits, from one
 * `diff-tree` of their trees: no blob is read, no rename is looked for (a
 * rename is a deletion and an addition, both restored), and a gitlink is
 * compared by its recorded commit.
 */
async function touchedInstructionFiles(git: Git, base: string, head: string): Promise<Touched[]> {
  const raw = await git.ok(['diff-tree', '-r', '-z', '--no-renames', '--ignore-submodules=none', base, head], {
    encoding: 'latin1',
  });
  return rawDiffEntries(raw)
    .filter((e) => isInstructionFile(e.path))
    .map((e) => ({ path: e.path, baseMode: e.oldMode, baseId: e.oldId }));
}

/**
 * head's tree with `touched` as at the base, built in a private index (no
 * tree on disk, no ref is written), committed on top of head. Every touched
 * path is removed first and the base's entries added after, so a file that
 * became a folder (or the other way round) comes back whole.
 */
async function restoredCommit(git: Git, base: string, head: string, touched: readonly Touched[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'okstra-review-index-'));
  const env = { GIT_INDEX_FILE: join(dir, 'index') };
  try {
    await git.ok(['read-tree', head], { env });
    const none = '0'.repeat(touched[0]?.baseId.length ?? 40);
    const removed = touched.map((t) => `0 ${none}\t${t.path}\0`);
    const restored = touched
      .filter((t) => !/^0+$/.test(t.baseMode))
      .map((t) => `${t.baseMode} ${t.baseId}\t${t.path}\0`);
    await git.ok(['update-index', '-z', '--index-info'], {
      env,
      input: [...removed, ...restored].join(''),
      encoding: 'latin1',
    });
    const tree = await git.ok(['write-tree'], { env });
    const message = `okstra: review tree of ${head}\n\nThe agent instruction files as they are at ${base}; never on a branch.`;
    return await git.ok(['commit-tree', tree, '-p', head, '-m', message], { env: REVIEW_IDENTITY });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
