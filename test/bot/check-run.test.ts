import { describe, expect, it } from 'vitest';
import { delivery, example, GitHubMock, testProbot, useNock } from './harness.js';
import { CONFIG, doneRow, failedRow, PLAN_ID, PLAN_PATH, PLAN_TEXT, startedRow } from './fixtures.js';

useNock();

const CHECK = 'okstra: password-reset · stage 2';

describe('check_run.rerequested', () => {
  /**
   * The rerequested example of github/hello-world (installation 1, sender
   * octocat, no pull request listed, as for a check GitHub cannot tie to one).
   * Changed: the check's name, to an okstra stage check.
   */
  function rerequested() {
    const p = example('check_run.rerequested');
    p.check_run.name = CHECK;
    return p;
  }
  const REPO = { owner: 'github', repo: 'hello-world' };
  const SHA = 'd6fde92930d4715a2b49857d24b940956b26d2d3';

  it('a re-requested failed stage check dispatches a fix run of that stage with a new queued check', async () => {
    const gh = new GitHubMock(REPO).token().pullsForCommit(SHA, [2]).config(CONFIG).permission('octocat', 'maintain');
    // The plan is named by the check (its id), so it is read on the default branch; the pull request changes no plan.
    gh.pull(2, { headSha: SHA })
      .pullFiles(2, [{ filename: 'src/app.ts' }])
      .file(PLAN_PATH, PLAN_TEXT, 'master');
    gh.ledger(PLAN_ID, [doneRow(1), startedRow(2, 'gh-300-1-s2'), failedRow(2, 'gh-300-1-s2')])
      .workflow()
      .createCheck(6001)
      .dispatch();

    const probot = await testProbot();
    await probot.receive(delivery('check_run.rerequested', rerequested()));

    expect(gh.bodies.createCheck?.[0]).toMatchObject({ name: CHECK, head_sha: SHA, status: 'queued' });
    expect(String((gh.bodies.createCheck?.[0] as { output: { summary: string } }).output.summary)).toContain(
      "re-run of [the stage's check](http://github.com/github/hello-world/runs/4)",
    );
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'stage',
          plan: PLAN_PATH,
          stage: '2',
          'pr-number': '2',
          'check-run-id': '6001',
          trigger: 'rerequest',
          actor: 'octocat',
        },
      },
    ]);
  });

  it('answers on the pull request when the stage has since passed', async () => {
    const gh = new GitHubMock(REPO).token().pullsForCommit(SHA, [2]).config(CONFIG).permission('octocat', 'write');
    gh.pull(2, { headSha: SHA })
      .pullFiles(2, [])
      .file(PLAN_PATH, PLAN_TEXT, 'master')
      .ledger(PLAN_ID, [doneRow(1), doneRow(2)])
      .workflow()
      .comment(2);
    const probot = await testProbot();
    await probot.receive(delivery('check_run.rerequested', rerequested()));
    expect(gh.bodies.comment?.[0]?.body).toBe(
      '@octocat okstra did not re-run stage 2 of plan `password-reset` ([check](http://github.com/github/hello-world/runs/4)): stage 2 of plan `password-reset` is already done (run `gh-100-1-s2`).',
    );
  });

  it("ignores a re-run of a check that is not okstra's: no request at all", async () => {
    const probot = await testProbot();
    // Unchanged example: its check is named "randscape".
    await probot.receive(delivery('check_run.rerequested', example('check_run.rerequested')));
  });
});

describe('check_run.requested_action', () => {
  /**
   * The requested_action example of electron/electron (installation 690857,
   * pull request 26764 listed on the check). Changed: the check's name, to an
   * okstra stage check, and the button's identifier as each test says.
   */
  function pressed(identifier: string) {
    const p = example('check_run.requested_action');
    p.check_run.name = CHECK;
    p.requested_action = { identifier };
    return p;
  }
  const REPO = { owner: 'electron', repo: 'electron' };
  const SHA = '5bd5f196a46b8222fb7484f05faba41a73cf34bd';

  it('the "Fix run" button dispatches a fix run of the failed stage', async () => {
    const gh = new GitHubMock(REPO).token(690857).config(CONFIG).permission('codebytere', 'write');
    gh.pull(26764, { headSha: SHA }).pullFiles(26764, []).file(PLAN_PATH, PLAN_TEXT, 'master');
    gh.ledger(PLAN_ID, [doneRow(1), failedRow(2, 'gh-300-1-s2')])
      .workflow()
      .createCheck(6002)
      .dispatch();
    const probot = await testProbot();
    await probot.receive(delivery('check_run.requested_action', pressed('fix')));
    expect(gh.bodies.dispatch?.[0]).toMatchObject({
      inputs: { stage: '2', 'pr-number': '26764', 'check-run-id': '6002', trigger: 'rerequest', actor: 'codebytere' },
    });
  });

  it('refuses a fix run asked for by someone without write access', async () => {
    const gh = new GitHubMock(REPO).token(690857).config(CONFIG).permission('codebytere', 'read').comment(26764);
    const probot = await testProbot();
    await probot.receive(delivery('check_run.requested_action', pressed('fix')));
    expect(gh.bodies.comment?.[0]?.body).toContain('@codebytere has `read` access');
  });

  it("ignores another App's button: no request at all", async () => {
    const probot = await testProbot();
    await probot.receive(delivery('check_run.requested_action', pressed('lgtm|26764')));
  });
});
