import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { renderSummary } from '../../core/report/index.js';
import { runChain, type ChainOutcome } from '../../engine/run-chain.js';
import { runStage } from '../../engine/run-stage.js';
import { packagePromptsDir } from '../../engine/load-gates.js';
import { Git } from '../../git/git.js';
import { BUILTIN_PROVIDERS, parseConfig, type BuiltinProvider, type OkstraConfig } from '../../core/config/index.js';
import { checkAgentClis } from '../../providers/cli-check.js';
import { CliError, EXIT_INFRA, EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { newLocalRunId, prepareRun, type PreparedRun } from '../engine-setup.js';
import { oneOf } from '../options.js';
import { runProgram } from '../program.js';
import { registerPlanCommands } from './plan.js';
import { registerStatusCommand } from './status.js';
import { chainExitCode, demoOutcome, stageExitCode } from '../exit-codes.js';
import { problemsOf } from './doctor.js';
import { printDraft, runPlanDraft } from './plan-draft.js';
import { DemoNarration } from '../demo-narration.js';
import { markdownForTerminal, wantsColor } from '../terminal-markdown.js';
import { planFinalBranchName, stageBranchName } from '../../core/ids.js';
import { finalOf, handoffOf } from './final.js';
import type { Plan } from '../../core/plan/types.js';

const PLAN = '.okstra/plans/tempconv.md';

/** The commands the demo runs as a user would type them (through commander, with their own output and exit codes). */
const USER_COMMANDS = [registerPlanCommands, registerStatusCommand];

/** What the demo asks the planner for, as a person would write it in an issue. */
const GOAL = [
  'Temperature conversions with a command-line tool',
  '',
  'Add Celsius/Fahrenheit and Celsius/Kelvin conversions (rounded to two decimals with the existing round2)',
  'and a `tempconv` command-line tool. A temperature below absolute zero is an input error.',
].join('\n');

interface DemoOptions {
  executor?: BuiltinProvider;
  dir?: string;
  verbose?: boolean;
}

/**
 * `okstra demo`: the main job end to end on a throwaway copy of
 * examples/demo/project, with scripted stand-in agents (or a real executor).
 */
export function registerDemoCommand(program: Command, io: CliIo, setExit: (code: number) => void): void {
  demoCommand(program).action(async (opts: DemoOptions) => setExit(await runDemo(io, opts)));
}

function demoCommand(program: Command): Command {
  return program
    .command('demo')
    .description(
      'Plan, approve and run a 3-stage change end to end in a throwaway repository: a planner drafts the plan from a goal (okstra catches its mistakes, a reviewer blocks one), the plan is approved, a stage fails verification, a fix run repairs it, the chain completes.',
    )
    .option(
      '--executor <provider>',
      'use a real agent CLI as the executor instead of the scripted stand-in (checked first as `okstra doctor` does: exit 3 when it cannot run)',
      oneOf(BUILTIN_PROVIDERS),
    )
    .option('--dir <dir>', 'where to create the demo repository (default: a new temporary folder)')
    .option('--verbose', "print the engine's PROGRESS checkpoints as they are instead of the plain-words commentary");
}

/** The whole demo; returns its exit code. */
async function runDemo(io: CliIo, opts: DemoOptions): Promise<number> {
  if (opts.executor) await refuseUnusableExecutor(opts.executor, io);
  const repo = await createDemoRepoFor(io, opts);
  await planAndApprove(io, repo, opts.verbose === true);
  const prepared = await prepareRun(io, {
    plan: join(repo, PLAN),
    repo,
    ...(opts.executor ? { executor: opts.executor } : {}),
  });
  let runsCode: number;
  try {
    runsCode = await runStages(io, prepared, opts.verbose === true);
  } finally {
    await prepared.close();
  }
  io.out('\n== okstra status');
  const statusCode = await runProgram(['status', '--plan', join(repo, PLAN), '--repo', repo], io, USER_COMMANDS);
  const { verdict, exitCode } = demoOutcome(runsCode, statusCode);
  for (const line of whereThingsAre(repo, prepared.plan, prepared.config.ledgerBranch)) io.out(line);
  io.out(`\nokstra demo: ${verdict}.`);
  return exitCode;
}

/**
 * A real executor gets doctor's checks of its CLI before anything starts, with the config the demo writes (no
 * settings for the built-ins): exit 3 when it cannot run here.
 */
async function refuseUnusableExecutor(executor: BuiltinProvider, io: CliIo): Promise<void> {
  const config = parseConfig('', 'demo').config as OkstraConfig;
  const checks = await checkAgentClis(config, io.env);
  const problems = checks.filter((c) => c.ref === executor).flatMap(problemsOf);
  if (problems.length > 0)
    throw new CliError(
      `demo: the ${executor} executor cannot run here, so no stage was started:\n${problems.map((p) => `  - ${p}`).join('\n')}\n(\`okstra doctor\` shows every check; without --executor the demo needs no agent CLI)`,
      EXIT_INFRA,
    );
}

/** The demo repository (in --dir, else a new temporary folder), and what its agents are. */
async function createDemoRepoFor(io: CliIo, opts: DemoOptions): Promise<string> {
  const demoRoot = join(dirname(await packagePromptsDir()), 'examples', 'demo');
  const repo = opts.dir
    ? isAbsolute(opts.dir)
      ? opts.dir
      : resolve(io.cwd, opts.dir)
    : mkdtempSync(join(tmpdir(), 'okstra-demo-'));
  await createDemoRepo(demoRoot, repo);
  io.out(`okstra demo: repository ${repo}`);
  io.out(
    opts.executor
      ? `okstra demo: executor = the real ${opts.executor} CLI; the two reviewers are scripted stand-ins (examples/demo/agents), not AI.`
      : "okstra demo: every agent here is a SCRIPTED STAND-IN (examples/demo/agents), not AI — it shows okstra's engine, ledger and reports, not an agent's skill.",
  );
  return repo;
}

/** The planner drafts the plan from GOAL, the demo commits it and approves it as `okstra plan approve` does. */
async function planAndApprove(io: CliIo, repo: string, verbose: boolean): Promise<void> {
  io.out('\n== plan: a planner drafts the plan from a goal; okstra checks it, the other agents review it');
  const draft = await runPlanDraft(io, {
    goal: GOAL,
    id: 'tempconv',
    repo,
    ...(verbose ? {} : { log: () => undefined }),
  });
  printDraft(io, draft);
  if (draft.outcome.report.outcome !== 'valid')
    throw new CliError(`demo: the planning run ended ${draft.outcome.report.outcome}; nothing was run`);
  await demoGit(repo).ok(['add', '--', PLAN]);
  await demoGit(repo).ok(['commit', '--quiet', '-m', 'tempconv: the plan okstra drafted and its reviewers passed']);
  io.out('\n== approve: a person approves the exact content of the plan; stage runs refuse any other content');
  io.out(
    'okstra demo approves the plan itself, because this is a demo. In a real repository a person reads it and approves it: a review of the plan pull request, `/okstra approve` on it, or `okstra plan approve`.',
  );
  const approved = await runProgram(
    ['plan', 'approve', '--plan', join(repo, PLAN), '--repo', repo, '--as', 'okstra demo'],
    io,
    USER_COMMANDS,
  );
  if (approved !== EXIT_OK) throw new CliError('demo: the plan could not be approved; nothing was run');
}

/**
 * The chain, a fix run of the stage it stopped at, the rest of the chain, then final verification and the hand-off;
 * returns the exit code of how the stages ended.
 */
async function runStages(io: CliIo, prepared: PreparedRun, verbose: boolean): Promise<number> {
  const narration = new DemoNarration((line) => io.out(line), verbose);
  const deps = { ...prepared.deps, log: narration.log };
  const newRunId = (n: number): string => newLocalRunId(io.now(), n);
  io.out('\n== chain: run every stage in order');
  const first = await runChain({ ...prepared.request, newRunId }, deps);
  printRuns(io, first);
  if (chainExitCode(first.status, first.runs) === EXIT_INFRA) return EXIT_INFRA;
  if (first.status === 'failed') {
    io.out(`\n== fix run: stage ${first.stage} re-enters its preserved branch with the findings in its prompt`);
    const fix = await runStage({ ...prepared.request, stage: first.stage, runId: newRunId(first.stage) }, deps);
    if (fix.kind === 'refused') throw new CliError(fix.reason);
    io.out(forTerminal(io, renderSummary(fix.report).markdown));
    const fixCode = stageExitCode(fix.report);
    if (fixCode !== EXIT_OK) return fixCode;
    io.out('\n== chain: continue with what is left');
    const rest = await runChain({ ...prepared.request, newRunId }, deps);
    printRuns(io, rest);
    const restCode = chainExitCode(rest.status, rest.runs);
    if (restCode !== EXIT_OK) return restCode;
  }
  return finalAndHandoff(io, prepared, deps);
}

/**
 * Every stage is done: final verification over the whole change, then the
 * hand-off branch. The pull request itself needs GitHub (the Action opens it).
 */
async function finalAndHandoff(io: CliIo, prepared: PreparedRun, deps: PreparedRun['deps']): Promise<number> {
  io.out("\n== final verification: every reviewer over the whole change, every stage's validation at the final head");
  const outcome = await finalOf(io, { ...prepared, deps });
  if (outcome.kind === 'refused') throw new CliError(`demo: final verification refused: ${outcome.reason}`);
  io.out(forTerminal(io, outcome.markdown));
  if (outcome.report.verdict.value !== 'accepted') return EXIT_REFUSED;
  io.out('\n== hand-off: the verified change on one branch, ready for a pull request into main');
  const ready = await handoffOf(io, { ...prepared, deps }, { actor: 'okstra demo' });
  io.out(
    `okstra: ${ready.finalBranch} is at ${ready.verified.final_head.slice(0, 12)}, accepted by final verification; on GitHub the Action (mode final) opens the pull request from it into main.`,
  );
  return EXIT_OK;
}

/** Where the demo left the plan, its stage branches, the ledger and the reports, each with the command that shows it. */
function whereThingsAre(repo: string, plan: Plan, ledgerBranch: string): string[] {
  const q = (word: string): string =>
    /^[A-Za-z0-9_./:@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
  const r = q(repo);
  const planFile = q(join(repo, PLAN));
  const branches = plan.stages.map((s) => stageBranchName(plan.id, s.number));
  const last = branches.at(-1) ?? stageBranchName(plan.id, 1);
  return [
    '\n== where everything is',
    `plan file        ${join(repo, PLAN)}`,
    `                   okstra status --plan ${planFile} --repo ${r}`,
    `stage branches   ${branches.join(', ')} (each stage's commits, stacked on the one before)`,
    `                   git -C ${r} log --oneline --graph main ${branches.join(' ')}`,
    `                   git -C ${r} diff ${branches.at(-2) ?? 'main'}..${last}`,
    `ledger           branch ${ledgerBranch}, one commit a row under plans/${plan.id}/ (the approval, a row per started, done or failed run, the final verdict and the hand-off; \`git log ${ledgerBranch} -- plans/${plan.id}/\`)`,
    `                   okstra ledger show --plan-id ${plan.id} --repo ${r}`,
    `                   git -C ${r} log --oneline ${ledgerBranch}`,
    `final branch     ${planFinalBranchName(plan.id)} (the verified change, handed off)`,
    `                   git -C ${r} diff main..${planFinalBranchName(plan.id)} --stat`,
    `reports          branch ${ledgerBranch}, plans/${plan.id}/reports/stage-<N>/<run>.json and .md, final/<run>.json`,
    `                   okstra report show --plan ${plan.id} --repo ${r} [--stage N | --run R]`,
  ];
}

/** A report summary as a person reads it in a terminal: no Markdown markup, colours when it is a TTY. */
function forTerminal(io: CliIo, markdown: string): string {
  return markdownForTerminal(markdown, { color: wantsColor(io) });
}

function printRuns(io: CliIo, outcome: ChainOutcome): void {
  for (const run of outcome.runs) io.out(`\n${forTerminal(io, renderSummary(run.report).markdown)}`);
  if (outcome.status === 'refused' || outcome.status === 'not-ready')
    io.out(`chain ${outcome.status}: ${outcome.reason}`);
}

async function createDemoRepo(demoRoot: string, repo: string): Promise<void> {
  cpSync(join(demoRoot, 'project'), repo, { recursive: true });
  // The project has no .okstra/ of its own yet: the demo's planner writes the plan there.
  mkdirSync(join(repo, '.okstra'), { recursive: true });
  const agents = join(demoRoot, 'agents');
  // A JSON string is a valid YAML scalar; inside it, each path is shell-word quoted.
  const command = (script: string, ...args: string[]): string =>
    JSON.stringify([process.execPath, join(agents, script), ...args].map((w) => JSON.stringify(w)).join(' '));
  // Absolute paths: the stand-ins run with the stage worktree as their cwd.
  writeFileSync(
    join(repo, '.okstra', 'config.yml'),
    [
      '# Written by `okstra demo`: scripted stand-in agents speaking the Command provider contract.',
      'executor: scripted-executor',
      'verifiers: [thorough-reviewer, light-reviewer]',
      'planner: scripted-planner',
      'excludeExecutorFromVerifiers: true',
      'providers:',
      '  scripted-planner:',
      `    command: ${command('scripted-planner.mjs')}`,
      '    name: Scripted planner',
      '  scripted-executor:',
      `    command: ${command('scripted-executor.mjs')}`,
      '    name: Scripted executor',
      '  thorough-reviewer:',
      `    command: ${command('scripted-reviewer.mjs', '--thorough')}`,
      '    name: Thorough reviewer',
      '  light-reviewer:',
      `    command: ${command('scripted-reviewer.mjs')}`,
      '    name: Light reviewer',
      '',
    ].join('\n'),
  );
  const git = demoGit(repo);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'the project, before okstra']);
}

function demoGit(repo: string): Git {
  return new Git(repo, {
    GIT_AUTHOR_NAME: 'okstra demo',
    GIT_AUTHOR_EMAIL: 'demo@okstra.invalid',
    GIT_COMMITTER_NAME: 'okstra demo',
    GIT_COMMITTER_EMAIL: 'demo@okstra.invalid',
  });
}
