import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { echoForms, makeCanary, reveals } from '../helpers/canary.js';
import {
  makeProject,
  pullRequestLabeledPayload,
  runAction,
  startFakeApi,
  twoStagePlan,
  type FakeApi,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

/**
 * A model key the Action gets from the step's `env:` under a provider's own
 * `apiKeyEnv` (no key input, a name no pattern knows) is scrubbed by value
 * like the key inputs: masked in the runner's log from the start, and no
 * form of it an agent echoes is readable from anything okstra writes.
 */
describe('a key from a custom apiKeyEnv, end to end', () => {
  it('is masked before any agent runs and scrubbed from the log, the reports, the ledger and every request', async () => {
    const key = makeCanary();
    const echo = (label: string): string =>
      Object.entries(echoForms(key))
        .map(([form, text]) => `${label} ${form}: ${text}`)
        .join('\n');
    const findings = Object.entries(echoForms(key)).map(([form, text]) => ({
      severity: 'minor',
      title: `finding ${form}: ${text}`,
      detail: text,
      file: 'src/stage-1.txt',
      line: 1,
    }));
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: {}, reviewer: {} },
      // A gateway needs to know the API a custom variable's key is for.
      config: { providers: { writer: { apiKeyEnv: 'ACME_MODEL_KEY', baseUrl: 'https://api.anthropic.com' } } },
    });
    const writer = {
      writeFiles: { 'src/stage-1.txt': 'stage 1\n' },
      stderr: `${echo('stderr')}\n`,
      stdout: `${echo('stdout')}\n`,
      final: `Done.\n${echo('final')}`,
      carry: { summary: echo('carry') },
    };
    const reviewer = {
      verifierResult: { verdict: 'PASS', summary: 'ok', findings, evidenceRead: ['src/stage-1.txt'] },
    };
    project.script('writer', writer);
    project.script('reviewer', reviewer);

    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: {
        mode: 'stage',
        plan: project.planPath,
        stage: '1',
        report: 'summary,check,comment',
        'github-token': `ghs_${'t0ken'.repeat(8)}`,
      },
      eventName: 'pull_request',
      payload: pullRequestLabeledPayload(5, project.head, 'okstra:stage-1'),
      api,
      env: { ACME_MODEL_KEY: key },
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

    // Masked once the config names the variable, before the first agent could print it.
    const lines = run.stdout.split('\n');
    const masked = lines.indexOf(`::add-mask::${key}`);
    const firstDispatch = lines.findIndex((l) => l.includes('phase-4-dispatch'));
    expect(masked, 'the key is masked in the runner log').toBeGreaterThanOrEqual(0);
    expect(firstDispatch).toBeGreaterThan(masked);

    const remote = new Git(project.bare);
    const reportJson = readFileSync(run.outputs['report-json'] as string, 'utf8');
    const artifacts: Record<string, string> = {
      // Minus the runner's own ::add-mask:: commands, which must carry the value.
      log: (run.stdout + run.stderr)
        .split('\n')
        .filter((l) => !l.startsWith('::add-mask::'))
        .join('\n'),
      outputs: readFileSync(run.files.output, 'utf8'),
      summary: run.summary,
      state: readFileSync(run.files.state, 'utf8'),
      reportJson,
      ledgerCommits: await remote.ok(['log', '--all', '-p', '--format=%H %s%n%b']),
      requests: api.requests.map((r) => `${r.method} ${r.path}\n${r.raw}`).join('\n'),
    };
    // The control: the echoes reached what okstra writes (as markers), so the checks below can fail.
    expect(artifacts.ledgerCommits).toContain('carry raw: ***');
    expect(artifacts.ledgerCommits).toContain('finding raw: ***');
    for (const [where, text] of Object.entries(artifacts))
      expect(reveals(text, key), `the key readable from ${where}`).toBe(false);
  });
});
