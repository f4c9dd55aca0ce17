import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, GitHubMock, OKSTRA_WORKFLOW, post, sign, startServer, useNock } from './harness.js';
import { CONFIG, doneRow, HEAD_SHA, PLAN_ID, PLAN_PATH, PLAN_TEXT } from './fixtures.js';

useNock();

/**
 * Through Probot's own HTTP server (what `npm start` runs), not
 * probot.receive: the request is signed with the webhook secret as GitHub
 * signs it, and a wrongly signed one must never reach the app.
 */
describe("Probot's server", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startServer(logs);
  });
  afterAll(() => server.stop());

  // The issue_comment example with an installation; changed: body, and `issue.pull_request` set to make it a PR comment.
  function payload() {
    const p = example('issue_comment.created', (e) => Boolean(e.installation));
    p.comment.body = '/okstra stage 2';
    p.issue.pull_request = {
      url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
      html_url: 'https://github.com/Codertocat/Hello-World/pull/1',
      diff_url: 'https://github.com/Codertocat/Hello-World/pull/1.diff',
      patch_url: 'https://github.com/Codertocat/Hello-World/pull/1.patch',
    };
    return p;
  }

  it('runs a signed `/okstra stage 2` delivery end to end', async () => {
    const gh = new GitHubMock({ owner: 'Codertocat', repo: 'Hello-World' })
      .token()
      .reaction(492700400)
      .config(CONFIG)
      .permission('Codertocat', 'write');
    gh.pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA);
    gh.ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, 'master')
      .createCheck(8001)
      .dispatch()
      .reaction(492700400);

    const res = await post(server.url, 'issue_comment', payload());

    expect(res.status).toBe(200);
    expect(gh.bodies.dispatch?.[0]).toMatchObject({
      ref: 'master',
      inputs: { stage: '2', 'plan-ref': HEAD_SHA, 'check-run-id': '8001', trigger: 'comment', actor: 'Codertocat' },
    });
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }]);
  });

  it('rejects a delivery signed with another secret, and one with an empty signature, before the app sees them', async () => {
    const body = payload();
    const before = logs.length;
    const wrong = await post(server.url, 'issue_comment', body, sign(JSON.stringify(body), 'not-the-secret'));
    const empty = await post(server.url, 'issue_comment', body, '');
    expect([wrong.status, empty.status]).toEqual([400, 400]);
    expect(wrong.body).toContain('signature does not match event payload and secret');
    // No interceptor is set here: had the app run, its GitHub calls would have failed and logged. Only the refusals are logged.
    expect(
      logs
        .slice(before)
        .every((l) => l.includes('signature does not match') || l.startsWith('POST /api/github/webhooks 400')),
    ).toBe(true);
  });
});
