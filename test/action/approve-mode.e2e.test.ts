/**
 * `mode: approve` and the approval gate of `mode: stage`, through the
 * bundled Action against the fake API and a real bare remote. The plan is
 * added by pull request #5 (branch `feature`); config `approval.required`.
 * One project walks the whole story, each step its own workflow run: a stage
 * before approval is refused; a read-only reviewer is refused; the plan is
 * edited; the earlier review binds the blob of the commit it reviewed, so a
 * stage at that commit runs while one at the edited head is refused; a
 * `/okstra approve` comment approves the edited content. A plan with an open
 * required Clarification Item is refused with the list.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gitBlobId } from '../../src/core/git-object-id.js';
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

const TOKEN = 'ghs_okstraTestToken000000000000000000000';
const PR = 5;
const OPEN_QUESTION_PATH = '.okstra/plans/open-question.md';

function openQuestionPlan(): string {
  return `${twoStagePlan('open-question').trimEnd()}\n\n## Clarification Items\n\n| # | Question | Answer |\n| --- | --- | --- |\n| C1 | Which greeting? | |\n`;
}

let workflowRun = 7000;
function step(project: Project, inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(project, {
    inputs: { 'github-token': TOKEN, ...inputs },
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload(inputs),
    api: api as FakeApi,
    env: { GITHUB_RUN_ID: String(++workflowRun) },
  });
}

const approve = (project: Project, how: Record<string, string>): Promise<ActionRun> =>
  step(project, { mode: 'approve', 'pr-number': String(PR), ...how });
const stage = (project: Project, n: number, planRef: string): Promise<ActionRun> =>
  step(project, { mode: 'stage', plan: project.planPath, stage: String(n), 'plan-ref': planRef });

async function approvedRows(project: Project): Promise<Array<Record<string, unknown>>> {
  return (await project.allLedgerRows())
    .map((r) => r as Record<string, unknown>)
    .filter((r) => r.status === 'approved');
}

/** A new commit on the pull request's branch that edits the plan (a new blob). */
async function editPlan(project: Project): Promise<{ head: string; text: string }> {
  const git = new Git(project.bare);
  const text = `${twoStagePlan()}\nEdited after the review.\n`;
  const blob = await git.ok(['hash-object', '-w', '--stdin'], { input: text });
  const index = `${project.scratch}/edit-index`;
  const env = { GIT_INDEX_FILE: index };
  await git.ok(['read-tree', 'refs/heads/feature'], { env });
  await git.ok(['update-index', '--add', '--cacheinfo', `100644,${blob},${project.planPath}`], { env });
  const tree = await git.ok(['write-tree'], { env });
  const head = await git.ok(['commit-tree', tree, '-p', 'refs/heads/feature', '-m', 'edit the plan'], {
    env: {
      GIT_AUTHOR_NAME: 'Alice',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'Alice',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    },
  });
  await git.ok(['update-ref', 'refs/heads/feature', head]);
  return { head, text };
}

const out = (run: ActionRun): string => run.stdout + run.stderr;

describe('mode approve and the approval gate', () => {
  it('binds an approval to the reviewed blob; refuses read-only approvers and unapproved content', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { approval: { required: true } },
      planOnPullRequest: true,
      prFiles: { [OPEN_QUESTION_PATH]: openQuestionPlan() },
      checkout: 'main',
    });
    const reviewed = project.prHead as string;
    api = await startFakeApi({
      resolveBranch: (b) => project.remoteHead(b),
      reviews: {
        11: { pull: PR, login: 'alice', state: 'APPROVED', commit_id: reviewed },
        12: { pull: PR, login: 'mallory', state: 'APPROVED', commit_id: reviewed },
      },
      issueComments: { 21: { issue: PR, login: 'alice', body: 'Looks right.\n/okstra approve\n' } },
      permissions: { alice: { permission: 'write' }, mallory: { permission: 'read' } },
    });
    api.pulls.set(PR, {
      number: PR,
      title: 'plan',
      body: '',
      head: 'feature',
      base: 'main',
      state: 'open',
      files: [
        { filename: project.planPath, status: 'added' },
        { filename: 'README.md', status: 'modified' },
      ],
    });
    const comments = (): string[] => (api as FakeApi).posted.filter((c) => c.issue === PR).map((c) => c.body);

    // Before any approval, a stage is refused with the message a person can act on.
    const early = await stage(project, 1, reviewed);
    expect(early.exitCode).toBe(1);
    const blob1 = gitBlobId(twoStagePlan());
    expect(out(early)).toContain(`is not approved at blob ${blob1}`);
    expect(out(early)).toContain('/okstra approve');
    expect(await project.ledger()).toEqual([]);

    // Read permission does not approve: refused, answered, no row.
    const readOnly = await approve(project, { approver: 'mallory', 'review-id': '12', plan: project.planPath });
    expect(readOnly.exitCode).toBe(1);
    expect(comments().at(-1)).toContain('mallory has read permission');
    expect(await approvedRows(project)).toEqual([]);

    // An open required Clarification Item refuses with the list.
    const open = await approve(project, { approver: 'alice', 'review-id': '11', plan: OPEN_QUESTION_PATH });
    expect(open.exitCode).toBe(1);
    expect(comments().at(-1)).toContain(`C1: Which greeting? (${OPEN_QUESTION_PATH}:`);

    // The plan is edited after alice's review: her review still binds the blob of the commit she reviewed.
    const edited = await editPlan(project);
    // Without the plan input: the one plan file the pull request lists.
    const byReview = await approve(project, { approver: 'alice', 'review-id': '11' });
    expect(byReview.exitCode, out(byReview)).toBe(0);
    expect(comments().at(-1)).toContain(`approved at blob \`${blob1}\` by alice`);
    expect(await approvedRows(project)).toEqual([
      expect.objectContaining({ plan_blob: blob1, approver: 'alice', permission: 'write', via: 'review' }),
    ]);

    // The reviewed content runs; the edited content is refused until someone approves it.
    const ran = await stage(project, 1, reviewed);
    expect(ran.exitCode, out(ran)).toBe(0);
    expect((await project.ledger()).map((r) => r.status)).toEqual(['started', 'done']);
    const blob2 = gitBlobId(edited.text);
    const refused = await stage(project, 2, edited.head);
    expect(refused.exitCode).toBe(1);
    expect(out(refused)).toContain(`is not approved at blob ${blob2}`);

    // A comment approves the pull request's head as it is now.
    const byComment = await approve(project, { approver: 'alice', 'comment-id': '21', plan: project.planPath });
    expect(byComment.exitCode, out(byComment)).toBe(0);
    expect((await approvedRows(project)).at(-1)).toMatchObject({ plan_blob: blob2, via: 'comment' });
  }, 300_000);
});
