/**
 * A key okstra hands to its gateway is scrubbed by value whatever variable it
 * came from. `ACME_MODEL_KEY` (a provider's custom `apiKeyEnv`) matches none
 * of the names the CLI scrubs on sight, so only the gateway's hand-over can
 * teach the scrubber its value.
 */
import { describe, expect, it } from 'vitest';
import { echoForms, makeCanary, reveals } from '../helpers/canary.js';
import { WRITES_STAGE_FILE, allLedgerRows, makeProject, type AgentScript } from '../engine/helpers.js';
import { runCli } from '../helpers/cli.js';

describe('a model key from a custom apiKeyEnv', () => {
  it('is scrubbed from what the CLI prints and from the report on the ledger when an agent echoes it', async () => {
    const key = makeCanary();
    const echo = (label: string): string =>
      Object.entries(echoForms(key))
        .map(([form, text]) => `${label} ${form}: ${text}`)
        .join('\n');
    const builder: AgentScript = {
      rules: [
        {
          when: { role: 'executor' },
          do: { ...WRITES_STAGE_FILE, stdout: `${echo('stdout')}\n`, carry: { summary: echo('carry') } },
        },
        { when: { role: ['verifier', 'reverify', 'critic'] }, do: { verifierResult: 'PASS' } },
      ],
    };
    const findings = Object.entries(echoForms(key)).map(([form, text]) => ({
      severity: 'minor',
      title: `finding ${form}: ${text}`,
      detail: text,
      file: 'src/stage-1.txt',
      line: 1,
    }));
    const reviewer: AgentScript = {
      verifierResult: { verdict: 'PASS', summary: 'ok', findings, evidenceRead: ['src/stage-1.txt'] },
    };
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder, reviewer },
      // A gateway needs to know the API a custom variable's key is for.
      config: { providers: { builder: { apiKeyEnv: 'ACME_MODEL_KEY', baseUrl: 'https://api.anthropic.com' } } },
    });
    const res = await runCli(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir, '--verbose'], {
      cwd: p.dir,
      env: { ACME_MODEL_KEY: key },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    const done = (await allLedgerRows(p)).find((r) => r.status === 'done');
    const reportPath = done && 'report_path' in done ? done.report_path : null;
    expect(reportPath).toBeTruthy();
    const report = await p.git.ok(['show', `okstra-ledger:${reportPath}`]);

    // The control: the echoes reached the report (as markers), so the checks below can fail.
    expect(report).toContain('carry raw: ***');
    expect(report).toContain('finding raw: ***');
    for (const [where, text] of Object.entries({ stdout: res.stdout, stderr: res.stderr, report }))
      expect(reveals(text, key), `the key readable from ${where}`).toBe(false);
  });
});
