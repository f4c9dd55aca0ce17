// The bot's handling cost: 1,000 signed `/okstra stage N` comment deliveries
// through Probot's own HTTP server (what `npm start` runs), each handled in
// full against a nock'd GitHub API: 👀, config, role, pull request, its
// files, the plan, the ledger's snapshot, the workflow file, a queued check,
// the dispatch and 🚀 (11 calls, independent ones at once). Per-delivery time is
// from the POST to the server's answer, which Probot sends once the handler
// has finished. nock's own cost per request is measured and printed beside it.
// Then the two 64 KB comments of issue 11, which once stalled the bot (17 s of
// parsing; a stack overflow and a 500), each delivered the same way, p50/p99
// per shape, with the cost of reading the comment alone beside it.
// Smoke: 20 deliveries after 5 warm-up; 3 of each hostile shape, at 4 KB.
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import nock from 'nock';
import { pino } from 'pino';
import { Probot, ProbotOctokit, Server } from 'probot';
import { createOkstraApp } from '../bot/index.js';
import {
  DISPATCH_INPUTS,
  knownProviders,
  parseCommands,
  REQUIRED_RUN_NAME,
  scanComment,
} from '../src/core/commands/index.js';
import { gitBlobId } from '../src/core/git-object-id.js';
import { extendTrustScan, serializeSnapshot, type LedgerRow } from '../src/core/ledger/index.js';
import { fmt, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 50;
const SECRET = 'okstra-bench-secret';
const API = 'https://api.github.com';
const REPO = '/repos/octo-org/octo-repo';
const PLAN_PATH = '.okstra/plans/invoice-export.md';
const HEAD = 'e'.repeat(40);
/** Every run is dispatched on the default branch, so that is where the bot reads the workflow file (src/triggers/launch.ts). */
const DEFAULT_BRANCH = 'main';

// Retries and the write throttle off: the throttle spaces writes a second apart on purpose, which is GitHub's
// pacing, not the bot's cost. A subclass, because ProbotOctokit.defaults() did not turn it off (research notes).
class BenchOctokit extends ProbotOctokit {
  constructor(options: ConstructorParameters<typeof ProbotOctokit>[0] = {}) {
    super({ ...options, retry: { enabled: false }, throttle: { enabled: false } });
  }
}

const raw = (path: string): string => `${REPO}/contents/${encodeURIComponent(path)}`;
const text = { 'content-type': 'text/plain; charset=utf-8' };

/** GitHub for every delivery: persistent interceptors, one per call the bot makes. */
function mockGitHub(counts: Record<string, number>): void {
  const count = (key: string) => () => {
    counts[key] = (counts[key] ?? 0) + 1;
    return true;
  };
  const workflow = [
    'name: okstra',
    `run-name: "${REQUIRED_RUN_NAME}"`,
    'on:',
    '  workflow_dispatch:',
    '    inputs:',
    ...DISPATCH_INPUTS.map((i) => `      ${i}: {}`),
    'jobs: {}',
  ].join('\n');
  const plan = readFileSync(new URL('../examples/plans/diamond.md', import.meta.url), 'utf8');
  // The ledger as the Action writes it: one commit a row, and beside the last the plan's snapshot (state.json), the
  // judgement of every row so far. A launch reads only the snapshot; the rows' commits are for continuing a plan.
  // A run needs an approval of the plan's exact content (its blob); a done row is believed only after its run's claim.
  const rows: LedgerRow[] = [
    {
      v: 1,
      plan_id: 'invoice-export',
      status: 'approved',
      at: '2026-03-01T07:00:00Z',
      plan_path: PLAN_PATH,
      plan_blob: gitBlobId(plan),
      approver: 'octocat',
      permission: 'write',
      via: 'review',
    },
    {
      v: 1,
      plan_id: 'invoice-export',
      stage: 1,
      status: 'started',
      run_id: 'gh-1-1-s1',
      at: '2026-03-01T08:00:00Z',
      lease_until: '2026-03-01T14:00:00Z',
    },
    {
      v: 1,
      plan_id: 'invoice-export',
      stage: 1,
      status: 'done',
      run_id: 'gh-1-1-s1',
      at: '2026-03-01T09:00:00Z',
      head_commit: 'b'.repeat(40),
      completed_at: '2026-03-01T09:00:00Z',
      carry_path: 'plans/invoice-export/carry/stage-1.json',
      report_path: 'plans/invoice-export/reports/stage-1/gh-1-1-s1.json',
    },
  ];
  const scan = extendTrustScan(
    null,
    rows.map((row, i) => ({ line: i + 1, row })),
    { now: new Date('2026-03-01T09:00:00Z') },
  );
  const snapshot = serializeSnapshot({ planId: 'invoice-export', lines: rows.length, scan });
  if (snapshot === null) throw new Error('the bench ledger has no snapshot');
  const scope = nock(API).persist();
  scope
    .post('/app/installations/1/access_tokens')
    .reply(201, { token: 'ghs_bench', expires_at: '2099-01-01T00:00:00Z', permissions: {} });
  scope.post(`${REPO}/issues/comments/1/reactions`, count('reaction')).reply(201, { id: 1 });
  scope.get(raw('.okstra/config.yml')).reply(200, 'executor: claude\n', text);
  scope.get(`${REPO}/collaborators/octocat/permission`).reply(200, { permission: 'write', role_name: 'write' });
  scope.get(`${REPO}/pulls/7`).reply(200, {
    number: 7,
    state: 'open',
    html_url: 'https://github.com/octo-org/octo-repo/pull/7',
    head: { sha: HEAD, ref: 'invoice-export', repo: { full_name: 'octo-org/octo-repo' } },
    base: { repo: { full_name: 'octo-org/octo-repo' } },
  });
  scope
    .get(`${REPO}/pulls/7/files`)
    .query({ per_page: 100 })
    .reply(200, [{ filename: PLAN_PATH, status: 'added' }]);
  scope.get(raw(PLAN_PATH)).query({ ref: HEAD }).reply(200, plan, text);
  scope.get(raw('plans/invoice-export/state.json')).query({ ref: 'okstra-ledger' }).reply(200, snapshot, text);
  // The plan is added by the pull request, which `plan-ref` names; the workflow still runs on the default branch.
  scope.get(raw('.github/workflows/okstra.yml')).query({ ref: DEFAULT_BRANCH }).reply(200, workflow, text);
  scope.post(`${REPO}/check-runs`, count('check')).reply(201, { id: 99 });
  scope.post(`${REPO}/actions/workflows/okstra.yml/dispatches`, count('dispatch')).reply(204);
  scope.post(`${REPO}/issues/7/comments`, count('reply')).reply(201, { id: 5 });
}

/**
 * The hostile comment shapes, at the size the issue measured (65,528
 * characters) or a tiny one for the smoke run, and what each must lead to:
 * the refusal of its argument in a reply, or the launch of stage 2.
 */
function hostileComments(): Array<{ name: string; body: string; expect: 'reply' | 'dispatch' }> {
  const size = sized(65_528, 4_096);
  return [
    { name: '`/okstra *[*[…`', body: `/okstra ${'*['.repeat((size - 8) / 2)}`, expect: 'reply' },
    { name: '`/okstra stage 2` + `>`×N', body: `/okstra stage 2\n${'>'.repeat(size - 16)}`, expect: 'dispatch' },
  ];
}

function payload(body: string): Record<string, unknown> {
  return {
    action: 'created',
    installation: { id: 1 },
    repository: {
      name: 'octo-repo',
      full_name: 'octo-org/octo-repo',
      owner: { login: 'octo-org' },
      html_url: 'https://github.com/octo-org/octo-repo',
      default_branch: DEFAULT_BRANCH,
    },
    issue: { number: 7, pull_request: { url: `${API}${REPO}/pulls/7` } },
    comment: { id: 1, body, html_url: 'https://github.com/octo-org/octo-repo/pull/7#issuecomment-1' },
    sender: { login: 'octocat', type: 'User' },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * The round trips a `/okstra stage N` launch waits for one after another:
 * [👀, config, role, pull request, its files] → plan → [the ledger's
 * snapshot, workflow file] → queued check → dispatch → 🚀.
 */
const ROUNDS = 6;

/** What nock alone costs per request: a persistent interceptor answered `count` times through Probot's Octokit. */
async function nockRoundTrip(count: number): Promise<number> {
  nock(API).persist().get('/bench-floor').reply(200, {});
  const octokit = new BenchOctokit({ auth: 'ghs_bench' });
  for (let i = 0; i < count / 10; i++) await octokit.request('GET /bench-floor');
  const start = performance.now();
  for (let i = 0; i < count; i++) await octokit.request('GET /bench-floor');
  return (performance.now() - start) / count;
}

/** A sink for pino that keeps the last error lines, so a delivery that fails says why. */
function errorSink(kept: string[]): Writable {
  return new Writable({
    write: (chunk: Buffer, _e, done) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.includes('"level":50') && !line.includes('"level":60')) continue;
        const parsed = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
        kept.push(String(parsed.err?.message ?? parsed.msg ?? line).split('\n')[0] ?? '');
        kept.splice(0, Math.max(0, kept.length - 3));
      }
      done();
    },
  });
}

/**
 * Each hostile shape delivered in full (the answer it must get is checked by
 * the counters), and read alone (scan and grammar, what once took seconds).
 */
async function hostileFigures(
  deliver: (i: number, comment: string) => Promise<number>,
  counts: Record<string, number>,
): Promise<string[]> {
  const rounds = sized(100, 3);
  const lines: string[] = [];
  for (const shape of hostileComments()) {
    await deliver(-1, shape.body);
    const before = counts[shape.expect] ?? 0;
    const delivered: number[] = [];
    for (let i = 0; i < rounds; i++) delivered.push(await deliver(i, shape.body));
    const answered = (counts[shape.expect] ?? 0) - before;
    if (answered !== rounds)
      throw new Error(
        `${shape.name}: expected ${rounds} ${shape.expect === 'reply' ? 'replies' : 'dispatches'}, saw ${answered}`,
      );
    const read: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const scan = scanComment(shape.body);
      if (scan.kind !== 'commands') throw new Error(`${shape.name}: read as ${scan.kind}`);
      parseCommands(scan.lines, { providers: knownProviders([]) });
      read.push(performance.now() - start);
    }
    const d = summarize(delivered);
    const r = summarize(read);
    lines.push(
      `hostile comment ${shape.name} (${shape.body.length.toLocaleString('en-US')} characters), ${rounds} signed deliveries, each ${shape.expect === 'reply' ? 'answered with the refusal' : 'dispatched'}: p50 ${fmt(d.p50)}, p99 ${fmt(d.p99)} — ${verdict(d.p99, TARGET_MS)}; reading it alone: p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)} — ${verdict(r.p99, TARGET_MS)}`,
    );
  }
  return lines;
}

export async function benchBot(): Promise<string[]> {
  const deliveries = sized(1000, 20);
  const warmup = sized(50, 5);
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1');
  // A request no interceptor answers fails inside the bot (a 500 to the delivery): name it.
  const unmatched: string[] = [];
  const onNoMatch = (req: { method?: string; href?: string; path?: string }): void => {
    if (!(req.href ?? '').includes('127.0.0.1')) unmatched.push(`${req.method ?? '?'} ${req.href ?? req.path ?? '?'}`);
  };
  nock.emitter.on('no match', onNoMatch);
  const counts: Record<string, number> = {};
  mockGitHub(counts);
  // Logs go through pino at the default level, as in production, into a sink.
  const errors: string[] = [];
  const log = pino({ level: 'info' }, errorSink(errors));
  const privateKey = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  }).privateKey;
  const port = await freePort();
  const server = new Server({
    Probot: Probot.defaults({ appId: 1, privateKey, secret: SECRET, Octokit: BenchOctokit, log }),
    port,
    host: '127.0.0.1',
    log,
  });
  await server.load(createOkstraApp());
  await server.start();
  const url = `http://127.0.0.1:${port}/api/github/webhooks`;

  const deliver = async (i: number, comment = `/okstra stage ${2 + (i % 2)}`): Promise<number> => {
    const body = JSON.stringify(payload(comment));
    const start = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issue_comment',
        'x-github-delivery': `bench-${i}`,
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) {
      const why = [
        unmatched.length > 0
          ? `GitHub requests no interceptor in bench/bot.ts answers: ${[...new Set(unmatched)].join(', ')}`
          : '',
        errors.length > 0 ? `the bot logged: ${errors.join(' | ')}` : '',
      ].filter((x) => x !== '');
      throw new Error(`delivery ${i} answered ${res.status}${why.length > 0 ? `; ${why.join('; ')}` : ''}`);
    }
    return ms;
  };

  try {
    for (let i = 0; i < warmup; i++) await deliver(i);
    const before = { ...counts };
    const samples: number[] = [];
    const wall = performance.now();
    for (let i = 0; i < deliveries; i++) samples.push(await deliver(i));
    const seconds = (performance.now() - wall) / 1000;
    const dispatched = (counts.dispatch ?? 0) - (before.dispatch ?? 0);
    if (dispatched !== deliveries) throw new Error(`expected ${deliveries} dispatches, saw ${dispatched}`);
    const s = summarize(samples);
    const hostile = await hostileFigures(deliver, counts);
    const floor = await nockRoundTrip(sized(300, 30));
    return [
      `${deliveries.toLocaleString('en-US')} signed \`/okstra stage N\` deliveries through Probot's server, 11 nock'd GitHub calls each (after ${warmup} warm-up): p50 ${fmt(s.p50)}, p99 ${fmt(s.p99)}, mean ${fmt(s.mean)} — ${verdict(s.p99, TARGET_MS)}`,
      `sequential throughput: ${Math.round(deliveries / seconds)} deliveries/s; every delivery created its check and dispatched (${dispatched} dispatches)`,
      `of which nock: one nock'd round trip takes ${fmt(floor)} on its own (its replies wait on timers); a launch makes ${ROUNDS} in sequence (the rest run alongside), a floor of ${fmt(floor * ROUNDS)}`,
      ...hostile,
    ];
  } finally {
    await server.stop();
    nock.emitter.removeListener('no match', onNoMatch);
    nock.cleanAll();
    nock.enableNetConnect();
    // Takes nock's hooks out of http and fetch, so the suites after this one talk to their servers unintercepted.
    nock.restore();
  }
}
