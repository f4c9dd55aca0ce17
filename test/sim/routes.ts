/**
 * The REST routes of the simulated GitHub, over SimState and the bare
 * repository. Each answers as GitHub does for the cases okstra meets,
 * including GitHub's refusals (only the app that created a check may update
 * it; a finished run's GITHUB_TOKEN is revoked; an unknown input fails a
 * dispatch). A route that returns null is not simulated: the server answers
 * 404 and records it in `sim.unhandled`.
 */
import { Git } from '../../src/git/git.js';
import { REPO } from '../action/harness.js';
import {
  accountJson,
  checkJson,
  commentJson,
  FULL_NAME,
  INSTALLATION_ID,
  APP_ID,
  pullJson,
  repositoryJson,
  reviewJson,
  runJson,
  workflowId,
} from './json.js';
import type { SimComment, SimState, TokenOwner } from './state.js';

export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as text (the contents API's raw media type); `body` is then ignored. */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  owner: TokenOwner | null;
}

/** What the routes need beyond state and git: the runner (dispatch, cancel) and event delivery. */
export interface RouteHooks {
  dispatch(file: string, ref: string, inputs: Record<string, unknown>, owner: TokenOwner): Promise<Reply>;
  cancel(runId: number): Reply;
  /** A comment created through the API: GitHub sends issue_comment.created, unless GITHUB_TOKEN made it. */
  commentCreated(c: SimComment, owner: TokenOwner): void;
  defaultBranch: string;
  now(): Date;
  /** Where the server listens: Link headers are absolute. */
  apiUrl(): string;
}

type Handler = (req: Request, m: string[]) => Promise<Reply | null> | Reply | null;

const NOT_FOUND: Reply = {
  status: 404,
  body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
};
const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

/** GitHub's pagination: `per_page` (default 30, at most 100), `page`, and a Link header (absolute, as Octokit follows it) to the next page. */
function paginate<T>(req: Request, root: string, items: T[]): { items: T[]; headers?: Record<string, string> } {
  const perPage = Math.min(Number(req.query.get('per_page') ?? 30) || 30, 100);
  const page = Math.max(Number(req.query.get('page') ?? 1) || 1, 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  if (page * perPage >= items.length) return { items: slice };
  const next = new URLSearchParams(req.query);
  next.set('page', String(page + 1));
  return { items: slice, headers: { link: `<${root}${req.path}?${next.toString()}>; rel="next"` } };
}

export function createRoutes(state: SimState, bare: string, hooks: RouteHooks) {
  const git = new Git(bare);
  const base = `/repos/${REPO.owner}/${REPO.repo}`;
  const iso = (): string =>
    hooks
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');

  const resolve = async (ref: string): Promise<string | null> => {
    const r = ref.replace(/^refs\/heads\//, '');
    return (
      (await git.resolveCommit(`refs/heads/${r}`)) ??
      (await git.resolveCommit(`refs/tags/${r}`)) ??
      (/^[0-9a-f]{7,40}$/.test(ref) ? await git.resolveCommit(ref) : null) ??
      (ref.startsWith('refs/') ? await git.resolveCommit(ref) : null)
    );
  };
  const pullsAt = async (sha: string) => {
    const out: Array<{ number: number; head: string; sha: string }> = [];
    for (const p of state.pulls.values())
      if (p.state === 'open' && (await resolve(p.head)) === sha) out.push({ number: p.number, head: p.head, sha });
    return out;
  };
  const checkOut = async (id: number) => {
    const c = state.checks.get(id);
    return c ? checkJson(c, await pullsAt(c.head_sha)) : null;
  };
  const pullOut = async (n: number) => {
    const p = state.pulls.get(n);
    if (!p) return null;
    return pullJson(p, await resolve(p.head), await resolve(p.base), hooks.defaultBranch);
  };
  const refusedForeign = (appOfCheck: string, owner: TokenOwner | null): Reply | null => {
    const mine = owner?.kind === 'app' ? 'okstra' : 'github-actions';
    if (appOfCheck === mine) return null;
    // GitHub's answer when a token of another app updates a check run.
    return json(403, {
      message: `Invalid app_id \`${mine === 'okstra' ? APP_ID : 15368}\` - check run can only be modified by the GitHub App that created it.`,
      documentation_url: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
    });
  };

  const routes: Array<[string, RegExp, Handler]> = [
    // ── Probot's App authentication ──
    [
      'POST',
      /^\/app\/installations\/(\d+)\/access_tokens$/,
      (_req, m) =>
        Number(m[1]) === INSTALLATION_ID
          ? json(201, {
              token: state.appToken(),
              expires_at: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
              permissions: { actions: 'write', checks: 'write', contents: 'read', issues: 'write' },
              repository_selection: 'all',
            })
          : NOT_FOUND,
    ],
    [
      'GET',
      new RegExp(`^${base}/installation$`),
      () => json(200, { id: INSTALLATION_ID, app_id: APP_ID, account: { login: REPO.owner, type: 'Organization' } }),
    ],
    ['GET', new RegExp(`^${base}$`), () => json(200, repositoryJson(hooks.defaultBranch))],

    // ── contents, from the bare repository ──
    [
      'GET',
      new RegExp(`^${base}/contents(?:/(.*))?$`),
      async (req, m) => {
        const path = decodeURIComponent(m[1] ?? '').replace(/\/+$/, '');
        const ref = req.query.get('ref') ?? hooks.defaultBranch;
        const sha = await resolve(ref);
        if (!sha) return json(404, { message: `No commit found for the ref ${ref}` });
        const entry = path === '' ? null : await git.run(['ls-tree', '-z', '--full-tree', sha, '--', path]);
        const line = entry?.stdout.split('\0')[0] ?? '';
        const [meta = '', name = ''] = line.split('\t');
        const [, type, objectId] = meta.split(' ');
        if (path !== '' && (entry?.exitCode !== 0 || name !== path)) return NOT_FOUND;
        const accept = String(req.headers.accept ?? '');
        if (path === '' || type === 'tree') {
          const listing = await git.ok(['ls-tree', '-z', '-l', '--full-tree', path === '' ? sha : `${sha}:${path}`]);
          const entries = listing
            .split('\0')
            .filter(Boolean)
            .map((l) => {
              const [info = '', entryName = ''] = l.split('\t');
              const [, t, id, size] = info.split(/\s+/);
              const full = path === '' ? entryName : `${path}/${entryName}`;
              return {
                name: entryName,
                path: full,
                sha: id,
                size: t === 'blob' ? Number(size) : 0,
                type: t === 'tree' ? 'dir' : t === 'commit' ? 'submodule' : 'file',
              };
            });
          return json(200, entries);
        }
        if (type !== 'blob') return NOT_FOUND;
        const bytes = Buffer.from(
          (await git.run(['cat-file', 'blob', objectId ?? ''], { encoding: 'latin1' })).stdout,
          'latin1',
        );
        if (/raw/.test(accept)) return { status: 200, raw: bytes.toString('utf8') };
        return json(200, {
          type: 'file',
          encoding: 'base64',
          size: bytes.length,
          name: path.split('/').at(-1),
          path,
          sha: objectId,
          // GitHub wraps the base64 at 60 characters a line.
          content: (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n'),
        });
      },
    ],

    // ── commits, from the bare repository (what the ledger's readers list: its rows are commits) ──
    [
      'GET',
      new RegExp(`^${base}/commits$`),
      async (req) => {
        const ref = req.query.get('sha') ?? hooks.defaultBranch;
        const sha = await resolve(ref);
        if (!sha) return json(404, { message: `No commit found for SHA: ${ref}` });
        const path = req.query.get('path');
        const perPage = Number(req.query.get('per_page') ?? 30);
        const page = Number(req.query.get('page') ?? 1);
        const out = await git.ok(['log', '-z', '--format=%H%x00%B', sha, ...(path ? ['--', path] : [])]);
        const fields = out === '' ? [] : out.split('\0');
        const all: Array<{ sha: string; commit: { message: string } }> = [];
        for (let i = 0; i + 1 < fields.length; i += 2)
          all.push({ sha: fields[i] as string, commit: { message: (fields[i + 1] as string).replace(/\n$/, '') } });
        return json(200, all.slice((page - 1) * perPage, page * perPage));
      },
    ],

    // ── check runs ──
    [
      'POST',
      new RegExp(`^${base}/check-runs$`),
      (req) => {
        const b = req.body;
        const app = req.owner?.kind === 'app' ? 'okstra' : 'github-actions';
        const output = (b.output ?? {}) as Record<string, unknown>;
        const id = state.next('check');
        const completed = b.status === 'completed' || b.conclusion !== undefined;
        state.checks.set(id, {
          id,
          name: String(b.name),
          head_sha: String(b.head_sha),
          status: completed ? 'completed' : String(b.status ?? 'queued'),
          conclusion: (b.conclusion as string | undefined) ?? null,
          started_at: (b.started_at as string | undefined) ?? iso(),
          completed_at: completed ? ((b.completed_at as string | undefined) ?? iso()) : null,
          details_url: (b.details_url as string | undefined) ?? null,
          external_id: (b.external_id as string | undefined) ?? null,
          output: {
            title: (output.title as string | undefined) ?? null,
            summary: (output.summary as string | undefined) ?? null,
            text: (output.text as string | undefined) ?? null,
          },
          annotations: [...((output.annotations as unknown[] | undefined) ?? [])],
          actions: (b.actions as unknown[] | undefined) ?? [],
          app,
          suiteId: state.suiteFor(app, String(b.head_sha)),
          history: [],
        });
        const created = state.checks.get(id);
        if (created) created.history.push({ status: created.status, conclusion: created.conclusion });
        return checkOut(id).then((c) => json(201, c));
      },
    ],
    [
      'PATCH',
      new RegExp(`^${base}/check-runs/(\\d+)$`),
      async (req, m) => {
        const c = state.checks.get(Number(m[1]));
        if (!c) return NOT_FOUND;
        const refused = refusedForeign(c.app, req.owner);
        if (refused) return refused;
        const b = req.body;
        if (b.status === 'completed' && b.conclusion === undefined && c.conclusion === null)
          return json(422, { message: 'Conclusion is required when status is completed' });
        if (b.name !== undefined) c.name = String(b.name);
        if (b.details_url !== undefined) c.details_url = String(b.details_url);
        if (b.external_id !== undefined) c.external_id = String(b.external_id);
        if (b.started_at !== undefined) c.started_at = String(b.started_at);
        if (b.status !== undefined) c.status = String(b.status);
        if (b.conclusion !== undefined) {
          // Setting a conclusion completes the check, whatever the status says.
          c.conclusion = String(b.conclusion);
          c.status = 'completed';
        }
        if (c.status === 'completed')
          c.completed_at = (b.completed_at as string | undefined) ?? c.completed_at ?? iso();
        if (b.actions !== undefined) c.actions = b.actions as unknown[];
        const output = b.output as Record<string, unknown> | undefined;
        if (output) {
          if (output.title !== undefined) c.output.title = String(output.title);
          if (output.summary !== undefined) c.output.summary = String(output.summary);
          if (output.text !== undefined) c.output.text = String(output.text);
          c.annotations.push(...((output.annotations as unknown[] | undefined) ?? []));
        }
        const last = c.history.at(-1);
        if (last?.status !== c.status || last.conclusion !== c.conclusion)
          c.history.push({ status: c.status, conclusion: c.conclusion });
        return json(200, await checkOut(c.id));
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/check-runs/(\\d+)$`),
      async (_req, m) => {
        const c = await checkOut(Number(m[1]));
        return c ? json(200, c) : NOT_FOUND;
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/commits/([^/]+)/check-runs$`),
      async (req, m) => {
        const sha = await resolve(decodeURIComponent(m[1] ?? ''));
        if (!sha) return json(422, { message: `No commit found for SHA: ${m[1] ?? ''}` });
        const name = req.query.get('check_name');
        const status = req.query.get('status');
        let list = [...state.checks.values()].filter(
          (c) => c.head_sha === sha && (!name || c.name === name) && (!status || c.status === status),
        );
        // filter=latest (the default): the newest check run of each name.
        if ((req.query.get('filter') ?? 'latest') === 'latest')
          list = list.filter((c) => !list.some((o) => o.name === c.name && o.id > c.id));
        list.sort((a, b) => b.id - a.id);
        const page = paginate(req, hooks.apiUrl(), list);
        const checkRuns = await Promise.all(page.items.map((c) => checkOut(c.id)));
        return json(200, { total_count: list.length, check_runs: checkRuns }, page.headers);
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/check-suites/(\\d+)/check-runs$`),
      async (req, m) => {
        let list = [...state.checks.values()].filter((c) => c.suiteId === Number(m[1]));
        if ((req.query.get('filter') ?? 'latest') === 'latest')
          list = list.filter((c) => !list.some((o) => o.name === c.name && o.id > c.id));
        const page = paginate(req, hooks.apiUrl(), list);
        const checkRuns = await Promise.all(page.items.map((c) => checkOut(c.id)));
        return json(200, { total_count: list.length, check_runs: checkRuns }, page.headers);
      },
    ],

    // ── issues, comments, reactions, labels ──
    [
      'GET',
      new RegExp(`^${base}/issues/(\\d+)/comments$`),
      (req, m) => {
        const n = Number(m[1]);
        if (!state.pulls.has(n) && !state.issues.has(n)) return NOT_FOUND;
        const page = paginate(
          req,
          hooks.apiUrl(),
          [...state.comments.values()].filter((c) => c.issue === n),
        );
        return json(200, page.items.map(commentJson), page.headers);
      },
    ],
    [
      'POST',
      new RegExp(`^${base}/issues/(\\d+)/comments$`),
      (req, m) => {
        const n = Number(m[1]);
        if (!state.pulls.has(n) && !state.issues.has(n)) return NOT_FOUND;
        const owner = req.owner as TokenOwner;
        const c: SimComment = {
          id: state.next('comment'),
          issue: n,
          body: String(req.body.body),
          user: owner.account,
          created_at: iso(),
          updated_at: iso(),
          reactions: [],
        };
        state.comments.set(c.id, c);
        hooks.commentCreated(c, owner);
        return json(201, commentJson(c));
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/issues/comments/(\\d+)$`),
      (_req, m) => {
        const c = state.comments.get(Number(m[1]));
        return c ? json(200, commentJson(c)) : NOT_FOUND;
      },
    ],
    [
      'PATCH',
      new RegExp(`^${base}/issues/comments/(\\d+)$`),
      (req, m) => {
        const c = state.comments.get(Number(m[1]));
        if (!c) return NOT_FOUND;
        // Only the comment's author (or a maintainer) may edit it; tokens are bots, so: its author.
        if (req.owner?.account.login !== c.user.login)
          return json(403, { message: 'Resource not accessible by integration' });
        c.body = String(req.body.body);
        c.updated_at = iso();
        return json(200, commentJson(c));
      },
    ],
    [
      'POST',
      new RegExp(`^${base}/issues/comments/(\\d+)/reactions$`),
      (req, m) => {
        const c = state.comments.get(Number(m[1]));
        if (!c) return NOT_FOUND;
        const user = (req.owner as TokenOwner).account;
        const content = String(req.body.content);
        const existing = c.reactions.find((r) => r.content === content && r.user.login === user.login);
        if (existing) return json(200, { id: existing.id, content, user: accountJson(user) });
        const r = { id: state.next('reaction'), content, user };
        c.reactions.push(r);
        return json(201, { id: r.id, content, user: accountJson(user) });
      },
    ],
    [
      'DELETE',
      new RegExp(`^${base}/issues/(\\d+)/labels/(.+)$`),
      (_req, m) => {
        const n = Number(m[1]);
        const holder = state.pulls.get(n) ?? state.issues.get(n);
        if (!holder) return NOT_FOUND;
        const name = decodeURIComponent(m[2] ?? '');
        if (!holder.labels.includes(name)) return json(404, { message: 'Label does not exist' });
        holder.labels = holder.labels.filter((l) => l !== name);
        return json(
          200,
          holder.labels.map((l) => ({ name: l })),
        );
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/issues/(\\d+)$`),
      async (_req, m) => {
        const n = Number(m[1]);
        const issue = state.issues.get(n);
        if (issue)
          return json(200, {
            number: n,
            title: issue.title,
            body: issue.body,
            state: 'open',
            user: accountJson(issue.user),
            labels: issue.labels.map((name) => ({ name })),
            html_url: `https://github.com/${FULL_NAME}/issues/${n}`,
          });
        const pull = await pullOut(n);
        if (!pull) return NOT_FOUND;
        return json(200, { ...pull, pull_request: { url: pull.url, html_url: pull.html_url } });
      },
    ],

    // ── pull requests ──
    [
      'GET',
      new RegExp(`^${base}/pulls$`),
      async (req) => {
        const head = req.query.get('head');
        const baseRef = req.query.get('base');
        const wanted = req.query.get('state') ?? 'open';
        const found = [...state.pulls.values()].filter(
          (p) =>
            (wanted === 'all' || p.state === wanted) &&
            (!head || `${REPO.owner}:${p.head}` === head || p.head === head) &&
            (!baseRef || p.base === baseRef),
        );
        found.sort((a, b) => b.number - a.number);
        const page = paginate(req, hooks.apiUrl(), found);
        return json(200, await Promise.all(page.items.map((p) => pullOut(p.number))), page.headers);
      },
    ],
    [
      'POST',
      new RegExp(`^${base}/pulls$`),
      async (req) => {
        const b = req.body;
        const head = String(b.head).replace(new RegExp(`^${REPO.owner}:`), '');
        if (b.title === undefined && b.issue === undefined)
          return json(422, { message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] });
        if (!(await resolve(head)))
          return json(422, { message: 'Validation Failed', errors: [{ field: 'head', code: 'invalid' }] });
        if ([...state.pulls.values()].some((p) => p.state === 'open' && p.head === head && p.base === b.base))
          return json(422, { message: `A pull request already exists for ${REPO.owner}:${head}.` });
        const number = Math.max(0, ...state.pulls.keys(), ...state.issues.keys()) + 1;
        state.pulls.set(number, {
          number,
          title: String(b.title ?? state.issues.get(Number(b.issue))?.title ?? ''),
          body: String(b.body ?? ''),
          head,
          base: String(b.base),
          state: 'open',
          draft: b.draft === true,
          user: (req.owner as TokenOwner).account,
          labels: [],
          created_at: iso(),
        });
        return json(201, await pullOut(number));
      },
    ],
    [
      'PATCH',
      new RegExp(`^${base}/pulls/(\\d+)$`),
      async (req, m) => {
        const p = state.pulls.get(Number(m[1]));
        if (!p) return NOT_FOUND;
        const b = req.body;
        if (b.title !== undefined) p.title = String(b.title);
        if (b.body !== undefined) p.body = String(b.body);
        if (b.base !== undefined) p.base = String(b.base);
        if (b.state === 'open' || b.state === 'closed') p.state = b.state;
        return json(200, await pullOut(p.number));
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/pulls/(\\d+)$`),
      async (_req, m) => {
        const p = await pullOut(Number(m[1]));
        return p ? json(200, p) : NOT_FOUND;
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/pulls/(\\d+)/files$`),
      async (req, m) => {
        const p = state.pulls.get(Number(m[1]));
        if (!p) return NOT_FOUND;
        const [head, baseSha] = [await resolve(p.head), await resolve(p.base)];
        if (!head || !baseSha) return json(200, []);
        // Three dots, as GitHub compares a pull request: the head against its merge base with the base.
        const out = await git.ok(['diff', '--name-status', '-z', '-M', `${baseSha}...${head}`]);
        const parts = out.split('\0').filter((s) => s !== '');
        const files: Array<Record<string, unknown>> = [];
        const STATUS: Record<string, string> = {
          A: 'added',
          M: 'modified',
          D: 'removed',
          R: 'renamed',
          C: 'copied',
          T: 'changed',
        };
        for (let i = 0; i < parts.length;) {
          const code = parts[i++] ?? '';
          const letter = code[0] ?? 'M';
          if (letter === 'R' || letter === 'C') {
            const from = parts[i++] ?? '';
            files.push({ filename: parts[i++] ?? '', previous_filename: from, status: STATUS[letter] });
          } else files.push({ filename: parts[i++] ?? '', status: STATUS[letter] ?? 'modified' });
        }
        const page = paginate(req, hooks.apiUrl(), files);
        return json(200, page.items, page.headers);
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/pulls/(\\d+)/reviews$`),
      (req, m) => {
        const page = paginate(
          req,
          hooks.apiUrl(),
          [...state.reviews.values()].filter((r) => r.pull === Number(m[1])),
        );
        return json(200, page.items.map(reviewJson), page.headers);
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/pulls/(\\d+)/reviews/(\\d+)$`),
      (_req, m) => {
        const r = state.reviews.get(Number(m[2]));
        return r && r.pull === Number(m[1]) ? json(200, reviewJson(r)) : NOT_FOUND;
      },
    ],
    ['GET', new RegExp(`^${base}/pulls/(\\d+)/comments$`), () => json(200, [])],
    [
      'GET',
      new RegExp(`^${base}/commits/([0-9a-f]{40})/pulls$`),
      async (_req, m) => {
        const out = [];
        for (const p of state.pulls.values()) if ((await resolve(p.head)) === m[1]) out.push(await pullOut(p.number));
        return json(200, out);
      },
    ],

    // ── collaborators ──
    [
      'GET',
      new RegExp(`^${base}/collaborators/([^/]+)/permission$`),
      (_req, m) => {
        const login = decodeURIComponent(m[1] ?? '');
        const permission = state.permissions.get(login);
        if (!permission) return NOT_FOUND;
        // The classic permission of a role: maintain counts as write, triage as read.
        const classic = permission === 'maintain' ? 'write' : permission === 'triage' ? 'read' : permission;
        return json(200, {
          permission: classic,
          role_name: permission,
          user: accountJson({ login, id: 1000 + login.length, type: 'User' }),
        });
      },
    ],

    // ── Actions ──
    [
      'POST',
      new RegExp(`^${base}/actions/workflows/([^/]+)/dispatches$`),
      (req, m) =>
        hooks.dispatch(
          decodeURIComponent(m[1] ?? ''),
          String(req.body.ref),
          (req.body.inputs ?? {}) as Record<string, unknown>,
          req.owner as TokenOwner,
        ),
    ],
    [
      'GET',
      new RegExp(`^${base}/actions/(?:workflows/([^/]+)/)?runs$`),
      async (req, m) => {
        const file = m[1] ? decodeURIComponent(m[1]) : null;
        const q = req.query;
        const list = [...state.runs.values()]
          .filter(
            (r) =>
              (!file || r.workflow.file === file || String(workflowId(r.workflow.file)) === file) &&
              (!q.get('branch') || r.headBranch === q.get('branch')) &&
              (!q.get('event') || r.event === q.get('event')) &&
              (!q.get('head_sha') || r.headSha === q.get('head_sha')) &&
              (!q.get('actor') || r.actor.login === q.get('actor')) &&
              (!q.get('status') || r.status === q.get('status') || r.conclusion === q.get('status')),
          )
          .sort((a, b) => b.id - a.id);
        const page = paginate(req, hooks.apiUrl(), list);
        return json(
          200,
          { total_count: list.length, workflow_runs: page.items.map((r) => runJson(r, hooks.defaultBranch)) },
          page.headers,
        );
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/actions/runs/(\\d+)$`),
      (_req, m) => {
        const r = state.runs.get(Number(m[1]));
        return r ? json(200, runJson(r, hooks.defaultBranch)) : NOT_FOUND;
      },
    ],
    ['POST', new RegExp(`^${base}/actions/runs/(\\d+)/cancel$`), (_req, m) => hooks.cancel(Number(m[1]))],
  ];

  return async (req: Request): Promise<Reply | null> => {
    if (req.path.startsWith('/repos/') && !req.path.startsWith(`${base}/`) && req.path !== base)
      // Another repository (Probot's config loader falls back to the owner's `.github`): none exists here.
      return NOT_FOUND;
    // What an App does as itself (with its JWT), not as an installation.
    const isApp = req.path.startsWith('/app/') || req.path === `${base}/installation`;
    if (isApp) {
      const jwt = /^bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i.test(String(req.headers.authorization ?? ''));
      if (!jwt) return json(401, { message: 'A JSON web token could not be decoded' });
    } else if (!req.owner) return json(401, { message: 'Bad credentials' });
    for (const [method, re, handler] of routes) {
      if (method !== req.method) continue;
      const m = re.exec(req.path);
      if (m) return handler(req, [...m]);
    }
    return null;
  };
}
