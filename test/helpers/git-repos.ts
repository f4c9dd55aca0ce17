import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Git } from '../../src/git/git.js';
import { tempDir } from './temp-dirs.js';

export { tempDir };

/**
 * A temporary directory the stand-in agents can write (sticky and
 * world-writable, like /tmp): the test's own channel to them (scripts they
 * read, records and dumps they write). okstra runs agents as separate
 * unprivileged users, so a folder only the test's user may write would
 * silence them.
 */
export function agentScratchDir(prefix = 'okstra-scratch-'): string {
  const dir = tempDir(prefix);
  chmodSync(dir, 0o1777);
  return dir;
}

/** A real repository with one commit on `main`. */
export async function makeRepo(dir = tempDir('okstra-repo-')): Promise<{ dir: string; git: Git }> {
  mkdirSync(dir, { recursive: true });
  const git = new Git(dir);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  writeFileSync(join(dir, 'README.md'), '# project\n');
  await git.ok(['add', 'README.md']);
  await git.ok(['commit', '--quiet', '-m', 'initial']);
  return { dir, git };
}

/** A bare remote seeded from a repository, and `count` independent clones of it. */
export async function makeRemoteWithClones(count: number): Promise<{ remote: string; clones: string[] }> {
  const root = tempDir('okstra-remote-');
  const seed = await makeRepo(join(root, 'seed'));
  const remote = join(root, 'remote.git');
  await new Git(root).ok(['clone', '--quiet', '--bare', seed.dir, remote]);
  const clones: string[] = [];
  for (let i = 0; i < count; i++) {
    const dir = join(root, `clone-${i}`);
    await new Git(root).ok(['clone', '--quiet', remote, dir]);
    clones.push(dir);
  }
  return { remote, clones };
}
