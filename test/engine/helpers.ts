/**
 * Helpers for the engine integration tests: a real repository with a
 * committed plan and `.okstra/config.yml`, stand-in agents (the scripted
 * Command-provider agent, test/fixtures/agents/scripted-agent.mjs) whose
 * scripts a test can rewrite between runs, and the engine's edges wired
 * exactly as the CLI wires them (`prepareRun`): real git, real processes,
 * real providers. Nothing here mocks git or the engine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { prepareRun, type PreparedRun } from '../../src/cli/engine-setup.js';
import type { CliIo } from '../../src/cli/io.js';
import { isStageRow, type LedgerRow, type StageRow } from '../../src/core/ledger/index.js';
import { runStage } from '../../src/engine/run-stage.js';
import { runChain, type ChainOutcome } from '../../src/engine/run-chain.js';
import { runFinal, type FinalOutcome } from '../../src/engine/final.js';
import { checkHandoff, placeFinalBranch, recordHandoff } from '../../src/engine/handoff.js';
import type { StageCompleted, StageOutcome, StageRefusal } from '../../src/engine/types.js';
import type { FinalReport } from '../../src/core/report/index.js';
import { Git } from '../../src/git/git.js';
import { agentScratchDir, makeRepo, tempDir } from '../helpers/git-repos.js';
import { readRecords } from '../helpers/records.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';

const here = dirname(fileURLToPath(import.meta.url));
export const SCRIPTED_AGENT = join(here, '..', 'fixtures', 'agents', 'scripted-agent.mjs');
export const ENGINE_PLANS = join(here, '..', 'fixtures', 'engine-plans');
export const LEDGER_BRANCH = 'okstra-ledger';

/** A behaviour (or rules) script for scripted-agent.mjs; see its header. */
export type AgentScript = Record<string, unknown>;

/** A script whose rule applies to the executor only; every other role gets the stand-in's default. */
export const executorOnly = (behaviour: AgentScript): AgentScript => ({
  rules: [{ when: { role: 'executor' }, do: behaviour }],
});

/** The outcome as a completed run, failing the test with the refusal's reason otherwise. */
export function completed(outcome: StageOutcome): StageCompleted {
  if (outcome.kind !== 'completed') throw new Error(`expected a completed run, got ${outcome.code}: ${outcome.reason}`);
  return outcome;
}

export function refused(outcome: StageOutcome): StageRefusal {
  if (outcome.kind !== 'refused')
    throw new Error(`expected a refusal, got a completed run (${outcome.report.verdict.runStatus})`);
  return outcome;
}

/** The report as it was written to the ledger branch. */
export async function reportOnLedger(p: Project, outcome: StageCompleted): Promise<FinalReport> {
  const text = await show(p, outcome.ledgerCommit, outcome.reportPath);
  if (text === null) throw new Error(`${outcome.reportPath} is not on the ledger branch at ${outcome.ledgerCommit}`);
  return JSON.parse(text) as FinalReport;
}

/** Every file under carry/ in the ledger branch's tree. */
export async function carryFilesOnLedger(p: Project): Promise<string[]> {
  return (await treePaths(p, LEDGER_BRANCH)).filter((f) => f.startsWith(`plans/${p.planId}/carry/`));
}

/** The executor every happy path uses: writes `src/stage-<N>.txt` and ends with Stage Carry Evidence. */
export const WRITES_STAGE_FILE: AgentScript = {
  writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage {{STAGE}} by {{WORKER}}\n' },
  final: 'Wrote src/stage-{{STAGE}}.txt.',
  carry: true,
};

/** The diamond plan where stages 2 and 3 both change the same line of shared.txt, so stage 4's base cannot be merged. */
export function conflictingDiamond(): ProjectOptions {
  return {
    plan: 'diamond.md',
    files: { 'shared.txt': 'colour = grey\n' },
    agents: {
      builder: {
        rules: [
          {
            when: { role: 'executor', stage: 2 },
            do: { ...WRITES_STAGE_FILE, writeFiles: { 'src/stage-2.txt': 'two\n', 'shared.txt': 'colour = red\n' } },
          },
          {
            when: { role: 'executor', stage: 3 },
            do: { ...WRITES_STAGE_FILE, writeFiles: { 'src/stage-3.txt': 'three\n', 'shared.txt': 'colour = blue\n' } },
          },
          { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
        ],
      },
      reviewer: {},
    },
  };
}

export interface Project {
  dir: string;
  git: Git;
  planId: string;
  /** Absolute path of the committed plan. */
  planFile: string;
  /** Where agent scripts, recordings and QA dumps live (outside the repository). */
  scratch: string;
  /** Rewrites a provider's script; the next dispatch of that provider reads the new one. */
  script(provider: string, script: AgentScript): void;
  /** JSON lines an agent wrote with `record: project.recordFile(name)`. */
  records(
    name: string,
  ): Array<{ role: string; worker: string; stage: string; pid: number; prompt: string; env: Record<string, string> }>;
  recordFile(name: string): string;
}

/** Where a project's out-of-repository files go, for scripts and configs that name them. */
export interface ScratchPaths {
  scratch: string;
  recordFile(name: string): string;
}

type OrFromPaths<T> = T | ((paths: ScratchPaths) => T);

export interface ProjectOptions {
  /** A file under test/fixtures/engine-plans/. */
  plan: string;
  /** Provider name → its first script. The first one is the executor unless `config.executor` says otherwise. */
  agents: OrFromPaths<Record<string, AgentScript>>;
  /** Extra `.okstra/config.yml` keys (merged over the defaults; `providers.<name>` entries are merged per key). */
  config?: OrFromPaths<Record<string, unknown>>;
  /** Files committed with the plan, before any stage runs. */
  files?: Record<string, string>;
}

/**
 * A fresh repository holding the plan, a config whose providers are
 * scripted stand-in agents, and any extra files, all in one commit on `main`.
 */
export async function makeProject(opts: ProjectOptions): Promise<Project> {
  const { dir, git } = await makeRepo();
  const scratch = agentScratchDir('okstra-engine-scratch-');
  const scriptFile = (provider: string): string => join(scratch, `${provider}.script.json`);
  const script = (provider: string, s: AgentScript): void =>
    writeFileSync(scriptFile(provider), JSON.stringify(s, null, 2));

  const recordFile = (name: string): string => join(scratch, `${name}.record.jsonl`);
  const paths: ScratchPaths = { scratch, recordFile };
  const agents = typeof opts.agents === 'function' ? opts.agents(paths) : opts.agents;
  const names = Object.keys(agents);
  const extra = (typeof opts.config === 'function' ? opts.config(paths) : opts.config) ?? {};
  const extraProviders = (extra.providers ?? {}) as Record<string, Record<string, unknown>>;
  const providers: Record<string, Record<string, unknown>> = {};
  for (const name of names) {
    script(name, agents[name] as AgentScript);
    providers[name] = {
      command: `${quote(process.execPath)} ${quote(SCRIPTED_AGENT)} --script ${quote(scriptFile(name))}`,
      ...extraProviders[name],
    };
  }
  // The default concurrency (every verifier at once), as users run it.
  // These projects test stage runs, so their plans run without an approval unless a test asks for one
  // (`config: { approval: { required: true } }`, as test/engine/approval.test.ts does).
  const config = {
    executor: names[0],
    verifiers: names,
    convergence: { rounds: 1 },
    approval: { required: false },
    ...extra,
    providers,
  };

  const planText = readFileSync(join(ENGINE_PLANS, opts.plan), 'utf8');
  const planId = /^id: (\S+)$/m.exec(planText)?.[1];
  if (!planId) throw new Error(`${opts.plan} has no id in its front matter`);
  const planRel = `.okstra/plans/${planId}.md`;
  const files: Record<string, string> = { [planRel]: planText, '.okstra/config.yml': stringify(config), ...opts.files };
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  await git.ok(['add', '--', ...Object.keys(files)]);
  await git.ok(['commit', '--quiet', '-m', `plan ${planId}`]);

  return {
    dir,
    git,
    planId,
    planFile: join(dir, planRel),
    scratch,
    script,
    recordFile,
    records: (name) => readRecords(recordFile(name)),
  };
}

function quote(word: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface Engine {
  prepared: PreparedRun;
  /** Every PROGRESS line and notice the engine logged. */
  log: string[];
  run(stage: number, runId?: string): Promise<StageOutcome>;
  chain(stages?: number[]): Promise<ChainOutcome>;
}

let runCounter = 0;
export function newRunId(stage: number): string {
  runCounter += 1;
  return `test-s${stage}-${process.pid}-${runCounter}-${Date.now().toString(36)}`;
}

export interface EngineOptions {
  /** The engine's own environment (default: this process's). */
  env?: Record<string, string | undefined>;
  /** Another checkout of the project (a clone) to run in; default the project's repository. */
  repoDir?: string;
  /** Push stage branches and keep the ledger on this remote (`okstra run --remote`). */
  remote?: string;
}

/**
 * The engine's edges built the way `okstra run` builds them: the committed
 * plan and config of `project`, a roster of Command providers, the git ledger
 * store and stage workspace on the repository, real QA.
 */
export async function engineFor(project: Project, opts: EngineOptions = {}): Promise<Engine> {
  const log: string[] = [];
  const repoDir = opts.repoDir ?? project.dir;
  const io: CliIo = {
    out: (t) => log.push(t),
    err: (t) => log.push(`stderr: ${t}`),
    cwd: repoDir,
    env: opts.env ?? process.env,
    now: () => new Date(),
  };
  const plan = join(repoDir, relative(project.dir, project.planFile));
  const prepared = await prepareRun(io, { plan, repo: repoDir, ...(opts.remote ? { remote: opts.remote } : {}) });
  return {
    prepared,
    log,
    run: (stage, runId = newRunId(stage)) => runStage({ ...prepared.request, stage, runId }, prepared.deps),
    chain: (stages) => runChain({ ...prepared.request, ...(stages ? { stages } : {}), newRunId }, prepared.deps),
  };
}

/** The plan's stage rows at `at` ([] when there is no ledger there), in the project's repository or `gitDir`. */
export async function ledgerRows(project: Project, at = LEDGER_BRANCH, gitDir?: string): Promise<StageRow[]> {
  return (await allLedgerRows(project, at, gitDir)).filter(isStageRow);
}

/** Every row of the plan's ledger at `at`, plan-level rows (approvals) included. */
export async function allLedgerRows(project: Project, at = LEDGER_BRANCH, gitDir?: string): Promise<LedgerRow[]> {
  return ledgerRowsAt(gitDir ? new Git(gitDir) : project.git, project.planId, at);
}

/** A file at `rev:path`, or null when it is not there. */
export async function show(project: Project, rev: string, path: string, gitDir?: string): Promise<string | null> {
  const r = await (gitDir ? new Git(gitDir) : project.git).run(['show', `${rev}:${path}`]);
  return r.exitCode === 0 ? r.stdout : null;
}

/** A bare remote seeded from the project's repository, and fresh clones of it (remote name `origin`). */
export async function remoteOf(project: Project): Promise<{ bare: string; clone(): Promise<string> }> {
  const root = tempDir('okstra-engine-remote-');
  const bare = join(root, 'remote.git');
  await new Git(root).ok(['clone', '--quiet', '--bare', project.dir, bare]);
  let n = 0;
  return {
    bare,
    clone: async () => {
      const dir = join(root, `clone-${++n}`);
      await new Git(root).ok(['clone', '--quiet', bare, dir]);
      return dir;
    },
  };
}

export async function resolve(project: Project, rev: string): Promise<string | null> {
  return project.git.resolveCommit(rev);
}

/** Paths a commit changed relative to its first parent (or all its paths for a root commit). */
export async function changedIn(project: Project, commit: string): Promise<string[]> {
  const out = await project.git.ok(['diff-tree', '--root', '--no-commit-id', '--name-only', '-r', commit]);
  return out.split('\n').filter(Boolean).sort();
}

/** Every path in a commit's tree. */
export async function treePaths(project: Project, rev: string): Promise<string[]> {
  const out = await project.git.ok(['ls-tree', '-r', '--name-only', rev]);
  return out.split('\n').filter(Boolean).sort();
}

export async function isAncestor(
  project: Project,
  ancestor: string,
  descendant: string,
  gitDir?: string,
): Promise<boolean> {
  const r = await (gitDir ? new Git(gitDir) : project.git).run(['merge-base', '--is-ancestor', ancestor, descendant]);
  if (r.exitCode > 1) throw new Error(`git merge-base --is-ancestor ${ancestor} ${descendant}: ${r.stderr.trim()}`);
  return r.exitCode === 0;
}

export function stageBranch(project: Project, stage: number): string {
  return `okstra/${project.planId}/stage-${stage}`;
}

/**
 * What a user would notice of their own checkout: HEAD (and the branch it is
 * on), the index, the work tree's status, the content of every file in the
 * work tree, and the list of worktrees.
 */
export async function checkoutSnapshot(project: Project): Promise<Record<string, string>> {
  const { git } = project;
  const files = (await git.ok(['ls-files', '-z', '--cached', '--others', '--exclude-standard']))
    .split('\0')
    .filter(Boolean);
  return {
    head: await git.ok(['rev-parse', 'HEAD']),
    symbolicHead: await git.ok(['symbolic-ref', 'HEAD']),
    index: await git.ok(['ls-files', '--stage']),
    staged: await git.ok(['diff', '--cached', '--name-status']),
    status: await git.ok(['status', '--porcelain=v1', '--untracked-files=all']),
    worktrees: await git.ok(['worktree', 'list', '--porcelain']),
    content: files
      .map(
        (f) => `${f}\n${existsSync(join(project.dir, f)) ? readFileSync(join(project.dir, f), 'utf8') : '(missing)'}`,
      )
      .join('\n---\n'),
  };
}

/** True while `pid` is a live process (a zombie waiting to be reaped counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    return state !== 'Z' && state !== 'X';
  } catch {
    return existsSync(`/proc/${pid}`);
  }
}

/** Polls `cond` until it holds or `ms` pass; returns its last value. */
export async function eventually(cond: () => boolean, ms = 10_000, every = 50): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return cond();
}

/** Final verification of the project's plan, as the CLI starts it. */
export async function finalRun(project: Project, engine: Engine): Promise<FinalOutcome> {
  const { request, deps } = engine.prepared;
  return runFinal(
    { ...request, planText: readFileSync(project.planFile, 'utf8'), runId: `final-${Date.now()}`, how: 'cli' },
    deps,
  );
}

/** The hand-off as the CLI does it: check, place the final branch, record `handed-off`; returns the final branch. */
export async function handOff(engine: Engine, actor = 'alice'): Promise<string> {
  const { plan, request, deps } = engine.prepared;
  const ready = await checkHandoff({ plan, planPath: request.planPath }, deps);
  if (ready.kind !== 'ready') throw new Error(`the hand-off was refused: ${ready.reason}`);
  await placeFinalBranch({ plan, planPath: request.planPath }, deps, ready);
  await recordHandoff(
    {
      plan,
      runId: `handoff-${Date.now()}`,
      actor,
      verified: ready.verified,
      finalBranch: ready.finalBranch,
      mode: 'single',
    },
    deps,
  );
  return ready.finalBranch;
}
