import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Git } from '../src/git/git.js';
import { GitLedgerStore } from '../src/git/ledger-store.js';
import type { LedgerRow } from '../src/core/ledger/index.js';
import { fmt, sized, summarize, verdict } from './stats.js';
import { BENCH_IDENTITY } from './fixtures.js';

const LEASE = '2099-01-01T00:00:00.000Z';

function claim(stage: number, run: string): LedgerRow {
  return {
    v: 1,
    plan_id: 'bench',
    stage,
    status: 'started',
    run_id: run,
    at: new Date().toISOString(),
    lease_until: LEASE,
  };
}

async function repo(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  writeFileSync(join(dir, 'README.md'), 'bench\n');
  await git.ok(['add', '.']);
  await git.ok(['commit', '--quiet', '-m', 'init']);
}

async function timeAppends(store: GitLedgerStore, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 1; i <= count; i++) {
    const t = performance.now();
    await store.append({ row: claim(i, `run-${i}`) });
    samples.push(performance.now() - t);
  }
  return samples;
}

export async function benchLedger(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-ledger-'));
  try {
    const lines: string[] = [];
    const local = join(root, 'local');
    await repo(local);
    const localRows = sized(200, 5);
    const localStats = summarize(await timeAppends(new GitLedgerStore({ repoDir: local }), localRows));
    lines.push(
      `local append (${localRows} rows, growing ledger): p50 ${fmt(localStats.p50)}, p99 ${fmt(localStats.p99)}  [p50 ${verdict(localStats.p50, 50)}]`,
    );

    const seed = join(root, 'seed');
    await repo(seed);
    const remote = join(root, 'remote.git');
    await new Git(root).ok(['clone', '--quiet', '--bare', seed, remote]);
    const clones: string[] = [];
    for (let i = 0; i < 4; i++) {
      const dir = join(root, `clone-${i}`);
      await new Git(root).ok(['clone', '--quiet', remote, dir]);
      clones.push(dir);
    }
    const remoteRows = sized(50, 3);
    const remoteStats = summarize(
      await timeAppends(new GitLedgerStore({ repoDir: clones[0] as string, remote: 'origin' }), remoteRows),
    );
    lines.push(
      `append through a bare remote (${remoteRows} rows): p50 ${fmt(remoteStats.p50)}, p99 ${fmt(remoteStats.p99)}`,
    );

    // 32 appenders racing over 4 clones of one remote, each retrying on lost compare-and-swaps (smoke: 4).
    const writers = sized(32, 4);
    const t = performance.now();
    const results = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        new GitLedgerStore({ repoDir: clones[i % 4] as string, remote: 'origin' }).append({
          row: claim(1000 + i, `race-${i}`),
        }),
      ),
    );
    const wall = performance.now() - t;
    const attempts = results.map((r) => r.attempts);
    lines.push(
      `${writers} concurrent appenders via one bare remote: all ${results.length} landed in ${(wall / 1000).toFixed(2)} s (${(writers / (wall / 1000)).toFixed(1)} rows/s); attempts per writer max ${Math.max(...attempts)}, mean ${(attempts.reduce((a, b) => a + b, 0) / writers).toFixed(1)}`,
    );
    return lines;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
