import { describe, expect, it } from 'vitest';
import { sandboxFor, type HandOver } from '../../src/sandbox/sandbox.js';
import type { AgentUser } from '../../src/sandbox/agent-users.js';
import { CheckoutTree } from '../../src/workspace/checkout-tree.js';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import { makeRepo } from '../helpers/git-repos.js';

// A stage tree is an object (src/workspace/stage-tree.ts): its state lives in it, so a removed tree is forgotten and
// two workspaces never see each other's trees; a tree changes hands through the sandbox, which says whether and to
// whom, while the tree says how.

/** A tree stand-in that records what it was asked. */
function recordingTree(): HandOver & { handedTo: AgentUser[]; opened: number } {
  const tree = {
    handedTo: [] as AgentUser[],
    opened: 0,
    handTo: async (user: AgentUser) => {
      tree.handedTo.push(user);
    },
    openForReading: async () => {
      tree.opened += 1;
    },
  };
  return tree;
}

describe('a stage tree as an object', () => {
  it('is known by the workspace that made it, until it is removed; another workspace over the same clone does not know it', async () => {
    const { dir: repo, git } = await makeRepo();
    const head = await git.ok(['rev-parse', 'HEAD']);
    const ws = new StageWorkspace(repo, { stageTrees: 'checkout' });
    const other = new StageWorkspace(repo, { stageTrees: 'checkout' });
    try {
      const dir = await ws.addDetachedWorktree(head);
      const tree = ws.tree(dir);
      expect(tree).toBeInstanceOf(CheckoutTree);
      expect(tree.dir).toBe(dir);
      expect(tree.grantedAt).toBeNull();
      expect(() => other.tree(dir)).toThrow(/is not a worktree this workspace created/);
      await ws.removeWorktree(dir);
      expect(() => ws.tree(dir)).toThrow(/is not a worktree this workspace created/);
      await expect(ws.treeState(dir)).rejects.toThrow(/is not a worktree this workspace created/);
    } finally {
      await ws.close();
      await other.close();
    }
  });

  it('a pooled tree comes back as the same object, re-pointed', async () => {
    const { dir: repo, git } = await makeRepo();
    const head = await git.ok(['rev-parse', 'HEAD']);
    const ws = new StageWorkspace(repo, { stageTrees: 'checkout' });
    try {
      const dir = await ws.addDetachedWorktree(head);
      const tree = ws.tree(dir);
      await ws.releaseWorktree(dir);
      const again = await ws.addDetachedWorktree(head);
      expect(again).toBe(dir);
      expect(ws.tree(again)).toBe(tree);
      expect(await ws.treeState(again)).toEqual({ head, dirty: [] });
    } finally {
      await ws.close();
    }
  });

  it('is handed over by the sandbox to the lease’s user, in its own way; a lease without a user of its own hands nothing', async () => {
    const runAs = { uid: 4242, gid: 4243 };
    const withUser = sandboxFor({ kind: 'none', runAs, statement: 'test', notice: null });
    const tree = recordingTree();
    const lease = await withUser.acquire();
    await lease.giveWrite(tree);
    await withUser.shareForReading(tree);
    expect(tree.handedTo).toEqual([{ name: 'uid 4242', ...runAs }]);
    expect(tree.opened).toBe(1);

    const ownUser = sandboxFor({ kind: 'none', runAs: null, statement: 'test', notice: null });
    const untouched = recordingTree();
    await (await ownUser.acquire()).giveWrite(untouched);
    await ownUser.shareForReading(untouched);
    expect(untouched.handedTo).toEqual([]);
    expect(untouched.opened).toBe(0);
  });
});
