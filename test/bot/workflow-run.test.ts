import { describe, expect, it } from 'vitest';
import type { EmitterWebhookEvent } from '@octokit/webhooks';
import { delivery, example, GitHubMock, NOW, OKSTRA_WORKFLOW, testProbot, useNock } from './harness.js';
import {
  CONFIG,
  doneRow,
  failedRow,
  failedStageReport,
  HEAD_SHA,
  passedStageReport,
  PLAN_ID,
  PLAN_PATH,
  PLAN_TEXT,
  startedRow,
} from './fixtures.js';
import { manyFindingsReport } from '../fixtures/reports/build.js';
import { reportFor } from './fixtures.js';
import { reportCommentMarker } from '../../src/core/report/index.js';

useNock();

type RunPayload = EmitterWebhookEvent<'workflow_run.completed'>['payload'];

const REPO = { owner: 'octo-org', repo: 'octo-repo' };
const RUN = 289782451;
const RUN_URL = `https://github.com/octo-org/octo-repo/actions/runs/${RUN}`;
const CHECK = 'okstra: password-reset · stage 2';

/**
 * The workflow_run.completed example of octo-org/octo-repo (run 289782451,
 * attempt 1, on the default branch `master`, head repository the repository
 * itself). Changed: `installation` added (the examples carry none; GitHub
 * sends it to an App), `event` from `repository_dispatch` to
 * `workflow_dispatch` (how the bot starts its runs), `path` and
 * `display_title` set to okstra's workflow and the run-name the bot
 * requires, and `conclusion` as each test says.
 */
function finished(
  title: string,
  conclusion: 'success' | 'failure' | 'cancelled' = 'failure',
  path = '.github/workflows/okstra.yml',
): RunPayload {
  const p = example(
    'workflow_run.completed',
    (e) => typeof (e.workflow_run as { display_title?: unknown }).display_title === 'string',
  );
  p.installation = { id: 1, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  p.workflow_run.event = 'workflow_dispatch';
  p.workflow_run.path = path;
  p.workflow_run.display_title = title;
  p.workflow_run.conclusion = conclusion;
  return p;
}

async function receive(payload: RunPayload, logs: string[] = [], level: 'info' | 'debug' = 'info'): Promise<void> {
  const probot = await testProbot(logs, level);
  await probot.receive(delivery('workflow_run.completed', payload));
}

const runId = (stage: number): string => `gh-${RUN}-1-s${stage}`;

/**
 * A run whose stage 2 ended done: its rows on the ledger (stage 1 done before it unless `rows` says otherwise), its
 * passing report, its check to complete and its report comment to create. What comes after is each test's.
 */
function stage2Passed(rows = [doneRow(1), startedRow(2, runId(2)), doneRow(2, runId(2))]): GitHubMock {
  const gh = new GitHubMock(REPO)
    .token()
    .getCheck(5001, { name: CHECK, status: 'in_progress', headSha: HEAD_SHA })
    .config(CONFIG);
  gh.ledgerCommits(PLAN_ID, rows).file(
    reportPathOf(2),
    JSON.stringify(passedStageReport(2, runId(2))),
    'okstra-ledger',
  );
  return gh.updateCheck(5001).listComments(7, []).comment(7);
}
/** Stage 2's run ends: the bot queues no check and dispatches nothing, and says why. */
async function expectNothingLaunched(gh: GitHubMock, why: string): Promise<void> {
  const logs: string[] = [];
  await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'success'), logs);
  expect(gh.bodies.createCheck).toBeUndefined();
  expect(gh.bodies.dispatch).toBeUndefined();
  expect(logs, logs.join('\n')).toContain(`plan ${PLAN_ID}: nothing dispatched after workflow run ${RUN}: ${why}`);
}
/**
 * Stage 2 ended done and its job went on to stage 3 (claimed in the same run), then was lost: stage 3's newest check
 * on the head is still in progress, marked with `stage3Check`'s run id. Continuing the plan finds stage 3 under way;
 * the run's open checks are then looked up on the same commit.
 */
function lostAfterGoingOn(stage3Check: string): GitHubMock {
  const gh = stage2Passed([doneRow(1), startedRow(2, runId(2)), doneRow(2, runId(2)), startedRow(3, runId(3))]);
  const open = [
    { id: 5001, name: CHECK, status: 'in_progress', externalId: runId(2) },
    { id: 5003, name: 'okstra: password-reset · stage 3', status: 'in_progress', externalId: stage3Check },
  ];
  return gh
    .pull(7, { headSha: HEAD_SHA })
    .pullFiles(7, [])
    .headChecks(HEAD_SHA, open)
    .file(PLAN_PATH, PLAN_TEXT, 'master')
    .workflow(OKSTRA_WORKFLOW, 'master')
    .headChecks(HEAD_SHA, open);
}

const reportPathOf = (stage: number): string => `plans/${PLAN_ID}/reports/stage-${stage}/${runId(stage)}.json`;

describe('workflow_run.completed', () => {
  it('completes a failed stage check as failure with its annotations and a fix-run button, and updates (not duplicates) the report comment', async () => {
    const gh = new GitHubMock(REPO).token().getCheck(5001, { name: CHECK }).config(CONFIG);
    gh.ledgerCommits(PLAN_ID, [startedRow(2, runId(2)), failedRow(2, runId(2))]).file(
      reportPathOf(2),
      JSON.stringify(failedStageReport(2, runId(2))),
      'okstra-ledger',
    );
    gh.updateCheck(5001);
    gh.listComments(7, [
      { id: 10, body: 'nice' },
      { id: 77, body: `${reportCommentMarker(PLAN_ID, 2)}\nolder report` },
    ]).updateComment(77);

    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001'));

    const [update] = gh.bodies['updateCheck:5001'] ?? [];
    expect(update).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      completed_at: NOW.toISOString(),
      details_url: RUN_URL,
      external_id: runId(2),
      actions: [{ label: 'Fix run', description: 'Run this stage again on its branch', identifier: 'fix' }],
    });
    const output = (update as { output: { title: string; summary: string; annotations: unknown[] } }).output;
    expect(output.title).toBe('FAIL — 1 blocking, 0 major, 1 minor, 0 info · QA 2/2');
    expect(output.annotations).toEqual([
      expect.objectContaining({
        path: 'src/server/pipeline.ts',
        start_line: 41,
        annotation_level: 'failure',
        title: '[blocking] F2: Requests over the limit are let through',
      }),
      expect.objectContaining({ path: 'src/limits/bucket.ts', start_line: 18, annotation_level: 'notice' }),
    ]);
    expect(output.summary).toContain('Blocking finding F2 was confirmed by Claude worker.');
    const comment = String(gh.bodies.updateComment?.[0]?.body);
    expect(comment.startsWith(reportCommentMarker(PLAN_ID, 2))).toBe(true);
    expect(comment).toContain('### ❌ FAIL — `password-reset` · stage 2');
    // The full report is the Markdown file the run stored beside the JSON on the ledger branch.
    expect(comment).toContain(
      `https://github.com/octo-org/octo-repo/blob/okstra-ledger/plans/${PLAN_ID}/reports/stage-2/${runId(2)}.md`,
    );
  });

  it('creates the report comment when there is none yet, completes a passed stage as success without a button, and dispatches the stage it made ready', async () => {
    const gh = stage2Passed();
    // Continuing the plan from the rows read once above: stage 3 depends on 2 only, so stage 2's done row made it ready.
    gh.pull(7, { headSha: HEAD_SHA })
      .pullFiles(7, [])
      .headChecks(HEAD_SHA, [])
      .file(PLAN_PATH, PLAN_TEXT, 'master')
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(5003)
      .dispatch();
    const logs: string[] = [];
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'success'), logs);
    expect(gh.bodies['updateCheck:5001']?.[0]).toMatchObject({ conclusion: 'success', actions: [] });
    expect(String(gh.bodies.comment?.[0]?.body).startsWith(reportCommentMarker(PLAN_ID, 2))).toBe(true);
    expect(gh.bodies.createCheck?.map((b) => [b.name, b.head_sha, b.status])).toEqual([
      ['okstra: password-reset · stage 3', HEAD_SHA, 'queued'],
    ]);
    expect(gh.bodies.dispatch?.[0]?.inputs).toEqual({
      mode: 'stage',
      plan: PLAN_PATH,
      stage: '3',
      'pr-number': '7',
      'check-run-id': '5003',
      trigger: 'dispatch',
      // The example run's actor: the ledger's claim rows here name no one.
      actor: 'Codertocat',
    });
    expect(logs).toContain(`plan ${PLAN_ID}: dispatched stage(s) 3 after workflow run ${RUN}`);
  });

  it("leaves a stage whose check is queued on the head to the run that has it: the run's job launched it with the App's token", async () => {
    // The run's check is in progress: its job could update the App's checks, so it went on to the next stages itself.
    const gh = stage2Passed();
    gh.pull(7, { headSha: HEAD_SHA })
      .pullFiles(7, [])
      .headChecks(HEAD_SHA, [
        { id: 5001, name: CHECK, status: 'in_progress' },
        { id: 5003, name: 'okstra: password-reset · stage 3', status: 'queued' },
      ])
      .file(PLAN_PATH, PLAN_TEXT, 'master')
      .workflow(OKSTRA_WORKFLOW, 'master');
    await expectNothingLaunched(gh, 'stage(s) 3 already launched: their checks are queued or in progress');
  });

  it("completes the check of a stage the run's job went on to when the job was lost before it could; another run's check is left alone", async () => {
    const gh = lostAfterGoingOn(runId(3));
    gh.updateCheck(5003);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'failure'));
    expect(gh.bodies['updateCheck:5003']?.[0]).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      external_id: runId(3),
      output: { title: 'No report: the workflow run failed' },
    });
    expect(gh.bodies.dispatch).toBeUndefined();

    // The newest stage 3 check is another run's (a retry started since): not this run's to complete (nock refuses).
    const other = lostAfterGoingOn('gh-999-1-s3');
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'failure'));
    expect(other.bodies['updateCheck:5003']).toBeUndefined();
  });

  it("does not ask for the head's checks after a run whose job left the bot's checks queued (it had no App token, so it launched nothing)", async () => {
    const gh = new GitHubMock(REPO).token().getCheck(5001, { name: CHECK, status: 'queued' }).config(CONFIG);
    gh.ledgerCommits(PLAN_ID, [doneRow(1), startedRow(2, runId(2)), doneRow(2, runId(2))]).file(
      reportPathOf(2),
      JSON.stringify(passedStageReport(2, runId(2))),
      'okstra-ledger',
    );
    gh.updateCheck(5001).listComments(7, []).comment(7);
    gh.pull(7, { headSha: HEAD_SHA })
      .pullFiles(7, [])
      .file(PLAN_PATH, PLAN_TEXT, 'master')
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(5003)
      .dispatch();
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'success'));
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ stage: '3', 'check-run-id': '5003' });
  });

  it('reads the plan named by the run beside its pull request, not after it: one round trip less per hop', async () => {
    const gh = stage2Passed();
    // The pull request is answered once the plan has been asked for, or after a second when it never is before.
    let planAsked = (): void => undefined;
    const asked = new Promise<'plan'>((resolve) => (planAsked = () => resolve('plan')));
    const first = Promise.race([asked, new Promise<'pull request'>((r) => setTimeout(() => r('pull request'), 1000))]);
    gh.pull(7, { headSha: HEAD_SHA, answerAfter: first })
      .pullFiles(7, [])
      .headChecks(HEAD_SHA, [])
      .file(PLAN_PATH, PLAN_TEXT, 'master', REPO, { asked: planAsked })
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(5003)
      .dispatch();
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'success'));
    expect(await first).toBe('plan');
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ stage: '3', 'check-run-id': '5003' });
  });

  it('reads a plan the pull request changes at its head, whatever was asked of the default branch before', async () => {
    const gh = stage2Passed();
    // The default branch's copy says stage 3 has no dependency on 2; the head's copy, the one that counts, is the plan.
    gh.pull(7, { headSha: HEAD_SHA })
      .pullFiles(7, [{ filename: PLAN_PATH }])
      .headChecks(HEAD_SHA, [])
      .file(PLAN_PATH, 'not a plan', 'master')
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(5003)
      .dispatch();
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'success'));
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ stage: '3', 'plan-ref': HEAD_SHA });
  });

  it('dispatches nothing after a done stage while another stage of the plan stands failed, and says why', async () => {
    const gh = stage2Passed([
      startedRow(1, 'gh-50-1-s1'),
      failedRow(1, 'gh-50-1-s1', false),
      startedRow(2, runId(2)),
      doneRow(2, runId(2)),
    ]);
    // The workflow file is read beside the pull request and the plan, before the plan says nothing is ready.
    gh.pull(7, { headSha: HEAD_SHA })
      .pullFiles(7, [])
      .headChecks(HEAD_SHA, [])
      .file(PLAN_PATH, PLAN_TEXT, 'master')
      .workflow(OKSTRA_WORKFLOW, 'master');
    await expectNothingLaunched(
      gh,
      'dispatch paused: stage 1 failed, so no new stage of this plan starts until its fix run passes; held back: stages 1, 3',
    );
  });

  it('sends annotations beyond the first 50 in further updates of the same check', async () => {
    const report = reportFor(manyFindingsReport(120), 2, runId(2));
    const gh = new GitHubMock(REPO).token().getCheck(5001, { name: CHECK }).config(CONFIG);
    gh.ledgerCommits(PLAN_ID, [startedRow(2, runId(2)), failedRow(2, runId(2))]).file(
      reportPathOf(2),
      JSON.stringify(report),
      'okstra-ledger',
    );
    gh.updateCheck(5001, 3).listComments(7, []).comment(7);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001'));
    const updates = gh.bodies['updateCheck:5001'] ?? [];
    expect(updates).toHaveLength(3);
    const counts = updates.map((u) => (u as { output: { annotations: unknown[] } }).output.annotations.length);
    expect(counts[0]).toBe(50);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    expect(updates[1]).not.toHaveProperty('conclusion');
  });

  it('completes the check of a workflow that crashed before writing a report as failure, with a link to the logs', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .getCheck(5001, { name: CHECK })
      .config(CONFIG)
      .ledgerCommits(PLAN_ID, [startedRow(2, runId(2))])
      .updateCheck(5001);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001'));
    expect(gh.bodies['updateCheck:5001']).toEqual([
      {
        status: 'completed',
        conclusion: 'failure',
        completed_at: NOW.toISOString(),
        details_url: RUN_URL,
        external_id: runId(2),
        actions: [{ label: 'Fix run', description: 'Run this stage again on its branch', identifier: 'fix' }],
        output: {
          title: 'No report: the workflow run failed',
          summary: `The workflow run claimed stage 2 (run \`${runId(2)}\`) but ended (failure) before stage 2 wrote a report: it crashed, was refused or timed out. See [the workflow run's logs](${RUN_URL}).`,
          annotations: [],
        },
      },
    ]);
  });

  it('a done row the ledger rules do not believe completes nothing as passed: the check fails without a report and says why', async () => {
    // Written an hour ahead of the bot's clock: beyond the believed skew, so it is not the stage's outcome.
    const ahead = '2026-03-01T13:00:00Z';
    const gh = new GitHubMock(REPO)
      .token()
      .getCheck(5001, { name: CHECK, status: 'in_progress' })
      .config(CONFIG)
      .ledgerCommits(PLAN_ID, [startedRow(2, runId(2)), { ...doneRow(2, runId(2)), at: ahead }])
      .updateCheck(5001);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'success'));
    const [update] = gh.bodies['updateCheck:5001'] ?? [];
    expect(update).toMatchObject({
      conclusion: 'failure',
      external_id: runId(2),
      output: { title: 'No report: the workflow run failed' },
    });
    const summary = (update as { output: { summary: string } }).output.summary;
    expect(summary).toMatch(/ledger row \d+ \(done\) is not believed: written at 2026-03-01T13:00:00Z, .* ahead of/);
    // No stage was made ready by it: nothing is dispatched.
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('completes the check of a workflow that died before touching the ledger', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .getCheck(5001, { name: CHECK })
      .config(CONFIG)
      .ledgerCommits(PLAN_ID, null)
      .updateCheck(5001);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001'));
    expect(gh.bodies['updateCheck:5001']?.[0]).toMatchObject({
      conclusion: 'failure',
      output: { title: 'No report: the workflow run failed' },
    });
  });

  it('a chain: the failed stage fails, the stage after it is skipped, a cancelled run cancels', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .getCheck(5002, { name: CHECK })
      .getCheck(5003, { name: 'okstra: password-reset · stage 3' })
      .config(CONFIG);
    gh.ledgerCommits(PLAN_ID, [startedRow(2, runId(2)), failedRow(2, runId(2))]).file(
      reportPathOf(2),
      JSON.stringify(failedStageReport(2, runId(2))),
      'okstra-ledger',
    );
    gh.updateCheck(5002).listComments(7, []).comment(7).updateCheck(5003);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks {"2":5002,"3":5003}'));
    expect(gh.bodies['updateCheck:5002']?.[0]).toMatchObject({ conclusion: 'failure' });
    expect(gh.bodies['updateCheck:5003']?.[0]).toMatchObject({
      conclusion: 'skipped',
      output: { title: 'Not run: stage 2 failed' },
    });
    expect(gh.bodies['updateCheck:5003']?.[0]).not.toHaveProperty('actions');
  });

  it('completes the other checks when one cannot be read, then fails the delivery so GitHub shows it', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .getCheckFails(5002, 500)
      .getCheck(5003, { name: 'okstra: password-reset · stage 3' });
    gh.ledgerCommits(PLAN_ID, [startedRow(3, runId(3))]).updateCheck(5003);
    const probot = await testProbot();
    await expect(
      probot.receive(delivery('workflow_run.completed', finished('okstra x · pr 7 · checks {"2":5002,"3":5003}'))),
    ).rejects.toThrow(/check run 5002: HTTP 500/);
    expect(gh.bodies['updateCheck:5003']?.[0]).toMatchObject({ conclusion: 'failure' });
  });

  it('completes the checks of a cancelled run as cancelled', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .getCheck(5001, { name: CHECK })
      .config(CONFIG)
      .ledgerCommits(PLAN_ID, [startedRow(2, runId(2))])
      .updateCheck(5001);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'cancelled'));
    expect(gh.bodies['updateCheck:5001']?.[0]).toMatchObject({
      conclusion: 'cancelled',
      output: { title: 'Cancelled' },
    });
  });

  it('leaves a check alone that the workflow already completed and the ledger knows nothing of', async () => {
    new GitHubMock(REPO)
      .token()
      .getCheck(5001, { name: CHECK, status: 'completed' })
      .config(CONFIG)
      .ledgerCommits(PLAN_ID, null);
    await receive(finished('okstra .okstra/plans/password-reset.md · pr 7 · checks 5001', 'failure'));
  });

  it('ignores runs that name no checks (scheduled, by hand, other workflows): no request at all', async () => {
    await receive(
      finished('ci(action): update actions/setup-node digest to 8c91899', 'success', '.github/workflows/test.yml'),
    );
    await receive(finished('okstra  · pr  · checks ', 'success'));
  });

  it("ignores a run of another workflow even when its title looks like okstra's", async () => {
    new GitHubMock(REPO).token().config(CONFIG);
    await receive(finished('okstra x · pr 7 · checks 5001', 'success', '.github/workflows/other.yml'));
  });

  it('ignores a run of another workflow file (say what its run names): only the config that names the workflow is read, no check', async () => {
    // Changed: the path, to another file of the default branch; the title names check 5001 as okstra's would.
    new GitHubMock(REPO).token().config('bot:\n  workflow: agents.yml\n');
    const logs: string[] = [];
    await receive(finished('okstra x · pr 7 · checks 5001', 'failure', '.github/workflows/okstra.yml'), logs, 'debug');
    expect(logs).toContain(
      'ignored workflow run 289782451: it is a run of .github/workflows/okstra.yml, not of .github/workflows/agents.yml',
    );
  });

  describe("trusts only runs okstra dispatched on this repository's default branch: any other is ignored without a request", () => {
    const TITLE = 'okstra .okstra/plans/password-reset.md · pr 7 · checks 5001';
    /** No interceptor is set up: useNock fails the test on any request, and the debug line says why the run was ignored. */
    async function ignored(payload: RunPayload, why: string): Promise<void> {
      const logs: string[] = [];
      await receive(payload, logs, 'debug');
      expect(logs).toContain(`ignored workflow run ${RUN} (.github/workflows/okstra.yml): ${why}`);
    }

    it("a fork pull request's run", async () => {
      // Changed: event `pull_request`, head branch `changes`, head repository a fork (another id and name).
      const p = finished(TITLE);
      p.workflow_run.event = 'pull_request';
      p.workflow_run.head_branch = 'changes';
      p.workflow_run.head_repository = {
        ...p.workflow_run.head_repository,
        id: 4242,
        full_name: 'mallory/octo-repo',
        name: 'octo-repo',
      };
      await ignored(p, 'its event is pull_request, not workflow_dispatch or schedule');
    });

    it('a pull_request-event run of a branch of this repository', async () => {
      // Changed: event `pull_request`, head branch `changes`.
      const p = finished(TITLE);
      p.workflow_run.event = 'pull_request';
      p.workflow_run.head_branch = 'changes';
      await ignored(p, 'its event is pull_request, not workflow_dispatch or schedule');
    });

    it('a dispatched run on another branch (its own copy of the workflow)', async () => {
      // Changed: head branch `changes`.
      const p = finished(TITLE);
      p.workflow_run.head_branch = 'changes';
      await ignored(p, 'it ran on the branch changes, not the default branch master');
    });

    it('a dispatched run whose head repository is another one, or gone', async () => {
      // Changed: head repository a fork with the same name under another owner; then none at all.
      const p = finished(TITLE);
      p.workflow_run.head_repository = { ...p.workflow_run.head_repository, id: 4242, full_name: 'mallory/octo-repo' };
      await ignored(p, 'its head repository is mallory/octo-repo, not octo-org/octo-repo');
      const gone = finished(TITLE);
      (gone.workflow_run as { head_repository: unknown }).head_repository = null;
      await ignored(gone, 'its head repository is unknown');
    });

    it('a run of a tag (no head branch) and a push-event run', async () => {
      // Changed: head branch null; then event `push`.
      const tag = finished(TITLE);
      (tag.workflow_run as { head_branch: unknown }).head_branch = null;
      await ignored(tag, 'it ran on no branch, not the default branch master');
      const push = finished(TITLE);
      push.workflow_run.event = 'push';
      await ignored(push, 'its event is push, not workflow_dispatch or schedule');
    });

    it('the scheduled sweep passes the filter, and names no checks, so it costs no request either', async () => {
      // Changed: event `schedule`, and the title the sweep's run gets (the workflow's name: no checks named).
      await receive({ ...finished('okstra'), workflow_run: { ...finished('okstra').workflow_run, event: 'schedule' } });
    });
  });

  it('leaves a check that is not an okstra stage check alone', async () => {
    new GitHubMock(REPO).token().config(CONFIG).getCheck(5001, { name: 'build' });
    const logs: string[] = [];
    await receive(finished('okstra x · pr 7 · checks 5001'), logs);
    expect(logs.some((l) => l.includes('names check run 5001 (build), which is not an okstra stage check'))).toBe(true);
  });
});
