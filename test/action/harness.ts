/**
 * Runs the BUNDLED Action exactly as a GitHub runner does: `node
 * dist/index.js` (bundled from the current sources by test/global-setup.ts)
 * with `INPUT_<NAME>` variables that keep their hyphens, the event payload
 * in `GITHUB_EVENT_PATH`, the file commands (`GITHUB_OUTPUT`,
 * `GITHUB_STEP_SUMMARY`, `GITHUB_STATE`), `GITHUB_API_URL` pointing at a
 * local HTTP server that stands in for the API and records every request,
 * and a clone of a bare repository (`origin`) as the workspace. The agents
 * are scripted stand-ins (test/fixtures/agents/scripted-agent.mjs) wired in
 * as command providers in `.okstra/config.yml` on the default branch.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { inject } from 'vitest';
import { stringify } from 'yaml';
import { createRequire } from 'node:module';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { Git } from '../../src/git/git.js';
import { isStageRow, type LedgerRow, type StageRow } from '../../src/core/ledger/index.js';
import { tempDir } from '../helpers/git-repos.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';
import { readRecords } from '../helpers/records.js';
import { validateGitHubRequest } from '../helpers/github-openapi.js';

const here = dirname(fileURLToPath(import.meta.url));
export const SCRIPTED_AGENT = join(here, '..', 'fixtures', 'agents', 'scripted-agent.mjs');
export const REPO = { owner: 'octo-org', repo: 'octo-repo' };
export const RUN_ID = '4242';
export const RUN_ATTEMPT = '1';

export type AgentScript = Record<string, unknown>;

// ─── the repository ────────────────────────────────────────────────────────

export interface ProjectOptions {
  /** The plan's Markdown (committed on main). */
  plan: string;
  /** Provider name → its script; the first is the executor unless config.executor says otherwise. */
  agents: Record<string, AgentScript>;
  /** Extra config keys; `providers.<name>` entries are merged into the generated ones. */
  config?: Record<string, unknown>;
  /** Extra files on main. */
  files?: Record<string, string>;
  /** Files changed on a pull request branch `feature` (the checkout then is its head, unless `checkout` says main). */
  prFiles?: Record<string, string>;
  /** The plan is added by the pull request (committed with prFiles), not on main. */
  planOnPullRequest?: boolean;
  /** Where origin holds the pull request's commit (default refs/heads/feature; e.g. refs/pull/7/head, as GitHub keeps it). */
  pullRef?: string;
  /** What the workspace checks out: the pull request's head (default when there is one) or main. */
  checkout?: 'main' | 'pull-request';
  /** Clone like actions/checkout's default: depth 1. */
  shallow?: boolean;
}

export interface Project {
  bare: string;
  workspace: string;
  scratch: string;
  planId: string;
  planPath: string;
  /** The commit the workspace checked out (detached). */
  head: string;
  main: string;
  /** The pull request's head commit, when there is one. */
  prHead: string | null;
  script(name: string, s: AgentScript): void;
  recordFile(name: string): string;
  records(
    name: string,
  ): Array<{ role: string; worker: string; stage: string; pid: number; prompt: string; env: Record<string, string> }>;
  /** The plan's stage rows on the remote's ledger branch (plan-level rows left out). */
  ledger(): Promise<StageRow[]>;
  /** Every row of a plan (this one by default) on the remote's ledger branch, plan-level rows included. */
  allLedgerRows(planId?: string): Promise<LedgerRow[]>;
  /** A file on a branch of the remote, or null. */
  show(ref: string, path: string): Promise<string | null>;
  remoteHead(ref: string): Promise<string | null>;
}

export async function makeProject(o: ProjectOptions): Promise<Project> {
  const root = tempDir('okstra-action-');
  const scratch = join(root, 'scratch');
  mkdirSync(scratch);
  // The stand-ins run as okstra's agent users and write their records here.
  chmodSync(scratch, 0o1777);
  const scriptFile = (name: string): string => join(scratch, `${name}.script.json`);
  const script = (name: string, s: AgentScript): void => writeFileSync(scriptFile(name), JSON.stringify(s, null, 2));
  const recordFile = (name: string): string => join(scratch, `${name}.record.jsonl`);

  const extra = o.config ?? {};
  const extraProviders = (extra.providers ?? {}) as Record<string, Record<string, unknown>>;
  const providers: Record<string, Record<string, unknown>> = {};
  for (const [name, s] of Object.entries(o.agents)) {
    script(name, s);
    providers[name] = {
      command: `${process.execPath} ${SCRIPTED_AGENT} --script ${scriptFile(name)}`,
      ...extraProviders[name],
    };
  }
  for (const [name, p] of Object.entries(extraProviders)) if (!providers[name]) providers[name] = p;
  const names = Object.keys(o.agents);
  const config = {
    executor: names[0],
    verifiers: names.slice(1),
    excludeExecutorFromVerifiers: true,
    convergence: { rounds: 1 },
    // Stage tests run their plan unapproved; the approval tests ask for it (`config: { approval: { required: true } }`).
    approval: { required: false },
    // Stage and chain tests assert exact request lists: the hand-off after the last stage is asked for by the final-mode tests.
    handoff: { auto: false },
    ...extra,
    providers,
  };

  const planId = /^id: (\S+)$/m.exec(o.plan)?.[1];
  if (!planId) throw new Error('the plan has no id');
  const planPath = `.okstra/plans/${planId}.md`;

  const seed = join(root, 'seed');
  mkdirSync(seed);
  const git = new Git(seed);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  const write = (files: Record<string, string>): void => {
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(dirname(join(seed, rel)), { recursive: true });
      writeFileSync(join(seed, rel), content);
    }
  };
  write({
    'README.md': '# project\n',
    '.okstra/config.yml': stringify(config),
    ...(o.planOnPullRequest ? {} : { [planPath]: o.plan }),
    ...o.files,
  });
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'plan and config']);
  const main = await git.ok(['rev-parse', 'HEAD']);
  let checkout = 'main';
  let prHead: string | null = null;
  if (o.prFiles || o.planOnPullRequest) {
    await git.ok(['checkout', '--quiet', '-b', 'feature']);
    write({ ...o.prFiles, ...(o.planOnPullRequest ? { [planPath]: o.plan } : {}) });
    await git.ok(['add', '--all']);
    await git.ok(['commit', '--quiet', '-m', 'a pull request that edits the rules']);
    prHead = await git.ok(['rev-parse', 'HEAD']);
    await git.ok(['checkout', '--quiet', 'main']);
    checkout = o.checkout === 'main' ? 'main' : 'feature';
  }
  const bare = join(root, 'origin.git');
  await new Git(root).ok(['clone', '--quiet', '--bare', seed, bare]);
  if (prHead && o.pullRef && o.pullRef !== 'refs/heads/feature') {
    if (checkout !== 'main')
      throw new Error('a pull request kept only under another ref cannot be cloned by branch: check out main');
    await new Git(bare).ok(['update-ref', o.pullRef, prHead]);
    await new Git(bare).ok(['branch', '--quiet', '-D', 'feature']);
  }
  const workspace = join(root, 'workspace');
  // file:// so --depth is honoured, as it is for actions/checkout's fetch.
  await new Git(root).ok([
    'clone',
    '--quiet',
    ...(o.shallow ? ['--depth=1'] : []),
    '--branch',
    checkout,
    `file://${bare}`,
    workspace,
  ]);
  const ws = new Git(workspace);
  await ws.ok(['checkout', '--quiet', '--detach', `origin/${checkout}`]);
  const head = await ws.ok(['rev-parse', 'HEAD']);
  const remote = new Git(bare);

  return {
    bare,
    workspace,
    scratch,
    planId,
    planPath,
    head,
    main,
    prHead,
    script,
    recordFile,
    records: (name) => readRecords(recordFile(name)),
    show: async (ref, path) => {
      const r = await remote.run(['show', `${ref}:${path}`]);
      return r.exitCode === 0 ? r.stdout : null;
    },
    remoteHead: (ref) => remote.resolveCommit(`refs/heads/${ref}`),
    ledger: async () => (await ledgerRowsAt(remote, planId)).filter(isStageRow),
    allLedgerRows: (id = planId) => ledgerRowsAt(remote, id),
  };
}

// ─── the API stand-in ──────────────────────────────────────────────────────

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  raw: string;
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  /** Requests GitHub's API description refuses (each was answered 422 and is in `requests` too); `close` fails when any. */
  invalidRequests: InvalidRequest[];
  /** The pull requests the fake keeps, by number. */
  pulls: Map<number, FakePull>;
  /** Every comment posted through the API: the issue or pull request it is on and its body. */
  posted: Array<{ id: number; issue: number; body: string }>;
  /** Stops the server, then throws when any request was not a valid GitHub API request (a test's afterEach awaits it). */
  close(): Promise<void>;
}

export interface InvalidRequest {
  method: string;
  /** With the query string. */
  url: string;
  problems: string[];
}

/** Throws, listing them, when the fake received requests GitHub's API description refuses. */
export function assertValidRequests(api: Pick<FakeApi, 'invalidRequests'>): void {
  if (api.invalidRequests.length === 0) return;
  const list = api.invalidRequests.map((r) => `${r.method} ${r.url}\n    ${r.problems.join('\n    ')}`).join('\n  ');
  throw new Error(`the fake GitHub API received ${api.invalidRequests.length} invalid request(s):\n  ${list}`);
}

export interface FakeApiOptions {
  /** Check run ids that another App created: updating them is refused with 403, as GitHub does. */
  foreignChecks?: number[];
  prHead?: string;
  /** Workflow run id → status (default completed). */
  runs?: Record<string, string>;
  /** Issues the API serves (mode plan reads its goal from one). */
  issues?: Record<number, { title: string; body: string }>;
  /** Where a branch points on the remote: the head of the pull requests the fake keeps (mode plan creates them). */
  resolveBranch?: (branch: string) => Promise<string | null>;
  /** Pull request reviews by id (mode approve reads one back). */
  reviews?: Record<number, FakeReview>;
  /** Comments by id the API serves besides the ones the run posts. */
  issueComments?: Record<number, { issue: number; login: string; type?: string; body: string }>;
  /** Login → collaborator permission answer (default: none, as for a stranger). */
  permissions?: Record<string, { permission: string; role_name?: string }>;
  /**
   * Whose token the run holds, which is who a pull request it opens is by (`user.login`): the job's
   * GITHUB_TOKEN (`github-actions[bot]`, the default) or the okstra App's installation token (`okstra[bot]`).
   */
  token?: 'github-token' | 'app';
  /**
   * Sees each request as it is recorded (a test that waits on what the run sent, not on a clock); a promise it
   * returns holds the answer until it settles (a round trip still under way when the test acts).
   */
  onRequest?: (r: RecordedRequest) => void | Promise<void>;
}

export interface FakeReview {
  pull: number;
  login: string;
  type?: string;
  state: string;
  commit_id: string;
  body?: string;
  submitted_at?: string;
}

/** A pull request the fake keeps: opened by a run (POST /pulls) or given by a test. */
export interface FakePull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  state: string;
  /** The files it changes, as GET /pulls/{n}/files lists them. */
  files: Array<{ filename: string; status: string }>;
  draft?: boolean;
  /** Who opened it (default: the token's account). */
  author?: string;
}

/** A local server standing in for the REST API: enough of checks, issues comments, pulls and workflow runs. */
export async function startFakeApi(o: FakeApiOptions = {}): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const invalidRequests: InvalidRequest[] = [];
  let nextId = 9000;
  const comments: Array<{ id: number; body: string }> = [];
  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-ratelimit-remaining': '4999' });
    res.end(JSON.stringify(body));
  };
  const pulls = new Map<number, FakePull>();
  const posted: Array<{ id: number; issue: number; body: string }> = [];
  const html = (kind: string, n: number | string): string =>
    `https://github.com/${REPO.owner}/${REPO.repo}/${kind}/${n}`;
  const tokenLogin = o.token === 'app' ? 'okstra[bot]' : 'github-actions[bot]';
  const pullJson = async (p: FakePull): Promise<unknown> => ({
    number: p.number,
    state: p.state,
    title: p.title,
    body: p.body,
    draft: p.draft ?? false,
    user: { login: p.author ?? tokenLogin, type: 'Bot' },
    html_url: html('pull', p.number),
    head: {
      ref: p.head,
      sha: (await o.resolveBranch?.(p.head)) ?? '0'.repeat(40),
      repo: { full_name: `${REPO.owner}/${REPO.repo}` },
    },
    base: { ref: p.base, repo: { full_name: `${REPO.owner}/${REPO.repo}` } },
  });
  const planningRoute = async (
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    res: ServerResponse,
  ): Promise<boolean> => {
    const base = `/repos/${REPO.owner}/${REPO.repo}`;
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = new RegExp(`^${base}/issues/(\\d+)$`).exec(path))) {
      const n = Number(m[1]);
      const issue = o.issues?.[n];
      if (!issue) return (send(res, 404, { message: 'Not Found' }), true);
      return (
        send(res, 200, { number: n, title: issue.title, body: issue.body, html_url: html('issues', n), state: 'open' }),
        true
      );
    }
    if (method === 'GET' && path === `${base}/pulls`) {
      const head = query.get('head');
      const found = [...pulls.values()].filter(
        (p) => p.state === (query.get('state') ?? 'open') && (!head || `${REPO.owner}:${p.head}` === head),
      );
      return (send(res, 200, await Promise.all(found.map(pullJson))), true);
    }
    if (method === 'POST' && path === `${base}/pulls`) {
      const b = body as { title?: string; head: string; base: string; body?: string; issue?: number; draft?: boolean };
      // GitHub's rule beyond its description (which requires only head and base): a title, or an issue to take it from.
      if (b.title === undefined && b.issue === undefined)
        return (
          send(res, 422, { message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] }),
          true
        );
      if ([...pulls.values()].some((p) => p.state === 'open' && p.head === b.head))
        return (send(res, 422, { message: `A pull request already exists for ${REPO.owner}:${b.head}.` }), true);
      const number = 100 + pulls.size + 1;
      const pull: FakePull = {
        number,
        title: b.title ?? '',
        body: b.body ?? '',
        head: b.head,
        base: b.base,
        state: 'open',
        files: [],
        draft: b.draft ?? false,
        author: tokenLogin,
      };
      pulls.set(number, pull);
      return (send(res, 201, await pullJson(pull)), true);
    }
    if ((m = new RegExp(`^${base}/pulls/(\\d+)(/files|/reviews|/comments|/reviews/(\\d+))?$`).exec(path))) {
      const pull = pulls.get(Number(m[1]));
      if (!pull) return false;
      if (method === 'PATCH' && !m[2]) {
        const b = body as { title?: string; body?: string; base?: string };
        if (b.title !== undefined) pull.title = b.title;
        if (b.body !== undefined) pull.body = b.body;
        if (b.base !== undefined) pull.base = b.base;
        return (send(res, 200, await pullJson(pull)), true);
      }
      if (method !== 'GET') return false;
      if (!m[2]) return (send(res, 200, await pullJson(pull)), true);
      if (m[2] === '/files') return (send(res, 200, pull.files), true);
      if (m[2] === '/comments') return (send(res, 200, []), true);
      const reviewJson = ([id, r]: [string, FakeReview]): unknown => ({
        id: Number(id),
        user: { login: r.login, type: r.type ?? 'User' },
        state: r.state,
        commit_id: r.commit_id,
        body: r.body ?? '',
        html_url: `${html('pull', r.pull)}#pullrequestreview-${id}`,
        submitted_at: r.submitted_at ?? '2026-03-01T12:00:00Z',
      });
      const reviews = Object.entries(o.reviews ?? {}).filter(([, r]) => r.pull === pull.number);
      if (m[2] === '/reviews') return (send(res, 200, reviews.map(reviewJson)), true);
      const review = reviews.find(([id]) => id === m?.[3]);
      if (!review) return (send(res, 404, { message: 'Not Found' }), true);
      return (send(res, 200, reviewJson(review)), true);
    }
    if (method === 'GET' && (m = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(path))) {
      const c = o.issueComments?.[Number(m[1])];
      if (!c) return false;
      return (
        send(res, 200, {
          id: Number(m[1]),
          user: { login: c.login, type: c.type ?? 'User' },
          body: c.body,
          html_url: `${html('pull', c.issue)}#issuecomment-${m[1]}`,
          issue_url: `https://api.github.com/repos/${REPO.owner}/${REPO.repo}/issues/${c.issue}`,
          created_at: '2026-03-01T12:00:00Z',
        }),
        true
      );
    }
    if (method === 'GET' && (m = new RegExp(`^${base}/collaborators/([^/]+)/permission$`).exec(path))) {
      const answer = o.permissions?.[decodeURIComponent(m[1] ?? '')];
      if (!answer) return (send(res, 404, { message: 'Not Found' }), true);
      return (
        send(res, 200, { permission: answer.permission, role_name: answer.role_name ?? answer.permission }),
        true
      );
    }
    return false;
  };
  const handle = async (req: IncomingMessage, raw: string, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const body: unknown = raw ? JSON.parse(raw) : null;
    requests.push({ method: req.method ?? '', path, body, raw });
    await o.onRequest?.({ method: req.method ?? '', path, body, raw });
    // As GitHub would, refuse what its API description does not allow (and remember it: close() fails the test).
    const problems = validateGitHubRequest({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
    });
    if (problems.length > 0) {
      invalidRequests.push({ method: req.method ?? '', url: req.url ?? '', problems });
      return send(res, 422, {
        message: 'Validation Failed',
        errors: problems.map((message) => ({ code: 'invalid', message })),
      });
    }
    const base = `/repos/${REPO.owner}/${REPO.repo}`;
    let m: RegExpExecArray | null;
    if (
      await planningRoute(req.method ?? '', path, new URLSearchParams((req.url ?? '').split('?')[1] ?? ''), body, res)
    )
      return;
    if (req.method === 'POST' && path === `${base}/check-runs`) {
      return send(res, 201, { id: ++nextId, ...(body as object) });
    }
    if (req.method === 'PATCH' && (m = new RegExp(`^${base}/check-runs/(\\d+)$`).exec(path))) {
      const id = Number(m[1]);
      if (o.foreignChecks?.includes(id))
        return send(res, 403, {
          message: 'Invalid app_id `15368` - check run can only be modified by the GitHub App that created it.',
          documentation_url: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
        });
      return send(res, 200, { id, ...(body as object) });
    }
    if (req.method === 'GET' && new RegExp(`^${base}/issues/\\d+/comments$`).test(path))
      return send(res, 200, comments);
    if (req.method === 'POST' && new RegExp(`^${base}/issues/\\d+/comments$`).test(path)) {
      const c = { id: ++nextId, body: (body as { body: string }).body };
      comments.push(c);
      posted.push({ ...c, issue: Number(/\/issues\/(\d+)\/comments$/.exec(path)?.[1]) });
      return send(res, 201, c);
    }
    if (req.method === 'PATCH' && (m = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(path))) {
      const c = comments.find((x) => x.id === Number(m?.[1]));
      if (!c) return send(res, 404, { message: 'Not Found' });
      c.body = (body as { body: string }).body;
      return send(res, 200, c);
    }
    if (req.method === 'GET' && (m = new RegExp(`^${base}/pulls/(\\d+)$`).exec(path)))
      return send(res, 200, { number: Number(m[1]), head: { sha: o.prHead ?? '0'.repeat(40) } });
    if (req.method === 'GET' && (m = new RegExp(`^${base}/actions/runs/(\\d+)$`).exec(path)))
      return send(res, 200, { id: Number(m[1]), status: o.runs?.[m[1] as string] ?? 'completed' });
    return send(res, 404, { message: 'Not Found' });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8'), res).catch((error: unknown) =>
        send(res, 500, { message: String(error) }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    invalidRequests,
    pulls,
    posted,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      assertValidRequests({ invalidRequests });
    },
  };
}

// ─── event payloads (real examples, adjusted to this repository) ───────────

type EventName = WebhookDefinition['name'];
type Example<E extends EventName> = WebhookDefinition<E>['examples'][number];

// The package's main is a JSON file (CommonJS); its index.d.ts types it.
const definitions = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

function example<E extends EventName>(name: E, pick: (e: Example<E>) => boolean = () => true): Example<E> {
  const def = definitions.find((d): d is WebhookDefinition<E> => d.name === name);
  const found = def?.examples.find(pick);
  if (!found) throw new Error(`no ${name} example`);
  return structuredClone(found);
}

export function workflowDispatchPayload(inputs: Record<string, string>): Example<'workflow_dispatch'> {
  const p = example('workflow_dispatch');
  p.inputs = inputs;
  p.repository.default_branch = 'main';
  p.repository.full_name = `${REPO.owner}/${REPO.repo}`;
  return p;
}

export function pullRequestLabeledPayload(number: number, headSha: string, label: string): Example<'pull_request'> {
  const p = example('pull_request', (e) => e.action === 'labeled');
  if (p.action !== 'labeled') throw new Error('unreachable');
  p.number = number;
  p.pull_request.number = number;
  p.pull_request.head.sha = headSha;
  p.pull_request.html_url = `https://github.com/${REPO.owner}/${REPO.repo}/pull/${number}`;
  p.repository.default_branch = 'main';
  if (p.label) p.label.name = label;
  return p;
}

// ─── running the bundle ────────────────────────────────────────────────────

export interface ActionRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** The state the main step saved (what the runner hands the post step as STATE_<name>). */
  state: Record<string, string>;
  files: { output: string; summary: string; state: string; temp: string };
}

export interface RunOptions {
  inputs: Record<string, string>;
  eventName: string;
  payload: unknown;
  /** Where the step's GITHUB_API_URL points (the fake API, or test/sim's simulated GitHub). */
  api: Pick<FakeApi, 'url'>;
  /** Extra environment (e.g. STATE_* for the post step). */
  env?: Record<string, string>;
  entry?: 'main' | 'post';
  /** Reuse the file commands of an earlier step (the post step after its main step). */
  files?: ActionRun['files'];
  /** Run the step as this OS user (a runner's own unprivileged user); default: the test's. */
  user?: { uid: number; gid: number };
  /**
   * Write the step's CPU time (its whole process tree: okstra, git, the agents) to this file when it ends: the
   * bench's figure. A shell runs the step and writes its own /proc stat, whose children fields hold the step's.
   */
  cpuFile?: string;
}

function runnerEnv(
  project: Project,
  o: RunOptions,
  files: ActionRun['files'],
  eventPath: string,
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: join(files.temp, 'home'),
    LANG: 'C.UTF-8',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.repo}`,
    GITHUB_REPOSITORY_OWNER: REPO.owner,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: o.api.url,
    GITHUB_RUN_ID: RUN_ID,
    GITHUB_RUN_ATTEMPT: RUN_ATTEMPT,
    GITHUB_ACTOR: 'octocat',
    GITHUB_EVENT_NAME: o.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: project.workspace,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    RUNNER_TEMP: files.temp,
    // Worktrees and dispatch folders land inside the step's own folder, removed with the test.
    TMPDIR: files.temp,
    // No progress updates of a running check unless a test asks (live-progress.e2e): the exact request lists other tests assert stay the same however slow the machine is.
    OKSTRA_CHECK_PROGRESS_INTERVAL_MS: '3600000',
    // Phase timings on stderr when the test run asks for them (src/process/timings.ts; the distributed bench).
    ...(process.env.OKSTRA_TIMINGS ? { OKSTRA_TIMINGS: process.env.OKSTRA_TIMINGS } : {}),
    ...o.env,
  };
  // As the runner does: INPUT_ + the name upper-cased, hyphens kept.
  for (const [name, value] of Object.entries(o.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  return env;
}

function prepareFiles(project: Project, o: RunOptions): { files: ActionRun['files']; eventPath: string } {
  const dir = join(project.scratch, `step-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(dir, 'temp', 'home'), { recursive: true });
  const files = o.files ?? {
    output: join(dir, 'output'),
    summary: join(dir, 'summary.md'),
    state: join(dir, 'state'),
    temp: join(dir, 'temp'),
  };
  for (const f of [files.output, files.summary, files.state]) if (!existsSync(f)) writeFileSync(f, '');
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(o.payload));
  return { files, eventPath };
}

/** Starts the bundled step; the caller awaits or kills the process. */
export function spawnAction(
  project: Project,
  o: RunOptions,
): {
  child: ResultPromise<{ reject: false; env: Record<string, string>; extendEnv: false; cwd: string }>;
  files: ActionRun['files'];
} {
  const { files, eventPath } = prepareFiles(project, o);
  const entry = o.entry === 'post' ? inject('okstraActionPostPath') : inject('okstraActionPath');
  // `$0` is the file; the shell waits for node, so its stat's cutime/cstime are node's tree once it has ended.
  // bash, not sh: dash drops the runner's `INPUT_GITHUB-TOKEN`-style variables (not shell names) from a child's env.
  const [file, args] = o.cpuFile
    ? [
        'bash',
        [
          '-c',
          '"$1" "$2"; code=$?; read -r stat < /proc/$$/stat; echo "$stat" > "$0"; exit $code',
          o.cpuFile,
          process.execPath,
          entry,
        ],
      ]
    : [process.execPath, [entry]];
  const child = execa(file, args, {
    reject: false,
    env: runnerEnv(project, o, files, eventPath),
    extendEnv: false,
    cwd: project.workspace,
    ...(o.user ?? {}),
  });
  return { child, files };
}

export async function runAction(project: Project, o: RunOptions): Promise<ActionRun> {
  const { child, files } = spawnAction(project, o);
  const result = await child;
  return collect(result, files);
}

export function collect(
  result: { exitCode?: number; stdout: unknown; stderr: unknown },
  files: ActionRun['files'],
): ActionRun {
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    outputs: parseFileCommand(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
    state: parseFileCommand(readFileSync(files.state, 'utf8')),
    files,
  };
}

/** `name<<DELIM\nvalue\nDELIM\n`, the format @actions/core writes file commands in; the last value wins. */
export function parseFileCommand(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!m) continue;
    const [, name = '', delim = ''] = m;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delim; i++) value.push(lines[i] ?? '');
    out[name] = value.join('\n');
  }
  return out;
}

/** The environment the runner gives a post step: the main step's saved state as STATE_<name>. */
export function postStateEnv(state: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(state).map(([k, v]) => [`STATE_${k}`, v]));
}

// ─── plans ─────────────────────────────────────────────────────────────────

export function twoStagePlan(id = 'two-stage'): string {
  return `---
id: ${id}
base: main
---
# Two stages (Action test fixture)

## Stage Map

### Stage 1: Foundation

- **Depends-on:** none
- **Files:** \`src/stage-1.txt\`
- **Validation:** \`test -f src/stage-1.txt\`
- **Exit contract:** \`src/stage-1.txt\` exists.
- **Rollback:** revert the stage commit.

Write \`src/stage-1.txt\`.

### Stage 2: On top

- **Depends-on:** 1
- **Files:** \`src/stage-2.txt\`
- **Validation:** \`test -f src/stage-1.txt && test -f src/stage-2.txt\`
- **Exit contract:** \`src/stage-2.txt\` exists next to stage 1's file.
- **Rollback:** revert the stage commit.

Write \`src/stage-2.txt\`.
`;
}

/** The executor every happy path uses: writes the stage's file and ends with Stage Carry Evidence. */
export const WRITER: AgentScript = {
  writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage {{STAGE}} by {{WORKER}}\n' },
  final: 'Wrote src/stage-{{STAGE}}.txt.',
  carry: true,
};
export const PASSING_REVIEWER: AgentScript = { verifierResult: 'PASS' };
