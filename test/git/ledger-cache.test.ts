import { afterEach, describe, expect, it } from 'vitest';
import { GitLedgerStore, LedgerRefusedError } from '../../src/git/ledger-store.js';
import type { LedgerRow } from '../../src/core/ledger/index.js';
import { makeRemoteWithClones, makeRepo } from '../helpers/git-repos.js';
import { countGitCalls, restoreGitShims } from '../helpers/git-shim.js';

const now = new Date('2026-11-29T12:00:00Z');
const claim = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: now.toISOString(),
  lease_until: '2026-11-29T14:00:00.000Z',
});
const store = (repoDir: string, remote?: string): GitLedgerStore =>
  new GitLedgerStore({ repoDir, now: () => now, ...(remote ? { remote } : {}), sleep: async () => undefined });

afterEach(restoreGitShims);

describe('the ledger read cached by tip', () => {
  it('reads an unchanged tip with one rev-parse, and a tip of our own append with none', async () => {
    const { dir } = await makeRepo();
    const s = store(dir);
    await s.append({ row: claim(1, 'run-1') });
    const second = await s.append({ row: claim(2, 'run-2') });
    const counter = countGitCalls();
    const first = await s.read('demo');
    expect(first.rows.map((r) => r.run_id)).toEqual(['run-1', 'run-2']);
    expect(counter.calls()).toEqual(['rev-parse']);
    const held = await s.read('demo', { tip: second.commit });
    expect(held).toEqual(first);
    expect(counter.calls()).toEqual(['rev-parse']);
  });

  it('re-reads when another store moved the tip, parsing what was appended, and agrees with a fresh reader', async () => {
    const { dir } = await makeRepo();
    const a = store(dir);
    const b = store(dir);
    await a.append({ row: claim(1, 'run-1') });
    expect((await a.read('demo')).rows).toHaveLength(1);
    await b.append({ row: claim(2, 'run-2') });
    await b.append({ row: claim(3, 'run-3') });
    const seen = await a.read('demo');
    expect(seen.rows.map((r) => r.run_id)).toEqual(['run-1', 'run-2', 'run-3']);
    expect(seen).toEqual(await store(dir).read('demo'));
  });

  it('never decides from the stale tip after a lost race: the loser re-reads and is refused', async () => {
    const { clones } = await makeRemoteWithClones(2);
    const a = store(clones[0] as string, 'origin');
    const b = store(clones[1] as string, 'origin');
    await a.append({ row: claim(9, 'run-0') });
    // a holds the ledger at its tip (and a fetched tip it may reuse); b claims stage 1 behind its back.
    expect((await a.read('demo')).rows).toHaveLength(1);
    await b.append({ row: claim(1, 'theirs') });
    // a's first attempt decides on what it holds, loses the push, then decides again on the fresh tip.
    const refused = await a.append({ row: claim(1, 'mine') }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LedgerRefusedError);
    expect((refused as LedgerRefusedError).code).toBe('stage-in-progress');
    const after = await a.read('demo');
    expect(after.rows.map((r) => r.run_id)).toEqual(['run-0', 'theirs']);
    expect(after).toEqual(await store(clones[1] as string, 'origin').read('demo'));
  });

  it('keeps every racer right: each lands once, and what each holds after its append is that commit exactly', async () => {
    const { dir } = await makeRepo();
    const racers = Array.from({ length: 6 }, () => store(dir));
    await Promise.all(racers.map((s) => s.read('demo')));
    const results = await Promise.all(racers.map((s, i) => s.append({ row: claim(i + 1, `race-${i}`) })));
    expect(results.every((r) => r.outcome === 'appended')).toBe(true);
    const fresh = store(dir);
    for (const [i, r] of results.entries()) {
      expect(await racers[i]?.read('demo', { tip: r.commit })).toEqual(await fresh.read('demo', { tip: r.commit }));
    }
    const all = await fresh.read('demo');
    expect(all.rows.map((r) => r.run_id).sort()).toEqual(racers.map((_, i) => `race-${i}`).sort());
    // Same stage for everyone: exactly one claim lands, every other racer is refused on the tip that holds it.
    const same = await Promise.allSettled(racers.map((s, i) => s.append({ row: claim(99, `same-${i}`) })));
    expect(same.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of same)
      if (r.status === 'rejected') expect((r.reason as LedgerRefusedError).code).toBe('stage-in-progress');
  });

  it('reads a tip it is handed but never held from git, and says what is there', async () => {
    const { dir } = await makeRepo();
    const a = store(dir);
    const first = await a.append({ row: claim(1, 'run-1') });
    await store(dir).append({ row: claim(2, 'run-2') });
    const b = store(dir);
    expect((await b.read('demo')).rows).toHaveLength(2);
    expect((await b.read('demo', { tip: first.commit })).rows.map((r) => r.run_id)).toEqual(['run-1']);
  });
});
