import { afterEach, describe, expect, it } from 'vitest';
import {
  describeDistrusted,
  LedgerFormatError,
  LedgerLayoutError,
  serializeRow,
  type LedgerRow,
} from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { makeRemoteWithClones, makeRepo } from '../helpers/git-repos.js';
import { countGitCalls, restoreGitShims } from '../helpers/git-shim.js';
import { handCommit, showFile } from '../helpers/ledger-hand.js';
import { claim, done, doneFiles, T0 } from '../helpers/ledger-rows.js';

const LIVE = 'plans/demo/ledger.jsonl';
const SEG = (n: number): string => `plans/demo/ledger/${String(n).padStart(6, '0')}.jsonl`;
const BRANCH = 'refs/heads/okstra-ledger';
/** A claim row is ~130 characters: the live file seals on the append after its fifth row. */
const SEAL = 600;

const line = (row: LedgerRow): string => `${serializeRow(row)}\n`;

afterEach(restoreGitShims);

function store(repoDir: string, remote?: string): GitLedgerStore {
  return new GitLedgerStore({
    repoDir,
    now: () => T0,
    sleep: async () => undefined,
    sealChars: SEAL,
    ...(remote ? { remote } : {}),
  });
}

const show = showFile;
const blobId = (git: Git, spec: string): Promise<string> => git.ok(['rev-parse', spec]);
const segmentNames = async (git: Git, rev = BRANCH): Promise<string[]> =>
  (await git.ok(['ls-tree', '--name-only', `${rev}:plans/demo/ledger`])).split('\n').filter(Boolean);

describe('a segmented ledger', () => {
  it('seals the live file past the threshold by reusing its blob; later appends write only the small live file', async () => {
    const { dir, git } = await makeRepo();
    const s = store(dir);
    for (let i = 1; i <= 5; i++) await s.append({ row: claim(i, `r${i}`) });
    const beforeSeal = await git.ok(['rev-parse', BRANCH]);
    expect((await show(git, `${beforeSeal}:${LIVE}`)).length).toBeGreaterThanOrEqual(SEAL);

    const counter = countGitCalls();
    const sealing = await s.append({ row: claim(6, 'r6') });
    const next = await s.append({ row: claim(7, 'r7') });
    // Neither append hashes a file on its own: the seal copies a blob, the rest is small and inline.
    expect(counter.calls()).toEqual([
      'rev-parse',
      'fast-import',
      'update-ref',
      'rev-parse',
      'fast-import',
      'update-ref',
    ]);

    expect(await git.ok(['rev-parse', `${sealing.commit}^`])).toBe(beforeSeal);
    expect(await blobId(git, `${sealing.commit}:${SEG(1)}`)).toBe(await blobId(git, `${beforeSeal}:${LIVE}`));
    expect(await show(git, `${sealing.commit}:${LIVE}`)).toBe(line(claim(6, 'r6')));
    const changed = await git.ok(['diff-tree', '--no-commit-id', '--name-only', '-r', sealing.commit, next.commit]);
    expect(changed).toBe(LIVE);
    expect(await show(git, `${next.commit}:${LIVE}`)).toBe(line(claim(6, 'r6')) + line(claim(7, 'r7')));

    for (let i = 8; i <= 14; i++) await s.append({ row: claim(i, `r${i}`) });
    expect(await segmentNames(git)).toEqual(['000001.jsonl', '000002.jsonl']);
    const read = await s.read('demo');
    expect(read.rows.map((r) => r.run_id)).toEqual(Array.from({ length: 14 }, (_, i) => `r${i + 1}`));
    // A fresh store (nothing cached) reads the same from git.
    expect(await store(dir).read('demo')).toEqual(read);
  });

  it('reads a one-file ledger already over the threshold as before, and the next append seals it', async () => {
    const { dir, git } = await makeRepo();
    const rows = Array.from({ length: 8 }, (_, i) => claim(i + 1, `old${i + 1}`));
    const old = await handCommit(git, { [LIVE]: rows.map(line).join('') }, 'a ledger of the one-file layout');
    const s = store(dir);
    const read = await s.read('demo');
    expect(read.rows).toEqual(rows);
    expect(read.distrusted).toEqual([]);

    const sealed = await s.append({ row: claim(9, 'new') });
    expect(await blobId(git, `${sealed.commit}:${SEG(1)}`)).toBe(await blobId(git, `${old}:${LIVE}`));
    expect(await show(git, `${sealed.commit}:${LIVE}`)).toBe(line(claim(9, 'new')));
    expect((await store(dir).read('demo')).rows).toEqual([...rows, claim(9, 'new')]);
  });

  it('believes a done row sealed into a segment, and names the segment when a done row there is forged', async () => {
    const { dir, git } = await makeRepo();
    const s = store(dir);
    await s.append({ row: claim(1, 'r1') });
    await s.append({ row: done(1, 'r1'), files: doneFiles(done(1, 'r1')) });
    for (let i = 2; i <= 5; i++) await s.append({ row: claim(i, `r${i}`) });
    await s.append({ row: claim(6, 'r6') });
    expect(await segmentNames(git)).toEqual(['000001.jsonl']);
    const fresh = await store(dir).read('demo');
    expect(fresh.distrusted).toEqual([]);
    expect(fresh.rows.filter((r) => r.status === 'done')).toEqual([done(1, 'r1')]);

    // A done row for stage 2's believed claim, written into the segment by hand, with no report or carry.
    const segment = await show(git, `${BRANCH}:${SEG(1)}`);
    await handCommit(git, { [SEG(1)]: segment + line(done(2, 'r2')) });
    const forged = await store(dir).read('demo');
    expect(forged.rows.filter((r) => r.status === 'done')).toEqual([done(1, 'r1')]);
    expect(forged.distrusted).toHaveLength(1);
    const [d] = forged.distrusted ?? [];
    const at = segment.split('\n').length; // the segment's lines, plus the forged one
    expect(d?.line).toBe(at);
    expect(d?.where).toEqual({ path: SEG(1), line: at });
    expect(d?.reason).toMatch(
      /^done row whose ledger commit [0-9a-f]{12} \(which wrote it into plans\/demo\/ledger\/000001\.jsonl\) does not add its carry .* or its report/,
    );
    expect(describeDistrusted(d as NonNullable<typeof d>, 'demo')).toContain(
      `row ${at} (${SEG(1)} line ${at}) ignored`,
    );
  });

  it('distrusts the done rows of a "seal" whose segment differs from the live file it replaced', async () => {
    const { dir, git } = await makeRepo();
    const s = store(dir);
    await s.append({ row: claim(1, 'r1') });
    await s.append({ row: done(1, 'r1'), files: doneFiles(done(1, 'r1')) });
    await s.append({ row: claim(2, 'r2') });
    expect((await store(dir).read('demo')).distrusted).toEqual([]);
    const live = await show(git, `${BRANCH}:${LIVE}`);
    // Moved into a segment with a row more than the live file held: not a copy, so not a seal.
    await handCommit(git, { [SEG(1)]: live + line(claim(3, 'r3')), [LIVE]: line(claim(4, 'r4')) });
    const read = await store(dir).read('demo');
    expect(read.allRows?.map((r) => r.run_id)).toEqual(['r1', 'r1', 'r2', 'r3', 'r4']);
    expect(read.distrusted?.map((d) => d.line)).toEqual([2]);
    expect(read.distrusted?.[0]?.reason).toContain(
      `which added ${SEG(1)} with content other than the ledger.jsonl it replaced: not a seal`,
    );
  });

  it('repairs a line inside a segment by the plan-wide number its reason gives, keeping the rows around it believed', async () => {
    const { dir, git } = await makeRepo();
    const s = store(dir);
    for (let i = 1; i <= 5; i++) await s.append({ row: claim(i, `r${i}`) });
    await s.append({ row: claim(6, 'r6') });
    await s.append({ row: done(6, 'r6'), files: doneFiles(done(6, 'r6')) });
    for (let i = 7; i <= 9; i++) await s.append({ row: claim(i, `r${i}`) });
    await s.append({ row: claim(10, 'r10') });
    await s.append({ row: done(10, 'r10'), files: doneFiles(done(10, 'r10')) });
    expect(await segmentNames(git)).toEqual(['000001.jsonl', '000002.jsonl']);
    // A forged done row goes into segment 2 after its line 2 (r6's done).
    const seg2 = (await show(git, `${BRANCH}:${SEG(2)}`)).split('\n');
    seg2.splice(2, 0, serializeRow(done(7, 'r7')));
    await handCommit(git, { [SEG(2)]: seg2.join('\n') });

    const fresh = store(dir);
    const before = await fresh.read('demo');
    expect(before.distrusted?.map((d) => [d.line, d.where])).toEqual([[8, { path: SEG(2), line: 3 }]]);
    const liveBefore = await show(git, `${BRANCH}:${LIVE}`);
    const seg1Before = await show(git, `${BRANCH}:${SEG(1)}`);

    const repaired = await fresh.repair({
      planId: 'demo',
      selection: { kind: 'drop', lines: [before.distrusted?.[0]?.line as number] },
      reason: 'forged by hand',
      actor: 'test',
    });
    expect(repaired.removed).toEqual([
      { line: 8, raw: serializeRow(done(7, 'r7')), problem: before.distrusted?.[0]?.reason },
    ]);
    expect(await show(git, `${BRANCH}:${SEG(2)}`)).not.toContain(
      '"run_id":"r7","at":"2026-11-29T12:00:00.000Z","head_commit"',
    );
    expect(await show(git, `${BRANCH}:${SEG(1)}`)).toBe(seg1Before);
    expect(await show(git, `${BRANCH}:${LIVE}`)).toBe(liveBefore);
    const after = await store(dir).read('demo');
    expect(after.distrusted).toEqual([]);
    // Both genuine done rows are still believed: the deletion left blame's attribution of the rest alone.
    expect(after.rows.filter((r) => r.status === 'done').map((r) => r.run_id)).toEqual(['r6', 'r10']);
    expect(after.rows).toHaveLength(12);
  });

  it('names the segment, its line and the plan-wide line of an unreadable line, and repair takes that number', async () => {
    const { dir, git } = await makeRepo();
    const s = store(dir);
    for (let i = 1; i <= 8; i++) await s.append({ row: claim(i, `r${i}`) });
    const seg1 = await show(git, `${BRANCH}:${SEG(1)}`);
    await handCommit(git, { [SEG(1)]: `${seg1}{not json\n` });
    const error = await store(dir)
      .read('demo')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerFormatError);
    expect((error as Error).message).toMatch(
      /^okstra-ledger:plans\/demo\/ledger\/000001\.jsonl:6 \(line 6 of the plan's ledger\): not valid JSON .*--drop-line 6 /,
    );
    // A bad line in the live file after segments also says both numbers.
    await handCommit(git, { [SEG(1)]: seg1, [LIVE]: `${await show(git, `${BRANCH}:${LIVE}`)}[]\n` });
    const liveError = await store(dir)
      .read('demo')
      .catch((e: unknown) => e);
    expect((liveError as Error).message).toMatch(
      /^okstra-ledger:plans\/demo\/ledger\.jsonl:4 \(line 9 of the plan's ledger\)/,
    );
    const r = await store(dir).repair({
      planId: 'demo',
      selection: { kind: 'drop', lines: [(liveError as LedgerFormatError).line] },
      reason: 'bad line',
      actor: 'test',
    });
    expect(r.removed.map((x) => x.raw)).toEqual(['[]']);
    expect((await store(dir).read('demo')).rows).toHaveLength(8);
  });

  it('refuses a segment folder with a gap or a stray file, saying what is wrong and what to do', async () => {
    const { dir, git } = await makeRepo();
    const s = store(dir);
    for (let i = 1; i <= 12; i++) await s.append({ row: claim(i, `r${i}`) });
    expect(await segmentNames(git)).toEqual(['000001.jsonl', '000002.jsonl']);
    const seg2 = await show(git, `${BRANCH}:${SEG(2)}`);
    await handCommit(git, { [SEG(2)]: null, [SEG(3)]: seg2 });
    const gap = await store(dir)
      .read('demo')
      .catch((e: unknown) => e);
    expect(gap).toBeInstanceOf(LedgerLayoutError);
    expect((gap as Error).message).toBe(
      "okstra-ledger:plans/demo/ledger: segment 000002.jsonl is missing (the folder holds 000001.jsonl, 000003.jsonl); segments are read in order, so a gap would lose rows and shift line numbers: restore 000002.jsonl from the branch's history (`git log --diff-filter=D -- plans/demo/ledger/000002.jsonl`) or renumber the later segments down",
    );
    await handCommit(git, { [SEG(3)]: null, [SEG(2)]: seg2, 'plans/demo/ledger/notes.txt': 'hello\n' });
    const stray = await s.read('demo').catch((e: unknown) => e);
    expect(stray).toBeInstanceOf(LedgerFormatError);
    expect((stray as Error).message).toContain(
      'okstra-ledger:plans/demo/ledger: holds "notes.txt", which is not a ledger segment',
    );
  });

  it('re-decides a sealing append that lost the compare-and-swap on the fresh tip: no row lost, one segment 1', async () => {
    const { clones } = await makeRemoteWithClones(2);
    const a = store(clones[0] as string, 'origin');
    const b = store(clones[1] as string, 'origin');
    for (let i = 1; i <= 5; i++) await a.append({ row: claim(i, `r${i}`) });
    // a holds the tip with a live file past the threshold (and a fetched tip it will try first); b seals behind its back.
    expect((await a.read('demo')).rows).toHaveLength(5);
    await b.append({ row: claim(6, 'theirs') });
    const mine = await a.append({ row: claim(7, 'mine') });
    expect(mine.attempts).toBe(2);
    const git = new Git(clones[0] as string);
    await git.ok(['fetch', '--quiet', 'origin', `+${BRANCH}:refs/remotes/origin/okstra-ledger`]);
    const tip = 'refs/remotes/origin/okstra-ledger';
    expect(await segmentNames(git, tip)).toEqual(['000001.jsonl']);
    expect(await show(git, `${tip}:${LIVE}`)).toBe(line(claim(6, 'theirs')) + line(claim(7, 'mine')));
    const read = await store(clones[1] as string, 'origin').read('demo');
    expect(read.rows.map((r) => r.run_id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'theirs', 'mine']);
    expect(await a.read('demo')).toEqual(read);
  });
});
