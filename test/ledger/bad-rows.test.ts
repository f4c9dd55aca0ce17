import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  carryPath,
  deriveLedgerState,
  LedgerFormatError,
  reportPath,
  ROW_TRAILER,
  serializeRow,
  stageStatus,
  type LedgerRow,
} from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore, quarantinePath } from '../../src/git/ledger-store.js';
import { makeRemoteWithClones, makeRepo, tempDir } from '../helpers/git-repos.js';
import { runCli } from '../helpers/cli.js';

const T0 = new Date('2026-11-29T12:00:00Z');
const HEAD = 'b'.repeat(40);
const HAND = 'plans/demo/hand-edit.txt';

const claim = (stage: number, run: string, over: Partial<LedgerRow> = {}): LedgerRow =>
  ({
    v: 1,
    plan_id: 'demo',
    stage,
    status: 'started',
    run_id: run,
    at: T0.toISOString(),
    lease_until: '2026-11-29T14:00:00.000Z',
    ...over,
  }) as LedgerRow;
const doneRow = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'done',
  run_id: run,
  at: T0.toISOString(),
  head_commit: HEAD,
  completed_at: T0.toISOString(),
  carry_path: carryPath('demo', stage),
  report_path: reportPath('demo', stage, run, 'json'),
});
const doneFiles = (row: LedgerRow) =>
  row.status === 'done'
    ? [
        { path: row.carry_path, content: '{}\n' },
        { path: row.report_path, content: '{}\n' },
      ]
    : [];

/**
 * What a person with push access could do by hand: commits on the ledger
 * branch, made with plain plumbing, each carrying one raw row in its message
 * as okstra's appends do (the first one also writes `files`). Returns the
 * last commit.
 */
async function handCommit(
  git: Git,
  branch: string,
  lines: readonly string[],
  files: Record<string, string> = {},
): Promise<string> {
  const env = {
    GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index'),
    GIT_AUTHOR_NAME: 'mallory',
    GIT_AUTHOR_EMAIL: 'm@example.invalid',
    GIT_COMMITTER_NAME: 'mallory',
    GIT_COMMITTER_EMAIL: 'm@example.invalid',
  };
  let tip = await git.ok(['rev-parse', `refs/heads/${branch}`]);
  for (const [i, line] of lines.entries()) {
    await git.ok(['read-tree', tip], { env });
    // Something in the plan's folder changes, or the commit is not one of the plan's.
    const all: Record<string, string> = { ...(i === 0 ? files : {}), [HAND]: `${tip} ${i}\n` };
    for (const [path, content] of Object.entries(all)) {
      const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: content });
      await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env });
    }
    const tree = await git.ok(['write-tree'], { env });
    const commit = await git.ok(['commit-tree', tree, '-p', tip, '-F', '-'], {
      env,
      input: `hand edit\n\n${ROW_TRAILER}${line}\n`,
    });
    await git.ok(['update-ref', `refs/heads/${branch}`, commit, tip]);
    tip = commit;
  }
  return tip;
}

/** A ledger with one believed done stage, then each kind of bad row the issue lists (lines 3–8). */
async function ledgerWithBadRows(dir: string): Promise<{ store: GitLedgerStore; git: Git }> {
  const git = new Git(dir);
  const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
  await store.append({ row: claim(1, 'r1') });
  await store.append({ row: doneRow(1, 'r1'), files: doneFiles(doneRow(1, 'r1')) });
  await handCommit(git, 'okstra-ledger', [
    serializeRow(doneRow(2, 'r-3')), // 3: done without started (no carry, no report)
    serializeRow(claim(3, 'r-4', { at: '2999-01-01T00:00:00.000Z', lease_until: '9999-12-31T00:00:00.000Z' })), // 4: future at, huge lease
    serializeRow(claim(4, 'r-5', { lease_until: '2027-01-01T00:00:00.000Z' })), // 5: huge lease
  ]);
  await store.append({ row: claim(5, 'r-6') }); // 6: a real claim
  await handCommit(git, 'okstra-ledger', [serializeRow(doneRow(5, 'r-6'))]); // 7: its done, forged: no carry, no report
  await handCommit(
    git,
    'okstra-ledger',
    [serializeRow(doneRow(3, 'r-4'))],
    Object.fromEntries(doneFiles(doneRow(3, 'r-4')).map((f) => [f.path, f.content])),
  ); // 8: done of the future claim, files and all
  return { store, git };
}

describe('hand-written bad rows on a real ledger branch', () => {
  it('reports each bad row with its line and reason and believes none of them', async () => {
    const { dir } = await makeRepo();
    const { store } = await ledgerWithBadRows(dir);
    const snapshot = await store.read('demo');

    expect(snapshot.allRows).toHaveLength(8);
    expect(snapshot.rows.map((r) => `${'stage' in r ? r.stage : 'plan'}:${r.status}:${r.run_id}`)).toEqual([
      '1:started:r1',
      '1:done:r1',
      '5:started:r-6',
    ]);
    expect(snapshot.distrusted?.map((d) => [d.line, d.reason])).toEqual([
      [3, 'done without its started row (run r-3)'],
      [4, expect.stringMatching(/^written at 2999-01-01T00:00:00.000Z, \d+ days ahead of this machine's clock/)],
      [
        5,
        expect.stringMatching(
          /^claims a lease of \d+ days \(until 2027-01-01T00:00:00.000Z\), longer than the 24 h maximum$/,
        ),
      ],
      [
        7,
        expect.stringMatching(
          /^done row whose ledger commit [0-9a-f]{12} does not add its carry plans\/demo\/carry\/stage-5.json or its report plans\/demo\/reports\/stage-5\/r-6.json$/,
        ),
      ],
      [8, 'done for a run whose started row is itself ignored (line 4, run r-4)'],
    ]);
    const state = deriveLedgerState(snapshot.rows);
    expect([1, 2, 3, 4, 5].map((n) => stageStatus(state, n))).toEqual([
      'done',
      'pending',
      'pending',
      'pending',
      'started',
    ]);
  });

  it('lets the stages a bad row would block be claimed, and the real run end its own claim', async () => {
    const { dir } = await makeRepo();
    const { store } = await ledgerWithBadRows(dir);
    expect((await store.append({ row: claim(3, 'r-new') })).outcome).toBe('appended');
    expect((await store.append({ row: claim(4, 'r-new') })).outcome).toBe('appended');
    // The forged done did not end r-6's claim: its own done still lands.
    expect(
      (
        await store.append({
          row: doneRow(5, 'r-6'),
          files: doneFiles(doneRow(5, 'r-6')).map((f) => ({ ...f, content: '{"real":true}\n' })),
        })
      ).outcome,
    ).toBe('appended');
    const state = deriveLedgerState((await store.read('demo')).rows);
    expect([3, 4, 5].map((n) => stageStatus(state, n))).toEqual(['started', 'started', 'done']);
  });

  it('believes a done row whose commit holds a carry identical to the one already on the branch', async () => {
    const { dir } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    await store.append({ row: doneRow(1, 'r1'), files: doneFiles(doneRow(1, 'r1')) });
    await store.append({ row: claim(1, 'r2') });
    // Same carry content: the store does not write it again, so the commit only adds the report.
    await store.append({ row: doneRow(1, 'r2'), files: doneFiles(doneRow(1, 'r2')) });
    const snapshot = await new GitLedgerStore({ repoDir: dir, now: () => T0 }).read('demo');
    expect(snapshot.distrusted).toEqual([]);
    expect(snapshot.rows).toHaveLength(4);
  });

  it('refuses to append a done row without its report', async () => {
    const { dir } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    const row = doneRow(1, 'r1');
    await expect(store.append({ row, files: doneFiles(row).slice(0, 1) })).rejects.toMatchObject({
      code: 'missing-report',
    });
  });

  it('stops at a malformed line with one error naming branch:path, line and the repair command', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    await handCommit(git, 'okstra-ledger', ['{"v":1,"plan_id":"demo",']);
    const error = await store.read('demo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toMatch(
      /^okstra-ledger:plans\/demo:2: the row of commit [0-9a-f]{12}: not valid JSON \(.+\); remove it with `okstra ledger repair --plan-id demo --drop-line 2 --reason "…"`$/,
    );
    await expect(store.append({ row: claim(2, 'r2') })).rejects.toBeInstanceOf(LedgerFormatError);
  });
});

describe('okstra ledger repair', () => {
  it('drops a malformed line in its own commit that records the reason and who ran it', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    await handCommit(git, 'okstra-ledger', ['not json at all', '{"v":1}']);

    const show = await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', dir], { now: T0 });
    expect(show.exitCode).toBe(1);
    expect(show.stderr).toBe(
      `okstra: the ledger is corrupt: okstra-ledger:plans/demo:2: the row of commit ${(await git.ok(['rev-parse', 'okstra-ledger~1'])).slice(0, 12)}: not valid JSON (Unexpected token 'o', "not json at all" is not valid JSON); remove it with \`okstra ledger repair --plan-id demo --drop-line 2 --reason "…"\`\n`,
    );

    const before = await git.ok(['rev-parse', 'okstra-ledger']);
    const repaired = await runCli(
      [
        'ledger',
        'repair',
        '--plan-id',
        'demo',
        '--repo',
        dir,
        '--drop-line',
        '2',
        '--drop-line',
        '3',
        '--reason',
        'garbage from a bad merge',
        '--actor',
        'alice',
      ],
      { now: T0 },
    );
    expect(repaired.stderr).toBe('');
    expect(repaired.exitCode).toBe(0);
    expect(repaired.stdout).toMatch(
      /^repaired plan demo's ledger in [0-9a-f]{12} \(by alice\): 2 lines dropped\n {2}line 2: not valid JSON .+\n {2}line 3: not a valid ledger row: .+\n$/,
    );

    expect(await git.ok(['rev-parse', 'okstra-ledger^'])).toBe(before);
    const message = await git.ok(['log', '-1', '--format=%B', 'okstra-ledger']);
    expect(message).toContain('okstra: demo ledger repair: dropped line 2, 3');
    expect(message).toContain('Reason: garbage from a bad merge');
    expect(message).toContain('Run by: alice');
    expect(message).toContain('  not json at all');
    expect((await new GitLedgerStore({ repoDir: dir, now: () => T0 }).read('demo')).allRows).toEqual([claim(1, 'r1')]);
    expect((await store.read('demo')).rows).toEqual([claim(1, 'r1')]);
    expect(await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', dir], { now: T0 })).toMatchObject({
      exitCode: 0,
    });
  });

  it('quarantines every distrusted row on a remote ledger, compare-and-swap pushed, and the result reads clean', async () => {
    const { remote, clones } = await makeRemoteWithClones(2);
    const [mine, theirs] = clones as [string, string];
    // The bad rows reach the remote from another clone, by hand.
    const { git: theirGit } = await ledgerWithBadRows(theirs);
    await theirGit.ok(['push', '--quiet', 'origin', 'okstra-ledger']);

    const status = await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', mine, '--remote', 'origin'], {
      now: T0,
    });
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain(
      'ledger: row 3 ignored: done without its started row (run r-3) — run `okstra ledger repair --plan-id demo --drop-line 3 --reason "…"`',
    );
    expect(status.stdout).toMatch(/\b3\b.*\bdone \(ignored\)/);

    const repaired = await runCli(
      [
        'ledger',
        'repair',
        '--plan-id',
        'demo',
        '--repo',
        mine,
        '--remote',
        'origin',
        '--quarantine-distrusted',
        '--reason',
        'forged rows, see incident 42',
        '--actor',
        'bob',
      ],
      { now: T0 },
    );
    expect(repaired.stderr).toBe('');
    expect(repaired.stdout.split('\n')[0]).toMatch(
      /^repaired plan demo's ledger in [0-9a-f]{12} \(by bob\): 5 lines quarantined to plans\/demo\/quarantine.jsonl$/,
    );

    const bare = new Git(remote);
    const kept = (await new GitLedgerStore({ repoDir: remote, now: () => T0 }).read('demo')).allRows ?? [];
    expect(kept.map((r) => `${'stage' in r ? r.stage : 'plan'}:${r.status}:${r.run_id}`)).toEqual([
      '1:started:r1',
      '1:done:r1',
      '5:started:r-6',
    ]);
    const quarantined = (await bare.ok(['show', `okstra-ledger:${quarantinePath('demo')}`]))
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(quarantined.map((q) => q.line)).toEqual([3, 4, 5, 7, 8]);
    expect(quarantined[0]).toMatchObject({
      v: 1,
      plan_id: 'demo',
      by: 'bob',
      reason: 'forged rows, see incident 42',
      quarantined_at: T0.toISOString(),
      problem: 'done without its started row (run r-3)',
      original: serializeRow(doneRow(2, 'r-3')),
    });
    expect(await bare.ok(['log', '-1', '--format=%B', 'okstra-ledger'])).toContain(
      'Reason: forged rows, see incident 42',
    );

    const after = await new GitLedgerStore({ repoDir: theirs, remote: 'origin', now: () => T0 }).read('demo');
    expect(after.distrusted).toEqual([]);
    expect(after.rows).toHaveLength(3);
    const again = await runCli(
      [
        'ledger',
        'repair',
        '--plan-id',
        'demo',
        '--repo',
        mine,
        '--remote',
        'origin',
        '--quarantine-distrusted',
        '--reason',
        'again',
      ],
      { now: T0 },
    );
    expect(again).toMatchObject({
      exitCode: 0,
      stdout: 'unchanged: the ledger of plan demo has no unreadable or distrusted line\n',
    });
  });

  it('re-decides on the fresh tip when another writer wins the race', async () => {
    const { remote, clones } = await makeRemoteWithClones(2);
    const [mine, theirs] = clones as [string, string];
    const theirStore = new GitLedgerStore({ repoDir: theirs, remote: 'origin', now: () => T0 });
    await theirStore.append({ row: claim(1, 'r1') });
    await new Git(theirs).ok(['fetch', '--quiet', 'origin', 'okstra-ledger:okstra-ledger']);
    await handCommit(new Git(theirs), 'okstra-ledger', ['oops']);
    await new Git(theirs).ok(['push', '--quiet', 'origin', 'okstra-ledger']);
    // Between my repair's read and its push, another writer repairs the same line and appends: my push is rejected and re-read.
    let raced = false;
    const racer = new GitLedgerStore({ repoDir: theirs, remote: 'origin', now: () => T0 });
    const store = new GitLedgerStore({
      repoDir: mine,
      remote: 'origin',
      now: () => T0,
      sleep: async () => undefined,
    });
    const original = (store as unknown as { publish: (...a: unknown[]) => Promise<boolean> }).publish.bind(store);
    (store as unknown as { publish: (...a: unknown[]) => Promise<boolean> }).publish = async (...args: unknown[]) => {
      if (!raced) {
        raced = true;
        await racer.repair({
          planId: 'demo',
          selection: { kind: 'drop', lines: [2] },
          reason: 'theirs',
          actor: 'carol',
        });
        await racer.append({ row: claim(2, 'r2') });
      }
      return original(...args);
    };
    const result = await store.repair({
      planId: 'demo',
      selection: { kind: 'quarantine-distrusted' },
      reason: 'mine',
      actor: 'dave',
    });
    expect(raced).toBe(true);
    expect(result.outcome).toBe('nothing');
    const rows = (await new GitLedgerStore({ repoDir: mine, remote: 'origin', now: () => T0 }).read('demo')).rows;
    expect(rows.map((r) => r.run_id)).toEqual(['r1', 'r2']);
    expect(await new Git(remote).ok(['log', '-1', '--format=%B', 'okstra-ledger^'])).toContain('Reason: theirs');
  });

  it('refuses without --reason, without a selection, with both, and for a believed row without --force', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    const tip = await git.ok(['rev-parse', 'okstra-ledger']);
    const repair = (args: string[]) =>
      runCli(['ledger', 'repair', '--plan-id', 'demo', '--repo', dir, ...args], { now: T0 });

    expect(await repair(['--drop-line', '1'])).toMatchObject({
      exitCode: 2,
      stderr: 'okstra: ledger repair needs --reason "…": it is recorded in the ledger commit with who ran it\n',
    });
    expect(await repair(['--reason', 'x'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('needs --drop-line N (repeatable) or --quarantine-distrusted'),
    });
    expect(await repair(['--reason', 'x', '--drop-line', '1', '--quarantine-distrusted'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('not both'),
    });
    expect(await repair(['--reason', 'x', '--drop-line', 'zero'])).toMatchObject({ exitCode: 2 });
    expect(await repair(['--reason', 'x', '--drop-line', '4'])).toMatchObject({
      exitCode: 1,
      stderr: 'okstra: the ledger has 1 line; there is no line 4\n',
    });
    expect(await repair(['--reason', 'x', '--drop-line', '1'])).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('line 1 is a believed row'),
    });
    expect(await git.ok(['rev-parse', 'okstra-ledger'])).toBe(tip);

    const forced = await repair(['--reason', 'claim of a machine that burned down', '--drop-line', '1', '--force']);
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toContain('line 1: a believed row (--force)');
    expect((await store.read('demo')).rows).toEqual([]);
  });
});
