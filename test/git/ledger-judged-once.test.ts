import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { carryPath, MAX_CLOCK_SKEW_MS, reportPath, serializeRow, type LedgerRow } from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { GitLedgerStore, LedgerRefusedError } from '../../src/git/ledger-store.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { countGitCalls, restoreGitShims } from '../helpers/git-shim.js';

const T0 = new Date('2026-11-29T12:00:00Z');
const LEDGER = 'plans/demo/ledger.jsonl';
const iso = (ms: number): string => new Date(ms).toISOString();

const claim = (stage: number, run: string, at = T0.getTime()): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: iso(at),
  lease_until: iso(at + 3_600_000),
});
const done = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'done',
  run_id: run,
  at: T0.toISOString(),
  head_commit: 'b'.repeat(40),
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

afterEach(restoreGitShims);

/** A store whose clock the test moves. */
function clocked(
  dir: string,
  start = T0,
  extra: { sealChars?: number } = {},
): { store: GitLedgerStore; set: (d: Date) => void } {
  let now = start;
  return {
    store: new GitLedgerStore({ repoDir: dir, now: () => now, sleep: async () => undefined, ...extra }),
    set: (d) => (now = d),
  };
}

/** Appends raw lines to the ledger in a commit of its own that adds no other file (what a forger can do). */
async function handAppend(git: Git, lines: readonly string[]): Promise<string> {
  const env = { GIT_INDEX_FILE: join(tempDir('okstra-index-'), 'index') };
  const tip = await git.ok(['rev-parse', 'refs/heads/okstra-ledger']);
  await git.ok(['read-tree', tip], { env });
  const old = await git.ok(['show', `${tip}:${LEDGER}`]);
  const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: `${old}\n${lines.join('\n')}\n` });
  await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${LEDGER}`], { env });
  const tree = await git.ok(['write-tree'], { env });
  const commit = await git.ok(['commit-tree', tree, '-p', tip, '-m', 'hand edit'], { env });
  await git.ok(['update-ref', 'refs/heads/okstra-ledger', commit, tip]);
  return commit;
}

describe('a ledger judged once per tip and continued over appends', () => {
  it('believes a row from the future once the clock reaches it, at the same tip, and not when the clock goes back', async () => {
    const { dir } = await makeRepo();
    const ahead = MAX_CLOCK_SKEW_MS + 10 * 60_000;
    await clocked(dir, new Date(T0.getTime() + ahead)).store.append({ row: claim(2, 'early', T0.getTime() + ahead) });
    const { store, set } = clocked(dir);
    const first = await store.read('demo');
    expect(first.rows).toEqual([]);
    expect(first.distrusted?.map((d) => d.row.run_id)).toEqual(['early']);
    set(new Date(T0.getTime() + ahead - MAX_CLOCK_SKEW_MS));
    const later = await store.read('demo', { tip: first.commit as string });
    expect(later.rows.map((r) => r.run_id)).toEqual(['early']);
    expect(later.distrusted).toEqual([]);
    set(T0);
    expect((await store.read('demo')).rows).toEqual([]);
  });

  it('judges rows another writer appended with what it knew, and a forged done row among them is distrusted', async () => {
    const { dir, git } = await makeRepo();
    const { store } = clocked(dir);
    await store.append({ row: claim(1, 'r1') });
    await store.append({ row: done(1, 'r1'), files: doneFiles(done(1, 'r1')) });
    await store.append({ row: claim(2, 'r2') });
    expect((await store.read('demo')).rows.map((r) => `${'stage' in r ? r.stage : 'plan'}:${r.status}`)).toEqual([
      '1:started',
      '1:done',
      '2:started',
    ]);
    // Someone else appends a believable claim and a done row whose commit adds neither carry nor report.
    await handAppend(git, [serializeRow(claim(3, 'r3')), serializeRow(done(2, 'r2'))]);
    const seen = await store.read('demo');
    expect(seen.rows.map((r) => `${'stage' in r ? r.stage : 'plan'}:${r.status}`)).toEqual([
      '1:started',
      '1:done',
      '2:started',
      '3:started',
    ]);
    expect(seen.distrusted?.map((d) => [d.line, d.row.run_id])).toEqual([[5, 'r2']]);
    expect(seen.distrusted?.[0]?.reason).toMatch(/does not add its carry .* or its report/);
    // A reader that never saw the earlier tips judges the same.
    expect(await clocked(dir).store.read('demo')).toEqual(seen);
    // The forged done does not end r2's claim: its real done still lands, and is believed.
    await store.append({ row: done(2, 'r2'), files: doneFiles(done(2, 'r2')) });
    const after = await store.read('demo');
    expect(after.rows.filter((r) => r.status === 'done').map((r) => r.stage)).toEqual([1, 2]);
    expect(after).toEqual(await clocked(dir).store.read('demo'));
  });

  it('hands each reader its own arrays: reordering what one read returned changes no later read', async () => {
    const { dir } = await makeRepo();
    const { store } = clocked(dir);
    await store.append({ row: claim(1, 'a') });
    await store.append({ row: claim(2, 'b') });
    const first = await store.read('demo');
    first.rows.reverse();
    first.rows.pop();
    expect((await store.read('demo')).rows.map((r) => r.run_id)).toEqual(['a', 'b']);
  });
});

/** A `git` first on PATH that logs each call's start and end, so a test can see whether any call was still running. */
function logGitLifetimes(): { started: () => number; ended: () => number } {
  const dir = tempDir('okstra-git-lifetimes-');
  const log = join(dir, 'calls.log');
  const real = process.env.PATH ?? '';
  writeFileSync(
    join(dir, 'git'),
    `#!/bin/sh\necho start >> "${log}"\nPATH="${real}" git "$@"\nrc=$?\necho end >> "${log}"\nexit $rc\n`,
  );
  chmodSync(join(dir, 'git'), 0o755);
  writeFileSync(log, '');
  process.env.PATH = `${dir}:${real}`;
  const count = (word: string) =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l === word).length;
  const restore = (): void => void (process.env.PATH = real);
  afterEach(restore);
  return { started: () => count('start'), ended: () => count('end') };
}

/** A ledger past the size from which its blob is hashed on its own (256 KiB): a claim, then 2,399 more in one hand commit. */
async function largeLedger(store: GitLedgerStore, git: Git): Promise<string> {
  await store.append({ row: claim(1, 'r1') });
  await handAppend(
    git,
    Array.from({ length: 2_399 }, (_, i) => serializeRow(claim(i + 2, `r${i + 2}`))),
  );
  const before = await git.ok(['show', `refs/heads/okstra-ledger:${LEDGER}`]);
  expect(before.length).toBeGreaterThan(256 * 1024);
  return before;
}

/** A store that seals only past 4 MiB: the path of a live file past the size from which it is hashed on its own. */
const UNSEALED = { sealChars: 4 * 1024 * 1024 };

describe('an append to a large ledger', () => {
  it('refused, changes nothing, and leaves no git process running once it has answered', async () => {
    const { dir, git } = await makeRepo();
    const { store } = clocked(dir, T0, UNSEALED);
    await largeLedger(store, git);
    const tip = await git.ok(['rev-parse', 'refs/heads/okstra-ledger']);
    const lifetimes = logGitLifetimes();
    // Stage 2 is held by run r2's live claim: another run's claim is refused.
    const refused = await store.append({ row: claim(2, 'other') }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LedgerRefusedError);
    expect((refused as LedgerRefusedError).code).toBe('stage-in-progress');
    expect(lifetimes.started()).toBeGreaterThan(0);
    expect(lifetimes.ended()).toBe(lifetimes.started());
    expect(await git.ok(['rev-parse', 'refs/heads/okstra-ledger'])).toBe(tip);
    // The same store still appends on that tip: nothing of the refused attempt stayed behind.
    const claimed = await store.append({ row: claim(5_000, 'big') });
    expect(lifetimes.ended()).toBe(lifetimes.started());
    expect(await git.ok(['rev-parse', `${claimed.commit}^`])).toBe(tip);
    await git.ok(['fsck', '--no-progress', '--connectivity-only']);
  });

  it('writes exactly the old file plus the new line, in a commit every reader agrees on', async () => {
    const { dir, git } = await makeRepo();
    const { store } = clocked(dir, T0, UNSEALED);
    // Past the size from which the ledger blob is hashed on its own (256 KiB): 2,400 rows in one hand commit.
    await store.append({ row: claim(1, 'r1') });
    await handAppend(
      git,
      Array.from({ length: 2_399 }, (_, i) => serializeRow(claim(i + 2, `r${i + 2}`))),
    );
    const before = await git.ok(['show', `refs/heads/okstra-ledger:${LEDGER}`]);
    expect(before.length).toBeGreaterThan(256 * 1024);
    const counter = countGitCalls();
    const claimed = await store.append({ row: claim(5_000, 'big') });
    // The hand-made tip is read once; the large ledger goes through hash-object on its own, the commit through fast-import.
    expect(counter.calls()).toEqual(['rev-parse', 'cat-file', 'hash-object', 'fast-import', 'update-ref']);
    const terminal = await store.append({ row: done(5_000, 'big'), files: doneFiles(done(5_000, 'big')) });
    const after = await git.ok(['show', `${terminal.commit}:${LEDGER}`], {});
    expect(`${after}\n`).toBe(`${before}\n${serializeRow(claim(5_000, 'big'))}\n${serializeRow(done(5_000, 'big'))}\n`);
    expect(await git.ok(['rev-parse', `${terminal.commit}^`])).toBe(claimed.commit);
    // The done commit adds its carry and report (provenance believes it) and nothing else of the tree changed.
    expect(await git.ok(['diff-tree', '-r', '--name-only', '--no-commit-id', terminal.commit])).toBe(
      [carryPath('demo', 5_000), LEDGER, reportPath('demo', 5_000, 'big', 'json')].sort().join('\n'),
    );
    const fresh = await clocked(dir, T0, UNSEALED).store.read('demo');
    expect(fresh.rows.at(-1)).toEqual(done(5_000, 'big'));
    expect(fresh.distrusted).toEqual([]);
    expect(await store.read('demo', { tip: terminal.commit })).toEqual(fresh);
    await git.ok(['fsck', '--no-progress', '--connectivity-only']);
  });
});
