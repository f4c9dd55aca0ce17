// What a stage costs as things grow, each figure a ratio of two runs measured
// side by side (interleaved, several rounds, medians), so the machine's load
// falls on both: a big repository over a tiny one, a long ledger over a short
// one, a 12-verifier verify phase over one verifier's time, okstra over a
// shell script doing the same git work. Plus counts that need no clock: git
// processes per stage (a shim on PATH) and schema compiles per process.
//
// Stages run as the CLI runs them, through prepareRun, so as root (the bench
// machine, a CI runner) the agents run as okstra's OS users: the real path.
// Every stage pushes to a bare remote, as a run on a runner does.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { execa } from 'execa';
import { prepareRun } from '../src/cli/engine-setup.js';
import type { CliIo } from '../src/cli/io.js';
import { runStage } from '../src/engine/run-stage.js';
import { Git } from '../src/git/git.js';
import { discardsSettled } from '../src/git/tree-trash.js';
import { checkoutLayerable } from '../src/workspace/laying.js';
import { stageTreeModeFrom } from '../src/workspace/stage-workspace.js';
import { layersAvailable } from '../src/workspace/layer-mounts.js';
import { schemaCompileCount } from '../src/core/report/validate-schema.js';
import { makeBigRepo, type BigRepoSize } from './big-repo.js';
import { benchFencedValidation } from './plan.js';
import { BENCH_IDENTITY, oneStagePlan, REPO_ROOT, STAND_IN_AGENT } from './fixtures.js';
import { fmt, isSmoke, met, sized, summarize } from './stats.js';
import { linesInOwnProcess } from './own-process.js';

const PLAN_PATH = '.okstra/plans/bench.md';
const BIG: BigRepoSize = { files: 20_000, totalBytes: 200_000_000 };
const SMOKE_BIG: BigRepoSize = { files: 200, totalBytes: 2_000_000 };
const STAGE_BRANCH = 'okstra/bench/stage-1';

const TARGETS = {
  bigOverTiny: 2,
  efficiency: 0.95,
  gitPerStage: 25,
  overShell: 2.5,
} as const;

export async function benchScale(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-scale-'));
  try {
    const lines: string[] = [];
    lines.push(...(await bigOverTiny(root)));
    // Timed in a process of its own, as a stage runs: not after the 200 MB repositories above filled this one's heap,
    // and after their deletion is written out (settleWrites), which would otherwise fall on its first rounds.
    settleWrites();
    lines.push(...(await linesInOwnProcess('scale', 'benchVerifyEfficiency')));
    lines.push(...(await gitProcesses(root)));
    lines.push(...(await overShell(root)));
    lines.push(...(await borrowed()));
    return lines;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// ── repositories and one stage ──────────────────────────────────────────────

interface StageSetup {
  /** How many verifiers, each a stand-in that waits this long before it says PASS. */
  verifiers: number;
  verifierMs: number;
  /** Node stand-ins (default), or shell ones whose start-up costs nothing beside okstra's. */
  agents?: 'node' | 'shell';
}

/** The shell stand-ins: a verifier that sleeps its argument in seconds, then says PASS; an executor that writes out.txt. */
const SLEEPY_VERIFIER = join(REPO_ROOT, 'bench', 'agents', 'sleepy-verifier.sh');
const INSTANT_WRITER = join(REPO_ROOT, 'bench', 'agents', 'instant-writer.sh');

const command = (behaviour: object): string =>
  JSON.stringify(
    `${JSON.stringify(process.execPath)} ${JSON.stringify(STAND_IN_AGENT)} --json ${JSON.stringify(JSON.stringify(behaviour))}`,
  );

/** Writes the plan and a stand-in roster into `dir` (a repository on `main`), commits it and gives it a bare remote. */
async function addOkstra(dir: string, setup: StageSetup): Promise<void> {
  mkdirSync(join(dir, '.okstra', 'plans'), { recursive: true });
  writeFileSync(join(dir, PLAN_PATH), oneStagePlan());
  const names = Array.from({ length: setup.verifiers }, (_, i) => `v${i + 1}`);
  const verifier =
    setup.agents === 'shell'
      ? JSON.stringify(`${SLEEPY_VERIFIER} ${setup.verifierMs / 1000}`)
      : command({ sleepMs: setup.verifierMs, verifierResult: 'PASS' });
  writeFileSync(
    join(dir, '.okstra', 'config.yml'),
    [
      'executor: writer',
      // A stage run is measured; approving the bench's own plan is not part of it.
      'approval: { required: false }',
      `verifiers: [${names.join(', ')}]`,
      'excludeExecutorFromVerifiers: true',
      'providers:',
      `  writer: { command: ${setup.agents === 'shell' ? JSON.stringify(INSTANT_WRITER) : command({ writeFiles: { 'out.txt': 'bench\n' }, carry: true })} }`,
      ...names.map((n) => `  ${n}: { command: ${verifier} }`),
      '',
    ].join('\n'),
  );
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['add', '--', '.okstra']);
  await git.ok(['commit', '--quiet', '-m', 'okstra plan and roster']);
  const remote = `${dir}.remote.git`;
  // --local hard-links the objects: a big repository's remote costs no copy.
  await git.ok(['clone', '--quiet', '--bare', '--local', dir, remote]);
  await git.ok(['remote', 'add', 'origin', remote]);
  await git.ok(['fetch', '--quiet', 'origin']);
}

let repoCount = 0;

/** A fresh tiny repository: the plan and its roster, nothing else. */
async function tinyRepo(root: string, setup: StageSetup): Promise<string> {
  const dir = join(root, `tiny-${++repoCount}`);
  mkdirSync(dir, { recursive: true });
  await new Git(dir, BENCH_IDENTITY).ok(['init', '--quiet', '--initial-branch=main']);
  writeFileSync(join(dir, 'README.md'), 'tiny\n');
  await new Git(dir, BENCH_IDENTITY).ok(['add', 'README.md']);
  await new Git(dir, BENCH_IDENTITY).ok(['commit', '--quiet', '-m', 'seed']);
  await addOkstra(dir, setup);
  return dir;
}

async function bigRepo(root: string, size: BigRepoSize, setup: StageSetup): Promise<string> {
  const dir = join(root, `big-${++repoCount}`);
  await makeBigRepo(dir, size);
  await addOkstra(dir, setup);
  return dir;
}

interface StageTiming {
  /** runStage, intake to the last ledger commit. */
  stageMs: number;
  /** First verifier dispatch to last verifier collect. */
  verifyMs: number;
  /** QA's last result to the last verifier collect: the fan-out with each session's setup in it. */
  fanOutMs: number;
  isolation: string;
}

/** Runs stage 1 of the repository's plan as `okstra run --remote origin` would, and throws unless it passed. */
async function timeStage(repo: string): Promise<StageTiming> {
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const prepared = await prepareRun(io, { plan: PLAN_PATH, repo, remote: 'origin' });
  let stageMs: number;
  let outcome: Awaited<ReturnType<typeof runStage>>;
  try {
    const t = performance.now();
    outcome = await runStage({ ...prepared.request, stage: 1, runId: `bench-scale-${++repoCount}` }, prepared.deps);
    stageMs = performance.now() - t;
  } finally {
    await prepared.close();
    // The tree's deletion runs in the background: it ends before the next stage is timed, not during it.
    await discardsSettled();
  }
  if (outcome.kind !== 'completed' || outcome.report.verdict.value !== 'PASS')
    throw new Error(
      `the bench stage did not pass: ${JSON.stringify(outcome.kind === 'completed' ? outcome.report.verdict : outcome)}`,
    );
  return {
    stageMs,
    ...verifyPhaseMs(outcome.report.progress),
    isolation: outcome.report.isolation?.mode ?? 'not stated in the report',
  };
}

/**
 * Wall times of the verify phase from the run's PROGRESS record (the run's
 * clock, milliseconds): the sessions (first verifier dispatch to last
 * collect, as bench/engine.ts measures it) and the whole fan-out (from QA's
 * last result, so each session's setup before its dispatch counts too).
 */
function verifyPhaseMs(progress: ReadonlyArray<{ at: string; line: string }>): { verifyMs: number; fanOutMs: number } {
  const at = (e: { at: string }): number => Date.parse(e.at);
  const dispatches = progress.filter(
    (e) => e.line.startsWith('PROGRESS: phase-4-dispatch') && e.line.includes('role=verifier'),
  );
  const collects = progress.filter((e) => e.line.startsWith('PROGRESS: phase-5-collect') && !e.line.includes('Writer'));
  const qa = progress.filter((e) => e.line.startsWith('PROGRESS: phase-5-qa'));
  if (dispatches.length === 0 || collects.length === 0) throw new Error('the run recorded no verifier session');
  const end = Math.max(...collects.map(at));
  const fanOutStart = qa.length > 0 ? Math.max(...qa.map(at)) : Math.min(...dispatches.map(at));
  return { verifyMs: end - Math.min(...dispatches.map(at)), fanOutMs: end - fanOutStart };
}

const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** How StageWorkspace makes a tree for `repo` under this process's OKSTRA_STAGE_TREES: the same questions it asks. */
async function treeKind(repo: string): Promise<string> {
  const mode = stageTreeModeFrom(process.env);
  if (mode === 'checkout') return 'checked out';
  const layered = (mode === 'layered' || (await checkoutLayerable(repo))) && (await layersAvailable());
  return layered ? 'layered over the checkout' : 'checked out';
}

/** Waits until every file written so far is on disk (the setup's, not a stage's). */
function settleWrites(): void {
  execFileSync('sync');
}

// ── big repository over tiny ────────────────────────────────────────────────

async function bigOverTiny(root: string): Promise<string[]> {
  // Stage trees as a CI runner gets them (layered over the checkout from 2,000 files, where the machine allows it),
  // for this figure only.
  const asked = process.env.OKSTRA_STAGE_TREES;
  process.env.OKSTRA_STAGE_TREES ??= 'auto';
  try {
    return await bigOverTinyRounds(root);
  } finally {
    if (asked === undefined) delete process.env.OKSTRA_STAGE_TREES;
  }
}

async function bigOverTinyRounds(root: string): Promise<string[]> {
  const size = sized(BIG, SMOKE_BIG);
  const setup: StageSetup = { verifiers: 2, verifierMs: 0 };
  const rounds = sized(5, 1);
  // Outside the rounds: the first call may generate the cached repository, and warms both paths.
  if (!isSmoke()) {
    await timeStage(await tinyRepo(root, setup));
    await timeStage(await bigRepo(root, size, setup));
  }
  const tiny: number[] = [];
  const big: number[] = [];
  let isolation = '';
  let bigTree = '';
  for (let i = 0; i < rounds; i++) {
    // Repositories are made between the timed stages, never during one.
    const t = await tinyRepo(root, setup);
    const b = await bigRepo(root, size, setup);
    // And written out: a fresh 200 MB checkout leaves the kernel writing it back to disk for a second or two,
    // which would fall on whichever stage runs next. okstra's own writes during a stage still count.
    settleWrites();
    const first = i % 2 === 0 ? t : b;
    const firstTiming = await timeStage(first);
    const secondTiming = await timeStage(first === t ? b : t);
    (first === t ? tiny : big).push(firstTiming.stageMs);
    (first === t ? big : tiny).push(secondTiming.stageMs);
    isolation = firstTiming.isolation;
    bigTree = await treeKind(b);
    rmSync(b, { recursive: true, force: true });
    rmSync(`${b}.remote.git`, { recursive: true, force: true });
  }
  const bigMs = summarize(big).p50;
  const tinyMs = summarize(tiny).p50;
  const mb = Math.round(size.totalBytes / 1e6);
  return [
    `isolation of every stage below: ${isolation} (prepareRun's decision, as the CLI makes it)`,
    `one stage, instant stand-ins, 2 verifiers: ${size.files.toLocaleString('en')}-file / ${mb} MB repository over a tiny one (n=${rounds}, medians ${fmt(bigMs)} / ${fmt(tinyMs)}; OKSTRA_STAGE_TREES=${process.env.OKSTRA_STAGE_TREES ?? ''}, the big stage's tree ${bigTree}): ${ratio(bigMs, tinyMs)}  [target ≤ ${TARGETS.bigOverTiny}×: ${met(bigMs / tinyMs <= TARGETS.bigOverTiny)}]`,
  ];
}

// ── verify-phase parallel efficiency ────────────────────────────────────────

/** The verify-phase figure alone, in a folder of its own (bench/own-process.ts runs it in a fresh process). */
export async function benchVerifyEfficiency(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-verify-'));
  try {
    return await verifyEfficiency(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function verifyEfficiency(root: string): Promise<string[]> {
  // A shell stand-in: twelve Node start-ups on two cores would measure Node, not okstra's fan-out.
  const setup: StageSetup = { verifiers: sized(12, 4), verifierMs: sized(1000, 100), agents: 'shell' };
  const rounds = sized(9, 1);
  const sessions: number[] = [];
  const fanOuts: number[] = [];
  // Warm-up, counted in no figure (as the others here): module loading and JIT, the launcher's start, the agent users'
  // first lookups. This figure is the fan-out; a fresh process pays those once, before its first session of any kind.
  if (!isSmoke()) await timeStage(await tinyRepo(root, setup));
  for (let i = 0; i < rounds; i++) {
    const t = await timeStage(await tinyRepo(root, setup));
    sessions.push(t.verifyMs);
    fanOuts.push(t.fanOutMs);
  }
  const phase = summarize(sessions).p50;
  const fanOut = summarize(fanOuts).p50;
  const efficiency = setup.verifierMs / phase;
  return [
    `verify phase of ${setup.verifiers} verifiers that each take ${setup.verifierMs} ms (shell stand-ins, n=${rounds}): sessions' wall time median ${fmt(phase)}, parallel efficiency ${efficiency.toFixed(3)}  [target ≥ ${TARGETS.efficiency}: ${met(efficiency >= TARGETS.efficiency)}]; with each session's setup (from QA's end) ${fmt(fanOut)}, efficiency ${(setup.verifierMs / fanOut).toFixed(3)}`,
  ];
}

// ── git processes per stage ─────────────────────────────────────────────────

/**
 * A folder holding a `git` that writes its arguments (global options dropped)
 * as one line into `counter`, then becomes the real git. Agents may run it
 * too, as another user who cannot write the counter: then it only runs git.
 */
function gitShim(root: string, counter: string): string {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  if (!realGit.startsWith('/')) throw new Error(`cannot find the real git on PATH (got "${realGit}")`);
  const dir = join(root, 'git-shim');
  mkdirSync(dir, { recursive: true });
  const script = [
    '#!/bin/sh',
    'n=$#; skip=0; out=""',
    'for a in "$@"; do',
    '  if [ "$skip" = 1 ]; then skip=0; continue; fi',
    '  if [ -z "$out" ]; then',
    '    case "$a" in',
    '      -c|-C|--git-dir|--work-tree|--namespace|--exec-path) skip=1; continue ;;',
    '      -*) continue ;;',
    '    esac',
    '  fi',
    '  out="$out $a"',
    'done',
    `{ printf '%s\\n' "\${out# }" >> '${counter}'; } 2>/dev/null`,
    `exec '${realGit}' "$@"`,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'git'), script);
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'git'), 0o755);
  return dir;
}

/** Calls `fn` with the shim first on PATH and returns the git argument lines it saw. */
async function countingGit(shim: string, counter: string, fn: () => Promise<unknown>): Promise<string[]> {
  const path = process.env.PATH;
  writeFileSync(counter, '');
  process.env.PATH = `${shim}${delimiter}${path ?? ''}`;
  try {
    await fn();
  } finally {
    process.env.PATH = path;
  }
  return readFileSync(counter, 'utf8').split('\n').filter(Boolean);
}

/** `rev-parse`, `worktree add`, `cat-file --batch`: the subcommand, with the sub-subcommand or mode that tells calls apart. */
function callName(line: string): string {
  const words = line.split(' ');
  const sub = words[0] ?? '(none)';
  const second = words[1];
  if (second && ['worktree', 'remote', 'config', 'stash', 'notes'].includes(sub)) return `${sub} ${second}`;
  if (sub === 'cat-file' && second?.startsWith('--batch')) return `${sub} ${second.split('=')[0]}`;
  return sub;
}

function tally(lines: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(callName(l), (counts.get(callName(l)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

async function gitProcesses(root: string): Promise<string[]> {
  const counter = join(root, 'git-calls.txt');
  const shim = gitShim(root, counter);
  const repo = await tinyRepo(root, { verifiers: 2, verifierMs: 0 });
  let prepared: Awaited<ReturnType<typeof prepareRun>> | undefined;
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const setupCalls = await countingGit(shim, counter, async () => {
    prepared = await prepareRun(io, { plan: PLAN_PATH, repo, remote: 'origin' });
  });
  if (!prepared) throw new Error('prepareRun returned nothing');
  const run = prepared;
  let outcome: Awaited<ReturnType<typeof runStage>> | undefined;
  let stageCalls: string[];
  try {
    stageCalls = await countingGit(shim, counter, async () => {
      outcome = await runStage({ ...run.request, stage: 1, runId: 'bench-scale-git' }, run.deps);
    });
  } finally {
    await run.close();
  }
  if (outcome?.kind !== 'completed' || outcome.report.verdict.value !== 'PASS')
    throw new Error('the git-counting stage did not pass');
  const top = tally(stageCalls)
    .slice(0, 40)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  return [
    `git processes per stage (tiny repository, 2 verifiers, pushing; a shim on PATH): ${stageCalls.length}  [target ≤ ${TARGETS.gitPerStage}: ${met(stageCalls.length <= TARGETS.gitPerStage)}]; CLI setup before it (prepareRun): ${setupCalls.length}`,
    `  by subcommand: ${top}`,
    // OKSTRA_BENCH_GIT_CALLS=1: every call in order, to see which one a change added or saved.
    ...(process.env.OKSTRA_BENCH_GIT_CALLS === '1' ? stageCalls.map((l) => `    ${l.slice(0, 200)}`) : []),
  ];
}

// ── okstra over a shell script doing the same git work ──────────────────────

/**
 * The git a stage cannot do without, as a shell script: the stage branch's
 * worktree, the executor's commit, one check that the reviewed tree is still
 * the head (verifiers read the stage tree), the change's file list, two ledger
 * appends (started, done) built with plumbing and moved with a
 * compare-and-swap, and the pushes of the ledger and the stage branch.
 */
const PLAIN_STAGE = `set -eu
cd "$1"; wt="$2"
base=$(git rev-parse main)
git worktree add --quiet -b ${STAGE_BRANCH} "$wt/exec" "$base"
ledger() {
  row=$(printf '{"row":"%s"}\\n' "$1" | git hash-object -w --stdin)
  tree=$(printf '100644 blob %s\\tconsumers.jsonl\\n' "$row" | git mktree)
  old=$(git rev-parse --verify --quiet refs/heads/okstra-ledger || true)
  if [ -n "$old" ]; then new=$(git commit-tree "$tree" -p "$old" -m "$1"); else new=$(git commit-tree "$tree" -m "$1"); fi
  git update-ref refs/heads/okstra-ledger "$new" "$old"
  git push --quiet origin okstra-ledger
}
ledger started
printf 'bench\\n' > "$wt/exec/out.txt"
git -C "$wt/exec" add --all
git -C "$wt/exec" commit --quiet -m "stage 1"
head=$(git -C "$wt/exec" rev-parse HEAD)
git -C "$wt/exec" status --porcelain > /dev/null
git diff --name-only "$base" "$head" > /dev/null
git push --quiet origin ${STAGE_BRANCH}
ledger done
git worktree remove --force "$wt/exec"
`;

async function timeShell(repo: string): Promise<number> {
  const wt = `${repo}.plain-worktrees`;
  mkdirSync(wt, { recursive: true });
  const t = performance.now();
  await execa('sh', ['-c', PLAIN_STAGE, 'plain-stage', repo, wt], { env: { ...process.env, ...BENCH_IDENTITY } });
  return performance.now() - t;
}

async function overShell(root: string): Promise<string[]> {
  // Shell stand-ins: three Node start-ups are the agents' time, not okstra's overhead.
  const setup: StageSetup = { verifiers: 2, verifierMs: 0, agents: 'shell' };
  const rounds = sized(9, 1);
  const okstra: number[] = [];
  const shell: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const a = await tinyRepo(root, setup);
    const b = await tinyRepo(root, setup);
    if (i % 2 === 0) {
      okstra.push((await timeStage(a)).stageMs);
      shell.push(await timeShell(b));
    } else {
      shell.push(await timeShell(b));
      okstra.push((await timeStage(a)).stageMs);
    }
  }
  const o = summarize(okstra).p50;
  const s = summarize(shell).p50;
  return [
    `okstra's stage (shell stand-ins) over a shell script doing the same git work, tiny repository, 2 verifiers (n=${rounds}, medians ${fmt(o)} / ${fmt(s)}): ${ratio(o, s)}  [target ≤ ${TARGETS.overShell}×: ${met(o / s <= TARGETS.overShell)}]`,
  ];
}

// ── figures other suites' modules measure ───────────────────────────────────

/** The ledger-length ratio and the 500-stage fenced plan, measured by their owners' code beside their own benches. */
async function borrowed(): Promise<string[]> {
  // In a process of its own for the same reason as the verify phase: a stage's cost, not the heap this suite left.
  settleWrites();
  return [
    ...(await linesInOwnProcess('ledger', 'benchLedgerStageRatio')),
    ...(await benchFencedValidation()),
    // Last: the stages above that ran in this process (all but the two timed in their own) would have compiled any schema a run needed by now.
    `schema compiles in this process, after the stages it ran: ${schemaCompileCount()}  [target 0: ${met(schemaCompileCount() === 0)}]`,
  ];
}
