import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carryPath,
  deriveLedgerState,
  MAX_CLOCK_SKEW_MS,
  reportPath,
  serializeRow,
  type LedgerRow,
} from '../../src/core/ledger/index.js';
import { GitLedgerStore, LedgerRefusedError } from '../../src/git/ledger-store.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { countGitCalls, restoreGitShims } from '../helpers/git-shim.js';
import { engineRuns, growLedger } from '../helpers/grown-ledger.js';
import { handRows } from '../helpers/ledger-hand.js';

const T0 = new Date('2026-11-29T12:00:00Z');
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
function clocked(dir: string, start = T0): { store: GitLedgerStore; set: (d: Date) => void } {
  let now = start;
  return {
    store: new GitLedgerStore({ repoDir: dir, now: () => now, sleep: async () => undefined }),
    set: (d) => (now = d),
  };
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
    await handRows(git, 'demo', [serializeRow(claim(3, 'r3')), serializeRow(done(2, 'r2'))]);
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

/** A ledger of 2,400 rows as okstra's appends grow it (one commit a row), then one more claim of this store's. */
async function largeLedger(dir: string, store: GitLedgerStore): Promise<void> {
  const runs = engineRuns('demo', 2_400, new Date(T0.getTime() - 2 * 86_400_000), 40, 10);
  await growLedger(dir, { planId: 'demo', runs });
  await store.append({ row: claim(2, 'r2') });
}

describe('an append to a large ledger', () => {
  it('refused, changes nothing, and leaves no git process running once it has answered', async () => {
    const { dir, git } = await makeRepo();
    const { store } = clocked(dir);
    await largeLedger(dir, store);
    const tip = await git.ok(['rev-parse', 'refs/heads/okstra-ledger']);
    const lifetimes = logGitLifetimes();
    // Stage 2 is held by run r2's live claim: another run's claim is refused.
    const refused = await clocked(dir)
      .store.append({ row: claim(2, 'other') })
      .catch((e: unknown) => e);
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

  it('reads only the last commit and two snapshots, and writes one commit every reader agrees on', async () => {
    const { dir, git } = await makeRepo();
    const { store } = clocked(dir);
    await largeLedger(dir, store);
    const counter = countGitCalls();
    // A store that holds nothing of this ledger: the plan's last commit, the snapshots either side of it, the commit.
    const other = clocked(dir).store;
    const claimed = await other.append({ row: claim(5_000, 'big') });
    expect(counter.calls()).toEqual(['rev-parse', 'log', 'cat-file', 'fast-import', 'update-ref']);
    const terminal = await other.append({ row: done(5_000, 'big'), files: doneFiles(done(5_000, 'big')) });
    expect(await git.ok(['rev-parse', `${terminal.commit}^`])).toBe(claimed.commit);
    // The done commit adds its carry and report (its readers believe it) and rewrites the snapshot, nothing else.
    expect(await git.ok(['diff-tree', '-r', '--name-only', '--no-commit-id', terminal.commit])).toBe(
      [carryPath('demo', 5_000), reportPath('demo', 5_000, 'big', 'json'), 'plans/demo/state.json'].sort().join('\n'),
    );
    const fresh = await clocked(dir).store.read('demo');
    expect(fresh.allRows).toHaveLength(2_403);
    expect(fresh.rows.at(-1)).toEqual(done(5_000, 'big'));
    expect(fresh.distrusted).toEqual([]);
    expect(await other.read('demo', { tip: terminal.commit })).toEqual(fresh);
    const state = await clocked(dir).store.readState('demo');
    expect(state.state).toEqual(deriveLedgerState(fresh.rows));
    await git.ok(['fsck', '--no-progress', '--connectivity-only']);
  });
});
