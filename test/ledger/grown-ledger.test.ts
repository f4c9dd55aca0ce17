import { describe, expect, it } from 'vitest';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { engineRuns, growLedger } from '../helpers/grown-ledger.js';
import { makeRepo } from '../helpers/git-repos.js';
import type { Git } from '../../src/git/git.js';

const START = new Date('2026-11-01T08:00:00Z');

/** Each first-parent commit of the ledger branch, oldest first: its tree and its message. */
async function history(git: Git): Promise<string[]> {
  const out = await git.ok(['log', '--first-parent', '--reverse', '--format=%T%n%B%x00', 'okstra-ledger']);
  return out.split('\0').map((c) => c.trim());
}

describe('the grown-ledger helper (tests and the bench build long ledgers with it)', () => {
  it('writes, commit by commit, the trees and messages the store writes when it appends the same rows', async () => {
    const runs = engineRuns('demo', 41, START, 5);
    const grown = await makeRepo();
    await growLedger(grown.dir, { planId: 'demo', runs });

    const appended = await makeRepo();
    const store = new GitLedgerStore({
      repoDir: appended.dir,
      now: () => new Date(START.getTime() + 3_600_000),
    });
    for (const { row, files } of runs) await store.append({ row, files });

    const theirs = await history(appended.git);
    expect(theirs).toHaveLength(runs.length + 1);
    expect(await history(grown.git)).toEqual(theirs);
    // Each append's commit carries its row.
    expect(theirs.filter((c) => c.includes('okstra-row: {"v":1,"plan_id":"demo"'))).toHaveLength(runs.length);
  });
});
