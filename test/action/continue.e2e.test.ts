import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore } from '../../src/git/ledger-store.js';
import { gitBlobId } from '../../src/core/git-object-id.js';
import { LedgerRowSchema } from '../../src/core/ledger/index.js';
import { tempDir } from '../helpers/git-repos.js';
import {
  makeProject,
  PASSING_REVIEWER,
  runAction,
  startFakeApi,
  twoStagePlan,
  WRITER,
  type FakeApi,
  type Project,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const SCHEDULE = { schedule: '*/30 * * * *' };

/** Appends rows to the remote's ledger from a scratch clone, as another run would have. */
async function appendOnRemote(
  project: Project,
  planId: string,
  rows: Array<Record<string, unknown>>,
  at: Date,
): Promise<void> {
  const dir = join(tempDir('okstra-other-run-'), 'clone');
  await new Git(project.scratch).ok(['clone', '--quiet', project.bare, dir]);
  const store = new GitLedgerStore({ repoDir: dir, remote: 'origin', now: () => at });
  for (const row of rows)
    await store.append({ row: LedgerRowSchema.parse({ v: 1, plan_id: planId, at: at.toISOString(), ...row }) });
}

describe('mode continue (the scheduled sweep)', () => {
  it('releases a stale claim whose workflow run finished, continues every plan with ready stages, and leaves a failed stage to a person', async () => {
    const stuck = twoStagePlan('stuck');
    const project = await makeProject({
      plan: twoStagePlan('fresh'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      files: { '.okstra/plans/stale.md': twoStagePlan('stale'), '.okstra/plans/stuck.md': stuck },
    });
    const longAgo = new Date(Date.now() - 6 * 3600_000);
    // `stale`: stage 1 claimed hours ago by workflow run 1111, which has finished; its lease ran out.
    await appendOnRemote(
      project,
      'stale',
      [
        {
          stage: 1,
          status: 'started',
          run_id: 'gh-1111-1-s1',
          lease_until: new Date(longAgo.getTime() + 60_000).toISOString(),
        },
      ],
      longAgo,
    );
    // `stuck`: stage 1 failed its verification; a fix run is a person's decision.
    await appendOnRemote(
      project,
      'stuck',
      [
        {
          stage: 1,
          status: 'started',
          run_id: 'gh-900-1-s1',
          lease_until: new Date(longAgo.getTime() + 60_000).toISOString(),
        },
        { stage: 1, status: 'failed', run_id: 'gh-900-1-s1', reason: 'verdict-fail' },
      ],
      longAgo,
    );

    api = await startFakeApi({ runs: { '1111': 'completed' } });
    const run = await runAction(project, {
      inputs: { mode: 'continue', 'github-token': 'ghs_x0000000000000000000000000000000000' },
      eventName: 'schedule',
      payload: SCHEDULE,
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);

    const rows = async (planId: string): Promise<string[]> => {
      return (await project.allLedgerRows(planId)).map((row) => {
        const r = row as { stage: number; status: string; reason?: string; run_id: string };
        return `${r.stage}:${r.status}${r.reason ? `(${r.reason})` : ''}:${r.run_id}`;
      });
    };
    expect(await rows('fresh')).toEqual([
      '1:started:gh-4242-1-s1',
      '1:done:gh-4242-1-s1',
      '2:started:gh-4242-1-s2',
      '2:done:gh-4242-1-s2',
    ]);
    expect(await rows('stale')).toEqual([
      '1:started:gh-1111-1-s1',
      '1:failed(abandoned):gh-1111-1-s1',
      '1:started:gh-4242-1-s1',
      '1:done:gh-4242-1-s1',
      '2:started:gh-4242-1-s2',
      '2:done:gh-4242-1-s2',
    ]);
    expect(await rows('stuck')).toEqual(['1:started:gh-900-1-s1', '1:failed(verdict-fail):gh-900-1-s1']);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/octo-org/octo-repo/actions/runs/1111',
    ]);
    expect(run.stdout).toContain('plan stuck: nothing ready to continue');
    // A schedule has no actor.
    const report = JSON.parse(
      (await project.show('okstra-ledger', 'plans/fresh/reports/stage-2/gh-4242-1-s2.json')) as string,
    ) as { run: { trigger: unknown } };
    expect(report.run.trigger).toEqual({ kind: 'schedule', actor: null, url: null });
  });

  it('skips a plan nobody approved (saying so, not failing the sweep) and continues the approved one', async () => {
    const approvedPlan = twoStagePlan('approved');
    const project = await makeProject({
      plan: twoStagePlan('waiting'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      files: { '.okstra/plans/approved.md': approvedPlan },
      config: { approval: { required: true } },
    });
    await appendOnRemote(
      project,
      'approved',
      [
        {
          status: 'approved',
          plan_path: '.okstra/plans/approved.md',
          plan_blob: gitBlobId(approvedPlan),
          approver: 'alice',
          permission: 'write',
          via: 'review',
        },
      ],
      new Date(),
    );
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'continue' },
      eventName: 'schedule',
      payload: SCHEDULE,
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      `plan waiting: plan waiting is not approved at blob ${gitBlobId(twoStagePlan('waiting'))} (approved: no content of it yet)`,
    );
    expect(await project.allLedgerRows('waiting')).toEqual([]);
    expect((await project.allLedgerRows('approved')).map((r) => r.status)).toEqual([
      'approved',
      'started',
      'done',
      'started',
      'done',
    ]);
  });

  it('leaves a stale claim alone while its workflow run is still going', async () => {
    const project = await makeProject({
      plan: twoStagePlan('busy'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    });
    const longAgo = new Date(Date.now() - 6 * 3600_000);
    await appendOnRemote(
      project,
      'busy',
      [
        {
          stage: 1,
          status: 'started',
          run_id: 'gh-2222-3-s1',
          lease_until: new Date(longAgo.getTime() + 60_000).toISOString(),
        },
      ],
      longAgo,
    );
    api = await startFakeApi({ runs: { '2222': 'in_progress' } });
    const run = await runAction(project, {
      inputs: { mode: 'continue', 'github-token': 'ghs_x0000000000000000000000000000000000' },
      eventName: 'schedule',
      payload: SCHEDULE,
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain('workflow run 2222 is still running: left alone');
    expect((await project.ledger()).map((r) => r.status)).toEqual(['started']);
  });
});

describe('mode status', () => {
  it('reports every plan in the plans folder as a stage table in the job summary, and changes nothing', async () => {
    const project = await makeProject({
      plan: twoStagePlan('first'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      files: { '.okstra/plans/second.md': twoStagePlan('second') },
    });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'status' },
      eventName: 'workflow_dispatch',
      payload: {},
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.summary).toContain('### okstra plan `first`');
    expect(run.summary).toContain('### okstra plan `second`');
    expect(run.summary).toContain('```mermaid');
    expect(run.stdout).toContain('first stage 1 ready');
    expect(run.stdout).toContain('second stage 2 pending — waits for stage 1');
    expect(await project.remoteHead('okstra-ledger')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('a done row pushed to the ledger branch by hand (no started row, no carry, no report) is not believed, and the summary says so with the repair command', async () => {
    const project = await makeProject({
      plan: twoStagePlan('first'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    });
    const forged = {
      v: 1,
      plan_id: 'first',
      stage: 1,
      status: 'done',
      run_id: 'forged-1',
      at: '2026-01-01T00:00:00.000Z',
      head_commit: '0'.repeat(40),
      completed_at: '2026-01-01T00:00:00.000Z',
      carry_path: 'plans/first/carry/stage-1.json',
      report_path: 'plans/first/reports/stage-1/forged-1.json',
    };
    const git = new Git(project.workspace);
    const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: `${JSON.stringify(forged)}\n` });
    const plans = await git.ok(['mktree'], { input: `100644 blob ${blob}\tledger.jsonl\n` });
    const first = await git.ok(['mktree'], { input: `040000 tree ${plans}\tfirst\n` });
    const root = await git.ok(['mktree'], { input: `040000 tree ${first}\tplans\n` });
    const commit = await git.ok(['commit-tree', root, '-m', 'a row nobody ran'], {
      env: { GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' },
    });
    await git.ok(['push', '--quiet', 'origin', `${commit}:refs/heads/okstra-ledger`]);

    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'status' },
      eventName: 'workflow_dispatch',
      payload: {},
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain('first stage 1 ready');
    expect(run.stdout).toMatch(/::warning::okstra: first: row 1 ignored: .*okstra ledger repair/);
    expect(run.summary).toContain('**Ledger rows ignored** (1):');
  });
});
