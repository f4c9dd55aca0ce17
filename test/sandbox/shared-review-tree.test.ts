import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AgentUserPool, type AgentUser } from '../../src/sandbox/agent-users.js';
import { makeReachable } from '../../src/sandbox/fs-access.js';
import { StageWorkspace, parseStatusV2 } from '../../src/workspace/stage-workspace.js';
import { makeRepo } from '../helpers/git-repos.js';

const ATTACKER = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents', 'tree-attacker.mjs');

async function stageRepo(): Promise<{ ws: StageWorkspace; head: string; dir: string }> {
  const { dir, git } = await makeRepo();
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'tracked.txt'), 'committed\n');
  writeFileSync(join(dir, 'src', 'a.txt'), 'a\n');
  writeFileSync(join(dir, '.gitignore'), 'build/\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'files']);
  await git.ok(['branch', 'okstra/p/stage-1']);
  return { ws: new StageWorkspace(dir), head: await git.ok(['rev-parse', 'HEAD']), dir };
}

function attack(user: AgentUser, tree: string, other?: string): Record<string, string> {
  const out = execFileSync(process.execPath, [ATTACKER, tree, ...(other ? [other] : [])], {
    uid: user.uid,
    gid: user.gid,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  return JSON.parse(out.toString()) as Record<string, string>;
}

describe('the shared review tree (real agent users; these tests run as root)', () => {
  it('a hostile reviewer can neither change the sealed tree nor reach another view; the same attack on an unprotected tree lands', async () => {
    const { ws, head, dir } = await stageRepo();
    const pool = new AgentUserPool();
    const undo = await makeReachable(dir);
    const [reviewer, qa] = [await pool.acquire(), await pool.acquire()];
    try {
      const stage = await ws.addBranchWorktree('okstra/p/stage-1');
      // The executor had it: every file was its user's, one made world-writable, a FIFO and build output left behind.
      await ws.tree(stage).handTo(qa);
      chmodSync(join(stage, 'src', 'a.txt'), 0o666);
      execFileSync('mkfifo', [join(stage, 'src', 'pipe')]);
      mkdirSync(join(stage, 'build'));
      writeFileSync(join(stage, 'build', 'out.o'), 'ignored output\n');
      await ws.sealForReview(stage, head);
      await ws.tree(stage).openForReading();
      // QA's own view, given to its user as QA gets it.
      const qaView = await ws.addDetachedWorktree(head);
      await ws.tree(qaView).handTo(qa);

      const got = attack(reviewer, stage, qaView);
      for (const name of ['write', 'chmod', 'rename', 'create', 'hardlink', 'symlink', 'git-pointer', 'other-view'])
        expect(got[name], name).toMatch(/^refused: E(ACCES|PERM)/);
      expect(await ws.treeState(stage)).toEqual({ head, dirty: [] });
      expect(statSync(join(stage, 'src', 'a.txt')).mode & 0o7777).toBe(0o644);
      expect(existsSync(join(stage, 'src', 'pipe')) || existsSync(join(stage, 'build'))).toBe(false);
      expect(readFileSync(join(stage, 'tracked.txt'), 'utf8')).toBe('committed\n');

      // Control: the protection deliberately not applied (the tree left with the reviewer's user) — the attack lands.
      const control = await ws.addDetachedWorktree(head);
      await ws.tree(control).handTo(reviewer);
      const landed = attack(reviewer, control);
      for (const name of ['write', 'chmod', 'create', 'symlink', 'git-pointer']) expect(landed[name], name).toBe('ok');
      expect((await ws.treeState(control)).dirty.length).toBeGreaterThan(0);

      // Nothing a reviewer did reached a commit.
      expect(await ws.branchHead('okstra/p/stage-1')).toBe(head);
      await ws.releaseWorktree(stage);
      await ws.releaseWorktree(qaView);
      await ws.releaseWorktree(control);
    } finally {
      await pool.releaseAll();
      await ws.close();
      await undo();
    }
  });

  it('a re-pointed pool tree keeps nothing of its previous use: no untracked, ignored, re-moded or agent-owned file', async () => {
    const { ws, head, dir } = await stageRepo();
    const pool = new AgentUserPool();
    const user = await pool.acquire();
    try {
      const first = await ws.addDetachedWorktree(head);
      await ws.tree(first).handTo(user);
      writeFileSync(join(first, 'untracked.txt'), 'left\n');
      mkdirSync(join(first, 'build'));
      writeFileSync(join(first, 'build', 'cache'), 'ignored\n');
      chmodSync(join(first, 'tracked.txt'), 0o777);
      await ws.releaseWorktree(first);
      await pool.release(user);

      const again = await ws.addDetachedWorktree(head);
      expect(again).toBe(first); // the same tree, re-pointed rather than checked out again
      expect(await ws.treeState(again)).toEqual({ head, dirty: [] });
      const owners = execFileSync('find', [again, '!', '-user', '0', '-print']).toString();
      expect(owners).toBe('');
      expect(statSync(join(again, 'tracked.txt')).mode & 0o022).toBe(0);
      expect(statSync(again).mode & 0o777).toBe(0o700);
      expect(readFileSync(join(again, '.git'), 'utf8')).toMatch(/^gitdir: /);
      await ws.releaseWorktree(again);
    } finally {
      await pool.releaseAll();
      await ws.close();
    }
    // close() leaves no worktree registered.
    expect(
      execFileSync('git', ['-C', dir, 'worktree', 'list', '--porcelain'])
        .toString()
        .match(/^worktree /gm),
    ).toHaveLength(1);
  });

  it('sealing refuses a tree that is no longer a folder, and parseStatusV2 reads renames and ignored paths', async () => {
    expect(
      parseStatusV2(
        [
          '# branch.oid abc',
          '# branch.head x',
          '2 R. N... 100644 100644 100644 h1 h2 R100 new.txt',
          'old.txt',
          '! build/x',
          '? u.txt',
          '',
        ].join('\0'),
      ),
    ).toEqual({ head: 'abc', dirty: ['new.txt', 'build/x', 'u.txt'] });
    const { ws } = await stageRepo();
    await expect(ws.sealForReview('/tmp/not-a-tree-of-this-workspace', 'x')).rejects.toThrow(
      /not a worktree this workspace created/,
    );
  });
});
