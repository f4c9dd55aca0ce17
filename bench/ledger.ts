import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Git } from '../src/git/git.js';
import { discardsSettled } from '../src/git/tree-trash.js';
import { GitLedgerStore } from '../src/git/ledger-store.js';
import type { LedgerRow } from '../src/core/ledger/index.js';
import { prepareRun } from '../src/cli/engine-setup.js';
import { runStage } from '../src/engine/run-stage.js';
import type { CliIo } from '../src/cli/io.js';
import { fmt, isSmoke, met, sized, summarize, verdict } from './stats.js';
import { BENCH_IDENTITY, oneStagePlan, STAND_IN_AGENT } from './fixtures.js';
import { engineRuns, growLedger } from '../test/helpers/grown-ledger.js';

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
    const lines: string[] = [await coldReadLine(root)];
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
    return [...lines, ...(await benchLedgerStageRatio())];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * What a fresh process pays to read a long ledger grown as okstra grows it,
 * every row (`read`: the CLI's status, reports; one git log, the commits, the
 * done rows' diffs) against what a stage reads (`readState`: the plan's last
 * commit and the snapshots either side of it), interleaved, each with a
 * store of its own.
 */
async function coldReadLine(root: string): Promise<string> {
  const rows = sized(10_000, 200);
  const dir = await stageRepo(root, rows);
  const every: number[] = [];
  const state: number[] = [];
  for (let i = 0; i < sized(15, 2); i++) {
    let t = performance.now();
    await new GitLedgerStore({ repoDir: dir }).read('bench');
    every.push(performance.now() - t);
    t = performance.now();
    await new GitLedgerStore({ repoDir: dir }).readState('bench');
    state.push(performance.now() - t);
  }
  const a = summarize(every).p50;
  const b = summarize(state).p50;
  return `cold read of a ${rows}-row ledger grown as okstra grows it (n=${every.length} each, interleaved): every row ${fmt(a)}, a stage's state read (the last commit and two snapshots) ${fmt(b)}: ${(a / b).toFixed(1)}x less`;
}

/**
 * Per size, one repository holding only a ledger branch of that many rows,
 * grown as okstra's appends grow it (growLedger: one commit a row, carries
 * and reports, the plan's snapshot) for runs of stages the bench
 * stage never touches; every stage repository of that size borrows its
 * objects (alternates) instead of copying them.
 */
const grownLedgers = new Map<string, Promise<{ objects: string; tip: string }>>();

function grownLedger(root: string, rows: number): Promise<{ objects: string; tip: string }> {
  const key = join(root, String(rows));
  const known = grownLedgers.get(key);
  if (known) return known;
  const made = (async () => {
    const dir = join(root, `ledger-${rows}`);
    mkdirSync(dir, { recursive: true });
    await new Git(dir).ok(['init', '--quiet', '--bare']);
    const runs = engineRuns('bench', rows, new Date(Date.now() - 30 * 24 * 3_600_000), 40, 1000);
    const { tip } = await growLedger(dir, { planId: 'bench', runs });
    return { objects: join(dir, 'objects'), tip };
  })();
  grownLedgers.set(key, made);
  return made;
}

/** A repository with the bench plan, stand-in agents and a ledger branch already holding `rows` rows (grownLedger). */
async function stageRepo(root: string, rows: number): Promise<string> {
  const dir = join(root, `stage-${rows}-${Math.random().toString(16).slice(2)}`);
  mkdirSync(join(dir, '.okstra', 'plans'), { recursive: true });
  writeFileSync(join(dir, '.okstra', 'plans', 'bench.md'), oneStagePlan());
  const cmd = (behaviour: object): string =>
    JSON.stringify(
      `${JSON.stringify(process.execPath)} ${JSON.stringify(STAND_IN_AGENT)} --json ${JSON.stringify(JSON.stringify(behaviour))}`,
    );
  writeFileSync(
    join(dir, '.okstra', 'config.yml'),
    [
      'executor: writer',
      // A stage run is measured; approving the bench's own plan is not part of it.
      'approval: { required: false }',
      'verifiers: [v1]',
      'excludeExecutorFromVerifiers: true',
      'providers:',
      `  writer: { command: ${cmd({ writeFiles: { 'out.txt': 'bench\n' }, carry: true })} }`,
      `  v1: { command: ${cmd({ verifierResult: 'PASS' })} }`,
      '',
    ].join('\n'),
  );
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'plan']);
  // The history okstra's appends would have left (see grownLedger), its objects borrowed: as a runner's fetch leaves
  // them, in a pack.
  const ledger = await grownLedger(root, rows);
  writeFileSync(join(dir, '.git', 'objects', 'info', 'alternates'), `${ledger.objects}\n`);
  await git.ok(['update-ref', 'refs/heads/okstra-ledger', ledger.tip]);
  return dir;
}

async function timeStage(root: string, rows: number): Promise<number> {
  const repo = await stageRepo(root, rows);
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const prepared = await prepareRun(io, { plan: '.okstra/plans/bench.md', repo });
  try {
    const t = performance.now();
    const outcome = await runStage(
      { ...prepared.request, stage: 1, runId: `bench-${rows}-${Date.now()}` },
      prepared.deps,
    );
    const ms = performance.now() - t;
    if (outcome.kind !== 'completed' || outcome.report.verdict.value !== 'PASS')
      throw new Error(`bench stage with a ${rows}-row ledger did not pass: ${JSON.stringify(outcome.kind)}`);
    return ms;
  } finally {
    await prepared.close();
    // The tree's deletion runs in the background: it ends before the next stage is timed, not during it.
    await discardsSettled();
  }
}

/**
 * One stage (engine in-process, instant stand-in agents) over a 10,000-row
 * ledger against one over a 10-row ledger, interleaved so drift in the
 * machine's load hits both alike; the ratio of the medians.
 */
export async function benchLedgerStageRatio(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-ledger-stage-'));
  try {
    const big = sized(10_000, 200);
    const small: number[] = [];
    const large: number[] = [];
    if (!isSmoke()) await timeStage(root, 10); // warm-up: module loading and JIT, counted in neither
    // Fifteen pairs: a stage's time on a shared machine swings by more than the difference measured here.
    for (let i = 0; i < sized(15, 1); i++) {
      small.push(await timeStage(root, 10));
      large.push(await timeStage(root, big));
    }
    const a = summarize(small).p50;
    const b = summarize(large).p50;
    return [
      `one stage with a ${big}-row ledger over one with a 10-row ledger (n=${small.length} each, interleaved): ${fmt(b)} / ${fmt(a)} = ${(b / a).toFixed(3)}x  [target <= 1.2x: ${met(b / a <= 1.2)}]`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
