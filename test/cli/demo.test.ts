import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/git-repos.js';
import { Git } from '../../src/git/git.js';
import { join } from 'node:path';

describe('okstra demo', () => {
  it('runs the demo plan end to end: a stage fails, a fix run repairs it, the chain completes', async () => {
    const dir = join(tempDir(), 'demo');
    const res = await spawnCli(['demo', '--dir', dir]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('every agent here is a SCRIPTED STAND-IN');
    expect(res.stdout).toMatch(/FAIL — tempconv · stage 2: Kelvin/);
    // The reports read as text in a terminal, not as Markdown source (not a TTY here, so no colour either).
    expect(res.stdout).not.toMatch(/^#{1,6} /m);
    expect(res.stdout).not.toContain('**');
    expect(res.stdout).not.toContain('\x1b[');
    expect(res.stdout).toContain('celsiusToKelvin accepts temperatures below absolute zero');
    expect(res.stdout).toContain('attempt 2');
    expect(res.stdout).toContain('all stages done');

    // Each phase is explained in plain words once, the first time it appears; no raw checkpoint is printed.
    expect(res.stdout).not.toContain('PROGRESS:');
    expect(res.stdout).not.toMatch(/phase-\d/);
    const explained = (words: string): number => res.stdout.split(words).length - 1;
    expect(explained('verify — other agents review the change in fresh read-only sessions')).toBe(1);
    expect(explained('execute — the executor agent writes the change')).toBe(1);
    expect(explained('convergence — the reviewers are asked again about a blocking finding')).toBe(1);
    expect(res.stdout).toContain('  · intake (on okstra/tempconv/stage-2, attempt 2) → prompts → roster → execute');
    expect(res.stdout).toContain('verdict → record (FAIL)');

    // Where everything lives, with the exact commands to look at each.
    expect(res.stdout).toContain('== where everything is');
    expect(res.stdout).toContain(`plan file        ${join(dir, '.okstra/plans/tempconv.md')}`);
    expect(res.stdout).toContain(`okstra status --plan ${join(dir, '.okstra/plans/tempconv.md')} --repo ${dir}`);
    expect(res.stdout).toContain(
      'stage branches   okstra/tempconv/stage-1, okstra/tempconv/stage-2, okstra/tempconv/stage-3',
    );
    expect(res.stdout).toContain(`git -C ${dir} log --oneline --graph main okstra/tempconv/stage-1`);
    expect(res.stdout).toContain('ledger           branch okstra-ledger, file plans/tempconv/ledger.jsonl');
    expect(res.stdout).toContain(`okstra ledger show --plan-id tempconv --repo ${dir}`);
    expect(res.stdout).toContain(`okstra report show --plan tempconv --repo ${dir}`);
    expect(res.stdout.trimEnd().endsWith('okstra demo: done.')).toBe(true);

    const ledger = (await new Git(dir).ok(['show', 'okstra-ledger:plans/tempconv/ledger.jsonl']))
      .split('\n')
      .map((l) => JSON.parse(l) as { stage: number; status: string; reason?: string });
    expect(ledger.map((r) => `${r.stage}:${r.status}`)).toEqual([
      '1:started',
      '1:done',
      '2:started',
      '2:failed',
      '2:started',
      '2:done',
      '3:started',
      '3:done',
    ]);
    expect(ledger[3]?.reason).toBe('verdict-fail');
  });

  it('--verbose prints the engine checkpoints as they are', async () => {
    const dir = join(tempDir(), 'demo');
    const res = await spawnCli(['demo', '--dir', dir, '--verbose']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('PROGRESS: phase-5.5-convergence round=1 queue=1');
    expect(res.stdout).not.toContain('other agents review the change in fresh read-only sessions');
  });
});
