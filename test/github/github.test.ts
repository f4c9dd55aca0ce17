import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  completeCheck,
  createInProgressCheck,
  isForeignCheckRefusal,
  markInProgress,
} from '../../src/github/checks.js';
import { describeApiError, httpStatus } from '../../src/github/client.js';
import { upsertStickyComment } from '../../src/github/comments.js';
import { pullRequestHead, workflowRunState } from '../../src/github/runs.js';
import {
  FinalReportSchema,
  renderCheckRun,
  reportCommentMarker,
  type FinalReport,
} from '../../src/core/report/index.js';
import { API, client, REPO, useNock } from './setup.js';
import failReport from '../../examples/reports/fail-withheld.json' with { type: 'json' };

useNock();

const AT = new Date('2026-11-29T10:00:00Z');
const SHA = 'a'.repeat(40);

describe('the client', () => {
  it('sends to the API base it is given (GitHub Enterprise Server) with the token', async () => {
    const scope = nock('https://ghe.example.com', { reqheaders: { authorization: 'token ghs_test' } })
      .get('/api/v3/repos/octo-org/octo-repo/pulls/4')
      .reply(200, { number: 4, head: { sha: SHA } });
    expect(await pullRequestHead(client([], 'https://ghe.example.com/api/v3/'), REPO, 4)).toBe(SHA);
    scope.done();
  });

  it('retries a server error and gives a 4xx back at once', async () => {
    nock(API)
      .get('/repos/octo-org/octo-repo/pulls/4')
      .reply(502, { message: 'Bad gateway' })
      .get('/repos/octo-org/octo-repo/pulls/4')
      .reply(200, { number: 4, head: { sha: SHA } });
    expect(await pullRequestHead(client(), REPO, 4)).toBe(SHA);
    nock(API).get('/repos/octo-org/octo-repo/pulls/5').reply(404, { message: 'Not Found' });
    const error = await pullRequestHead(client(), REPO, 5).catch((e: unknown) => e);
    expect(httpStatus(error)).toBe(404);
    expect(describeApiError(error)).toMatch(/^HTTP 404: Not Found/);
  });
});

describe('check runs', () => {
  it('creates a check in progress and marks a handed-over one in progress', async () => {
    const output = { title: 'Running', summary: 'stage 1' };
    nock(API)
      .post('/repos/octo-org/octo-repo/check-runs', {
        name: 'okstra: p · stage 1',
        head_sha: SHA,
        status: 'in_progress',
        started_at: AT.toISOString(),
        output,
        details_url: 'https://github.com/run',
        external_id: 'gh-1-1-s1',
      })
      .reply(201, { id: 11 })
      .patch('/repos/octo-org/octo-repo/check-runs/12', { status: 'in_progress', started_at: AT.toISOString(), output })
      .reply(200, { id: 12 });
    expect(
      await createInProgressCheck(client(), REPO, {
        name: 'okstra: p · stage 1',
        headSha: SHA,
        output,
        at: AT,
        detailsUrl: 'https://github.com/run',
        externalId: 'gh-1-1-s1',
      }),
    ).toBe(11);
    await markInProgress(client(), REPO, 12, { output, at: AT });
  });

  it('completes a check with the rendering, then adds annotations 50 per request', async () => {
    const report = FinalReportSchema.parse(failReport);
    const many = {
      ...report,
      findings: Array.from({ length: 120 }, (_, i) => ({
        ...(report.findings[0] as FinalReport['findings'][number]),
        id: `F${i + 1}`,
        file: 'src/a.ts',
        line: i + 1,
        endLine: null,
        disposition: 'confirmed' as const,
      })),
    };
    const render = renderCheckRun(many);
    expect(render.requests).toHaveLength(3);
    const bodies: unknown[] = [];
    nock(API)
      .patch('/repos/octo-org/octo-repo/check-runs/77', (b: unknown) => bodies.push(b) > 0)
      .times(3)
      .reply(200, { id: 77 });
    expect(await completeCheck(client(), REPO, { id: 77 }, render, { at: AT })).toBe(77);
    const [first, second, third] = bodies as Array<{
      status?: string;
      conclusion?: string;
      output: { annotations: unknown[]; text?: string };
    }>;
    expect(first).toMatchObject({ status: 'completed', conclusion: 'failure', completed_at: AT.toISOString() });
    expect(first?.output.annotations).toHaveLength(50);
    expect(first?.output.text).toEqual(expect.any(String));
    expect(second).not.toHaveProperty('conclusion');
    expect(second?.output.annotations).toHaveLength(50);
    expect(third?.output.annotations).toHaveLength(20);
  });

  it('creates a completed check when it has no id yet', async () => {
    nock(API)
      .post(
        '/repos/octo-org/octo-repo/check-runs',
        (b: { name: string; head_sha: string; status: string; conclusion: string }) =>
          b.name === 'okstra: p · stage 2' &&
          b.head_sha === SHA &&
          b.status === 'completed' &&
          b.conclusion === 'success',
      )
      .reply(201, { id: 99 });
    const id = await completeCheck(
      client(),
      REPO,
      { create: { name: 'okstra: p · stage 2', headSha: SHA } },
      { conclusion: 'success', requests: [{ output: { title: 'PASS', summary: 's', annotations: [] } }] },
      { at: AT },
    );
    expect(id).toBe(99);
  });

  it("recognises GitHub's refusal to let another App's token update a check", async () => {
    nock(API).patch('/repos/octo-org/octo-repo/check-runs/5').reply(403, {
      message: 'Invalid app_id `15368` - check run can only be modified by the GitHub App that created it.',
    });
    const error = await markInProgress(client(), REPO, 5, { output: { title: 't', summary: 's' }, at: AT }).catch(
      (e: unknown) => e,
    );
    expect(isForeignCheckRefusal(error)).toBe(true);
    expect(isForeignCheckRefusal(new Error('boom'))).toBe(false);
  });
});

describe('the sticky comment', () => {
  const marker = reportCommentMarker('p', 2);
  it('edits the comment that carries the marker', async () => {
    nock(API)
      .get('/repos/octo-org/octo-repo/issues/3/comments')
      .query({ per_page: '100' })
      .reply(200, [
        { id: 1, body: 'hello' },
        { id: 2, body: `${reportCommentMarker('p', 1)}\nstage 1` },
        { id: 3, body: `${marker}\nold` },
      ])
      .patch('/repos/octo-org/octo-repo/issues/comments/3', { body: `${marker}\nnew` })
      .reply(200, { id: 3 });
    expect(await upsertStickyComment(client(), REPO, 3, `${marker}\nnew`, (b) => b.startsWith(marker))).toEqual({
      id: 3,
      action: 'updated',
    });
  });

  it('creates one when there is none, looking through every page', async () => {
    nock(API)
      .get('/repos/octo-org/octo-repo/issues/3/comments')
      .query({ per_page: '100' })
      .reply(200, [{ id: 1, body: 'hello' }], {
        link: `<${API}/repos/octo-org/octo-repo/issues/3/comments?per_page=100&page=2>; rel="next"`,
      })
      .get('/repos/octo-org/octo-repo/issues/3/comments')
      .query({ per_page: '100', page: '2' })
      .reply(200, [{ id: 2, body: 'bye' }])
      .post('/repos/octo-org/octo-repo/issues/3/comments', { body: `${marker}\nnew` })
      .reply(201, { id: 4 });
    expect(await upsertStickyComment(client(), REPO, 3, `${marker}\nnew`, (b) => b.startsWith(marker))).toEqual({
      id: 4,
      action: 'created',
    });
  });
});

describe('workflow runs', () => {
  it('tells finished, running and invisible runs apart', async () => {
    nock(API)
      .get('/repos/octo-org/octo-repo/actions/runs/1')
      .reply(200, { id: 1, status: 'completed' })
      .get('/repos/octo-org/octo-repo/actions/runs/2')
      .reply(200, { id: 2, status: 'in_progress' })
      .get('/repos/octo-org/octo-repo/actions/runs/3')
      .reply(404, { message: 'Not Found' });
    expect(await workflowRunState(client(), REPO, 1)).toBe('finished');
    expect(await workflowRunState(client(), REPO, 2)).toBe('running');
    expect(await workflowRunState(client(), REPO, 3)).toBe('unknown');
  });
});
