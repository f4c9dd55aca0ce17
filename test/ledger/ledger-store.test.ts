import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitLedgerStore, LedgerRefusedError } from '../../src/git/ledger-store.js';
import { Git } from '../../src/git/git.js';
import { carryPath, reportPath, type LedgerRow } from '../../src/core/ledger/index.js';
import { makeRemoteWithClones, makeRepo } from '../helpers/git-repos.js';

const now = new Date('2026-11-29T12:00:00Z');
const claim = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: now.toISOString(),
  lease_until: '2026-11-29T14:00:00.000Z',
});

async function headOf(git: Git): Promise<string> {
  return git.ok(['rev-parse', 'HEAD']);
}

describe('GitLedgerStore on a local repository', () => {
  it('creates the orphan ledger branch and appends rows without touching the work tree or index', async () => {
    const { dir, git } = await makeRepo();
    // A dirty, partly staged work tree: the ledger must leave both exactly as they are.
    writeFileSync(join(dir, 'README.md'), '# project\nstaged change\n');
    await git.ok(['add', 'README.md']);
    writeFileSync(join(dir, 'README.md'), '# project\nstaged change\nunstaged change\n');
    writeFileSync(join(dir, 'untracked.txt'), 'mine\n');
    const statusBefore = await git.ok(['status', '--porcelain']);
    const indexBefore = readFileSync(join(dir, '.git', 'index'));
    const headBefore = await headOf(git);

    const store = new GitLedgerStore({ repoDir: dir, now: () => now });
    const first = await store.append({ row: claim(1, 'run-1') });
    await store.append({ row: claim(2, 'run-2') });

    expect(first.outcome).toBe('appended');
    expect((await store.read('demo')).rows.map((r) => r.run_id)).toEqual(['run-1', 'run-2']);
    expect(await git.ok(['status', '--porcelain'])).toBe(statusBefore);
    expect(readFileSync(join(dir, '.git', 'index')).equals(indexBefore)).toBe(true);
    expect(await headOf(git)).toBe(headBefore);
    // Orphan: the ledger shares no history with the project.
    expect(await git.ok(['rev-list', '--max-parents=0', 'okstra-ledger'])).not.toBe(
      await git.ok(['rev-list', '--max-parents=0', 'main']),
    );
    expect(await git.ok(['rev-list', '--count', 'okstra-ledger'])).toBe('2');
    // No build ref is left: fast-import never writes one, the ledger's first commit included.
    expect(await git.ok(['for-each-ref', 'refs/okstra/'])).toBe('');
  });

  it('writes a done row and its carry and report in one commit', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => now });
    await store.append({ row: claim(1, 'run-1') });
    const head = await headOf(git);
    const done: LedgerRow = {
      v: 1,
      plan_id: 'demo',
      stage: 1,
      status: 'done',
      run_id: 'run-1',
      at: now.toISOString(),
      head_commit: head,
      completed_at: now.toISOString(),
      carry_path: carryPath('demo', 1),
      report_path: reportPath('demo', 1, 'run-1', 'json'),
    };
    const result = await store.append({
      row: done,
      files: [
        { path: done.carry_path, content: '{"ok":true}\n' },
        { path: done.report_path, content: '{}\n' },
      ],
    });

    const changed = (await git.ok(['diff-tree', '--no-commit-id', '--name-only', '-r', result.commit]))
      .split('\n')
      .sort();
    expect(changed).toEqual([
      'plans/demo/carry/stage-1.json',
      'plans/demo/reports/stage-1/run-1.json',
      'plans/demo/state.json',
    ]);
    expect(await store.readFile(result.commit, done.carry_path)).toBe('{"ok":true}\n');
  });

  it('refuses a done row without its carry file', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => now });
    await store.append({ row: claim(1, 'run-1') });
    const done: LedgerRow = {
      v: 1,
      plan_id: 'demo',
      stage: 1,
      status: 'done',
      run_id: 'run-1',
      at: now.toISOString(),
      head_commit: await headOf(git),
      completed_at: now.toISOString(),
      carry_path: carryPath('demo', 1),
      report_path: reportPath('demo', 1, 'run-1', 'json'),
    };
    await expect(store.append({ row: done })).rejects.toMatchObject({ code: 'missing-carry' });
    expect((await store.read('demo')).rows).toHaveLength(1);
  });

  it('a later done of the same stage (a reconcile) replaces its carry, keeping the earlier one in history; nothing else is ever overwritten', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => now });
    const head = await headOf(git);
    const doneBy = (run: string): LedgerRow => ({
      v: 1,
      plan_id: 'demo',
      stage: 1,
      status: 'done',
      run_id: run,
      at: now.toISOString(),
      head_commit: head,
      completed_at: now.toISOString(),
      carry_path: carryPath('demo', 1),
      report_path: reportPath('demo', 1, run, 'json'),
    });
    await store.append({ row: claim(1, 'run-1') });
    const first = await store.append({
      row: doneBy('run-1'),
      files: [
        { path: carryPath('demo', 1), content: '{"v":1}\n' },
        { path: reportPath('demo', 1, 'run-1', 'json'), content: '{}\n' },
      ],
    });
    await store.append({ row: claim(1, 'run-2') });

    // A file that is not this row's carry (here: another run's report) is never replaced.
    const clobber = store.append({
      row: doneBy('run-2'),
      files: [
        { path: carryPath('demo', 1), content: '{"v":2}\n' },
        { path: reportPath('demo', 1, 'run-2', 'json'), content: '{}\n' },
        { path: reportPath('demo', 1, 'run-1', 'json'), content: '{"forged":true}\n' },
      ],
    });
    await expect(clobber).rejects.toThrowError(LedgerRefusedError);
    await expect(clobber).rejects.toThrowError(
      /run-1\.json already exists on the ledger branch with different content/,
    );
    expect((await store.read('demo')).rows.at(-1)?.status).toBe('started');

    await store.append({
      row: doneBy('run-2'),
      files: [
        { path: carryPath('demo', 1), content: '{"v":2}\n' },
        { path: reportPath('demo', 1, 'run-2', 'json'), content: '{}\n' },
      ],
    });
    const snapshot = await store.read('demo');
    expect(await store.readFile(snapshot.commit as string, carryPath('demo', 1))).toBe('{"v":2}\n');
    expect(await store.readFile(first.commit, carryPath('demo', 1))).toBe('{"v":1}\n');
    expect(snapshot.rows.map((r) => r.status)).toEqual(['started', 'done', 'started', 'done']);
  });

  it('treats a re-delivered row as a no-op that writes nothing', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => now });
    const first = await store.append({ row: claim(1, 'run-1') });
    const again = await store.append({ row: claim(1, 'run-1') });
    expect(again).toMatchObject({ outcome: 'redundant', commit: first.commit });
    expect(await git.ok(['rev-list', '--count', 'okstra-ledger'])).toBe('1');
  });

  it('fails loudly, with the line, on a corrupt ledger', async () => {
    const { dir } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => now });
    await store.append({ row: claim(1, 'run-1') });
    // Corrupt the ledger with an ordinary commit on the branch, as a careless hand edit would: a row that is no JSON.
    const work = new Git(dir);
    await work.ok(['worktree', 'add', '--quiet', join(dir, '.wt'), 'okstra-ledger']);
    writeFileSync(join(dir, '.wt', 'plans/demo/notes.txt'), 'by hand\n');
    await new Git(join(dir, '.wt')).ok(['add', '.']);
    await new Git(join(dir, '.wt')).ok(['commit', '--quiet', '-m', 'hand edit\n\nokstra-row: {oops']);
    await expect(store.read('demo')).rejects.toThrowError(
      /okstra-ledger:plans\/demo:2: the row of commit [0-9a-f]{12}: not valid JSON/,
    );
    await expect(store.append({ row: claim(2, 'run-2') })).rejects.toThrowError(/plans\/demo:2/);
  });
});

describe('GitLedgerStore against a bare remote', () => {
  it('pushes appends and reads them back from another clone', async () => {
    const { clones } = await makeRemoteWithClones(2);
    const a = new GitLedgerStore({ repoDir: clones[0] as string, remote: 'origin', now: () => now });
    const b = new GitLedgerStore({ repoDir: clones[1] as string, remote: 'origin', now: () => now });
    await a.append({ row: claim(1, 'run-a') });
    await b.append({ row: claim(2, 'run-b') });
    await expect(a.append({ row: claim(2, 'run-c') })).rejects.toThrowError(
      'stage 2 already in progress by run run-b until 2026-11-29T14:00:00.000Z',
    );
    expect((await a.read('demo')).rows.map((r) => `${'stage' in r ? r.stage : 'plan'}:${r.run_id}`)).toEqual([
      '1:run-a',
      '2:run-b',
    ]);
    // No private fetch refs are left behind.
    expect(await new Git(clones[0] as string).ok(['for-each-ref', 'refs/okstra/'])).toBe('');
  });

  it('retries after losing a compare-and-swap and lands on top of the winner', async () => {
    const { clones } = await makeRemoteWithClones(2);
    const winner = new GitLedgerStore({ repoDir: clones[1] as string, remote: 'origin', now: () => now });
    let raced = false;
    // The loser's first sleep happens after its first push was rejected: let the winner land first.
    const loser = new GitLedgerStore({
      repoDir: clones[0] as string,
      remote: 'origin',
      now: () => now,
      sleep: async () => undefined,
    });
    // Make the loser's first attempt stale by landing the winner's row between its read and its push.
    type Publish = (commit: string, expected: string | null) => Promise<boolean>;
    const originalPublish = (loser as unknown as { publish: Publish }).publish.bind(loser);
    (loser as unknown as { publish: Publish }).publish = async (commit, expected) => {
      if (!raced) {
        raced = true;
        await winner.append({ row: claim(2, 'run-w') });
      }
      return originalPublish(commit, expected);
    };
    const result = await loser.append({ row: claim(1, 'run-l') });
    expect(result.attempts).toBe(2);
    expect((await winner.read('demo')).rows.map((r) => r.run_id)).toEqual(['run-w', 'run-l']);
  });

  it('reuses a tip it fetched moments ago, but never lets that stale view decide a refusal or lose a row', async () => {
    const { clones } = await makeRemoteWithClones(2);
    const mine = new GitLedgerStore({ repoDir: clones[0] as string, remote: 'origin', now: () => now });
    const other = new GitLedgerStore({ repoDir: clones[1] as string, remote: 'origin', now: () => now });
    await other.append({ row: claim(1, 'run-x') });
    await mine.read('demo'); // sees stage 1 claimed by run-x
    // Meanwhile run-x ends its claim and someone claims stage 2.
    await other.append({
      row: {
        v: 1,
        plan_id: 'demo',
        stage: 1,
        status: 'failed',
        run_id: 'run-x',
        at: now.toISOString(),
        reason: 'verdict-fail',
      },
    });
    await other.append({ row: claim(2, 'run-y') });
    // The stale view would refuse stage 1 and would build on an old parent; neither may stick.
    const result = await mine.append({ row: claim(1, 'run-z') });
    expect(result.outcome).toBe('appended');
    expect(
      (await other.read('demo')).rows.map((r) => `${'stage' in r ? r.stage : 'plan'}:${r.status}:${r.run_id}`),
    ).toEqual(['1:started:run-x', '1:failed:run-x', '2:started:run-y', '1:started:run-z']);
  });

  it("tip() is the remote branch's commit without a fetch: null before the first row, each append's commit after, another clone's too", async () => {
    const { clones } = await makeRemoteWithClones(2);
    const a = new GitLedgerStore({ repoDir: clones[0] as string, remote: 'origin', now: () => now });
    const b = new GitLedgerStore({ repoDir: clones[1] as string, remote: 'origin', now: () => now });
    expect(await a.tip()).toBeNull();
    const first = await a.append({ row: claim(1, 'run-a') });
    expect(await a.tip()).toBe(first.commit);
    // Another clone's append moves it, and this clone learns it without fetching (its own refs stay as they were).
    const refsBefore = await new Git(clones[0] as string).ok(['for-each-ref']);
    const second = await b.append({ row: claim(2, 'run-b') });
    expect(await a.tip()).toBe(second.commit);
    expect(await new Git(clones[0] as string).ok(['for-each-ref'])).toBe(refsBefore);
    // A tip that is this store's own last commit lets the next append start from it without a fetch; when another
    // clone appended in between, that append loses its compare-and-swap, fetches, and lands on top.
    const third = await a.append({ row: claim(3, 'run-a') });
    expect(await a.tip()).toBe(third.commit);
    await b.append({ row: claim(4, 'run-b') });
    await a.append({ row: claim(5, 'run-a') });
    expect((await b.read('demo')).rows.map((r) => ('stage' in r ? r.stage : 0))).toEqual([1, 2, 3, 4, 5]);
    // A local store's tip is its branch's.
    const { dir } = await makeRepo();
    const local = new GitLedgerStore({ repoDir: dir, now: () => now });
    expect(await local.tip()).toBeNull();
    const appended = await local.append({ row: claim(1, 'run-l') });
    expect(await local.tip()).toBe(appended.commit);
  });

  it('reports a missing remote clearly', async () => {
    const { dir } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, remote: 'nowhere', now: () => now });
    await expect(store.append({ row: claim(1, 'r') })).rejects.toThrowError(
      /cannot fetch the ledger branch from nowhere/,
    );
    await expect(store.tip()).rejects.toThrowError(/cannot read the ledger branch's tip from nowhere/);
  });
});
