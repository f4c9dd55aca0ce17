/**
 * `mode: plan` through the bundled Action against the fake API and a real
 * bare remote: a stand-in planner (scripted-agent rules by call count)
 * first writes a plan that does not parse, repairs it from the diagnostics,
 * and revises it after a stand-in reviewer's one blocking finding; the
 * delivery is the plan branch, one pull request, the plan check and a
 * comment on the issue. A re-plan updates the same pull request with a new
 * commit; a planner that never repairs its draft delivers nothing.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePlan } from '../../src/core/plan/index.js';
import { validatePlanReviewReport } from '../../src/core/report/validate-schema.js';
import { Git } from '../../src/git/git.js';
import {
  makeProject,
  runAction,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  type ActionRun,
  type AgentScript,
  type FakeApi,
  type Project,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const TOKEN = 'ghs_okstraTestToken000000000000000000000';
const ISSUE = 7;
const PLAN_ID = 'issue-7-add-a-greeting';
const PLAN_PATH = `.okstra/plans/${PLAN_ID}.md`;
const BRANCH = `okstra/${PLAN_ID}/plan`;

export function greetingPlan(version: string, extra = ''): string {
  return `---
id: ${PLAN_ID}
base: main
---
# Add a greeting (${version})

## Stage Map

### Stage 1: Greeting

- **Depends-on:** none
- **Files:** \`src/stage-1.txt\`
- **Validation:** \`test -f src/stage-1.txt\`
- **Exit contract:** \`src/stage-1.txt\` exists.
- **Rollback:** revert the stage commit.

Write \`src/stage-1.txt\`.
${extra}`;
}

const draft = (markdown: string): string => `Here is the plan.\n\n<<<OKSTRA-PLAN\n${markdown}OKSTRA-PLAN>>>\n`;
const BROKEN = draft(`---\nid: ${PLAN_ID}\n---\n# No stages yet\n\nJust prose, no Stage Map.\n`);

const review = (verdict: 'approve' | 'revise'): string =>
  `Reviewed.\n\n### Plan Review Result\n\n\`\`\`json\n${JSON.stringify({
    verdict,
    summary: verdict === 'approve' ? 'fine' : 'stage 1 cannot fail',
    findings:
      verdict === 'approve'
        ? []
        : [
            {
              severity: 'blocking',
              category: 'validation-cannot-fail',
              stage: 1,
              title: 'Validation cannot fail',
              detail: 'Check the content, not only that the file exists.',
            },
          ],
  })}\n\`\`\`\n`;

/** Planner: broken draft, then v1 (repaired), v2 (revised), then v3 for any later call (a re-plan). */
function plannerScript(stateDir: string, record: string, neverRepairs = false): AgentScript {
  return {
    stateDir,
    rules: neverRepairs
      ? []
      : [
          { when: { call: 1 }, do: { record, final: BROKEN } },
          { when: { call: 2 }, do: { record, final: draft(greetingPlan('v1')) } },
          { when: { call: 3 }, do: { record, final: draft(greetingPlan('v2')) } },
        ],
    default: { record, final: neverRepairs ? BROKEN : draft(greetingPlan('v3')) },
  };
}

/** Reviewer: one blocking finding on its first review, approval afterwards. */
function reviewerScript(stateDir: string): AgentScript {
  return {
    stateDir,
    rules: [{ when: { call: 1 }, do: { final: review('revise') } }],
    default: { final: review('approve') },
  };
}

/** A call counter's folder every agent user may write: each step may run the stand-in as another user. */
function sharedDir(project: Project, name: string): string {
  const dir = join(project.scratch, name);
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  return dir;
}

async function planProject(neverRepairs = false): Promise<Project> {
  const project = await makeProject({
    plan: twoStagePlan('existing'),
    agents: { planner: {}, reviewer: {} },
    config: { planning: { repairRounds: neverRepairs ? 1 : 2, revisionRounds: 1 } },
  });
  project.script(
    'planner',
    plannerScript(sharedDir(project, 'planner-state'), project.recordFile('planner'), neverRepairs),
  );
  project.script('reviewer', reviewerScript(sharedDir(project, 'reviewer-state')));
  return project;
}

async function planApi(project: Project): Promise<FakeApi> {
  return startFakeApi({
    issues: { [ISSUE]: { title: 'Add a greeting', body: 'Write a greeting file.' } },
    resolveBranch: (branch) => project.remoteHead(branch),
  });
}

let workflowRun = 6000;
function plan(project: Project, inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(project, {
    inputs: { mode: 'plan', 'github-token': TOKEN, ...inputs },
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload(inputs),
    api: api as FakeApi,
    env: { GITHUB_RUN_ID: String(++workflowRun) },
  });
}

/** The plan-review report the job summary holds. */
function summaryReport(summary: string): unknown {
  const m = /```json\n([\s\S]*?)\n```/.exec(summary);
  if (!m?.[1]) throw new Error(`no report in the summary:\n${summary.slice(0, 2000)}`);
  return JSON.parse(m[1]) as unknown;
}

const calls = (a: FakeApi, method: string, suffix: string): unknown[] =>
  a.requests.filter((r) => r.method === method && r.path.endsWith(suffix)).map((r) => r.body);

describe('mode plan', () => {
  it('drafts, repairs, revises and delivers the plan as one pull request; a re-plan updates it with a new commit', async () => {
    const project = await planProject();
    api = await planApi(project);
    const run = await plan(project, { issue: String(ISSUE) });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

    // The branch: one commit on top of main adding the plan, which validates.
    const tip = await project.remoteHead(BRANCH);
    expect(tip).not.toBeNull();
    const remote = new Git(project.bare);
    expect(await remote.ok(['rev-parse', `${tip}^`])).toBe(project.main);
    const text = await project.show(BRANCH, PLAN_PATH);
    expect(text).toBe(greetingPlan('v2'));
    const parsed = parsePlan(text ?? '', { path: PLAN_PATH });
    expect(parsed.errors).toEqual([]);
    expect(parsed.plan?.id).toBe(PLAN_ID);

    // The report: schema-valid, with the repair round's diagnostics, the finding and its revision.
    const report = summaryReport(run.summary);
    const checked = validatePlanReviewReport(report);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.outcome).toBe('valid');
    expect(checked.value.rounds.map((r) => r.kind)).toEqual(['draft', 'repair', 'revise']);
    expect(checked.value.rounds[0]?.diagnostics.errors.length).toBeGreaterThan(0);
    expect(checked.value.rounds[1]?.reviews[0]?.findings[0]?.title).toBe('Validation cannot fail');
    expect(checked.value.source).toMatchObject({ kind: 'issue', issue: ISSUE });

    // The pull request, its check and the issue's comment.
    const created = calls(api, 'POST', '/pulls') as Array<{ head: string; base: string; title: string; body: string }>;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ head: BRANCH, base: 'main' });
    expect(created[0]?.title).toContain(PLAN_ID);
    const body = created[0]?.body ?? '';
    expect(body).toContain('Add a greeting');
    expect(body).toContain('```mermaid');
    // The finding was answered by the revision: the body shows the verdicts that stand and the rounds it took.
    expect(body).toContain('| Reviewer worker | approve | 0 | 0 |');
    expect(body).toContain('3 planner rounds');
    const checks = calls(api, 'POST', '/check-runs') as Array<Record<string, unknown>>;
    expect(checks).toEqual([
      expect.objectContaining({
        name: `okstra: ${PLAN_ID} · plan`,
        head_sha: tip,
        status: 'completed',
        conclusion: 'success',
      }),
    ]);
    const pr = [...api.pulls.values()][0];
    expect(pr).toBeDefined();
    const issueComment = api.posted.find((c) => c.issue === ISSUE);
    expect(issueComment?.body).toContain(`#${pr?.number}`);

    // A re-plan of that pull request: a new commit on the branch, the same pull request updated (no second POST).
    const again = await plan(project, { 'pr-number': String(pr?.number) });
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    const newTip = await project.remoteHead(BRANCH);
    expect(newTip).not.toBe(tip);
    expect(await remote.ok(['rev-parse', `${newTip}^`])).toBe(tip);
    expect(await project.show(BRANCH, PLAN_PATH)).toBe(greetingPlan('v3'));
    expect(calls(api, 'POST', '/pulls')).toHaveLength(1);
    const patched = api.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/pulls/${pr?.number}`));
    expect(patched).toHaveLength(1);
    expect((patched[0]?.body as { body: string }).body).toContain('(v3)');
    // The planner was told the plan as it stands.
    expect(project.records('planner').at(-1)?.prompt).toContain('# Add a greeting (v2)');
  }, 240_000);

  it('delivers nothing when the planner never repairs its draft: no push, no pull request, exit 1, the diagnostics on the issue', async () => {
    const project = await planProject(true);
    api = await planApi(project);
    const run = await plan(project, { issue: String(ISSUE) });
    expect(run.exitCode).toBe(1);
    expect(run.stdout + run.stderr).toContain('no valid plan delivered');
    expect(await project.remoteHead(BRANCH)).toBeNull();
    expect(calls(api, 'POST', '/pulls')).toEqual([]);
    expect(calls(api, 'POST', '/check-runs')).toEqual([]);
    const comment = api.posted.find((c) => c.issue === ISSUE)?.body ?? '';
    expect(comment).toContain('could not draft a valid plan');
    expect(comment).toContain(`${PLAN_PATH}:`);
    expect(comment).toContain('Nothing was pushed');
    const report = validatePlanReviewReport(summaryReport(run.summary));
    expect(report.ok && report.value.outcome).toBe('invalid');
  }, 180_000);
});
