import { describe, expect, it } from 'vitest';
import { delivery, example, GitHubMock, testProbot, useNock } from './harness.js';
import { CONFIG, doneRow, failedRow, PLAN_ID, PLAN_PATH, PLAN_TEXT } from './fixtures.js';

useNock();

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const SUITE = 118578147;
const SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const INSTALLATION = 957387;
const stageCheck = (n: number): string => `okstra: ${PLAN_ID} · stage ${n}`;
const checkUrl = (id: number): string => `https://github.com/Codertocat/Hello-World/runs/${id}`;

/**
 * The check_suite.rerequested example of Codertocat/Hello-World (suite
 * 118578147 on pull request #2's head, installation 957387, default branch
 * master), whose sender is the bot account `octocoders-linter[bot]`.
 * Changed, except where a test says otherwise: the sender, to the user
 * Codertocat (a person pressing "Re-run all checks").
 */
function rerequested(asPerson = true) {
  const p = example('check_suite.rerequested');
  if (asPerson) p.sender = { ...p.sender, login: 'Codertocat', type: 'User' };
  return p;
}

async function receive(payload: ReturnType<typeof rerequested>, logs: string[] = []): Promise<void> {
  const probot = await testProbot(logs);
  await probot.receive(delivery('check_suite.rerequested', payload));
}

describe('check_suite.rerequested ("Re-run all checks")', () => {
  it('re-runs the failed okstra stages of the suite, and only them, with the gates checked once', async () => {
    const gh = new GitHubMock(REPO).token(INSTALLATION);
    gh.suiteChecks(SUITE, [
      { id: 11, name: stageCheck(1), conclusion: 'success' },
      { id: 12, name: stageCheck(2), conclusion: 'failure' },
      { id: 13, name: stageCheck(3), conclusion: 'skipped' },
      { id: 14, name: 'build', conclusion: 'failure' },
    ]);
    gh.config(CONFIG)
      .permission('Codertocat', 'write')
      .pull(2, { headSha: SHA })
      .pullFiles(2, [{ filename: 'src/app.ts' }])
      .file(PLAN_PATH, PLAN_TEXT, 'master');
    gh.ledger(PLAN_ID, [doneRow(1), failedRow(2, 'gh-300-1-s2')])
      .workflow()
      .createCheck(6001)
      .dispatch();

    await receive(rerequested());

    expect(gh.bodies.createCheck).toHaveLength(1);
    expect(gh.bodies.createCheck?.[0]).toMatchObject({ name: stageCheck(2), head_sha: SHA, status: 'queued' });
    expect(String((gh.bodies.createCheck?.[0] as { output: { summary: string } }).output.summary)).toContain(
      `re-run of [the stage's check](${checkUrl(12)})`,
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
          actor: 'Codertocat',
        },
      },
    ]);
  });

  it('re-runs every failed stage (a timed-out one too), and answers the one that cannot run again in one comment', async () => {
    const gh = new GitHubMock(REPO).token(INSTALLATION);
    gh.suiteChecks(SUITE, [
      { id: 12, name: stageCheck(2), conclusion: 'failure' },
      { id: 11, name: stageCheck(1), conclusion: 'timed_out' },
    ]);
    gh.config(CONFIG).permission('Codertocat', 'admin').pull(2, { headSha: SHA }).pullFiles(2, []);
    // Stage 1 first (sorted by plan and stage): its run failed without a report and left nothing on the ledger, so it is ready.
    gh.file(PLAN_PATH, PLAN_TEXT, 'master').ledger(PLAN_ID, null).workflow().createCheck(6001).dispatch();
    // Stage 2 waits for stage 1, which is not done.
    gh.file(PLAN_PATH, PLAN_TEXT, 'master').ledger(PLAN_ID, null).workflow().comment(2);

    await receive(rerequested());

    expect(gh.bodies.dispatch?.map((d) => (d.inputs as { stage: string }).stage)).toEqual(['1']);
    expect(gh.bodies.comment).toEqual([
      {
        body: `@Codertocat okstra did not re-run stage 2 of plan \`${PLAN_ID}\` ([check](${checkUrl(12)})): stage 2 of plan \`${PLAN_ID}\` waits for stage 1, not done yet.`,
      },
    ]);
  });

  it('re-runs a stage a provider outage left neutral, and leaves a neutral one that was only not its turn', async () => {
    const gh = new GitHubMock(REPO).token(INSTALLATION);
    gh.suiteChecks(SUITE, [
      { id: 11, name: stageCheck(1), conclusion: 'success' },
      {
        id: 12,
        name: stageCheck(2),
        conclusion: 'neutral',
        title: 'Provider unavailable — claude: 429 quota exhausted',
      },
      { id: 13, name: stageCheck(3), conclusion: 'neutral', title: 'Not run: not-ready' },
    ]);
    gh.config(CONFIG)
      .permission('Codertocat', 'write')
      .pull(2, { headSha: SHA })
      .pullFiles(2, [{ filename: 'src/app.ts' }])
      .file(PLAN_PATH, PLAN_TEXT, 'master');
    gh.ledger(PLAN_ID, [doneRow(1)])
      .workflow()
      .createCheck(6001)
      .dispatch();

    await receive(rerequested());

    expect(gh.bodies.createCheck?.map((c) => (c as { name: string }).name)).toEqual([stageCheck(2)]);
    expect(gh.bodies.dispatch?.map((d) => (d.inputs as { stage: string }).stage)).toEqual(['2']);
    expect(gh.bodies.comment).toBeUndefined();
  });

  it('starts nothing when no okstra check of the suite failed: the suite is listed, nothing else', async () => {
    const gh = new GitHubMock(REPO).token(INSTALLATION);
    gh.suiteChecks(SUITE, [
      { id: 11, name: stageCheck(1), conclusion: 'success' },
      { id: 12, name: stageCheck(2), status: 'queued', conclusion: null },
      { id: 14, name: 'build', conclusion: 'failure' },
    ]);
    const logs: string[] = [];
    await receive(rerequested(), logs);
    expect(gh.bodies.comment).toBeUndefined();
    expect(logs).toContain(`re-run of check suite ${SUITE}: no okstra stage check of it failed; nothing to do`);
  });

  it('refuses a sender without write access, once for all the failed stages', async () => {
    const gh = new GitHubMock(REPO).token(INSTALLATION);
    gh.suiteChecks(SUITE, [
      { id: 12, name: stageCheck(2), conclusion: 'failure' },
      { id: 13, name: stageCheck(3), conclusion: 'failure' },
    ]);
    gh.config(CONFIG).permission('Codertocat', 'read').comment(2);
    await receive(rerequested());
    expect(gh.bodies.comment).toEqual([
      {
        body: `@Codertocat okstra did not re-run stage 2 of plan \`${PLAN_ID}\` ([check](${checkUrl(12)})), stage 3 of plan \`${PLAN_ID}\` ([check](${checkUrl(13)})): @Codertocat has \`read\` access to this repository; okstra takes commands from people with \`write\` access or more.`,
      },
    ]);
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('refuses a closed pull request and a fork pull request, as a check re-run does', async () => {
    const closed = new GitHubMock(REPO)
      .token(INSTALLATION)
      .suiteChecks(SUITE, [{ id: 12, name: stageCheck(2), conclusion: 'failure' }]);
    closed
      .config(CONFIG)
      .permission('Codertocat', 'write')
      .pull(2, { headSha: SHA, state: 'closed' })
      .pullFiles(2, [])
      .comment(2);
    await receive(rerequested());
    expect(closed.bodies.comment?.[0]?.body).toContain('this pull request is closed');

    const fork = new GitHubMock(REPO)
      .token(INSTALLATION)
      .suiteChecks(SUITE, [{ id: 12, name: stageCheck(2), conclusion: 'failure' }]);
    fork
      .config(CONFIG)
      .permission('Codertocat', 'write')
      .pull(2, { headSha: SHA, headRepo: 'mallory/Hello-World' })
      .pullFiles(2, [])
      .comment(2);
    await receive(rerequested());
    expect(fork.bodies.comment?.[0]?.body).toContain('comes from the fork `mallory/Hello-World`');
    expect(fork.bodies.dispatch).toBeUndefined();
  });

  it('looks the pull request up by the commit when the payload lists none, and starts nothing when no open one has it', async () => {
    // Changed as well: the payload's pull request list emptied, as GitHub sends it for a fork's commit.
    const p = rerequested();
    p.check_suite.pull_requests = [];
    const gh = new GitHubMock(REPO)
      .token(INSTALLATION)
      .suiteChecks(SUITE, [{ id: 12, name: stageCheck(2), conclusion: 'failure' }])
      .pullsForCommit(SHA, []);
    const logs: string[] = [];
    await receive(p, logs);
    expect(gh.bodies.comment).toBeUndefined();
    expect(logs).toContain(
      `re-run of check suite ${SUITE} on ${SHA}: no open pull request has that commit; nothing to do`,
    );
  });

  it('ignores the unchanged example, whose sender is a bot account: no request at all', async () => {
    const logs: string[] = [];
    await receive(rerequested(false), logs);
    expect(logs).toContain(`ignored a re-run of check suite ${SUITE} requested by bot account octocoders-linter[bot]`);
  });
});
