import { describe, expect, it } from 'vitest';
import { DISPATCH_INPUTS, REQUIRED_RUN_NAME } from '../../src/core/commands/index.js';
import { delivery, GitHubMock, issueComment, testProbot, useNock } from './harness.js';
import { CONFIG, HEAD_SHA } from './fixtures.js';

useNock();

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const COMMENT_ID = 492700400;
const USER = 'Codertocat';

async function receive(body: string, onPullRequest: boolean): Promise<void> {
  const probot = await testProbot();
  await probot.receive(delivery('issue_comment.created', issueComment(body, onPullRequest)));
}

/** 👀, the config and the sender's role: what every command that is read costs first. */
function accepted(gh: GitHubMock, role = 'write'): GitHubMock {
  return gh.token().reaction(COMMENT_ID).config(CONFIG).permission(USER, role);
}

describe('/okstra plan on an issue', () => {
  it('dispatches mode plan on the default branch with the issue, the goal text, the actor and the trigger, then 🚀 and a reply', async () => {
    const gh = accepted(new GitHubMock(REPO)).workflow().dispatch().reaction(COMMENT_ID).comment(1);
    await receive('Please plan this.\n\n/okstra plan Keep the public API stable; add a migration', false);
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'plan',
          issue: '1',
          goal: 'Keep the public API stable; add a migration',
          trigger: 'comment',
          actor: USER,
        },
      },
    ]);
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }]);
    const reply = gh.bodies.comment?.[0]?.body as string;
    expect(reply).toContain('is drafting a plan from this issue and your text');
    expect(reply).toContain('https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml');
  });

  it('sends no goal when the command has no text', async () => {
    const gh = accepted(new GitHubMock(REPO)).workflow().dispatch().reaction(COMMENT_ID).comment(1);
    await receive('/okstra plan', false);
    expect(gh.bodies.dispatch?.[0]?.inputs).toEqual({ mode: 'plan', issue: '1', trigger: 'comment', actor: USER });
  });

  it('refuses a sender below bot.permission: nothing dispatched', async () => {
    const gh = accepted(new GitHubMock(REPO), 'read').reaction(COMMENT_ID).comment(1);
    await receive('/okstra plan', false);
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra takes commands from people with `write` access or more');
  });

  it('refuses goal text with an invisible character, and shows the commands', async () => {
    const gh = accepted(new GitHubMock(REPO)).reaction(COMMENT_ID).comment(1);
    await receive('/okstra plan add a cache\u202e and drop the tests', false);
    expect(gh.bodies.dispatch).toBeUndefined();
    const reply = gh.bodies.comment?.[0]?.body as string;
    expect(reply).toContain('the goal text holds the invisible character U+202E; write it as plain text');
    expect(reply).toContain('/okstra plan [text]');
  });

  it('refuses when the default branch workflow predates the planning inputs, naming the inputs to add', async () => {
    const old = [
      'name: okstra',
      `run-name: "${REQUIRED_RUN_NAME}"`,
      'on:',
      '  workflow_dispatch:',
      '    inputs:',
      ...DISPATCH_INPUTS.filter((i) => i !== 'issue' && i !== 'goal').map((i) => `      ${i}: {}`),
      'jobs: {}',
    ].join('\n');
    const gh = accepted(new GitHubMock(REPO)).workflow(old).reaction(COMMENT_ID).comment(1);
    await receive('/okstra plan speed it up', false);
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain(
      "does not declare the inputs `issue`, `goal` of okstra's dispatch contract (docs/action.md; `okstra init --force` writes the current workflow)",
    );
  });

  it("answers the other commands on an issue as before, and `/okstra stage` beside a plan as a pull request's", async () => {
    const gh = accepted(new GitHubMock(REPO)).workflow().dispatch().reaction(COMMENT_ID, 2).comment(1);
    await receive('/okstra plan\n/okstra stage 1', false);
    expect(gh.bodies.dispatch).toHaveLength(1);
    expect(gh.bodies.reaction?.map((r) => r.content)).toEqual(['eyes', 'rocket', 'confused']);
    expect(gh.bodies.comment?.[0]?.body).toContain('- `/okstra stage 1`: okstra runs on pull requests');
  });

  it('is refused on a pull request, pointing at /okstra replan', async () => {
    const gh = accepted(new GitHubMock(REPO)).reaction(COMMENT_ID).comment(1);
    await receive('/okstra plan', true);
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'On a plan pull request, `/okstra replan [text]` drafts its plan again.',
    );
  });
});

describe('/okstra replan on a pull request', () => {
  it('on a plan pull request dispatches mode plan with the pull request, its plan id and the goal text', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, headRef: 'okstra/issue-1-spam-filter/plan' })
      .pullFiles(1, [{ filename: '.okstra/plans/issue-1-spam-filter.md', status: 'added' }])
      .workflow()
      .dispatch()
      .reaction(COMMENT_ID)
      .comment(1);
    await receive('/okstra replan split stage 2 in two', true);
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'plan',
          'pr-number': '1',
          'plan-id': 'issue-1-spam-filter',
          goal: 'split stage 2 in two',
          trigger: 'comment',
          actor: USER,
        },
      },
    ]);
    expect(gh.bodies.comment?.[0]?.body).toContain('is drafting plan `issue-1-spam-filter` again');
  });

  it('is refused on a pull request that is not a plan pull request, and on a fork', async () => {
    for (const pr of [
      { headSha: HEAD_SHA, headRef: 'feature/x' },
      { headSha: HEAD_SHA, headRef: 'okstra/x/plan', headRepo: 'mallory/Hello-World' },
    ]) {
      const gh = accepted(new GitHubMock(REPO)).pull(1, pr).pullFiles(1, []).reaction(COMMENT_ID).comment(1);
      await receive('/okstra replan', true);
      expect(gh.bodies.dispatch).toBeUndefined();
      expect(gh.bodies.comment?.[0]?.body).toContain('this is not a plan pull request');
    }
  });

  it('is refused on an issue before anything is read', async () => {
    const gh = new GitHubMock(REPO).token().reaction(COMMENT_ID).comment(1);
    await receive('/okstra replan', false);
    expect(gh.bodies.reaction).toEqual([{ content: 'confused' }]);
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra runs on pull requests');
  });
});
