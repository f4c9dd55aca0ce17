import { describe, expect, it } from 'vitest';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { makeRemoteWithClones } from '../helpers/git-repos.js';
import { spawnCli } from '../helpers/spawn-cli.js';

const WRITERS = 32;
const CLONES = 4;

/** 32 real `okstra` processes over 4 clones of one bare remote, as 32 runners would. */
async function race(
  stageOf: (i: number) => number,
): Promise<{ results: Array<{ exitCode: number; stderr: string; stdout: string }>; clones: string[] }> {
  const { clones } = await makeRemoteWithClones(CLONES);
  const results = await Promise.all(
    Array.from({ length: WRITERS }, (_, i) =>
      spawnCli([
        'ledger',
        'append',
        '--plan-id',
        'race',
        '--stage',
        String(stageOf(i)),
        '--status',
        'started',
        '--run-id',
        `run-${i}`,
        '--repo',
        clones[i % CLONES] as string,
        '--remote',
        'origin',
      ]),
    ),
  );
  return { results, clones };
}

describe('concurrent ledger appends through one bare remote', () => {
  it('lands all 32 claims on 32 different stages exactly once', async () => {
    const { results, clones } = await race((i) => i + 1);
    for (const r of results) expect(r, r.stderr).toMatchObject({ exitCode: 0 });
    const rows = (await new GitLedgerStore({ repoDir: clones[0] as string, remote: 'origin' }).read('race')).rows;
    expect(rows).toHaveLength(WRITERS);
    expect(new Set(rows.map((r) => ('stage' in r ? r.stage : 'plan'))).size).toBe(WRITERS);
    expect(rows.map((r) => r.run_id).sort()).toEqual(Array.from({ length: WRITERS }, (_, i) => `run-${i}`).sort());
  }, 180_000);

  it('lets exactly one of 32 claims on the same stage win and refuses the other 31', async () => {
    const { results, clones } = await race(() => 7);
    const winners = results.filter((r) => r.exitCode === 0);
    const refused = results.filter((r) => r.exitCode === 1);
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(WRITERS - 1);
    const rows = (await new GitLedgerStore({ repoDir: clones[0] as string, remote: 'origin' }).read('race')).rows;
    expect(rows).toHaveLength(1);
    for (const r of refused)
      expect(r.stderr).toContain(`okstra: stage 7 already in progress by run ${rows[0]?.run_id} until `);
  }, 180_000);
});
