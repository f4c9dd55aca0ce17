import { describe, expect, it } from 'vitest';
import type { EmitterWebhookEvent } from '@octokit/webhooks';
import { gitBlobId } from '../../src/core/git-object-id.js';
import type { LedgerRow } from '../../src/core/ledger/index.js';
import { delivery, example, GitHubMock, issueComment, testProbot, useNock } from './harness.js';
import { HEAD_SHA, PLAN_ID, PLAN_PATH, PLAN_TEXT } from './fixtures.js';

useNock();

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const USER = 'Codertocat';
const COMMENT_ID = 492700400;
/** Approval is required (the default); said anyway, since these tests are about it. */
const CONFIG = 'executor: claude\nverifiers: [codex, gemini]\napproval:\n  required: true\n';
const BLOB = gitBlobId(PLAN_TEXT);

function approvedRow(blob: string, approver = 'octocat'): LedgerRow {
  return {
    v: 1,
    plan_id: PLAN_ID,
    status: 'approved',
    at: '2026-03-01T11:00:00Z',
    plan_path: PLAN_PATH,
    plan_blob: blob,
    approver,
    permission: 'write',
    via: 'review',
  };
}

type ReviewPayload = EmitterWebhookEvent<'pull_request_review.submitted'>['payload'];

/**
 * The pull_request_review.submitted example with an installation (pull
 * request #2 of Codertocat/Hello-World, reviewed at its head commit), changed
 * here only in the review's state: none of the examples approves.
 */
function review(state = 'approved'): ReviewPayload {
  const p = example('pull_request_review.submitted', (e) => Boolean(e.installation));
  p.review.state = state as ReviewPayload['review']['state'];
  return p;
}
const REVIEW_ID = 237895671;

async function receiveReview(payload: ReviewPayload, logs: string[] = []): Promise<void> {
  const probot = await testProbot(logs);
  await probot.receive(delivery('pull_request_review.submitted', payload));
}

async function receiveComment(body: string): Promise<void> {
  const probot = await testProbot();
  await probot.receive(delivery('issue_comment.created', issueComment(body, true)));
}

describe('pull_request_review.submitted', () => {
  it("an approving review of a plan pull request by a write user dispatches mode approve with the review's id", async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .pullFiles(2, [{ filename: PLAN_PATH, status: 'added' }])
      .permission(USER, 'write')
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, null)
      .workflow()
      .dispatch();
    await receiveReview(review());
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'approve',
          'pr-number': '2',
          'review-id': String(REVIEW_ID),
          approver: USER,
          plan: PLAN_PATH,
          actor: USER,
        },
      },
    ]);
    // The Action answers a recorded approval; the bot says nothing more.
    expect(gh.bodies.comment).toBeUndefined();
  });

  it('from a read-only user is refused and answered on the pull request, naming the permission; nothing dispatched', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .pullFiles(2, [{ filename: PLAN_PATH, status: 'added' }])
      .permission(USER, 'read')
      .comment(2);
    await receiveReview(review());
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toBe(
      `@${USER} okstra: this review was not recorded as an approval of the plan: approving a plan takes \`write\` access to this repository or more, and @${USER} has \`read\`; okstra recorded no approval.`,
    );
  });

  it('needs approval.permission when the config raises it', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .config('approval:\n  permission: maintain\n')
      .pullFiles(2, [{ filename: PLAN_PATH, status: 'added' }])
      .permission(USER, 'write')
      .comment(2);
    await receiveReview(review());
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('approving a plan takes `maintain` access');
  });

  it('ignores other review states without a request, and approving reviews of pull requests without a plan quietly', async () => {
    new GitHubMock(REPO);
    await receiveReview(review('commented'));
    await receiveReview(review('changes_requested'));
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .pullFiles(2, [{ filename: 'src/app.ts' }]);
    await receiveReview(review());
    expect(gh.bodies.comment).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
  });

  it('ignores a bot reviewer', async () => {
    const p = review();
    // Changed: the reviewer is a GitHub App's bot account.
    if (p.review.user) {
      p.review.user.login = 'renovate[bot]';
      p.review.user.type = 'Bot';
    }
    const logs: string[] = [];
    await receiveReview(p, logs);
    expect(logs).toContain('ignored the approving review of bot account renovate[bot]');
  });

  it('says so, without dispatching, when this content is already approved', async () => {
    const logs: string[] = [];
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .pullFiles(2, [{ filename: PLAN_PATH, status: 'added' }])
      .permission(USER, 'admin')
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, [approvedRow(BLOB)]);
    await receiveReview(review(), logs);
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(logs.join('\n')).toContain(`is already approved at blob \`${BLOB}\``);
  });

  it('refuses while a required Clarification Item has no answer', async () => {
    // Changed: the plan's C3 has no answer yet.
    const plan = PLAN_TEXT.replace('| The existing `Mailer` (Postmark) |', '| |');
    expect(plan).not.toBe(PLAN_TEXT);
    const gh = new GitHubMock(REPO)
      .token()
      .config(CONFIG)
      .pullFiles(2, [{ filename: PLAN_PATH, status: 'added' }])
      .permission(USER, 'write')
      .file(PLAN_PATH, plan, HEAD_SHA)
      .comment(2);
    await receiveReview(review());
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain(
      'the plan cannot be approved while a Clarification Item has no answer',
    );
    expect(gh.bodies.comment?.[0]?.body).toContain('C3: Which mail provider sends the email?');
  });
});

describe('/okstra approve', () => {
  it('from a write user dispatches mode approve with the comment id', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config(CONFIG)
      .permission(USER, 'write')
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'modified' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, [approvedRow('a'.repeat(40))])
      .workflow()
      .dispatch()
      .reaction(COMMENT_ID)
      .comment(1);
    await receiveComment('/okstra approve');
    expect(gh.bodies.dispatch).toEqual([
      {
        ref: 'master',
        inputs: {
          mode: 'approve',
          'pr-number': '1',
          'comment-id': String(COMMENT_ID),
          trigger: 'comment',
          approver: USER,
          plan: PLAN_PATH,
          actor: USER,
        },
      },
    ]);
    expect(gh.bodies.reaction?.at(-1)).toEqual({ content: 'rocket' });
    expect(gh.bodies.comment?.[0]?.body).toContain(`at blob \`${BLOB}\``);
  });

  it('from a user who may command okstra but not approve is refused, naming the permission; nothing dispatched', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config('bot:\n  permission: triage\n')
      .permission(USER, 'read', 'triage')
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .reaction(COMMENT_ID)
      .comment(1);
    await receiveComment('/okstra approve');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('approving a plan takes `write` access to this repository or more');
  });

  it('is refused on a pull request that adds or changes no plan', async () => {
    const gh = new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config(CONFIG)
      .permission(USER, 'write')
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: 'README.md' }])
      .reaction(COMMENT_ID)
      .comment(1);
    await receiveComment('/okstra approve');
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain('this pull request adds or changes no plan in `.okstra/plans`');
  });
});

describe('a stage run of a plan that needs approval', () => {
  /** `/okstra stage 1` on pull request #1, which adds the plan, with `rows` on the ledger. */
  function stageOne(rows: LedgerRow[]): GitHubMock {
    return new GitHubMock(REPO)
      .token()
      .reaction(COMMENT_ID)
      .config(CONFIG)
      .permission(USER, 'write')
      .pull(1, { headSha: HEAD_SHA })
      .pullFiles(1, [{ filename: PLAN_PATH, status: 'added' }])
      .file(PLAN_PATH, PLAN_TEXT, HEAD_SHA)
      .ledger(PLAN_ID, rows)
      .workflow();
  }

  it('is refused before approval with the not-approved message: no check, nothing dispatched', async () => {
    const gh = stageOne([]).reaction(COMMENT_ID).comment(1);
    await receiveComment('/okstra stage 1');
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain(
      `- \`/okstra stage 1\`: plan ${PLAN_ID} is not approved at blob ${BLOB} (approved: no content of it yet); approve it again: approve the pull request that adds or changes the plan (a review that approves it), or comment \`/okstra approve\` on it`,
    );
  });

  it('is dispatched after an approval row for the current blob', async () => {
    const gh = stageOne([approvedRow(BLOB)])
      .createCheck(5101)
      .dispatch()
      .reaction(COMMENT_ID);
    await receiveComment('/okstra stage 1');
    expect(gh.bodies.dispatch?.[0]).toMatchObject({ ref: 'master', inputs: { mode: 'stage', stage: '1' } });
  });

  it('is refused again after the plan changed: the approval was of another blob', async () => {
    const old = 'c'.repeat(40);
    const gh = stageOne([approvedRow(old)])
      .reaction(COMMENT_ID)
      .comment(1);
    await receiveComment('/okstra stage 1');
    expect(gh.bodies.createCheck).toBeUndefined();
    expect(gh.bodies.dispatch).toBeUndefined();
    expect(gh.bodies.comment?.[0]?.body).toContain(
      `plan ${PLAN_ID} is not approved at blob ${BLOB} (approved: ${old} by octocat); approve it again or restore it:`,
    );
  });
});
