// The planning phase's own cost: `okstra plan draft` with instant stand-in
// agents (a planner that answers a valid plan, two reviewers that approve),
// minus the agents' own time on the run's critical path (each planner
// session, then the slowest reviewer of its round). What is left is okstra:
// the sandbox, the read-only tree, prompts, parsing, the gateway, the report.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPlanDraft } from '../src/cli/commands/plan-draft.js';
import type { CliIo } from '../src/cli/io.js';
import type { PlanReviewReport } from '../src/core/report/schema/plan-review-report.js';
import { Git } from '../src/git/git.js';
import { BENCH_IDENTITY, oneStagePlan, STAND_IN_AGENT } from './fixtures.js';
import { fmt, isSmoke, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 1000;

async function benchRepo(root: string): Promise<string> {
  const dir = join(root, `repo-${Math.random().toString(16).slice(2)}`);
  mkdirSync(join(dir, '.okstra'), { recursive: true });
  const cmd = (behaviour: object): string =>
    JSON.stringify(
      `${JSON.stringify(process.execPath)} ${JSON.stringify(STAND_IN_AGENT)} --json ${JSON.stringify(JSON.stringify(behaviour))}`,
    );
  const plan = `Stand-in planner.\n\n<<<OKSTRA-PLAN\n${oneStagePlan()}OKSTRA-PLAN>>>\n`;
  const approve =
    'Stand-in reviewer.\n\n### Plan Review Result\n```json\n{"verdict":"approve","summary":"ok","findings":[]}\n```\n';
  writeFileSync(
    join(dir, '.okstra', 'config.yml'),
    [
      'executor: planner',
      'verifiers: [r1, r2]',
      'providers:',
      `  planner: { command: ${cmd({ final: plan })} }`,
      `  r1: { command: ${cmd({ final: approve })} }`,
      `  r2: { command: ${cmd({ final: approve })} }`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'README.md'), '# bench\n');
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'repo']);
  return dir;
}

/** The agents' time a planning run had to wait for: every planner session, then its round's slowest reviewer. */
function agentCriticalPath(report: PlanReviewReport): number {
  return report.rounds.reduce(
    (sum, r) => sum + r.planner.durationMs + Math.max(0, ...r.reviews.map((v) => v.reviewer.durationMs)),
    0,
  );
}

async function onePlanning(root: string): Promise<{ wall: number; agents: number }> {
  const repo = await benchRepo(root);
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const t = performance.now();
  const result = await runPlanDraft(io, { goal: 'A bench plan.', id: 'bench', repo, log: () => undefined });
  const wall = performance.now() - t;
  if (result.outcome.report.outcome !== 'valid')
    throw new Error(`the bench planning run ended ${result.outcome.report.outcome}: ${result.outcome.report.reason}`);
  return { wall, agents: agentCriticalPath(result.outcome.report) };
}

export async function benchPlanning(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-planning-'));
  try {
    if (!isSmoke()) await onePlanning(root);
    const runs = sized(5, 1);
    const samples: Array<{ wall: number; agents: number }> = [];
    for (let i = 0; i < runs; i++) samples.push(await onePlanning(root));
    const overhead = summarize(samples.map((s) => s.wall - s.agents));
    const wall = summarize(samples.map((s) => s.wall));
    const agents = summarize(samples.map((s) => s.agents));
    return [
      `planning run, instant stand-ins (1 planner + 2 reviewers, n=${runs}): okstra's own time besides the agents median ${fmt(overhead.p50)}  [${verdict(overhead.p50, TARGET_MS)}]; whole run ${fmt(wall.p50)}, agents ${fmt(agents.p50)} (${(wall.p50 / Math.max(1, agents.p50)).toFixed(2)}× the agents' critical path)`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
