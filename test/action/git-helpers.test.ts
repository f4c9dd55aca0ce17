import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StageRow } from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { RemoteRefs } from '../../src/git/remote-refs.js';
import { removeWorktreesOf } from '../../src/workspace/worktrees.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

/** A remote with main (two commits, a folder) and a stage branch, and a shallow clone of main checked out detached. */
async function setup(): Promise<{ bare: string; clone: string; seed: Git }> {
  const root = tempDir('okstra-refs-');
  const { dir, git } = await makeRepo(join(root, 'seed'));
  mkdirSync(join(dir, 'd', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'd', 'a.md'), 'a\n');
  writeFileSync(join(dir, 'd', 'sub', 'b.md'), 'b\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'two']);
  // A stage branch one commit above main, as a done stage is.
  await git.ok(['checkout', '--quiet', '-b', 'okstra/p/stage-1']);
  writeFileSync(join(dir, 'stage.txt'), 'stage\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'stage 1']);
  await git.ok(['checkout', '--quiet', 'main']);
  const bare = join(root, 'origin.git');
  await new Git(root).ok(['clone', '--quiet', '--bare', dir, bare]);
  const clone = join(root, 'clone');
  await new Git(root).ok(['clone', '--quiet', '--depth=1', `file://${bare}`, clone]);
  await new Git(clone).ok(['checkout', '--quiet', '--detach']);
  return { bare, clone, seed: git };
}

describe('RemoteRefs on a shallow, detached checkout', () => {
  it('probes the checkout in one call and reads files and folders at a commit', async () => {
    const { clone } = await setup();
    const opened = await RemoteRefs.open(join(clone, 'd'), 'origin');
    expect(opened).toMatchObject({ shallow: true, head: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const refs = opened?.refs as RemoteRefs;
    expect(refs.repoDir).toBe(clone);
    expect(await refs.listFiles(opened?.head as string, 'd')).toEqual(['d/a.md']);
    expect(await refs.listFiles(opened?.head as string, 'nope')).toEqual([]);
    expect(await refs.readFiles(opened?.head as string, ['d/a.md', 'missing.md'])).toEqual({
      'd/a.md': 'a\n',
      'missing.md': null,
    });
    expect(await RemoteRefs.open(tempDir('okstra-not-git-'), 'origin')).toBeNull();
  });

  it('fetches a branch once, says null for a missing one, and knows the default branch', async () => {
    const { clone } = await setup();
    const refs = (await RemoteRefs.open(clone, 'origin'))?.refs as RemoteRefs;
    expect(await refs.defaultBranch()).toBe('main');
    const tip = await refs.fetchBranch('main', { tipOnly: true });
    expect(tip).toMatch(/^[0-9a-f]{40}$/);
    expect(await refs.git.ok(['rev-parse', 'refs/remotes/origin/main'])).toBe(tip);
    expect(await refs.fetchBranch('main', { tipOnly: true })).toBe(tip);
    expect(await refs.fetchBranch('no-such-branch')).toBeNull();
  });

  it('fetches a plan-ref commit or ref the checkout lacks, only its tip, and says why one cannot be fetched', async () => {
    const { clone, seed } = await setup();
    const opened = await RemoteRefs.open(clone, 'origin');
    const refs = opened?.refs as RemoteRefs;
    const head = opened?.head as string;
    const stageTip = await seed.ok(['rev-parse', 'okstra/p/stage-1']);
    // The checked-out commit needs no fetch.
    expect(await refs.fetchCommit(head, null)).toEqual({ ok: true, commit: head });
    expect(await refs.git.resolveCommit(stageTip)).toBeNull();
    // A SHA only a remote branch has: fetched, as one shallow commit.
    expect(await refs.fetchCommit(stageTip, null)).toEqual({ ok: true, commit: stageTip });
    expect(await refs.readFiles(stageTip, ['stage.txt'])).toEqual({ 'stage.txt': 'stage\n' });
    expect(await refs.git.ok(['rev-list', '--count', stageTip])).toBe('1');
    // A ref name, full or short.
    expect(await refs.fetchCommit('refs/heads/okstra/p/stage-1', null)).toEqual({ ok: true, commit: stageTip });
    expect(await refs.fetchCommit('main', null)).toEqual({ ok: true, commit: head });
    const missing = await refs.fetchCommit('no-such-branch', 7);
    expect(missing).toEqual({ ok: false, detail: expect.stringContaining("couldn't find remote ref no-such-branch") });
    expect((await refs.fetchCommit('0'.repeat(40), null)).ok).toBe(false);
  });

  it('mirrors the remote stage branches of a plan, pruning local ones the remote lacks', async () => {
    const { clone } = await setup();
    const refs = (await RemoteRefs.open(clone, 'origin'))?.refs as RemoteRefs;
    await refs.git.ok(['branch', 'okstra/p/stage-9', 'HEAD']);
    await refs.fetchStageBranches('p');
    expect((await refs.git.ok(['branch', '--list', 'okstra/*', '--format=%(refname:short)'])).split('\n')).toEqual([
      'okstra/p/stage-1',
    ]);
    // The stage branch comes with its history down to the checkout: its base is its ancestor, as a fix run checks.
    const head = await refs.git.ok(['rev-parse', 'HEAD']);
    expect(await refs.git.ok(['rev-parse', 'okstra/p/stage-1^'])).toBe(head);
    expect((await refs.git.run(['merge-base', '--is-ancestor', head, 'okstra/p/stage-1'])).exitCode).toBe(0);
  });

  it("prefetches the stage branches and the ledger branch in one fetch, for the ledger store's first read only", async () => {
    const { bare, clone } = await setup();
    const claim = (stage: number, runId: string): StageRow => ({
      v: 1,
      plan_id: 'p',
      stage,
      status: 'started',
      run_id: runId,
      at: new Date().toISOString(),
      lease_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await new GitLedgerStore({ repoDir: bare }).append({ row: claim(1, 'run-1') });
    const remoteTip = await new Git(bare).ok(['rev-parse', 'refs/heads/okstra-ledger']);
    const refs = (await RemoteRefs.open(clone, 'origin'))?.refs as RemoteRefs;
    refs.prefetchStageBranches('p', { ledgerBranch: 'okstra-ledger' });
    expect(refs.takeEarlyLedger('another-ledger')).toBeNull();
    const early = refs.takeEarlyLedger('okstra-ledger');
    expect(refs.takeEarlyLedger('okstra-ledger')).toBeNull();
    await refs.fetchStageBranches('p');
    const got = await early;
    expect(got?.tip).toBe(remoteTip);
    expect(await refs.git.ok(['rev-parse', got?.ref ?? ''])).toBe(remoteTip);
    expect(await refs.git.ok(['branch', '--list', 'okstra/*', '--format=%(refname:short)'])).toBe('okstra/p/stage-1');

    // The store reads the prefetched tip without a fetch of its own, then drops the private ref; a later read fetches.
    const store = new GitLedgerStore({ repoDir: clone, remote: 'origin', ...(early ? { early } : {}) });
    await new GitLedgerStore({ repoDir: bare }).append({ row: claim(2, 'run-2') });
    expect((await store.readState('p')).commit).toBe(remoteTip);
    expect((await store.readState('p')).commit).toBe(await new Git(bare).ok(['rev-parse', 'refs/heads/okstra-ledger']));
    // The claim decided on the early tip is a compare-and-swap: the ledger moved since, so it lands on the new tip.
    const fresh = new GitLedgerStore({ repoDir: clone, remote: 'origin', early: Promise.resolve(got) });
    await new GitLedgerStore({ repoDir: bare }).append({ row: claim(3, 'run-3') });
    const appended = await fresh.append({ row: claim(4, 'run-4') });
    expect(appended.attempts).toBeGreaterThan(1);
    expect((await fresh.read('p')).rows.map((r) => r.run_id)).toEqual(['run-1', 'run-2', 'run-3', 'run-4']);
    // No private ref outlives a read or an append.
    expect(await refs.git.ok(['for-each-ref', 'refs/okstra/'])).toBe('');
  });

  it('prefetches the stage branches alone when the remote has no ledger branch yet', async () => {
    const { clone } = await setup();
    const refs = (await RemoteRefs.open(clone, 'origin'))?.refs as RemoteRefs;
    refs.prefetchStageBranches('p', { ledgerBranch: 'okstra-ledger' });
    const early = await refs.takeEarlyLedger('okstra-ledger');
    expect(early?.tip).toBeNull();
    await refs.fetchStageBranches('p');
    expect(await refs.git.ok(['branch', '--list', 'okstra/*', '--format=%(refname:short)'])).toBe('okstra/p/stage-1');
  });
});

describe('removeWorktreesOf', () => {
  it('removes the worktrees holding the given branches and nothing else', async () => {
    const { dir, git } = await makeRepo();
    await git.ok(['branch', 'a']);
    await git.ok(['branch', 'b']);
    const wa = join(tempDir('okstra-wt-'), 'a');
    const wb = join(tempDir('okstra-wt-'), 'b');
    await git.ok(['worktree', 'add', '--quiet', wa, 'a']);
    await git.ok(['worktree', 'add', '--quiet', wb, 'b']);
    expect(await removeWorktreesOf(dir, ['a'])).toEqual([wa]);
    expect(existsSync(wa)).toBe(false);
    expect(existsSync(wb)).toBe(true);
    expect(await git.ok(['worktree', 'list', '--porcelain'])).not.toContain(wa);
  });
});
