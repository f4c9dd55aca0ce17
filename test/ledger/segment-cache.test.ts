import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LedgerFormatError, parseLedgerLines, serializeRow, type LedgerRow } from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { forgetSealedSegments, GitLedgerStore, SealedSegmentCache } from '../../src/git/ledger-store.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { countGitCalls, recordCatFileQuestions, restoreGitShims } from '../helpers/git-shim.js';
import { claim, T0 } from '../helpers/ledger-rows.js';

const SEG = (plan: string, n: number): string => `plans/${plan}/ledger/${String(n).padStart(6, '0')}.jsonl`;
const BRANCH = 'refs/heads/okstra-ledger';
/** A claim row is ~130 characters: the live file seals on the append after its fifth row. */
const SEAL = 600;

const line = (row: LedgerRow): string => `${serializeRow(row)}\n`;

beforeEach(forgetSealedSegments);
afterEach(restoreGitShims);

function store(repoDir: string, branch?: string): GitLedgerStore {
  return new GitLedgerStore({
    repoDir,
    now: () => T0,
    sleep: async () => undefined,
    sealChars: SEAL,
    ...(branch ? { branch } : {}),
  });
}

/** One commit on `ref` made with plumbing: path → content. */
async function handCommit(git: Git, edits: Record<string, string>, ref = BRANCH): Promise<string> {
  const env = { GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index') };
  const tip = await git.resolveCommit(ref);
  if (tip) await git.ok(['read-tree', tip], { env });
  for (const [path, content] of Object.entries(edits)) {
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: content });
    await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env });
  }
  const tree = await git.ok(['write-tree'], { env });
  const commit = await git.ok(['commit-tree', tree, ...(tip ? ['-p', tip] : []), '-m', 'hand edit'], { env });
  await git.ok(['update-ref', ref, commit]);
  return commit;
}

const show = async (git: Git, spec: string): Promise<string> => (await git.run(['cat-file', 'blob', spec])).stdout;

/** A repository whose ledger branch is a copy of `from`'s (the same objects: what a clone or a runner holds). */
async function copyOf(from: string): Promise<{ dir: string; git: Git }> {
  const repo = await makeRepo();
  await repo.git.ok(['fetch', '--quiet', from, `${BRANCH}:${BRANCH}`]);
  return repo;
}

/** A ledger of 12 claims through the store: two sealed segments and a live file. */
async function sealedLedger(): Promise<{ dir: string; git: Git }> {
  const repo = await makeRepo();
  const s = store(repo.dir);
  for (let i = 1; i <= 12; i++) await s.append({ row: claim(i, `r${i}`) });
  expect(await repo.git.ok(['ls-tree', '--name-only', `${BRANCH}:plans/demo/ledger`])).toBe(
    '000001.jsonl\n000002.jsonl',
  );
  return repo;
}

const readError = (s: GitLedgerStore, plan = 'demo'): Promise<unknown> => s.read(plan).catch((e: unknown) => e);

describe("the process's cache of sealed segments", () => {
  it('serves a second store over the same ledger without reading its segments again, with the same rows and verdicts', async () => {
    const a = await sealedLedger();
    const b = await copyOf(a.dir);
    forgetSealedSegments();
    const segmentIds = (await a.git.ok(['ls-tree', '--object-only', `${BRANCH}:plans/demo/ledger`])).trim().split('\n');
    const cold = countGitCalls();
    const coldAsked = recordCatFileQuestions();
    const first = await store(a.dir).read('demo');
    // Cold: one cat-file asked for the live file, the folder and the fold, then for the segments.
    expect(cold.calls().filter((c) => c === 'cat-file')).toHaveLength(1);
    expect(coldAsked.questions().slice(3)).toEqual(segmentIds);
    restoreGitShims();
    const warm = countGitCalls();
    const warmAsked = recordCatFileQuestions();
    const second = await store(b.dir).read('demo');
    expect(warm.calls().filter((c) => c === 'cat-file')).toHaveLength(1);
    expect(warmAsked.questions()).toHaveLength(3);
    expect(warmAsked.questions().some((q) => segmentIds.includes(q))).toBe(false);
    expect(second).toEqual(first);
    expect(second.rows.map((r) => r.run_id)).toEqual(Array.from({ length: 12 }, (_, i) => `r${i + 1}`));
  });

  it("hands each reader its own array of every row: reordering one changes neither a later read nor the cache's", async () => {
    const { dir } = await sealedLedger();
    const s = store(dir);
    const first = await s.read('demo');
    first.allRows?.reverse();
    first.allRows?.pop();
    expect((await s.read('demo')).allRows?.map((r) => r.run_id)).toEqual(
      Array.from({ length: 12 }, (_, i) => `r${i + 1}`),
    );
    expect((await store(dir).read('demo')).allRows).toHaveLength(12);
  });

  it("gives a bad line in a cached segment the same full message, naming the reading store's branch, file and line", async () => {
    const a = await sealedLedger();
    const seg1 = await show(a.git, `${BRANCH}:${SEG('demo', 1)}`);
    // JSON, but not a row: zod's complaint is the message.
    const bad = JSON.stringify({ ...claim(99, 'bad'), stage: 0 });
    await handCommit(a.git, { [SEG('demo', 1)]: `${seg1}${bad}\n` });
    const at = seg1.split('\n').length; // the segment's own lines, then the bad one
    const cold = await readError(store(a.dir));
    expect(cold).toBeInstanceOf(LedgerFormatError);
    expect((cold as Error).message).toMatch(
      new RegExp(
        `^okstra-ledger:plans/demo/ledger/000001\\.jsonl:${at} \\(line ${at} of the plan's ledger\\): not a valid ledger row: field "stage": .*--drop-line ${at} `,
      ),
    );
    // Warm, in another store: the same message, every time.
    expect((await readError(store(a.dir))) as Error).toEqual(cold);
    expect(((await readError(store(a.dir))) as Error).message).toBe((cold as Error).message);
    // Another branch holding the same segment: its own name in the message, not the first reader's.
    await a.git.ok(['update-ref', 'refs/heads/other-ledger', BRANCH]);
    const other = await readError(store(a.dir, 'other-ledger'));
    expect((other as Error).message).toBe((cold as Error).message.replace(/^okstra-ledger:/, 'other-ledger:'));
    // An append is refused over it as a read is.
    await expect(store(a.dir).append({ row: claim(20, 'r20') })).rejects.toThrow((cold as Error).message);
  });

  it('numbers a cached segment where it sits in each ledger: the same blob as segment 2 here and segment 1 there', async () => {
    const a = await sealedLedger();
    const seg1 = await show(a.git, `${BRANCH}:${SEG('demo', 1)}`);
    const seg2 = await show(a.git, `${BRANCH}:${SEG('demo', 2)}`);
    await handCommit(a.git, { [SEG('demo', 2)]: `${seg2}{not json\n` });
    const local = seg2.split('\n').length;
    const planWide = seg1.split('\n').length - 1 + local;
    const inA = (await readError(store(a.dir))) as LedgerFormatError;
    expect(inA.line).toBe(planWide);
    expect(inA.localLine).toBe(local);
    // A ledger whose only segment is that blob: its lines start at 1 there.
    const b = await makeRepo();
    await handCommit(b.git, {
      [SEG('demo', 1)]: `${seg2}{not json\n`,
      'plans/demo/ledger.jsonl': line(claim(30, 'r30')),
    });
    const inB = (await readError(store(b.dir))) as LedgerFormatError;
    expect(inB.line).toBe(local);
    expect(inB.localLine).toBe(local);
    // And back: the first ledger's numbering is unchanged by the other's.
    const again = (await readError(store(a.dir))) as LedgerFormatError;
    expect(again.line).toBe(planWide);
    expect(again.message).toBe(inA.message);
  });

  it("reads the same blob in another plan's folder as that plan's: its rows belong to another plan there", async () => {
    const a = await sealedLedger();
    expect((await store(a.dir).read('demo')).rows).toHaveLength(12);
    const seg1 = await show(a.git, `${BRANCH}:${SEG('demo', 1)}`);
    await handCommit(a.git, { [SEG('other', 1)]: seg1, 'plans/other/ledger.jsonl': '' });
    const error = await readError(store(a.dir), 'other');
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toMatch(
      /^okstra-ledger:plans\/other\/ledger\/000001\.jsonl:1 \(line 1 of the plan's ledger\): row belongs to plan "demo", not "other"/,
    );
  });
});

describe('SealedSegmentCache', () => {
  const lines = (n: number, tag: string) =>
    parseLedgerLines(Array.from({ length: n }, (_, i) => line(claim(i + 1, `${tag}-${i}`))).join(''), {
      path: 'x',
      planId: 'demo',
    });
  const chars = (ls: ReturnType<typeof lines>): number => ls.reduce((n, l) => n + l.raw.length + 1, 0);

  it('keeps at most its size in characters, the least recently used going first', () => {
    const one = lines(3, 'a');
    const cache = new SealedSegmentCache(chars(one) * 2);
    cache.remember('demo', 'a', one);
    cache.remember('demo', 'b', lines(3, 'b'));
    expect(cache.get('demo', 'a')).toBe(one); // now the most recently used
    cache.remember('demo', 'c', lines(3, 'c'));
    expect(cache.get('demo', 'b')).toBeUndefined();
    expect(cache.get('demo', 'a')).toBe(one);
    expect(cache.get('demo', 'c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('keys by plan as well as blob, replaces an entry without counting it twice, and keeps one entry larger than its size', () => {
    const one = lines(3, 'a');
    const cache = new SealedSegmentCache(chars(one));
    cache.remember('demo', 'a', one);
    expect(cache.get('other', 'a')).toBeUndefined();
    const renumbered = one.map((l) => ({ ...l, line: l.line + 10 }));
    cache.remember('demo', 'a', renumbered);
    expect(cache.size).toBe(1);
    expect(cache.get('demo', 'a')).toBe(renumbered);
    const big = lines(9, 'big');
    cache.remember('demo', 'big', big);
    expect(cache.size).toBe(1);
    expect(cache.get('demo', 'big')).toBe(big);
  });
});
