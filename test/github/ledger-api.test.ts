import { join } from 'node:path';
import nock from 'nock';
import { beforeEach, describe, expect, it } from 'vitest';
import { LedgerFormatError } from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { forgetSegments, readLedgerRows } from '../../src/github/ledger-api.js';
import { claim, done, doneFiles, T0 } from '../helpers/ledger-rows.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { validateGitHubRequest } from '../helpers/github-openapi.js';
import { API, client, REPO, useNock } from './setup.js';

useNock();

/**
 * The contents API of a local repository, as GitHub answers it: a folder's
 * listing (JSON, each entry with its object id) or a file's raw bytes, at the
 * commit `at()` names for the branch. Every request is checked against
 * GitHub's API description.
 */
function serveContents(git: Git, at: () => Promise<string>): { invalid: string[]; requests: string[] } {
  const invalid: string[] = [];
  const requests: string[] = [];
  nock(API)
    .persist()
    .get(/^\/repos\/octo-org\/octo-repo\/contents\//)
    .query(true)
    .reply(function (uri, _body, cb) {
      const problems = validateGitHubRequest({ method: 'GET', path: uri, headers: this.req.headers, body: undefined });
      invalid.push(...problems);
      requests.push(decodeURIComponent(uri));
      const url = new URL(uri, API);
      const path = decodeURIComponent(url.pathname.replace('/repos/octo-org/octo-repo/contents/', ''));
      void (async () => {
        const commit = await at();
        const entry = (await git.run(['ls-tree', '-z', commit, '--', path])).stdout.split('\0')[0] ?? '';
        const [meta = '', name = ''] = entry.split('\t');
        const [, type, id] = meta.split(' ');
        if (name !== path) return cb(null, [404, { message: 'Not Found' }]);
        if (type === 'tree') {
          const listing = (await git.ok(['ls-tree', '-z', `${commit}:${path}`])).split('\0').filter(Boolean);
          return cb(null, [
            200,
            listing.map((l) => {
              const [info = '', n = ''] = l.split('\t');
              const [, t, sha] = info.split(' ');
              return { name: n, path: `${path}/${n}`, sha, type: t === 'tree' ? 'dir' : 'file' };
            }),
          ]);
        }
        const text = (await git.run(['cat-file', 'blob', id as string])).stdout;
        return cb(null, [200, text, { 'content-type': 'text/plain; charset=utf-8' }]);
      })().catch((e: unknown) => cb(e as Error, [500, {}]));
    });
  return { invalid, requests };
}

async function segmentedLedger(): Promise<{ dir: string; git: Git; store: GitLedgerStore }> {
  const { dir, git } = await makeRepo();
  const store = new GitLedgerStore({ repoDir: dir, now: () => T0, sealChars: 600 });
  for (let i = 1; i <= 6; i++) await store.append({ row: claim(i, `r${i}`) });
  await store.append({ row: done(6, 'r6'), files: doneFiles(done(6, 'r6')) });
  for (let i = 7; i <= 12; i++) await store.append({ row: claim(i, `r${i}`) });
  return { dir, git, store };
}

describe('the ledger read over the API', () => {
  // Each test counts the requests of its own reads: nothing read by an earlier test is served from memory.
  beforeEach(() => forgetSegments());

  it('reads a segmented ledger as the git store does: every segment in order, then ledger.jsonl', async () => {
    const { git, store } = await segmentedLedger();
    expect((await git.ok(['ls-tree', '--name-only', 'okstra-ledger:plans/demo/ledger'])).split('\n')).toEqual([
      '000001.jsonl',
      '000002.jsonl',
    ]);
    const served = serveContents(git, () => git.ok(['rev-parse', 'okstra-ledger']));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo');
    nock.cleanAll();
    expect(rows).toEqual((await store.read('demo')).allRows);
    expect(rows).toHaveLength(13);
    expect(served.invalid).toEqual([]);
    expect(served.requests.map((r) => r.replace(/\?.*/, ''))).toEqual([
      '/repos/octo-org/octo-repo/contents/plans/demo',
      '/repos/octo-org/octo-repo/contents/plans/demo/ledger',
      '/repos/octo-org/octo-repo/contents/plans/demo/ledger/000001.jsonl',
      '/repos/octo-org/octo-repo/contents/plans/demo/ledger/000002.jsonl',
      '/repos/octo-org/octo-repo/contents/plans/demo/ledger.jsonl',
    ]);
  });

  it('reads each sealed segment once per process: a second read asks only for the listings and the live file', async () => {
    const { git } = await segmentedLedger();
    const first = serveContents(git, () => git.ok(['rev-parse', 'okstra-ledger']));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo');
    nock.cleanAll();
    const second = serveContents(git, () => git.ok(['rev-parse', 'okstra-ledger']));
    expect(await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo')).toEqual(rows);
    nock.cleanAll();
    expect(first.requests.filter((r) => r.includes('/ledger/000'))).not.toEqual([]);
    expect(second.requests.map((r) => r.replace(/\?.*/, ''))).toEqual([
      '/repos/octo-org/octo-repo/contents/plans/demo',
      '/repos/octo-org/octo-repo/contents/plans/demo/ledger',
      '/repos/octo-org/octo-repo/contents/plans/demo/ledger.jsonl',
    ]);
    expect([...first.invalid, ...second.invalid]).toEqual([]);
  });

  it('starts again when a seal lands between its requests, and neither loses nor repeats a row', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0, sealChars: 600 });
    for (let i = 1; i <= 5; i++) await store.append({ row: claim(i, `r${i}`) });
    const before = await git.ok(['rev-parse', 'okstra-ledger']);
    await store.append({ row: claim(6, 'r6') });
    const after = await git.ok(['rev-parse', 'okstra-ledger']);
    // The first listing is answered at the commit before the seal, everything after at the tip.
    let calls = 0;
    const served = serveContents(git, async () => (calls++ === 0 ? before : after));
    const rows = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo');
    nock.cleanAll();
    expect(rows.map((r) => r.run_id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    // The first attempt's live file did not hash to its listing: listing + file, then the whole read again (4).
    expect(served.requests).toHaveLength(6);
    expect(served.invalid).toEqual([]);
  });

  it('names the segment, its line and the plan-wide line of a corrupt line', async () => {
    const { git } = await segmentedLedger();
    const tip = await git.ok(['rev-parse', 'okstra-ledger']);
    const seg2 = (await git.run(['cat-file', 'blob', `${tip}:plans/demo/ledger/000002.jsonl`])).stdout;
    const env = { GIT_INDEX_FILE: `${git.cwd}/.git/hand-index` };
    await git.ok(['read-tree', tip], { env });
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: `${seg2}oops\n` });
    await git.ok(['update-index', '--cacheinfo', `100644,${blob},plans/demo/ledger/000002.jsonl`], { env });
    const commit = await git.ok(['commit-tree', await git.ok(['write-tree'], { env }), '-p', tip, '-m', 'hand'], {
      env,
    });
    const seg1Lines =
      (await git.run(['cat-file', 'blob', `${tip}:plans/demo/ledger/000001.jsonl`])).stdout.split('\n').length - 1;
    const local = seg2.split('\n').length;
    serveContents(git, async () => commit);
    const error = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo').catch((e: unknown) => e);
    nock.cleanAll();
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toContain(
      `okstra-ledger:plans/demo/ledger/000002.jsonl:${local} (line ${seg1Lines + local} of the plan's ledger): not valid JSON`,
    );
    expect((error as Error).message).toContain(`--drop-line ${seg1Lines + local} `);
  });

  it('names a folder inside the segment folder as not a segment, instead of reading again', async () => {
    const { git } = await segmentedLedger();
    // A hand commit on the ledger branch adds plans/demo/ledger/extra/notes.txt.
    const env = { GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index') };
    await git.ok(['read-tree', 'okstra-ledger'], { env });
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: 'notes\n' });
    await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},plans/demo/ledger/extra/notes.txt`], { env });
    const tree = await git.ok(['write-tree'], { env });
    const commit = await git.ok(['commit-tree', tree, '-p', 'okstra-ledger', '-m', 'a stray folder']);
    await git.ok(['update-ref', 'refs/heads/okstra-ledger', commit]);
    const served = serveContents(git, () => git.ok(['rev-parse', 'okstra-ledger']));
    const error = await readLedgerRows(client(), REPO, 'okstra-ledger', 'demo').catch((e: unknown) => e);
    nock.cleanAll();
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toContain('okstra-ledger:plans/demo/ledger');
    expect((error as Error).message).toContain('"extra", which is not a ledger segment');
    // One listing of the plan folder and one of the segment folder: no second attempt.
    expect(served.requests).toHaveLength(2);
    expect(served.invalid).toEqual([]);
  });

  it('reads a plan without a ledger as no rows', async () => {
    const { git } = await segmentedLedger();
    const served = serveContents(git, () => git.ok(['rev-parse', 'okstra-ledger']));
    expect(await readLedgerRows(client(), REPO, 'okstra-ledger', 'other')).toEqual([]);
    nock.cleanAll();
    expect(served.requests).toHaveLength(1);
  });
});
