import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Git } from './git.js';

const PLAN_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'planner@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'planner@okstra.invalid',
};

/**
 * One commit on the plan branch that sets the plan file, built in a private
 * index (the checkout is not touched) and pushed without force: a re-plan
 * stacks on the branch, whoever else pushed to it is never overwritten.
 * `tempDir` holds the private index for the call.
 */
export async function commitPlan(
  repoDir: string,
  workspace: { pushBranch(remote: string, branch: string): Promise<void> },
  remote: string,
  tempDir: string,
  c: { branch: string; parent: string; planPath: string; text: string; runId: string },
): Promise<string> {
  const git = new Git(repoDir);
  const index = join(tempDir, `okstra-plan-index-${process.pid}`);
  try {
    const env = { GIT_INDEX_FILE: index };
    await git.ok(['read-tree', c.parent], { env });
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: c.text });
    await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${c.planPath}`], { env });
    const tree = await git.ok(['write-tree'], { env });
    const message = `okstra plan: ${c.planPath}\n\nDrafted by okstra's planning run ${c.runId}.`;
    const commit = await git.ok(['commit-tree', tree, '-p', c.parent, '-m', message], { env: PLAN_IDENTITY });
    await git.ok(['update-ref', `refs/heads/${c.branch}`, commit]);
    await workspace.pushBranch(remote, c.branch);
    return commit;
  } finally {
    await rm(index, { force: true });
  }
}

/** When `commit` was committed (ISO 8601): a re-plan reads what people said on its pull request since. */
export async function commitTime(repoDir: string, commit: string): Promise<string> {
  return new Git(repoDir).ok(['log', '-1', '--format=%cI', commit]);
}
