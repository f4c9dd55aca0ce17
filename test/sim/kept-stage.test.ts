import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, PASSING_REVIEWER, WRITER, type Project } from '../action/harness.js';
import { startGitHubSim, type GitHubSim, type SimOptions } from './github-sim.js';
import { filePerStagePlan } from '../helpers/file-per-stage-plan.js';
import { failedRunsTail, NO_SERVER_WORKFLOW } from './two-stage.js';

// A stage job that goes on to a stage its done row made ready (bot.continueInJob) starts it as soon as that stage's
// check is queued: it does not wait for the other stages' dispatches, nor needs them to succeed.

let sim: GitHubSim | null = null;
afterEach(async () => {
  const s = sim;
  sim = null;
  await s?.close();
});

const PLAN = filePerStagePlan('fork', 'A fork: 1 → 2, 3 (simulation fixture)', [
  { n: 1, title: 'Shared ground', dependsOn: [] },
  { n: 2, title: 'Left', dependsOn: [1] },
  { n: 3, title: 'Right', dependsOn: [1] },
]);

const CHAIN = filePerStagePlan('chain', 'A chain: 1 → 2 (simulation fixture)', [
  { n: 1, title: 'Ground', dependsOn: [] },
  { n: 2, title: 'On top', dependsOn: [1] },
]);

/** The plan on the default branch, the no-server workflow, and pull request 7's branch `feature`. */
function noServerProject(plan: string): Promise<Project> {
  return makeProject({
    plan,
    agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    files: { '.github/workflows/okstra.yml': NO_SERVER_WORKFLOW },
    prFiles: { 'docs/feature.md': 'a feature\n' },
  });
}

/** The simulated GitHub running the no-server workflow, with pull request 7 open; `hooks` hold or answer requests. */
function startNoServerSim(p: Project, hooks: Pick<SimOptions, 'beforeDispatch' | 'beforeRequest'>): Promise<GitHubSim> {
  return startGitHubSim({ project: p, shell: 'action', pulls: [{ number: 7, head: 'feature' }], ...hooks });
}

/** Whether the remote's ledger holds a row of `stage` with `status`. */
async function hasRow(p: Project, stage: number, status: string): Promise<boolean> {
  return (await p.ledger()).some((row) => row.stage === stage && row.status === status);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the stage a job goes on to', () => {
  it("is claimed while GitHub still holds the other stage's dispatch, and runs to done when GitHub then refuses that dispatch", async () => {
    const p = await noServerProject(PLAN);
    const claimedMeanwhile: boolean[] = [];
    const stage2Claimed = (): Promise<boolean> => hasRow(p, 2, 'started');
    sim = await startNoServerSim(p, {
      // Stage 3's dispatch is held until stage 2 is claimed (10 s at most), then refused.
      beforeDispatch: async (inputs) => {
        if (String(inputs.stage) !== '3') return null;
        const until = Date.now() + 10_000;
        while (!(await stage2Claimed()) && Date.now() < until) await sleep(50);
        claimedMeanwhile.push(await stage2Claimed());
        return { status: 422, body: { message: 'Required input was not provided (a refusal the test makes)' } };
      },
    });
    await sim.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
    await sim.settled();
    const s = sim;
    const why = failedRunsTail(s);

    expect(claimedMeanwhile, why).toEqual([true]);
    // One stage job: stage 1, then stage 2 in the same run; stage 3 never started.
    const stageRuns = s.runs().filter((r) => r.event === 'workflow_dispatch');
    expect(
      stageRuns.map((r) => r.conclusion),
      why,
    ).toEqual(['success']);
    const run = stageRuns[0]?.id;
    expect((await p.ledger()).map((r) => [r.stage, r.status, r.run_id])).toEqual([
      [1, 'started', `gh-${run}-1-s1`],
      [1, 'done', `gh-${run}-1-s1`],
      [2, 'started', `gh-${run}-1-s2`],
      [2, 'done', `gh-${run}-1-s2`],
    ]);
    // No check is left queued: stage 2's ran here, stage 3's failed with GitHub's answer.
    expect(s.checks().map((c) => [c.name, c.status, c.conclusion, c.output.title])).toEqual([
      ['okstra: fork · stage 1', 'completed', 'success', expect.stringMatching(/^PASS/)],
      ['okstra: fork · stage 2', 'completed', 'success', expect.stringMatching(/^PASS/)],
      ['okstra: fork · stage 3', 'completed', 'failure', 'The workflow could not be started'],
    ]);
    // The job says what became of its next stages, the refusal included.
    const log = s.timeline.map((t) => t.stdout).join('\n');
    expect(log).toMatch(/stage 2 runs next in this job; none dispatched: .*Required input was not provided/);
    expect(s.unhandled).toEqual([]);
  }, 120_000);

  it("runs while GitHub still holds the completion of the earlier stage's check, whose comment goes out beside it; the summary keeps their order", async () => {
    const p = await noServerProject(CHAIN);
    const doneMeanwhile: boolean[] = [];
    const commentedMeanwhile: boolean[] = [];
    let held = false;
    const stage2Done = (): Promise<boolean> => hasRow(p, 2, 'done');
    sim = await startNoServerSim(p, {
      // The first check completed is stage 1's: held until stage 2 is done (15 s at most).
      beforeRequest: async ({ method, path, body }) => {
        const completing = (body as { status?: unknown } | undefined)?.status === 'completed';
        if (method !== 'PATCH' || !path.includes('/check-runs/') || !completing || held) return;
        held = true;
        const until = Date.now() + 15_000;
        while (!(await stage2Done()) && Date.now() < until) await sleep(50);
        doneMeanwhile.push(await stage2Done());
        // The report comment goes out beside the check, not after it.
        commentedMeanwhile.push(
          (sim?.commentsOn(7) ?? []).some((c) => c.user.login !== 'octocat' && c.body.includes('stage 1')),
        );
      },
    });
    await sim.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
    await sim.settled();
    const s = sim;
    const why = failedRunsTail(s);

    expect(doneMeanwhile, why).toEqual([true]);
    expect(commentedMeanwhile, why).toEqual([true]);
    const stageRuns = s.timeline.filter((t) => t.event === 'workflow_dispatch');
    expect(
      stageRuns.map((t) => t.conclusion),
      why,
    ).toEqual(['success']);
    expect((await p.ledger()).map((r) => [r.stage, r.status])).toEqual([
      [1, 'started'],
      [1, 'done'],
      [2, 'started'],
      [2, 'done'],
    ]);
    expect(s.checks().map((c) => [c.name, c.conclusion])).toEqual([
      ['okstra: chain · stage 1', 'success'],
      ['okstra: chain · stage 2', 'success'],
    ]);
    // Stage 1's report, then what it said of its next stage, then stage 2's: the order the job ran them in.
    const summary = stageRuns[0]?.summary ?? '';
    const at = (heading: string): number => summary.indexOf(heading);
    expect(at('· stage 1: Ground'), summary).toBeGreaterThanOrEqual(0);
    expect(at('· stage 1: Ground'), summary).toBeLessThan(at('**Next stages**'));
    expect(at('**Next stages**'), summary).toBeLessThan(at('· stage 2: On top'));
    expect(s.unhandled).toEqual([]);
  }, 120_000);

  it('reads its plan branches and the ledger while its check is still being queued', async () => {
    const p = await noServerProject(CHAIN);
    // The stage step's phase timings (src/process/timings.ts) say when each read and request ended.
    const timings = process.env.OKSTRA_TIMINGS;
    process.env.OKSTRA_TIMINGS = '1';
    try {
      sim = await startNoServerSim(p, {
        // The stage job queues stage 2's check (the launch that keeps it): GitHub takes a second to answer.
        beforeRequest: async ({ method, path, body }) => {
          if (
            method === 'POST' &&
            path.endsWith('/check-runs') &&
            String((body as { name?: unknown }).name).endsWith('stage 2')
          )
            await sleep(1000);
        },
      });
      await sim.comment(7, '/okstra stage 1', { login: 'octocat', permission: 'write' });
      await sim.settled();
    } finally {
      if (timings === undefined) delete process.env.OKSTRA_TIMINGS;
      else process.env.OKSTRA_TIMINGS = timings;
    }
    const s = sim;
    const why = failedRunsTail(s);
    const run = s.timeline.find((t) => t.event === 'workflow_dispatch');
    expect(run?.conclusion, why).toBe('success');
    expect((await p.ledger()).filter((r) => r.status === 'done').map((r) => r.stage)).toEqual([1, 2]);
    const lines = (run?.stderr ?? '').split('\n');
    const ended = (label: RegExp): number[] => lines.flatMap((l, i) => (label.test(l) ? [i] : []));
    const fetches = ended(/^okstra-timing \S+ stage:fetch-plan-refs /);
    const queued = ended(/^okstra-timing \S+ gh:POST:\/repos\/\{owner\}\/\{repo\}\/check-runs /);
    // Stage 1's fetch, then stage 2's: begun as stage 1 was recorded, it ended before GitHub answered for the check.
    // (Nothing depends on stage 2: nothing is read ahead after it.)
    expect(fetches, why).toHaveLength(2);
    expect(queued, why).toHaveLength(1);
    expect(fetches[1]).toBeLessThan(queued[0] as number);
    // The ledger stage 2 is claimed on: read beside that fetch, not after the check.
    const reads = ended(/^okstra-timing \S+ ledger:read-state /);
    expect(reads[1], why).toBeLessThan(queued[0] as number);
    expect(s.unhandled).toEqual([]);
  }, 120_000);
});
