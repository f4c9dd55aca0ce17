/**
 * A failed row's detail (why the run failed, one line) where a person looks
 * in a terminal: `okstra status` and `okstra ledger show`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repos.js';

const T0 = new Date('2026-11-29T12:00:00Z');
const WHY =
  "Builder worker (executor) error: `node tools/nope.mjs` exited with code 1: Error: Cannot find module '/w/tools/nope.mjs'; executor failed";

async function planWithRows(rows: string[][]): Promise<{ dir: string; plan: string }> {
  const { dir } = await makeRepo();
  mkdirSync(join(dir, 'plans'));
  const plan = join(dir, 'plans', 'two.md');
  writeFileSync(
    plan,
    '---\nid: two\n---\n# T\n\n## Stage Map\n\n### Stage 1: A\n- depends-on: none\n\nx\n\n### Stage 2: B\n- depends-on: none\n\nx\n',
  );
  for (const args of rows) {
    const res = await runCli(['ledger', 'append', '--plan-id', 'two', '--repo', dir, '--actor', 'ana', ...args], {
      now: T0,
    });
    expect(res.exitCode, res.stderr).toBe(0);
  }
  return { dir, plan };
}

describe('a failed row with a detail', () => {
  it('okstra status and ledger show print the reason beside the failed stage', async () => {
    const { dir, plan } = await planWithRows([
      ['--stage', '1', '--status', 'started', '--run-id', 'r1'],
      ['--stage', '1', '--status', 'failed', '--run-id', 'r1', '--reason', 'error', '--detail', WHY],
    ]);
    const status = await runCli(['status', '--plan', plan, '--repo', dir], { now: T0 });
    expect(status.exitCode, status.stderr).toBe(0);
    const line = status.stdout.split('\n').find((r) => r.startsWith('1 ')) ?? '';
    expect(line).toContain(`error in run r1 (${WHY}); ready for a fix run`);

    const json = JSON.parse(
      (await runCli(['status', '--plan', plan, '--repo', dir, '--json'], { now: T0 })).stdout,
    ) as { stages: Array<{ number: number; detail: string }> };
    expect(json.stages.find((s) => s.number === 1)?.detail).toContain('Cannot find module');

    const show = await runCli(['ledger', 'show', '--plan-id', 'two', '--repo', dir], { now: T0 });
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toContain(`error — ${WHY}`);
  });

  it('a failed row without a detail (older rows) shows only its reason', async () => {
    const { dir, plan } = await planWithRows([
      ['--stage', '2', '--status', 'started', '--run-id', 'r2'],
      ['--stage', '2', '--status', 'failed', '--run-id', 'r2', '--reason', 'verdict-fail'],
    ]);
    const status = await runCli(['status', '--plan', plan, '--repo', dir], { now: T0 });
    expect(status.stdout.split('\n').find((r) => r.startsWith('2 '))).toMatch(
      /failed\s+verdict-fail in run r2; ready for a fix run$/,
    );
  });
});
