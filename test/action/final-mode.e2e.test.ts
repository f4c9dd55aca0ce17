/**
 * `mode: final` (final verification and the hand-off pull request) and the
 * `handoff.auto` flow after a chain, through the bundled Action against the
 * fake API and a real bare remote. Each plan first runs to all done with
 * mode chain (stand-in agents, no approval needed); every step is its own
 * workflow run (its own run id), as on GitHub.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isPlanRow, type PlanRow } from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import { filePerStagePlan } from '../helpers/file-per-stage-plan.js';
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
  return (await project.allLedgerRows()).filter(isPlanRow);
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

/** Three stages: 1 first, 2 on 1, and 3 on both, listing 2 first (so its pull request goes onto stage 2's branch). */
function threeStagePlan(id: string): string {
  const stages = [
    { n: 1, title: 'Foundation', dependsOn: [] },
    { n: 2, title: 'Walls', dependsOn: [1] },
    { n: 3, title: 'Roof', dependsOn: [2, 1] },
  ];
  return filePerStagePlan(id, 'Three stages (stacked hand-off fixture)', stages, { ownFileOnly: true });
}

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

  it('handoff.mode stacked: one pull request per stage onto its dependency, every body linking the stack, a handed-off row per stage; a second final updates the same pull requests', async () => {
    const project = await makeProject({
      plan: threeStagePlan('stacked'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      // The harness's config is merged shallowly: auto stays off, so the chain alone hands nothing off.
      config: { handoff: { auto: false, mode: 'stacked' } },
    });
    api = await startApi(project);
    const ran = await chain(project);
    expect(ran.exitCode, ran.stdout).toBe(0);
    const heads = await Promise.all([1, 2, 3].map((n) => project.remoteHead(`okstra/stacked/stage-${n}`)));

    const first = await final(project, { 'pr-number': String(ASKING_PR) });
    expect(first.exitCode, first.stdout).toBe(0);
    // No pull request from the final branch, which still holds the verified head (the single sink's).
    expect(await project.remoteHead('okstra/stacked/final')).toBe(heads[2]);

    // Opened in stack order: a root onto the base, stage 2 onto stage 1, stage 3 onto the first dependency it lists.
    const created = sent('POST', PULLS).map(
      (r) => r.body as { head: string; base: string; title: string; body: string; draft: boolean },
    );
    expect(created.map((b) => [b.head, b.base])).toEqual([
      ['okstra/stacked/stage-1', 'main'],
      ['okstra/stacked/stage-2', 'okstra/stacked/stage-1'],
      ['okstra/stacked/stage-3', 'okstra/stacked/stage-2'],
    ]);
    for (const b of created) expect(b.draft).toBe(false);
    expect(created[2]?.title).toContain('stage 3: Roof');
    expect(created[2]?.body.startsWith('<!-- okstra:handoff plan=stacked stage=3 -->')).toBe(true);
    const numberOf = (n: number): number =>
      [...(api as FakeApi).pulls.values()].find((p) => p.head === `okstra/stacked/stage-${n}`)?.number as number;
    const numbers = [1, 2, 3].map(numberOf);
    // The first one was opened before any other number was known.
    expect(created[0]?.body).toContain('(not opened yet) stage 2');

    // Then every body is written with the whole stack (and, GITHUB_TOKEN having opened them, the CI note on its own branch).
    const patched = pullPatches();
    expect(patched.map((r) => r.path)).toEqual(numbers.map((n) => `${PULLS}/${n}`));
    for (const [i, r] of patched.entries()) {
      const body = (r.body as { body: string }).body;
      expect(body).not.toContain('(not opened yet)');
      expect(body).toContain(`**→ this pull request: stage ${i + 1}`);
      for (const [k, n] of numbers.entries()) if (k !== i) expect(body).toContain(`- #${n} stage ${k + 1}`);
      expect(body).toContain(`--ref okstra/stacked/stage-${i + 1}`);
    }
    // Stage 3 merges into stage 2's branch and says it depends on both.
    const third = (patched[2]?.body as { body: string }).body;
    expect(third).toContain('merges into `okstra/stacked/stage-2` · depends on stages 2, 1');
    expect(third).toContain('Place in the stack:** 3 of 3');
    expect(first.stdout).toMatch(
      /^::warning::okstra: the stacked hand-off pull requests #\d+, #\d+, #\d+ were opened with GITHUB_TOKEN/m,
    );

    const rows = await planRows(project);
    expect(rows.map((r) => r.status)).toEqual(['verified', 'handed-off', 'handed-off', 'handed-off']);
    expect(rows.slice(1)).toEqual(
      [1, 2, 3].map((n, i) =>
        expect.objectContaining({
          mode: 'stacked',
          final_head: heads[2],
          final_branch: `okstra/stacked/stage-${n}`,
          pr_number: numbers[i],
          pr_url: `https://github.com/octo-org/octo-repo/pull/${numbers[i]}`,
        }),
      ),
    );
    // One comment on each asking pull request, listing the stack; none on the stage pull requests.
    const told = api.posted.filter((c) => c.body.includes('handed off as a stack of 3 pull requests'));
    expect(told.map((c) => c.issue).sort((a, b) => a - b)).toEqual([ASKING_PR, PLAN_PR]);
    for (const c of told)
      for (const [i, n] of numbers.entries())
        expect(c.body).toContain(`- #${n} stage ${i + 1}: \`okstra/stacked/stage-${i + 1}\``);

    // A second final: the same three pull requests, each updated once (title, body, base), none opened.
    const second = await final(project);
    expect(second.exitCode, second.stdout).toBe(0);
    expect(sent('POST', PULLS)).toHaveLength(3);
    const again = pullPatches().slice(3);
    expect(again.map((r) => r.path)).toEqual(numbers.map((n) => `${PULLS}/${n}`));
    expect(again.map((r) => (r.body as { base: string }).base)).toEqual([
      'main',
      'okstra/stacked/stage-1',
      'okstra/stacked/stage-2',
    ]);
    for (const r of again)
      expect((r.body as { body: string }).body).toContain("opened with the workflow's GITHUB\\_TOKEN");
    expect(second.stdout).toContain('(updated)');
    // The same head in the same pull requests: recorded once.
    expect((await planRows(project)).map((r) => r.status)).toEqual([
      'verified',
      'handed-off',
      'handed-off',
      'handed-off',
      'verified',
    ]);
  }, 300_000);

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
  it('handoff.mode stacked with the App token: drafts, no CI note; an open pull request of a stage is updated, not duplicated', async () => {
    const project = await makeProject({
      plan: twoStagePlan('auto-stack'),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { handoff: { auto: true, mode: 'stacked', draft: true } },
    });
    api = await startApi(project, { token: 'app' });
    // Someone already opened stage 1's branch as a pull request: the stack takes it over.
    api.pulls.set(60, {
      number: 60,
      title: 'stage 1 by hand',
      body: '',
      head: 'okstra/auto-stack/stage-1',
      base: 'main',
      state: 'open',
      files: [],
      author: 'octocat',
    });
    const run = await chain(project);
    expect(run.exitCode, run.stdout).toBe(0);
    const created = sent('POST', PULLS);
    expect(created.map((r) => r.body)).toEqual([
      expect.objectContaining({ head: 'okstra/auto-stack/stage-2', base: 'okstra/auto-stack/stage-1', draft: true }),
    ]);
    const second = [...api.pulls.values()].find((p) => p.head === 'okstra/auto-stack/stage-2')?.number as number;
    // Stage 2's body already named #60 when it was opened, and no note is due: only the found pull request is written.
    expect((created[0]?.body as { body: string }).body).toContain('- #60 stage 1');
    const patched = pullPatches();
    expect(patched.map((r) => r.path)).toEqual([`${PULLS}/60`]);
    expect(patched[0]?.body).toMatchObject({ base: 'main' });
    const body = (patched[0]?.body as { body: string; title: string }).body;
    expect(body).toContain(`- #${second} stage 2`);
    expect(body).not.toContain('GITHUB\\_TOKEN');
    expect(api.pulls.get(60)?.title).toContain('stage 1: Foundation');
    expect(run.stdout).not.toContain('were opened with GITHUB_TOKEN');
    const rows = await planRows(project);
    expect(rows.map((r) => [r.status, 'pr_number' in r ? r.pr_number : null])).toEqual([
      ['verified', null],
      ['handed-off', 60],
      ['handed-off', second],
    ]);
    const told = api.posted.filter((c) => c.body.includes('handed off as a stack of 2 pull requests'));
    expect(told.map((c) => c.issue)).toEqual([PLAN_PR]);
    expect(told[0]?.body).toContain('(1 opened, 1 updated)');
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
});
