// Final verification's own cost: a 20-stage plan whose stages are all done,
// verified by two instant stand-in verifiers, minus the agents' own time on
// the critical path (the slowest verifier; they run at once). What is left is
// okstra: the gates, the final head, QA at it (each stage's `true`), the
// attribution walk over every stage's commits, the report and the ledger row.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finalOf } from '../src/cli/commands/final.js';
import { newLocalRunId, prepareRun } from '../src/cli/engine-setup.js';
import type { CliIo } from '../src/cli/io.js';
import { runChain } from '../src/engine/run-chain.js';
import { Git } from '../src/git/git.js';
import { BENCH_IDENTITY, STAND_IN_AGENT } from './fixtures.js';
import { fmt, isSmoke, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 2000;

function linearPlan(stages: number): string {
  const lines = ['---', 'id: bench-final', '---', '# Bench final', '', '## Stage Map', ''];
  for (let n = 1; n <= stages; n++)
    lines.push(
      `### Stage ${n}: File ${n}`,
      '',
      `- depends-on: ${n === 1 ? 'none' : n - 1}`,
      `- files: \`src/stage-${n}.txt\``,
      `- validation: \`test -f src/stage-${n}.txt\``,
      `- exit contract: src/stage-${n}.txt exists`,
      '',
      `Write src/stage-${n}.txt.`,
      '',
    );
  return lines.join('\n');
}

async function doneRepo(root: string, stages: number): Promise<{ repo: string; io: CliIo }> {
  const repo = join(root, `repo-${Math.random().toString(16).slice(2)}`);
  mkdirSync(join(repo, '.okstra', 'plans'), { recursive: true });
  writeFileSync(join(repo, '.okstra', 'plans', 'bench-final.md'), linearPlan(stages));
  const cmd = (behaviour: object): string =>
    JSON.stringify(
      `${JSON.stringify(process.execPath)} ${JSON.stringify(STAND_IN_AGENT)} --json ${JSON.stringify(JSON.stringify(behaviour))}`,
    );
  writeFileSync(
    join(repo, '.okstra', 'config.yml'),
    [
      'executor: writer',
      // Final verification is measured; approving the bench's own plan is not part of it.
      'approval: { required: false }',
      'verifiers: [v1, v2]',
      'excludeExecutorFromVerifiers: true',
      'convergence: { rounds: 0 }',
      'providers:',
      `  writer: { command: ${cmd({ writeFiles: { 'src/stage-{{STAGE}}.txt': '{{STAGE}}\n' }, carry: true })} }`,
      `  v1: { command: ${cmd({ rules: [{ when: { role: 'final-verifier' }, do: { verifierResult: 'PASS' } }], default: { verifierResult: 'PASS' } })} }`,
      `  v2: { command: ${cmd({ rules: [{ when: { role: 'final-verifier' }, do: { verifierResult: 'PASS' } }], default: { verifierResult: 'PASS' } })} }`,
      '',
    ].join('\n'),
  );
  const git = new Git(repo, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'plan']);
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const prepared = await prepareRun(io, { plan: '.okstra/plans/bench-final.md', repo });
  try {
    const chain = await runChain({ ...prepared.request, newRunId: (n) => newLocalRunId(new Date(), n) }, prepared.deps);
    if (chain.status !== 'complete') throw new Error(`the bench plan's chain ended ${chain.status}`);
  } finally {
    await prepared.close();
  }
  return { repo, io };
}

async function oneFinal(repo: string, io: CliIo): Promise<{ wall: number; agents: number }> {
  const prepared = await prepareRun(io, { plan: '.okstra/plans/bench-final.md', repo });
  try {
    const t = performance.now();
    const outcome = await finalOf(io, prepared);
    const wall = performance.now() - t;
    if (outcome.kind !== 'completed' || outcome.report.verdict.value !== 'accepted')
      throw new Error(
        `bench final verification did not accept: ${JSON.stringify(outcome.kind === 'completed' ? outcome.report.verdict : outcome)}`,
      );
    return { wall, agents: Math.max(0, ...outcome.report.verifiers.map((v) => v.durationMs)) };
  } finally {
    await prepared.close();
  }
}

export async function benchFinal(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-final-'));
  try {
    const stages = sized(20, 3);
    const { repo, io } = await doneRepo(root, stages);
    if (!isSmoke()) await oneFinal(repo, io);
    const runs = sized(5, 1);
    const samples: Array<{ wall: number; agents: number }> = [];
    for (let i = 0; i < runs; i++) samples.push(await oneFinal(repo, io));
    const overhead = summarize(samples.map((s) => s.wall - s.agents));
    const wall = summarize(samples.map((s) => s.wall));
    return [
      `final verification of a ${stages}-stage plan, 2 instant stand-in verifiers (n=${runs}): okstra's own time besides the agents median ${fmt(overhead.p50)}  [${verdict(overhead.p50, TARGET_MS)}]; whole run ${fmt(wall.p50)} (${(wall.p50 / Math.max(1, wall.p50 - overhead.p50)).toFixed(1)}× the slowest verifier)`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
