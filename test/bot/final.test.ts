import { flatInputs } from '../helpers/contract.js';
import { describe, expect, it } from 'vitest';
import { finalDispatchInputs, parseCommandLine, usageText } from '../../src/core/commands/index.js';
import { delivery, GitHubMock, issueComment, OKSTRA_WORKFLOW, testProbot, useNock } from './harness.js';
import { CONFIG, HEAD_SHA, PLAN_ID, PLAN_PATH, PLAN_TEXT } from './fixtures.js';

useNock();

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const COMMENT_ID = 492700400;
const USER = 'Codertocat';

async function receive(body: string, onPullRequest = true): Promise<void> {
  const probot = await testProbot();
  await probot.receive(delivery('issue_comment.created', issueComment(body, onPullRequest)));
}

/** 👀, the config and the sender's role: what every command that is read costs first. */
function accepted(gh: GitHubMock, role = 'write'): GitHubMock {
  return gh.token().reaction(COMMENT_ID).config(CONFIG).permission(USER, role);
}

describe('/okstra final on a pull request', () => {
  it('on the plan pull request dispatches mode final with the plan read at its head, the pull request, the trigger and the actor', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, headRef: `okstra/${PLAN_ID}/plan` })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .workflow()
      .dispatch()
      .reaction(COMMENT_ID)
      .comment(1);
    await receive('/okstra final');
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'final',
          plan: PLAN_PATH,
          'plan-ref': HEAD_SHA,
          'pr-number': '1',
          trigger: 'comment',
          actor: USER,
        },
      },
    ]);
    expect(gh.bodies.reaction).toEqual([{ content: 'eyes' }, { content: 'rocket' }]);
    const reply = gh.bodies.comment?.[0]?.body as string;
    expect(reply).toContain(`is verifying plan \`${PLAN_ID}\` as a whole`);
    expect(reply).toContain('https://github.com/Codertocat/Hello-World/actions/workflows/okstra.yml');
  });

  it('with --plan on a pull request that does not touch it reads the plan on the default branch: no plan-ref', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, headRef: 'feature/x' })
      .pullFiles(1, [{ filename: 'src/app.ts', status: 'modified' }])
      .file(PLAN_PATH, PLAN_TEXT, 'master')
      .workflow()
      .dispatch()
      .reaction(COMMENT_ID)
      .comment(1);
    await receive(`/okstra final --plan ${PLAN_ID}`);
    expect(gh.bodies.dispatch?.[0]?.inputs).toEqual({
      mode: 'final',
      plan: PLAN_PATH,
      'pr-number': '1',
      trigger: 'comment',
      actor: USER,
    });
  });

  it('refuses a sender below bot.permission: nothing dispatched', async () => {
    const gh = accepted(new GitHubMock(REPO), 'read')
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive('/okstra final');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra takes commands from people with `write` access or more');
  });

  it('refuses on a closed pull request', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA, state: 'closed' })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive('/okstra final');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('this pull request is closed; reopen it to run okstra on it.');
  });

  it('refuses when the workflow on the default branch does not offer mode final, naming what to add', async () => {
    const old = OKSTRA_WORKFLOW.replace(
      '      mode:\n        required: false',
      '      mode:\n        type: choice\n        options: [stage, chain, continue, status]',
    );
    expect(old).not.toBe(OKSTRA_WORKFLOW);
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .workflow(old)
      .reaction(COMMENT_ID)
      .comment(1);
    await receive('/okstra final');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('but not `final` (add `final` to its `options`)');
  });

  it('refuses a plan id it cannot find, naming it', async () => {
    const gh = accepted(new GitHubMock(REPO))
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [])
      .file('.okstra/plans/nope.md', null, 'master')
      .dir('.okstra/plans', 'master', [])
      .reaction(COMMENT_ID)
      .comment(1);
    await receive('/okstra final --plan nope');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('there is no plan with the id `nope`');
  });

  it('is answered on an issue: okstra runs on pull requests', async () => {
    const gh = new GitHubMock(REPO).token().reaction(COMMENT_ID).comment(1);
    await receive('/okstra final', false);
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('okstra runs on pull requests');
  });
});

describe('the final verb', () => {
  const ctx = { providers: ['claude', 'codex', 'gemini'] };

  it('takes --plan and nothing else', () => {
    expect(parseCommandLine('/okstra final', ctx)).toEqual({ ok: true, command: { verb: 'final', plan: null } });
    expect(parseCommandLine('/okstra final --plan my-plan', ctx)).toEqual({
      ok: true,
      command: { verb: 'final', plan: 'my-plan' },
    });
    expect(parseCommandLine('/okstra final 2', ctx)).toEqual({ ok: false, error: 'unexpected `2` after `final`' });
    expect(parseCommandLine('/okstra final --executor codex', ctx)).toEqual({
      ok: false,
      error: '`--executor` is not an option of `final` (options: --plan)',
    });
    expect(parseCommandLine('/okstra final --plan ../x', ctx).ok).toBe(false);
  });

  it('is in the usage text', () => {
    expect(usageText(['claude'])).toContain('`/okstra final [--plan ID]`');
  });

  it('dispatch inputs re-check every value', () => {
    const good = { planPath: PLAN_PATH, planRef: null, prNumber: 3, trigger: 'comment' as const, actor: USER };
    expect(flatInputs(finalDispatchInputs(good))).toEqual({
      mode: 'final',
      plan: PLAN_PATH,
      'pr-number': '3',
      trigger: 'comment',
      actor: USER,
    });
    expect(() => finalDispatchInputs({ ...good, planPath: '../etc/passwd' })).toThrow(/unsafe plan path/);
    expect(() => finalDispatchInputs({ ...good, planRef: 'main' })).toThrow(/bad plan commit/);
    expect(() => finalDispatchInputs({ ...good, prNumber: 0 })).toThrow(/bad pull request number/);
    expect(() => finalDispatchInputs({ ...good, actor: 'x y' })).toThrow(/unexpected actor/);
  });
});
