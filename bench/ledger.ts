import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Git } from '../src/git/git.js';
import { discardsSettled } from '../src/git/tree-trash.js';
import { forgetSealedSegments, GitLedgerStore, SEAL_CHARS } from '../src/git/ledger-store.js';
import { parseLedgerLines, serializeRow, type LedgerRow } from '../src/core/ledger/index.js';
import { prepareRun } from '../src/cli/engine-setup.js';
import { runStage } from '../src/engine/run-stage.js';
import type { CliIo } from '../src/cli/io.js';
import { fmt, isSmoke, met, sized, summarize, verdict } from './stats.js';
import { BENCH_IDENTITY, oneStagePlan, STAND_IN_AGENT } from './fixtures.js';

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
    const lines: string[] = [parseRatioLine()];
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

/** `count` rows of finished runs of other stages (claim, then failed), as okstra writes them. */
function historyText(count: number): string {
  const lines: string[] = [];
  const at = new Date(Date.now() - 3_600_000).toISOString();
  for (let i = 0; lines.length < count; i++) {
    const base = { v: 1, plan_id: 'bench', stage: 1000 + i, run_id: `old-${i}`, at } as const;
    lines.push(
      serializeRow({ ...base, status: 'started', lease_until: at, branch: `okstra/bench/stage-${1000 + i}` }),
      serializeRow({ ...base, status: 'failed', reason: 'verdict-fail', detail: 'QA failed: npm test exited 1' }),
    );
  }
  return `${lines.slice(0, count).join('\n')}\n`;
}

/** `count` rows as the engine writes them: each run's claim (claimant, branch, base, actor), then its done or failed row. */
function engineRowsText(count: number): string {
  const lines: string[] = [];
  const at = new Date(Date.now() - 3_600_000);
  const sha = (i: number): string => (i.toString(16).padStart(8, '0') + 'c0ffee'.repeat(6)).slice(0, 40);
  for (let i = 0; lines.length < count; i++) {
    const when = new Date(at.getTime() + i * 1_000).toISOString();
    const stage = 1 + (i % 40);
    const base = { v: 1, plan_id: 'bench', stage, run_id: `run-${i}`, at: when, actor: 'octocat' } as const;
    const branch = `okstra/bench/stage-${stage}`;
    lines.push(
      serializeRow({
        ...base,
        status: 'started',
        branch,
        base_commit: sha(i),
        lease_until: new Date(at.getTime() + i * 1_000 + 3_600_000).toISOString(),
        claimant: { host: 'runner-7', pid: 4000 + (i % 1000), boot: '5e0b7c1c-3a2f-4f7e-9a43-1b2c3d4e5f60' },
      }),
      i % 2 === 0
        ? serializeRow({
            ...base,
            status: 'done',
            branch,
            base_commit: sha(i),
            head_commit: sha(i + 1),
            completed_at: when,
            carry_path: `plans/bench/carry/stage-${stage}.json`,
            report_path: `plans/bench/reports/stage-${stage}/run-${i}.json`,
          })
        : serializeRow({
            ...base,
            status: 'failed',
            branch,
            head_commit: sha(i + 1),
            reason: 'verdict-fail',
            report_path: `plans/bench/reports/stage-${stage}/run-${i}.json`,
            detail: 'QA failed: npm test exited 1',
          }),
    );
  }
  return `${lines.slice(0, count).join('\n')}\n`;
}

/**
 * Zod over every row (before) against the fast path (now), interleaved, on
 * the same 10,000 rows as the engine writes them; both include JSON.parse,
 * which is also timed alone: no check can make parsing faster than it.
 */
function parseRatioLine(): string {
  const rows = sized(10_000, 200);
  const text = engineRowsText(rows);
  const opts = { path: 'bench', planId: 'bench' };
  const schema: number[] = [];
  const fast: number[] = [];
  const jsonOnly: number[] = [];
  for (let i = 0; i < sized(15, 2); i++) {
    let t = performance.now();
    parseLedgerLines(text, { ...opts, schemaOnly: true });
    schema.push(performance.now() - t);
    t = performance.now();
    parseLedgerLines(text, opts);
    fast.push(performance.now() - t);
    t = performance.now();
    const kept: unknown[] = []; // kept, as the parsers keep their rows: collecting them is part of the cost
    for (const line of text.split('\n')) if (line !== '') kept.push(JSON.parse(line));
    jsonOnly.push(performance.now() - t);
  }
  const before = summarize(schema).p50;
  const now = summarize(fast).p50;
  const floor = summarize(jsonOnly).p50;
  return `row parsing, ${rows} rows as the engine writes them: zod ${fmt(before)}, fast path ${fmt(now)}: ${(before / now).toFixed(1)}x faster  [target >= 5x: ${met(before / now >= 5)}]; JSON.parse alone ${fmt(floor)} (the most any check could reach: ${(before / floor).toFixed(1)}x)`;
}

const histories = new Map<number, string>();

/** The same history text for every stage repository of a size: building it anew would leave its garbage to be collected inside the timed stage. */
function cachedHistory(rows: number): string {
  const text = histories.get(rows) ?? historyText(rows);
  histories.set(rows, text);
  return text;
}

/**
 * `text` split as GitLedgerStore would have left it had it appended every
 * line: a segment sealed each time the live file had reached SEAL_CHARS, the
 * rest in the live file. At 10,000 rows that is 27 segments of ~64 KiB and a
 * live file of up to as much, which each append rewrites (the costly end of
 * the range a live file moves through), all read by a cold process.
 */
function asLaidOut(text: string): { segments: string[]; live: string } {
  const segments: string[] = [];
  let live = '';
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (live.length >= SEAL_CHARS) {
      segments.push(live);
      live = '';
    }
    live += `${line}\n`;
  }
  return { segments, live };
}

/** A repository with the bench plan, stand-in agents and a ledger branch already holding `rows` rows. */
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
  // The history as one commit made with plumbing, laid out as the store leaves it (asLaidOut): what matters here is
  // the size of the files an append reads and writes, not how they grew.
  const { segments, live } = asLaidOut(cachedHistory(rows));
  const hash = (text: string): Promise<string> => git.ok(['hash-object', '-w', '--stdin'], { input: text });
  const entries = [`100644 blob ${await hash(live)}\tledger.jsonl\n`];
  if (segments.length > 0) {
    const listing = await Promise.all(
      segments.map(async (text, i) => `100644 blob ${await hash(text)}\t${String(i + 1).padStart(6, '0')}.jsonl\n`),
    );
    entries.push(`040000 tree ${await git.ok(['mktree'], { input: listing.join('') })}\tledger\n`);
  }
  const plan = await git.ok(['mktree'], { input: entries.join('') });
  const plans = await git.ok(['mktree'], { input: `040000 tree ${plan}\tbench\n` });
  const top = await git.ok(['mktree'], { input: `040000 tree ${plans}\tplans\n` });
  const commit = await git.ok(['commit-tree', top, '-m', 'ledger history'], { env: BENCH_IDENTITY });
  await git.ok(['update-ref', 'refs/heads/okstra-ledger', commit]);
  return dir;
}

async function timeStage(root: string, rows: number): Promise<number> {
  const repo = await stageRepo(root, rows);
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const prepared = await prepareRun(io, { plan: '.okstra/plans/bench.md', repo });
  // Each stage as its own process runs it (an Action job, a first `okstra run`): every repository here holds the same
  // history, whose segments an earlier stage of this process would otherwise have left parsed in the cache.
  forgetSealedSegments();
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
