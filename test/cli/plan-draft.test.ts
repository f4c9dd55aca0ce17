/**
 * The planning phase on a real repository with SCRIPTED STAND-IN agents (the
 * scripted agent of test/fixtures/agents, not AI): a stand-in planner whose
 * first draft does not parse gets okstra's diagnostics and fixes them; a
 * stand-in reviewer raises one blocking finding, answered by a revision; the
 * plan that comes out validates and the plan-review report validates against
 * its schema. Then `okstra plan approve` binds the approval to that content.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePlan } from '../../src/core/plan/index.js';
import { validatePlanReviewReport } from '../../src/core/report/validate-schema.js';
import { runPlanDraft } from '../../src/cli/commands/plan-draft.js';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { allLedgerRows, makeProject, type AgentScript, type Project } from '../engine/helpers.js';

const PLAN_ID = 'greeting';

const plan = (opts: { typo?: boolean; exitContract?: boolean } = {}): string =>
  [
    '---',
    `id: ${PLAN_ID}`,
    'title: A greeting module',
    '---',
    '',
    '# A greeting module',
    '',
    '## Stage Map',
    '',
    '### Stage 1: Greeting',
    '',
    '- **Depends-on:** none',
    '- **Files:** `src/greet.txt`',
    '- **Validation:** `test -f src/greet.txt`',
    '- **Exit contract:** `src/greet.txt` says hello.',
    '',
    'Write the greeting.',
    '',
    '### Stage 2: Farewell',
    '',
    `- **${opts.typo ? 'Depend on' : 'Depends-on'}:** 1`,
    '- **Files:** `src/bye.txt`',
    '- **Validation:** `test -f src/bye.txt`',
    ...(opts.exitContract === false ? [] : ['- **Exit contract:** `src/bye.txt` says goodbye.']),
    '',
    'Write the farewell.',
    '',
  ].join('\n');

const answer = (text: string): string => `Stand-in planner.\n\n<<<OKSTRA-PLAN\n${text}OKSTRA-PLAN>>>\n`;
const review = (result: object): string =>
  `Stand-in plan reviewer.\n\n### Plan Review Result\n\`\`\`json\n${JSON.stringify(result)}\n\`\`\`\n`;

function agents(scratch: string, record: (name: string) => string): Record<string, AgentScript> {
  return {
    builder: {
      stateDir: join(scratch, 'planner-calls'),
      rules: [
        // Draft: a field-key typo okstra's parser refuses. Repair: parses, but stage 2 has no exit contract. Revision: complete.
        {
          when: { role: 'planner', call: 1 },
          do: {
            record: record('planner'),
            readFiles: ['.okstra/plans/linear.md'],
            final: answer(plan({ typo: true, exitContract: false })),
          },
        },
        {
          when: { role: 'planner', call: 2 },
          do: { record: record('planner'), final: answer(plan({ exitContract: false })) },
        },
        {
          when: { role: 'planner' },
          do: { record: record('planner'), final: answer(plan()), writeFiles: { 'planner-was-here.txt': 'x\n' } },
        },
      ],
    },
    reviewer: {
      stateDir: join(scratch, 'reviewer-calls'),
      rules: [
        {
          when: { role: 'plan-reviewer', call: 1 },
          do: {
            record: record('reviewer'),
            final: review({
              verdict: 'revise',
              summary: 'Stage 2 cannot be verified.',
              findings: [
                {
                  severity: 'blocking',
                  category: 'uncheckable-exit-contract',
                  stage: 2,
                  title: 'Stage 2 has no exit contract',
                  detail: 'Say what must be true of src/bye.txt.',
                },
              ],
            }),
          },
        },
        {
          when: { role: 'plan-reviewer' },
          do: { record: record('reviewer'), final: review({ verdict: 'approve', summary: 'Good.', findings: [] }) },
        },
      ],
    },
  };
}

function testIo(dir: string): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (t) => lines.push(t),
    err: (t) => lines.push(`stderr: ${t}`),
    cwd: dir,
    env: process.env,
    now: () => new Date(),
  };
}

async function project(): Promise<Project> {
  return makeProject({
    plan: 'linear.md',
    agents: ({ scratch, recordFile }) => agents(scratch, recordFile),
    config: { approval: { required: true }, verifiers: ['reviewer'] },
  });
}

describe('okstra plan draft', () => {
  it('refuses a draft whose id is not the plan id it was asked for: a diagnostic like any other', async () => {
    const p = await project();
    p.script('builder', {
      rules: [{ when: { role: 'planner' }, do: { record: p.recordFile('planner'), final: answer(plan()) } }],
    });
    const io = testIo(p.dir);
    // No --id: the id is made from the goal's first line, and the stand-in keeps writing `id: greeting`.
    const result = await runPlanDraft(io, { goal: 'A greeting module\n\nGreet, then say goodbye.', repo: p.dir });
    const { report } = result.outcome;
    expect(validatePlanReviewReport(report)).toMatchObject({ ok: true });
    expect(report).toMatchObject({ outcome: 'invalid', plan: { id: 'a-greeting-module', blob: null } });
    expect(report.rounds.map((r) => r.diagnostics.errors.map((e) => e.code))).toEqual([
      ['plan/id-mismatch'],
      ['plan/id-mismatch'],
      ['plan/id-mismatch'],
    ]);
    expect(p.records('planner').at(-1)?.prompt).toContain('put `id: a-greeting-module` in the front matter');
    expect(result.planFile).toBeNull();
  });

  it('with the id asked for: draft → repair → revise, each reviewer in a fresh session, nothing left in the repository', async () => {
    const p = await project();
    const io = testIo(p.dir);
    const statusBefore = await p.git.ok(['status', '--porcelain']);
    const result = await runPlanDraft(io, { goal: 'Greet, then say goodbye.', id: PLAN_ID, repo: p.dir });
    const { report } = result.outcome;
    expect(validatePlanReviewReport(report)).toMatchObject({ ok: true });
    expect(report.outcome, JSON.stringify(report.rounds.map((r) => r.planner))).toBe('valid');
    expect(
      report.rounds.map((r) => [r.kind, r.diagnostics.errors.map((e) => e.code), r.reviews.map((v) => v.verdict)]),
    ).toEqual([
      ['draft', ['plan/unknown-field'], []],
      ['repair', [], ['revise']],
      ['revise', [], ['approve']],
    ]);
    expect(report.rounds[0]?.diagnostics.errors[0]?.message).toContain('did you mean');
    // What went back to the planner: the parser's diagnostics, then the reviewer's finding.
    const prompts = p.records('planner').map((r) => r.prompt);
    expect(prompts).toHaveLength(3);
    expect(prompts[1]).toContain('## Parser diagnostics');
    expect(prompts[1]).toContain('unknown field `Depend on` in stage 2; did you mean `Depends on`?');
    expect(prompts[2]).toContain('Stage 2 has no exit contract');
    expect(p.records('reviewer').map((r) => r.role)).toEqual(['plan-reviewer', 'plan-reviewer']);
    expect(new Set(p.records('reviewer').map((r) => r.pid)).size).toBe(2);
    // The planner read the repository it plans for (its sealed tree is shared for reading with its agent user).
    const firstPlanner = p.records('planner')[0] as unknown as { read: Record<string, string> };
    expect(firstPlanner.read['.okstra/plans/linear.md']).toContain('id: linear');

    const written = readFileSync(join(p.dir, '.okstra/plans/greeting.md'), 'utf8');
    expect(written).toBe(plan());
    expect(parsePlan(written, { path: 'greeting.md' }).errors).toEqual([]);
    expect(report.plan.blob).toBe(await p.git.ok(['hash-object', '.okstra/plans/greeting.md']));
    // The planner's write went to a read-only tree of okstra's, never to the repository.
    expect(existsSync(join(p.dir, 'planner-was-here.txt'))).toBe(false);
    expect(await p.git.ok(['status', '--porcelain', '--', '.', ':!.okstra/plans', ':!.okstra/plan-reviews'])).toBe(
      statusBefore,
    );
    // The planning run's tree is gone: only the repository's own work tree is registered.
    expect((await p.git.ok(['worktree', 'list', '--porcelain'])).match(/^worktree /gm)).toHaveLength(1);
  });

  it('ends invalid, delivering nothing, when the planner never fixes its draft', async () => {
    const p = await project();
    p.script('builder', { rules: [{ when: { role: 'planner' }, do: { final: answer(plan({ typo: true })) } }] });
    const io = testIo(p.dir);
    const code = await main(['plan', 'draft', '--goal', 'Greet.', '--id', PLAN_ID, '--repo', p.dir], io);
    expect(code).toBe(1);
    expect(existsSync(join(p.dir, '.okstra/plans/greeting.md'))).toBe(false);
    const report = JSON.parse(readFileSync(join(p.dir, '.okstra/plan-reviews/greeting.json'), 'utf8')) as {
      outcome: string;
      reason: string;
      rounds: unknown[];
    };
    expect(report.outcome).toBe('invalid');
    expect(report.rounds).toHaveLength(3);
    expect(report.reason).toMatch(
      /^the draft does not validate after 2 repair rounds: \.okstra\/plans\/greeting\.md:\d+:\d+: error: unknown field `Depend on`/,
    );
    expect(io.lines.join('\n')).toContain('no plan: the draft does not validate after 2 repair rounds');
  });

  it('ends blocked, with the plan delivered for people to read, when a blocking finding outlives the revisions', async () => {
    const p = await project();
    p.script('builder', {
      rules: [{ when: { role: 'planner' }, do: { final: answer(plan({ exitContract: false })) } }],
    });
    p.script('reviewer', {
      rules: [
        {
          when: { role: 'plan-reviewer' },
          do: {
            final: review({
              verdict: 'revise',
              summary: 'No.',
              findings: [
                {
                  severity: 'blocking',
                  category: 'uncheckable-exit-contract',
                  stage: 2,
                  title: 'Stage 2 has no exit contract',
                  detail: '',
                },
              ],
            }),
          },
        },
      ],
    });
    const io = testIo(p.dir);
    const code = await main(['plan', 'draft', '--goal', 'Greet.', '--id', PLAN_ID, '--repo', p.dir], io);
    expect(code).toBe(1);
    expect(existsSync(join(p.dir, '.okstra/plans/greeting.md'))).toBe(true);
    expect(io.lines.join('\n')).toContain(
      '1 blocking finding still stands after 1 revision round: Stage 2 has no exit contract',
    );
  });

  it('a reviewer that breaks its contract blocks the plan: an unreviewed plan is not a reviewed one', async () => {
    const p = await project();
    p.script('builder', { rules: [{ when: { role: 'planner' }, do: { final: answer(plan()) } }] });
    p.script('reviewer', { rules: [{ when: { role: 'plan-reviewer' }, do: { final: 'Looks fine to me!' } }] });
    const io = testIo(p.dir);
    const result = await runPlanDraft(io, { goal: 'Greet.', id: PLAN_ID, repo: p.dir });
    expect(result.outcome.report.outcome).toBe('blocked');
    expect(result.outcome.report.reason).toContain('no usable review from Reviewer worker');
    expect(result.outcome.report.rounds[0]?.reviews[0]).toMatchObject({
      verdict: null,
      reviewer: { status: 'contract-violated' },
    });
  });
});

describe('okstra plan approve', () => {
  it('refuses a plan with uncommitted changes, approves the committed blob once, and says so the second time', async () => {
    const p = await project();
    const io = testIo(p.dir);
    await runPlanDraft(io, { goal: 'Greet.', id: PLAN_ID, repo: p.dir });
    const file = join(p.dir, '.okstra/plans/greeting.md');
    expect(await main(['plan', 'approve', '--plan', file, '--repo', p.dir, '--as', 'alice'], io)).toBe(1);
    expect(io.lines.join('\n')).toContain('has uncommitted changes; commit it first');
    await p.git.ok(['add', '--', file]);
    await p.git.ok(['commit', '--quiet', '-m', 'the drafted plan']);
    io.lines.length = 0;
    expect(await main(['plan', 'approve', '--plan', file, '--repo', p.dir, '--as', 'alice'], io)).toBe(0);
    const blob = await p.git.ok(['rev-parse', 'HEAD:.okstra/plans/greeting.md']);
    expect(io.lines.join('\n')).toContain(`approved plan greeting at blob ${blob.slice(0, 12)}`);
    expect(await main(['plan', 'approve', '--plan', file, '--repo', p.dir, '--as', 'alice'], io)).toBe(0);
    expect(io.lines.join('\n')).toContain('alice already approved plan greeting');
    const rows = await allLedgerRows({ ...p, planId: PLAN_ID });
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'approved',
        plan_blob: blob,
        approver: 'alice',
        permission: 'local',
        via: 'cli',
      }),
    ]);
  });
});
