import { join } from 'node:path';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { deriveLedgerState, LedgerFormatError, serializeRow, type LedgerRow } from '../../src/core/ledger/index.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { readLedgerRows } from '../../src/github/ledger-api.js';
import { readPlanSnapshot } from '../../src/github/ledger-log-api.js';
import { handRows } from '../helpers/ledger-hand.js';
import { engineRuns, growLedger } from '../helpers/grown-ledger.js';
import { claim, done, doneFiles, T0 } from '../helpers/ledger-rows.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { client, REPO, useNock } from './setup.js';
import { FIXTURE_AT, FIXTURE_ROWS, legacyLedger, serveCommits, serveContents, tipOf } from './serve-ledger.js';

useNock();

describe('a ledger in the JSONL format read over the API (until its next append migrates it)', () => {
  it("reads a segmented ledger as that format's store did: every segment in order, then ledger.jsonl", async () => {
    const git = await legacyLedger();
    const served = serveContents(git, tipOf(git));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'sealed');
    nock.cleanAll();
    expect(rows).toEqual(FIXTURE_ROWS.sealed?.allRows);
    expect(served.invalid).toEqual([]);
    const segments = (await git.ok(['ls-tree', '--name-only', 'okstra-ledger:plans/sealed/ledger'])).split('\n');
    expect(served.requests.map((r) => r.replace(/\?.*/, ''))).toEqual([
      '/repos/octo-org/octo-repo/contents/plans/sealed',
      '/repos/octo-org/octo-repo/contents/plans/sealed/ledger',
      ...segments.map((n) => `/repos/octo-org/octo-repo/contents/plans/sealed/ledger/${n}`),
      '/repos/octo-org/octo-repo/contents/plans/sealed/ledger.jsonl',
    ]);
  });

  it('starts again when a seal lands between its requests, and neither loses nor repeats a row', async () => {
    const git = await legacyLedger();
    const after = await git.ok([
      'log',
      '-1',
      '--format=%H',
      '--diff-filter=A',
      'okstra-ledger',
      '--',
      'plans/sealed/ledger/000002.jsonl',
    ]);
    const before = await git.ok(['rev-parse', `${after}^`]);
    // The first listing is answered at the commit before the seal, everything after at the seal.
    let calls = 0;
    const served = serveContents(git, async () => (calls++ === 0 ? before : after));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'sealed');
    nock.cleanAll();
    const want = await git.ok(['rev-list', '--count', `${after}`, '--', 'plans/sealed/']);
    expect(rows).toEqual(FIXTURE_ROWS.sealed?.allRows.slice(0, Number(want)));
    expect(served.invalid).toEqual([]);
  });

  it('names the segment, its line and the plan-wide line of a corrupt line', async () => {
    const git = await legacyLedger();
    const tip = await git.ok(['rev-parse', 'okstra-ledger']);
    const seg2 = (await git.run(['cat-file', 'blob', `${tip}:plans/sealed/ledger/000002.jsonl`])).stdout;
    const env = { GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index') };
    await git.ok(['read-tree', tip], { env });
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: `${seg2}oops\n` });
    await git.ok(['update-index', '--cacheinfo', `100644,${blob},plans/sealed/ledger/000002.jsonl`], { env });
    const commit = await git.ok(['commit-tree', await git.ok(['write-tree'], { env }), '-p', tip, '-m', 'hand'], {
      env,
    });
    const seg1Lines =
      (await git.run(['cat-file', 'blob', `${tip}:plans/sealed/ledger/000001.jsonl`])).stdout.split('\n').length - 1;
    const local = seg2.split('\n').length;
    serveContents(git, async () => commit);
    const error = await readLedgerRows(client(), REPO, 'okstra-ledger', 'sealed').catch((e: unknown) => e);
    nock.cleanAll();
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toContain(
      `okstra-ledger:plans/sealed/ledger/000002.jsonl:${local} (line ${seg1Lines + local} of the plan's ledger): not valid JSON`,
    );
    expect((error as Error).message).toContain(`--drop-line ${seg1Lines + local} `);
  });

  it('names a folder inside the segment folder as not a segment, instead of reading again', async () => {
    const git = await legacyLedger();
    const env = { GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index') };
    await git.ok(['read-tree', 'okstra-ledger'], { env });
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: 'notes\n' });
    await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},plans/sealed/ledger/extra/notes.txt`], {
      env,
    });
    const tree = await git.ok(['write-tree'], { env });
    const commit = await git.ok(['commit-tree', tree, '-p', 'okstra-ledger', '-m', 'a stray folder']);
    await git.ok(['update-ref', 'refs/heads/okstra-ledger', commit]);
    const served = serveContents(git, tipOf(git));
    const error = await readLedgerRows(client(), REPO, 'okstra-ledger', 'sealed').catch((e: unknown) => e);
    nock.cleanAll();
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toContain('okstra-ledger:plans/sealed/ledger');
    expect((error as Error).message).toContain('"extra", which is not a ledger segment');
    // One listing of the plan folder and one of the segment folder: no second attempt.
    expect(served.requests).toHaveLength(2);
    expect(served.invalid).toEqual([]);
  });
});

describe('a ledger of rows as commits read over the API', () => {
  it("reads every row from the commits, as the git store does, a repair's removals and hand-made rows included", async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    for (let i = 1; i <= 3; i++) await store.append({ row: claim(i, `r${i}`) });
    await store.append({ row: done(2, 'r2'), files: doneFiles(done(2, 'r2')) });
    // A forged done row (its commit adds nothing) and a row that is not one, then the repair that drops the latter.
    await handRows(git, 'demo', [serializeRow(done(3, 'r3')), '{"v":1}']);
    await store.repair({ planId: 'demo', selection: { kind: 'drop', lines: [6] }, reason: 'garbage', actor: 'alice' });
    await store.append({ row: claim(4, 'r4') });
    serveContents(git, tipOf(git));
    const served = serveCommits(git, tipOf(git));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo');
    nock.cleanAll();
    expect(rows).toEqual((await store.read('demo')).allRows);
    expect(rows.map((r) => r.run_id)).toEqual(['r1', 'r2', 'r3', 'r2', 'r3', 'r4']);
    expect(served.invalid).toEqual([]);
  });

  it('reads every page at the commit the first page named, however far the branch moves meanwhile', async () => {
    const { dir, git } = await makeRepo();
    const runs = engineRuns('demo', 101, new Date(T0.getTime() - 86_400_000), 10);
    await growLedger(dir, { planId: 'demo', runs });
    const first = await git.ok(['rev-parse', 'okstra-ledger']);
    await new GitLedgerStore({ repoDir: dir, now: () => T0 }).append({ row: claim(102, 'r102') });
    serveContents(git, async () => first);
    let calls = 0;
    const served = serveCommits(git, async () => (calls++ === 0 ? first : git.ok(['rev-parse', 'okstra-ledger'])));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo');
    nock.cleanAll();
    expect(rows).toEqual(runs.map((r) => r.row));
    expect(served.requests).toHaveLength(2);
  });

  it('reads a migrated ledger: the rows its migration froze, then the commits', async () => {
    const git = await legacyLedger();
    const store = new GitLedgerStore({ repoDir: git.cwd, now: () => FIXTURE_AT });
    const row: LedgerRow = { ...(claim(9, 'r-after') as LedgerRow & { plan_id: string }), plan_id: 'linear' };
    await store.append({ row: { ...row, at: FIXTURE_AT.toISOString() } });
    serveContents(git, tipOf(git));
    serveCommits(git, tipOf(git));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'linear');
    nock.cleanAll();
    expect(rows).toEqual([...(FIXTURE_ROWS.linear?.allRows ?? []), { ...row, at: FIXTURE_AT.toISOString() }]);
  });

  it("reads the plan's state in one request from the snapshot its last append wrote", async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    await store.append({ row: done(1, 'r1'), files: doneFiles(done(1, 'r1')) });
    await store.append({ row: claim(2, 'r2') });
    const served = serveContents(git, tipOf(git));
    const snapshot = await readPlanSnapshot(client(), REPO, 'okstra-ledger', 'demo');
    nock.cleanAll();
    expect(snapshot?.scan.state).toEqual(deriveLedgerState((await store.read('demo')).rows));
    expect(served.requests).toHaveLength(1);
  });

  it('reads a plan without a ledger as no rows', async () => {
    const { dir, git } = await makeRepo();
    await new GitLedgerStore({ repoDir: dir, now: () => T0 }).append({ row: claim(1, 'r1') });
    const served = serveContents(git, tipOf(git));
    expect(await readLedgerRows(client(), REPO, 'okstra-ledger', 'other')).toEqual([]);
    nock.cleanAll();
    expect(served.requests).toHaveLength(1);
  });
});
