import { describe, expect, it } from 'vitest';
import { resolveCommits } from '../../src/git/resolve-refs.js';
import { makeRepo } from '../helpers/git-repos.js';

describe('resolveCommits', () => {
  it('answers each revision in order from one call: the commit, or null for what names none', async () => {
    const { git } = await makeRepo();
    const head = await git.ok(['rev-parse', 'HEAD']);
    await git.ok(['tag', '-a', '-m', 'annotated', 'v1']);
    const tree = await git.ok(['rev-parse', 'HEAD^{tree}']);
    expect(
      await resolveCommits(git, ['refs/heads/main', 'refs/heads/okstra/p/stage-1', 'HEAD', 'v1', tree, 'main~5']),
    ).toEqual([head, null, head, head, null, null]);
  });

  it('refuses names that would break its input lines without asking git about them', async () => {
    const { git } = await makeRepo();
    const head = await git.ok(['rev-parse', 'HEAD']);
    expect(await resolveCommits(git, ['main\nHEAD', '', 'main with space', 'main'])).toEqual([null, null, null, head]);
    expect(await resolveCommits(git, [])).toEqual([]);
  });

  it('says which repository failed when git cannot run there', async () => {
    const { git } = await makeRepo();
    const { Git } = await import('../../src/git/git.js');
    await expect(resolveCommits(new Git(`${git.cwd}/missing`), ['HEAD'])).rejects.toThrow(/missing/);
  });
});
