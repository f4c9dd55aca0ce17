import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FinalReportSchema } from '../../src/core/report/index.js';
import {
  makeProject,
  PASSING_REVIEWER,
  RUN_ATTEMPT,
  RUN_ID,
  runAction,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type FakeApi,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const HEX40 = /^[0-9a-f]{40}$/;

describe('the bundled Action, mode stage, from workflow_dispatch', () => {
  it('runs the stage in a shallow, detached checkout: branch and ledger commit on the remote, outputs, summary and a completed check', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      shallow: true,
    });
    api = await startFakeApi();
    const inputs = {
      mode: 'stage',
      plan: project.planPath,
      stage: '1',
      report: 'summary,check',
      'github-token': 'ghs_okstraTestToken000000000000000000000',
    };
    const payload = workflowDispatchPayload({ mode: 'stage', plan: project.planPath, stage: '1' });
    const run = await runAction(project, { inputs, eventName: 'workflow_dispatch', payload, api });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

    // The stage branch and the ledger commit landed on the remote.
    const runId = `gh-${RUN_ID}-${RUN_ATTEMPT}-s1`;
    const head = await project.remoteHead('okstra/two-stage/stage-1');
    expect(head).toMatch(HEX40);
    expect(await project.show(head as string, 'src/stage-1.txt')).toBe('stage 1 by Writer worker\n');
    const rows = await project.ledger();
    expect(rows.map((r) => `${r.stage}:${r.status}:${r.run_id}`)).toEqual([`1:started:${runId}`, `1:done:${runId}`]);
    expect(rows[1]).toMatchObject({ head_commit: head, actor: payload.sender.login });
    const reportJson = await project.show('okstra-ledger', `plans/two-stage/reports/stage-1/${runId}.json`);
    expect(FinalReportSchema.parse(JSON.parse(reportJson as string)).run).toMatchObject({
      id: runId,
      trigger: { kind: 'dispatch', actor: payload.sender.login },
      url: `https://github.com/octo-org/octo-repo/actions/runs/${RUN_ID}/attempts/${RUN_ATTEMPT}`,
    });
    expect(await project.show('okstra-ledger', `plans/two-stage/reports/stage-1/${runId}.md`)).toContain('PASS');

    // Outputs, the local JSON copy and the job summary.
    expect(run.outputs).toMatchObject({
      verdict: 'PASS',
      'run-status': 'passed',
      stage: '1',
      branch: 'okstra/two-stage/stage-1',
      'head-commit': head,
      'report-path': `plans/two-stage/reports/stage-1/${runId}.json`,
      'remaining-queue': '[]',
    });
    expect(JSON.parse(run.outputs.usage as string)).toMatchObject({ total: { inputTokens: 0, outputTokens: 0 } });
    expect(JSON.parse(readFileSync(run.outputs['report-json'] as string, 'utf8'))).toMatchObject({
      verdict: { value: 'PASS' },
      stage: { number: 1 },
    });
    expect(run.summary).toContain('PASS');
    expect(run.summary).toContain('two-stage');
    // The plan's spend over every run the ledger records (stand-ins report no usage: zero tokens, nothing priced).
    expect(run.summary).toMatch(/\*\*Plan `two-stage` spent so far\*\* \(1 run\): /);
    // Who the agents ran as, said in the report.
    expect(run.summary).toMatch(/separate unprivileged users/);

    // Each phase is a log group; the first PROGRESS line of each is visible in the group's title.
    for (const phase of ['intake', 'prompts', 'roster', 'execute', 'verify', 'synthesis', 'conformance'])
      expect(run.stdout).toMatch(new RegExp(`^::group::stage 1 · ${phase} · PROGRESS: phase-`, 'm'));

    // No pull request: the check is created on the stage branch head once it is pushed, completed in one request.
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/octo-org/octo-repo/check-runs']);
    expect(api.requests[0]?.body).toMatchObject({
      name: 'okstra: two-stage · stage 1',
      head_sha: head,
      status: 'completed',
      conclusion: 'success',
      external_id: runId,
      output: {
        title: expect.stringMatching(/^PASS — /),
        summary: expect.any(String),
        text: expect.any(String),
        annotations: [],
      },
    });
  });

  it('a dry run claims, pushes and calls nothing, and says what would run', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: {
        mode: 'chain',
        plan: project.planPath,
        'dry-run': 'true',
        report: 'summary,check',
        'github-token': 'ghs_x',
      },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ 'run-status': 'dry-run', verdict: '', 'remaining-queue': '[1,2]' });
    expect(run.stdout).toContain(`would run stage 1 as run gh-${RUN_ID}-${RUN_ATTEMPT}-s1: ready`);
    expect(run.stdout).toContain('would run stage 2');
    expect(run.summary).toContain('okstra dry run');
    expect(await project.remoteHead('okstra-ledger')).toBeNull();
    expect(await project.remoteHead('okstra/two-stage/stage-1')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('names every bad input at once, one error each, and fails the step', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stages', stage: 'two', report: 'summary,email', 'dry-run': 'yes', 'check-run-id': '{"x": 1}' },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(run.exitCode).toBe(1);
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(errors).toEqual([
      '::error::input "mode": got "stages"; expected one of stage, chain, continue, status, reconcile, plan, approve, final, cli-cache-key, event',
      '::error::input "stage": got "two"; expected a positive whole number (a stage of the plan)',
      '::error::input "check-run-id": got "{"x": 1}"; expected a check run id (mode stage) or a JSON object mapping stage numbers to check run ids (mode chain), e.g. {"2": 123, "3": 124}',
      '::error::input "report": got "summary,email"; expected comma-separated targets from summary, check, comment',
      '::error::input "dry-run": got "yes"; expected true or false',
      expect.stringMatching(/^::error::okstra: 5 invalid inputs: /),
    ]);
    expect(api.requests).toEqual([]);
  });

  it('an invalid plan is annotated at its file and line and fails the step', async () => {
    const broken = twoStagePlan().replace('- **Depends-on:** 1', '- **Depends-on:** 9');
    const project = await makeProject({ plan: broken, agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '1' },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^::error file=\.okstra\/plans\/two-stage\.md,line=\d+,col=\d+::/m);
    expect(run.stdout).toMatch(/::error::okstra: \.okstra\/plans\/two-stage\.md is not a valid plan/);
    expect(await project.remoteHead('okstra-ledger')).toBeNull();
  });

  it('a stage that is not ready is refused with its reason and nothing is claimed', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '2' },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      '::error::okstra: stage 2 not run: stage 2 is not ready: it depends on stage 1, which is not done',
    );
    expect(await project.ledger()).toEqual([]);
  });
});
