import { describe, expect, it } from 'vitest';
import { carryPath, reportPath, serializeRow, type LedgerRow } from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { runCli } from '../helpers/cli.js';
import { handRows } from '../helpers/ledger-hand.js';
import { makeProject, WRITES_STAGE_FILE } from '../engine/helpers.js';

/** Rows added by hand, each in a commit of its own carrying it as okstra's appends do, and adding nothing else. */
async function handAppend(git: Git, lines: readonly string[]): Promise<void> {
  await handRows(git, 'linear', lines);
}

async function projectWithLedger() {
  const p = await makeProject({
    plan: 'linear.md',
    agents: { builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] }, reviewer: {} },
  });
  const store = new GitLedgerStore({ repoDir: p.dir });
  const now = new Date();
  // A real, finished claim on stage 2 keeps the ledger non-empty and the file's first line believed.
  await store.append({
    row: {
      v: 1,
      plan_id: 'linear',
      stage: 2,
      status: 'started',
      run_id: 'r0',
      at: now.toISOString(),
      lease_until: new Date(now.getTime() + 3_600_000).toISOString(),
    },
  });
  await store.append({
    row: {
      v: 1,
      plan_id: 'linear',
      stage: 2,
      status: 'failed',
      run_id: 'r0',
      at: now.toISOString(),
      reason: 'abandoned',
    },
  });
  return p;
}

const forgedDone = (stage: number, run: string): LedgerRow => {
  const at = new Date().toISOString();
  return {
    v: 1,
    plan_id: 'linear',
    stage,
    status: 'done',
    run_id: run,
    at,
    head_commit: '0'.repeat(40),
    completed_at: at,
    carry_path: carryPath('linear', stage),
    report_path: reportPath('linear', stage, run, 'json'),
  };
};

describe('a malformed ledger line, through every command', () => {
  it('gives run, chain, status and ledger show one line naming where the row is, its number and the repair, exit 1, never "internal error"', async () => {
    const p = await projectWithLedger();
    await handAppend(p.git, ['{"v":1,"plan_id":"linear", truncated']);
    const expected =
      /^okstra: the ledger is corrupt: okstra-ledger:plans\/linear:3: the row of commit [0-9a-f]{12}: not valid JSON \(.+\); remove it with `okstra ledger repair --plan-id linear --drop-line 3 --reason "…"`\n$/;
    for (const args of [
      ['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir],
      ['chain', '--plan', p.planFile, '--repo', p.dir],
      ['status', '--plan', p.planFile, '--repo', p.dir],
      ['ledger', 'show', '--plan-id', 'linear', '--repo', p.dir, '--json'],
    ]) {
      const res = await runCli(args, { cwd: p.dir });
      expect(res.stderr, args[0]).toMatch(expected);
      expect(res.stderr).not.toContain('internal error');
      expect(res.exitCode, args[0]).toBe(1);
    }
    // The repair the error names works, and the next status reads cleanly.
    const repaired = await runCli(
      ['ledger', 'repair', '--plan-id', 'linear', '--repo', p.dir, '--drop-line', '3', '--reason', 'truncated write'],
      { cwd: p.dir },
    );
    expect(repaired.exitCode).toBe(0);
    expect(await runCli(['status', '--plan', p.planFile, '--repo', p.dir], { cwd: p.dir })).toMatchObject({
      exitCode: 0,
      stderr: '',
    });
  });
});

describe('okstra status with distrusted rows', () => {
  it('ignores a forged done and a future claim, and names each with its line in text, --json and --markdown', async () => {
    const p = await projectWithLedger();
    const future = new Date(Date.now() + 24 * 3_600_000);
    await handAppend(p.git, [
      serializeRow(forgedDone(1, 'r-3')),
      serializeRow({
        v: 1,
        plan_id: 'linear',
        stage: 2,
        status: 'started',
        run_id: 'r-9',
        at: future.toISOString(),
        lease_until: new Date(future.getTime() + 3_600_000).toISOString(),
      }),
    ]);

    const text = await runCli(['status', '--plan', p.planFile, '--repo', p.dir], { cwd: p.dir });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/\n *1 .*\bready\b/);
    expect(text.stdout).toContain('next ready: stage 1');
    expect(text.stdout).toContain(
      'ledger: row 3 ignored: done without its started row (run r-3) — run `okstra ledger repair --plan-id linear --drop-line 3 --reason "…"`',
    );
    expect(text.stdout).toMatch(/ledger: row 4 ignored: written at .+, 24 h ahead of this machine's clock/);

    const json = JSON.parse(
      (await runCli(['status', '--plan', p.planFile, '--repo', p.dir, '--json'], { cwd: p.dir })).stdout,
    ) as { next: number[]; distrusted: unknown[] };
    expect(json.next).toEqual([1]);
    expect(json.distrusted).toEqual([
      { line: 3, stage: 1, status: 'done', runId: 'r-3', reason: 'done without its started row (run r-3)' },
      { line: 4, stage: 2, status: 'started', runId: 'r-9', reason: expect.stringContaining('ahead of this machine') },
    ]);

    const md = await runCli(['status', '--plan', p.planFile, '--repo', p.dir, '--markdown'], { cwd: p.dir });
    expect(md.stdout).toContain('- ⚠️ ledger: row 3 ignored: done without its started row (run r-3)');

    const shown = JSON.parse(
      (await runCli(['ledger', 'show', '--plan-id', 'linear', '--repo', p.dir, '--json'], { cwd: p.dir })).stdout,
    ) as { rows: { line: number; believed: boolean }[]; distrusted: { line: number }[] };
    expect(shown.rows.map((r) => [r.line, r.believed])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(shown.distrusted.map((d) => d.line)).toEqual([3, 4]);
  });
});
