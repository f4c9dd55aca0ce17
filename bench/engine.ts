import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Git } from '../src/git/git.js';
import { prepareRun } from '../src/cli/engine-setup.js';
import { runStage } from '../src/engine/run-stage.js';
import type { CliIo } from '../src/cli/io.js';
import { fmt, summarize, verdict } from './stats.js';
import { BENCH_IDENTITY, oneStagePlan, STAND_IN_AGENT } from './fixtures.js';

const agent = STAND_IN_AGENT;
const PLAN = oneStagePlan();

/** A repository whose config has a stand-in executor and three stand-in verifiers that each wait `verifierMs`. */
async function benchRepo(root: string, verifierMs: number): Promise<string> {
  const dir = join(root, `repo-${verifierMs}-${Math.random().toString(16).slice(2)}`);
  mkdirSync(join(dir, '.okstra', 'plans'), { recursive: true });
  writeFileSync(join(dir, '.okstra', 'plans', 'bench.md'), PLAN);
  const cmd = (behaviour: object): string => JSON.stringify(`${JSON.stringify(process.execPath)} ${JSON.stringify(agent)} --json ${JSON.stringify(JSON.stringify(behaviour))}`);
  const verifier = cmd({ sleepMs: verifierMs, verifierResult: 'PASS' });
  writeFileSync(
    join(dir, '.okstra', 'config.yml'),
    [
      'executor: writer',
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
  const dispatches = progress.filter((e) => e.line.startsWith('PROGRESS: phase-4-dispatch') && e.line.includes('role=verifier'));
  const collects = progress.filter((e) => e.line.startsWith('PROGRESS: phase-5-collect') && !e.line.includes('Writer'));
  return Math.max(...collects.map(at)) - Math.min(...dispatches.map(at));
}

async function timeOneStage(root: string, verifierMs: number): Promise<{ total: number; verify: number }> {
  const repo = await benchRepo(root, verifierMs);
  const io: CliIo = { out: () => undefined, err: () => undefined, cwd: repo, env: process.env, now: () => new Date() };
  const prepared = await prepareRun(io, { plan: '.okstra/plans/bench.md', repo });
  const t = performance.now();
  const outcome = await runStage({ ...prepared.request, stage: 1, runId: `bench-${Date.now()}` }, prepared.deps);
  const ms = performance.now() - t;
  if (outcome.kind !== 'completed' || outcome.report.verdict.value !== 'PASS') throw new Error(`bench stage did not pass: ${JSON.stringify(outcome.kind === 'completed' ? outcome.report.verdict : outcome)}`);
  return { total: ms, verify: verifyPhaseMs(outcome.report.progress) };
}

export async function benchEngine(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-engine-'));
  try {
    await timeOneStage(root, 0);
    const instant: number[] = [];
    for (let i = 0; i < 5; i++) instant.push((await timeOneStage(root, 0)).total);
    const s = summarize(instant);
    const slow: Array<{ total: number; verify: number }> = [];
    for (let i = 0; i < 3; i++) slow.push(await timeOneStage(root, 1000));
    const verify = summarize(slow.map((x) => x.verify));
    return [
      `one stage end to end, instant stand-in agents, 3 verifiers (n=5): median ${fmt(s.p50)}, worst ${fmt(Math.max(...instant))}  [${verdict(s.p50, 1500)}]`,
      `3 verifiers that each take 1 s (n=3): verifier sessions wall time median ${fmt(verify.p50)}  [${verdict(verify.p50, 1300)}]; whole stage median ${fmt(summarize(slow.map((x) => x.total)).p50)}`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
