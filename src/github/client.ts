import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { Scrubber } from '../core/text/scrub.js';
import { timed, timingsOn } from '../process/timings.js';
import { notificationsThroughWritePacer, processWritePacer } from './write-pacer.js';

/**
 * The one Octokit okstra talks to GitHub with: REST methods and pagination
 * (the plugins `@actions/github`'s client is made of) plus retries for
 * server errors and GitHub's rate-limit handling, so a busy API slows a run
 * down instead of failing it. Built from the plugins rather than from
 * `@actions/github`, whose module builds its proxy-aware fetch (undici and
 * the HTTP client, ~150 ms of CPU) as it loads: every stage job paid that on
 * its way to the claim. The runner's proxy is still honoured (runnerFetch).
 */
const OkstraOctokit = Octokit.plugin(restEndpointMethods, paginateRest, retry, throttling);

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
   * The fetch requests go through; default Node's (runnerFetch: the
   * runner's proxy when one is set). Tests inject their own.
   */
  fetch?: typeof fetch;
  /** Tests turn the write pacing (src/core/write-pacing.ts: a burst of 20, then one a second) off; runs keep it. */
  throttle?: boolean;
  /** How often a rate-limited request is retried before it fails. */
  rateLimitRetries?: number;
  /** The retry plugin's backoff unit for server errors (1 s, then 4 s, 9 s); tests shorten it. */
  retryBaseMs?: number;
  /** Scrubs every request's parameters and body of the known secrets before it is sent. */
  scrub?: RequestScrubber;
}

/** What a request needs of a scrubber: a scrubbed copy of its parameters. */
export type RequestScrubber = Pick<Scrubber, 'deep'>;

export function createGitHubClient(o: GitHubClientOptions): GitHubClient {
  const retries = o.rateLimitRetries ?? 2;
  const onLimit =
    (what: string) =>
    (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const again = retryCount < retries;
      o.log(
        `GitHub ${what} on ${options.method} ${options.url}; ${again ? `retrying in ${retryAfter} s` : 'giving up'}`,
      );
      return again;
    };
  const client = new OkstraOctokit({
    auth: o.token,
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    userAgent: 'okstra',
    request: { fetch: o.fetch ?? runnerFetch(process.env) },
    ...(o.retryBaseMs !== undefined ? { retry: { retryAfterBaseValue: o.retryBaseMs } } : {}),
    throttle:
      o.throttle === false
        ? { enabled: false }
        : {
            onRateLimit: onLimit('rate limit'),
            onSecondaryRateLimit: onLimit('secondary rate limit'),
            // The plugin's default lets one write out per second, always: a done stage's few checks and dispatches
            // go out at once instead, within GitHub's documented limits (src/core/write-pacing.ts).
            write: processWritePacer.asGroup(),
            notifications: notificationsThroughWritePacer,
          },
  });
  // Inside the scrubber (which is registered after it), so it names only what the scrubber let out; outside the
  // pacing and retries, so a request's time holds them, as a hop waits for them.
  if (timingsOn())
    client.hook.wrap('request', (request, options) => timed(requestLabel(options), async () => request(options)));
  if (o.scrub) scrubRequests(client, o.scrub);
  return client;
}

/** `gh:<method>:<route>[:<path>]`, one word (parseTiming): the contents API's path says which file a read was. */
function requestLabel(options: { method?: unknown; url?: unknown; path?: unknown }): string {
  const path = typeof options.path === 'string' ? `:${options.path}` : '';
  return `gh:${String(options.method)}:${String(options.url)}${path}`;
}

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/**
 * Node's fetch, unless the runner names a proxy: then `@actions/github`'s
 * proxy-aware fetch (its proxy and no_proxy rules, as before), loaded on the
 * first request so a runner without a proxy never compiles it.
 */
export function runnerFetch(env: Readonly<Record<string, string | undefined>>): typeof fetch {
  // Looked up at each request: an interceptor (a test's) may replace the global fetch after a client was made.
  if (!PROXY_VARIABLES.some((name) => (env[name] ?? '') !== '')) return (input, init) => globalThis.fetch(input, init);
  let proxied: Promise<typeof fetch> | null = null;
  return async (input, init) => {
    proxied ??= import('@actions/github/lib/utils').then(
      (m) => (m.defaults.request?.fetch as typeof fetch | undefined) ?? globalThis.fetch,
    );
    return (await proxied)(input, init);
  };
}

// Transport settings, not content: the headers carry the client's own credential, which must go out.
const TRANSPORT_KEYS = new Set(['headers', 'request', 'baseUrl', 'method', 'mediaType']);

/**
 * Every request this client sends, checks, comments, dispatches, GraphQL,
 * is scrubbed first: its URL template, parameters and body (what okstra
 * wrote) pass the scrubber, so a secret an agent echoed into any of them
 * never reaches GitHub. Registered last, the hook runs outermost: before
 * the retry, throttling and auth hooks, which then send the scrubbed copy.
 * `learn` runs first for each request, for a caller that learns secrets per
 * client (the bot's installation token).
 */
export function scrubRequests(
  client: Pick<GitHubClient, 'hook'>,
  scrub: RequestScrubber,
  learn?: (request: { method: string; url: string }) => Promise<void>,
): void {
  client.hook.wrap('request', async (request, options) => {
    await learn?.({ method: String(options.method), url: String(options.url) });
    // In place: the hooks further in were bound to this very object (before-after-hook), a copy would not reach them.
    const fields = options as Record<string, unknown>;
    for (const [key, value] of Object.entries(fields)) if (!TRANSPORT_KEYS.has(key)) fields[key] = scrub.deep(value);
    return request(options);
  });
}

export { describeApiError, httpStatus } from './errors.js';
