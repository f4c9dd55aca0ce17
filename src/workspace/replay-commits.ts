import { Git } from '../git/git.js';
import type { StageWorkspace } from './stage-workspace.js';

const ENGINE_IDENTITY = {
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'engine@okstra.invalid',
};

// The user's signing setup must not make a replay prompt or fail; the replayed commits keep their authors.
const NO_SIGNING = ['-c', 'commit.gpgSign=false'];

export type Replayed =
  | { kind: 'replayed'; commit: string; count: number }
  | { kind: 'conflict'; commit: string; paths: string[] }
  | { kind: 'merges'; merges: string[] };

/**
 * The commits `from..tip` re-applied one by one on `onto` (what `git rebase
 * --onto onto from tip` does), in a detached worktree of okstra's own: no
 * ref moves here, the caller moves the branch when it may. A conflict is
 * reported with the commit and paths instead of being left half-applied, and
 * a range holding merge commits is not flattened.
 */
export async function replayCommits(
  workspace: StageWorkspace,
  range: { from: string; onto: string; tip: string },
): Promise<Replayed> {
  const git = workspace.git;
  const merges = (await git.ok(['rev-list', '--merges', `${range.from}..${range.tip}`])).split('\n').filter(Boolean);
  if (merges.length > 0) return { kind: 'merges', merges };
  const commits = (await git.ok(['rev-list', '--reverse', `${range.from}..${range.tip}`])).split('\n').filter(Boolean);
  if (commits.length === 0) return { kind: 'replayed', commit: range.onto, count: 0 };
  const dir = await workspace.addDetachedWorktree(range.onto);
  try {
    // okstra made this worktree a moment ago and no agent has been in it, so its .git pointer is okstra's own.
    const here = new Git(dir, ENGINE_IDENTITY);
    for (const commit of commits) {
      const picked = await here.run([
        ...NO_SIGNING,
        'cherry-pick',
        '--allow-empty',
        '--keep-redundant-commits',
        commit,
      ]);
      if (picked.exitCode !== 0) {
        const paths = (await here.run(['diff', '--name-only', '--diff-filter=U'])).stdout.split('\n').filter(Boolean);
        await here.run(['cherry-pick', '--abort']);
        return {
          kind: 'conflict',
          commit,
          paths:
            paths.length > 0
              ? paths
              : [`(git: ${(picked.stderr || picked.stdout).trim().split('\n').at(-1) ?? 'cherry-pick failed'})`],
        };
      }
    }
    return { kind: 'replayed', commit: await here.ok(['rev-parse', 'HEAD']), count: commits.length };
  } finally {
    await workspace.removeWorktree(dir);
  }
}
