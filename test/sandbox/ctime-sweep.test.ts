import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentUserPool, type AgentUser } from '../../src/sandbox/agent-users.js';
import { fileClock, giveTo } from '../../src/sandbox/fs-access.js';
import { changedSince, reclaimTree } from '../../src/workspace/tree-walk.js';
import { StageWorkspace, TREE_STAT_CONFIG } from '../../src/workspace/stage-workspace.js';
import { Git } from '../../src/git/git.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

// okstra's git in stage trees ignores change times and owners (TREE_STAT_CONFIG), so that its own chown of every
// file costs no re-read; these tests prove the change-time sweep makes up for it against an agent that puts
// modification times back, and that the same forgery passes git's stat check when the sweep is left out.

const FORGER = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents', 'mtime-forger.mjs');
const BRANCH = 'okstra/p/stage-1';
/** A modification time far from any index write, so git never treats the file as racily clean and reads it anyway. */
const OLD = new Date('2021-03-04T05:06:07Z');

const pool = new AgentUserPool();
afterEach(async () => {
  await pool.releaseAll();
});

async function stageRepo(): Promise<{ ws: StageWorkspace; git: Git; head: string }> {
  const { dir, git } = await makeRepo();
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'tracked.txt'), 'committed\n');
  writeFileSync(join(dir, 'src', 'a.txt'), 'aaaa\n');
  writeFileSync(join(dir, 'src', 'b.txt'), 'bbbb\n');
  writeFileSync(join(dir, '.gitignore'), 'build/\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'files']);
  await git.ok(['branch', BRANCH]);
  return { ws: new StageWorkspace(dir), git, head: await git.ok(['rev-parse', 'HEAD']) };
}

/** A tree of the stage whose tracked files carry an old modification time git has recorded (no racy entry left). */
async function knownTree(ws: StageWorkspace, take: () => Promise<string>): Promise<string> {
  const tree = await take();
  for (const f of ['tracked.txt', 'src/a.txt', 'src/b.txt']) utimesSync(join(tree, f), OLD, OLD);
  expect((await ws.treeState(tree)).dirty).toEqual([]);
  return tree;
}

function forge(user: AgentUser, tree: string, ops: unknown[]): Record<string, string> {
  const out = execFileSync(process.execPath, [FORGER, tree, JSON.stringify(ops)], {
    uid: user.uid,
    gid: user.gid,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  return JSON.parse(out.toString()) as Record<string, string>;
}

/** git's own verdict on the tree with okstra's stat settings and no sweep: the lower-level check alone. */
async function statOnlyStatus(tree: string): Promise<string> {
  const gitDir = /^gitdir: (.+)$/m.exec(readFileSync(join(tree, '.git'), 'utf8'))?.[1] ?? '';
  const git = new Git(tree, { GIT_DIR: gitDir, GIT_WORK_TREE: tree });
  return git.ok([...TREE_STAT_CONFIG, 'status', '--porcelain', '--untracked-files=all']);
}

describe('the change-time sweep (real agent users; these tests run as root)', () => {
  it('a hostile executor that forges a tracked file (same size, mtime put back) beside an honest change: okstra commits the forgery; git alone would not', async () => {
    const { ws, git } = await stageRepo();
    const executor = await pool.acquire();
    try {
      const tree = await knownTree(ws, () => ws.addBranchWorktree(BRANCH));
      await ws.tree(tree).handTo(executor);
      const got = forge(executor, tree, [{ write: 'out.txt', text: 'honest\n' }, { forge: 'tracked.txt' }]);
      expect(got['tracked.txt']).toBe('forged, size and mtime kept');
      const forged = readFileSync(join(tree, 'tracked.txt'), 'utf8');
      expect(forged).not.toBe('committed\n');

      // Control: git's stat check with okstra's settings sees only the honest file.
      expect(await statOnlyStatus(tree)).toBe('?? out.txt');

      const head = await ws.commitAll(tree, 'stage 1');
      expect(head).not.toBeNull();
      expect(await git.ok(['show', `${head}:tracked.txt`])).toBe(forged.replace(/\n$/, ''));
      expect(await git.ok(['show', `${head}:out.txt`])).toBe('honest');
      expect(await ws.treeState(tree)).toEqual({ head, dirty: [] });
      await ws.removeWorktree(tree);
    } finally {
      await ws.close();
    }
  });

  it('an executor whose only change is two same-size files swapped by renames (times put back), files it never wrote: the swap is committed', async () => {
    const { ws, git, head: base } = await stageRepo();
    const executor = await pool.acquire();
    try {
      const tree = await knownTree(ws, () => ws.addBranchWorktree(BRANCH));
      await ws.tree(tree).handTo(executor);
      expect(forge(executor, tree, [{ swap: ['src/a.txt', 'src/b.txt'] }])).toEqual({
        'src/a.txt<->src/b.txt': 'swapped, sizes and mtimes kept',
      });
      expect(await statOnlyStatus(tree)).toBe('');

      const head = await ws.commitAll(tree, 'stage 1');
      expect(head).not.toBeNull();
      expect(head).not.toBe(base);
      expect(await git.ok(['show', `${head}:src/a.txt`])).toBe('bbbb');
      expect(await git.ok(['show', `${head}:src/b.txt`])).toBe('aaaa');
      await ws.removeWorktree(tree);
    } finally {
      await ws.close();
    }
  });

  it('a QA command that forges a tracked file after writing its build output: the tree sealed again for reviewers is the committed head', async () => {
    const { ws, head } = await stageRepo();
    const qa = await pool.acquire();
    try {
      const tree = await knownTree(ws, () => ws.addBranchWorktree(BRANCH));
      await ws.sealForReview(tree, head);
      await ws.tree(tree).handTo(qa);
      mkdirSync(join(tree, 'build'));
      const got = forge(qa, tree, [{ write: 'src/b.txt', text: 'qa wrote this\n' }, { forge: 'tracked.txt' }]);
      expect(got['tracked.txt']).toBe('forged, size and mtime kept');
      // Control: git alone sees the honest write and misses the forgery.
      expect(await statOnlyStatus(tree)).toBe(' M src/b.txt');

      await ws.sealForReview(tree, head);
      expect(readFileSync(join(tree, 'tracked.txt'), 'utf8')).toBe('committed\n');
      expect(readFileSync(join(tree, 'src', 'b.txt'), 'utf8')).toBe('bbbb\n');
      expect(await ws.treeState(tree)).toEqual({ head, dirty: [] });
      await ws.removeWorktree(tree);
    } finally {
      await ws.close();
    }
  });

  it("the seal right after the executor's commit is not taken back again, unless the tree was handed out in between", async () => {
    const { ws, head: base } = await stageRepo();
    const [executor, other] = [await pool.acquire(), await pool.acquire()];
    try {
      const tree = await knownTree(ws, () => ws.addBranchWorktree(BRANCH));
      await ws.tree(tree).handTo(executor);
      forge(executor, tree, [{ write: 'src/a.txt', text: 'the stage\n' }]);
      const head = await ws.commitAll(tree, 'stage 1');
      if (!head || head === base) throw new Error('the executor’s change was not committed');
      // Handed out after the commit's take-back: the seal must not trust that take-back any more.
      await ws.tree(tree).handTo(other);
      const got = forge(other, tree, [{ forge: 'tracked.txt' }]);
      expect(got['tracked.txt']).toBe('forged, size and mtime kept');
      expect(await statOnlyStatus(tree)).toBe('');

      await ws.sealForReview(tree, head);
      expect(readFileSync(join(tree, 'tracked.txt'), 'utf8')).toBe('committed\n');
      expect(statSync(tree).uid).toBe(process.getuid?.());
      expect(await ws.treeState(tree)).toEqual({ head, dirty: [] });
      await ws.removeWorktree(tree);
    } finally {
      await ws.close();
    }
  });

  it("a session without a hand-over (isolation: none, okstra's own user) that forges a file in its own tree is caught by treeState", async () => {
    const { ws, head } = await stageRepo();
    try {
      const tree = await knownTree(ws, () => ws.addDetachedWorktree(head));
      const before = statSync(join(tree, 'src', 'a.txt'));
      writeFileSync(join(tree, 'src', 'a.txt'), 'AAAA\n');
      utimesSync(join(tree, 'src', 'a.txt'), before.atime, before.mtime);
      expect(await statOnlyStatus(tree)).toBe('');
      expect(await ws.treeState(tree)).toEqual({ head, dirty: ['src/a.txt'] });
      // Released to the pool and taken again: re-pointing puts the committed content back.
      await ws.releaseWorktree(tree);
      const again = await ws.addDetachedWorktree(head);
      expect(again).toBe(tree);
      expect(readFileSync(join(again, 'src', 'a.txt'), 'utf8')).toBe('aaaa\n');
      await ws.removeWorktree(again);
    } finally {
      await ws.close();
    }
  });

  it("okstra's own chown at a hand-over is before the grant: nothing reads as changed, and a folder never does", async () => {
    const dir = await tempDir();
    mkdirSync(join(dir, 'sub'));
    for (let i = 0; i < 200; i++) writeFileSync(join(dir, 'sub', `f${i}`), 'x');
    const user = await pool.acquire();
    const granted = await giveTo(dir, user);
    expect(granted).not.toBeNull();
    expect(await changedSince(dir, granted as bigint)).toEqual([]);
    // A change after the grant, its mtime put back, and a new folder: the file is listed, the folder is not.
    const before = statSync(join(dir, 'sub', 'f7'));
    writeFileSync(join(dir, 'sub', 'f7'), 'y');
    utimesSync(join(dir, 'sub', 'f7'), before.atime, before.mtime);
    mkdirSync(join(dir, 'new-folder'));
    expect(await changedSince(dir, granted as bigint)).toEqual(['sub/f7']);
    // Taking the tree back reports the same, tested before its own chown; after it, a fresh clock sees nothing.
    expect(await reclaimTree(dir, granted as bigint)).toEqual(['sub/f7']);
    const now = await fileClock(join(await tempDir(), 'clock'));
    expect(await changedSince(dir, now)).toEqual([]);
    expect(now).toBeGreaterThan(granted as bigint);
  });

  it('a forged file whose name is not UTF-8 is read again and committed: paths go through the sweep byte for byte', async () => {
    const { ws, git, head: base } = await stageRepo();
    const name = Buffer.from('caf\xe9.txt', 'latin1');
    const repoFile = Buffer.concat([Buffer.from(`${git.cwd}/`), name]);
    writeFileSync(repoFile, 'latin one\n');
    await git.ok(['add', '--all']);
    await git.ok(['commit', '--quiet', '-m', 'a latin1 name']);
    await git.ok(['branch', '--force', BRANCH]);
    const start = await git.ok(['rev-parse', 'HEAD']);
    expect(start).not.toBe(base);
    try {
      const tree = await knownTree(ws, () => ws.addBranchWorktree(BRANCH));
      const file = Buffer.concat([Buffer.from(`${tree}/`), name]);
      utimesSync(file, OLD, OLD);
      expect((await ws.treeState(tree)).dirty).toEqual([]);
      writeFileSync(file, 'LATIN ONE\n');
      utimesSync(file, OLD, OLD);
      expect(await statOnlyStatus(tree)).toBe('');
      const head = await ws.commitAll(tree, 'forged');
      expect(head).not.toBeNull();
      expect(await git.ok(['diff', '--name-only', '-z', `${start}..${head}`], { encoding: 'latin1' })).toBe(
        `${name.toString('latin1')}\0`,
      );
      await ws.removeWorktree(tree);
    } finally {
      await ws.close();
    }
  });

  it('bad input: a sweep of a folder that is not there fails with its name', async () => {
    await expect(changedSince('/nonexistent/okstra-tree', 0n)).rejects.toThrow(
      /cannot list what changed in \/nonexistent\/okstra-tree/,
    );
    const { ws } = await stageRepo();
    await expect(ws.treeState('/tmp/not-a-tree-of-this-workspace')).rejects.toThrow(
      /not a worktree this workspace created/,
    );
  });
});
