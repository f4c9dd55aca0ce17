import { GitHub, getOctokitOptions } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

/**
 * The one Octokit okstra talks to GitHub with: `@actions/github`'s client
 * (REST methods, pagination, the runner's proxy settings) plus retries for
 * server errors and GitHub's rate-limit handling, so a busy API slows a run
 * down instead of failing it.
 */
const OkstraOctokit = GitHub.plugin(retry, throttling);

export type GitHubClient = InstanceType<typeof OkstraOctokit>;

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface GitHubClientOptions {
  token: string;
  /**
   * The REST API root: `GITHUB_API_URL` on a runner, which is how GitHub
   * Enterprise Server works (`https://ghe.example.com/api/v3`). Passed in
   * rather than read at import, so the caller decides where it comes from.
   */
  baseUrl: string;
  log: (line: string) => void;
  /**
   * Tests inject the global `fetch`: the default client sends through its
   * own undici dispatcher, which HTTP interceptors such as nock cannot see.
   */
  fetch?: typeof fetch;
  /** Tests turn the write throttle (one write per second) off; runs keep it. */
  throttle?: boolean;
  /** How often a rate-limited request is retried before it fails. */
  rateLimitRetries?: number;
  /** The retry plugin's backoff unit for server errors (1 s, then 4 s, 9 s); tests shorten it. */
  retryBaseMs?: number;
}

export function createGitHubClient(o: GitHubClientOptions): GitHubClient {
  const retries = o.rateLimitRetries ?? 2;
  const onLimit =
    (what: string) =>
    (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const again = retryCount < retries;
      o.log(`GitHub ${what} on ${options.method} ${options.url}; ${again ? `retrying in ${retryAfter} s` : 'giving up'}`);
      return again;
    };
  return new OkstraOctokit(
    getOctokitOptions(o.token, {
      baseUrl: o.baseUrl.replace(/\/+$/, ''),
      userAgent: 'okstra',
      ...(o.fetch ? { request: { fetch: o.fetch } } : {}),
      ...(o.retryBaseMs !== undefined ? { retry: { retryAfterBaseValue: o.retryBaseMs } } : {}),
      throttle: o.throttle === false ? { enabled: false } : { onRateLimit: onLimit('rate limit'), onSecondaryRateLimit: onLimit('secondary rate limit') },
    }),
  );
}

export { describeApiError, httpStatus } from './errors.js';
