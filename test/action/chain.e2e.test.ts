import { afterEach, describe, expect, it } from 'vitest';
import { isReportComment } from '../../src/core/report/index.js';
import {
  makeProject,
  PASSING_REVIEWER,
  pullRequestLabeledPayload,
  RUN_ATTEMPT,
  RUN_ID,
  runAction,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type AgentScript,
  type FakeApi,
  type RecordedRequest,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const CHECKS = '/repos/octo-org/octo-repo/check-runs';

// Stage 2's file has 100 lines, so findings can cite lines 1..60 of it.
const WRITER_100_LINES: AgentScript = {
  ...WRITER,
  writeFiles: { 'src/stage-{{STAGE}}.txt': Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') + '\n' },
};

/** One blocking finding and 59 minor ones, each citing a line: 60 annotations, two requests. */
const FAILS_STAGE_2: AgentScript = {
  rules: [
    {
      when: { role: 'verifier', stage: 2 },
      do: {
        verifierResult: {
          verdict: 'FAIL',
          findings: Array.from({ length: 60 }, (_, i) => ({
            severity: i === 0 ? 'blocking' : 'minor',
            title: `Finding number ${i + 1}`,
            detail: `Line ${i + 1} is wrong.`,
            file: 'src/stage-2.txt',
            line: i + 1,
          })),
          evidenceRead: ['src/stage-2.txt'],
        },
      },
    },
    { when: { role: 'verifier' }, do: { verifierResult: 'PASS' } },
  ],
};

interface CheckBody {
  name?: string;
  head_sha?: string;
  status?: string;
  conclusion?: string;
  output?: {
    title: string;
    summary: string;
    text?: string;
    annotations?: Array<{
      path: string;
      start_line: number;
      end_line: number;
      annotation_level: string;
      title: string;
      message: string;
    }>;
  };
}

/** What the Checks API requires of every create/update body okstra sends. */
function expectValidCheckBody(r: RecordedRequest): void {
  const b = r.body as CheckBody;
  if (r.method === 'POST') {
    expect(b.name).toMatch(/^okstra: [a-z0-9._-]+ · stage \d+$/);
    expect(b.head_sha).toMatch(/^[0-9a-f]{40}$/);
  }
  if (b.status === 'completed') expect(['success', 'failure', 'neutral', 'cancelled']).toContain(b.conclusion);
  if (b.output) {
    expect(b.output.title.length).toBeGreaterThan(0);
    expect(b.output.title.length).toBeLessThanOrEqual(255);
    expect(b.output.summary.length).toBeLessThanOrEqual(65_535);
    expect((b.output.text ?? '').length).toBeLessThanOrEqual(65_535);
    expect((b.output.annotations ?? []).length).toBeLessThanOrEqual(50);
    for (const a of b.output.annotations ?? []) {
      expect(a.path).not.toMatch(/^\//);
      expect(a.end_line).toBeGreaterThanOrEqual(a.start_line);
      expect(['notice', 'warning', 'failure']).toContain(a.annotation_level);
    }
  }
}

describe('the bundled Action, mode chain, from a pull_request label', () => {
  it('runs stage 1, fails stage 2: the step fails, stage 2 is a failing check with 60 annotations in two requests, and the sticky comment is kept up to date', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER_100_LINES, reviewer: FAILS_STAGE_2 },
    });
    api = await startFakeApi();
    const payload = pullRequestLabeledPayload(7, project.head, 'okstra:run');
    const inputs = {
      mode: 'chain',
      plan: project.planPath,
      report: 'summary,check,comment',
      'github-token': 'ghs_okstraTestToken000000000000000000000',
    };
    const run = await runAction(project, { inputs, eventName: 'pull_request', payload, api });

    expect(run.exitCode, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/^::error::okstra: plan two-stage stage 2: FAIL \(failed\) — /m);
    const rows = await project.ledger();
    expect(rows.map((r) => `${r.stage}:${r.status}`)).toEqual(['1:started', '1:done', '2:started', '2:failed']);
    expect(rows[3]).toMatchObject({
      reason: 'verdict-fail',
      run_id: `gh-${RUN_ID}-${RUN_ATTEMPT}-s2`,
      actor: payload.sender.login,
    });
    expect(run.outputs).toMatchObject({ verdict: 'FAIL', 'run-status': 'failed', stage: '2', 'remaining-queue': '[]' });
    expect(run.summary).toMatch(/PASS — `two-stage` · stage 1/);
    expect(run.summary).toMatch(/FAIL — `two-stage` · stage 2/);

    const checkCalls = api.requests.filter((r) => r.path.startsWith(CHECKS));
    for (const r of checkCalls) expectValidCheckBody(r);
    const calls = checkCalls.map((r) => {
      const b = r.body as CheckBody;
      return `${r.method} ${r.path.slice(CHECKS.length) || '/'} ${b.status ?? '-'} ${b.conclusion ?? '-'} ${b.output?.annotations?.length ?? '-'}`;
    });
    const [first, second] = checkCalls.filter((r) => r.method === 'POST').map((r) => (r.body as CheckBody).name);
    expect([first, second]).toEqual(['okstra: two-stage · stage 1', 'okstra: two-stage · stage 2']);
    // In progress at intake on the PR head, completed with the report; stage 2's 60 annotations take two requests.
    expect(calls).toEqual([
      'POST / in_progress - -',
      'PATCH /9001 completed success 0',
      'POST / in_progress - -',
      'PATCH /9003 completed failure 50',
      'PATCH /9003 - - 10',
    ]);
    for (const r of checkCalls.filter((c) => c.method === 'POST'))
      expect((r.body as CheckBody).head_sha).toBe(project.head);
    expect((checkCalls[3]?.body as CheckBody).output?.title).toMatch(/^FAIL — 1 blocking, 0 major, 59 minor/);

    // One sticky comment per stage, found again by its marker.
    const posted = api.requests
      .filter((r) => r.method === 'POST' && r.path === '/repos/octo-org/octo-repo/issues/7/comments')
      .map((r) => (r.body as { body: string }).body);
    expect(posted).toHaveLength(2);
    expect(isReportComment(posted[0] as string, 'two-stage', 1)).toBe(true);
    expect(isReportComment(posted[1] as string, 'two-stage', 2)).toBe(true);

    // A fix run of stage 2 in a later workflow run: the stage now passes, and its comment is edited, not added.
    project.script('reviewer', PASSING_REVIEWER);
    project.script('writer', { ...WRITER_100_LINES, appendFiles: { 'src/stage-{{STAGE}}.txt': 'fixed\n' } });
    const fix = await runAction(project, {
      inputs: { ...inputs, mode: 'stage', stage: '2' },
      eventName: 'pull_request',
      payload,
      api,
      env: { GITHUB_RUN_ID: '4243' },
    });
    expect(fix.exitCode, fix.stdout).toBe(0);
    expect(fix.outputs).toMatchObject({ verdict: 'PASS', stage: '2' });
    expect((await project.ledger()).map((r) => `${r.stage}:${r.status}:${r.run_id}`).slice(-2)).toEqual([
      '2:started:gh-4243-1-s2',
      '2:done:gh-4243-1-s2',
    ]);
    const edits = api.requests.filter(
      (r) => r.method === 'PATCH' && r.path.startsWith('/repos/octo-org/octo-repo/issues/comments/'),
    );
    expect(edits).toHaveLength(1);
    expect(isReportComment((edits[0]?.body as { body: string }).body, 'two-stage', 2)).toBe(true);
    expect(api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues/7/comments'))).toHaveLength(2);
  });

  it("leaves the bot's check runs alone when the token may not update them, saying so once", async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi({ foreignChecks: [501, 502] });
    const inputs = {
      mode: 'chain',
      plan: project.planPath,
      'check-run-id': '{"1": 501, "2": 502}',
      trigger: 'comment',
      actor: 'mona',
      'github-token': 'ghs_jobToken000000000000000000000000000',
    };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });

    expect(run.exitCode, run.stdout).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${CHECKS}/501`]);
    const notices = run.stdout
      .split('\n')
      .filter((l) => l.includes('Only the GitHub App that created a check run may update it'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^::warning::okstra: GitHub refused to update check run 501 \(HTTP 403/);
    expect((await project.ledger()).map((r) => `${r.stage}:${r.status}:${r.actor}`)).toEqual([
      '1:started:mona',
      '1:done:mona',
      '2:started:mona',
      '2:done:mona',
    ]);
    expect(run.outputs).toMatchObject({ verdict: 'PASS', stage: '2' });
  });

  it("updates the bot's check runs when the token is allowed to", async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi();
    const inputs = {
      mode: 'stage',
      plan: project.planPath,
      stage: '1',
      'check-run-id': '600',
      'pr-number': '7',
      'github-token': 'ghs_appToken0000000000000000000000000000',
    };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path} ${(r.body as CheckBody | null)?.status ?? '-'}`)).toEqual([
      // No lookup of the pull request: the check was handed to the run, and no comment is asked for.
      `PATCH ${CHECKS}/600 in_progress`,
      `PATCH ${CHECKS}/600 completed`,
    ]);
    for (const r of api.requests.filter((x) => x.path.startsWith(CHECKS))) expectValidCheckBody(r);
    expect((api.requests[1]?.body as CheckBody).conclusion).toBe('success');
  });
});
