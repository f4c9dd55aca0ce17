// Isolation's added cost per dispatch: the same stand-in executor dispatch,
// run as the engine runs it (src/engine/dispatch.ts: lease a user, give it
// the worktree, the Command provider's private HOME and output folder, the
// stand-in writes a file, release with the kill-by-uid sweep), once through
// the OS-user sandbox and once through unisolatedSandbox(), interleaved so
// both see the same machine load. Then what giving a big repository's
// worktree costs: chown -R of a 20,000-file tree. Needs root (the OS-user
// sandbox creates and switches users); as anyone else it says so instead.
// Smoke: 3 dispatches each, a 2,000-file tree.
import { gitBlobId } from '../src/core/git-object-id.js';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigSchema } from '../src/core/config/schema.js';
import { parsePlan } from '../src/core/plan/index.js';
import { dispatchWorker } from '../src/engine/dispatch.js';
import { ProgressLog } from '../src/engine/progress.js';
import { stageRequestBase } from '../src/engine/setup.js';
import type { RunStageRequest } from '../src/engine/types.js';
import { Git } from '../src/git/git.js';
import { StageWorkspace } from '../src/workspace/stage-workspace.js';
import { buildRoster } from '../src/providers/roster.js';
import { giveTo } from '../src/sandbox/fs-access.js';
import { createSandbox, unisolatedSandbox, type AgentLease, type AgentSandbox } from '../src/sandbox/sandbox.js';
import { BENCH_IDENTITY, oneStagePlan, STAND_IN_AGENT } from './fixtures.js';
import { fmt, isSmoke, met, sized, summarize } from './stats.js';

const TARGET_MS = 100;
/** What a small worktree holds besides `.git`: a handful of folders of source files. */
const WORKTREE_FILES = 50;
const BIG_TREE_DIRS = 100;

/** Milliseconds spent in each step of the boundary during one dispatch. */
interface Phases {
  acquire: number;
  giveWrite: number;
  privateDir: number;
  release: number;
}

interface Observed {
  phases: Phases;
  /** The uid the dispatch's process was meant to run as (its lease's user, else okstra's own). */
  uid: number | null;
}

/** `sandbox`, with the time each of its steps takes added to `into`, and the user it leased. */
function timedSandbox(sandbox: AgentSandbox, into: Observed): AgentSandbox {
  const time = async <T>(phase: keyof Phases, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      into.phases[phase] += performance.now() - start;
    }
  };
  return {
    mode: sandbox.mode,
    get statement() {
      return sandbox.statement;
    },
    acquire: () =>
      time('acquire', async (): Promise<AgentLease> => {
        const lease = await sandbox.acquire();
        into.uid = lease.user?.uid ?? null;
        return {
          user: lease.user,
          env: lease.env,
          giveWrite: (dir) => time('giveWrite', () => lease.giveWrite(dir)),
          privateDir: (path) => time('privateDir', () => lease.privateDir(path)),
          endProcesses: () => lease.endProcesses(),
          release: () => time('release', () => lease.release()),
        };
      }),
    shareForReading: (dir) => sandbox.shareForReading(dir),
    makeReachable: (path) => sandbox.makeReachable(path),
    proven: () => sandbox.proven(),
    close: () => sandbox.close(),
  };
}

/** A committed repository of `WORKTREE_FILES` small files, with a one-stage plan and a stand-in executor. */
async function seedRepo(dir: string): Promise<{ head: string; request: RunStageRequest }> {
  for (let i = 0; i < WORKTREE_FILES; i++) {
    const folder = join(dir, 'src', `m${i % 5}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `f${i}.ts`), `export const f${i} = ${i};\n`);
  }
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'seed']);
  const head = await git.ok(['rev-parse', 'HEAD']);

  const parsed = parsePlan(oneStagePlan(), { path: '.okstra/plans/bench.md' });
  if (!parsed.plan) throw new Error(`the bench plan does not parse: ${JSON.stringify(parsed.errors)}`);
  const command = (behaviour: object): string =>
    `${JSON.stringify(process.execPath)} ${JSON.stringify(STAND_IN_AGENT)} --json ${JSON.stringify(JSON.stringify(behaviour))}`;
  const config = ConfigSchema.parse({
    executor: 'writer',
    verifiers: ['reviewer'],
    excludeExecutorFromVerifiers: true,
    // The bench measures a stage run, not approval; the plan is written by the bench itself.
    approval: { required: false },
    providers: {
      writer: { command: command({ writeFiles: { 'out.txt': 'bench\n' }, carry: true }) },
      reviewer: { command: command({ verifierResult: 'PASS' }) },
    },
  });
  const roster = buildRoster({}, config, { env: process.env, trustedRoot: dir });
  const base = stageRequestBase({
    plan: parsed.plan,
    planPath: '.okstra/plans/bench.md',
    planCommit: head,
    planBlob: gitBlobId(oneStagePlan()),
    config,
    roster,
    trigger: { kind: 'cli', actor: null, url: null },
    runUrl: null,
    env: process.env,
  });
  return { head, request: { ...base, stage: 1, runId: 'bench-isolation' } };
}

interface Sample {
  ms: number;
  phases: Phases;
}

/**
 * One executor dispatch in a fresh detached worktree (made and removed
 * untimed); throws unless the stand-in wrote its file as the user it was
 * leased, so a boundary that silently stopped switching users is not timed
 * as a cheap one.
 */
async function oneDispatch(
  sandbox: AgentSandbox,
  workspace: StageWorkspace,
  head: string,
  request: RunStageRequest,
): Promise<Sample> {
  const dir = await workspace.addDetachedWorktree(head);
  const observed: Observed = { phases: { acquire: 0, giveWrite: 0, privateDir: 0, release: 0 }, uid: null };
  const timed = timedSandbox(sandbox, observed);
  try {
    const progress = new ProgressLog(
      () => new Date(),
      () => undefined,
    );
    const start = performance.now();
    const { result } = await dispatchWorker(
      request.roster.executor,
      'executor',
      'Write out.txt.',
      dir,
      60_000,
      request,
      { sandbox: timed, workspace },
      progress,
    );
    const ms = performance.now() - start;
    if (result.status !== 'done')
      throw new Error(
        `the stand-in dispatch (${sandbox.mode}) ended as ${result.status}: ${result.errorMessage ?? ''}\n${result.stderrTail}`,
      );
    const written = statSync(join(dir, 'out.txt'), { throwIfNoEntry: false });
    if (!written)
      throw new Error(`the stand-in executor (${sandbox.mode}) reported done but its out.txt is not in the worktree`);
    const expected = observed.uid ?? process.geteuid?.() ?? written.uid;
    if (written.uid !== expected)
      throw new Error(
        `the stand-in executor (${sandbox.mode}) wrote out.txt as uid ${written.uid}, not as uid ${expected}, the user it was leased`,
      );
    if (sandbox.mode === 'os-user' && written.uid === 0)
      throw new Error('the OS-user sandbox ran the stand-in executor as root');
    return { ms, phases: observed.phases };
  } finally {
    await workspace.removeWorktree(dir);
  }
}

/** A tree of `files` small files in `BIG_TREE_DIRS` folders, the shape of a big repository's checkout. */
function bigTree(dir: string, files: number): void {
  for (let d = 0; d < BIG_TREE_DIRS; d++) mkdirSync(join(dir, `d${d}`), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `d${i % BIG_TREE_DIRS}`, `f${i}.txt`), 'x\n');
}

/** chown -R of the tree to an agent user, then back to root (untimed), `times` times. */
async function timeGiveTo(sandbox: AgentSandbox, tree: string, times: number): Promise<number[]> {
  const lease = await sandbox.acquire();
  try {
    if (!lease.user) throw new Error('the OS-user sandbox gave a lease without a user');
    const samples: number[] = [];
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      await giveTo(tree, lease.user);
      samples.push(performance.now() - start);
      await giveTo(tree, { name: 'root', uid: 0, gid: 0 });
    }
    return samples;
  } finally {
    await lease.release();
  }
}

const median = (xs: readonly number[]): number => summarize(xs).p50;

export async function benchIsolation(): Promise<string[]> {
  const isolated = await createSandbox({ configured: 'auto', shell: 'cli' });
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-isolation-'));
  try {
    if (isolated.mode !== 'os-user') {
      return [
        `not measured: the OS-user sandbox creates and switches users, which needs root, and this process runs as uid ${process.geteuid?.() ?? '?'}; run the bench as root to measure it`,
      ];
    }
    const repo = join(root, 'repo');
    mkdirSync(repo);
    const { head, request } = await seedRepo(repo);
    // What the CLI does once per run (src/cli/engine-setup.ts): agent users must reach the object store.
    await isolated.makeReachable(repo);
    const workspace = new StageWorkspace(repo);
    const plain = unisolatedSandbox();

    const count = sized(30, 3);
    if (!isSmoke()) {
      await oneDispatch(isolated, workspace, head, request);
      await oneDispatch(plain, workspace, head, request);
    }
    const withUser: Sample[] = [];
    const without: Sample[] = [];
    for (let i = 0; i < count; i++) {
      // Alternating which goes first, so neither always runs on a cache the other warmed.
      if (i % 2 === 0) {
        withUser.push(await oneDispatch(isolated, workspace, head, request));
        without.push(await oneDispatch(plain, workspace, head, request));
      } else {
        without.push(await oneDispatch(plain, workspace, head, request));
        withUser.push(await oneDispatch(isolated, workspace, head, request));
      }
    }
    const w = summarize(withUser.map((s) => s.ms));
    const o = summarize(without.map((s) => s.ms));
    const added = { p50: w.p50 - o.p50, p99: w.p99 - o.p99 };
    const phase = (key: keyof Phases): string => fmt(median(withUser.map((s) => s.phases[key])));

    const files = sized(20_000, 2_000);
    const tree = join(root, 'big');
    bigTree(tree, files);
    const giveCount = sized(5, 1);
    const give = summarize(await timeGiveTo(isolated, tree, giveCount));

    return [
      `one stand-in executor dispatch (node stand-in writing one file, ${WORKTREE_FILES}-file worktree), ${count} interleaved each: OS-user sandbox p50 ${fmt(w.p50)} p99 ${fmt(w.p99)}; unisolated p50 ${fmt(o.p50)} p99 ${fmt(o.p99)}; added p50 ${fmt(added.p50)} p99 ${fmt(added.p99)}`,
      `  of which, per OS-user dispatch (medians): lease ${phase('acquire')}, give the worktree (chown -R) ${phase('giveWrite')}, private HOME and output folder ${phase('privateDir')}, release (kill-by-uid sweep, lock removed) ${phase('release')}`,
      `isolation ≤ ${TARGET_MS} ms per dispatch (added p50): ${met(added.p50 <= TARGET_MS)} (${fmt(added.p50)})`,
      `giveTo (chown -R) of a ${files.toLocaleString('en-US')}-file tree in ${BIG_TREE_DIRS} folders (n=${giveCount}): p50 ${fmt(give.p50)}, worst ${fmt(give.p99)} — what giving a big repository's executor worktree costs`,
    ];
  } finally {
    await isolated.close();
    rmSync(root, { recursive: true, force: true });
  }
}
