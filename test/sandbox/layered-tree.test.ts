import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentUserPool, type AgentUser } from '../../src/sandbox/agent-users.js';
import { giveTo } from '../../src/sandbox/fs-access.js';
import { layersAvailable } from '../../src/workspace/layer-mounts.js';
import { LayeredTree } from '../../src/workspace/layered-tree.js';
import { CheckoutChangedError, parseCheckoutStatus } from '../../src/workspace/laying.js';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import { discardsSettled } from '../../src/git/tree-trash.js';
import { makeRepo } from '../helpers/git-repos.js';

// Layered stage trees (src/workspace/layers.ts) lay each stage tree over the user's checkout instead of checking
// it out. These tests run as root with real agent users and real overlay mounts: the checkout must never change,
// nothing it holds but the commit's files may show, and an edit the user makes meanwhile must stop the stage.

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents');
const BRANCH = 'okstra/p/stage-1';
const available = await layersAvailable();

const pool = new AgentUserPool();
afterEach(async () => {
  await pool.releaseAll();
});

/** A checkout with tracked files, an ignored secret and build folder, an untracked note, and a branch for the stage. */
async function checkout(): Promise<{ dir: string; head: string; ws: StageWorkspace }> {
  const { dir, git } = await makeRepo();
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'tracked.txt'), 'committed\n');
  writeFileSync(join(dir, 'src', 'a.txt'), 'a\n');
  writeFileSync(join(dir, 'src', 'b.txt'), 'b\n');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'x.txt'), 'x\n');
  writeFileSync(join(dir, 'lib', 'y.txt'), 'y\n');
  writeFileSync(join(dir, '.gitignore'), 'secret.env\nbuild/\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'files']);
  await git.ok(['branch', BRANCH]);
  writeFileSync(join(dir, 'secret.env'), 'TOKEN=do-not-read\n');
  mkdirSync(join(dir, 'build'));
  writeFileSync(join(dir, 'build', 'out.o'), 'ignored output\n');
  writeFileSync(join(dir, 'src', 'notes.txt'), 'untracked note\n');
  return { dir, head: await git.ok(['rev-parse', 'HEAD']), ws: new StageWorkspace(dir, { stageTrees: 'layered' }) };
}

/** Everything of the checkout a stage could change: each file's bytes and mode, and the index byte for byte. */
function snapshot(dir: string): string {
  const files = execFileSync('find', [
    dir,
    '-path',
    join(dir, '.git'),
    '-prune',
    '-o',
    '-type',
    'f',
    '-printf',
    '%P %m\\n',
  ])
    .toString()
    .split('\n')
    .filter(Boolean)
    .sort();
  return JSON.stringify({
    files: files.map((f) => `${f} ${readFileSync(join(dir, f.split(' ')[0] as string), 'latin1')}`),
    index: readFileSync(join(dir, '.git', 'index')).toString('base64'),
  });
}

function run(script: string, user: AgentUser, ...args: string[]): Record<string, string> {
  const out = execFileSync(process.execPath, [join(FIXTURES, script), ...args], {
    uid: user.uid,
    gid: user.gid,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  return JSON.parse(out.toString()) as Record<string, string>;
}

/** Appends to `path` as `user`: "ok" or "refused: CODE". */
function writeAs(user: AgentUser, path: string): string {
  const script = `try { require('node:fs').appendFileSync(${JSON.stringify(path)}, 'x'); console.log('ok') } catch (e) { console.log('refused: ' + e.code) }`;
  return execFileSync(process.execPath, ['-e', script], { uid: user.uid, gid: user.gid }).toString().trim();
}

function mounted(path: string): boolean {
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === path);
}

describe.skipIf(!available)(
  'layered stage trees (real overlay mounts and agent users; these tests run as root)',
  () => {
    it('shows exactly the commit: nothing untracked or ignored of the checkout, not its .git folder, none of its uncommitted edits', async () => {
      const { dir, head, ws } = await checkout();
      // Uncommitted work in the checkout: an unstaged edit and a staged one.
      writeFileSync(join(dir, 'src', 'a.txt'), 'edited, not committed\n');
      writeFileSync(join(dir, 'tracked.txt'), 'staged, not committed\n');
      execFileSync('git', ['-C', dir, 'add', 'tracked.txt']);
      const before = snapshot(dir);
      try {
        const stage = await ws.addBranchWorktree(BRANCH);
        expect(ws.tree(stage)).toBeInstanceOf(LayeredTree);
        expect(mounted(stage)).toBe(true);
        expect(await ws.treeState(stage)).toEqual({ head, dirty: [] });
        expect(readFileSync(join(stage, 'src', 'a.txt'), 'utf8')).toBe('a\n');
        expect(readFileSync(join(stage, 'tracked.txt'), 'utf8')).toBe('committed\n');
        for (const hidden of ['secret.env', 'build', join('src', 'notes.txt')])
          expect(existsSync(join(stage, hidden)), hidden).toBe(false);
        expect(lstatSync(join(stage, '.git')).isFile()).toBe(true);
        expect(readFileSync(join(stage, '.git'), 'utf8')).toMatch(/^gitdir: .*worktrees/);
        await ws.removeWorktree(stage);
        // Unmounted and deleted in the background; nothing is left once that ends.
        await discardsSettled();
        expect(mounted(stage)).toBe(false);
        expect(existsSync(stage)).toBe(false);
      } finally {
        await ws.close();
      }
      expect(snapshot(dir)).toBe(before);
    });

    it("a stage whose commit is not the checkout's: files only the checkout has (committed or staged) are not in the tree, and the commit holds the executor's change only", async () => {
      const { dir, head, ws } = await checkout();
      writeFileSync(join(dir, 'extra.txt'), 'only on main\n');
      execFileSync('git', ['-C', dir, 'add', 'extra.txt']);
      execFileSync('git', ['-C', dir, 'commit', '--quiet', '-m', 'extra']);
      writeFileSync(join(dir, 'staged.txt'), 'staged, never committed\n');
      execFileSync('git', ['-C', dir, 'add', 'staged.txt']);
      const user = await pool.acquire();
      try {
        // The stage branch is still at the older commit.
        const stage = await ws.addBranchWorktree(BRANCH);
        expect(ws.tree(stage)).toBeInstanceOf(LayeredTree);
        expect(await ws.treeState(stage)).toEqual({ head, dirty: [] });
        for (const absent of ['extra.txt', 'staged.txt']) expect(existsSync(join(stage, absent)), absent).toBe(false);
        await ws.tree(stage).handTo(user);
        writeFileSync(join(stage, 'src', 'work.txt'), 'executor\n');
        // A whole folder deleted: the upper layer holds one whiteout for it, and its files' deletions are staged.
        rmSync(join(stage, 'lib'), { recursive: true });
        await pool.release(user);
        const committed = await ws.commitAll(stage, 'executor work');
        const names = execFileSync('git', ['-C', dir, 'show', '--name-status', '--format=', committed as string]);
        expect(names.toString().split('\n').filter(Boolean)).toEqual([
          'D\tlib/x.txt',
          'D\tlib/y.txt',
          'A\tsrc/work.txt',
        ]);
        await ws.sealForReview(stage, committed as string);
        expect(await ws.treeState(stage)).toEqual({ head: committed, dirty: [] });
        await ws.removeWorktree(stage);
      } finally {
        await ws.close();
      }
    });

    it('a hostile executor changes its tree, never the checkout; the same attack on the checkout handed over as the tree lands', async () => {
      const { dir, head, ws } = await checkout();
      const before = snapshot(dir);
      const user = await pool.acquire();
      try {
        const stage = await ws.addBranchWorktree(BRANCH);
        await ws.tree(stage).handTo(user);
        // Through the layers the agent sees its tree as its own (the ID mapping), not root's.
        expect(statSync(join(stage, 'tracked.txt')).uid).toBe(user.uid);
        const got = run('layer-attacker.mjs', user, stage, dir);
        for (const allowed of ['write', 'chmod', 'delete', 'rename', 'create'])
          expect(got[allowed], allowed).toBe('ok');
        expect(got['read-hidden']).toBe('refused: ENOENT');
        expect(got['read-checkout-git']).toBe('refused: ENOTDIR');
        expect(got['write-checkout']).toBe('refused: EACCES');
        expect(got['write-through-link']).toBe('refused: EACCES');
        await pool.release(user);

        const committed = await ws.commitAll(stage, 'executor work');
        expect(committed).not.toBeNull();
        const show = execFileSync('git', [
          '-C',
          dir,
          'show',
          '--name-status',
          '--format=',
          committed as string,
        ]).toString();
        expect(show.split('\n').filter(Boolean).sort()).toEqual(
          [
            'A\tescape',
            'D\tREADME.md',
            'M\tsrc/a.txt',
            'R100\tsrc/b.txt\tsrc/c.txt',
            'A\tsrc/new.txt',
            'M\ttracked.txt',
          ].sort(),
        );
        // Taken back: okstra's again, as every file on disk of the checkout always was.
        expect(statSync(join(stage, 'tracked.txt')).uid).toBe(0);
        await ws.sealForReview(stage, committed as string);
        expect(await ws.treeState(stage)).toEqual({ head: committed, dirty: [] });
        expect(await ws.branchHead(BRANCH)).toBe(committed);
        expect(head).not.toBe(committed);
        await ws.removeWorktree(stage);
      } finally {
        await ws.close();
      }
      expect(snapshot(dir)).toBe(before);

      // Control: the protection removed (the checkout itself handed to the agent as its tree) — the same attack lands there.
      const control = await pool.acquire();
      await giveTo(dir, control);
      const landed = run('layer-attacker.mjs', control, dir, dir);
      expect(landed['write-checkout']).toBe('ok');
      expect(landed['read-hidden']).toBe('ok: TOKEN=do-not-read\n');
      expect(snapshot(dir)).not.toBe(before);
    });

    it('a hostile reviewer cannot change the sealed layered tree, not even a file the checkout has world-writable; without the read-only mount that write lands', async () => {
      const { dir, head, ws } = await checkout();
      // A checkout may hold files anyone may write (a permissive umask, a container); git keeps no such mode.
      chmodSync(join(dir, 'src', 'a.txt'), 0o666);
      const reviewer = await pool.acquire();
      try {
        const stage = await ws.addBranchWorktree(BRANCH);
        await ws.sealForReview(stage, head);
        await ws.tree(stage).openForReading();
        const got = run('tree-attacker.mjs', reviewer, stage);
        // What the reviewer may not write by permission is refused for that; a hard link from outside crosses into
        // another file system.
        for (const name of ['write', 'chmod', 'rename', 'create', 'symlink', 'git-pointer'])
          expect(got[name], name).toMatch(/^refused: E(ACCES|PERM|ROFS)/);
        expect(got.hardlink).toMatch(/^refused: E(ACCES|PERM|ROFS|XDEV)/);
        // The world-writable file: its mode would let the write through; the read-only mount does not.
        expect(writeAs(reviewer, join(stage, 'src', 'a.txt'))).toBe('refused: EROFS');
        expect(await ws.treeState(stage)).toEqual({ head, dirty: [] });
        expect(readFileSync(join(stage, 'src', 'a.txt'), 'utf8')).toBe('a\n');
        await ws.removeWorktree(stage);

        // Control: the same tree opened the way a checked-out tree is (its top folder's mode only) — the write lands.
        const control = await ws.addBranchWorktree(BRANCH);
        await ws.sealForReview(control, head);
        chmodSync(control, 0o755);
        expect(writeAs(reviewer, join(control, 'src', 'a.txt'))).toBe('ok');
        expect((await ws.treeState(control)).dirty).toEqual(['src/a.txt']);
        await ws.removeWorktree(control);
      } finally {
        await ws.close();
        chmodSync(join(dir, 'src', 'a.txt'), 0o644);
      }
    });

    it('an edit the user makes in the checkout during the stage is never committed, and stops the stage before any verdict', async () => {
      const { dir, head, ws } = await checkout();
      const user = await pool.acquire();
      try {
        // During the executor: the user edits a file the executor does not touch; a full `add` would commit it.
        const stage = await ws.addBranchWorktree(BRANCH);
        await ws.tree(stage).handTo(user);
        writeFileSync(join(stage, 'src', 'new.txt'), 'executor\n');
        appendFileSync(join(dir, 'src', 'a.txt'), 'the user, mid-run\n');
        await pool.release(user);
        const committed = await ws.commitAll(stage, 'executor work');
        const names = execFileSync('git', ['-C', dir, 'show', '--name-only', '--format=', committed as string]);
        expect(names.toString().split('\n').filter(Boolean)).toEqual(['src/new.txt']);
        await ws.sealForReview(stage, committed as string);
        // The reviewers would read the user's edit, not the commit: the check after them stops the stage, naming it.
        const error = await ws.treeState(stage).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CheckoutChangedError);
        expect((error as CheckoutChangedError).paths).toEqual(['src/a.txt']);
        expect((error as Error).message).toMatch(/OKSTRA_STAGE_TREES=checkout/);
        await ws.removeWorktree(stage);

        // During the review: the sealed tree is the head, and then the checkout below it changes (its mode only).
        execFileSync('git', ['-C', dir, 'checkout', '--quiet', '--', 'src/a.txt']);
        const again = await ws.addBranchWorktree(BRANCH);
        await ws.sealForReview(again, head);
        expect(await ws.treeState(again)).toEqual({ head, dirty: [] });
        chmodSync(join(dir, 'src', 'b.txt'), 0o600);
        await expect(ws.treeState(again)).rejects.toThrow(/changed while a stage read it \(src\/b\.txt\)/);
        await ws.removeWorktree(again);

        // A file the user adds (it would show in the tree) or deletes: their folder changed below the tree.
        chmodSync(join(dir, 'src', 'b.txt'), 0o644);
        for (const edit of [
          () => writeFileSync(join(dir, 'src', 'planted.env'), 'TOKEN=new\n'),
          () => rmSync(join(dir, 'src', 'b.txt')),
        ]) {
          const tree = await ws.addBranchWorktree(BRANCH);
          await ws.sealForReview(tree, head);
          edit();
          await expect(ws.treeState(tree)).rejects.toThrow(/changed while a stage read it \(src[,)]/);
          await ws.removeWorktree(tree);
          execFileSync('git', ['-C', dir, 'checkout', '--quiet', '--', 'src/b.txt']);
          rmSync(join(dir, 'src', 'planted.env'), { force: true });
        }

        // What the user changes where the tree never looks (ignored files) stops nothing.
        const third = await ws.addBranchWorktree(BRANCH);
        writeFileSync(join(dir, 'build', 'out.o'), 'rebuilt by the user\n');
        writeFileSync(join(dir, 'secret.env'), 'TOKEN=rotated\n');
        // The seals at `head` above were detached: the branch kept the executor's commit.
        expect(await ws.treeState(third)).toEqual({ head: committed, dirty: [] });
        await ws.removeWorktree(third);
      } finally {
        await ws.close();
      }
    });
    it('parseCheckoutStatus reads dirty, staged and hidden paths, and refuses a conflicted index', () => {
      const oid = 'a'.repeat(40);
      expect(
        parseCheckoutStatus(
          [
            `# branch.oid ${oid}`,
            '# branch.head main',
            '1 .M N... 100644 100644 100644 h1 h1 src/a.txt',
            '1 M. N... 100644 100644 100644 h1 h2 tracked.txt',
            '? src/notes.txt',
            '! build/',
            '! secret.env',
            '',
          ].join('\0'),
        ),
      ).toEqual({ head: oid, dirty: ['src/a.txt'], staged: true, hidden: ['src/notes.txt', 'build', 'secret.env'] });
      expect(
        parseCheckoutStatus([`# branch.oid ${oid}`, 'u UU N... 1 2 3 4 h1 h2 h3 x.txt', ''].join('\0')),
      ).toBeNull();
      expect(parseCheckoutStatus(['# branch.oid (initial)', ''].join('\0'))).toBeNull();
    });
  },
);
