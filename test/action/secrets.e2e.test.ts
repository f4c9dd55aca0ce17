import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { agentScratchDir } from '../helpers/git-repos.js';
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

const KEYS = {
  anthropic: 'sk-ant-api03-OKSTRAtestANTHROPICkey0123456789abcdef',
  openai: 'sk-proj-OKSTRAtestOPENAIkey0123456789abcdefghij',
  gemini: 'AIzaOKSTRAtestGEMINIkey0123456789abcdefgh',
  token: 'ghs_OKSTRAtestGITHUBtoken0123456789abcdef',
};

describe('secrets', () => {
  it('no API key reaches any agent (each gets a per-dispatch gateway credential under its own key variable only), and no key or token appears in any output, file, ledger commit or request body', async () => {
    // A QA command that dumps its whole environment.
    const qaDump = join(agentScratchDir('okstra-qa-dump-'), 'qa-env.txt');
    const plan = twoStagePlan().replace(
      '- **Validation:** `test -f src/stage-1.txt`',
      // The file the stage writes first: the command fails at the stage's base (red) and dumps at its head.
      `- **Validation:** \`test -f src/stage-1.txt && env > ${qaDump}\``,
    );
    const project = await makeProject({
      plan,
      agents: { writer: {}, reviewer: {} },
      config: { providers: { writer: { apiKeyEnv: 'ANTHROPIC_API_KEY' }, reviewer: { apiKeyEnv: 'OPENAI_API_KEY' } } },
    });
    // Agents that leak their own key every way they can: stdout (the final message), stderr, the carry, the verifier summary.
    project.script('writer', {
      record: project.recordFile('writer'),
      echoEnv: true,
      stderr: 'my key is {{env.ANTHROPIC_API_KEY}}\n',
      writeFiles: { 'src/stage-1.txt': 'stage 1\n' },
      final: 'Done. (key {{env.ANTHROPIC_API_KEY}})',
      carry: { summary: 'used {{env.ANTHROPIC_API_KEY}}' },
    });
    project.script('reviewer', {
      record: project.recordFile('reviewer'),
      verifierResult: { verdict: 'PASS', summary: 'verified with {{env.OPENAI_API_KEY}}' },
    });

    api = await startFakeApi();
    const inputs = {
      mode: 'stage',
      plan: project.planPath,
      stage: '1',
      report: 'summary,check,comment',
      'github-token': KEYS.token,
      'anthropic-api-key': KEYS.anthropic,
      'openai-api-key': KEYS.openai,
      'gemini-api-key': KEYS.gemini,
    };
    const run = await runAction(project, {
      inputs,
      eventName: 'pull_request',
      payload: pullRequestLabeledPayload(5, project.head, 'okstra:stage-1'),
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);

    // Each provider got a stand-in credential under its own key variable, and no other; the real keys stay in okstra's gateway.
    const [writer] = project.records('writer');
    const [reviewer] = project.records('reviewer');
    expect(writer?.env.ANTHROPIC_API_KEY).toMatch(/^okstra-dispatch-/);
    expect(reviewer?.env.OPENAI_API_KEY).toMatch(/^okstra-dispatch-/);
    expect(writer?.env.ANTHROPIC_API_KEY).not.toBe(reviewer?.env.OPENAI_API_KEY);
    for (const env of [writer?.env ?? {}, reviewer?.env ?? {}])
      for (const key of Object.values(KEYS)) expect(Object.values(env)).not.toContain(key);
    for (const env of [writer?.env ?? {}, reviewer?.env ?? {}]) {
      expect(Object.keys(env).filter((k) => k.startsWith('INPUT_') || k.startsWith('GITHUB_'))).toEqual([]);
      expect(Object.values(env)).not.toContain(KEYS.token);
      expect(Object.values(env)).not.toContain(KEYS.gemini);
    }
    expect(writer?.env.OPENAI_API_KEY).toBeUndefined();
    expect(reviewer?.env.ANTHROPIC_API_KEY).toBeUndefined();

    // What okstra itself produced: the log (minus the runner's own ::add-mask:: commands), files, requests, every commit on the remote.
    const log = (run.stdout + run.stderr)
      .split('\n')
      .filter((l) => !l.startsWith('::add-mask::'))
      .join('\n');
    const remote = new Git(project.bare);
    const everything = {
      log,
      outputs: readFileSync(run.files.output, 'utf8'),
      summary: run.summary,
      state: readFileSync(run.files.state, 'utf8'),
      reportJson: readFileSync(run.outputs['report-json'] as string, 'utf8'),
      qaEnv: readFileSync(qaDump, 'utf8'),
      requests: api.requests.map((r) => r.raw).join('\n'),
      remote: await remote.ok(['log', '--all', '-p', '--format=%H %s%n%b']),
    };
    for (const [where, text] of Object.entries(everything)) {
      for (const [name, key] of Object.entries(KEYS)) expect(text.includes(key), `${name} key in ${where}`).toBe(false);
    }
    // The leaks were there to scrub: the report on the ledger shows where.
    expect(everything.remote).toContain('***');
    // Markdown escapes the stars in the check run and the comment.
    expect(everything.requests).toContain('used \\\\*\\\\*\\\\*');
    expect(api.requests.some((r) => r.path.endsWith('/issues/5/comments') && r.method === 'POST')).toBe(true);
  });
});
