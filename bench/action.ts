import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Git } from '../src/git/git.js';
import { fmt, isSmoke, sized, summarize, verdict } from './stats.js';
import { BENCH_IDENTITY, oneStagePlan, REPO_ROOT, STAND_IN_AGENT } from './fixtures.js';

/**
 * The Action's cold start: from `node dist/index.js` starting, as a runner
 * starts it (INPUT_* variables, an event file, a clone of a bare `origin`),
 * to its first PROGRESS line — inputs, setup, the rules fetched from the
 * default branch, the stage claimed on the remote. The agents are instant
 * stand-ins, so the figure is okstra's own start-up, not an agent's.
 * Smoke: one cold start, no warm-up.
 */

const bundle = join(REPO_ROOT, 'dist', 'index.js');
/**
 * The Action isolates agents as other users, which needs root (or the sudo a
 * runner has, to re-execute itself); anyone else gets `isolation: none`, so
 * the suite still runs, and says so.
 */
const AS_ROOT = process.geteuid?.() === 0;
const agent = STAND_IN_AGENT;
const IDENTITY = BENCH_IDENTITY;
const PLAN = oneStagePlan(['base: main']);

async function workspace(dir: string): Promise<string> {
  const seed = join(dir, 'seed');
  mkdirSync(join(seed, '.okstra', 'plans'), { recursive: true });
  const cmd = (behaviour: object): string =>
    JSON.stringify(`${process.execPath} ${agent} --json ${JSON.stringify(JSON.stringify(behaviour))}`);
  writeFileSync(join(seed, '.okstra', 'plans', 'bench.md'), PLAN);
  writeFileSync(
    join(seed, '.okstra', 'config.yml'),
    [
      'executor: writer',
      // A stage run is measured; approving the bench's own plan is not part of it.
      'approval: { required: false }',
      'verifiers: [reviewer]',
      'excludeExecutorFromVerifiers: true',
      ...(AS_ROOT ? [] : ['isolation: none']),
      'providers:',
      `  writer: { command: ${cmd({ writeFiles: { 'out.txt': 'x\n' }, carry: true })} }`,
      `  reviewer: { command: ${cmd({ verifierResult: 'PASS' })} }`,
      '',
    ].join('\n'),
  );
  const git = new Git(seed, IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'plan']);
  await new Git(dir).ok(['clone', '--quiet', '--bare', seed, join(dir, 'origin.git')]);
  await new Git(dir).ok(['clone', '--quiet', '--depth=1', `file://${join(dir, 'origin.git')}`, join(dir, 'ws')]);
  return join(dir, 'ws');
}

/** Milliseconds from spawn to the first output (the bundle loaded) and to the first line holding `PROGRESS:`; the run is then left to finish. */
async function coldStart(dir: string): Promise<{ loaded: number; progress: number }> {
  const ws = await workspace(dir);
  for (const f of ['output', 'summary', 'state']) writeFileSync(join(dir, f), '');
  writeFileSync(join(dir, 'event.json'), JSON.stringify({ repository: { default_branch: 'main' }, inputs: {} }));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    TMPDIR: dir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    ...IDENTITY,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'bench/bench',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_WORKSPACE: ws,
    RUNNER_TEMP: dir,
    GITHUB_API_URL: 'http://127.0.0.1:9',
    INPUT_MODE: 'stage',
    INPUT_PLAN: '.okstra/plans/bench.md',
    INPUT_STAGE: '1',
    INPUT_REPORT: 'summary',
    INPUT_CONFIG: '.okstra/config.yml',
    'INPUT_DRY-RUN': 'false',
    'INPUT_INSTALL-CLIS': 'false',
  };
  const started = performance.now();
  const child = spawn(process.execPath, [bundle], { cwd: ws, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let first: number | null = null;
  let loaded: number | null = null;
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    loaded ??= performance.now() - started;
    if (first === null && out.includes('PROGRESS:')) first = performance.now() - started;
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || first === null || loaded === null)
    throw new Error(`dist/index.js exited ${code} without the expected run:\n${out}\n${err}`);
  return { loaded, progress: first };
}

/**
 * The files an entry loads: at start, the entry and the chunks it imports
 * statically, transitively; with `dynamic`, also those it may import later,
 * on demand (`import("./chunk-….js")`).
 */
function chunkClosure(entry: string, dynamic: boolean): string[] {
  const seen = new Set<string>();
  const pattern = dynamic
    ? /(?:from|import)\s*\(?"(\.\/chunk-[A-Za-z0-9]+\.js)"/g
    : /(?:from|import)\s*"(\.\/chunk-[A-Za-z0-9]+\.js)"/g;
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) visit(join(dirname(file), m[1] as string));
  };
  visit(entry);
  return [...seen];
}

export async function benchAction(): Promise<string[]> {
  if (!existsSync(bundle)) return ['dist/index.js is missing: run `npm run build`'];
  const files = chunkClosure(bundle, false);
  const size = files.reduce((sum, f) => sum + statSync(f).size, 0);
  const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
  const all = chunkClosure(bundle, true).reduce((sum, f) => sum + statSync(f).size, 0);
  const dir = mkdtempSync(join(tmpdir(), 'okstra-bench-action-'));
  try {
    const samples: Array<{ loaded: number; progress: number }> = [];
    // One unmeasured run first: the OS file cache, not okstra, would otherwise dominate the first sample.
    if (!isSmoke()) {
      mkdirSync(join(dir, 'warm-up'));
      await coldStart(join(dir, 'warm-up'));
    }
    const runs = sized(7, 1);
    for (let i = 0; i < runs; i++) {
      const d = join(dir, `run-${i}`);
      mkdirSync(d);
      samples.push(await coldStart(d));
    }
    const s = summarize(samples.map((x) => x.progress));
    const l = summarize(samples.map((x) => x.loaded));
    return [
      `dist/index.js cold start to the first PROGRESS line, instant stand-ins${AS_ROOT ? '' : ' (isolation: none: not root)'} (n=${runs}): median ${fmt(s.p50)}, worst ${fmt(Math.max(...samples.map((x) => x.progress)))}  [${verdict(s.p50, 300)}]`,
      `  of which process start to the first log line (node + bundle loaded, inputs read): median ${fmt(l.p50)}; the rest is git: fetching the rules and the plan's branches, reading and claiming the ledger on the remote`,
      `dist/index.js size at start (entry + static chunks, ${files.length} files): ${(size / 1024 / 1024).toFixed(2)} MB (${(gz / 1024).toFixed(0)} KB gzipped); with the on-demand chunks (the GitHub client): ${(all / 1024 / 1024).toFixed(2)} MB`,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
