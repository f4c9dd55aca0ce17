import { afterEach, describe, expect, it } from 'vitest';
import {
  deriveLedgerState,
  extendTrustScan,
  parseSnapshot,
  serializeRow,
  serializeSnapshot,
  stageStatus,
} from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { makeRepo } from '../helpers/git-repos.js';
import { countGitCalls, restoreGitShims } from '../helpers/git-shim.js';
import { handCommit, showFile } from '../helpers/ledger-hand.js';
import { claim, done, doneFiles as filesOf, T0 } from '../helpers/ledger-rows.js';

/**
 * The plan's snapshot is what a stage reads instead of every row: these
 * tests forge it the ways a person with push access could and check that a
 * reader never takes a snapshot that would change what the rows say (here:
 * stage 2, claimed and unfinished, made done), and that an honest ledger's
 * snapshot is taken.
 */
const SNAPSHOT = 'plans/demo/state.json';
const store = (dir: string): GitLedgerStore => new GitLedgerStore({ repoDir: dir, now: () => T0 });

afterEach(restoreGitShims);

/** Stage 1 done, stage 2 claimed and not finished. */
async function ledger(): Promise<{ dir: string; git: Git }> {
  const { dir, git } = await makeRepo();
  const s = store(dir);
  for (const row of [claim(1, 'r1'), done(1, 'r1'), claim(2, 'r2')]) await s.append({ row, files: filesOf(row) });
  return { dir, git };
}

/** The tip's snapshot with stage 2 made done (as if run r2 had ended), and `lines` rows more than it had. */
async function forgedSnapshot(git: Git, extraRows = 0): Promise<string> {
  const real = parseSnapshot(await showFile(git, `okstra-ledger:${SNAPSHOT}`), 'demo');
  if (!real) throw new Error('no snapshot at the tip');
  const scan = extendTrustScan(real.scan, [{ line: real.lines + 1, row: done(2, 'r2') }], { now: T0 });
  return serializeSnapshot({ planId: 'demo', lines: real.lines + extraRows, scan }) as string;
}

async function stage2(dir: string): Promise<string> {
  return stageStatus((await store(dir).readState('demo')).state, 2);
}

describe('the plan snapshot a stage reads', () => {
  it('is taken on an honest ledger: the last commit and two snapshots, no other git', async () => {
    const { dir } = await ledger();
    const counter = countGitCalls();
    const read = await store(dir).readState('demo');
    expect(counter.calls()).toEqual(['rev-parse', 'log', 'cat-file']);
    expect(read.state).toEqual(deriveLedgerState((await store(dir).read('demo')).rows));
  });

  it('is not taken when a hand commit rewrote it without a row', async () => {
    const { dir, git } = await ledger();
    await handCommit(git, { [SNAPSHOT]: await forgedSnapshot(git) });
    expect(await stage2(dir)).toBe('started');
  });

  it('is not taken beside a row it does not follow from', async () => {
    const { dir, git } = await ledger();
    // A believable claim of stage 3, with a snapshot that also makes stage 2 done.
    const forged = await forgedSnapshot(git, 1);
    await handCommit(git, { [SNAPSHOT]: forged }, `hand\n\nokstra-row: ${serializeRow(claim(3, 'r3'))}\n`);
    expect(await stage2(dir)).toBe('started');
    expect(stageStatus((await store(dir).readState('demo')).state, 3)).toBe('started');
  });

  it('is not taken after an okstra append on top of a rewritten one, and the next append heals it', async () => {
    const { dir, git } = await ledger();
    await handCommit(git, { [SNAPSHOT]: await forgedSnapshot(git) });
    // okstra's next append read every row (the hand commit has none), so its snapshot does not follow from the forgery.
    await store(dir).append({ row: claim(3, 'r3') });
    expect(await stage2(dir)).toBe('started');
    await store(dir).append({ row: claim(4, 'r4') });
    const counter = countGitCalls();
    expect(await stage2(dir)).toBe('started');
    expect(counter.calls()).toEqual(['rev-parse', 'log', 'cat-file']);
  });

  it('judges the last row itself: a forged done row with an honest-looking snapshot is still distrusted', async () => {
    const { dir, git } = await ledger();
    // The snapshot the forger's row would give if its commit had added the report: it did not.
    const forged = await forgedSnapshot(git, 1);
    await handCommit(git, { [SNAPSHOT]: forged }, `hand\n\nokstra-row: ${serializeRow(done(2, 'r2'))}\n`);
    const read = await store(dir).readState('demo');
    expect(stageStatus(read.state, 2)).toBe('started');
    expect(read.distrusted.map((d) => d.line)).toEqual([4]);
  });
});
