import { describe, expect, it } from 'vitest';
import type { EmitterWebhookEvent } from '@octokit/webhooks';
import { delivery, example, GitHubMock, OKSTRA_WORKFLOW, testProbot, useNock } from './harness.js';
import { CONFIG, doneRow, failedRow, HEAD_SHA, PLAN_ID, PLAN_PATH, PLAN_TEXT } from './fixtures.js';

useNock();

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };

/**
 * The pull_request.labeled example (Codertocat/Hello-World #2, installation
 * 1, head ec26c3e…, same repository). Changed: the label's name.
 */
function labeled(name: string): EmitterWebhookEvent<'pull_request.labeled'>['payload'] {
  const p = example('pull_request.labeled');
  if (!p.label) throw new Error('the example has a label');
  p.label.name = name;
  return p;
}

async function receive(payload: EmitterWebhookEvent<'pull_request.labeled'>['payload']): Promise<void> {
  const probot = await testProbot();
  await probot.receive(delivery('pull_request.labeled', payload));
}

function planOnPullRequest(gh: GitHubMock): GitHubMock {
  return gh.pullFiles(2, [{ filename: PLAN_PATH, status: 'added' }]).file(PLAN_PATH, PLAN_TEXT, HEAD_SHA);
}

describe('pull_request.labeled', () => {
  it('okstra:stage-2 runs stage 2 and takes the label off', async () => {
    const gh = new GitHubMock(REPO).token().config(CONFIG).permission('Codertocat', 'write');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(7001)
      .dispatch()
      .removeLabel(2, 'okstra:stage-2');
    await receive(labeled('okstra:stage-2'));
    expect(gh.bodies.createCheck?.[0]).toMatchObject({
      name: 'okstra: password-reset · stage 2',
      head_sha: HEAD_SHA,
      status: 'queued',
    });
    // Dispatched on the default branch (its copy of the workflow runs); the plan the pull request adds is read at its head commit.
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'stage',
          plan: PLAN_PATH,
          'plan-ref': HEAD_SHA,
          stage: '2',
          'pr-number': '2',
          'check-run-id': '7001',
          trigger: 'label',
          actor: 'Codertocat',
        },
      },
    ]);
  });

  it('okstra:run dispatches the stage that can start now in its own workflow run, with its check', async () => {
    const gh = new GitHubMock(REPO).token().config(CONFIG).permission('Codertocat', 'admin');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(7002)
      .dispatch()
      .removeLabel(2, 'okstra:run');
    await receive(labeled('okstra:run'));
    // Stage 3 depends on 2: it is dispatched when stage 2 ends done (workflow_run.completed), not chained here.
    expect(gh.bodies.createCheck?.map((b) => b.name)).toEqual(['okstra: password-reset · stage 2']);
    expect(gh.bodies.dispatch).toHaveLength(1);
    expect(gh.bodies.dispatch?.[0]).toMatchObject({ ref: 'master' });
    expect(gh.bodies.dispatch?.[0]?.inputs).toEqual({
      mode: 'stage',
      plan: PLAN_PATH,
      'plan-ref': HEAD_SHA,
      stage: '2',
      'pr-number': '2',
      'check-run-id': '7002',
      trigger: 'label',
      actor: 'Codertocat',
    });
  });

  it('okstra:run refuses while a stage stands failed: nothing is dispatched until its fix run passes', async () => {
    const gh = new GitHubMock(REPO).token().config(CONFIG).permission('Codertocat', 'admin');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1), failedRow(2, 'gh-101-1-s2')])
      .workflow(OKSTRA_WORKFLOW, 'master')
      .removeLabel(2, 'okstra:run')
      .comment(2);
    await receive(labeled('okstra:run'));
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'dispatch paused: stage 2 failed, so no new stage of this plan starts until its fix run passes',
    );
    expect(gh.bodies.comment?.[0]?.body).toContain('`/okstra retry 2` starts the fix run');
  });

  it('refuses a sender without write access: label off, a reply, nothing started', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .permission('Codertocat', 'read', 'triage')
      .removeLabel(2, 'okstra:run')
      .comment(2);
    await receive(labeled('okstra:run'));
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'okstra did not act on the label `okstra:run`: @Codertocat has `triage` access',
    );
  });

  it('answers a malformed okstra label', async () => {
    const gh = new GitHubMock(REPO).token().removeLabel(2, 'okstra:stage-two').comment(2);
    await receive(labeled('okstra:stage-two'));
    expect(gh.bodies.comment?.[0]?.body).toContain('`two` is not a stage number');
  });

  it('answers when the workflow cannot report back (no run-name), before creating any check', async () => {
    const gh = new GitHubMock(REPO).token().config(CONFIG).permission('Codertocat', 'write');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow('name: okstra\non:\n  workflow_dispatch:\njobs: {}\n', 'master')
      .removeLabel(2, 'okstra:stage-2')
      .comment(2);
    await receive(labeled('okstra:stage-2'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body).toContain('does not declare the inputs `mode`, `plan`');
    expect(body).toContain('its `run-name` must carry the request');
  });

  it("refuses a default branch workflow without the request, which carries the pull request's plan commit", async () => {
    const gh = new GitHubMock(REPO).token().config(CONFIG).permission('Codertocat', 'write');
    const withoutPlanRef = OKSTRA_WORKFLOW.replace('      request:\n        required: false\n', '');
    expect(withoutPlanRef).not.toContain('request:');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(withoutPlanRef, 'master')
      .removeLabel(2, 'okstra:stage-2')
      .comment(2);
    await receive(labeled('okstra:stage-2'));
    expect(String(gh.bodies.comment?.[0]?.body)).toContain('does not declare the input `request`');
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('completes the new check as failure when GitHub refuses the dispatch', async () => {
    const gh = new GitHubMock(REPO).token().config(CONFIG).permission('Codertocat', 'write');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(7004)
      .dispatch('okstra.yml', 422)
      .updateCheck(7004)
      .removeLabel(2, 'okstra:stage-2')
      .comment(2);
    await receive(labeled('okstra:stage-2'));
    expect(gh.bodies['updateCheck:7004']?.[0]).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'The workflow could not be started' },
    });
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'GitHub refused to start `.github/workflows/okstra.yml` (`HTTP 422: Unexpected inputs provided',
    );
  });

  it('ignores other labels: no request at all', async () => {
    await receive(labeled('bug'));
  });
});

describe('pull_request.closed', () => {
  it("cancels the pull request's unfinished okstra runs", async () => {
    // The closed example of Codertocat/Hello-World #2 (installation 1), unchanged.
    const p = example('pull_request.closed');
    const gh = new GitHubMock(REPO).token().config(CONFIG);
    gh.workflowRuns([
      { id: 81, title: `okstra ${PLAN_PATH} · pr 2 · checks {"2":7002,"3":7003}`, status: 'queued' },
      { id: 82, title: `okstra ${PLAN_PATH} · pr 3 · checks 7100`, status: 'in_progress' },
    ]).cancelRun(81);
    const logs: string[] = [];
    const probot = await testProbot(logs);
    await probot.receive(delivery('pull_request.closed', p));
    expect(logs).toContain('cancelled 1 okstra run(s) of PR #2');
    expect(gh.bodies).toEqual({});
  });
});
