// The plans of the distributed suite (bench/distributed.ts), each run in
// test/sim's GitHub from an `/okstra run` comment to the last stage's run
// ending, every stage run the bundled Action in its own clone. Run through
// vitest (bench/distributed.vitest.config.ts) because the simulation's
// harness needs it; the scenarios come in OKSTRA_BENCH_DISTRIBUTED_SPEC and
// each one's timeline goes to a JSON file in OKSTRA_BENCH_DISTRIBUTED_OUT.
// A run that fails, or a plan that does not complete, fails its test.
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isStageRow } from '../src/core/ledger/index.js';
import { ledgerRowsAt } from '../test/helpers/ledger-rows-at.js';
import { Git } from '../src/git/git.js';
import { parseTiming } from '../src/process/timings.js';
import { processWritePacer } from '../src/github/write-pacer.js';
import { makeProject, type AgentScript, type Project } from '../test/action/harness.js';
import { startGitHubSim, type GitHubSim } from '../test/sim/github-sim.js';
import { actionExecutor, type JobExecutor } from '../test/sim/runner.js';
import { REPO_ROOT } from './fixtures.js';

export interface Scenario {
  /** The file the figures go to, and the test's name. */
  name: string;
  shell: 'bot' | 'action';
  /** `diamond`: 1 → 2,3 → 4; `fan-out`: 1 → 2..width+1. */
  plan: 'diamond' | 'fan-out';
  width?: number;
  /** How long the executor stand-in sleeps in each stage; the verifiers are instant. */
  stageMs: number;
  /** How long each workflow run waits for its runner before its job starts (GitHub's queueing); none when unset. */
  pickupMs?: number;
  /** `bot.continueInJob`; the config's default when unset. */
  continueInJob?: boolean;
  /**
   * Bot shell: the stage job mints the App's installation token (the variable `OKSTRA_APP_ID` is set, docs/bot.md),
   * so it updates the App's checks and goes on to the next stages itself, as a no-server job does.
   */
  appToken?: boolean;
}

/**
 * One stage run and the workflow run it ran in; epoch milliseconds. A
 * no-server stage job may go on to a stage its own stage made ready
 * (bot.continueInJob): that stage run was never dispatched, and shares its
 * workflow run's times (start, process, end, CPU) with the stage before it.
 */
export interface StageRunTimes {
  stage: number;
  runId: number;
  /** The job went on to this stage after another one of its own: no dispatch of its own. */
  continued: boolean;
  /** The sim queued the workflow run (the dispatch request it received). */
  dispatchedAt: number;
  /** A runner took it (in_progress). */
  startedAt: number;
  /** The okstra step's process was spawned (after the job's checkout). */
  processAt: number;
  /** The stage step's process was spawned (after any okstra step before it: a workflow's cli-cache-key step). */
  stageProcessAt: number;
  /** The stage step's OKSTRA_TIMINGS lines (src/process/timings.ts), when the bench ran with OKSTRA_TIMINGS=1. */
  timings: Array<{ at: number; label: string; tookMs: number | null; cpuMs: number }>;
  /** The stage's `started` row landed on the remote's ledger branch (null when no push of it was seen). */
  claimAt: number | null;
  /** Its `done` row landed there: the stage ended done, which is what dispatches its dependents. */
  doneAt: number | null;
  endedAt: number;
  /** The stages this one waits for. */
  dependsOn: number[];
  /** CPU time of the workflow run's okstra steps (their process trees: okstra and its git), without the stand-ins'. */
  okstraCpuMs: number;
  /** How many stage runs that workflow run held. */
  stagesInRun: number;
}

export interface ScenarioResult {
  scenario: Scenario;
  /** Stages on the longest dependency chain. */
  criticalStages: number;
  /** Just before the `/okstra run` comment was made. */
  askedAt: number;
  runs: StageRunTimes[];
  /** Runs that were not stage runs (the no-server shell's event job). */
  otherRuns: number;
}

const SPEC = process.env.OKSTRA_BENCH_DISTRIBUTED_SPEC;
const OUT = process.env.OKSTRA_BENCH_DISTRIBUTED_OUT;
const LEDGER_REF = 'refs/heads/okstra-ledger';

const WORKFLOWS = {
  // The App's workflow (docs/bot.md) and the no-server one (okstra init writes it).
  bot: readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'okstra-app.yml'), 'utf8'),
  action: readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'okstra.yml'), 'utf8'),
};

function stagesOf(s: Scenario): Array<{ n: number; dependsOn: number[] }> {
  if (s.plan === 'diamond')
    return [
      { n: 1, dependsOn: [] },
      { n: 2, dependsOn: [1] },
      { n: 3, dependsOn: [1] },
      { n: 4, dependsOn: [2, 3] },
    ];
  const width = s.width ?? 8;
  return [{ n: 1, dependsOn: [] }, ...Array.from({ length: width }, (_, i) => ({ n: i + 2, dependsOn: [1] }))];
}

function planMarkdown(id: string, stages: Array<{ n: number; dependsOn: number[] }>): string {
  const lines = ['---', `id: ${id}`, 'base: main', '---', `# ${id}`, '', '## Stage Map', ''];
  for (const { n, dependsOn } of stages)
    lines.push(
      `### Stage ${n}: File ${n}`,
      '',
      `- **Depends-on:** ${dependsOn.length === 0 ? 'none' : dependsOn.join(', ')}`,
      `- **Files:** \`src/stage-${n}.txt\``,
      `- **Validation:** \`test -f src/stage-${n}.txt\``,
      `- **Exit contract:** \`src/stage-${n}.txt\` exists.`,
      '- **Rollback:** revert the stage commit.',
      '',
      `Write \`src/stage-${n}.txt\`.`,
      '',
    );
  return lines.join('\n');
}

function criticalStages(stages: Array<{ n: number; dependsOn: number[] }>): number {
  const depth = new Map<number, number>();
  // Stages come in dependency order (a stage depends on lower numbers only).
  for (const s of stages) depth.set(s.n, 1 + Math.max(0, ...s.dependsOn.map((d) => depth.get(d) ?? 0)));
  return Math.max(...depth.values());
}

/**
 * Logs every update of the ledger branch with the time it was committed: the
 * remote is the bare repository, so its reference-transaction hook sees each
 * push as git accepts it (millisecond clock; the ledger rows' own `at` has
 * seconds only).
 */
function logLedgerPushes(p: Project): string {
  const log = join(p.scratch, 'ledger-pushes.log');
  const hook = join(p.bare, 'hooks', 'reference-transaction');
  writeFileSync(
    hook,
    [
      '#!/bin/sh',
      '[ "$1" = committed ] || { cat >/dev/null; exit 0; }',
      'while read -r old new ref; do',
      `  [ "$ref" = ${LEDGER_REF} ] && echo "$(date +%s%3N) $new" >> '${log}'`,
      'done',
      'exit 0',
      '',
    ].join('\n'),
  );
  chmodSync(hook, 0o755);
  appendFileSync(log, '');
  return log;
}

/** Stage run id → when its `started` row, and its `done` row, first appeared on the remote. */
async function ledgerTimes(
  p: Project,
  log: string,
): Promise<{ claims: Map<string, number>; dones: Map<string, number> }> {
  const git = new Git(p.bare);
  const claims = new Map<string, number>();
  const dones = new Map<string, number>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const [at, sha] = line.split(' ');
    if (!at || !sha) continue;
    for (const row of (await ledgerRowsAt(git, p.planId, sha)).filter(isStageRow)) {
      const seen = row.status === 'started' ? claims : row.status === 'done' ? dones : null;
      if (seen && !seen.has(row.run_id)) seen.set(row.run_id, Number(at));
    }
  }
  return { claims, dones };
}

/**
 * The bundled Action as the sim runs it, noting when each job's first okstra step was spawned, when its stage step
 * was, and its steps' CPU.
 */
function timedExecutor(
  p: Project,
  { processAt, stageProcessAt }: { processAt: Map<number, number>; stageProcessAt: Map<number, number> },
  cpuDir: string,
  pickupMs: number,
): JobExecutor {
  const inner = actionExecutor(p, { cpuDir });
  return {
    // The runner's pickup comes before the job's checkout, as on GitHub (in the timeline: dispatch → started).
    prepare: async (job) => {
      if (pickupMs > 0) await new Promise((resolve) => setTimeout(resolve, pickupMs));
      await inner.prepare(job);
    },
    step: (job, step, signal) => {
      if (step.entry === 'main' && !processAt.has(job.run.id)) processAt.set(job.run.id, Date.now());
      if (step.entry === 'main' && step.inputs.mode === 'stage') stageProcessAt.set(job.run.id, Date.now());
      return inner.step(job, step, signal);
    },
  };
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU milliseconds of a run's okstra steps: each step's shell wrote its /proc stat once the step had ended, whose
 * cutime and cstime (fields 16 and 17) hold the step's whole process tree; the stand-ins' own CPU is taken off.
 */
function okstraCpuMs(
  cpuDir: string,
  runId: number,
  standIns: ReadonlyArray<{ runId: string | null; cpuMs: number }>,
): number {
  let ticks = 0;
  for (const name of readdirSync(cpuDir).filter((n) => n.startsWith(`${runId}-`))) {
    // After the command name (in parentheses, which may hold spaces) the fields start at the third.
    const fields = readFileSync(join(cpuDir, name), 'utf8')
      .slice(readFileSync(join(cpuDir, name), 'utf8').lastIndexOf(')') + 2)
      .split(' ');
    ticks += Number(fields[16 - 3]) + Number(fields[17 - 3]);
  }
  const agents = standIns.filter((a) => a.runId?.startsWith(`gh-${runId}-`)).reduce((sum, a) => sum + a.cpuMs, 0);
  return (ticks * 1000) / CLOCK_TICKS - agents;
}

/** The timing lines of a run's stage step: its log section is the one the sim headed `(mode stage)`. */
function stageStepTimings(stderr: string): StageRunTimes['timings'] {
  const section = stderr.split('[sim] ── ').find((part) => /^step \S+ \(mode stage\)/.test(part)) ?? '';
  return section.split('\n').flatMap((line) => {
    const t = parseTiming(line);
    return t ? [t] : [];
  });
}

function failedRunsTail(s: GitHubSim): string {
  return s.timeline
    .filter((t) => t.conclusion !== 'success')
    .map((t) => `run ${t.runId} (${t.conclusion ?? 'unfinished'}):\n${t.stderr.slice(-3000)}\n${t.stdout.slice(-2000)}`)
    .join('\n');
}

/** The stored reports of the failed stage runs: what each worker's session said (its stderr tail), which the job's log leaves out. */
async function failedReports(p: Project, s: GitHubSim): Promise<string> {
  const failed = s.runs().filter((r) => r.conclusion !== 'success');
  if (failed.length === 0) return '';
  const git = new Git(p.bare);
  const listing = await git.run(['ls-tree', '-r', '--name-only', LEDGER_REF, `plans/${p.planId}/reports/`]);
  const out: string[] = [];
  for (const path of listing.stdout.split('\n'))
    if (failed.some((r) => path.includes(`/gh-${r.id}-`))) {
      const r = await git.run(['show', `${LEDGER_REF}:${path}`]);
      out.push(`report ${path}:\n${r.stdout.slice(0, 6000)}`);
    }
  return out.join('\n');
}

async function runScenario(s: Scenario): Promise<ScenarioResult> {
  // Every plan starts on a quiet installation: the bot's write pacing (src/core/write-pacing.ts) does not hold
  // it back for the writes of the plan before it in this process.
  processWritePacer.reset();
  const stages = stagesOf(s);
  const planId = `bench-${s.plan}`;
  const executor = (cpuLog?: string): AgentScript => ({
    rules: [
      {
        when: { role: 'executor' },
        do: {
          sleepMs: s.stageMs,
          writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage {{STAGE}}\n' },
          final: 'Wrote src/stage-{{STAGE}}.txt.',
          carry: true,
          ...(cpuLog ? { cpuLog } : {}),
        },
      },
    ],
    default: { verifierResult: 'PASS', ...(cpuLog ? { cpuLog } : {}) },
  });
  const p = await makeProject({
    plan: planMarkdown(planId, stages),
    agents: { writer: executor(), reviewer: { verifierResult: 'PASS' } },
    files: { '.github/workflows/okstra.yml': WORKFLOWS[s.shell] },
    prFiles: { 'docs/feature.md': 'a feature\n' },
    ...(s.continueInJob === undefined ? {} : { config: { bot: { continueInJob: s.continueInJob } } }),
  });
  // In the scratch folder, which the stand-ins (okstra's agent users) may write to.
  const cpuLog = join(p.scratch, 'stand-ins-cpu.jsonl');
  const cpuDir = join(p.scratch, 'steps-cpu');
  mkdirSync(cpuDir);
  p.script('writer', executor(cpuLog));
  p.script('reviewer', { verifierResult: 'PASS', cpuLog });
  const log = logLedgerPushes(p);
  const processAt = new Map<number, number>();
  const stageProcessAt = new Map<number, number>();
  const sim = await startGitHubSim({
    project: p,
    shell: s.shell,
    ...(s.appToken ? { vars: { OKSTRA_APP_ID: '1' } } : {}),
    pulls: [{ number: 7, head: 'feature' }],
    executor: timedExecutor(p, { processAt, stageProcessAt }, cpuDir, s.pickupMs ?? 0),
  });
  try {
    const askedAt = Date.now();
    await sim.comment(7, '/okstra run', { login: 'octocat', permission: 'write' });
    await sim.settled();
    const reports = await failedReports(p, sim);
    const why = (): string =>
      `${failedRunsTail(sim)}\n${reports}\nbot: ${sim.botLogs.slice(-40).join('\n')}\nunhandled: ${JSON.stringify(sim.unhandled)}`;
    const failed = sim
      .runs()
      .filter((r) => r.conclusion !== 'success')
      .map((r) => `run ${r.id} (${r.event}, stage ${r.inputs.stage ?? '-'}): ${r.conclusion ?? r.status}`);
    expect(failed, why()).toEqual([]);
    expect(sim.unhandled, why()).toEqual([]);
    const done = (await p.ledger()).filter((r) => r.status === 'done').map((r) => r.stage);
    expect(
      [...new Set(done)].sort((a, b) => a - b),
      `the plan did not complete\n${why()}`,
    ).toEqual(stages.map((x) => x.n));

    const { claims, dones } = await ledgerTimes(p, log);
    const standIns = existsSync(cpuLog)
      ? readFileSync(cpuLog, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as { runId: string | null; cpuMs: number })
      : [];
    const otherRuns = sim.runs().filter((run) => run.event !== 'workflow_dispatch').length;
    const stageRuns = (await p.ledger()).filter((row) => row.status === 'started');
    const runs = stageRuns.map((row): StageRunTimes => {
      // A GitHub stage run's id is gh-<run id>-<attempt>-s<stage>.
      const runId = Number(/^gh-(\d+)-/.exec(row.run_id)?.[1]);
      const run = sim.runs().find((r) => r.id === runId);
      const t = sim.state.timelineOf(runId);
      const spawnedAt = processAt.get(runId);
      if (!run || t.startedAt === null || t.endedAt === null || spawnedAt === undefined)
        throw new Error(`run ${runId} of stage ${row.stage} has no start or end in the timeline`);
      return {
        stage: row.stage,
        runId,
        continued: Number(run.inputs.stage) !== row.stage,
        dispatchedAt: t.dispatchedAt,
        startedAt: t.startedAt,
        processAt: spawnedAt,
        stageProcessAt: stageProcessAt.get(runId) ?? spawnedAt,
        timings: stageStepTimings(t.stderr),
        claimAt: claims.get(row.run_id) ?? null,
        doneAt: dones.get(row.run_id) ?? null,
        endedAt: t.endedAt,
        dependsOn: stages.find((x) => x.n === row.stage)?.dependsOn ?? [],
        okstraCpuMs: okstraCpuMs(cpuDir, runId, standIns),
        stagesInRun: stageRuns.filter((other) => other.run_id.startsWith(`gh-${runId}-`)).length,
      };
    });
    // One stage run per stage: a second one would be a retry, and the wall time would not be the plan's.
    expect(runs.map((r) => r.stage).sort((a, b) => a - b)).toEqual(stages.map((x) => x.n));
    return { scenario: s, criticalStages: criticalStages(stages), askedAt, runs, otherRuns };
  } finally {
    await sim.close();
  }
}

const scenarios: Scenario[] = SPEC ? (JSON.parse(SPEC) as Scenario[]) : [];

/**
 * One untimed plan before the timed ones, in this worker: the fake GitHub
 * compiles its OpenAPI validators on a route's first request (the token's
 * first one loads the whole description, ~0.5 s) and the bot loads its
 * modules on its first event. GitHub's API does neither, and a bot that
 * serves webhooks is warm; the Action's processes are started cold in every
 * run either way (and every plan starts on a quiet installation: see
 * runScenario). The smoke run has nothing to compare, so it skips this.
 */
const WARM_UP: Scenario = { name: 'warm-up', shell: 'bot', plan: 'diamond', stageMs: 200, appToken: true };

describe('the distributed engine in the simulated GitHub (bench)', () => {
  if (OUT && scenarios.length > 0 && !scenarios.every((s) => s.stageMs <= WARM_UP.stageMs))
    beforeAll(async () => {
      await runScenario(WARM_UP);
    });
  if (!OUT || scenarios.length === 0)
    it('runs only from bench/distributed.ts', () => {
      throw new Error('OKSTRA_BENCH_DISTRIBUTED_SPEC and _OUT are unset: run `npm run bench -- distributed`');
    });
  for (const s of scenarios)
    it(s.name, async () => {
      const result = await runScenario(s);
      writeFileSync(join(OUT as string, `${s.name}.json`), JSON.stringify(result));
    });
});
