import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, PASSING_REVIEWER, twoStagePlan, WRITER } from '../action/harness.js';
import { fakeExecutor, type FakeExecutor } from './fake-executor.js';
import { startGitHubSim, type GitHubSim } from './github-sim.js';

/** A workflow of one job: an okstra step whose inputs name the run's key, in the concurrency group of that key. */
const WORKFLOW = (cancelInProgress: boolean) => `name: sim
run-name: 'sim \${{ inputs.key }}'
on:
  workflow_dispatch:
    inputs:
      key: { type: string, required: true }
      mode: { type: choice, options: [stage, chain], default: stage }
  issue_comment:
    types: [created]
jobs:
  run:
    if: github.event_name == 'workflow_dispatch' || contains(github.event.comment.body, '/okstra')
    concurrency:
      group: g-\${{ inputs.key || 'comments' }}
      cancel-in-progress: ${cancelInProgress}
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: okstra/okstra@v1
        with:
          mode: \${{ inputs.mode || 'event' }}
          key: \${{ inputs.key }}
          token: \${{ secrets.GITHUB_TOKEN }}
`;

let sim: GitHubSim | null = null;
afterEach(async () => {
  const s = sim;
  sim = null;
  await s?.close();
});

async function start(
  o: { cancelInProgress?: boolean; maxRunners?: number } = {},
): Promise<{ sim: GitHubSim; ex: FakeExecutor }> {
  const p = await makeProject({
    plan: twoStagePlan(),
    agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    files: { '.github/workflows/sim.yml': WORKFLOW(o.cancelInProgress ?? false) },
    prFiles: { 'docs/x.md': 'x\n' },
  });
  const ex = fakeExecutor();
  sim = await startGitHubSim({
    project: p,
    shell: 'action',
    executor: ex,
    pulls: [{ number: 7, head: 'feature' }],
    ...(o.maxRunners ? { maxRunners: o.maxRunners } : {}),
  });
  return { sim, ex };
}

/** Polls every 5 ms: for an event's run, created in the background after the request that caused it. */
async function until(what: () => boolean): Promise<void> {
  for (let i = 0; !what(); i++) {
    if (i > 2000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const ids = (s: GitHubSim): number[] => s.runs().map((r) => r.id);
const byId = (s: GitHubSim, id: number | undefined) => s.runs().find((r) => r.id === id);

describe('concurrency groups', () => {
  it('with cancel-in-progress false, a busy group keeps only the newest pending run: the older pending one is cancelled unstarted', async () => {
    const { sim: s, ex } = await start();
    await s.dispatch('sim.yml', 'main', { key: 'x' });
    const [a] = ids(s);
    await ex.started(a as number);
    await s.dispatch('sim.yml', 'main', { key: 'x' });
    await s.dispatch('sim.yml', 'main', { key: 'y' });
    const [, b, other] = ids(s);
    await ex.started(other as number);
    expect(byId(s, b)).toMatchObject({ status: 'queued', groupState: 'pending' });

    await s.dispatch('sim.yml', 'main', { key: 'x' });
    const c = ids(s)[3];
    // The pending run b gives way to c, without ever starting; a keeps running; y's group is another.
    expect(byId(s, b)).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(s.state.timelineOf(b as number).startedAt).toBeNull();
    expect(byId(s, a)?.status).toBe('in_progress');
    expect(byId(s, other)?.status).toBe('in_progress');
    expect(byId(s, c)).toMatchObject({ status: 'queued', groupState: 'pending' });

    ex.release(a as number);
    await ex.started(c as number);
    expect(s.state.timelineOf(c as number).startedAt).toBeGreaterThanOrEqual(
      s.state.timelineOf(a as number).endedAt ?? Infinity,
    );
    ex.release(c as number);
    ex.release(other as number);
    await s.settled();
    expect(s.runs().map((r) => [r.displayTitle, r.concurrency?.group, r.conclusion])).toEqual([
      ['sim x', 'g-x', 'success'],
      ['sim x', 'g-x', 'cancelled'],
      ['sim y', 'g-y', 'success'],
      ['sim x', 'g-x', 'success'],
    ]);
    // The okstra step got its evaluated inputs and the run's own GITHUB_TOKEN.
    const main = ex.calls.filter((k) => k.entry === 'main');
    expect(main.map((k) => k.inputs.key)).toEqual(['x', 'y', 'x']);
    for (const k of main) expect(k.inputs.token).toBe(k.token);
    expect(new Set(main.map((k) => k.token)).size).toBe(3);
  });

  it('with cancel-in-progress true, a new run cancels the running one (its step is interrupted, its post step still runs)', async () => {
    const { sim: s, ex } = await start({ cancelInProgress: true });
    await s.dispatch('sim.yml', 'main', { key: 'x' });
    const [a] = ids(s);
    await ex.started(a as number);
    await s.dispatch('sim.yml', 'main', { key: 'x' });
    const b = ids(s)[1] as number;
    await ex.started(b);
    ex.release(b);
    await s.settled();
    expect(s.runs().map((r) => r.conclusion)).toEqual(['cancelled', 'success']);
    expect(s.state.timelineOf(a as number)).toMatchObject({ exitCode: 130, postExitCode: 0 });
    expect(ex.calls.filter((k) => k.runId === a).map((k) => k.entry)).toEqual(['main', 'post']);
  });

  it('runs at most maxRunners jobs at once; the next queued run starts when a runner frees up', async () => {
    const { sim: s, ex } = await start({ maxRunners: 2 });
    for (const key of ['a', 'b', 'c']) await s.dispatch('sim.yml', 'main', { key });
    const [a, b, c] = ids(s) as [number, number, number];
    await Promise.all([ex.started(a), ex.started(b)]);
    expect(byId(s, c)).toMatchObject({ status: 'queued', groupState: 'holding' });
    ex.release(b);
    await ex.started(c);
    ex.release(a);
    ex.release(c);
    await s.settled();
    expect(s.runs().every((r) => r.conclusion === 'success')).toBe(true);
    expect(s.state.timelineOf(c).startedAt).toBeGreaterThanOrEqual(s.state.timelineOf(b).endedAt ?? Infinity);
  });
});

describe("GitHub's rules", () => {
  it('refuses a dispatch GitHub refuses: an undeclared input, a missing required one, a choice out of its options', async () => {
    const { sim: s } = await start();
    expect(await s.dispatch('sim.yml', 'main', { key: 'x', models: 'a=b' })).toMatchObject({
      status: 422,
      body: { message: 'Unexpected inputs provided: ["models"]' },
    });
    expect((await s.dispatch('sim.yml', 'main', {})).status).toBe(422);
    expect((await s.dispatch('sim.yml', 'main', { key: 'x', mode: 'nope' })).status).toBe(422);
    expect((await s.dispatch('nope.yml', 'main', { key: 'x' })).status).toBe(404);
    expect(s.runs()).toEqual([]);
  });

  it("only the app that created a check may update it; a run's GITHUB_TOKEN stops working when the run completes", async () => {
    const { sim: s, ex } = await start();
    await s.dispatch('sim.yml', 'main', { key: 'x' });
    const run = s.runs()[0];
    if (!run) throw new Error('no run');
    await ex.started(run.id);
    const api = (token: string, method: string, path: string, body?: unknown) =>
      fetch(`${s.url}/repos/octo-org/octo-repo${path}`, {
        method,
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const app = s.state.appToken();
    const created = (await (
      await api(app, 'POST', '/check-runs', { name: 'okstra: p · stage 1', head_sha: run.headSha, status: 'queued' })
    ).json()) as { id: number };
    const byActions = await api(run.token, 'PATCH', `/check-runs/${created.id}`, { status: 'in_progress' });
    expect(byActions.status).toBe(403);
    expect(((await byActions.json()) as { message: string }).message).toMatch(
      /can only be modified by the GitHub App that created it/,
    );
    expect((await api(app, 'PATCH', `/check-runs/${created.id}`, { conclusion: 'success' })).status).toBe(200);
    expect(s.checks()[0]).toMatchObject({ status: 'completed', conclusion: 'success', app: 'okstra' });

    const token = run.token;
    ex.release(run.id);
    await s.settled();
    expect((await api(token, 'GET', `/check-runs/${created.id}`)).status).toBe(401);
    expect((await api(app, 'GET', `/check-runs/${created.id}`)).status).toBe(200);
  });

  it("a comment made with a run's GITHUB_TOKEN starts no workflow; one made by a person or the App does", async () => {
    const { sim: s, ex } = await start();
    await s.dispatch('sim.yml', 'main', { key: 'x' });
    const run = s.runs()[0];
    if (!run) throw new Error('no run');
    await ex.started(run.id);
    const post = (token: string) =>
      fetch(`${s.url}/repos/octo-org/octo-repo/issues/7/comments`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: '/okstra status' }),
      });
    expect((await post(run.token)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.runs().map((r) => r.event)).toEqual(['workflow_dispatch']);
    expect((await post(s.state.appToken())).status).toBe(201);
    await s.comment(7, '/okstra stage 1', { login: 'octocat' });
    await until(() => s.runs().length === 3);
    ex.release(run.id);
    const events = s.runs().filter((r) => r.event === 'issue_comment');
    expect(events.map((r) => (r.payload.comment as { user: { login: string } }).user.login)).toEqual([
      'okstra[bot]',
      'octocat',
    ]);
    for (const r of events) ex.release(r.id);
    await s.settled();
    // The comment runs share the group `g-comments`: the first runs, the second waits for it.
    expect(events.map((r) => r.conclusion)).toEqual(['success', 'success']);
    expect(ex.calls.filter((k) => k.entry === 'main').map((k) => k.inputs.mode)).toEqual(['stage', 'event', 'event']);
    expect(s.commentsOn(7).map((c) => c.user.login)).toEqual(['github-actions[bot]', 'okstra[bot]', 'octocat']);
  });
});
