import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  assessLedger,
  deriveLedgerState,
  rowCommitMessage,
  serializeRow,
  stageStatus,
  type LedgerRow,
  type LedgerState,
} from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { readPlanSnapshot } from '../../src/github/ledger-log-api.js';
import { readBelievedLedger, readPlanRows } from '../../src/triggers/ledger-state.js';
import { makeRepo } from '../helpers/git-repos.js';
import { handCommit, handRows } from '../helpers/ledger-hand.js';
import { claim, done, doneFiles, T0 } from '../helpers/ledger-rows.js';
import { client, REPO, useNock } from './setup.js';
import { FIXTURE_AT, FIXTURE_ROWS, legacyLedger, serveCommits, serveContents, tipOf } from './serve-ledger.js';

useNock();

/**
 * The bot's read of a plan's ledger (src/triggers/ledger-state.ts) over a
 * ledger branch the Action's store wrote: the snapshot in one request when
 * it may be taken, every row judged otherwise, and the JSONL format of a plan
 * not yet migrated.
 */
const CONFIG = { ledgerBranch: 'okstra-ledger' };
const deps = (now: Date) => ({ client: client(), repo: REPO, now: () => now });
const path = (uri: string) => uri.replace(/\?.*/, '').replace('/repos/octo-org/octo-repo/', '');
const EMPTY: LedgerState = { stages: new Map(), approvals: [], finals: [], handoffs: [] };

/** Stage 1 done, stage 2 claimed, by the Action's store. */
async function honestLedger(): Promise<{ dir: string; git: Git }> {
  const { dir, git } = await makeRepo();
  const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
  for (const row of [claim(1, 'r1'), done(1, 'r1'), claim(2, 'r2')]) await store.append({ row, files: doneFiles(row) });
  return { dir, git };
}

describe("the bot's read of a plan's state", () => {
  it('takes the snapshot the last append wrote: one request, the state the store reads', async () => {
    const { dir, git } = await honestLedger();
    const served = serveContents(git, tipOf(git));
    const read = await readBelievedLedger(deps(T0), CONFIG, 'demo');
    nock.cleanAll();
    const store = await new GitLedgerStore({ repoDir: dir, now: () => T0 }).readState('demo');
    expect(read).toEqual({ state: store.state, distrusted: [] });
    expect(served.requests.map(path)).toEqual(['contents/plans/demo/state.json']);
    expect(served.invalid).toEqual([]);
  });

  it("reports and ignores a forged done row as the Action judged it, done-row provenance included, which the bot's own read of every row cannot check", async () => {
    const { dir, git } = await honestLedger();
    // A done row for run r2 added by hand (its commit adds no report), then an okstra append on top of it.
    await handRows(git, 'demo', [serializeRow(done(2, 'r2'))]);
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(3, 'r3') });
    const served = serveContents(git, tipOf(git));
    const read = await readBelievedLedger(deps(T0), CONFIG, 'demo');
    nock.cleanAll();
    expect(served.requests).toHaveLength(1);
    expect(stageStatus(read.state, 2)).toBe('started');
    expect(read.distrusted.map((d) => d.line)).toEqual([4]);
    expect(read.distrusted).toEqual((await store.readState('demo')).distrusted);
    // Every row read over the API believes it: the commits API gives no diff to check a done row's commit against.
    serveContents(git, tipOf(git));
    serveCommits(git, tipOf(git));
    const rows = await readPlanRows(deps(T0), CONFIG, 'demo');
    nock.cleanAll();
    expect(rows.ok && stageStatus(rows.state, 2)).toBe('done');
  });

  it("reads and judges every row when the snapshot's clock verdicts do not hold at the bot's clock", async () => {
    const { git } = await honestLedger();
    const contents = serveContents(git, tipOf(git));
    const commits = serveCommits(git, tipOf(git));
    // Ten minutes behind the appender: its rows are ahead of this clock by more than the allowed skew.
    const read = await readBelievedLedger(deps(new Date(T0.getTime() - 10 * 60_000)), CONFIG, 'demo');
    nock.cleanAll();
    // A plan that began in the commit format has no frozen rows to read: its folder lists no legacy.json.
    expect(contents.requests.map(path)).toEqual(['contents/plans/demo/state.json', 'contents/plans/demo']);
    expect(commits.requests.map(path)).toEqual(['commits']);
    expect(read.state).toEqual(EMPTY);
    expect(read.distrusted.map((d) => d.line)).toEqual([1, 2, 3]);
    expect(read.distrusted[0]?.reason).toContain("ahead of this machine's clock");
  });

  it('reads a plan not yet migrated (no snapshot) in the JSONL format, its rows judged', async () => {
    const git = await legacyLedger();
    const served = serveContents(git, tipOf(git));
    const read = await readBelievedLedger(deps(FIXTURE_AT), CONFIG, 'sealed');
    nock.cleanAll();
    const rows = FIXTURE_ROWS.sealed?.allRows ?? [];
    expect(rows.length).toBeGreaterThan(0);
    const { trusted, distrusted } = assessLedger(rows, { now: FIXTURE_AT });
    expect(read).toEqual({ state: deriveLedgerState(trusted), distrusted });
    expect(served.requests.map(path).slice(0, 2)).toEqual([
      'contents/plans/sealed/state.json',
      'contents/plans/sealed',
    ]);
    expect(served.requests.map(path)).toContain('contents/plans/sealed/ledger.jsonl');
  });

  it('reads every row of a migrated plan: the rows its migration froze in legacy.json, then its commits', async () => {
    const git = await legacyLedger();
    const store = new GitLedgerStore({ repoDir: git.cwd, now: () => FIXTURE_AT });
    const after: LedgerRow = { ...claim(99, 'r-after'), plan_id: 'sealed' };
    expect((await store.append({ row: after })).outcome).toBe('appended');
    const contents = serveContents(git, tipOf(git));
    const commits = serveCommits(git, tipOf(git));
    const read = await readPlanRows(deps(FIXTURE_AT), CONFIG, 'sealed');
    nock.cleanAll();
    const frozen = FIXTURE_ROWS.sealed?.allRows ?? [];
    expect(frozen.length).toBeGreaterThan(0);
    const { trusted } = assessLedger([...frozen, after], { now: FIXTURE_AT });
    expect(read.ok && read.rows).toEqual(trusted);
    expect(contents.requests.map(path)).toEqual(['contents/plans/sealed', 'contents/plans/sealed/legacy.json']);
    expect(commits.requests.map(path)).toEqual(['commits']);
    expect([...contents.invalid, ...commits.invalid]).toEqual([]);
  });

  it('reads a plan without a ledger as no rows: its snapshot, then its folder', async () => {
    const { git } = await honestLedger();
    const served = serveContents(git, tipOf(git));
    const read = await readBelievedLedger(deps(T0), CONFIG, 'other');
    nock.cleanAll();
    expect(read).toEqual({ state: EMPTY, distrusted: [] });
    expect(served.requests.map(path)).toEqual(['contents/plans/other/state.json', 'contents/plans/other']);
  });

  it('reads every row of a plan whose last append wrote no snapshot (a done row whose report was there already)', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    const row = done(1, 'r1');
    await handCommit(git, { [row.status === 'done' ? row.report_path : '']: '{}\n' }, 'a report added by hand');
    await store.append({ row, files: doneFiles(row) });
    expect((await git.run(['cat-file', '-e', 'okstra-ledger:plans/demo/state.json'])).exitCode).not.toBe(0);
    const contents = serveContents(git, tipOf(git));
    const commits = serveCommits(git, tipOf(git));
    const read = await readBelievedLedger(deps(T0), CONFIG, 'demo');
    nock.cleanAll();
    expect(contents.requests.map(path).slice(0, 2)).toEqual(['contents/plans/demo/state.json', 'contents/plans/demo']);
    expect(commits.requests).toHaveLength(1);
    // Both rows, judged by lifecycle and clock: the bot cannot see that the done row's commit did not add its report.
    expect(stageStatus(read.state, 1)).toBe('done');
    // The Action, which can, does not believe it (a fresh read: what its next claim of the stage decides on).
    const action = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    expect((await action.readState('demo')).distrusted.map((d) => d.line)).toEqual([2]);
  });

  it('reads no snapshot after a repair whose own is too large to write: the repair removes the one from before', async () => {
    const { dir, git } = await makeRepo();
    const store = new GitLedgerStore({ repoDir: dir, now: () => T0 });
    await store.append({ row: claim(1, 'r1') });
    // Claims of 2,001 more stages committed by hand (one commit a row, no snapshot): more rows than a snapshot holds.
    await handClaims(git, 10, 2_001);
    await handRows(git, 'demo', ['{"v":1}']);
    const repair = await store.repair({
      planId: 'demo',
      selection: { kind: 'drop', lines: [2_003] },
      reason: 'not a row',
      actor: 'alice',
    });
    expect(repair.outcome).toBe('repaired');
    expect(stageStatus((await store.readState('demo')).state, 2_010)).toBe('started');
    const served = serveContents(git, tipOf(git));
    expect(await readPlanSnapshot(client(), REPO, 'okstra-ledger', 'demo')).toBeNull();
    nock.cleanAll();
    expect(served.requests).toHaveLength(1);
  });
});

/** Claims of `count` stages from `first` on, one commit each, written by hand with one `git fast-import`. */
async function handClaims(git: Git, first: number, count: number): Promise<void> {
  const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
  let stream = '';
  for (let i = 0; i < count; i++) {
    const stage = first + i;
    stream += `commit refs/heads/okstra-ledger\ncommitter Hand <hand@example.com> ${1_700_000_000 + i} +0000\n`;
    stream += data(rowCommitMessage(claim(stage, `h${stage}`)));
    if (i === 0) stream += 'from refs/heads/okstra-ledger^0\n';
    stream += `M 100644 inline plans/demo/hand-edit.txt\n${data(`${stage}\n`)}`;
  }
  await git.ok(['fast-import', '--quiet'], { input: stream });
}
