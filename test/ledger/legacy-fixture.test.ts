import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { tempDir } from '../helpers/git-repos.js';

/**
 * A ledger branch written in the JSONL format (one rewritten `ledger.jsonl`
 * a plan, sealed segments, a fold, provenance statements), committed as a
 * bundle by test/fixtures/legacy-ledger/build.ts, and what that format's
 * store read of it. Whatever the store's format becomes, existing ledgers
 * must read the same: the same rows in order, the same rows distrusted.
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
