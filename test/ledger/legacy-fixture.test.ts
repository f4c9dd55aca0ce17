import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';
import { tempDir } from '../helpers/git-repos.js';

/**
 * A ledger branch written in the JSONL format (one rewritten `ledger.jsonl`
 * a plan, sealed segments, a fold, provenance statements) by that format's
 * store, committed as a bundle with what that store read of it (the script
 * that built both is test/fixtures/legacy-ledger/build.ts at commit 7e83237,
 * the last whose store wrote that format). Existing ledgers must read the
 * same, before and after the append that migrates them: the same rows in
 * order, the same rows distrusted.
 */
const FIXTURE = join(import.meta.dirname, '../fixtures/legacy-ledger');
const READ_AT = new Date('2026-11-29T13:00:00.000Z');

interface Expected {
  rows: unknown[];
  allRows: unknown[];
  distrusted: unknown[];
}

async function legacyLedger(): Promise<string> {
  const dir = tempDir('okstra-legacy-');
  await new Git(dir).ok(['init', '--quiet', '--bare']);
  await new Git(dir).ok(['fetch', '--quiet', join(FIXTURE, 'legacy-ledger.bundle'), 'okstra-ledger:okstra-ledger']);
  return dir;
}

const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as Record<string, Expected>;

describe('a ledger written in the JSONL format', () => {
  for (const plan of ['linear', 'sealed']) {
    it(`reads plan ${plan} as that format's store did`, async () => {
      const store = new GitLedgerStore({ repoDir: await legacyLedger(), now: () => READ_AT });
      const read = await store.read(plan);
      const want = expected[plan] as Expected;
      expect(read.rows).toEqual(want.rows);
      expect(read.allRows).toEqual(want.allRows);
      expect(read.distrusted).toEqual(want.distrusted);
    });
  }

  it('keeps two hand-added rows distrusted, one for its commit and one for its lifecycle', () => {
    const reasons = (expected.linear as Expected).distrusted.map((d) => (d as { reason: string }).reason);
    expect(reasons).toEqual([
      expect.stringMatching(/does not add its report/),
      expect.stringMatching(/done without its started row/),
    ]);
  });
});

const claim = (planId: string, stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: planId,
  stage,
  status: 'started',
  run_id: run,
  at: READ_AT.toISOString(),
  lease_until: '2026-11-29T15:00:00.000Z',
});

describe('migrating a ledger written in the JSONL format', () => {
  for (const plan of ['linear', 'sealed']) {
    it(`moves plan ${plan} to rows as commits on its next append, losing no row and no verdict`, async () => {
      const dir = await legacyLedger();
      const git = new Git(dir);
      const store = new GitLedgerStore({ repoDir: dir, now: () => READ_AT });
      const want = expected[plan] as Expected;
      const appended = await store.append({ row: claim(plan, 99, 'r-after') });
      expect(appended.outcome).toBe('appended');

      // The old files are gone in the same commit; the old lines are frozen beside the snapshot.
      const files = (await git.ok(['ls-tree', '-r', '--name-only', 'okstra-ledger', `plans/${plan}/`])).split('\n');
      expect(files).toContain(`plans/${plan}/legacy.json`);
      expect(files).toContain(`plans/${plan}/state.json`);
      expect(files.filter((f) => /ledger\.jsonl$|\/ledger\/|ledger\.fold\.json$/.test(f))).toEqual([]);

      // A fresh reader: every old row, in order, then the new one; the same rows distrusted.
      const fresh = new GitLedgerStore({ repoDir: dir, now: () => READ_AT });
      const read = await fresh.read(plan);
      expect(read.allRows).toEqual([...want.allRows, claim(plan, 99, 'r-after')]);
      expect(read.rows).toEqual([...want.rows, claim(plan, 99, 'r-after')]);
      expect(read.distrusted).toEqual(want.distrusted);
      const state = await new GitLedgerStore({ repoDir: dir, now: () => READ_AT }).readState(plan);
      expect(state.state).toEqual(deriveLedgerState(read.rows));
      expect(state.distrusted).toEqual(want.distrusted);

      // The next append builds on the migrated ledger like on any other.
      await fresh.append({ row: claim(plan, 100, 'r-next') });
      const after = await new GitLedgerStore({ repoDir: dir, now: () => READ_AT }).read(plan);
      expect(after.allRows).toHaveLength(want.allRows.length + 2);
      expect(after.distrusted).toEqual(want.distrusted);
    });
  }

  it('migrates only the plan appended to; another plan keeps its old files until its own append', async () => {
    const dir = await legacyLedger();
    const store = new GitLedgerStore({ repoDir: dir, now: () => READ_AT });
    await store.append({ row: claim('linear', 99, 'r-after') });
    const files = await new Git(dir).ok(['ls-tree', '-r', '--name-only', 'okstra-ledger', 'plans/sealed/']);
    expect(files.split('\n')).toContain('plans/sealed/ledger.jsonl');
    expect((await store.read('sealed')).allRows).toEqual((expected.sealed as Expected).allRows);
  });
});
