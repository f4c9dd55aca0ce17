import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGitHubClient, runnerFetch } from '../../src/github/client.js';

describe("the GitHub client's fetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends through the global fetch when the runner names no proxy, looked up at each request', async () => {
    const seen: string[] = [];
    const client = createGitHubClient({
      token: 'ghs_test',
      baseUrl: 'https://ghe.example.test/api/v3',
      log: () => undefined,
      throttle: false,
    });
    // Replaced after the client was made, as an interceptor may be.
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return new Response(JSON.stringify({ head: { sha: 'abc' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    await client.rest.pulls.get({ owner: 'o', repo: 'r', pull_number: 7 });
    expect(seen).toEqual(['https://ghe.example.test/api/v3/repos/o/r/pulls/7']);
  });

  it("sends through @actions/github's proxy-aware fetch when the runner names a proxy", async () => {
    for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
      let globalCalls = 0;
      vi.stubGlobal('fetch', async () => {
        globalCalls++;
        return new Response('{}', { status: 200 });
      });
      // The proxy does not exist: the request fails there, and never reaches the global fetch.
      const proxied = runnerFetch({ [name]: 'http://127.0.0.1:9' });
      await expect(proxied('http://127.0.0.1:9/never')).rejects.toThrow();
      expect(globalCalls).toBe(0);
    }
  });
});
