/**
 * Exit codes of `okstra run`, `chain` and `reconcile` on real repositories
 * with stand-in agents: 0 PASS, 1 a FAIL the run judged (or a refusal), 3 when
 * okstra or a provider could not do its job, so a script can tell a model API
 * outage from work that needs a fix run.
 */
import { describe, expect, it } from 'vitest';
import { stageExitCode, chainExitCode } from '../../src/cli/exit-codes.js';
import { EXIT_INFRA, EXIT_OK, EXIT_REFUSED } from '../../src/cli/io.js';
import { WRITES_STAGE_FILE, makeProject, type AgentScript } from '../engine/helpers.js';
import { runCli } from '../helpers/cli.js';

async function runStage1(
  agents: Record<string, AgentScript>,
  command: 'run' | 'chain' = 'run',
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const p = await makeProject({ plan: 'linear.md', agents });
  return runCli(
    [command, '--plan', p.planFile, ...(command === 'run' ? ['--stage', '1'] : ['--stages', '1']), '--repo', p.dir],
    { cwd: p.dir },
  );
}

const builds = (verifier: AgentScript = { verifierResult: 'PASS' }): AgentScript => ({
  rules: [
    { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
    { when: { role: ['verifier', 'reverify', 'critic'] }, do: verifier },
  ],
});

describe('exit codes of a stage run', () => {
  it('PASS exits 0', async () => {
    const res = await runStage1({ builder: builds(), reviewer: {} });
    expect(res.exitCode, res.stderr).toBe(EXIT_OK);
    expect(res.stdout).toMatch(/stage 1 PASS/);
  });

  it('a verifier answering FAIL exits 1', async () => {
    const res = await runStage1({ builder: builds(), reviewer: { verifierResult: 'FAIL' } });
    expect(res.exitCode, res.stderr).toBe(EXIT_REFUSED);
    expect(res.stdout).toMatch(/stage 1 FAIL \(failed\)/);
  });

  it('an executor stand-in that exits non-zero exits 3, with its reason printed', async () => {
    const res = await runStage1({
      builder: {
        rules: [{ when: { role: 'executor' }, do: { exitCode: 1, stderr: 'upstream API: 529 overloaded\n' } }],
      },
      reviewer: {},
    });
    expect(res.exitCode, res.stderr).toBe(EXIT_INFRA);
    expect(res.stdout).toMatch(/stage 1 FAIL \(error\)/);
    expect(res.stdout).toContain('upstream API: 529 overloaded');
  });

  it('every verifier failing to run (an outage after the executor finished) exits 3, not 1', async () => {
    const res = await runStage1({
      builder: builds({ exitCode: 1, stderr: 'connection refused\n' }),
      reviewer: { exitCode: 1, stderr: 'connection refused\n' },
    });
    expect(res.exitCode, res.stderr).toBe(EXIT_INFRA);
    expect(res.stdout).toMatch(/stage 1 FAIL \(failed\)/);
    expect(res.stdout).toContain('produced no verdict (error)');
  });

  it('a chain that stops at a stage whose executor crashed exits 3; one stopped by a FAIL verdict exits 1', async () => {
    const crashed = await runStage1(
      { builder: { rules: [{ when: { role: 'executor' }, do: { exitCode: 2 } }] }, reviewer: {} },
      'chain',
    );
    expect(crashed.exitCode, crashed.stderr).toBe(EXIT_INFRA);
    expect(crashed.stdout).toContain('chain stopped at a failed stage');
    const failed = await runStage1({ builder: builds(), reviewer: { verifierResult: 'FAIL' } }, 'chain');
    expect(failed.exitCode, failed.stderr).toBe(EXIT_REFUSED);
  });

  it('a refusal still exits 1 and bad usage 2', async () => {
    const p = await makeProject({ plan: 'linear.md', agents: { builder: builds(), reviewer: {} } });
    const blocked = await runCli(['run', '--plan', p.planFile, '--stage', '2', '--repo', p.dir], { cwd: p.dir });
    expect(blocked.exitCode).toBe(EXIT_REFUSED);
    expect(blocked.stderr).toMatch(/stage 1/);
    const usage = await runCli(['run', '--plan', p.planFile, '--stage', 'two', '--repo', p.dir], { cwd: p.dir });
    expect(usage.exitCode).toBe(2);
  });
});

type Judged = Parameters<typeof stageExitCode>[0];

function report(over: Partial<{ [K in keyof Judged]: unknown }>): Judged {
  const base = {
    verdict: { value: 'FAIL', runStatus: 'failed', reasons: ['x'] },
    executor: { status: 'done' },
    qa: [],
    verifiers: [],
    findings: [],
  };
  return { ...base, ...over } as unknown as Judged;
}

describe('stageExitCode', () => {
  it('maps each way a run ends to its code', () => {
    expect(stageExitCode(report({ verdict: { value: 'PASS', runStatus: 'passed', reasons: [] } }))).toBe(EXIT_OK);
    expect(
      stageExitCode(report({ verdict: { value: 'FAIL', runStatus: 'error', reasons: ['executor timed out'] } })),
    ).toBe(EXIT_INFRA);
    expect(
      stageExitCode(report({ verdict: { value: 'FAIL', runStatus: 'contract-violated', reasons: ['no carry'] } })),
    ).toBe(EXIT_REFUSED);
    // A budget stop of the executor is the user's rule, but okstra could not do the job: 3.
    expect(stageExitCode(report({ executor: { status: 'budget-exceeded' } }))).toBe(EXIT_INFRA);
    expect(stageExitCode(report({ qa: [{ passed: false }] }))).toBe(EXIT_REFUSED);
  });

  it('a FAIL verdict from one verifier is a judged FAIL even when another verifier timed out', () => {
    const verifiers = [
      { status: 'done', verdict: 'FAIL' },
      { status: 'timeout', verdict: null },
    ];
    expect(stageExitCode(report({ verifiers }))).toBe(EXIT_REFUSED);
  });

  it('a standing blocking finding is judged; verifiers that only could not run are infrastructure', () => {
    expect(
      stageExitCode(
        report({
          findings: [{ severity: 'blocking', disposition: 'confirmed' }],
          verifiers: [{ status: 'error', verdict: null }],
        }),
      ),
    ).toBe(EXIT_REFUSED);
    expect(
      stageExitCode(
        report({
          findings: [{ severity: 'blocking', disposition: 'refuted' }],
          verifiers: [
            { status: 'error', verdict: null },
            { status: 'budget-exceeded', verdict: null },
          ],
        }),
      ),
    ).toBe(EXIT_INFRA);
  });

  it('a verifier that broke its contract (or a FAIL with no verifier at all) stays a judged FAIL', () => {
    expect(
      stageExitCode(
        report({
          verifiers: [
            { status: 'contract-violated', verdict: null },
            { status: 'error', verdict: null },
          ],
        }),
      ),
    ).toBe(EXIT_REFUSED);
    expect(stageExitCode(report({}))).toBe(EXIT_REFUSED);
  });

  it('a chain exits 0 unless it stopped at a failed stage, and then as that stage', () => {
    expect(chainExitCode('complete', [])).toBe(EXIT_OK);
    expect(chainExitCode('not-ready', [])).toBe(EXIT_OK);
    expect(
      chainExitCode('failed', [
        { report: report({ verdict: { value: 'PASS', runStatus: 'passed', reasons: [] } }) },
        { report: report({ verdict: { value: 'FAIL', runStatus: 'error', reasons: [] } }) },
      ]),
    ).toBe(EXIT_INFRA);
    expect(chainExitCode('failed', [])).toBe(EXIT_REFUSED);
  });
});
