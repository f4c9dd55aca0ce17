/**
 * Drives the okstra Probot app the way GitHub does: real example payloads
 * from @octokit/webhooks-examples (changed only where a test says so),
 * delivered through `probot.receive` or Probot's HTTP server with a signed
 * request, against a GitHub API nock'd on api.github.com. No other network;
 * every interceptor must be used; request bodies are recorded so tests
 * assert them, not just that a request happened.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { EmitterWebhookEvent, EmitterWebhookEventName } from '@octokit/webhooks';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import nock from 'nock';
import { pino } from 'pino';
import { Probot, ProbotOctokit, Server, type Logger } from 'probot';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createOkstraApp } from '../../bot/index.js';
import type { LedgerRow } from '../../src/core/ledger/index.js';
import { REQUIRED_RUN_NAME, DISPATCH_INPUTS } from '../../src/core/commands/index.js';
import { flatInputs } from '../helpers/contract.js';
import { validateGitHubRequest } from '../helpers/github-openapi.js';
import { appenderSnapshot, rowCommits, withClaims } from './ledger-served.js';

export const API = 'https://api.github.com';
export const NOW = new Date('2026-03-01T12:00:00.000Z');
export const SECRET = 'okstra-test-webhook-secret';
export const INSTALLATION = 1;

// A throwaway key: Probot signs an App JWT with it to ask (nock'd) GitHub for an installation token.
export const PRIVATE_KEY = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
}).privateKey;

/**
 * Probot's Octokit with retries and the write throttle off. Measured here
 * (../shared/research/github-testing.md): `ProbotOctokit.defaults({ throttle:
 * { enabled: false } })` did not turn the throttle off, a subclass does.
 */
export class TestOctokit extends ProbotOctokit {
  constructor(options: ConstructorParameters<typeof ProbotOctokit>[0] = {}) {
    super({ ...options, retry: { enabled: false }, throttle: { enabled: false } });
  }
}

/** A pino logger that keeps each line's message, so tests can read what the bot logged. */
export function captureLogger(lines: string[], level: 'info' | 'debug' = 'info'): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() === '') continue;
        const parsed = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
        lines.push(String(parsed.msg ?? parsed.err?.message ?? line));
      }
      done();
    },
  });
  return pino({ level }, sink);
}

export function probotOptions(logs: string[], level: 'info' | 'debug' = 'info') {
  return { appId: 1, privateKey: PRIVATE_KEY, secret: SECRET, Octokit: TestOctokit, log: captureLogger(logs, level) };
}

/** The app on a Probot that receives deliveries in-process; `level: 'debug'` keeps the debug lines in `logs` too. */
export async function testProbot(logs: string[] = [], level: 'info' | 'debug' = 'info'): Promise<Probot> {
  const probot = new Probot(probotOptions(logs, level));
  await probot.load(createOkstraApp({ now: () => NOW }));
  return probot;
}

/**
 * No real network (the local webhook server excepted). After each test,
 * every interceptor must have been used, and no request may have gone
 * unanswered: a request nothing intercepts fails in the bot, which a
 * handler that swallows errors (a reaction, a prefetch) could otherwise hide.
 */
export function useNock(): void {
  const unmatched: string[] = [];
  // A nock'd reply answers whatever matched; GitHub's API description is what says whether GitHub would have.
  const onNoMatch = (req: { method?: string; path?: string; href?: string }): void => {
    unmatched.push(`${req.method ?? '?'} ${req.href ?? req.path ?? '?'}`);
  };
  beforeAll(() => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    nock.emitter.on('no match', onNoMatch);
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    const stray = unmatched.filter((r) => !r.includes('127.0.0.1')).splice(0);
    unmatched.length = 0;
    const invalid = invalidRequests.splice(0);
    nock.cleanAll();
    expect(pending, 'every interceptor is used').toEqual([]);
    expect(stray, 'every request to GitHub is intercepted').toEqual([]);
    expect(invalid, "every request is valid by GitHub's API description").toEqual([]);
  });
  afterAll(() => {
    nock.emitter.removeListener('no match', onNoMatch);
    nock.enableNetConnect();
  });
}

// ─── payloads ───────────────────────────────────────────────────────────────

// The package's main is a JSON file (CommonJS); its index.d.ts types it.
const definitions = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

/**
 * A copy of a real example payload for `event` (`name.action`). The examples
 * are typed with the older @octokit/webhooks-types; Probot types payloads
 * with @octokit/openapi-webhooks-types. The JSON is the same shape, so the one
 * conversion between the two type families happens here.
 */
export function example<E extends EmitterWebhookEventName>(
  event: E,
  pick: (p: Record<string, unknown>) => boolean = () => true,
): EmitterWebhookEvent<E>['payload'] {
  const [name, action] = event.split('.');
  const def = definitions.find((d) => d.name === name);
  const found = (def?.examples as Array<Record<string, unknown>> | undefined)?.find(
    (e) => e.action === action && pick(e),
  );
  if (!found) throw new Error(`no example for ${event}`);
  return structuredClone(found) as unknown as EmitterWebhookEvent<E>['payload'];
}

/**
 * The one issue_comment.created example with an installation, which is on an
 * issue (#1 of Codertocat/Hello-World, default branch master), with `body`;
 * `onPullRequest` sets `issue.pull_request` as GitHub does on a pull
 * request's comments (none of the examples is one).
 */
export function issueComment(
  body: string,
  onPullRequest: boolean,
): EmitterWebhookEvent<'issue_comment.created'>['payload'] {
  const p = example('issue_comment.created', (e) => Boolean(e.installation));
  p.comment.body = body;
  if (onPullRequest)
    p.issue.pull_request = {
      url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
      html_url: 'https://github.com/Codertocat/Hello-World/pull/1',
      diff_url: 'https://github.com/Codertocat/Hello-World/pull/1.diff',
      patch_url: 'https://github.com/Codertocat/Hello-World/pull/1.patch',
      merged_at: null,
    };
  return p;
}

let deliveries = 0;
export function delivery<E extends EmitterWebhookEventName>(
  event: E,
  payload: EmitterWebhookEvent<E>['payload'],
): EmitterWebhookEvent {
  const [name] = event.split('.');
  return { id: `delivery-${++deliveries}`, name: name as EmitterWebhookEvent['name'], payload } as EmitterWebhookEvent;
}

// ─── the HTTP server ────────────────────────────────────────────────────────

export function sign(body: string, secret = SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Probot's own server (what `npm start` runs), on a free local port, with the okstra app loaded. */
export async function startServer(logs: string[] = []): Promise<{ url: string; stop: () => Promise<void> }> {
  // Probot's Server treats port 0 as "unset" (and takes 3000), so a free port is found first.
  const port = await freePort();
  const server = new Server({
    Probot: Probot.defaults(probotOptions(logs)),
    port,
    host: '127.0.0.1',
    log: captureLogger(logs),
  });
  await server.load(createOkstraApp({ now: () => NOW }));
  await server.start();
  return { url: `http://127.0.0.1:${port}/api/github/webhooks`, stop: () => server.stop() };
}

/** POSTs a delivery as GitHub does: JSON body, event and delivery headers, HMAC-SHA256 signature. */
export async function post(
  url: string,
  event: string,
  payload: unknown,
  signature?: string,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': `delivery-${++deliveries}`,
      'x-hub-signature-256': signature ?? sign(body),
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

// ─── GitHub, nock'd ─────────────────────────────────────────────────────────

export interface Repo {
  owner: string;
  repo: string;
}

type Body = Record<string, unknown>;

export const OKSTRA_WORKFLOW = [
  'name: okstra',
  `run-name: "${REQUIRED_RUN_NAME}"`,
  'on:',
  '  workflow_dispatch:',
  '    inputs:',
  ...DISPATCH_INPUTS.flatMap((i) => [`      ${i}:`, '        required: false']),
  'jobs:',
  '  okstra:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - uses: okstra/okstra@v1',
].join('\n');

/**
 * Interceptors for the REST calls the bot makes, on one repository. Each
 * call adds one interceptor for one request; bodies of writes are recorded
 * in `bodies` under a key named after the call.
 */
export class GitHubMock {
  readonly bodies: Record<string, Body[]> = {};
  /** The inputs of each dispatch as sent: the dispatch contract's named inputs and its request. */
  readonly dispatchWire: Array<Record<string, string>> = [];
  private readonly base: string;

  constructor(readonly repo: Repo) {
    this.base = `/repos/${repo.owner}/${repo.repo}`;
  }

  private scope(): nock.Scope {
    return nock(API).on('request', validateIntercepted);
  }

  private record(key: string): (body: Body) => boolean {
    return (body) => {
      // A dispatch is recorded as the Action reads it (the request unpacked); `dispatchWire` keeps what was sent.
      if (key === 'dispatch') this.dispatchWire.push(body.inputs as Record<string, string>);
      const kept = key === 'dispatch' ? { ...body, inputs: flatInputs(body.inputs as Record<string, unknown>) } : body;
      (this.bodies[key] ??= []).push(kept);
      return true;
    };
  }

  token(installation = INSTALLATION): this {
    this.scope().post(`/app/installations/${installation}/access_tokens`).reply(201, {
      token: 'ghs_installation',
      expires_at: '2099-01-01T00:00:00Z',
      permissions: {},
      repository_selection: 'all',
    });
    return this;
  }

  /**
   * A file's raw text on a ref (null: 404). `ref` undefined: the default branch, as Probot's config loader asks.
   * `asked` is called when the request arrives; `answerAfter` holds the answer until it settles, to show what is
   * asked before the answer.
   */
  file(
    path: string,
    text: string | null,
    ref?: string,
    repo: Repo = this.repo,
    o: { asked?: () => void; answerAfter?: Promise<unknown> } = {},
  ): this {
    const i = this.scope()
      .get(`/repos/${repo.owner}/${repo.repo}/contents/${encodeURIComponent(path)}`)
      .query(ref ? { ref } : {});
    const answer = async (): Promise<nock.ReplyFnResult> => {
      o.asked?.();
      await o.answerAfter;
      return text === null
        ? [404, { message: 'Not Found' }]
        : [200, text, { 'content-type': 'text/plain; charset=utf-8' }];
    };
    i.reply(answer);
    return this;
  }

  /** `.okstra/config.yml` on the default branch, read by Probot's config loader. */
  config(text: string): this {
    return this.file('.okstra/config.yml', text);
  }

  dir(path: string, ref: string, names: string[]): this {
    this.scope()
      .get(`${this.base}/contents/${encodeURIComponent(path)}`)
      .query({ ref })
      .reply(
        200,
        names.map((name) => ({ name, path: `${path}/${name}`, type: 'file', sha: 'f'.repeat(40) })),
      );
    return this;
  }

  permission(login: string, permission: string, roleName = permission): this {
    this.scope()
      .get(`${this.base}/collaborators/${login}/permission`)
      .reply(200, { permission, role_name: roleName, user: { login } });
    return this;
  }

  /** A pull request; its head branch is `changes` unless said otherwise (the examples' pull request #2 uses that name). */
  /** `answerAfter`: the pull request is answered only once it settles, to show what is asked before the answer. */
  pull(
    number: number,
    o: { headSha: string; headRepo?: string | null; headRef?: string; state?: string; answerAfter?: Promise<unknown> },
  ): this {
    const full = `${this.repo.owner}/${this.repo.repo}`;
    const headRepo = o.headRepo === undefined ? full : o.headRepo;
    const body = {
      number,
      state: o.state ?? 'open',
      html_url: `https://github.com/${full}/pull/${number}`,
      head: { sha: o.headSha, ref: o.headRef ?? 'changes', repo: headRepo === null ? null : { full_name: headRepo } },
      base: { repo: { full_name: full } },
    };
    const { answerAfter } = o;
    const i = this.scope().get(`${this.base}/pulls/${number}`);
    if (answerAfter) i.reply(async () => [200, (await answerAfter, body)]);
    else i.reply(200, body);
    return this;
  }

  pullFiles(number: number, files: Array<{ filename: string; status?: string }>): this {
    this.scope()
      .get(`${this.base}/pulls/${number}/files`)
      .query({ per_page: 100 })
      .reply(
        200,
        files.map((f) => ({ filename: f.filename, status: f.status ?? 'modified' })),
      );
    return this;
  }

  /**
   * The plan's ledger as the Action leaves it, read the way launching,
   * approving and `/okstra status` read it: the snapshot its last append
   * wrote, one request. `null` or no rows: the plan has no ledger (no
   * snapshot, then no folder). Terminal rows get their run's claim
   * (withClaims).
   */
  ledger(planId: string, rows: LedgerRow[] | null, branch = 'okstra-ledger', asked?: () => void): this {
    const snapshot = rows && rows.length > 0 ? appenderSnapshot(planId, withClaims(rows), NOW) : null;
    this.file(`plans/${planId}/state.json`, snapshot, branch, this.repo, asked ? { asked } : {});
    if (snapshot === null) this.planFolder(planId, branch, null);
    return this;
  }

  /**
   * The plan's ledger as the Action leaves it, read the way continuing a
   * plan and completing a run's checks read it: every row, from the commits
   * that carry them (the folder first: a snapshot there and no
   * `legacy.json` say the rows are commits and none were frozen by a
   * migration; then the commits API).
   */
  ledgerCommits(planId: string, rows: LedgerRow[] | null, branch = 'okstra-ledger'): this {
    if (rows === null || rows.length === 0) return this.planFolder(planId, branch, null);
    const all = withClaims(rows);
    this.planFolder(planId, branch, ['state.json']);
    const commits = rowCommits(planId, all);
    this.scope()
      .get(`${this.base}/commits`)
      .query({ sha: branch, path: `plans/${planId}`, per_page: 100, page: 1 })
      .reply(200, commits);
    return this;
  }

  /** The plan's folder on the ledger branch: these file names, or (null) no such folder. */
  private planFolder(planId: string, branch: string, names: string[] | null): this {
    const path = `plans/${planId}`;
    const listing = this.scope()
      .get(`${this.base}/contents/${encodeURIComponent(path)}`)
      .query({ ref: branch });
    if (names === null) listing.reply(404, { message: 'Not Found' });
    else
      listing.reply(
        200,
        names.map((name) => ({ name, path: `${path}/${name}`, type: 'file', sha: 'f'.repeat(40) })),
      );
    return this;
  }

  workflow(text: string | null = OKSTRA_WORKFLOW, ref = 'master', name = 'okstra.yml'): this {
    return this.file(`.github/workflows/${name}`, text, ref);
  }

  /** A check created with this id; with `status` 5xx, GitHub failing instead. */
  createCheck(id: number, status = 201): this {
    this.scope()
      .post(`${this.base}/check-runs`, this.record('createCheck'))
      .reply(status, status === 201 ? { id } : { message: 'Server Error' });
    return this;
  }

  updateCheck(id: number, times = 1): this {
    this.scope()
      .patch(`${this.base}/check-runs/${id}`, this.record(`updateCheck:${id}`))
      .times(times)
      .reply(200, { id });
    return this;
  }

  getCheckFails(id: number, status: number): this {
    this.scope().get(`${this.base}/check-runs/${id}`).reply(status, { message: 'Server Error' });
    return this;
  }

  getCheck(id: number, o: { name: string; status?: string; headSha?: string; pullRequests?: number[] }): this {
    this.scope()
      .get(`${this.base}/check-runs/${id}`)
      .reply(200, {
        id,
        name: o.name,
        status: o.status ?? 'queued',
        conclusion: null,
        head_sha: o.headSha ?? 'e'.repeat(40),
        pull_requests: (o.pullRequests ?? []).map((number) => ({ number })),
      });
    return this;
  }

  dispatch(workflow = 'okstra.yml', status = 204): this {
    const i = this.scope().post(`${this.base}/actions/workflows/${workflow}/dispatches`, this.record('dispatch'));
    if (status === 204) i.reply(204);
    else i.reply(status, { message: 'Unexpected inputs provided: ["models"]' });
    return this;
  }

  reaction(commentId: number, times = 1): this {
    this.scope()
      .post(`${this.base}/issues/comments/${commentId}/reactions`, this.record('reaction'))
      .times(times)
      .reply(201, { id: 1 });
    return this;
  }

  comment(number: number): this {
    this.scope().post(`${this.base}/issues/${number}/comments`, this.record('comment')).reply(201, { id: 9001 });
    return this;
  }

  listComments(number: number, comments: Array<{ id: number; body: string }>): this {
    this.scope().get(`${this.base}/issues/${number}/comments`).query({ per_page: 100 }).reply(200, comments);
    return this;
  }

  updateComment(id: number): this {
    this.scope().patch(`${this.base}/issues/comments/${id}`, this.record('updateComment')).reply(200, { id });
    return this;
  }

  removeLabel(number: number, name: string): this {
    this.scope()
      .delete(`${this.base}/issues/${number}/labels/${encodeURIComponent(name)}`)
      .reply(200, []);
    return this;
  }

  workflowRuns(runs: Array<{ id: number; title: string; status: string }>, workflow = 'okstra.yml'): this {
    this.scope()
      .get(`${this.base}/actions/workflows/${workflow}/runs`)
      .query({ per_page: 100 })
      .reply(200, {
        total_count: runs.length,
        workflow_runs: runs.map((r) => ({
          id: r.id,
          display_title: r.title,
          status: r.status,
          html_url: `https://github.com/${this.repo.owner}/${this.repo.repo}/actions/runs/${r.id}`,
        })),
      });
    return this;
  }

  /** The latest check runs of a check suite, as `GET …/check-suites/{id}/check-runs?filter=latest` lists them. */
  suiteChecks(
    suiteId: number,
    checks: Array<{ id: number; name: string; status?: string; conclusion: string | null; title?: string }>,
  ): this {
    const full = `${this.repo.owner}/${this.repo.repo}`;
    const api = `https://api.github.com/repos/${full}`;
    this.scope()
      .get(`${this.base}/check-suites/${suiteId}/check-runs`)
      .query({ filter: 'latest', per_page: 100 })
      .reply(200, {
        total_count: checks.length,
        check_runs: checks.map((c) => ({
          id: c.id,
          name: c.name,
          status: c.status ?? 'completed',
          conclusion: c.conclusion,
          html_url: `https://github.com/${full}/runs/${c.id}`,
          output: {
            title: c.title ?? null,
            summary: null,
            text: null,
            annotations_count: 0,
            annotations_url: `${api}/check-runs/${c.id}/annotations`,
          },
        })),
      });
    return this;
  }

  /** The newest check run of each name on a commit, as `GET …/commits/{sha}/check-runs?filter=latest` lists them. */
  headChecks(sha: string, checks: Array<{ id: number; name: string; status: string; externalId?: string }>): this {
    this.scope()
      .get(`${this.base}/commits/${sha}/check-runs`)
      .query({ filter: 'latest', per_page: 100 })
      .reply(200, {
        total_count: checks.length,
        check_runs: checks.map(({ externalId, ...c }) => ({
          ...c,
          external_id: externalId ?? null,
          conclusion: c.status === 'completed' ? 'success' : null,
        })),
      });
    return this;
  }

  pullsForCommit(sha: string, numbers: number[]): this {
    this.scope()
      .get(`${this.base}/commits/${sha}/pulls`)
      .reply(
        200,
        numbers.map((number) => ({ number, state: 'open' })),
      );
    return this;
  }

  cancelRun(id: number): this {
    this.scope().post(`${this.base}/actions/runs/${id}/cancel`).reply(202, {});
    return this;
  }
}

/** Requests a GitHubMock interceptor answered that GitHub's API description refuses; useNock's afterEach fails on any. */
const invalidRequests: string[] = [];

/** Checks one request nock intercepted against GitHub's API description (`nock(API).on('request', validateIntercepted)`). */
export function validateIntercepted(
  req: { method?: string; path?: string; headers?: Record<string, string | string[] | undefined> },
  _interceptor: unknown,
  body: string,
): void {
  let parsed: unknown;
  try {
    parsed = body === '' ? undefined : JSON.parse(body);
  } catch {
    // Not JSON: the operation's media types decide whether that is right.
    parsed = body;
  }
  const method = req.method ?? '?';
  const path = req.path ?? '?';
  const problems = validateGitHubRequest({ method, path, headers: req.headers, body: parsed });
  if (problems.length > 0) invalidRequests.push(`${method} ${path}: ${problems.join('; ')}`);
}
