import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  collect,
  makeProject,
  PASSING_REVIEWER,
  postStateEnv,
  RUN_ATTEMPT,
  RUN_ID,
  runAction,
  spawnAction,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  type FakeApi,
} from './harness.js';

let api: FakeApi | null = null;
const pids: number[] = [];
afterEach(async () => {
  await api?.close();
  api = null;
  for (const pid of pids.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function until<T>(what: string, probe: () => T | null | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A stage job killed (SIGKILL, as a cancelled runner's job ends) while its executor runs and before GitHub answered
 * the check's in-progress mark (on GitHub a round trip the stage does not wait for), with its saved state.
 */
async function killedMidStage(checks: { foreign?: boolean } = {}) {
  const project = await makeProject({ plan: twoStagePlan(), agents: { writer: {}, reviewer: PASSING_REVIEWER } });
  // The executor records its pid, then takes far longer than the test waits.
  project.script('writer', { record: project.recordFile('writer'), sleepMs: 60_000, carry: true });
  let answerMark = (): void => undefined;
  const markHeld = new Promise<void>((resolve) => (answerMark = resolve));
  let marks = 0;
  api = await startFakeApi({
    ...(checks.foreign ? { foreignChecks: [700] } : {}),
    onRequest: (r) =>
      r.method === 'PATCH' && r.path.endsWith('/check-runs/700') && marks++ === 0 ? markHeld : undefined,
  });
  const inputs = {
    mode: 'stage',
    plan: project.planPath,
    stage: '1',
    'check-run-id': '700',
    'github-token': 'ghs_appToken0000000000000000000000000000',
  };
  const main = spawnAction(project, {
    inputs,
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload({}),
    api,
  });
  let stdout = '';
  main.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // Both signs are awaited: the agent's record can appear before this process has read the step's output that said
  // it started.
  const agent = await until('the executor to start', () =>
    existsSync(project.recordFile('writer')) && stdout.includes('PROGRESS: phase-4-dispatch worker=Writer worker')
      ? project.records('writer')[0]
      : null,
  );
  pids.push(agent.pid);
  expect(marks).toBe(1);
  main.child.kill('SIGKILL');
  const killed = collect(await main.child, main.files);
  answerMark();
  expect(killed.exitCode).not.toBe(0);
  const runId = `gh-${RUN_ID}-${RUN_ATTEMPT}-s1`;
  expect((await project.ledger()).map((r) => `${r.status}:${r.run_id}`)).toEqual([`started:${runId}`]);
  // The check the job was handed is known before its mark is answered: the post step can still close it.
  const state = JSON.parse(killed.state['okstra-claims'] as string) as { claims: unknown[] };
  expect(state.claims).toEqual([{ planId: 'two-stage', stage: 1, runId, checkRunId: 700 }]);
  const post = () =>
    runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api: api as FakeApi,
      entry: 'post',
      env: postStateEnv(killed.state),
    });
  return { project, runId, post };
}

describe('the post step', () => {
  it('releases the claim of a job cancelled mid-stage (failed, abandoned) and closes its check as cancelled', async () => {
    const { project, runId, post: runPost } = await killedMidStage();
    if (!api) throw new Error('no API');

    // The runner then runs the post step with the saved state as STATE_<name>.
    const post = await runPost();
    expect(post.exitCode, post.stdout + post.stderr).toBe(0);
    const rows = await project.ledger();
    expect(rows.map((r) => `${r.status}:${r.run_id}`)).toEqual([`started:${runId}`, `failed:${runId}`]);
    expect(rows[1]).toMatchObject({ reason: 'abandoned', branch: 'okstra/two-stage/stage-1' });
    expect(post.stdout).toContain('did not finish; its claim was released (failed, abandoned)');
    expect(post.stdout).toContain('post: removed the abandoned worktree');
    const closed = api.requests.at(-1);
    expect(closed).toMatchObject({
      method: 'PATCH',
      path: '/repos/octo-org/octo-repo/check-runs/700',
      body: { status: 'completed', conclusion: 'cancelled' },
    });

    // Released means free: the stage runs again in the next workflow run.
    project.script('writer', { writeFiles: { 'src/stage-1.txt': 'again\n' }, carry: true });
    const again = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '1' },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
      env: { GITHUB_RUN_ID: '4300' },
    });
    expect(again.exitCode, again.stdout).toBe(0);
    expect((await project.ledger()).map((r) => r.status)).toEqual(['started', 'failed', 'started', 'done']);
  });

  it('leaves a check only the App may update to the App, without a warning', async () => {
    const { project, runId, post: runPost } = await killedMidStage({ foreign: true });
    const post = await runPost();
    expect(post.exitCode, post.stdout + post.stderr).toBe(0);
    expect((await project.ledger()).map((r) => `${r.status}:${r.run_id}`)).toEqual([
      `started:${runId}`,
      `failed:${runId}`,
    ]);
    expect(post.stdout).toContain(
      "post: check run 700 is not this token's to close; the App closes it from the ledger",
    );
    expect(post.stdout).not.toContain('could not close check run');
    expect(api?.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { conclusion: 'cancelled' } });
  });

  it('does nothing after a clean finish', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: { writeFiles: { 'src/stage-1.txt': 'x\n' }, carry: true }, reviewer: PASSING_REVIEWER },
    });
    api = await startFakeApi();
    const inputs = { mode: 'stage', plan: project.planPath, stage: '1' };
    const main = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(main.exitCode, main.stdout).toBe(0);
    // The stage's done row settled its claim: the main step leaves none open for the post step.
    expect(main.state['okstra-claims']).toBe('');
    const post = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
      entry: 'post',
      env: postStateEnv(main.state),
    });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toBe('');
    expect(post.stderr).toBe('');
    // A main step killed between its done row and settling the claim leaves it saved: the post step reads the
    // ledger, finds the stage done, and leaves it.
    const unsettled = {
      'okstra-claims': JSON.stringify({
        repoDir: project.workspace,
        remote: 'origin',
        ledgerBranch: 'okstra-ledger',
        claims: [{ planId: project.planId, stage: 1, runId: `gh-${RUN_ID}-${RUN_ATTEMPT}-s1`, checkRunId: null }],
      }),
    };
    const late = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
      entry: 'post',
      env: postStateEnv(unsettled),
    });
    expect(late.exitCode).toBe(0);
    expect(late.stdout).toContain('nothing to release, its position is done');
    expect((await project.ledger()).map((r) => r.status)).toEqual(['started', 'done']);
    expect(readFileSync(post.files.output, 'utf8')).toBe('');
    expect(api.requests).toEqual([]);
  });
});
