import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { tokenHeader } from '../../src/git/credentials.js';
import { Git } from '../../src/git/git.js';

/**
 * The token where actions/checkout persists it: in `.git/config` (up to v5)
 * and in a `$RUNNER_TEMP/git-credentials-<uuid>.config` that `.git/config`
 * includes for the checkout and its worktrees (v6). A real checkout has one
 * of the two; this one has both, so one run covers both layouts. Returns the
 * two config files.
 */
export async function persistCheckoutCredentials(
  workspace: string,
  runnerTemp: string,
  token: string,
): Promise<string[]> {
  const git = new Git(workspace);
  const header = tokenHeader(token);
  await git.ok(['config', '--local', 'http.https://github.com/.extraheader', header]);
  const credFile = join(runnerTemp, `git-credentials-${randomUUID()}.config`);
  await git.ok(['config', '--file', credFile, 'http.https://github.com/.extraheader', header]);
  const gitDir = join(workspace, '.git');
  await git.ok(['config', '--local', `includeIf.gitdir:${gitDir}.path`, credFile]);
  await git.ok(['config', '--local', `includeIf.gitdir:${gitDir}/worktrees/*.path`, credFile]);
  await git.ok([
    'config',
    '--local',
    'includeIf.gitdir:/github/workspace/.git.path',
    `/github/runner_temp/${credFile.split('/').pop() ?? ''}`,
  ]);
  return [join(gitDir, 'config'), credFile];
}
