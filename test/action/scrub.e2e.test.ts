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
 * Keys of no known format (no token pattern can catch them), echoed by the
 * stand-in agents in every encoding, must not be readable back from
 * anything the bundled Action wrote or sent.
 */
describe('value scrubbing, end to end', () => {
  it('no form of an API key or a runner token an agent echoes reaches the ledger, the reports, the summary, the outputs, the log or any request', async () => {
    const keys = { apiKey: makeCanary(), runtimeToken: makeCanary(), idToken: makeCanary() };
    const echo = (label: string): string =>
      Object.entries(keys)
        .flatMap(([name, key]) =>
          Object.entries(echoForms(key)).map(([form, text]) => `${label} ${name} ${form}: ${text}`),
        )
        .join('\n');
    const findings = Object.entries(keys).flatMap(([name, key]) =>
      Object.entries(echoForms(key)).map(([form, text]) => ({
        severity: 'minor',
        title: `${name} ${form} ${text}`,
        detail: `- ${text}\n${text}`,
        file: 'src/stage-1.txt',
        line: 1,
      })),
    );

    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: {}, reviewer: {} },
      config: { providers: { writer: { apiKeyEnv: 'ANTHROPIC_API_KEY' } } },
    });
    const writer = {
      writeFiles: { 'src/stage-1.txt': 'stage 1\n' },
      stderr: `${echo('stderr')}\n`,
      stdout: `${echo('stdout')}\n`,
      final: `Done.\n${echo('final')}`,
      carry: { summary: echo('carry') },
    };
    const reviewer = {
      verifierResult: { verdict: 'PASS', summary: echo('verifier'), findings, evidenceRead: ['src/stage-1.txt'] },
    };
    project.script('writer', writer);
    project.script('reviewer', reviewer);

    api = await startFakeApi();
    const inputs = {
      mode: 'stage',
      plan: project.planPath,
      stage: '1',
      report: 'summary,check,comment',
      'github-token': `ghs_${'t0ken'.repeat(8)}`,
      'anthropic-api-key': keys.apiKey,
    };
    const env = { ACTIONS_RUNTIME_TOKEN: keys.runtimeToken, ACTIONS_ID_TOKEN_REQUEST_TOKEN: keys.idToken };
    const run = await runAction(project, {
      inputs,
      eventName: 'pull_request',
      payload: pullRequestLabeledPayload(5, project.head, 'okstra:stage-1'),
      api,
      env,
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

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
    const reportPath = (JSON.parse(reportJson) as { ledgerRow: { report_path: string } }).ledgerRow.report_path;
    for (const path of [reportPath, reportPath.replace(/\.json$/, '.md')]) {
      const file = await project.show('okstra-ledger', path);
      expect(file, path).not.toBeNull();
      artifacts[path] = file ?? '';
    }

    // The control: what the agents were told to echo holds every key in every form, so the checks below can fail.
    const told = JSON.stringify([writer, reviewer]);
    for (const [name, key] of Object.entries(keys)) {
      for (const [form, text] of Object.entries(echoForms(key)))
        expect(reveals(text, key), `${name} ${form} is detectable`).toBe(true);
      expect(reveals(told, key), `${name} in the scripts`).toBe(true);
    }
    // The agents ran and their echoes reached what okstra writes (as markers).
    expect(artifacts.ledgerCommits).toContain('carry apiKey raw: ***');
    expect(api.requests.some((r) => r.path.endsWith('/check-runs') || r.path.includes('/check-runs/'))).toBe(true);
    expect(artifacts.requests).toContain('\\\\*\\\\*\\\\*');
    expect(artifacts.requests).toContain('runtimeToken basicAuthShifted2');
    expect(artifacts[reportPath.replace(/\.json$/, '.md')]).toContain('idToken hex');

    for (const [where, text] of Object.entries(artifacts)) {
      for (const [name, key] of Object.entries(keys))
        expect(reveals(text, key), `${name} readable from ${where}`).toBe(false);
    }
  });
});
