/**
 * The stale-SHA gate through the bundled Action: a done stage's branch is
 * force-pushed on origin afterwards; `mode: stage` for its dependent refuses
 * naming both SHAs (and the GitHub way out); `mode: reconcile` re-verifies
 * the moved branch and appends the corrected `done` row, or with
 * `reset: true` puts the branch back at the recorded head, from a fresh
 * runner checkout that never had that commit.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoneRow, StageRow } from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import {
  makeProject,
  PASSING_REVIEWER,
  runAction,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type ActionRun,
  type FakeApi,
  type Project,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const BRANCH = 'okstra/two-stage/stage-1';
const PR = '7';
const TOKEN = 'ghs_okstraTestToken000000000000000000000';
const PR_HEAD = 'a'.repeat(40);

/** Each step is its own workflow run, as on GitHub: run ids (gh-<run>-<attempt>-s<N>) differ. */
let workflowRun = 5000;
function step(project: Project, inputs: Record<string, string>): Promise<ActionRun> {
  const all = { plan: project.planPath, report: 'summary,check', 'pr-number': PR, 'github-token': TOKEN, ...inputs };
  return runAction(project, {
    inputs: all,
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload(inputs),
    api: api as FakeApi,
    env: { GITHUB_RUN_ID: String(++workflowRun) },
  });
}

const stage1 = (rows: StageRow[]): string[] => rows.filter((r) => r.stage === 1).map((r) => r.status);

/** Rewrites the stage branch's last commit on origin from another clone: same tree, new SHA, not a descendant. */
async function forcePushReworded(project: Project): Promise<string> {
  const clone = join(project.scratch, `hand-${workflowRun}`);
  await new Git(project.scratch).ok(['clone', '--quiet', `file://${project.bare}`, clone]);
  const git = new Git(clone);
  await git.ok([
    '-c',
    'user.name=Hand',
    '-c',
    'user.email=hand@example.com',
    'checkout',
    '--quiet',
    '-B',
    'hand',
    `origin/${BRANCH}`,
  ]);
  await git.ok([
    '-c',
    'user.name=Hand',
    '-c',
    'user.email=hand@example.com',
    'commit',
    '--quiet',
    '--amend',
    '-m',
    'reworded by hand',
  ]);
  await git.ok(['push', '--quiet', '--force', 'origin', `hand:refs/heads/${BRANCH}`]);
  return git.ok(['rev-parse', 'HEAD']);
}

/** Stage 1 done through the Action, then its branch force-pushed: returns both heads. */
async function doneThenMoved(project: Project): Promise<{ recorded: string; moved: string }> {
  const first = await step(project, { mode: 'stage', stage: '1' });
  expect(first.exitCode, first.stdout + first.stderr).toBe(0);
  const recorded = (await project.ledger()).find((r): r is DoneRow => r.stage === 1 && r.status === 'done')
    ?.head_commit as string;
  expect(await project.remoteHead(BRANCH)).toBe(recorded);
  const moved = await forcePushReworded(project);
  expect(moved).not.toBe(recorded);
  return { recorded, moved };
}

const checkBodies = (a: FakeApi, from: number): Array<Record<string, unknown>> =>
  a.requests
    .slice(from)
    .filter((r) => r.path.endsWith('/check-runs') || /\/check-runs\/\d+$/.test(r.path))
    .map((r) => r.body as Record<string, unknown>);

describe('the bundled Action, mode reconcile', () => {
  it('a force-pushed done branch blocks its dependent naming both SHAs; mode reconcile re-verifies it and appends the corrected done row; the dependent then builds on it', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi({ prHead: PR_HEAD });
    const { recorded, moved } = await doneThenMoved(project);

    let seen = api.requests.length;
    const refused = await step(project, { mode: 'stage', stage: '2' });
    expect(refused.exitCode).toBe(1);
    const failed = refused.stdout.split('\n').find((l) => l.startsWith('::error::okstra:')) ?? '';
    expect(failed).toContain('stale-SHA gate');
    expect(failed).toContain(`stage 1 is done at ${recorded}`);
    expect(failed).toContain(`now at ${moved}`);
    expect(failed).toContain('force-pushed or reset');
    expect(failed).toContain('`/okstra reconcile N`');
    expect(failed).toContain('`mode: reconcile`');
    // Nothing was claimed for stage 2.
    expect((await project.ledger()).some((r) => r.stage === 2)).toBe(false);
    // The check, in progress from the claim attempt, ends failed with the gate's reason.
    const gateChecks = checkBodies(api, seen);
    expect(gateChecks[0]).toMatchObject({
      name: 'okstra: two-stage · stage 2',
      head_sha: PR_HEAD,
      status: 'in_progress',
    });
    const gateCheck = gateChecks.at(-1);
    expect(gateCheck).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'Not run: stale-head' },
    });
    expect((gateCheck?.output as { summary: string }).summary).toContain(`stage 1 is done at ${recorded}`);

    seen = api.requests.length;
    const reconciled = await step(project, { mode: 'reconcile', stage: '1' });
    expect(reconciled.exitCode, reconciled.stdout + reconciled.stderr).toBe(0);
    expect(reconciled.stdout).toContain(`re-verifying ${moved} (recorded ${recorded})`);
    expect(reconciled.outputs).toMatchObject({
      verdict: 'PASS',
      stage: '1',
      'head-commit': moved,
      'remaining-queue': '[]',
    });
    const rows = await project.ledger();
    expect(stage1(rows)).toEqual(['started', 'done', 'started', 'done']);
    const corrected = rows.filter((r) => r.stage === 1).at(-1) as DoneRow;
    expect(corrected).toMatchObject({ status: 'done', head_commit: moved, run_id: `gh-${workflowRun}-1-s1` });
    // The branch was verified as it is, not moved again.
    expect(await project.remoteHead(BRANCH)).toBe(moved);
    expect(reconciled.summary).toContain('PASS');
    const checks = checkBodies(api, seen);
    expect(checks.at(-1)).toMatchObject({ status: 'completed', conclusion: 'success', external_id: corrected.run_id });

    const second = await step(project, { mode: 'stage', stage: '2' });
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect((await project.ledger()).find((r): r is DoneRow => r.stage === 2 && r.status === 'done')?.base_commit).toBe(
      moved,
    );
  });

  it('reset: true puts the branch back at the recorded head on origin from a fresh checkout that lacked it, writes no ledger row, and the dependent runs', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi({ prHead: PR_HEAD });
    const { recorded, moved } = await doneThenMoved(project);

    // A new job's checkout, as actions/checkout makes it: shallow, and without the commit the force-push dropped.
    rmSync(project.workspace, { recursive: true, force: true });
    await new Git(project.scratch).ok([
      'clone',
      '--quiet',
      '--depth=1',
      '--branch',
      'main',
      `file://${project.bare}`,
      project.workspace,
    ]);
    await new Git(project.workspace).ok(['checkout', '--quiet', '--detach', 'origin/main']);
    expect((await new Git(project.workspace).run(['cat-file', '-e', `${recorded}^{commit}`])).exitCode).not.toBe(0);

    const seen = api.requests.length;
    const reset = await step(project, { mode: 'reconcile', stage: '1', reset: 'true' });
    expect(reset.exitCode, reset.stdout + reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`fetched stage 1's recorded head ${recorded.slice(0, 12)} from origin`);
    expect(reset.stdout).toContain(`reset: ${BRANCH} moved from ${moved} back to ${recorded}`);
    expect(await project.remoteHead(BRANCH)).toBe(recorded);
    // No agent ran and the ledger is as it was: its done row is true again.
    expect(stage1(await project.ledger())).toEqual(['started', 'done']);
    expect(reset.summary).toContain(`\`${BRANCH}\` moved from \`${moved}\` back to \`${recorded}\``);
    expect(checkBodies(api, seen)).toEqual([
      expect.objectContaining({
        name: 'okstra: two-stage · stage 1',
        head_sha: PR_HEAD,
        status: 'completed',
        conclusion: 'success',
        output: expect.objectContaining({ title: `Reset to the recorded head ${recorded.slice(0, 12)}` }),
      }),
    ]);

    // A second reset has nothing to do: refused, the step fails, the check says why.
    const again = await step(project, { mode: 'reconcile', stage: '1', reset: 'true' });
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toContain(`is at its recorded head ${recorded}; nothing to reset`);

    const second = await step(project, { mode: 'stage', stage: '2' });
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect((await project.ledger()).find((r): r is DoneRow => r.stage === 2 && r.status === 'done')?.base_commit).toBe(
      recorded,
    );
  });

  it('refuses a stage that is not done, and a reset input with another mode, before anything is claimed or pushed', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    api = await startFakeApi({ prHead: PR_HEAD });
    const notDone = await step(project, { mode: 'reconcile', stage: '1' });
    expect(notDone.exitCode).toBe(1);
    expect(notDone.stdout).toContain('stage 1 is not done (its position is pending)');
    const notDoneReset = await step(project, { mode: 'reconcile', stage: '1', reset: 'true' });
    expect(notDoneReset.exitCode).toBe(1);
    expect(notDoneReset.stdout).toContain(
      'stage 1 is not done (its position is pending); there is no recorded head to reset to',
    );
    expect(await project.ledger()).toEqual([]);
    expect(await project.remoteHead(BRANCH)).toBeNull();

    const bad = await step(project, { mode: 'stage', stage: '1', reset: 'true' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toContain('::error::input "reset": got "true"; expected false or no value with mode stage');
  });
});
