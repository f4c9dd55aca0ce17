import { describe, expect, it } from 'vitest';
import { startFakeApi } from '../action/harness.js';
import { validateGitHubRequest } from './github-openapi.js';

const SHA = 'a'.repeat(40);
const check = (body: unknown): string[] =>
  validateGitHubRequest({ method: 'POST', path: '/repos/octo-org/octo-repo/check-runs', body });

describe('validateGitHubRequest', () => {
  it('passes a valid check-run create', () => {
    expect(check({ name: 'okstra: stage 1', head_sha: SHA, status: 'in_progress' })).toEqual([]);
  });

  it('names the missing field of a check-run create', () => {
    expect(check({ head_sha: SHA })).toEqual(['checks/create: body /name is required']);
  });

  it('refuses a value outside an enum, naming the operation, the pointer and the allowed values', () => {
    const problems = check({ name: 'n', head_sha: SHA, conclusion: 'great' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^checks\/create: body \/conclusion must be equal to one of the allowed values: .*"success"/,
    );
  });

  it('checks nested values by their pointer', () => {
    const problems = check({ name: 'n', head_sha: SHA, output: { title: 't' } });
    expect(problems).toEqual(['checks/create: body /output/summary is required']);
  });

  it('refuses a top-level field the body schema does not name (a misspelling GitHub would ignore)', () => {
    expect(check({ name: 'n', head_sha: SHA, conclution: 'success' })).toEqual([
      expect.stringMatching(/^checks\/create: body \/conclution is not a field of this operation's request body/),
    ]);
  });

  it('accepts null where the description says nullable', () => {
    // issues/update: `milestone` is a nullable oneOf, `title` a nullable oneOf too.
    expect(
      validateGitHubRequest({ method: 'PATCH', path: '/repos/o/r/issues/3', body: { milestone: null, body: 'b' } }),
    ).toEqual([]);
  });

  it('refuses an unknown path', () => {
    expect(validateGitHubRequest({ method: 'POST', path: '/repos/o/r/foo', body: {} })).toEqual([
      'POST /repos/o/r/foo is not a GitHub API operation (no path of the description matches)',
    ]);
  });

  it('refuses a method the path does not take, listing the ones it does', () => {
    expect(validateGitHubRequest({ method: 'PATCH', path: '/repos/o/r/pulls', body: { state: 'open' } })).toEqual([
      'PATCH /repos/o/r/pulls is not a GitHub API operation (/repos/{owner}/{repo}/pulls takes GET, POST)',
    ]);
  });

  it('passes a PATCH of a pull request with state open', () => {
    expect(validateGitHubRequest({ method: 'PATCH', path: '/repos/o/r/pulls/12', body: { state: 'open' } })).toEqual(
      [],
    );
  });

  it('prefers a literal segment over a parameter', () => {
    // `/pulls/comments` is its own operation, not `/pulls/{pull_number}` with a bad number.
    expect(validateGitHubRequest({ method: 'GET', path: '/repos/o/r/pulls/comments', body: undefined })).toEqual([]);
  });

  it('checks a path parameter against its schema', () => {
    expect(
      validateGitHubRequest({ method: 'PATCH', path: '/repos/o/r/check-runs/abc', body: { conclusion: 'success' } }),
    ).toEqual(['checks/update: path parameter /check_run_id must be integer']);
  });

  it("applies the description's rules between fields: a completed check run needs a conclusion", () => {
    const update = (body: unknown): string[] =>
      validateGitHubRequest({ method: 'PATCH', path: '/repos/o/r/check-runs/7', body });
    expect(update({ status: 'completed', conclusion: 'failure' })).toEqual([]);
    expect(update({ status: 'completed' })).toContain('checks/update: body /conclusion is required');
  });

  it('checks query parameters: their types, enums and names', () => {
    expect(
      validateGitHubRequest({ method: 'GET', path: '/repos/o/r/pulls?state=open&per_page=100', body: undefined }),
    ).toEqual([]);
    expect(
      validateGitHubRequest({
        method: 'GET',
        path: '/repos/o/r/pulls?state=merged&per_page=many&colour=red',
        body: undefined,
      }),
    ).toEqual([
      'pulls/list: query parameter colour is not one this operation takes (state, head, base, sort, direction, per_page, page)',
      expect.stringMatching(/^pulls\/list: query parameter \/state must be equal to one of the allowed values: "open"/),
      'pulls/list: query parameter /per_page must be integer',
    ]);
  });

  it('takes a contents path encoded or with its slashes, and a prefix and a full URL', () => {
    for (const path of ['/repos/o/r/contents/.okstra%2Fconfig.yml?ref=main', '/repos/o/r/contents/.okstra/config.yml'])
      expect(validateGitHubRequest({ method: 'GET', path, body: undefined })).toEqual([]);
    expect(
      validateGitHubRequest({
        method: 'POST',
        path: '/api/v3/repos/o/r/issues/1/comments',
        basePath: '/api/v3',
        body: { body: 'x' },
      }),
    ).toEqual([]);
    expect(
      validateGitHubRequest({ method: 'GET', path: 'https://api.github.com/repos/o/r/issues/1', body: undefined }),
    ).toEqual([]);
  });

  it('refuses a missing required body, a body where none is taken, and JSON under another content type', () => {
    expect(validateGitHubRequest({ method: 'POST', path: '/repos/o/r/pulls', body: undefined })).toEqual([
      'pulls/create: a request body is required',
    ]);
    expect(
      validateGitHubRequest({ method: 'POST', path: '/repos/o/r/actions/runs/1/cancel', body: { force: true } }),
    ).toEqual(['actions/cancel-workflow-run: the operation takes no request body, but one was sent']);
    expect(
      validateGitHubRequest({
        method: 'POST',
        path: '/repos/o/r/issues/1/comments',
        headers: { 'Content-Type': 'text/plain' },
        body: { body: 'x' },
      }),
    ).toEqual([
      'issues/create-comment: a JSON request body sent as text/plain (GitHub reads it as application/json only)',
    ]);
  });

  it('names every missing field of a pull request create', () => {
    expect(validateGitHubRequest({ method: 'POST', path: '/repos/o/r/pulls', body: { title: 't' } })).toEqual([
      'pulls/create: body /head is required',
      'pulls/create: body /base is required',
    ]);
  });
});

describe("the Action's fake GitHub API validates what it receives", () => {
  const post = (url: string, body: unknown): Promise<Response> =>
    fetch(`${url}/repos/octo-org/octo-repo/check-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers an invalid request 422 with the problems, and close() then fails listing it', async () => {
    const api = await startFakeApi();
    expect((await post(api.url, { name: 'n', head_sha: SHA })).status).toBe(201);
    const refused = await post(api.url, { head_sha: SHA });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: 'Validation Failed',
      errors: [{ code: 'invalid', message: 'checks/create: body /name is required' }],
    });
    expect(api.invalidRequests).toEqual([
      {
        method: 'POST',
        url: '/repos/octo-org/octo-repo/check-runs',
        problems: ['checks/create: body /name is required'],
      },
    ]);
    await expect(api.close()).rejects.toThrow(
      'the fake GitHub API received 1 invalid request(s):\n  POST /repos/octo-org/octo-repo/check-runs\n    checks/create: body /name is required',
    );
  });

  it('closes quietly when every request was valid', async () => {
    const api = await startFakeApi();
    expect((await post(api.url, { name: 'n', head_sha: SHA })).status).toBe(201);
    await expect(api.close()).resolves.toBeUndefined();
    expect(api.invalidRequests).toEqual([]);
  });
});
