import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../src/github/client.js';

export const API = 'https://api.github.test';
export const REPO = { owner: 'octo-org', repo: 'octo-repo' };

/**
 * nock intercepts the global fetch, which the client is given here: the
 * default client sends through @actions/github's own undici dispatcher,
 * which nock cannot see. No real network; every interceptor must be used.
 */
export function useNock(): void {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending, 'every interceptor is used').toEqual([]);
  });
  afterAll(() => nock.enableNetConnect());
}

export function client(log: string[] = [], baseUrl = API): GitHubClient {
  return createGitHubClient({
    token: 'ghs_test',
    baseUrl,
    log: (l) => log.push(l),
    fetch: globalThis.fetch,
    throttle: false,
    retryBaseMs: 1,
  });
}
