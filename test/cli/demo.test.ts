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
    expect(res.stdout).toMatch(/FAIL — `tempconv` · stage 2: Kelvin/);
    expect(res.stdout).toContain('celsiusToKelvin accepts temperatures below absolute zero');
    expect(res.stdout).toContain('attempt 2');
    expect(res.stdout).toContain('all stages done');

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
});
