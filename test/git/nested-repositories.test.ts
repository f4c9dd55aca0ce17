import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NestedRepositoryError } from '../../src/git/nested-repository-error.js';
import { StageWorkspace, type StageTreeMode } from '../../src/workspace/stage-workspace.js';
import { layersAvailable } from '../../src/workspace/layer-mounts.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

// An agent (or a test QA runs) plants git repositories in a stage tree whose config names a payload
// (test/fixtures/agents/repo-planter.mjs). okstra's git runs as root: it must never run one of them.

const PLANTER = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents', 'repo-planter.mjs');
const BRANCH = 'okstra/p/stage-1';
const SUBMODULE = 'mods/lib';
const layered = await layersAvailable();

/** A repository with a submodule (its gitlink and .gitmodules, never checked out) and a stage branch. */
async function project(): Promise<{ dir: string; head: string; marker: string; gitlink: string }> {
  const { dir, git } = await makeRepo();
  writeFileSync(join(dir, '.gitmodules'), `[submodule "lib"]\n\tpath = ${SUBMODULE}\n\turl = ./nowhere\n`);
  writeFileSync(join(dir, 'app.txt'), 'app\n');
  const initial = await git.ok(['rev-parse', 'HEAD']);
  await git.ok(['update-index', '--add', '--cacheinfo', `160000,${initial},${SUBMODULE}`]);
  await git.ok(['add', '.gitmodules', 'app.txt']);
  await git.ok(['commit', '--quiet', '-m', 'with a submodule']);
  await git.ok(['branch', BRANCH]);
  const marker = join(tempDir('okstra-marker-'), 'marker');
  return { dir, head: await git.ok(['rev-parse', 'HEAD']), marker, gitlink: initial };
}

/** Plants all three; the submodule's repository at the commit its gitlink records, fetched from `dir`. */
function plant(tree: string, p: { dir: string; marker: string; gitlink: string }): void {
  const config = join(tempDir('okstra-planter-'), 'config.json');
  const submoduleCommit = { repo: p.dir, id: p.gitlink };
  writeFileSync(config, JSON.stringify({ marker: p.marker, submodule: SUBMODULE, submoduleCommit }));
  execFileSync(process.execPath, [PLANTER, config], { cwd: tree, env: { ...process.env, OKSTRA_WORKTREE: tree } });
}

const ran = (marker: string): string => (existsSync(marker) ? readFileSync(marker, 'utf8') : '');

/** git as a person (or okstra before this protection) runs it: no okstra configuration at all. */
function plainGit(cwd: string, args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
}

describe('repositories planted in a stage tree', () => {
  it('control: a plain git status over the planted tree runs each payload as root (the attack is live)', async () => {
    const p = await project();
    const { dir, marker } = p;
    const tree = join(tempDir('okstra-plain-tree-'), 'tree');
    plainGit(dir, ['worktree', 'add', '--quiet', tree, BRANCH]);
    plant(tree, p);
    // The submodule's folder now holds a repository: status looks inside it.
    plainGit(tree, ['status', '--porcelain=v2', '--untracked-files=all']);
    // Its filter, its fsmonitor and its hooks, each as root.
    for (const trigger of ['filter', 'fsmonitor', 'hook']) expect(ran(marker)).toContain(`root submodule ${trigger}`);
    // git's own flags close status, but not `add`, which has none: it looks inside the submodule all the same.
    writeFileSync(marker, '');
    plainGit(tree, ['-c', 'diff.ignoreSubmodules=all', '-c', 'submodule.recurse=false', 'add', '--all']);
    expect(ran(marker)).toContain('root submodule filter');
    writeFileSync(marker, '');
    // `add --all` takes the other two as gitlinks; from then on every status looks inside them too.
    plainGit(tree, ['add', '--all']);
    plainGit(tree, ['status', '--porcelain=v2', '--untracked-files=all']);
    expect(ran(marker)).toContain('root embedded filter');
    expect(ran(marker)).toContain('root outside filter');
  });

  for (const mode of ['checkout', 'layered'] satisfies StageTreeMode[]) {
    describe(`in ${mode} trees`, () => {
      it.skipIf(mode === 'layered' && !layered)(
        "the executor's commit refuses them, deletes every .git below the top, and runs no payload",
        async () => {
          const p = await project();
          const { dir, marker } = p;
          const ws = new StageWorkspace(dir, { stageTrees: mode });
          try {
            const tree = await ws.addBranchWorktree(BRANCH);
            writeFileSync(join(tree, 'app.txt'), 'changed by the executor\n');
            plant(tree, p);
            const refused = await ws.commitAll(tree, 'stage 1').catch((e: unknown) => e);
            expect(ran(marker)).toBe('');
            expect(refused).toBeInstanceOf(NestedRepositoryError);
            expect([...(refused as NestedRepositoryError).folders].sort()).toEqual(['linked', SUBMODULE, 'vendor/emb']);
            for (const folder of ['linked', SUBMODULE, 'vendor/emb'])
              expect(existsSync(join(tree, folder, '.git'))).toBe(false);
            // Whatever okstra's git does in the tree next (a status, a reset and a clean), nothing planted runs.
            expect((await ws.treeState(tree)).dirty).toContain('app.txt');
            await ws.sealForReview(tree, await ws.headOf(tree));
            expect(ran(marker)).toBe('');
          } finally {
            await ws.close();
          }
        },
      );

      it.skipIf(mode === 'layered' && !layered)(
        'a review or QA tree: the check after the session reports them as changes and runs no payload',
        async () => {
          const p = await project();
          const { dir, head, marker } = p;
          const ws = new StageWorkspace(dir, { stageTrees: mode });
          try {
            const tree = await ws.addDetachedWorktree(head);
            plant(tree, p);
            const { dirty } = await ws.treeState(tree);
            expect(ran(marker)).toBe('');
            expect(dirty).toEqual(expect.arrayContaining(['vendor/emb/.git', 'linked/.git', `${SUBMODULE}/.git`]));
            // The seal after QA puts the tree back to the head, and once more nothing runs.
            await ws.sealForReview(tree, head);
            expect((await ws.treeState(tree)).dirty).toEqual([]);
            expect(ran(marker)).toBe('');
          } finally {
            await ws.close();
          }
        },
      );
    });
  }
});
