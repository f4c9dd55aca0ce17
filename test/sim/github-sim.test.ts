import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WRITER, type Project } from '../action/harness.js';
import { startGitHubSim, type GitHubSim } from './github-sim.js';
import { isReportComment } from '../../src/core/report/index.js';
import { isStatusComment, parseRunTitle } from '../../src/core/commands/index.js';
import { flatInputs } from '../helpers/contract.js';
import { failedRunsTail, NO_SERVER_WORKFLOW, project, runsSeen } from './two-stage.js';

let sim: GitHubSim | null = null;
afterEach(async () => {
  const s = sim;
  sim = null;
  await s?.close();
});

/** No server: `/okstra stage 1` by a writer on pull request 7, and everything it started, to the end. */
async function stageOneSettled(p: Project): Promise<GitHubSim> {
  const started = await startGitHubSim({ project: p, shell: 'action', pulls: [{ number: 7, head: 'feature' }] });
  sim = started;
  await started.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
  await started.settled();
  return started;
}

describe('the simulated GitHub, bot shell', () => {
  it('/okstra stage 1 on a pull request: the bot reacts, queues a check, dispatches; the run pushes the stage; on workflow_run.completed the bot completes the check, posts the report and dispatches stage 2', async () => {
    const p = await project();
    sim = await startGitHubSim({ project: p, shell: 'bot', pulls: [{ number: 7, head: 'feature' }] });

    const asked = await sim.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
    await sim.settled();
    const s = sim;
    const why = (): string =>
      `${failedRunsTail(s)}\nbot: ${s.botLogs.join('\n')}\nunhandled: ${JSON.stringify(s.unhandled)}`;

    expect(s.unhandled, why()).toEqual([]);
    // The bot's reactions on the command: 👀 when it starts on it, 🚀 once the run is dispatched.
    expect(s.state.comments.get(asked.id)?.reactions.map((r) => [r.content, r.user.login])).toEqual([
      ['eyes', 'okstra[bot]'],
      ['rocket', 'okstra[bot]'],
    ]);

    // Two runs, both dispatched by the App on the default branch: stage 1 for the comment, then stage 2,
    // which the bot dispatched when stage 1's run completed and made it ready.
    const runs = s.runs();
    expect(
      runs.map((r) => [
        r.event,
        r.headBranch,
        r.headSha,
        r.actor.login,
        flatInputs(r.inputs).stage,
        flatInputs(r.inputs).trigger,
        r.conclusion,
      ]),
      why(),
    ).toEqual([
      ['workflow_dispatch', 'main', p.main, 'okstra[bot]', '1', 'comment', 'success'],
      ['workflow_dispatch', 'main', p.main, 'okstra[bot]', '2', 'dispatch', 'success'],
    ]);
    const checks = s.checks();
    expect(checks.map((c) => c.name)).toEqual(['okstra: two-stage · stage 1', 'okstra: two-stage · stage 2']);
    const [first, second] = runs;
    const [check1, check2] = checks;
    if (!first || !second || !check1 || !check2) throw new Error('unreachable');
    expect(first.displayTitle).toBe(`okstra ${p.planPath} · ${String(first.inputs.request)}`);
    expect(parseRunTitle(first.displayTitle)).toEqual({ prNumber: 7, checkRunIds: [check1.id] });
    expect(second.displayTitle).toBe(`okstra ${p.planPath} · ${String(second.inputs.request)}`);
    expect(parseRunTitle(second.displayTitle)).toEqual({ prNumber: 7, checkRunIds: [check2.id] });
    expect(first.concurrency?.group).toBe(`okstra-${p.planPath}-stage-1`);
    // The second run was dispatched only after the first had ended (its workflow_run.completed).
    const [t1, t2] = [s.state.timelineOf(first.id), s.state.timelineOf(second.id)];
    expect(t2.dispatchedAt).toBeGreaterThanOrEqual(t1.endedAt ?? Infinity);
    // The okstra step's inputs, evaluated from the workflow: the bot owns the checks, the job's token is GITHUB_TOKEN.
    expect(flatInputs(t1.inputs)).toMatchObject({
      mode: 'stage',
      plan: p.planPath,
      stage: '1',
      'pr-number': '7',
      'check-run-id': String(check1.id),
      report: 'summary',
      'dispatch-next': 'false',
    });
    expect(t1.inputs?.['github-token']).toMatch(/^ghs_actions_/);
    expect([t1.exitCode, t1.postExitCode]).toEqual([0, 0]);

    // The stage branches and the ledger rows are on the bare repository, with the runs' ids.
    expect(await p.show('okstra/two-stage/stage-1', 'src/stage-1.txt')).toMatch(/^stage 1 by /);
    expect(await p.show('okstra/two-stage/stage-2', 'src/stage-2.txt')).toMatch(/^stage 2 by /);
    const rows = await p.ledger();
    expect(rows.map((r) => [r.stage, r.status, r.run_id.split('-').slice(0, 3).join('-')])).toEqual([
      [1, 'started', `gh-${first.id}-1`],
      [1, 'done', `gh-${first.id}-1`],
      [2, 'started', `gh-${second.id}-1`],
      [2, 'done', `gh-${second.id}-1`],
    ]);

    // The checks the bot queued on the pull request's head, completed by the bot from the stored reports.
    for (const [check, row] of [
      [check1, rows[1]],
      [check2, rows[3]],
    ] as const) {
      expect(check).toMatchObject({
        head_sha: p.prHead,
        app: 'okstra',
        status: 'completed',
        conclusion: 'success',
        external_id: row?.run_id,
      });
      expect(check.output.title).toMatch(/^PASS/);
    }

    // One report comment per stage on the pull request, by the App.
    const reports = s.commentsOn(7).filter((c) => c.user.login === 'okstra[bot]');
    expect(
      reports.map((c) => [isReportComment(c.body, 'two-stage', 1), isReportComment(c.body, 'two-stage', 2)]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    // The command, each finished run, and the App's own report comments (delivered: the bot ignores a bot's).
    expect(s.deliveries.map((d) => `${d.event}.${d.action ?? ''} ${d.status ?? '?'}`).sort()).toEqual([
      'issue_comment.created 200',
      'issue_comment.created 200',
      'issue_comment.created 200',
      'workflow_run.completed 200',
      'workflow_run.completed 200',
    ]);

    // `/okstra status` reads the plan's state from the snapshot the runs' appends wrote: one request, no row listed.
    const before = s.requests.length;
    await s.comment(7, '/okstra status', { login: 'octocat', permission: 'write' });
    await s.settled();
    const ledgerReads = s.requests
      .slice(before)
      .filter((r) => r.as === 'app' && /\/contents\/plans(?:%2F|\/)two-stage|\/commits\?/.test(r.url))
      .map((r) => `${r.status} ${r.url.replace(/\?.*/, '')}`);
    expect(ledgerReads).toEqual(['200 /repos/octo-org/octo-repo/contents/plans%2Ftwo-stage%2Fstate.json']);
    const status = s.commentsOn(7).find((c) => isStatusComment(c.body, 'two-stage'));
    // Both stages done, none still ready or pending.
    expect(status?.body.match(/✅/g)?.length, status?.body).toBeGreaterThanOrEqual(2);
    expect(status?.body).not.toMatch(/🟢|⏳|🔄/);
  });

  it('fails close() when a request is not a valid GitHub API request', async () => {
    const p = await project();
    const s = await startGitHubSim({ project: p, shell: 'action' });
    const token = s.state.appToken();
    const res = await fetch(`${s.url}/repos/octo-org/octo-repo/check-runs`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      // `conclution`: a misspelt field GitHub would silently ignore; the description check refuses it.
      body: JSON.stringify({ name: 'x', head_sha: p.main, conclution: 'success' }),
    });
    expect(res.status).toBe(422);
    expect(s.checks()).toEqual([]);
    await expect(s.close()).rejects.toThrow(/1 invalid request\(s\):[\s\S]*conclution/);
  });
});

describe('the simulated GitHub, no-server shell', () => {
  it("/okstra stage 1 runs the workflow's event job (mode: event), which queues the check and dispatches the stage run; that job runs stage 2 next itself (continueInJob), with the check its launch queued; all with GITHUB_TOKEN", async () => {
    const p = await project(NO_SERVER_WORKFLOW);
    const s = await stageOneSettled(p);
    const runs = s.runs();
    expect(runsSeen(s), failedRunsTail(s)).toEqual([
      ['issue_comment', 'octocat', 'success'],
      ['workflow_dispatch', 'github-actions[bot]', 'success'],
    ]);
    const stageRun = runs[1]?.id;
    expect(s.state.timelineOf(runs[0]?.id ?? 0).inputs).toMatchObject({ mode: 'event' });
    expect(s.state.timelineOf(stageRun ?? 0).inputs?.stage).toBe('1');
    expect(s.unhandled).toEqual([]);
    // Both stages' rows are the one workflow run's, each a stage run of its own; 2 was claimed after 1 was done.
    expect((await p.ledger()).map((r) => [r.stage, r.status, r.run_id])).toEqual([
      [1, 'started', `gh-${stageRun}-1-s1`],
      [1, 'done', `gh-${stageRun}-1-s1`],
      [2, 'started', `gh-${stageRun}-1-s2`],
      [2, 'done', `gh-${stageRun}-1-s2`],
    ]);
    // Stage 2's check was queued by the launch that kept it for this job (the gate a dispatch passes), then run here.
    expect(s.checks().map((c) => [c.name, c.head_sha, c.app, c.status, c.conclusion, c.history[0]?.status])).toEqual([
      ['okstra: two-stage · stage 1', p.prHead, 'github-actions', 'completed', 'success', 'queued'],
      ['okstra: two-stage · stage 2', p.prHead, 'github-actions', 'completed', 'success', 'queued'],
    ]);
    // One report comment per stage, by the job's token.
    for (const n of [1, 2])
      expect(
        s
          .commentsOn(7)
          .filter((c) => c.user.login === 'github-actions[bot]' && isReportComment(c.body, 'two-stage', n)),
        `report of stage ${n}`,
      ).toHaveLength(1);
    // Stage 1's follow-ups were decided from the ledger its own done row left in the clone, and launched as a comment
    // launches (the plan read as a launch reads it); stage 2's, the plan's last, asked GitHub nothing.
    const followUpReads = s.requests
      .filter((q) => q.as === `actions:${stageRun}` && /\/pulls\/7\/files|\/commits\?|contents\/plans/.test(q.url))
      .map((q) => q.url.replace(/\?.*/, ''));
    expect(followUpReads).toEqual(['/repos/octo-org/octo-repo/pulls/7/files']);
    // Nothing was dispatched by the stage run: the only workflow run after the event job's is its own.
    expect(
      s.requests.filter((q) => q.as === `actions:${stageRun}` && q.method === 'POST' && q.url.endsWith('/dispatches')),
    ).toEqual([]);
  });

  it('with `bot.continueInJob: false`, a stage run that ends done dispatches the next stage in its own workflow run (dispatch-next)', async () => {
    const p = await project(NO_SERVER_WORKFLOW, { bot: { continueInJob: false } });
    const s = await stageOneSettled(p);
    const runs = s.runs();
    expect(runsSeen(s), failedRunsTail(s)).toEqual([
      ['issue_comment', 'octocat', 'success'],
      ['workflow_dispatch', 'github-actions[bot]', 'success'],
      ['workflow_dispatch', 'github-actions[bot]', 'success'],
    ]);
    expect(runs.map((r) => s.state.timelineOf(r.id).inputs?.stage ?? null)).toEqual([null, '1', '2']);
    expect(s.unhandled).toEqual([]);
    expect(s.checks().map((c) => [c.name, c.app, c.status, c.conclusion])).toEqual([
      ['okstra: two-stage · stage 1', 'github-actions', 'completed', 'success'],
      ['okstra: two-stage · stage 2', 'github-actions', 'completed', 'success'],
    ]);
    expect((await p.ledger()).map((r) => [r.stage, r.status, r.run_id])).toEqual([
      [1, 'started', `gh-${runs[1]?.id}-1-s1`],
      [1, 'done', `gh-${runs[1]?.id}-1-s1`],
      [2, 'started', `gh-${runs[2]?.id}-1-s2`],
      [2, 'done', `gh-${runs[2]?.id}-1-s2`],
    ]);
    // Made with GITHUB_TOKEN: the reactions, the report comment; none of them started another workflow.
    expect(s.commentsOn(7).filter((c) => c.user.login === 'github-actions[bot]').length).toBeGreaterThan(0);
    // Stage 1's run reads the plan as a launch does and dispatches stage 2, without reading the ledger over the API;
    // stage 2's run, the plan's last, asks GitHub nothing about follow-ups at all.
    const followUpReads = (run: number | undefined) =>
      s.requests
        .filter((q) => q.as === `actions:${run}` && /\/pulls\/7\/files|\/commits\?|contents\/plans/.test(q.url))
        .map((q) => q.url.replace(/\?.*/, ''));
    expect(followUpReads(runs[1]?.id)).toEqual(['/repos/octo-org/octo-repo/pulls/7/files']);
    expect(followUpReads(runs[2]?.id)).toEqual([]);
  });

  it('`/okstra cancel` while the job runs the stage it went on to: that stage is released (failed, abandoned) and its check cancelled; the stage before stays done', async () => {
    const p = await project(NO_SERVER_WORKFLOW);
    // Stage 2's executor says it has started (a file in the scratch folder), then works until it is stopped.
    const started = join(p.scratch, 'executor-of-stage-2');
    p.script('writer', {
      rules: [
        { when: { role: 'executor', stage: 2 }, do: { meet: { file: started, others: [], timeoutMs: 1 }, hang: true } },
        { when: { role: 'executor' }, do: WRITER },
      ],
    });
    sim = await startGitHubSim({ project: p, shell: 'action', pulls: [{ number: 7, head: 'feature' }] });
    await sim.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
    const deadline = Date.now() + 60_000;
    while (!existsSync(started) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(started), failedRunsTail(sim)).toBe(true);
    await sim.comment(7, '/okstra cancel', { login: 'octocat', permission: 'write' });
    await sim.settled();
    const s = sim;
    const stageRun = s.runs().find((r) => r.event === 'workflow_dispatch')?.id;
    expect(s.runs().map((r) => [r.event, r.conclusion])).toEqual([
      ['issue_comment', 'success'],
      ['workflow_dispatch', 'cancelled'],
      ['issue_comment', 'success'],
    ]);
    // The post step ended the open claim of this run, stage 2's; stage 1's done row stands.
    expect((await p.ledger()).map((r) => [r.stage, r.status, 'reason' in r ? r.reason : null, r.run_id])).toEqual([
      [1, 'started', null, `gh-${stageRun}-1-s1`],
      [1, 'done', null, `gh-${stageRun}-1-s1`],
      [2, 'started', null, `gh-${stageRun}-1-s2`],
      [2, 'failed', 'abandoned', `gh-${stageRun}-1-s2`],
    ]);
    expect(s.checks().map((c) => [c.name, c.status, c.conclusion])).toEqual([
      ['okstra: two-stage · stage 1', 'completed', 'success'],
      ['okstra: two-stage · stage 2', 'completed', 'cancelled'],
    ]);
    expect(s.unhandled).toEqual([]);
  });

  it('a dispatch whose request fails validation runs nothing and says why on the pull request, naming the field', async () => {
    const p = await project(NO_SERVER_WORKFLOW);
    sim = await startGitHubSim({ project: p, shell: 'action', pulls: [{ number: 7, head: 'feature' }] });
    const reply = await sim.dispatch(
      'okstra.yml',
      'main',
      { mode: 'stage', plan: p.planPath, stage: '1', request: '{"v":1,"pr-number":7,"check-run-id":"5001"}' },
      'octocat',
    );
    expect(reply.status).toBe(204);
    await sim.settled();
    const s = sim;
    expect(s.runs().map((r) => [r.event, r.conclusion])).toEqual([['workflow_dispatch', 'failure']]);
    const said = s.commentsOn(7).filter((c) => c.user.login === 'github-actions[bot]');
    expect(said).toHaveLength(1);
    expect(said[0]?.body).toContain('okstra did not run');
    expect(said[0]?.body).toContain('input "request": request.check-run-id: ');
    // Nothing was claimed, no check was queued.
    expect(await p.ledger()).toEqual([]);
    expect(s.checks()).toEqual([]);
    expect(s.unhandled).toEqual([]);
  });
});
