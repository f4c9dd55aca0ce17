import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

const BROKEN = `# Broken

## Stage Map

### Stage 1: One
- depends-on: 2

### Stage 2: Two
- depends-on: 1
- dependz: x
`;

const TYPO = `# Typo

## Stage Map

### Stage 1: One
- Owner: platform team
- depends-on: none
- validation: none
`;

describe('okstra plan validate', () => {
  it('accepts the example plans with exit 0', async () => {
    for (const file of ['examples/plans/three-stage.md', 'examples/plans/diamond.md']) {
      const res = await runCli(['plan', 'validate', file]);
      expect(res.exitCode, res.stdout).toBe(0);
      expect(res.stdout).toMatch(/is valid: \d+ stage\(s\), 0 error\(s\)/);
    }
  });

  it('lists every problem as path:line:column and exits 1', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.md'), BROKEN);
    const res = await runCli(['plan', 'validate', 'broken.md'], { cwd: dir });
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/^broken\.md:\d+:\d+: error: .*1 → 2 → 1/m);
    expect(res.stdout).toMatch(/^broken\.md:10:3: error: unknown field `dependz` in stage 2$/m);
    expect(res.stdout).toMatch(/^broken\.md:8:1: warning: stage 2 has no validation command/m);
    expect(res.stdout).toContain('broken.md: invalid plan: 2 error(s), 2 warning(s)');
  });

  it('reports unknown fields as warnings with --lenient (and still refuses real errors)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.md'), BROKEN);
    writeFileSync(join(dir, 'typo.md'), TYPO);
    const strict = await runCli(['plan', 'validate', 'typo.md'], { cwd: dir });
    expect(strict.exitCode).toBe(1);
    expect(strict.stdout).toMatch(/^typo\.md:6:3: error: unknown field `Owner` in stage 1$/m);
    const lenient = await runCli(['plan', 'validate', 'typo.md', '--lenient'], { cwd: dir });
    expect(lenient.exitCode, lenient.stdout).toBe(0);
    expect(lenient.stdout).toMatch(/^typo\.md:6:3: warning: unknown field `Owner` in stage 1$/m);
    expect(lenient.stdout).toContain('typo.md: plan "typo" is valid: 1 stage(s), 0 error(s), 1 warning(s)');
    const json = JSON.parse(
      (await runCli(['plan', 'validate', 'typo.md', '--lenient', '--json'], { cwd: dir })).stdout,
    ) as {
      ok: boolean;
      warnings: Array<{ code: string }>;
      plan: { stages: Array<{ extraFields: Record<string, string> }> };
    };
    expect(json.ok).toBe(true);
    expect(json.warnings.map((w) => w.code)).toEqual(['plan/unknown-field']);
    expect(json.plan.stages[0]?.extraFields).toEqual({ Owner: 'platform team' });
    const stillBroken = await runCli(['plan', 'validate', 'broken.md', '--lenient'], { cwd: dir });
    expect(stillBroken.exitCode).toBe(1);
    expect(stillBroken.stdout).toMatch(/^broken\.md:10:3: warning: unknown field `dependz`/m);
    expect(stillBroken.stdout).toContain('broken.md: invalid plan: 1 error(s), 3 warning(s)');
  });

  it('prints {ok, errors, warnings, plan} with --json', async () => {
    const res = await runCli(['plan', 'validate', 'examples/plans/diamond.md', '--json']);
    const json = JSON.parse(res.stdout) as {
      ok: boolean;
      errors: unknown[];
      warnings: unknown[];
      plan: { id: string; stages: Array<{ number: number; dependsOn: number[] }> };
    };
    expect(json.ok).toBe(true);
    expect(json.errors).toEqual([]);
    expect(json.plan.stages.map((s) => [s.number, s.dependsOn])).toEqual([
      [1, []],
      [2, [1]],
      [3, [1]],
      [4, [2, 3]],
    ]);
  });

  it('says clearly when the file cannot be read', async () => {
    const res = await runCli(['plan', 'validate', 'nope.md'], { cwd: tempDir() });
    expect(res).toMatchObject({ exitCode: 1, stderr: 'okstra: cannot read plan nope.md: no such file\n' });
  });
});

describe('okstra plan graph', () => {
  it('prints the order and edges, as text, JSON and Mermaid', async () => {
    const text = await runCli(['plan', 'graph', 'examples/plans/diamond.md']);
    expect(text.stdout).toBe('order: 1 → 2 → 3 → 4\n1 → 2\n1 → 3\n2 → 4\n3 → 4\n');
    const json = JSON.parse((await runCli(['plan', 'graph', 'examples/plans/diamond.md', '--json'])).stdout) as {
      order: number[];
      edges: unknown[];
    };
    expect(json.order).toEqual([1, 2, 3, 4]);
    expect(json.edges).toHaveLength(4);
    expect((await runCli(['plan', 'graph', 'examples/plans/diamond.md', '--mermaid'])).stdout).toMatch(
      /^flowchart TD\n {2}s1\["1: /,
    );
  });

  it('refuses an invalid plan with its errors on stderr', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.md'), BROKEN);
    const res = await runCli(['plan', 'graph', 'broken.md'], { cwd: dir });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('okstra: broken.md is not a valid plan (2 errors)');
  });
});

describe('okstra status', () => {
  const T0 = new Date('2026-11-29T12:00:00Z');

  it('shows pending, ready, started, done and failed stages and the next ready ones', async () => {
    const { dir } = await makeRepo();
    mkdirSync(join(dir, 'plans'));
    const plan = join(dir, 'plans', 'diamond.md');
    writeFileSync(
      plan,
      '---\nid: demo\n---\n# D\n\n## Stage Map\n\n### Stage 1: A\n- depends-on: none\n\nx\n\n### Stage 2: B\n- depends-on: 1\n\nx\n\n### Stage 3: C\n- depends-on: 1\n\nx\n\n### Stage 4: D\n- depends-on: 2, 3\n\nx\n',
    );
    const files = tempDir();
    writeFileSync(join(files, 'carry.json'), '{}');
    writeFileSync(join(files, 'r.json'), '{}');
    const append = (args: string[]) =>
      runCli(['ledger', 'append', '--plan-id', 'demo', '--repo', dir, '--actor', 'ana', ...args], { now: T0 });
    await append(['--stage', '1', '--status', 'started', '--run-id', 'r1']);
    await append([
      '--stage',
      '1',
      '--status',
      'done',
      '--run-id',
      'r1',
      '--head-commit',
      'HEAD',
      '--carry',
      join(files, 'carry.json'),
      '--report',
      join(files, 'r.json'),
    ]);
    await append(['--stage', '2', '--status', 'started', '--run-id', 'r2']);
    await append(['--stage', '3', '--status', 'started', '--run-id', 'r3']);
    await append(['--stage', '3', '--status', 'failed', '--run-id', 'r3', '--reason', 'verdict-fail']);

    const res = await runCli(['status', '--plan', plan, '--repo', dir], { now: T0 });
    expect(res.exitCode, res.stderr).toBe(0);
    const rows = res.stdout.split('\n');
    expect(rows.find((r) => r.startsWith('1 '))).toMatch(/done\s+head [0-9a-f]{12} \(run r1\)/);
    expect(rows.find((r) => r.startsWith('2 '))).toMatch(/started\s+by run r2 \(ana\) until 2026-11-29T14:00:00.000Z/);
    expect(rows.find((r) => r.startsWith('3 '))).toMatch(/failed\s+verdict-fail in run r3; ready for a fix run/);
    expect(rows.find((r) => r.startsWith('4 '))).toMatch(/pending\s+waits for stage 2, 3/);
    expect(res.stdout).toContain('next ready: stage 3');

    const json = JSON.parse(
      (await runCli(['status', '--plan', plan, '--repo', dir, '--json'], { now: T0 })).stdout,
    ) as { next: number[]; stages: Array<{ state: string }> };
    expect(json.next).toEqual([3]);
    expect(json.stages.map((s) => s.state)).toEqual(['done', 'started', 'failed', 'pending']);

    const md = await runCli(['status', '--plan', plan, '--repo', dir, '--markdown'], { now: T0 });
    expect(md.stdout).toContain('```mermaid');
    expect(md.stdout).toMatch(/s4\[.*\]:::blocked/);
  });
});
