import { afterEach, describe, expect, it } from 'vitest';
import { isReportComment } from '../../src/core/report/index.js';
import { flatInputs } from '../helpers/contract.js';
import { startGitHubSim, type GitHubSim } from './github-sim.js';
import { failedRunsTail, project, runsSeen } from './two-stage.js';

// The App's workflow with the App's id and key configured (docs/bot.md): the stage job mints the App's installation
// token, so it writes as the App, and its stage goes on like a no-server stage (dispatch-next, bot.continueInJob).

let sim: GitHubSim | null = null;
afterEach(async () => {
  const s = sim;
  sim = null;
  await s?.close();
});

async function stageOneWithAppToken(config?: Record<string, unknown>) {
  const p = await project(undefined, config);
  const s = await startGitHubSim({
    project: p,
    shell: 'bot',
    pulls: [{ number: 7, head: 'feature' }],
    vars: { OKSTRA_APP_ID: '1' },
  });
  sim = s;
  await s.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
  await s.settled();
  const why = (): string =>
    `${failedRunsTail(s)}\nbot: ${s.botLogs.join('\n')}\nunhandled: ${JSON.stringify(s.unhandled)}`;
  return { p, s, why };
}

/** The stage runs' requests for the head's check runs: the bot's look at what is under way before it continues. */
const headCheckReads = (s: GitHubSim): number =>
  s.requests.filter((q) => q.as === 'app' && q.method === 'GET' && /\/commits\/[^/]+\/check-runs/.test(q.url)).length;

describe('the simulated GitHub, the App with its token in the stage job', () => {
  it('/okstra stage 1: the job runs stage 2 next itself, with the check its launch queued as the App; the bot completes stage 1 and launches nothing again', async () => {
    const { p, s, why } = await stageOneWithAppToken();
    expect(s.unhandled, why()).toEqual([]);
    // One stage run, dispatched by the App for the comment: stage 2 went on in the same job.
    expect(runsSeen(s), why()).toEqual([['workflow_dispatch', 'okstra[bot]', 'success']]);
    const [run] = s.runs();
    const inputs = flatInputs(s.state.timelineOf(run?.id ?? 0).inputs);
    expect(inputs).toMatchObject({ stage: '1', report: 'summary', 'dispatch-next': 'true' });
    expect(s.state.timelineOf(run?.id ?? 0).inputs?.['github-token']).not.toMatch(/^ghs_actions_/);
    expect((await p.ledger()).map((r) => [r.stage, r.status, r.run_id])).toEqual([
      [1, 'started', `gh-${run?.id}-1-s1`],
      [1, 'done', `gh-${run?.id}-1-s1`],
      [2, 'started', `gh-${run?.id}-1-s2`],
      [2, 'done', `gh-${run?.id}-1-s2`],
    ]);
    // Both checks are the App's, queued by a launch, and completed with the reports.
    expect(s.checks().map((c) => [c.name, c.app, c.status, c.conclusion, c.history[0]?.status])).toEqual([
      ['okstra: two-stage · stage 1', 'okstra', 'completed', 'success', 'queued'],
      ['okstra: two-stage · stage 2', 'okstra', 'completed', 'success', 'queued'],
    ]);
    // Stage 1's report is the bot's to post (its run names that check); stage 2's, which no run names, the job's.
    for (const n of [1, 2])
      expect(
        s.commentsOn(7).filter((c) => c.user.login === 'okstra[bot]' && isReportComment(c.body, 'two-stage', n)),
        `report of stage ${n}`,
      ).toHaveLength(1);
    // The bot looked at the head's checks before continuing, and found nothing left to launch.
    expect(headCheckReads(s)).toBe(1);
    expect(s.botLogs.join('\n')).toMatch(/nothing dispatched after workflow run/);
  });

  it('with `bot.continueInJob: false` the job dispatches stage 2 as the App, and the bot, hearing the run end before stage 2 claimed, leaves it to that run', async () => {
    const { p, s, why } = await stageOneWithAppToken({ bot: { continueInJob: false } });
    expect(s.unhandled, why()).toEqual([]);
    // Two stage runs, no third: the bot saw stage 2's check queued or running and launched nothing.
    expect(runsSeen(s), why()).toEqual([
      ['workflow_dispatch', 'okstra[bot]', 'success'],
      ['workflow_dispatch', 'okstra[bot]', 'success'],
    ]);
    const runs = s.runs();
    expect(runs.map((r) => flatInputs(s.state.timelineOf(r.id).inputs).stage)).toEqual(['1', '2']);
    expect((await p.ledger()).map((r) => [r.stage, r.status, r.run_id])).toEqual([
      [1, 'started', `gh-${runs[0]?.id}-1-s1`],
      [1, 'done', `gh-${runs[0]?.id}-1-s1`],
      [2, 'started', `gh-${runs[1]?.id}-1-s2`],
      [2, 'done', `gh-${runs[1]?.id}-1-s2`],
    ]);
    expect(s.checks().map((c) => [c.name, c.app, c.status, c.conclusion])).toEqual([
      ['okstra: two-stage · stage 1', 'okstra', 'completed', 'success'],
      ['okstra: two-stage · stage 2', 'okstra', 'completed', 'success'],
    ]);
    expect(s.botLogs.join('\n')).toMatch(/stage\(s\) 2 already launched|nothing dispatched after workflow run/);
  });
});
