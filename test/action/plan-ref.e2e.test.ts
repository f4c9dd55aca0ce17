import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { Git } from '../../src/git/git.js';
import { tempDir } from '../helpers/git-repos.js';
import {
  makeProject,
  PASSING_REVIEWER,
  runAction,
  SCRIPTED_AGENT,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type FakeApi,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

/**
 * What the bot dispatches for a plan a pull request adds: the workflow runs
 * on the default branch (so the checkout is main's tip) and `plan-ref` names
 * the pull request's head commit, which origin keeps only under
 * refs/pull/<n>/head (no branch of that name), as GitHub does.
 */
async function planOnlyOnPullRequest(prFiles: Record<string, string> = {}) {
  return makeProject({
    plan: twoStagePlan(),
    agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    planOnPullRequest: true,
    prFiles,
    pullRef: 'refs/pull/7/head',
    checkout: 'main',
    shallow: true,
  });
}

describe('plan-ref: the plan from a pull request, the run on the default branch', () => {
  it('reads the plan from the plan-ref commit (fetched from origin) and records it, while config and prompts still come from the default branch', async () => {
    const evil = tempDir('okstra-evil-');
    const evilAgent = `${process.execPath} ${SCRIPTED_AGENT} --json ${JSON.stringify(JSON.stringify({ record: join(evil, 'evil.jsonl'), verifierResult: 'PASS' }))}`;
    const project = await planOnlyOnPullRequest({
      // The pull request also edits the rules; they must not apply.
      '.okstra/config.yml': stringify({
        executor: 'evil',
        verifiers: ['evil'],
        providers: { evil: { command: evilAgent } },
        qaCommands: [`touch ${join(evil, 'qa-ran')}`],
      }),
    });
    const prHead = project.prHead as string;
    const ws = new Git(project.workspace);
    // The checkout is the default branch, which has no plan, and does not have the pull request's commit.
    expect(project.head).toBe(project.main);
    expect(await ws.run(['show', `HEAD:${project.planPath}`])).toMatchObject({ exitCode: 128 });
    expect(await ws.resolveCommit(prHead)).toBeNull();
    expect(await project.remoteHead('feature')).toBeNull();

    api = await startFakeApi();
    const inputs = { mode: 'stage', plan: project.planPath, 'plan-ref': prHead, stage: '1' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

    expect(run.stdout).toContain(
      `plans read at ${prHead.slice(0, 12)} (plan-ref ${prHead}); config and prompts from the default branch`,
    );
    expect(run.stdout).toContain(`config: main@${project.main.slice(0, 12)}:.okstra/config.yml`);
    const report = JSON.parse(readFileSync(run.outputs['report-json'] as string, 'utf8')) as {
      plan: { id: string; path: string; commit: string };
      roster: Array<{ name: string }>;
      qa: Array<{ cmd: string }>;
      verdict: { value: string };
    };
    expect(report.plan).toEqual({ id: 'two-stage', title: expect.any(String), path: project.planPath, commit: prHead });
    expect(report.verdict.value).toBe('PASS');
    expect(report.roster.map((r) => r.name)).toEqual(['Writer worker', 'Reviewer worker']);
    expect(report.qa.map((q) => q.cmd)).toEqual(['test -f src/stage-1.txt']);
    expect(existsSync(join(evil, 'evil.jsonl'))).toBe(false);
    expect(existsSync(join(evil, 'qa-ran'))).toBe(false);

    // The stage ran and was recorded; the checkout itself was not moved.
    const rows = await project.ledger();
    expect(rows.map((r) => `${r.stage}:${r.status}`)).toEqual(['1:started', '1:done']);
    expect(await project.remoteHead('okstra/two-stage/stage-1')).toMatch(/^[0-9a-f]{40}$/);
    expect(await ws.ok(['rev-parse', 'HEAD'])).toBe(project.main);
  });

  it('takes a ref name as plan-ref (refs/pull/<n>/head) and lists plans there', async () => {
    const project = await planOnlyOnPullRequest();
    api = await startFakeApi();
    const inputs = { mode: 'status', 'plan-ref': 'refs/pull/7/head' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `plans read at ${(project.prHead as string).slice(0, 12)} (plan-ref refs/pull/7/head)`,
    );
    expect(run.stdout).toContain('two-stage stage 1 ready');
    expect(run.summary).toContain('two-stage');
  });

  it('without plan-ref the plan is read from the checked-out commit, where this one is not', async () => {
    const project = await planOnlyOnPullRequest();
    api = await startFakeApi();
    const inputs = { mode: 'stage', plan: project.planPath, stage: '1' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`the plan ${project.planPath} is not in commit ${project.main.slice(0, 12)}`);
    expect(await project.remoteHead('okstra-ledger')).toBeNull();
  });

  it('fails with the input named when plan-ref is a commit origin does not have, and claims nothing', async () => {
    const project = await planOnlyOnPullRequest();
    api = await startFakeApi();
    const missing = '0123456789abcdef0123456789abcdef01234567';
    const inputs = { mode: 'stage', plan: project.planPath, 'plan-ref': missing, stage: '1', 'pr-number': '7' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
    });
    expect(run.exitCode).toBe(1);
    // origin will not serve the SHA, so the pull request's own ref is fetched and searched too.
    expect(run.stdout).toContain(
      `::error::okstra: input "plan-ref": cannot fetch "${missing}" from origin (it is not in the history of refs/pull/7/head); it must be a commit or ref of this repository, such as a pull request's head commit`,
    );
    expect(await project.remoteHead('okstra-ledger')).toBeNull();
  });

  it("names git's reason when a plan-ref ref is not on origin", async () => {
    const project = await planOnlyOnPullRequest();
    api = await startFakeApi();
    const inputs = { mode: 'status', 'plan-ref': 'refs/pull/8/head' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /^::error::okstra: input "plan-ref": cannot fetch "refs\/pull\/8\/head" from origin \(couldn't find remote ref refs\/pull\/8\/head\)/m,
    );
  });

  it('refuses a plan-ref that is not a SHA or a safe ref name before touching git', async () => {
    const project = await planOnlyOnPullRequest();
    api = await startFakeApi();
    const inputs = { mode: 'stage', plan: project.planPath, 'plan-ref': '--upload-pack=touch pwned', stage: '1' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      '::error::input "plan-ref": got "--upload-pack=touch pwned"; expected a full commit SHA',
    );
    expect(existsSync(join(project.workspace, 'pwned'))).toBe(false);
    expect(await project.remoteHead('okstra-ledger')).toBeNull();
  });
});
