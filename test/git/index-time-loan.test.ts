import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import { makeRepo } from '../helpers/git-repos.js';

// okstra's git calls in a stage tree lend the index a modification time one second ahead (no racy-clean re-read of a
// fresh checkout). What must hold: an agent's git never sees the lent time, and okstra still sees a same-size edit
// made in the very second of the checkout with its modification time put back (the change-time sweep, not git's
// racy rule, finds it).
let workspace: StageWorkspace | null = null;
afterEach(async () => {
  await workspace?.close();
  workspace = null;
});

async function freshTree(): Promise<{ dir: string; head: string; index: string }> {
  const { dir: repo, git } = await makeRepo();
  writeFileSync(join(repo, 'a.txt'), 'aaaa\n');
  writeFileSync(join(repo, 'b.txt'), 'bbbb\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'two files']);
  const head = await git.ok(['rev-parse', 'HEAD']);
  workspace = new StageWorkspace(repo);
  const dir = await workspace.addDetachedWorktree(head);
  const gitDir = /^gitdir: (.+)$/.exec(readFileSync(join(dir, '.git'), 'utf8').trim())?.[1];
  if (!gitDir) throw new Error('no gitdir pointer');
  return { dir, head, index: join(gitDir, 'index') };
}

describe("okstra's git in a stage tree", () => {
  it('leaves the index with a time that is not ahead of the clock after a call that wrote nothing', async () => {
    const { dir, index } = await freshTree();
    const before = statSync(index, { bigint: true });
    expect(await workspace?.dirtyPaths(dir)).toEqual([]);
    const after = statSync(index, { bigint: true });
    expect(after.mtimeNs).toBeLessThanOrEqual(BigInt(Date.now()) * 1_000_000n);
    // Not written by the call: the time put back is the one it had (to the millisecond, never later).
    if (after.ino === before.ino) {
      expect(after.mtimeNs).toBeLessThanOrEqual(before.mtimeNs);
      expect(before.mtimeNs - after.mtimeNs).toBeLessThan(1_000_000n);
    }
  });

  it('still finds a same-size edit made right after the checkout with its modification time put back', async () => {
    const { dir, head, index } = await freshTree();
    const file = join(dir, 'a.txt');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'AAAA\n');
    utimesSync(file, atime, mtime);
    const state = await workspace?.treeState(dir);
    expect(state).toEqual({ head, dirty: ['a.txt'] });
    expect(statSync(index).mtimeMs).toBeLessThanOrEqual(Date.now());
    // And the executor's commit takes it.
    expect(await workspace?.commitAll(dir, 'the edit')).toMatch(/^[0-9a-f]{40}$/);
    expect(await workspace?.dirtyPaths(dir)).toEqual([]);
  });
});
