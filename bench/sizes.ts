import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { checkFinalReport, type FinalReport } from '../src/core/report/index.js';
import { Git } from '../src/git/git.js';
import { BENCH_IDENTITY, oneStagePlan, REPO_ROOT, STAND_IN_AGENT } from './fixtures.js';
import { isSmoke, met, sized } from './stats.js';
import { main } from '../src/cli/main.js';
import type { CliIo } from '../src/cli/io.js';

/**
 * Every input size ends in a verdict: a stage that changes 200,000 files (a committed node_modules), a verifier
 * that lists 150,000 findings, a 9 MB carry and a 700 MB file (sparse) each run through `okstra run` in its own
 * process, against a real repository with stand-in agents. Each must end with exit 0 or 1 (a verdict, never 3
 * "worth a retry") and a schema-valid report, within 60 s and 500 MB of okstra's own resident memory.
 */
const TARGET_S = 60;
const TARGET_MB = 500;

interface Scenario {
  name: string;
  executor: object;
  verifier: object;
  limits: Record<string, number>;
}

function scenarios(): Scenario[] {
  const files = sized(200_000, 300);
  const findings = sized(150_000, 500);
  const carry = sized(9 * 1024 * 1024, 100 * 1024);
  const bigFile = sized(700 * 1024 * 1024, 2 * 1024 * 1024);
  const write = { writeFiles: { 'out.txt': 'bench\n' }, carry: true };
  const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
  return [
    {
      name: `${files} changed files`,
      executor: { ...write, manyFiles: { dir: 'node_modules', count: files } },
      verifier: { verifierResult: 'PASS' },
      // The smoke size is still over its cap: the path measured is the one taken at full size.
      limits: sized<Record<string, number>>({}, { stageFiles: 100 }),
    },
    {
      name: `${findings} findings`,
      executor: write,
      verifier: { verifierResult: 'FAIL', manyFindings: findings },
      limits: {},
    },
    {
      name: `${carry >= 1024 * 1024 ? mb(carry) : `${carry / 1024} KB`} carry`,
      executor: { ...write, carryPadBytes: carry },
      verifier: { verifierResult: 'PASS' },
      limits: {},
    },
    {
      name: `${mb(bigFile)} file`,
      executor: { ...write, sparseFiles: { 'assets/huge.bin': bigFile } },
      verifier: { verifierResult: 'PASS' },
      limits: sized<Record<string, number>>({}, { stageBytes: 1024 * 1024 }),
    },
  ];
}

async function scenarioRepo(root: string, s: Scenario, n: number): Promise<string> {
  const dir = join(root, `repo-${n}`);
  mkdirSync(join(dir, '.okstra', 'plans'), { recursive: true });
  writeFileSync(join(dir, '.okstra', 'plans', 'bench.md'), oneStagePlan());
  const cmd = (behaviour: object): string =>
    JSON.stringify(
      `${JSON.stringify(process.execPath)} ${JSON.stringify(STAND_IN_AGENT)} --json ${JSON.stringify(JSON.stringify(behaviour))}`,
    );
  const limits = Object.entries(s.limits).map(([k, v]) => `  ${k}: ${v}`);
  writeFileSync(
    join(dir, '.okstra', 'config.yml'),
    [
      'executor: writer',
      'approval: { required: false }',
      'verifiers: [v1]',
      'excludeExecutorFromVerifiers: true',
      'convergence: { rounds: 0 }',
      ...(limits.length > 0 ? ['limits:', ...limits] : []),
      'providers:',
      `  writer: { command: ${cmd(s.executor)} }`,
      `  v1: { command: ${cmd(s.verifier)} }`,
      '',
    ].join('\n'),
  );
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'plan']);
  return dir;
}

async function runScenario(root: string, s: Scenario, n: number): Promise<string> {
  const repo = await scenarioRepo(root, s, n);
  const args = ['run', '--plan', '.okstra/plans/bench.md', '--stage', '1', '--repo', repo, '--json', '--quiet'];
  const started = performance.now();
  const run = isSmoke() ? await inThisProcess(repo, args) : await inItsOwnProcess(repo, args, s);
  return figures(s, run, (performance.now() - started) / 1000);
}

interface CliRun {
  exit: number;
  stdout: string;
  stderr: string;
  /** Peak resident memory of the process that ran okstra; null when it was this one (smoke: not measured). */
  maxRssKb: number | null;
}

/** The full size: `okstra run` in a process of its own, so its peak RSS is the run's alone. */
async function inItsOwnProcess(repo: string, args: readonly string[], s: Scenario): Promise<CliRun> {
  const run = await execa(
    process.execPath,
    // The same loader flags (tsx) this process was started with, as bench/own-process.ts does.
    [...process.execArgv, join(REPO_ROOT, 'bench', 'sizes-cli.ts'), ...args],
    { cwd: repo, reject: false, env: { ...process.env, FORCE_COLOR: '0' }, maxBuffer: 1024 * 1024 * 1024 },
  );
  const stderr = String(run.stderr);
  const marker = /SIZES-RESULT (\{.*\})\s*$/.exec(stderr);
  if (!marker) throw new Error(`${s.name}: okstra run died (exit ${run.exitCode}): ${stderr.slice(-2000)}`);
  const { exit, maxRssKb } = JSON.parse(marker[1] as string) as { exit: number; maxRssKb: number };
  return { exit, stdout: String(run.stdout), stderr, maxRssKb };
}

/** The smoke size: in this process, a second or two a run instead of a fresh TypeScript load each. */
async function inThisProcess(repo: string, args: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    out: (t) => (stdout += `${t}\n`),
    err: (t) => (stderr += `${t}\n`),
    cwd: repo,
    env: process.env,
    now: () => new Date(),
  };
  return { exit: await main(args, io), stdout, stderr, maxRssKb: null };
}

/** One line of figures; throws when the run ended without a verdict (the suite then fails, whatever the size). */
function figures(s: Scenario, run: CliRun, seconds: number): string {
  const { exit, maxRssKb, stderr } = run;
  if (exit !== 0 && exit !== 1) throw new Error(`${s.name}: exit ${exit}, not a verdict: ${stderr.slice(-2000)}`);
  const report = JSON.parse(String(run.stdout)) as FinalReport;
  const checked = checkFinalReport(report);
  if (!checked.ok)
    throw new Error(`${s.name}: the report is not schema-valid: ${JSON.stringify(checked).slice(0, 2000)}`);
  const mb = (maxRssKb ?? 0) / 1024;
  const reason = report.verdict.reasons[0] ?? '';
  return [
    `${s.name}: exit ${exit}, ${report.verdict.value} (${report.verdict.runStatus})`,
    `  ${seconds.toFixed(1)} s (target <= ${TARGET_S} s: ${met(seconds <= TARGET_S)}; of it the stand-in executor's own session ${(report.executor.durationMs / 1000).toFixed(1)} s),`,
    maxRssKb === null
      ? '  peak RSS not measured (smoke size: run in the bench process)'
      : `  peak RSS ${mb.toFixed(0)} MB (target <= ${TARGET_MB} MB: ${met(mb <= TARGET_MB)})`,
    `  reason: ${reason.length > 160 ? `${reason.slice(0, 160)}…` : reason}`,
  ].join('\n');
}

export async function benchSizes(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-sizes-'));
  try {
    const lines: string[] = [];
    let n = 0;
    // One at a time: each figure is one run's own time and memory.
    for (const s of scenarios()) lines.push(await runScenario(root, s, n++));
    return lines;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
