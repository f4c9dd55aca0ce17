import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawn-cli.js';
import { tempDir } from '../helpers/git-repos.js';
import { Git } from '../../src/git/git.js';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePlan } from '../../src/core/plan/index.js';
import { validatePlanReviewReport } from '../../src/core/report/validate-schema.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';

const DEMO_AGENTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'demo', 'agents');

describe('okstra demo', () => {
  it('plans from a goal, approves, and runs end to end: a stage fails, a fix run repairs it, the chain completes', async () => {
    const dir = join(tempDir(), 'demo');
    const res = await spawnCli(['demo', '--dir', dir]);
    expect(res.exitCode, `${res.stderr}\n${res.stdout.slice(-4000)}`).toBe(0);
    expect(res.stdout).toContain('every agent here is a SCRIPTED STAND-IN');
    // The planning phase: the parser catches the first draft's typo, a reviewer blocks a stage, a revision fixes it.
    expect(res.stdout).toContain(
      'round 1 (draft): Scripted planner worker done; 1 error (24:3 unknown field `depend on` in stage 2; did you mean `depends on`?), sent back to the planner',
    );
    expect(res.stdout).toContain(
      'round 2 (repair): Scripted planner worker done; the draft validates; Thorough reviewer worker revise, Light reviewer worker approve',
    );
    expect(res.stdout).toContain(
      'round 3 (revise): Scripted planner worker done; the draft validates; Thorough reviewer worker approve, Light reviewer worker approve',
    );
    expect(res.stdout).toContain('okstra demo approves the plan itself, because this is a demo.');
    const planText = readFileSync(join(dir, '.okstra/plans/tempconv.md'), 'utf8');
    expect(planText).toBe(readFileSync(join(DEMO_AGENTS, 'plans', 'tempconv.md'), 'utf8'));
    expect(parsePlan(planText, { path: 'tempconv.md' }).errors).toEqual([]);
    const review = JSON.parse(readFileSync(join(dir, '.okstra/plan-reviews/tempconv.json'), 'utf8')) as unknown;
    expect(validatePlanReviewReport(review).ok).toBe(true);
    expect(review).toMatchObject({
      outcome: 'valid',
      rounds: [{ kind: 'draft' }, { kind: 'repair' }, { kind: 'revise' }],
    });
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
    expect(res.stdout).toContain('ledger           branch okstra-ledger, one commit a row under plans/tempconv/');
    expect(res.stdout).toContain(`okstra ledger show --plan-id tempconv --repo ${dir}`);
    expect(res.stdout).toContain(`okstra report show --plan tempconv --repo ${dir}`);
    // It ends with final verification over the whole change and the hand-off branch.
    expect(res.stdout).toContain('✅ Final verification accepted — tempconv');
    expect(res.stdout).toContain('final branch     okstra/tempconv/final (the verified change, handed off)');
    const finalHead = await new Git(dir).ok(['rev-parse', 'okstra/tempconv/final']);
    expect(finalHead).toBe(await new Git(dir).ok(['rev-parse', 'okstra/tempconv/stage-3']));
    expect(res.stdout.trimEnd().endsWith('okstra demo: done.')).toBe(true);

    const ledger = (await ledgerRowsAt(new Git(dir), 'tempconv')).map(
      (l) => l as { stage?: number; status: string; reason?: string; plan_blob?: string },
    );
    expect(ledger.map((r) => `${r.stage ?? 'plan'}:${r.status}`)).toEqual([
      'plan:approved',
      '1:started',
      '1:done',
      '2:started',
      '2:failed',
      '2:started',
      '2:done',
      '3:started',
      '3:done',
      'plan:verified',
      'plan:handed-off',
    ]);
    expect(ledger[4]?.reason).toBe('verdict-fail');
    expect(ledger[0]?.plan_blob).toBe(await new Git(dir).ok(['rev-parse', 'main:.okstra/plans/tempconv.md']));
  });

  it('--verbose prints the engine checkpoints as they are', async () => {
    const dir = join(tempDir(), 'demo');
    const res = await spawnCli(['demo', '--dir', dir, '--verbose']);
    // The planning's events and draft are on stdout: a run that ended early says there why.
    expect(res.exitCode, `${res.stderr}\n${res.stdout.slice(-4000)}`).toBe(0);
    expect(res.stdout).toContain('PROGRESS: phase-5.5-convergence round=1 queue=1');
    expect(res.stdout).not.toContain('other agents review the change in fresh read-only sessions');
  });
});
