import nock from 'nock';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InputName } from '../../src/action/inputs.js';
import type { ActionIo } from '../../src/action/io.js';
import { runAction } from '../../src/action/main.js';
import { useNock } from '../github/setup.js';
import { makeProject, PASSING_REVIEWER, twoStagePlan, workflowDispatchPayload, WRITER } from './harness.js';

/**
 * runAction in-process, with a fake runner (ActionIo) and nock standing in for
 * the API through an injected fetch: the wiring below the entry point,
 * without a child process.
 */

const API = 'https://ghe.example.com/api/v3';

useNock();

interface FakeRunner extends ActionIo {
  exitCode: number | null;
  log: string[];
  outputs: Record<string, string>;
  failed: string[];
  secrets: string[];
  summaries: string[];
}

function fakeRunner(): FakeRunner {
  const r: FakeRunner = {
    exitCode: null,
    setExitCode: (code) => (r.exitCode = code),
    log: [],
    outputs: {},
    failed: [],
    secrets: [],
    summaries: [],
    info: (l) => r.log.push(l),
    warning: (m) => r.log.push(`warning: ${m}`),
    error: (m) => r.log.push(`error: ${m}`),
    startGroup: (t) => r.log.push(`group: ${t}`),
    endGroup: () => undefined,
    setOutput: (n, v) => (r.outputs[n] = v),
    setSecret: (v) => r.secrets.push(v),
    saveState: () => undefined,
    setFailed: (m) => r.failed.push(m),
    summary: async (m) => void r.summaries.push(m),
    now: () => new Date(),
  };
  return r;
}

function inputs(given: Partial<Record<InputName, string>>): (name: InputName) => string {
  return (name) => given[name] ?? '';
}

describe('runAction in-process', () => {
  it('fails on bad inputs with every message, before touching git or the API', async () => {
    const runner = fakeRunner();
    await runAction({
      io: runner,
      readInput: inputs({ mode: 'chain', stage: '1' }),
      env: {},
      cwd: '/nonexistent',
      fetch: globalThis.fetch,
    });
    expect(runner.failed).toEqual([
      'okstra: 2 invalid inputs: input "plan" is required with mode chain (the plan file, e.g. .okstra/plans/my-plan.md); input "stage": got "1"; expected no value with mode chain (use "stages")',
    ]);
    expect(runner.log.filter((l) => l.startsWith('error: '))).toHaveLength(2);
  });

  it("runs a stage against GHES's API base, masking the token and updating the bot's check through the injected fetch", async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    const eventPath = join(project.scratch, 'event.json');
    writeFileSync(eventPath, JSON.stringify(workflowDispatchPayload({})));
    const bodies: Array<{ status?: string; conclusion?: string }> = [];
    nock(API, { reqheaders: { authorization: 'token ghs_inProcess000000000000000000000000000' } })
      .patch('/repos/octo-org/octo-repo/check-runs/55', (b: { status?: string }) => bodies.push(b) > 0)
      .times(2)
      .reply(200, { id: 55 });
    const runner = fakeRunner();
    const env: Record<string, string | undefined> = {
      ...process.env,
      GITHUB_API_URL: API,
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      GITHUB_RUN_ID: '7',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_WORKSPACE: project.workspace,
      RUNNER_TEMP: project.scratch,
      'INPUT_GITHUB-TOKEN': 'ghs_inProcess000000000000000000000000000',
    };
    const given = {
      mode: 'stage',
      plan: project.planPath,
      stage: '1',
      'check-run-id': '55',
      'github-token': 'ghs_inProcess000000000000000000000000000',
    };
    await runAction({ io: runner, readInput: inputs(given), env, cwd: project.workspace, fetch: globalThis.fetch });

    expect(runner.failed, runner.log.join('\n')).toEqual([]);
    expect(runner.outputs).toMatchObject({
      verdict: 'PASS',
      stage: '1',
      'report-path': 'plans/two-stage/reports/stage-1/gh-7-1-s1.json',
    });
    // The token, then the forms git sends it in (the header line and its base64), masked when okstra builds them for pushes.
    const basic = Buffer.from('x-access-token:ghs_inProcess000000000000000000000000000').toString('base64');
    expect(runner.secrets).toEqual([
      'ghs_inProcess000000000000000000000000000',
      `AUTHORIZATION: basic ${basic}`,
      basic,
    ]);
    expect(env['INPUT_GITHUB-TOKEN']).toBeUndefined();
    expect(bodies.map((b) => `${b.status}:${b.conclusion ?? '-'}`)).toEqual(['in_progress:-', 'completed:success']);
    expect(runner.summaries.join('')).toContain('PASS');
  });

  it('a stage whose executor CLI is missing: a neutral check with the reason, and the step exits 3', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { providers: { writer: { command: '/nonexistent/okstra-missing-cli --yes' } } },
    });
    const eventPath = join(project.scratch, 'event.json');
    writeFileSync(eventPath, JSON.stringify(workflowDispatchPayload({})));
    const bodies: Array<{ status?: string; conclusion?: string; output?: { title?: string } }> = [];
    nock(API)
      .patch('/repos/octo-org/octo-repo/check-runs/56', (b: { status?: string }) => bodies.push(b) > 0)
      .times(2)
      .reply(200, { id: 56 });
    const runner = fakeRunner();
    const env: Record<string, string | undefined> = {
      ...process.env,
      GITHUB_API_URL: API,
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      GITHUB_RUN_ID: '8',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_WORKSPACE: project.workspace,
      RUNNER_TEMP: project.scratch,
    };
    const given = { mode: 'stage', plan: project.planPath, stage: '1', 'check-run-id': '56', 'github-token': 'ghs_x' };
    await runAction({ io: runner, readInput: inputs(given), env, cwd: project.workspace, fetch: globalThis.fetch });

    expect(runner.outputs['run-status'], runner.log.join('\n')).toBe('unavailable');
    expect(runner.failed).toHaveLength(1);
    expect(runner.failed[0]).toMatch(
      /stage 1: FAIL \(unavailable\) — Writer worker could not work: its CLI is not installed/,
    );
    expect(runner.exitCode).toBe(3);
    expect(bodies.map((b) => `${b.status}:${b.conclusion ?? '-'}`)).toEqual(['in_progress:-', 'completed:neutral']);
    expect(bodies[1]?.output?.title).toBe(
      'Provider unavailable — Writer worker could not work: its CLI is not installed',
    );
  });
});
