/**
 * `mode: final` (final verification and the hand-off pull request) and the
 * `handoff.auto` flow after a chain, through the bundled Action against the
 * fake API and a real bare remote. Each plan first runs to all done with
 * mode chain (stand-in agents, no approval needed); every step is its own
 * workflow run (its own run id), as on GitHub.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isPlanRow, parseLedger, type PlanRow } from '../../src/core/ledger/index.js';
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
  type AgentScript,
  type FakeApi,
  type FakeApiOptions,
  type Project,
  type RecordedRequest,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const TOKEN = 'ghs_okstraTestToken000000000000000000000';
const PULLS = '/repos/octo-org/octo-repo/pulls';
const CHECKS = '/repos/octo-org/octo-repo/check-runs';
const PLAN_PR = 50;
const ASKING_PR = 7;

let workflowRun = 8000;
function step(project: Project, inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(project, {
    inputs: { 'github-token': TOKEN, ...inputs },
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload(inputs),
    api: api as FakeApi,
    env: { GITHUB_RUN_ID: String(++workflowRun) },
  });
}

const chain = (project: Project): Promise<ActionRun> => step(project, { mode: 'chain', plan: project.planPath });
const final = (project: Project, extra: Record<string, string> = {}): Promise<ActionRun> =>
  step(project, { mode: 'final', plan: project.planPath, ...extra });

async function planRows(project: Project): Promise<PlanRow[]> {
  const text = await project.show('okstra-ledger', `plans/${project.planId}/ledger.jsonl`);
  return parseLedger(text ?? '', { path: 'ledger.jsonl', planId: project.planId }).filter(isPlanRow);
}

const sent = (method: string, path: string): RecordedRequest[] =>
  (api as FakeApi).requests.filter((r) => r.method === method && r.path === path);
const pullPatches = (): RecordedRequest[] =>
  (api as FakeApi).requests.filter((r) => r.method === 'PATCH' && /\/pulls\/\d+$/.test(r.path));

async function startApi(project: Project, o: FakeApiOptions = {}): Promise<FakeApi> {
  const started = await startFakeApi({ resolveBranch: (b) => project.remoteHead(b), ...o });
  // The plan's own pull request, open: the hand-off is announced there.
  started.pulls.set(PLAN_PR, {
    number: PLAN_PR,
    title: 'okstra plan',
    body: '',
    head: `okstra/${project.planId}/plan`,
    base: 'main',
    state: 'open',
    files: [],
    author: 'octocat',
  });
  return started;
}

/** A final verifier that rejects the whole change with one blocking finding in stage 2's file; stage verifiers pass. */
const REJECTS_FINAL: AgentScript = {
  rules: [
    {
      when: { role: 'final-verifier' },
      do: {
        verifierResult: {
          verdict: 'FAIL',
          findings: [
            {
              severity: 'blocking',
              title: 'Stage 2 file lacks the agreed header',
              detail: 'The file starts without the header the plan asks for.',
              file: 'src/stage-2.txt',
              line: 1,
            },
          ],
          evidenceRead: ['src/stage-2.txt'],
        },
      },
    },
    { when: {}, do: { verifierResult: 'PASS' } },
  ],
};

describe('the bundled Action, mode final', () => {
  it('verifies the done plan, opens one hand-off pull request (GITHUB_TOKEN: with the CI note), updates it on a second run, and refuses after a done branch moved, naming both commits', async () => {
    const project = await makeProject({
      plan: twoStagePlan('ship-it'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    });
    api = await startApi(project);
    const ran = await chain(project);
    expect(ran.exitCode, ran.stdout).toBe(0);
    // handoff.auto is off here: the chain alone verifies nothing.
    expect(await planRows(project)).toEqual([]);
    const stage2 = (await project.remoteHead('okstra/ship-it/stage-2')) as string;

    const first = await final(project, { 'pr-number': String(ASKING_PR) });
    expect(first.exitCode, first.stdout).toBe(0);
    // The final branch holds the single sink's done head, on the remote.
    expect(await project.remoteHead('okstra/ship-it/final')).toBe(stage2);

    const created = sent('POST', PULLS);
    expect(created).toHaveLength(1);
    const post = created[0]?.body as { head: string; base: string; title: string; body: string; draft: boolean };
    expect(post).toMatchObject({ head: 'okstra/ship-it/final', base: 'main', draft: false });
    expect(post.title).toContain('ship-it');
    expect(post.body.startsWith('<!-- okstra:handoff plan=ship-it -->')).toBe(true);
    expect(post.body).toContain('### Stages (2)');
    expect(post.body).toContain('```mermaid');
    expect(post.body).not.toContain('GITHUB\\_TOKEN');
    // GitHub answered that github-actions[bot] opened it: the note goes in at once, and the log warns.
    const patched = pullPatches();
    expect(patched).toHaveLength(1);
    const number = [...api.pulls.values()].find((p) => p.head === 'okstra/ship-it/final')?.number as number;
    expect(patched[0]?.path).toBe(`${PULLS}/${number}`);
    const noted = (patched[0]?.body as { body: string }).body;
    // The body escapes the note as any text it quotes (`_`, `<`), which GitHub renders back.
    expect(noted).toContain("> This pull request was opened with the workflow's GITHUB\\_TOKEN");
    expect(noted).toContain('OKSTRA\\_APP\\_ID');
    expect(noted).toContain('gh workflow run &lt;your CI workflow&gt; --ref okstra/ship-it/final');
    expect(first.stdout).toMatch(/^::warning::okstra: the hand-off pull request #\d+ was opened with GITHUB_TOKEN/m);

    // The final check on the final head, with the report.
    const check = sent('POST', CHECKS).find((r) => (r.body as { name: string }).name === 'okstra: ship-it · final');
    expect(check?.body).toMatchObject({ head_sha: stage2, status: 'completed', conclusion: 'success' });
    expect(first.summary).toContain('accepted');

    const rows = await planRows(project);
    expect(rows.map((r) => r.status)).toEqual(['verified', 'handed-off']);
    expect(rows[0]).toMatchObject({ final_head: stage2, run_id: `gh-${workflowRun}-1-final` });
    expect(rows[1]).toMatchObject({
      final_head: stage2,
      final_branch: 'okstra/ship-it/final',
      mode: 'single',
      pr_number: number,
      pr_url: `https://github.com/octo-org/octo-repo/pull/${number}`,
    });
    // The plan pull request and the asking one are told where the hand-off is.
    const told = api.posted.filter((c) => c.body.includes(`handed off in #${number}`)).map((c) => c.issue);
    expect(told.sort((a, b) => a - b)).toEqual([ASKING_PR, PLAN_PR]);

    // A second final run updates the same pull request: no second POST.
    const second = await final(project);
    expect(second.exitCode, second.stdout).toBe(0);
    expect(sent('POST', PULLS)).toHaveLength(1);
    const again = pullPatches().slice(1);
    expect(again).toHaveLength(1);
    expect(again[0]?.path).toBe(`${PULLS}/${number}`);
    // It is still GITHUB_TOKEN's pull request: the note stays.
    expect((again[0]?.body as { body: string }).body).toContain("opened with the workflow's GITHUB\\_TOKEN");
    // Verified again by this run; the same head in the same pull request is one hand-off, recorded once.
    expect((await planRows(project)).map((r) => r.status)).toEqual(['verified', 'handed-off', 'verified']);

    // A done stage branch moved after `verified`: nothing is verified or handed off, and both commits are named.
    const bare = new Git(project.bare);
    const stage1 = (await project.remoteHead('okstra/ship-it/stage-1')) as string;
    const tree = await bare.ok(['rev-parse', `${stage1}^{tree}`]);
    const moved = await bare.ok(['commit-tree', tree, '-p', stage1, '-m', 'a hand commit'], {
      env: { GIT_AUTHOR_NAME: 'h', GIT_AUTHOR_EMAIL: 'h@x', GIT_COMMITTER_NAME: 'h', GIT_COMMITTER_EMAIL: 'h@x' },
    });
    await bare.ok(['update-ref', 'refs/heads/okstra/ship-it/stage-1', moved, stage1]);
    const requestsBefore = api.requests.length;
    const refused = await final(project);
    expect(refused.exitCode, refused.stdout).toBe(1);
    expect(refused.stdout).toContain(stage1);
    expect(refused.stdout).toContain(moved);
    expect(refused.stdout).toContain('/okstra reconcile N');
    expect(refused.summary).toContain('Nothing was verified or written.');
    expect((await planRows(project)).length).toBe(3);
    expect(
      api.requests.slice(requestsBefore).filter((r) => r.method !== 'GET'),
      'a refused final writes nothing to GitHub',
    ).toEqual([]);
  }, 240_000);

  it('rejected: a failing final check, a verification-failed row naming the stage to fix, no pull request, and the comment names /okstra retry', async () => {
    const project = await makeProject({
      plan: twoStagePlan('needs-fix'),
      agents: { writer: WRITER, reviewer: REJECTS_FINAL },
    });
    api = await startApi(project);
    expect((await chain(project)).exitCode).toBe(0);

    const run = await final(project, { 'pr-number': String(ASKING_PR) });
    expect(run.exitCode, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/^::error::okstra: plan needs-fix: final verification rejected the change/m);
    const check = sent('POST', CHECKS).find((r) => (r.body as { name: string }).name === 'okstra: needs-fix · final');
    expect(check?.body).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const rows = await planRows(project);
    expect(rows.map((r) => r.status)).toEqual(['verification-failed']);
    expect(rows[0]).toMatchObject({ fix_stages: [2] });
    expect(sent('POST', PULLS)).toEqual([]);
    expect(await project.remoteHead('okstra/needs-fix/final')).not.toBeNull();
    const comments = api.posted.filter((c) => c.body.includes('rejected the change'));
    expect(comments.map((c) => c.issue).sort((a, b) => a - b)).toEqual([ASKING_PR, PLAN_PR]);
    for (const c of comments) expect(c.body).toContain('`/okstra retry 2`');
    expect(run.summary).toContain('/okstra retry 2');
  }, 240_000);

  it('refuses a plan whose stages are not all done, writing nothing', async () => {
    const project = await makeProject({
      plan: twoStagePlan('half-done'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    });
    api = await startApi(project);
    const run = await final(project);
    expect(run.exitCode, run.stdout).toBe(1);
    expect(run.stdout).toContain('final verification of plan half-done needs every stage done');
    expect(await planRows(project)).toEqual([]);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 120_000);

  it('refuses mode final without a plan input', async () => {
    const project = await makeProject({
      plan: twoStagePlan('no-input'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    });
    api = await startApi(project);
    const run = await step(project, { mode: 'final' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('input "plan" is required with mode final');
  }, 60_000);
});

describe('handoff.auto after a chain', () => {
  it('runs final verification and opens the hand-off pull request (a draft, with the App token: no CI note) in the same job', async () => {
    const project = await makeProject({
      plan: twoStagePlan('auto-ship'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { handoff: { auto: true, draft: true } },
    });
    api = await startApi(project, { token: 'app' });
    const run = await chain(project);
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      'plan auto-ship: every stage is done and handoff.auto is on, so final verification and the hand-off run now, in this job',
    );
    const created = sent('POST', PULLS);
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ head: 'okstra/auto-ship/final', base: 'main', draft: true });
    expect((created[0]?.body as { body: string }).body).not.toContain('GITHUB\\_TOKEN');
    // Opened with the App's token: the repository's CI starts on it, so nothing is patched in and nothing warned.
    expect(pullPatches()).toEqual([]);
    expect(run.stdout).not.toContain('was opened with GITHUB_TOKEN');
    expect((await planRows(project)).map((r) => r.status)).toEqual(['verified', 'handed-off']);
  }, 240_000);
  it('without a github-token leaves final verification to mode final, saying so; the chain passes', async () => {
    const project = await makeProject({
      plan: twoStagePlan('no-token'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { handoff: { auto: true } },
    });
    api = await startApi(project);
    const inputs = { mode: 'chain', plan: project.planPath };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
      env: { GITHUB_RUN_ID: String(++workflowRun) },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain('handoff.auto needs the github-token input to open the hand-off pull request');
    expect(await planRows(project)).toEqual([]);
    expect(api.requests).toEqual([]);
  }, 240_000);

  it('handoff.mode stacked: verified, then refused as not supported yet, with no pull request', async () => {
    const project = await makeProject({
      plan: twoStagePlan('stacked'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { handoff: { auto: true, mode: 'stacked' } },
    });
    api = await startApi(project);
    const run = await chain(project);
    expect(run.exitCode, run.stdout).toBe(1);
    expect(run.stdout).toContain(
      '`handoff.mode: stacked` (one pull request per stage) is not supported by the Action yet',
    );
    expect(sent('POST', PULLS)).toEqual([]);
    expect((await planRows(project)).map((r) => r.status)).toEqual(['verified']);
  }, 240_000);
});
