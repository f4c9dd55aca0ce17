/**
 * A local GitHub for one repository (REPO of the action harness), backed by
 * the real bare repository of a makeProject project: stateful for what
 * okstra uses (routes.ts), executing dispatched and event-triggered
 * workflow runs with the bundled Action (runner.ts), and, with `shell:
 * 'bot'`, delivering webhooks to a real Probot running the okstra app
 * (bot.ts). Every request is checked against GitHub's OpenAPI description:
 * an invalid one is answered 422 and makes close() throw; a route the
 * simulation does not know is answered 404 and listed in `unhandled`.
 *
 * GitHub's rules it keeps: events caused by a run's GITHUB_TOKEN start no
 * workflow and reach no app (dispatch excepted); a run's GITHUB_TOKEN stops
 * working when the run completes; only the app that created a check run may
 * update it; concurrency groups (runner.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Git } from '../../src/git/git.js';
import { validateGitHubRequest } from '../helpers/github-openapi.js';
import { assertValidRequests, workflowDispatchPayload, type InvalidRequest, type Project } from '../action/harness.js';
import { startBotShell, type BotShell, type Delivery } from './bot.js';
import {
  issueCommentCreated,
  pullRequestLabeled,
  pullRequestReviewSubmitted,
  workflowDispatch,
  workflowRunCompleted,
  type PullFacts,
} from './payloads.js';
import { createRoutes, type Reply } from './routes.js';
import { actionExecutor, Runner, runContexts, type ActionExecutorOptions, type JobExecutor } from './runner.js';
import {
  SimState,
  type Account,
  type SimCheck,
  type SimComment,
  type SimRun,
  type TimelineEntry,
  type TokenOwner,
} from './state.js';
import {
  concurrencyOfRun,
  dispatchInputs,
  displayTitle,
  jobContexts,
  parseWorkflow,
  selectJob,
  triggeredBy,
  type Workflow,
} from './workflow.js';

export interface SimOptions {
  project: Project;
  /** `bot`: the okstra App receives the events; `action`: no server, the repository's workflows handle them. */
  shell: 'bot' | 'action';
  /** How many jobs run at once (default 8). */
  maxRunners?: number;
  /** `secrets.X` for the workflow's expressions (GITHUB_TOKEN is the run's own). */
  secrets?: Record<string, string>;
  /** `vars.X`. */
  vars?: Record<string, string>;
  /** Login → collaborator permission (admin, maintain, write, triage, read). */
  permissions?: Record<string, string>;
  /**
   * Open pull requests: head (and base, default the default branch) are branches of the bare repository;
   * `fork` (`owner/name`) says the head lives in a fork.
   */
  pulls?: Array<{
    number: number;
    head: string;
    base?: string;
    title?: string;
    body?: string;
    author?: string;
    fork?: string;
  }>;
  issues?: Array<{ number: number; title: string; body: string; author?: string }>;
  /** The bot's clock (default the real one). */
  now?: () => Date;
  /** What runs a job (default the bundled Action: actionExecutor). */
  executor?: JobExecutor;
  checkout?: ActionExecutorOptions;
  defaultBranch?: string;
  /**
   * Sees every dispatch before it is answered: it may hold it (a slow GitHub) and answer it itself (a refusal);
   * null lets it through.
   */
  beforeDispatch?: (inputs: Record<string, unknown>, actor: Account) => Promise<Reply | null>;
  /** Sees every valid request before it is handled, and may hold it (a slow GitHub). */
  beforeRequest?: (request: { method: string; path: string; body: unknown }) => Promise<void>;
}

export interface CommentOptions {
  login: string;
  /** Sets the login's collaborator permission first. */
  permission?: string;
  type?: 'User' | 'Bot';
}

export interface GitHubSim {
  url: string;
  state: SimState;
  /** Requests no simulated route answers (each got 404). */
  unhandled: Array<{ method: string; url: string }>;
  /** Requests GitHub's description refuses (each got 422); close() throws when any. */
  invalid: InvalidRequest[];
  /** Every request: method, path, status and who sent it. */
  requests: Array<{ method: string; url: string; status: number; as: string; at: number }>;
  timeline: TimelineEntry[];
  deliveries: Delivery[];
  botLogs: string[];
  comment(issue: number, body: string, o: CommentOptions): Promise<SimComment>;
  label(pull: number, name: string, sender: string): Promise<void>;
  review(
    pull: number,
    o: { login: string; state: 'approved' | 'commented' | 'changes_requested'; body?: string; commitId?: string },
  ): Promise<void>;
  /** A workflow_dispatch by a person (as `gh workflow run` does). */
  dispatch(file: string, ref: string, inputs: Record<string, string>, login?: string): Promise<Reply>;
  /** Resolves when no run is queued or running and no delivery or event is in flight. */
  settled(): Promise<void>;
  checks(): SimCheck[];
  commentsOn(issue: number): SimComment[];
  runs(): SimRun[];
  close(): Promise<void>;
}

const user = (login: string, type: 'User' | 'Bot' = 'User'): Account => ({ login, id: 100_000 + hash(login), type });
function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 100_000;
  return h;
}
const iso = (d = new Date()): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startGitHubSim(o: SimOptions): Promise<GitHubSim> {
  const state = new SimState();
  const git = new Git(o.project.bare);
  const defaultBranch = o.defaultBranch ?? 'main';
  const unhandled: GitHubSim['unhandled'] = [];
  const invalid: InvalidRequest[] = [];
  const requests: GitHubSim['requests'] = [];
  for (const [login, p] of Object.entries(o.permissions ?? {})) state.permissions.set(login, p);
  for (const p of o.pulls ?? [])
    state.pulls.set(p.number, {
      number: p.number,
      title: p.title ?? `Pull request #${p.number}`,
      body: p.body ?? '',
      head: p.head,
      base: p.base ?? defaultBranch,
      state: 'open',
      draft: false,
      user: user(p.author ?? 'octocat'),
      labels: [],
      created_at: iso(),
      ...(p.fork ? { fork: p.fork } : {}),
    });
  for (const i of o.issues ?? [])
    state.issues.set(i.number, {
      number: i.number,
      title: i.title,
      body: i.body,
      user: user(i.author ?? 'octocat'),
      labels: [],
    });

  // ── what is in flight, for settled() ──
  let busy = 0;
  let waiters: Array<() => void> = [];
  const notify = (): void => {
    const w = waiters;
    waiters = [];
    for (const r of w) r();
  };
  const track = <T>(p: Promise<T>): Promise<T> => {
    busy++;
    return p.finally(() => {
      busy--;
      notify();
    });
  };
  const failures: string[] = [];
  const background = (what: string, p: Promise<unknown>): void => {
    track(p).catch((error: unknown) =>
      failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  let bot: BotShell | null = null;
  let apiUrl = '';
  const runner = new Runner({
    state,
    get apiUrl() {
      return apiUrl;
    },
    maxParallel: o.maxRunners ?? 8,
    executor: o.executor ?? actionExecutor(o.project, o.checkout),
    secrets: o.secrets ?? {},
    vars: o.vars ?? {},
    onCompleted: (run) => {
      if (bot)
        background(
          `workflow_run.completed of run ${run.id}`,
          bot.deliver('workflow_run', workflowRunCompleted(defaultBranch, run)),
        );
    },
    notify,
  });

  const readWorkflow = async (ref: string, path: string): Promise<Workflow | null> => {
    const r = await git.run(['show', `${ref}:${path}`]);
    return r.exitCode === 0 ? parseWorkflow(path, r.stdout) : null;
  };

  /** A new run of `wf`: its title and concurrency group evaluated now, as GitHub does when it queues a run. */
  const createRun = (
    wf: Workflow,
    event: string,
    payload: Record<string, unknown>,
    inputs: SimRun['inputs'],
    branch: string,
    sha: string,
    actor: Account,
  ): SimRun => {
    const id = state.next('run');
    const now = iso();
    const run: SimRun = {
      id,
      runNumber: state.nextRunNumber(wf.path),
      attempt: 1,
      workflow: wf,
      event,
      payload,
      inputs,
      headBranch: branch,
      headSha: sha,
      displayTitle: wf.name,
      status: 'queued',
      conclusion: null,
      actor,
      concurrency: null,
      groupState: null,
      token: '',
      cancelRequested: false,
      createdAt: now,
      updatedAt: now,
      runStartedAt: null,
    };
    const t: TimelineEntry = {
      runId: id,
      event,
      displayTitle: wf.name,
      concurrencyGroup: null,
      dispatchedAt: Date.now(),
      startedAt: null,
      endedAt: null,
      inputs: null,
      conclusion: null,
      exitCode: null,
      postExitCode: null,
      stdout: '',
      stderr: '',
      summary: '',
      notes: [],
    };
    state.runs.set(id, run);
    state.timeline.push(t);
    const contexts = runContexts(run, apiUrl, { vars: o.vars ?? {} });
    run.displayTitle = event === 'workflow_dispatch' ? displayTitle(wf, contexts) : wf.name;
    t.displayTitle = run.displayTitle;
    // Workflow-level concurrency, else the okstra job's (evaluated here too: one job per run in the simulation).
    const okstraJob = selectJob(wf, contexts)?.job;
    run.concurrency = concurrencyOfRun(
      wf.concurrency ?? okstraJob?.concurrency ?? null,
      okstraJob ? jobContexts(okstraJob, contexts) : contexts,
    );
    t.concurrencyGroup = run.concurrency?.group ?? null;
    runner.enqueue(run);
    return run;
  };

  const dispatch = async (
    file: string,
    ref: string,
    given: Record<string, unknown>,
    actor: Account,
  ): Promise<Reply> => {
    const answered = await o.beforeDispatch?.(given, actor);
    if (answered) return answered;
    const branch = ref.replace(/^refs\/heads\//, '');
    const sha = await git.resolveCommit(`refs/heads/${branch}`);
    if (!sha) return { status: 422, body: { message: `No ref found for: ${ref}` } };
    const wf = await readWorkflow(sha, `.github/workflows/${file}`);
    if (!wf) return { status: 404, body: { message: 'Not Found' } };
    if (!wf.on.has('workflow_dispatch'))
      return { status: 422, body: { message: "Workflow does not have 'workflow_dispatch' trigger" } };
    const inputs = dispatchInputs(wf, given);
    if (!inputs.ok) return { status: 422, body: { message: inputs.message } };
    const payload = workflowDispatch(
      workflowDispatchPayload(inputs.event) as unknown as Record<string, unknown>,
      defaultBranch,
      {
        ref: branch,
        workflowPath: wf.path,
        sender: actor,
      },
    );
    createRun(wf, 'workflow_dispatch', payload, inputs.context, branch, sha, actor);
    return { status: 204 };
  };

  /** An event on the repository: the app receives it (bot shell), and every workflow on the default branch it triggers runs. */
  const emit = async (
    event: string,
    payload: Record<string, unknown>,
    causedBy: TokenOwner | 'person',
  ): Promise<void> => {
    // GitHub: events a workflow's GITHUB_TOKEN causes start no workflow and reach no app.
    if (causedBy !== 'person' && causedBy.kind === 'actions') return;
    // In the order the events happened, as GitHub starts them: each looks its workflows up in git (several awaits),
    // and two events looked up at once would otherwise create their runs in whichever order git answered.
    const started = runsInOrder.then(() => startRunsFor(event, payload));
    runsInOrder = started.catch(() => undefined);
    await started;
    if (bot) await bot.deliver(event, payload);
  };
  let runsInOrder: Promise<void> = Promise.resolve();
  const startRunsFor = async (event: string, payload: Record<string, unknown>): Promise<void> => {
    const action = typeof payload.action === 'string' ? payload.action : null;
    const sha = await git.resolveCommit(`refs/heads/${defaultBranch}`);
    const listing = sha ? await git.run(['ls-tree', '--name-only', `${sha}:.github/workflows`]) : null;
    for (const name of (listing?.exitCode === 0 ? listing.stdout : '').split('\n').filter((n) => /\.ya?ml$/.test(n))) {
      const wf = await readWorkflow(sha as string, `.github/workflows/${name}`);
      if (wf && triggeredBy(wf, event, action))
        createRun(
          wf,
          event,
          payload,
          {},
          defaultBranch,
          sha as string,
          user(String((payload.sender as { login?: string } | undefined)?.login ?? 'octocat')),
        );
    }
  };

  const pullFacts = async (n: number): Promise<PullFacts> => {
    const p = state.pulls.get(n);
    if (!p) throw new Error(`the simulation has no pull request #${n} (give it in options.pulls)`);
    return {
      number: n,
      title: p.title,
      head: p.head,
      headSha: (await git.resolveCommit(`refs/heads/${p.head}`)) ?? '0'.repeat(40),
      base: p.base,
      baseSha: (await git.resolveCommit(`refs/heads/${p.base}`)) ?? '0'.repeat(40),
      labels: p.labels,
      user: p.user,
      state: p.state,
      ...(p.fork ? { fork: p.fork } : {}),
    };
  };
  const onIssueComment = (c: SimComment, causedBy: TokenOwner | 'person'): Promise<void> => {
    const pull = state.pulls.get(c.issue);
    const title = pull?.title ?? state.issues.get(c.issue)?.title ?? '';
    return emit(
      'issue_comment',
      issueCommentCreated(defaultBranch, c, { isPullRequest: Boolean(pull), title }),
      causedBy,
    );
  };

  const routes = createRoutes(state, o.project.bare, {
    dispatch: (file, ref, inputs, owner) => dispatch(file, ref, inputs, owner.account),
    cancel: (runId) => {
      const status = runner.cancel(runId);
      if (status === 409) return { status: 409, body: { message: 'Cannot cancel a workflow run that is completed.' } };
      if (status === 404) return { status: 404, body: { message: 'Not Found' } };
      return { status: 202, body: {} };
    },
    commentCreated: (c, owner) => background(`issue_comment.created for comment ${c.id}`, onIssueComment(c, owner)),
    defaultBranch,
    now: () => new Date(),
    apiUrl: () => apiUrl,
  });

  const send = (res: ServerResponse, r: Reply): void => {
    const headers = { 'x-ratelimit-remaining': '4999', 'x-ratelimit-limit': '5000', ...r.headers };
    if (r.raw !== undefined) {
      res.writeHead(r.status, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end(r.raw);
    } else if (r.body === undefined) {
      res.writeHead(r.status, headers);
      res.end();
    } else {
      res.writeHead(r.status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(r.body));
    }
  };

  const handle = async (req: IncomingMessage, raw: string): Promise<Reply> => {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const path = url.split('?')[0] ?? '/';
    let body: unknown = undefined;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const problems = validateGitHubRequest({ method, path: url, headers: req.headers, body });
    if (problems.length > 0) {
      invalid.push({ method, url, problems });
      return {
        status: 422,
        body: { message: 'Validation Failed', errors: problems.map((message) => ({ code: 'invalid', message })) },
      };
    }
    await o.beforeRequest?.({ method, path, body });
    const reply = await routes({
      method,
      path,
      query: new URLSearchParams(url.split('?')[1] ?? ''),
      body: (body && typeof body === 'object' ? body : {}) as Record<string, unknown>,
      headers: req.headers,
      owner: state.ownerOf(req.headers.authorization),
    });
    if (reply) return reply;
    unhandled.push({ method, url });
    return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const owner = state.ownerOf(req.headers.authorization);
      const as = owner
        ? owner.kind === 'app'
          ? 'app'
          : `actions:${owner.runId}`
        : /^bearer /i.test(req.headers.authorization ?? '')
          ? 'jwt'
          : 'none';
      track(handle(req, Buffer.concat(chunks).toString('utf8')))
        .catch((error: unknown): Reply => ({
          status: 500,
          body: { message: error instanceof Error ? error.message : String(error) },
        }))
        .then((r) => {
          requests.push({ method: req.method ?? '', url: req.url ?? '', status: r.status, as, at });
          send(res, r);
        })
        .catch(() => undefined);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the simulation has no port');
  apiUrl = `http://127.0.0.1:${address.port}`;
  if (o.shell === 'bot') bot = await startBotShell({ apiUrl, ...(o.now ? { now: o.now } : {}) });

  const idle = (): boolean => busy === 0 && [...state.runs.values()].every((r) => r.status === 'completed');

  return {
    url: apiUrl,
    state,
    unhandled,
    invalid,
    requests,
    timeline: state.timeline,
    deliveries: bot?.deliveries ?? [],
    botLogs: bot?.logs ?? [],
    comment: async (issue, body, c) => {
      if (c.permission) state.permissions.set(c.login, c.permission);
      if (!state.pulls.has(issue) && !state.issues.has(issue))
        throw new Error(`the simulation has no issue or pull request #${issue}`);
      const comment: SimComment = {
        id: state.next('comment'),
        issue,
        body,
        user: user(c.login, c.type),
        created_at: iso(),
        updated_at: iso(),
        reactions: [],
      };
      state.comments.set(comment.id, comment);
      await track(onIssueComment(comment, 'person'));
      return comment;
    },
    label: async (n, name, sender) => {
      const facts = await pullFacts(n);
      const pull = state.pulls.get(n);
      if (pull && !pull.labels.includes(name)) pull.labels.push(name);
      await track(
        emit(
          'pull_request',
          pullRequestLabeled(defaultBranch, { ...facts, labels: pull?.labels ?? [] }, name, user(sender)),
          'person',
        ),
      );
    },
    review: async (n, r) => {
      const facts = await pullFacts(n);
      const review = {
        id: state.next('review'),
        pull: n,
        user: user(r.login),
        state: r.state.toUpperCase(),
        body: r.body ?? '',
        commit_id: r.commitId ?? facts.headSha,
        submitted_at: iso(),
      };
      state.reviews.set(review.id, review);
      // The webhook's review state is lower case; the REST API's is upper case.
      await track(
        emit(
          'pull_request_review',
          pullRequestReviewSubmitted(defaultBranch, facts, { ...review, state: r.state }),
          'person',
        ),
      );
    },
    dispatch: (file, ref, inputs, login = 'octocat') => track(dispatch(file, ref, inputs, user(login))),
    settled: async () => {
      for (;;) {
        if (idle()) {
          // One more turn of the event loop: a reply just sent may be about to start the next request.
          await new Promise<void>((r) => setTimeout(r, 5));
          if (idle()) return;
          continue;
        }
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    checks: () => [...state.checks.values()],
    commentsOn: (issue) => [...state.comments.values()].filter((c) => c.issue === issue),
    runs: () => [...state.runs.values()],
    close: async () => {
      runner.abortAll();
      await runner.drain();
      await bot?.close();
      await new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      });
      if (failures.length > 0) throw new Error(`the simulation failed in the background:\n  ${failures.join('\n  ')}`);
      assertValidRequests({ invalidRequests: invalid });
    },
  };
}
