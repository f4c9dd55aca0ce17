import { describe, expect, it } from 'vitest';
import { flatInputs } from '../helpers/contract.js';
import {
  approveDispatchInputs,
  DISPATCH_INPUTS,
  goalText,
  knownProviders,
  MAX_GOAL_CHARS,
  parseCommandLine,
  planDispatchInputs,
  REQUIRED_RUN_NAME,
  usageText,
  workflowProblems,
} from '../../src/core/commands/index.js';
import { planBranchName as planBranch, planIdOfPlanBranch } from '../../src/core/ids.js';

const ctx = { providers: knownProviders([]) };
const parse = (line: string) => parseCommandLine(line, ctx);

describe('the planning commands', () => {
  it('take the words after plan and replan as the goal, as typed (whitespace runs collapsed)', () => {
    expect(parse('/okstra plan Keep the API; add `x`, (y) & "z"?')).toEqual({
      ok: true,
      command: { verb: 'plan', goal: 'Keep the API; add `x`, (y) & "z"?' },
    });
    expect(parse('/okstra   REPLAN   split   stage 2  ')).toEqual({
      ok: true,
      command: { verb: 'replan', goal: 'split stage 2' },
    });
    expect(parse('/okstra plan')).toEqual({ ok: true, command: { verb: 'plan', goal: null } });
    // Not the verb: a longer word is an unknown command.
    expect(parse('/okstra planning now')).toEqual({ ok: false, error: 'unknown command `planning`' });
  });

  it('refuse goal text that hides characters, is too long, or starts like an option', () => {
    expect(parse('/okstra plan a\u200bb')).toEqual({
      ok: false,
      error: 'the goal text holds the invisible character U+200B; write it as plain text',
    });
    expect(parse('/okstra plan a\u0007b')).toMatchObject({ ok: false, error: expect.stringContaining('U+0007') });
    expect(parse(`/okstra plan ${'é'.repeat(MAX_GOAL_CHARS)}`)).toEqual({ ok: true, command: expect.anything() });
    expect(parse(`/okstra plan ${'é'.repeat(MAX_GOAL_CHARS + 1)}`)).toMatchObject({
      ok: false,
      error: expect.stringContaining(`okstra takes at most ${MAX_GOAL_CHARS}`),
    });
    expect(parse('/okstra replan --plan x')).toEqual({
      ok: false,
      error:
        '`--plan` is not an option here: the words after the command are added to the goal as text (start them with a word, not `--`)',
    });
    expect(goalText('  ')).toEqual({ ok: true, value: null });
  });

  it('approve takes --plan and nothing else', () => {
    expect(parse('/okstra approve')).toEqual({ ok: true, command: { verb: 'approve', plan: null } });
    expect(parse('/okstra approve --plan password-reset')).toEqual({
      ok: true,
      command: { verb: 'approve', plan: 'password-reset' },
    });
    expect(parse('/okstra approve now')).toEqual({ ok: false, error: 'unexpected `now` after `approve`' });
    expect(parse('/okstra approve --executor codex')).toEqual({
      ok: false,
      error: '`--executor` is not an option of `approve` (options: --plan)',
    });
    expect(parse('/okstra approve --plan ../x')).toMatchObject({ ok: false });
  });

  it('are in the usage text', () => {
    const text = usageText(ctx.providers);
    for (const c of ['/okstra plan [text]', '/okstra replan [text]', '/okstra approve [--plan ID]'])
      expect(text).toContain(c);
  });
});

describe('plan branches', () => {
  it('name the plan id, and nothing else is one', () => {
    expect(planBranch('issue-12-cache')).toBe('okstra/issue-12-cache/plan');
    expect(planIdOfPlanBranch('okstra/issue-12-cache/plan')).toBe('issue-12-cache');
    for (const ref of ['okstra/x/stage-1', 'okstra/a/b/plan', 'feature/plan', 'okstra/Bad/plan', 'okstra/x../plan'])
      expect(planIdOfPlanBranch(ref), ref).toBeNull();
  });
});

describe('the planning dispatch inputs', () => {
  it('mode plan: from an issue, or a re-plan of a plan pull request; the goal only when given', () => {
    expect(
      planDispatchInputs({ source: { kind: 'issue', issue: 12 }, goal: 'be quick', trigger: 'comment', actor: 'octo' }),
    ).toEqual({ mode: 'plan', issue: '12', goal: 'be quick', request: '{"v":1,"trigger":"comment","actor":"octo"}' });
    expect(
      flatInputs(
        planDispatchInputs({
          source: { kind: 'replan', prNumber: 7, planId: 'issue-12-x' },
          goal: null,
          trigger: 'comment',
          actor: 'octo',
        }),
      ),
    ).toEqual({ mode: 'plan', 'pr-number': '7', 'plan-id': 'issue-12-x', trigger: 'comment', actor: 'octo' });
  });

  it('mode plan refuses values no comment could have given', () => {
    const base = { source: { kind: 'issue' as const, issue: 1 }, goal: null, trigger: 'comment' as const, actor: 'o' };
    expect(() => planDispatchInputs({ ...base, actor: 'a b' })).toThrow(/unexpected actor/);
    expect(() => planDispatchInputs({ ...base, source: { kind: 'issue', issue: 0 } })).toThrow(/bad issue number/);
    expect(() => planDispatchInputs({ ...base, goal: 'x\u202ey' })).toThrow(/goal text/);
    expect(() => planDispatchInputs({ ...base, source: { kind: 'replan', prNumber: 1, planId: 'A/B' } })).toThrow(
      /bad plan id/,
    );
  });

  it('mode approve: exactly one of review-id and comment-id, the approver, the plan', () => {
    expect(
      flatInputs(
        approveDispatchInputs({
          prNumber: 3,
          via: { kind: 'review', reviewId: 9 },
          approver: 'octo',
          planPath: 'p/a.md',
        }),
      ),
    ).toEqual({ mode: 'approve', 'pr-number': '3', 'review-id': '9', approver: 'octo', plan: 'p/a.md', actor: 'octo' });
    expect(
      flatInputs(
        approveDispatchInputs({
          prNumber: 3,
          via: { kind: 'comment', commentId: 5 },
          approver: 'octo',
          planPath: 'p/a.md',
        }),
      ),
    ).toEqual({
      mode: 'approve',
      'pr-number': '3',
      'comment-id': '5',
      trigger: 'comment',
      approver: 'octo',
      plan: 'p/a.md',
      actor: 'octo',
    });
  });

  it('mode approve refuses a bot approver, an unsafe path and bad ids', () => {
    const base = { prNumber: 3, via: { kind: 'review' as const, reviewId: 9 }, approver: 'octo', planPath: 'p/a.md' };
    expect(() => approveDispatchInputs({ ...base, approver: 'ci[bot]' })).toThrow(/unexpected approver/);
    expect(() => approveDispatchInputs({ ...base, planPath: '../a.md' })).toThrow(/unsafe plan path/);
    expect(() => approveDispatchInputs({ ...base, via: { kind: 'review', reviewId: 1.5 } })).toThrow(/bad review id/);
    expect(() => approveDispatchInputs({ ...base, prNumber: -1 })).toThrow(/bad pull request number/);
  });
});

describe('workflowProblems for the planning modes', () => {
  const workflow = (inputs: string[], mode = '      mode: {}'): string =>
    [
      `run-name: "${REQUIRED_RUN_NAME}"`,
      'on:',
      '  workflow_dispatch:',
      '    inputs:',
      mode,
      ...inputs.filter((i) => i !== 'mode').map((i) => `      ${i}: {}`),
    ].join('\n');

  it('needs the whole contract whatever the mode: the planning values travel in the request', () => {
    expect(workflowProblems(workflow([...DISPATCH_INPUTS]), 'plan')).toEqual([]);
    expect(workflowProblems(workflow(DISPATCH_INPUTS.filter((i) => i !== 'goal')), 'plan')).toEqual([
      "its `workflow_dispatch` does not declare the input `goal` of okstra's dispatch contract (docs/action.md; `okstra init --force` writes the current workflow)",
    ]);
  });

  it("names a mode the workflow's mode choice does not offer", () => {
    const choice = "      mode:\n        type: choice\n        options: ['stage', 'chain']";
    expect(workflowProblems(workflow([...DISPATCH_INPUTS], choice), 'approve')).toEqual([
      'its `mode` input offers `stage`, `chain` but not `approve` (add `approve` to its `options`)',
    ]);
    expect(workflowProblems(workflow([...DISPATCH_INPUTS], choice), 'stage')).toEqual([]);
  });
});
