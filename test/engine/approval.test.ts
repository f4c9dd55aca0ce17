/**
 * Approval is bound to the plan's content: a stage run refuses a plan whose
 * current blob nobody approved, before anything is written; approving that
 * blob lets it run; editing the plan makes a new blob that needs approving
 * again. Real repositories, the real ledger store, stand-in agents.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gitBlobId } from '../../src/core/git-object-id.js';
import { deriveLedgerState } from '../../src/core/ledger/index.js';
import { parsePlan } from '../../src/core/plan/index.js';
import { approvePlan } from '../../src/engine/approve.js';
import {
  allLedgerRows,
  completed,
  engineFor,
  executorOnly,
  makeProject,
  WRITES_STAGE_FILE,
  type Project,
} from './helpers.js';

const PLAN_PATH = '.okstra/plans/linear.md';

async function approvedProject(): Promise<Project> {
  return makeProject({
    plan: 'linear.md',
    agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    config: { approval: { required: true } },
  });
}

async function approve(project: Project, approver: string): Promise<string> {
  const engine = await engineFor(project);
  const text = readFileSync(project.planFile, 'utf8');
  const plan = parsePlan(text, { path: PLAN_PATH }).plan;
  if (!plan) throw new Error('the fixture plan does not parse');
  const blob = await project.git.ok(['rev-parse', `HEAD:${PLAN_PATH}`]);
  expect(gitBlobId(text)).toBe(blob);
  const outcome = await approvePlan(
    { plan, planPath: PLAN_PATH, planBlob: blob, approver, permission: 'local', via: 'cli' },
    { ledger: engine.prepared.deps.ledger, now: () => new Date() },
  );
  expect(outcome.kind).toBe('approved');
  await engine.prepared.close();
  return blob;
}

describe('a stage run needs an approval of the plan blob it reads', () => {
  it('refuses an unapproved plan before writing anything, naming the blob and how to approve', async () => {
    const project = await approvedProject();
    const blob = await project.git.ok(['rev-parse', `HEAD:${PLAN_PATH}`]);
    const engine = await engineFor(project);
    const outcome = await engine.run(1);
    await engine.prepared.close();
    expect(outcome).toMatchObject({ kind: 'refused', code: 'not-approved' });
    if (outcome.kind !== 'refused') return;
    expect(outcome.reason).toBe(
      `plan linear is not approved at blob ${blob} (approved: no content of it yet); approve it again: \`okstra plan approve --plan ${PLAN_PATH}\` (with the permission to approve it)`,
    );
    expect(await allLedgerRows(project)).toEqual([]);
    expect(await project.git.run(['rev-parse', '--verify', 'refs/heads/okstra/linear/stage-1'])).toMatchObject({
      exitCode: 128,
    });
  });

  it('runs once that blob is approved, and refuses again after the plan is edited until the new blob is approved', async () => {
    const project = await approvedProject();
    const first = await approve(project, 'alice');
    let engine = await engineFor(project);
    completed(await engine.run(1));
    await engine.prepared.close();
    expect((await allLedgerRows(project)).map((r) => r.status)).toEqual(['approved', 'started', 'done']);

    // A one-word edit of the plan on the branch: a new blob nobody approved.
    writeFileSync(
      project.planFile,
      readFileSync(project.planFile, 'utf8').replace('Write `src/stage-2.txt`.', 'Write `src/stage-2.txt` carefully.'),
    );
    await project.git.ok(['commit', '--quiet', '-am', 'edit the plan']);
    const second = await project.git.ok(['rev-parse', `HEAD:${PLAN_PATH}`]);
    expect(second).not.toBe(first);
    engine = await engineFor(project);
    const refused = await engine.run(2);
    await engine.prepared.close();
    expect(refused).toMatchObject({ kind: 'refused', code: 'not-approved' });
    if (refused.kind === 'refused')
      expect(refused.reason).toContain(
        `not approved at blob ${second} (approved: ${first} by alice); approve it again or restore it`,
      );

    await approve(project, 'bob');
    engine = await engineFor(project);
    completed(await engine.run(2));
    await engine.prepared.close();
    const rows = await allLedgerRows(project);
    expect(rows.map((r) => r.status)).toEqual(['approved', 'started', 'done', 'approved', 'started', 'done']);
    expect(rows.filter((r) => r.status === 'approved').map((r) => 'plan_blob' in r && r.plan_blob)).toEqual([
      first,
      second,
    ]);
  });

  it('with approval.required false, an unapproved plan runs (the approval tests above are the rule)', async () => {
    const project = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
      config: { approval: { required: false } },
    });
    const engine = await engineFor(project);
    completed(await engine.run(1));
    await engine.prepared.close();
  });
});

describe('approving a plan', () => {
  const planWith = (rows: string): string =>
    [
      '---',
      'id: asks',
      '---',
      '# Asks',
      '',
      '## Clarification Items',
      '',
      '| # | Question | Answer |',
      '| --- | --- | --- |',
      rows,
      '',
      '## Stage Map',
      '',
      '### Stage 1: One',
      '',
      '- **Depends-on:** none',
      '- **Validation:** `true`',
      '',
      'Do it.',
      '',
    ].join('\n');
  const store = (): { rows: unknown[]; ledger: Parameters<typeof approvePlan>[1]['ledger'] } => {
    const rows: unknown[] = [];
    return {
      rows,
      ledger: {
        read: async () => ({ commit: null, rows: [] }),
        readState: async () => ({ commit: null, state: deriveLedgerState([]), distrusted: [] }),
        readFile: async () => null,
        append: async (r) => {
          rows.push(r.row);
          return { outcome: 'appended', commit: 'c'.repeat(40), attempts: 1 };
        },
        tip: async () => null,
      },
    };
  };

  it('is refused while a required Clarification Item has no answer, listing it with its line', async () => {
    const text = planWith('| 1 | Which database? | |\n| 2 | Which colour? (optional) | |');
    const plan = parsePlan(text, { path: '.okstra/plans/asks.md' }).plan;
    if (!plan) throw new Error('does not parse');
    const s = store();
    const outcome = await approvePlan(
      {
        plan,
        planPath: '.okstra/plans/asks.md',
        planBlob: gitBlobId(text),
        approver: 'alice',
        permission: 'write',
        via: 'comment',
      },
      { ledger: s.ledger, now: () => new Date() },
    );
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(outcome.reason).toContain('while a Clarification Item has no answer');
    expect(outcome.reason).toContain('- 1: Which database? (.okstra/plans/asks.md:10)');
    expect(outcome.reason).not.toContain('Which colour');
    expect(s.rows).toEqual([]);
  });

  it('is taken once every required item is answered; an optional one may stay open', async () => {
    const text = planWith('| 1 | Which database? | Postgres |\n| 2 | Which colour? (optional) | |');
    const plan = parsePlan(text, { path: '.okstra/plans/asks.md' }).plan;
    if (!plan) throw new Error('does not parse');
    const s = store();
    const outcome = await approvePlan(
      {
        plan,
        planPath: '.okstra/plans/asks.md',
        planBlob: gitBlobId(text),
        approver: 'alice',
        permission: 'write',
        via: 'review',
        url: 'https://github.com/o/r/pull/3#pullrequestreview-9',
      },
      { ledger: s.ledger, now: () => new Date('2026-12-01T12:00:00.000Z') },
    );
    expect(outcome.kind).toBe('approved');
    expect(s.rows).toEqual([
      {
        v: 1,
        plan_id: 'asks',
        status: 'approved',
        at: '2026-12-01T12:00:00.000Z',
        actor: 'alice',
        plan_path: '.okstra/plans/asks.md',
        plan_blob: gitBlobId(text),
        approver: 'alice',
        permission: 'write',
        via: 'review',
        url: 'https://github.com/o/r/pull/3#pullrequestreview-9',
      },
    ]);
  });
});
