import { describe, expect, it } from 'vitest';
import type { EmitterWebhookEvent } from '@octokit/webhooks';
import { delivery, example, GitHubMock, OKSTRA_WORKFLOW, testProbot, useNock } from './harness.js';
import { CONFIG, doneRow, failedRow, HEAD_SHA, PLAN_ID, PLAN_PATH, PLAN_TEXT } from './fixtures.js';

useNock();

type CommentPayload = EmitterWebhookEvent<'issue_comment.created'>['payload'];

/** The issue_comment.created example with an installation, made a pull request comment (#1 of Codertocat/Hello-World). */
function prComment(body: string): CommentPayload {
  const p = example('issue_comment.created', (e) => Boolean(e.installation));
  p.comment.body = body;
  p.issue.pull_request = {
    url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
    html_url: 'https://github.com/Codertocat/Hello-World/pull/1',
    diff_url: 'https://github.com/Codertocat/Hello-World/pull/1.diff',
    patch_url: 'https://github.com/Codertocat/Hello-World/pull/1.patch',
    merged_at: null,
  };
  return p;
}

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const COMMENT_ID = 492700400;
const USER = 'Codertocat';
const BRANCH = 'master';
const QUEUED = (what: string): string =>
  `Requested by @${USER} ([comment](https://github.com/Codertocat/Hello-World/issues/1#issuecomment-${COMMENT_ID})). Waiting for the [okstra workflow](https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml) to ${what} of plan \`password-reset\`.`;

async function receive(payload: CommentPayload): Promise<void> {
  const probot = await testProbot([]);
  await probot.receive(delivery('issue_comment.created', payload));
}

/** The token, 👀, the config, a write user, and the pull request that adds the plan. */
function acceptedOnPullRequest(gh: GitHubMock): GitHubMock {
  return gh
    .token()
    .reaction(COMMENT_ID)
    .config(CONFIG)
    .permission(USER, 'write')
    .pull(1, { headSha: HEAD_SHA })
    .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
    .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA);
}

describe('issue_comment.created: /okstra retry N --rebase', () => {
  it('dispatches the fix run with rebase: true and a queued check that says the branch is replayed first', async () => {
    const gh = acceptedOnPullRequest(new GitHubMock(REPO))
      .ledger(PLAN_ID, [doneRow(1), failedRow(2, 'gh-100-1-s2')])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5201)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('main moved; replay it.\n\n/okstra retry 2 --rebase --executor codex'));
    expect(gh.bodies.createCheck?.[0]).toMatchObject({
      name: 'okstra: password-reset · stage 2',
      output: {
        title: 'Queued',
        summary: QUEUED("replay stage 2's preserved branch onto the stage's current base, then run it"),
      },
    });
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: BRANCH,
        inputs: {
          mode: 'stage',
          plan: PLAN_PATH,
          'plan-ref': HEAD_SHA,
          stage: '2',
          'pr-number': '1',
          executor: 'codex',
          'check-run-id': '5201',
          trigger: 'comment',
          actor: USER,
          rebase: 'true',
        },
      },
    ]);
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }]);
  });

  it('a plain `/okstra retry 2` sends no rebase input, so the fix run continues on the recorded base', async () => {
    const gh = acceptedOnPullRequest(new GitHubMock(REPO))
      .ledger(PLAN_ID, [doneRow(1), failedRow(2, 'gh-100-1-s2')])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5202)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('/okstra retry 2'));
    expect(gh.bodies.createCheck?.[0]).toMatchObject({ output: { summary: QUEUED('run stage 2') } });
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ mode: 'stage', stage: '2', 'check-run-id': '5202' });
    expect(gh.bodies.dispatch?.[0]?.inputs).not.toHaveProperty('rebase');
  });

  it('against the workflow of an okstra before the request it is refused naming the input, and nothing is created', async () => {
    const older = OKSTRA_WORKFLOW.replace('      request:\n        required: false\n', '');
    expect(older).not.toContain('request:');
    const gh = acceptedOnPullRequest(new GitHubMock(REPO))
      .ledger(PLAN_ID, [doneRow(1), failedRow(2, 'gh-100-1-s2')])
      .workflow(older, BRANCH)
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra retry 2 --rebase'));
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(String(gh.bodies.comment?.[0]?.body)).toContain(
      "- `/okstra retry 2 --rebase`: the workflow `.github/workflows/okstra.yml` cannot be used: its `workflow_dispatch` does not declare the input `request` of okstra's dispatch contract",
    );
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'confused' }]);
  });

  it('on a stage that has not failed it is refused from the ledger, as a plain retry is', async () => {
    const gh = acceptedOnPullRequest(new GitHubMock(REPO))
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra retry 2 --rebase'));
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(String(gh.bodies.comment?.[0]?.body)).toContain(
      'stage 2 of plan `password-reset` has not failed, so there is nothing to retry',
    );
  });
});
