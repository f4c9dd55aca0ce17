/**
 * `okstra report show` and `okstra status` without `--plan`, on the demo's
 * real repository after its stand-in runs (stage 2 fails once, a fix run
 * repairs it, the chain completes).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { Git } from '../../src/git/git.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';

const ESC = '\x1b[';

interface Row {
  stage: number;
  status: string;
  run_id: string;
}

let dir = '';
let rows: Row[] = [];

/** The CLI in-process with stdout a terminal of 100 columns, as processIo() gives on a TTY. */
async function onTerminal(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    out: (t) => (stdout += t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => (stderr += t.endsWith('\n') ? t : `${t}\n`),
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    now: () => new Date(),
    tty: { write: (t) => (stdout += t), columns: 100 },
  };
  return { exitCode: await main(args, io), stdout, stderr };
}

// One demo run serves every test here; tempDir() folders go after each test, so this one is made by hand.
let root = '';
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'okstra-report-show-'));
  dir = join(root, 'demo');
  const demo = await runCli(['demo', '--dir', dir]);
  expect(demo.exitCode, demo.stderr).toBe(0);
  rows = (await ledgerRowsAt(new Git(dir), 'tempconv')).map((l) => l as unknown as Row);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('okstra report show', () => {
  const failedRun = (): string => rows.find((r) => r.status === 'failed')?.run_id ?? '';

  it('without options shows the newest run of the only plan: stage 3, plain when stdout is not a terminal', async () => {
    const res = await runCli(['report', 'show'], { cwd: dir });
    expect(res.exitCode, res.stderr).toBe(0);
    const [first] = res.stdout.split('\n');
    expect(first).toBe('✅ PASS — tempconv · stage 3: Command-line tool');
    expect(res.stdout).not.toContain(ESC);
    // Markdown is gone: no heading marks, bold stars, table pipes or HTML.
    expect(res.stdout).not.toMatch(/^#|\*\*|^\||<details>|<\/?sub>/m);
    // The roster table, aligned: each header word starts where its column's values start.
    const lines = res.stdout.split('\n');
    const header = lines.find((l) => l.startsWith('roster name')) ?? '';
    const executor = lines.find((l) => l.startsWith('Scripted executor worker')) ?? '';
    expect(header.indexOf('function')).toBeGreaterThan(0);
    expect(executor.indexOf('executor', 'Scripted executor worker'.length)).toBe(header.indexOf('function'));
    expect(res.stdout).toContain('▸ Roster and usage');
  });

  it('--stage 2 is the fix run (its newest), --run picks the failed attempt, by id', async () => {
    const fix = await runCli(['report', 'show', '--stage', '2', '--repo', dir]);
    expect(fix.exitCode, fix.stderr).toBe(0);
    expect(fix.stdout.split('\n')[0]).toBe('✅ PASS — tempconv · stage 2: Kelvin');
    expect(fix.stdout).toContain('attempt 2');

    const failed = await runCli(['report', 'show', '--plan', 'tempconv', '--run', failedRun(), '--repo', dir]);
    expect(failed.exitCode, failed.stderr).toBe(0);
    expect(failed.stdout.split('\n')[0]).toBe('❌ FAIL — tempconv · stage 2: Kelvin');
    expect(failed.stdout).toContain('celsiusToKelvin accepts temperatures below absolute zero');
  });

  it('--format json is the report exactly as stored, --format markdown its Markdown', async () => {
    const run = failedRun();
    const path = `plans/tempconv/reports/stage-2/${run}`;
    const git = new Git(dir);
    const json = await runCli(['report', 'show', '--run', run, '--format', 'json'], { cwd: dir });
    expect(json.stdout).toBe(`${(await git.ok(['show', `okstra-ledger:${path}.json`])).trimEnd()}\n`);
    expect((JSON.parse(json.stdout) as { verdict: { value: string } }).verdict.value).toBe('FAIL');
    const md = await runCli(['report', 'show', '--run', run, '--format', 'markdown'], { cwd: dir });
    expect(md.stdout).toBe(`${(await git.ok(['show', `okstra-ledger:${path}.md`])).trimEnd()}\n`);
    expect(md.stdout.startsWith('## ❌ FAIL')).toBe(true);
  });

  it('on a terminal colours headings and the verdict, unless NO_COLOR or --no-color', async () => {
    const coloured = await onTerminal(['report', 'show', '--run', failedRun()]);
    expect(coloured.exitCode, coloured.stderr).toBe(0);
    expect(coloured.stdout).toContain(`${ESC}31m`); // FAIL in red
    expect(coloured.stdout).toContain(`${ESC}1m`); // bold headings
    for (const plain of [
      await onTerminal(['report', 'show', '--run', failedRun()], { NO_COLOR: '1' }),
      await onTerminal(['report', 'show', '--run', failedRun(), '--no-color']),
    ]) {
      expect(plain.exitCode, plain.stderr).toBe(0);
      expect(plain.stdout).not.toContain(ESC);
      expect(plain.stdout.split('\n')[0]).toBe('❌ FAIL — tempconv · stage 2: Kelvin');
    }
    const forced = await runCli(['report', 'show', '--color'], { cwd: dir });
    expect(forced.stdout).toContain(`${ESC}32m`); // PASS in green
  });

  it('an unknown plan, stage or run is refused naming what exists and the command that lists it', async () => {
    expect(await runCli(['report', 'show', '--stage', '7'], { cwd: dir })).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('plan tempconv has no stage 7; its stages: 1, 2, 3 (`okstra status --plan'),
    });
    const run = await runCli(['report', 'show', '--run', 'local-nope'], { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('plan tempconv has no finished run local-nope; its runs: ');
    expect(run.stderr).toContain(failedRun());
    expect(run.stderr).toContain('`okstra ledger show --plan-id tempconv` lists them');
    expect(await runCli(['report', 'show', '--plan', 'other'], { cwd: dir })).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining(
        'no plan other: it is not in .okstra/plans and the ledger holds no run of it; the plans in .okstra/plans: tempconv (`okstra status` lists them)',
      ),
    });
    const stageRun = await runCli(['report', 'show', '--stage', '1', '--run', failedRun()], { cwd: dir });
    expect(stageRun.stderr).toContain(`run ${failedRun()} is a run of stage 2, not stage 1`);
    expect((await runCli(['report', 'show', '--format', 'html'], { cwd: dir })).exitCode).toBe(2);
  });

  it('a plan with no finished run says so and how to run it', async () => {
    const { dir: repo } = await makeRepo();
    mkdirSync(join(repo, '.okstra', 'plans'), { recursive: true });
    writeFileSync(
      join(repo, '.okstra', 'plans', 'never.md'),
      '---\nid: never\n---\n# N\n\n## Stage Map\n\n### Stage 1: One\n- depends-on: none\n\nx\n',
    );
    expect(await runCli(['report', 'show'], { cwd: repo })).toMatchObject({
      exitCode: 1,
      stderr:
        'okstra: plan never has no finished run yet, so no report (`okstra chain --plan .okstra/plans/never.md` runs it)\n',
    });
    expect(await runCli(['report', 'show', '--stage', '1'], { cwd: repo })).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('stage 1 of plan never has no finished run yet; no stage has one'),
    });
  });
});

describe('okstra status without --plan', () => {
  it('lists every plan with its phase and next step; an unparsable plan is listed with file:line and stops nothing', async () => {
    writeFileSync(
      join(dir, '.okstra', 'plans', 'fresh.md'),
      '---\nid: fresh\n---\n# Fresh\n\n## Stage Map\n\n### Stage 1: One\n- depends-on: none\n- validation: `true`\n\nDo it.\n',
    );
    writeFileSync(
      join(dir, '.okstra', 'plans', 'broken.md'),
      '# Broken\n\n## Stage Map\n\n### Stage 1: One\n- depends-on: 2\n\n### Stage 2: Two\n- depends-on: 1\n',
    );
    const res = await runCli(['status'], { cwd: dir });
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines[0]).toBe('plans in .okstra/plans');
    expect(lines[1]).toMatch(/^plan\s+file\s+phase\s+spent\s+next step$/);
    const row = (id: string): string => lines.find((l) => l.startsWith(`${id} `)) ?? '';
    expect(row('tempconv')).toMatch(
      // Four stage runs and the final verification: the stand-ins report no usage, so 0 tokens at a known $0.00.
      /\.okstra\/plans\/tempconv\.md\s+handed off \(okstra\/tempconv\/final\)\s+0 tokens · \$0\.00 · 5 runs\s+git log --oneline okstra\/tempconv\/final$/,
    );
    // Nobody approved the new plan's content, so approving it is the next step (the demo's own plan was approved).
    expect(row('fresh')).toMatch(
      /awaiting approval\s+(?:\S.*\s+)?okstra plan approve --plan \.okstra\/plans\/fresh\.md$/,
    );
    expect(row('broken')).toMatch(/invalid plan\s+okstra plan validate \.okstra\/plans\/broken\.md$/);
    expect(res.stdout).toMatch(/^broken: \.okstra\/plans\/broken\.md:\d+:\d+: error: .*1 → 2 → 1/m);

    const json = JSON.parse((await runCli(['status', '--json'], { cwd: dir })).stdout) as {
      plansDir: string;
      plans: Array<{ id: string; phase: string; next: string; problem: string | null }>;
    };
    expect(json.plansDir).toBe('.okstra/plans');
    expect(json.plans.map((p) => [p.id, p.phase])).toEqual([
      ['broken', 'invalid plan'],
      ['fresh', 'awaiting approval'],
      ['tempconv', 'handed off (okstra/tempconv/final)'],
    ]);
  });

  it('report show without --plan now asks which plan, listing the ids', async () => {
    const res = await runCli(['report', 'show'], { cwd: dir });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain(
      'which plan? pass --plan ID; the plans in .okstra/plans: fresh, tempconv (`okstra status` lists them)',
    );
  });

  it('a failed stage and a running one are phases with the command that moves the plan on', async () => {
    const { dir: repo } = await makeRepo();
    const plans = join(repo, '.okstra', 'plans');
    const text = (id: string): string =>
      `---\nid: ${id}\n---\n# P\n\n## Stage Map\n\n### Stage 1: One\n- depends-on: none\n\nx\n\n### Stage 2: Two\n- depends-on: 1\n\nx\n`;
    mkdirSync(plans, { recursive: true });
    // This test is about the stages' phases; the approval phases have their own test below.
    writeFileSync(join(repo, '.okstra', 'config.yml'), 'approval:\n  required: false\n');
    writeFileSync(join(plans, 'alpha.md'), text('alpha'));
    writeFileSync(join(plans, 'beta.md'), text('beta'));
    const append = async (args: string[]): Promise<void> => {
      const r = await runCli(['ledger', 'append', '--repo', repo, ...args]);
      expect(r.exitCode, r.stderr).toBe(0);
    };
    await append(['--plan-id', 'alpha', '--stage', '1', '--status', 'started', '--run-id', 'a1']);
    await append([
      '--plan-id',
      'alpha',
      '--stage',
      '1',
      '--status',
      'failed',
      '--run-id',
      'a1',
      '--reason',
      'verdict-fail',
    ]);
    await append(['--plan-id', 'beta', '--stage', '1', '--status', 'started', '--run-id', 'b1']);
    const res = await runCli(['status'], { cwd: repo });
    expect(res.exitCode, res.stderr).toBe(0);
    const row = (id: string): string => res.stdout.split('\n').find((l) => l.startsWith(`${id} `)) ?? '';
    expect(row('alpha')).toMatch(
      /failed at stage 1\s+(?:\S.*\s+)?okstra run --plan \.okstra\/plans\/alpha\.md --stage 1$/,
    );
    expect(row('beta')).toMatch(/running stage 1\s+(?:\S.*\s+)?okstra status --plan \.okstra\/plans\/beta\.md$/);
  });

  it('a plan nobody approved awaits approval; an approved one is approved (not started); an edit after the approval needs a new one', async () => {
    const { dir: repo, git } = await makeRepo();
    const file = join(repo, '.okstra', 'plans', 'gamma.md');
    mkdirSync(join(repo, '.okstra', 'plans'), { recursive: true });
    const text =
      '---\nid: gamma\n---\n# G\n\n## Stage Map\n\n### Stage 1: One\n- depends-on: none\n- validation: `true`\n\nx\n';
    writeFileSync(file, text);
    await git.ok(['add', '--all']);
    await git.ok(['commit', '--quiet', '-m', 'plan']);
    const phase = async (): Promise<string> =>
      (await runCli(['status'], { cwd: repo })).stdout.split('\n').find((l) => l.startsWith('gamma ')) ?? '';
    expect(await phase()).toMatch(
      /awaiting approval\s+(?:\S.*\s+)?okstra plan approve --plan \.okstra\/plans\/gamma\.md$/,
    );
    expect((await runCli(['plan', 'approve', '--plan', file, '--repo', repo, '--as', 'alice'])).exitCode).toBe(0);
    expect(await phase()).toMatch(/approved\s+(?:\S.*\s+)?okstra chain --plan \.okstra\/plans\/gamma\.md$/);
    writeFileSync(file, text.replace('x\n', 'y\n'));
    expect(await phase()).toMatch(
      /edited since its approval\s+(?:\S.*\s+)?okstra plan approve --plan \.okstra\/plans\/gamma\.md$/,
    );
  });

  it('an empty plans folder says how to create a plan; --markdown without --plan is a usage error', async () => {
    const { dir: repo } = await makeRepo();
    const res = await runCli(['status'], { cwd: repo });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('no plans in .okstra/plans: write one as .okstra/plans/<plan-id>.md');
    expect(res.stdout).toContain('okstra plan validate .okstra/plans/<plan-id>.md');
    expect(await runCli(['status', '--markdown'], { cwd: repo })).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('--markdown draws one plan; pass --plan FILE'),
    });
    expect((await runCli(['status'], { cwd: tempDir() })).stderr).toContain('is not a git repository');
  });
});
