import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Git } from '../src/git/git.js';
import { prepareRun } from '../src/cli/engine-setup.js';
import { runStage } from '../src/engine/run-stage.js';
import type { CliIo } from '../src/cli/io.js';
import { fmt, isSmoke, sized, summarize, verdict } from './stats.js';
import { BENCH_IDENTITY, oneStagePlan, STAND_IN_AGENT } from './fixtures.js';

const agent = STAND_IN_AGENT;
const PLAN = oneStagePlan();

/** A repository whose config has a stand-in executor and three stand-in verifiers that each wait `verifierMs`. */
async function benchRepo(root: string, verifierMs: number): Promise<string> {
  const dir = join(root, `repo-${verifierMs}-${Math.random().toString(16).slice(2)}`);
  mkdirSync(join(dir, '.okstra', 'plans'), { recursive: true });
  writeFileSync(join(dir, '.okstra', 'plans', 'bench.md'), PLAN);
  const cmd = (behaviour: object): string =>
    JSON.stringify(
      `${JSON.stringify(process.execPath)} ${JSON.stringify(agent)} --json ${JSON.stringify(JSON.stringify(behaviour))}`,
    );
  const verifier = cmd({ sleepMs: verifierMs, verifierResult: 'PASS' });
  writeFileSync(
    join(dir, '.okstra', 'config.yml'),
    [
      'executor: writer',
      // A stage run is measured; approving the bench's own plan is not part of it.
      'approval: { required: false }',
      'verifiers: [v1, v2, v3]',
      'excludeExecutorFromVerifiers: true',
      'providers:',
      `  writer: { command: ${cmd({ writeFiles: { 'out.txt': 'bench\n' }, carry: true })} }`,
      `  v1: { command: ${verifier} }`,
      `  v2: { command: ${verifier} }`,
      `  v3: { command: ${verifier} }`,
      '',
    ].join('\n'),
  );
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'plan']);
  return dir;
}

/** Wall time of the verifier sessions: first verifier dispatch to last verifier collect, from the run's PROGRESS record. */
function verifyPhaseMs(progress: ReadonlyArray<{ at: string; line: string }>): number {
  const at = (e: { at: string }): number => Date.parse(e.at);
  const dispatches = progress.filter(
    (e) => e.line.startsWith('PROGRESS: phase-4-dispatch') && e.line.includes('role=verifier'),
  );
  const collects = progress.filter((e) => e.line.startsWith('PROGRESS: phase-5-collect') && !e.line.includes('Writer'));
  return Math.max(...collects.map(at)) - Math.min(...dispatches.map(at));
}

async function timeOneStage(root: string, verifierMs: number): Promise<{ total: number; verify: number }> {
  const repo = await benchRepo(root, verifierMs);
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const prepared = await prepareRun(io, { plan: '.okstra/plans/bench.md', repo });
  let ms: number;
  let outcome: Awaited<ReturnType<typeof runStage>>;
  try {
    const t = performance.now();
    outcome = await runStage({ ...prepared.request, stage: 1, runId: `bench-${Date.now()}` }, prepared.deps);
    ms = performance.now() - t;
  } finally {
    // Frees the agent users and takes back the permissions the sandbox added, as the CLI does after a run.
    await prepared.close();
  }
  if (outcome.kind !== 'completed' || outcome.report.verdict.value !== 'PASS')
    throw new Error(
      `bench stage did not pass: ${JSON.stringify(outcome.kind === 'completed' ? outcome.report.verdict : outcome)}`,
    );
  return { total: ms, verify: verifyPhaseMs(outcome.report.progress) };
}

/** Smoke: one instant stage and one whose verifiers each take 100 ms, no warm-up. */
export async function benchEngine(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-engine-'));
  try {
    if (!isSmoke()) await timeOneStage(root, 0);
    const instantRuns = sized(5, 1);
    const instant: number[] = [];
    for (let i = 0; i < instantRuns; i++) instant.push((await timeOneStage(root, 0)).total);
    const s = summarize(instant);
    const slowRuns = sized(3, 1);
    const verifierMs = sized(1000, 100);
    const slow: Array<{ total: number; verify: number }> = [];
    for (let i = 0; i < slowRuns; i++) slow.push(await timeOneStage(root, verifierMs));
    const verify = summarize(slow.map((x) => x.verify));
    return [
      `one stage end to end, instant stand-in agents, 3 verifiers (n=${instantRuns}): median ${fmt(s.p50)}, worst ${fmt(Math.max(...instant))}  [${verdict(s.p50, 1500)}]`,
      `3 verifiers that each take ${verifierMs} ms (n=${slowRuns}): verifier sessions wall time median ${fmt(verify.p50)}  [${verdict(verify.p50, verifierMs + 300)}]; whole stage median ${fmt(summarize(slow.map((x) => x.total)).p50)}`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
