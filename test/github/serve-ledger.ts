import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import type { LedgerRow } from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import { tempDir } from '../helpers/git-repos.js';
import { validateGitHubRequest } from '../helpers/github-openapi.js';
import { API } from './setup.js';

/**
 * A local ledger branch behind a nock'd GitHub: the contents and commits
 * APIs answered from the repository, as GitHub answers them, so the bot's
 * readers are tested against what the Action's store wrote.
 */

/**
 * The contents API of a local repository, as GitHub answers it: a folder's
 * listing (JSON, each entry with its object id) or a file's raw bytes, at the
 * commit `at()` names for the branch. Every request is checked against
 * GitHub's API description.
 */
export function serveContents(git: Git, at: () => Promise<string>): { invalid: string[]; requests: string[] } {
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

/**
 * The commits API of a local repository: `GET /repos/{o}/{r}/commits?sha&path&per_page&page`,
 * newest first, each commit with its message, as GitHub answers it; `at()` names the branch's commit.
 */
export function serveCommits(git: Git, at: () => Promise<string>): { invalid: string[]; requests: string[] } {
  const invalid: string[] = [];
  const requests: string[] = [];
  nock(API)
    .persist()
    .get(/^\/repos\/octo-org\/octo-repo\/commits\?/)
    .reply(function (uri, _body, cb) {
      invalid.push(...validateGitHubRequest({ method: 'GET', path: uri, headers: this.req.headers, body: undefined }));
      requests.push(decodeURIComponent(uri));
      const q = new URL(uri, API).searchParams;
      void (async () => {
        const sha = q.get('sha') === 'okstra-ledger' ? await at() : (q.get('sha') as string);
        const perPage = Number(q.get('per_page') ?? 30);
        const page = Number(q.get('page') ?? 1);
        const out = await git.ok(['log', '-z', '--format=%H%x00%B', sha, '--', q.get('path') as string]);
        const fields = out === '' ? [] : out.split('\0');
        const all: Array<{ sha: string; commit: { message: string } }> = [];
        for (let i = 0; i + 1 < fields.length; i += 2)
          all.push({ sha: fields[i] as string, commit: { message: (fields[i + 1] as string).replace(/\n$/, '') } });
        cb(null, [200, all.slice((page - 1) * perPage, page * perPage)]);
      })().catch((e: unknown) => cb(e as Error, [500, {}]));
    });
  return { invalid, requests };
}

/** The ledger fixture in the JSONL format (test/ledger/legacy-fixture.test.ts), as a repository. */
export const FIXTURE = join(import.meta.dirname, '../fixtures/legacy-ledger');
export const FIXTURE_ROWS = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as Record<
  string,
  { allRows: LedgerRow[] }
>;
export const FIXTURE_AT = new Date('2026-11-29T13:00:00.000Z');

export async function legacyLedger(): Promise<Git> {
  const git = new Git(tempDir('okstra-legacy-'));
  await git.ok(['init', '--quiet', '--bare']);
  await git.ok(['fetch', '--quiet', join(FIXTURE, 'legacy-ledger.bundle'), 'okstra-ledger:okstra-ledger']);
  return git;
}

export const tipOf = (git: Git) => () => git.ok(['rev-parse', 'okstra-ledger']);
