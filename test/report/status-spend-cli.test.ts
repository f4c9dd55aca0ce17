import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FinalReport } from '../../src/core/report/index.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { budgetReport } from './budget-report.js';

const T0 = new Date('2026-11-29T12:00:00Z');
const PLAN =
  '---\nid: demo\n---\n# D\n\n## Stage Map\n\n### Stage 1: A\n- depends-on: none\n\nx\n\n### Stage 2: B\n- depends-on: 1\n\nx\n\n### Stage 3: C\n- depends-on: 2\n\nx\n';

function reportFor(stage: number, runId: string, usd: number | null): FinalReport {
  const r = budgetReport();
  r.stage.number = stage;
  r.run.id = runId;
  r.usage.total.costUsd = usd;
  if (usd !== null) r.usage.total.costComplete = true;
  r.usage.workers = [];
  r.usage.requests = [];
  return r;
}

interface StatusJson {
  stages: Array<{
    number: number;
    spend: { tokens: number; usd: number | null; usdComplete: boolean; runs: number } | null;
  }>;
  spend: { total: { tokens: number; usd: number | null; usdComplete: boolean; runs: number }; unreadable: string[] };
}

/** A plan whose stage 1 is done after a failed first attempt, stage 2 failed once, and one report that is not a report. */
async function ledgerWithRuns(): Promise<{ dir: string; plan: string }> {
  const { dir } = await makeRepo();
  mkdirSync(join(dir, 'plans'));
  const plan = join(dir, 'plans', 'demo.md');
  writeFileSync(plan, PLAN);
  const files = tempDir();
  const file = (name: string, content: string): string => {
    writeFileSync(join(files, name), content);
    return join(files, name);
  };
  const carry = file('carry.json', '{}');
  const append = async (args: string[]): Promise<void> => {
    const res = await runCli(['ledger', 'append', '--plan-id', 'demo', '--repo', dir, '--actor', 'ana', ...args], {
      now: T0,
    });
    expect(res.exitCode, res.stderr).toBe(0);
  };
  await append(['--stage', '1', '--status', 'started', '--run-id', 'r1']);
  await append([
    '--stage',
    '1',
    '--status',
    'failed',
    '--run-id',
    'r1',
    '--reason',
    'verdict-fail',
    '--report',
    file('r1.json', JSON.stringify(reportFor(1, 'r1', 0.5))),
  ]);
  await append(['--stage', '1', '--status', 'started', '--run-id', 'r2']);
  await append([
    '--stage',
    '1',
    '--status',
    'done',
    '--run-id',
    'r2',
    '--head-commit',
    'HEAD',
    '--carry',
    carry,
    '--report',
    file('r2.json', JSON.stringify(reportFor(1, 'r2', 0.25))),
  ]);
  await append(['--stage', '2', '--status', 'started', '--run-id', 'r3']);
  await append([
    '--stage',
    '2',
    '--status',
    'failed',
    '--run-id',
    'r3',
    '--reason',
    'verdict-fail',
    '--report',
    file('r3.json', JSON.stringify(reportFor(2, 'r3', null))),
  ]);
  await append(['--stage', '3', '--status', 'started', '--run-id', 'r4']);
  await append([
    '--stage',
    '3',
    '--status',
    'failed',
    '--run-id',
    'r4',
    '--reason',
    'error',
    '--report',
    file('r4.json', '{"not":"a report"}'),
  ]);
  return { dir, plan };
}

describe('okstra status: spend', () => {
  it("totals every run's report per stage and for the plan, in text, JSON and Markdown, and warns about a report it cannot count", async () => {
    const { dir, plan } = await ledgerWithRuns();

    const text = await runCli(['status', '--plan', plan, '--repo', dir], { now: T0 });
    expect(text.exitCode, text.stderr).toBe(0);
    const rows = text.stdout.split('\n');
    expect(rows.find((r) => r.startsWith('1 '))).toMatch(/570,000 tokens · \$0\.75 · 2 runs$/);
    expect(rows.find((r) => r.startsWith('2 '))).toMatch(/285,000 tokens · cost unknown · 1 run$/);
    expect(rows.find((r) => r.startsWith('3 '))).toMatch(/—$/);
    expect(text.stdout).toContain('spent so far: 855,000 tokens · ≥ $0.75 · 3 runs');
    expect(text.stderr).toMatch(
      /^okstra: warning: plans\/demo\/reports\/stage-3\/r4\.json on the ledger branch is not a valid final report \(\(root\): missing properties "schemaVersion", .*…\); its spend is not counted \(see `okstra report validate`\)\n$/,
    );

    const json = JSON.parse(
      (await runCli(['status', '--plan', plan, '--repo', dir, '--json'], { now: T0 })).stdout,
    ) as StatusJson;
    expect(json.spend).toEqual({
      total: { tokens: 855_000, usd: 0.75, usdComplete: false, runs: 3 },
      unreadable: ['plans/demo/reports/stage-3/r4.json'],
    });
    expect(json.stages.map((s) => s.spend?.runs ?? null)).toEqual([2, 1, null]);

    const md = (await runCli(['status', '--plan', plan, '--repo', dir, '--markdown'], { now: T0 })).stdout;
    expect(md).toContain('**Spent so far:** 855,000 tokens · ≥ $0.75 · 3 runs');
    expect(md).toContain('| 1 | A | — | ✅ done |');
    expect(md).toMatch(/\| 1 \| A .*\| 570,000 tokens · \$0\.75 · 2 runs \|/);
  });

  it('shows no spend column for a ledger without reports', async () => {
    const { dir } = await makeRepo();
    writeFileSync(join(dir, 'plan.md'), PLAN);
    const res = await runCli(['status', '--plan', join(dir, 'plan.md'), '--repo', dir], { now: T0 });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).not.toContain('spend');
    expect(res.stderr).toBe('');
    const json = JSON.parse(
      (await runCli(['status', '--plan', join(dir, 'plan.md'), '--repo', dir, '--json'], { now: T0 })).stdout,
    ) as StatusJson;
    expect(json.spend).toEqual({ total: { tokens: 0, usd: 0, usdComplete: true, runs: 0 }, unreadable: [] });
  });
});
