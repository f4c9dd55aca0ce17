/**
 * Acceptance tests of parallel stages on GitHub, in the simulation, for
 * both shells (parallel-bot.e2e.test.ts and parallel-action.e2e.test.ts, one file each so the two run at once), each a team's short file calling okstra's reusable workflow
 * (.github/workflows/okstra.yml): the okstra App (bot shell,
 * examples/workflows/okstra-app.yml, `app: true`) and the no-server workflow
 * (action shell, examples/workflows/okstra.yml, whose event job runs
 * `mode: event` and whose stage job dispatches the next stages itself with
 * `dispatch-next`). The same table runs against both:
 * what a person sees on the pull request must not depend on the shell.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, PASSING_REVIEWER, WRITER, type AgentScript, type Project } from '../action/harness.js';
import { checkRunName } from '../../src/core/commands/index.js';
import { isReportComment } from '../../src/core/report/index.js';
import { isPlanRow, type PlanRow, type StageRow } from '../../src/core/ledger/index.js';
import { filePerStagePlan } from '../helpers/file-per-stage-plan.js';
import { startGitHubSim, type GitHubSim } from './github-sim.js';
import type { SimRun, TimelineEntry } from './state.js';
import { flatInputs } from '../helpers/contract.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKFLOWS = {
  bot: readFileSync(join(root, 'examples', 'workflows', 'okstra-app.yml'), 'utf8'),
  action: readFileSync(join(root, 'examples', 'workflows', 'okstra.yml'), 'utf8'),
} as const;
/** Who writes on GitHub for okstra: the App's installation, or the workflow's GITHUB_TOKEN. */
const OKSTRA_ACCOUNT = { bot: 'okstra[bot]', action: 'github-actions[bot]' } as const;
type Shell = keyof typeof WORKFLOWS;

const PLAN_ID = 'diamond';

function diamondPlan(): string {
  return filePerStagePlan(PLAN_ID, 'A diamond: 1 → 2, 3 → 4 (simulation fixture)', [
    { n: 1, title: 'Shared ground', dependsOn: [] },
    { n: 2, title: 'Left', dependsOn: [1] },
    { n: 3, title: 'Right', dependsOn: [1] },
    { n: 4, title: 'Join', dependsOn: [2, 3] },
  ]);
}

/**
 * Writes its stage's file, naming the run: a fix run then changes the file (a session that changes nothing breaks
 * the executor's contract). The executors of stages 2 and 3 wait for each other (files in the project's scratch
 * folder), so the two runs overlap when okstra runs them in parallel, however fast or loaded the machine; run one
 * after the other, the first waits out its deadline alone and the overlap assertion fails. Any other role
 * (reverify) gets the stand-in's defaults.
 */
function executor(scratch: string): AgentScript {
  const writes = {
    ...WRITER,
    writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage {{STAGE}} by {{WORKER}} in {{RUN_ID}}\n' },
  };
  const at = (stage: number): string => join(scratch, `executor-of-stage-${stage}`);
  const meets = (stage: number, other: number) => ({
    when: { role: 'executor', stage },
    do: { ...writes, meet: { file: at(stage), others: [at(other)], timeoutMs: 30_000 } },
  });
  return { rules: [meets(2, 3), meets(3, 2), { when: { role: 'executor' }, do: writes }] };
}
const FAILS_STAGE_2: AgentScript = {
  rules: [{ when: { role: 'verifier', stage: 2 }, do: { verifierResult: 'FAIL' } }],
};

async function project(
  shell: Shell,
  reviewer: AgentScript,
  o: { planOnPullRequest?: boolean; handoff?: boolean } = {},
): Promise<Project> {
  const p = await makeProject({
    plan: diamondPlan(),
    agents: { writer: {}, reviewer },
    files: { '.github/workflows/okstra.yml': WORKFLOWS[shell] },
    prFiles: { 'docs/feature.md': 'a feature\n' },
    planOnPullRequest: o.planOnPullRequest ?? false,
    // The last stage's run verifies the plan and opens the hand-off pull request (okstra's default).
    ...(o.handoff ? { config: { handoff: { auto: true } } } : {}),
  });
  p.script('writer', executor(p.scratch));
  return p;
}

let sim: GitHubSim | null = null;

/** close() throws on any request GitHub's description refuses, and on a failure in the background: asserted in the test. */
async function closeSim(s: GitHubSim): Promise<void> {
  sim = null;
  await s.close();
}

/** What went wrong, for an assertion's message: failed runs' output, the bot's log, unhandled routes. */
function why(s: GitHubSim): string {
  const failed = s.timeline
    .filter((t) => t.conclusion !== 'success')
    .map((t) => `run ${t.runId} (${t.conclusion ?? 'unfinished'}):\n${t.stderr.slice(-3000)}\n${t.stdout.slice(-3000)}`)
    .join('\n');
  return `${failed}\nbot: ${s.botLogs.join('\n')}\nunhandled: ${JSON.stringify(s.unhandled)}`;
}

/** The dispatched workflow runs (mode stage) with their timelines, and the stage each was dispatched for. */
function stageRuns(s: GitHubSim): Array<{ run: SimRun; t: TimelineEntry; stage: number }> {
  return s
    .runs()
    .filter((r) => r.event === 'workflow_dispatch')
    .map((run) => ({ run, t: s.state.timelineOf(run.id), stage: Number(run.inputs.stage) }));
}

/**
 * Each stage run from the ledger (its claim), with the workflow run it ran in: its run id is
 * `gh-<workflow run>-<attempt>-s<stage>`. In the no-server shell a job goes on to a stage its own stage made
 * ready (bot.continueInJob), so one workflow run may hold several stage runs.
 */
function stageRunsInLedger(rows: StageRow[], s: GitHubSim): Array<{ stage: number; run: SimRun }> {
  return rows
    .filter((r) => r.status === 'started')
    .map((r) => {
      const id = Number(/^gh-(\d+)-/.exec(r.run_id)?.[1]);
      return {
        stage: r.stage,
        run: only(
          s.runs().filter((w) => w.id === id),
          `workflow run of ${r.run_id}`,
        ),
      };
    });
}

function only<T>(items: T[], what: string): T {
  if (items.length !== 1) throw new Error(`expected exactly one ${what}, found ${items.length}`);
  return items[0] as T;
}

/** Stage → the index of each of its rows of `status` in the ledger (append order: the order runs recorded them). */
function rowIndex(rows: StageRow[], stage: number, status: StageRow['status']): number[] {
  return rows.flatMap((r, i) => (r.stage === stage && r.status === status ? [i] : []));
}

/** The plan-level rows (verified, handed-off, …) on the remote's ledger branch. */
async function planRows(p: Project): Promise<PlanRow[]> {
  return (await p.allLedgerRows()).filter(isPlanRow);
}

function reportComments(s: GitHubSim, shell: Shell, stage: number) {
  return s
    .commentsOn(7)
    .filter((c) => c.user.login === OKSTRA_ACCOUNT[shell] && isReportComment(c.body, PLAN_ID, stage));
}

/** The table for one shell. Each test runs real Action processes and git: about 20-40 s on a loaded 2-core machine. */
export function parallelStagesSuite(shell: Shell): void {
  describe(`parallel stages on GitHub, ${shell} shell`, { timeout: 120_000 }, () => {
    afterEach(async () => {
      const s = sim;
      sim = null;
      await s?.close();
    });

    it('/okstra run on a diamond plan: stage 1, then 2 and 3 in parallel runs, then 4, then the hand-off; one check and one report comment per stage', async () => {
      const p = await project(shell, PASSING_REVIEWER, { handoff: true });
      const s = (sim = await startGitHubSim({ project: p, shell, pulls: [{ number: 7, head: 'feature' }] }));
      const started = Date.now();
      await s.comment(7, '/okstra run', { login: 'octocat', permission: 'write' });
      await s.settled();
      const wall = Date.now() - started;

      // Every stage run passed; the stages ran in the workflow runs each shell gives them.
      const rows = await p.ledger();
      const ran = stageRunsInLedger(rows, s);
      expect(ran.map((r) => [r.stage, r.run.conclusion]).sort(), why(s)).toEqual([
        [1, 'success'],
        [2, 'success'],
        [3, 'success'],
        [4, 'success'],
      ]);
      const runOf = (n: number): SimRun =>
        only(
          ran.filter((r) => r.stage === n),
          `run of stage ${n}`,
        ).run;
      const at = (n: number, status: StageRow['status']): number => rowIndex(rows, n, status)[0] ?? -1;
      // 2 and 3 ran at the same time: each was claimed before the other was done.
      expect(at(2, 'started'), 'stages 2 and 3 ran one after the other').toBeLessThan(at(3, 'done'));
      expect(at(3, 'started'), 'stages 2 and 3 ran one after the other').toBeLessThan(at(2, 'done'));
      const [t1, t2, t3, t4] = [1, 2, 3, 4].map((n) => s.state.timelineOf(runOf(n).id));
      if (!t1 || !t2 || !t3 || !t4) throw new Error('unreachable');
      const end = (t: TimelineEntry): number => t.endedAt ?? Infinity;
      const begin = (t: TimelineEntry): number => t.startedAt ?? -Infinity;
      const lastOf23 = at(2, 'done') > at(3, 'done') ? 2 : 3;
      if (shell === 'bot') {
        // One workflow run per stage; the App dispatches on workflow_run.completed: after the runs have ended.
        expect(new Set([1, 2, 3, 4].map((n) => runOf(n).id)).size).toBe(4);
        expect(Math.min(begin(t2), begin(t3))).toBeGreaterThan(begin(t1));
        expect(begin(t4)).toBeGreaterThan(Math.max(begin(t2), begin(t3)));
        expect(Math.min(t2.dispatchedAt, t3.dispatchedAt)).toBeGreaterThanOrEqual(end(t1));
        expect(t4.dispatchedAt).toBeGreaterThanOrEqual(Math.max(end(t2), end(t3)));
      } else {
        // dispatch-next with bot.continueInJob: stage 1's job runs 2 itself and dispatches 3 once 1 is done (before its
        // post step ends); the job whose done row made 4 ready (the later of 2 and 3) runs 4. Two workflow runs.
        expect(runOf(2).id).toBe(runOf(1).id);
        expect(runOf(3).id).not.toBe(runOf(1).id);
        expect(runOf(4).id).toBe(runOf(lastOf23).id);
        expect(stageRuns(s).map((r) => r.stage)).toEqual([1, 3]);
        expect(t3.dispatchedAt).toBeGreaterThan(begin(t1));
        expect(t3.dispatchedAt).toBeLessThanOrEqual(end(t1));
      }

      // The ledger, in the order the runs recorded: 1 done before 2 and 3 were claimed, 4 claimed only after both were
      // done, every stage done exactly once.
      for (const n of [1, 2, 3, 4]) {
        expect(rowIndex(rows, n, 'started'), `stage ${n} claimed once`).toHaveLength(1);
        expect(rowIndex(rows, n, 'done'), `stage ${n} done once`).toHaveLength(1);
      }
      expect(rows.every((r) => r.status === 'started' || r.status === 'done')).toBe(true);
      expect(at(1, 'done')).toBeLessThan(Math.min(at(2, 'started'), at(3, 'started')));
      expect(at(4, 'started')).toBeGreaterThan(Math.max(at(2, 'done'), at(3, 'done')));
      // Stage 4 ran on both branches: its validation found 2's and 3's files, and its branch holds all four.
      for (const n of [1, 2, 3, 4])
        expect(await p.show(`okstra/${PLAN_ID}/stage-4`, `src/stage-${n}.txt`)).toMatch(new RegExp(`^stage ${n} by `));

      // One check per stage on the pull request's head: created queued, completed success.
      const finalCheck = only(
        s.checks().filter((c) => c.name === `okstra: ${PLAN_ID} · final`),
        'final check',
      );
      expect(finalCheck).toMatchObject({ status: 'completed', conclusion: 'success' });
      const checks = s.checks().filter((c) => c !== finalCheck);
      expect(checks.map((c) => c.name).sort()).toEqual([1, 2, 3, 4].map((n) => checkRunName(PLAN_ID, n)));
      for (const c of checks) {
        expect(c, c.name).toMatchObject({ head_sha: p.prHead, status: 'completed', conclusion: 'success' });
        expect(c.history[0], c.name).toEqual({ status: 'queued', conclusion: null });
        expect(c.history.at(-1), c.name).toEqual({ status: 'completed', conclusion: 'success' });
      }
      // Each workflow run was dispatched with its stage's own check (a stage a job went on to had its check queued by
      // the launch that kept it, as the history above shows).
      for (const r of stageRuns(s))
        expect(flatInputs(r.run.inputs)['check-run-id']).toBe(
          String(checks.find((c) => c.name === checkRunName(PLAN_ID, r.stage))?.id),
        );

      // One report comment per stage on PR #7, by okstra.
      for (const n of [1, 2, 3, 4]) expect(reportComments(s, shell, n), `report of stage ${n}`).toHaveLength(1);

      // To the hand-off: stage 4's run verified the whole plan (handoff.auto, the default) and opened the hand-off
      // pull request of the final branch, which is at the verified head.
      expect((await planRows(p)).map((r) => r.status)).toEqual(['verified', 'handed-off']);
      const handoff = only(
        [...s.state.pulls.values()].filter((pr) => pr.head === `okstra/${PLAN_ID}/final`),
        'hand-off pull request',
      );
      expect(handoff).toMatchObject({ base: 'main', state: 'open' });
      expect(handoff.body).toContain(`<!-- okstra:handoff plan=${PLAN_ID} -->`);
      expect(await p.show(`okstra/${PLAN_ID}/final`, 'src/stage-4.txt')).toMatch(/^stage 4 by /);

      expect(s.unhandled).toEqual([]);
      await closeSim(s);
      expect(wall).toBeLessThan(60_000);
    });

    it('a FAIL in stage 2: stage 3 still ends done, 4 is not dispatched; `/okstra retry 2` passes and the plan runs to the end on its own', async () => {
      const p = await project(shell, FAILS_STAGE_2);
      const s = (sim = await startGitHubSim({ project: p, shell, pulls: [{ number: 7, head: 'feature' }] }));
      await s.comment(7, '/okstra run', { login: 'octocat', permission: 'write' });
      await s.settled();

      let rows = await p.ledger();
      expect(
        [2, 3].map((n) =>
          rows.filter((r) => r.stage === n).map((r) => [r.status, r.status === 'failed' ? r.reason : '']),
        ),
        why(s),
      ).toEqual([
        [
          ['started', ''],
          ['failed', 'verdict-fail'],
        ],
        [
          ['started', ''],
          ['done', ''],
        ],
      ]);
      expect(rows.filter((r) => r.stage === 4)).toEqual([]);
      // Stage 4: no run, no check.
      expect(
        stageRunsInLedger(rows, s)
          .map((r) => r.stage)
          .sort(),
      ).toEqual([1, 2, 3]);
      expect(s.checks().filter((c) => c.name === checkRunName(PLAN_ID, 4))).toEqual([]);
      const failedCheck = only(
        s.checks().filter((c) => c.name === checkRunName(PLAN_ID, 2)),
        'check of stage 2',
      );
      expect(failedCheck).toMatchObject({ head_sha: p.prHead, status: 'completed', conclusion: 'failure' });
      expect(failedCheck.history[0]).toEqual({ status: 'queued', conclusion: null });
      const stage3 = only(
        s.checks().filter((c) => c.name === checkRunName(PLAN_ID, 3)),
        'check of stage 3',
      );
      expect(stage3).toMatchObject({ status: 'completed', conclusion: 'success' });

      // The fix run: the verifier passes now.
      p.script('reviewer', PASSING_REVIEWER);
      await s.comment(7, '/okstra retry 2', { login: 'octocat', permission: 'write' });
      await s.settled();

      rows = await p.ledger();
      expect(
        rows.filter((r) => r.stage === 2).map((r) => r.status),
        why(s),
      ).toEqual(['started', 'failed', 'started', 'done']);
      expect(rows.filter((r) => r.stage === 4).map((r) => r.status)).toEqual(['started', 'done']);
      expect(
        rowIndex(rows, 4, 'started')[0] ?? -1,
        'stage 4 was claimed only after the fix run was done',
      ).toBeGreaterThan(rowIndex(rows, 2, 'done')[0] ?? Infinity);
      // Every stage done once; stage 2 ran twice (the failure and its fix), 4 once.
      for (const n of [1, 2, 3, 4]) expect(rowIndex(rows, n, 'done'), `stage ${n} done once`).toHaveLength(1);
      const ran = stageRunsInLedger(rows, s);
      expect(ran.map((r) => [r.stage, r.run.conclusion]).sort()).toEqual(
        shell === 'bot'
          ? [
              [1, 'success'],
              // The failed stage fails its job; its fix run passes.
              [2, 'failure'],
              [2, 'success'],
              [3, 'success'],
              [4, 'success'],
            ]
          : [
              // Stage 1's job went on to stage 2, whose failure fails that job (stage 1's check passed, see below).
              [1, 'failure'],
              [2, 'failure'],
              // The fix run's job went on to stage 4.
              [2, 'success'],
              [3, 'success'],
              [4, 'success'],
            ],
      );
      if (shell === 'action') {
        const fix = ran.filter((r) => r.stage === 2)[1]?.run.id;
        expect(ran.find((r) => r.stage === 4)?.run.id).toBe(fix);
        expect(
          only(
            s.checks().filter((c) => c.name === checkRunName(PLAN_ID, 1)),
            'check of stage 1',
          ),
        ).toMatchObject({ status: 'completed', conclusion: 'success' });
      }
      const latest = (n: number) =>
        s
          .checks()
          .filter((c) => c.name === checkRunName(PLAN_ID, n))
          .sort((a, b) => b.id - a.id)[0];
      expect(latest(2)).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect(latest(2)?.id).not.toBe(failedCheck.id);
      expect(
        only(
          s.checks().filter((c) => c.name === checkRunName(PLAN_ID, 4)),
          'check of stage 4',
        ),
      ).toMatchObject({
        head_sha: p.prHead,
        status: 'completed',
        conclusion: 'success',
      });
      // Nobody commented again: the two commands are the only comments by a person.
      expect(
        s
          .commentsOn(7)
          .filter((c) => c.user.type === 'User')
          .map((c) => c.body),
      ).toEqual(['/okstra run', '/okstra retry 2']);
      for (const n of [1, 2, 3, 4]) expect(reportComments(s, shell, n), `report of stage ${n}`).toHaveLength(1);
      expect(s.unhandled).toEqual([]);
      await closeSim(s);
    });

    const FORK = 'forker/octo-repo';
    it.each([
      {
        who: 'a read-only user',
        pull: 7,
        as: { login: 'reader', permission: 'read' },
        reply:
          '@reader @reader has `read` access to this repository; okstra takes commands from people with `write` access or more.',
      },
      {
        who: 'a bot account',
        pull: 7,
        as: { login: 'dependabot[bot]', permission: 'write', type: 'Bot' as const },
        // Ignored without a word (isBotAccount): bots must not trigger runs or answer each other in a loop.
        reply: null,
      },
      {
        who: 'a maintainer, on a pull request from a fork that adds the plan',
        pull: 8,
        as: { login: 'octocat', permission: 'write' },
        reply: [
          '@octocat okstra:',
          '',
          `- \`/okstra run\`: this pull request comes from the fork \`${FORK}\`. okstra's workflow runs agents with this repository's secrets on the pull request's code, so it does not run on forks unless the config sets \`bot.allowForks: true\`.`,
        ].join('\n'),
      },
    ])('/okstra run by $who is refused: the reply, no workflow run dispatched, no check', async (c) => {
      const p = await project(shell, PASSING_REVIEWER, { planOnPullRequest: true });
      const s = (sim = await startGitHubSim({
        project: p,
        shell,
        pulls: [
          { number: 7, head: 'feature' },
          { number: 8, head: 'feature', fork: FORK, author: 'forker' },
        ],
      }));
      const asked = await s.comment(c.pull, '/okstra run', c.as);
      await s.settled();

      const replies = s.commentsOn(c.pull).filter((m) => m.id !== asked.id);
      expect(
        replies.map((m) => [m.user.login, m.body]),
        why(s),
      ).toEqual(c.reply === null ? [] : [[OKSTRA_ACCOUNT[shell], c.reply]]);
      expect(s.state.comments.get(asked.id)?.reactions.map((r) => [r.content, r.user.login])).toEqual(
        c.reply === null
          ? []
          : [
              ['eyes', OKSTRA_ACCOUNT[shell]],
              ['confused', OKSTRA_ACCOUNT[shell]],
            ],
      );
      expect(s.runs().filter((r) => r.event === 'workflow_dispatch')).toEqual([]);
      // The no-server shell's event job is the only run: it answered and dispatched nothing.
      expect(s.runs().map((r) => [r.event, r.conclusion])).toEqual(
        shell === 'action' ? [['issue_comment', 'success']] : [],
      );
      expect(s.checks()).toEqual([]);
      expect(await p.ledger()).toEqual([]);
      expect(s.unhandled).toEqual([]);
      await closeSim(s);
    });
  });
}
