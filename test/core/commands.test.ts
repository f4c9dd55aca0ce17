import { describe, expect, it } from 'vitest';
import { flatInputs } from '../helpers/contract.js';
import {
  dispatchInputs,
  effectiveLevel,
  endingWithoutReport,
  extractCommandLines,
  isBotAccount,
  knownProviders,
  labelCommand,
  meetsLevel,
  parseCheckRunName,
  parseCommandLine,
  parseCommands,
  parseRunTitle,
  selectStages,
  usageText,
  workflowProblems,
  MAX_COMMANDS_PER_COMMENT,
  REQUIRED_RUN_NAME,
  DISPATCH_INPUTS,
  type DispatchRequest,
} from '../../src/core/commands/index.js';
import { checkRunName } from '../../src/core/commands/index.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';

const ctx = { providers: knownProviders(['aider']) };
const texts = (body: string): string[] => extractCommandLines(body).map((l) => l.text);
const ok = (line: string) => {
  const r = parseCommandLine(line, ctx);
  if (!r.ok) throw new Error(`expected ${line} to parse: ${r.error}`);
  return r.command;
};
const err = (line: string): string => {
  const r = parseCommandLine(line, ctx);
  if (r.ok) throw new Error(`expected ${line} to be refused`);
  return r.error;
};

describe('extractCommandLines', () => {
  it('finds lines that start with /okstra, in order, with their line numbers', () => {
    expect(extractCommandLines('Looks good.\n\n/okstra stage 2\n/okstra status\n')).toEqual([
      { line: 3, text: '/okstra stage 2' },
      { line: 4, text: '/okstra status' },
    ]);
  });

  it('ignores /okstra anywhere but the start of a line, and words that only begin with it', () => {
    expect(texts('please run /okstra stage 2\n/okstrafoo run\n/okstra-run')).toEqual([]);
  });

  it('ignores fenced code (backticks and tildes), indented code and inline code', () => {
    const body = [
      '```',
      '/okstra stage 1',
      '```',
      '~~~md',
      '/okstra stage 2',
      '~~~',
      '',
      '    /okstra stage 3',
      '',
      '`x',
      '/okstra stage 4`',
      '',
      '/okstra stage 5',
    ].join('\n');
    expect(texts(body)).toEqual(['/okstra stage 5']);
  });

  it('ignores block quotes, including a quote reply whose next line continues the quote', () => {
    expect(texts('> /okstra stage 1\n\n> earlier comment\n/okstra stage 2\n\n/okstra stage 3')).toEqual([
      '/okstra stage 3',
    ]);
  });

  it('ignores HTML comments, one-line and multi-line, block and inline', () => {
    const body =
      '<!-- /okstra stage 1 -->\n\n<!--\n/okstra stage 2\n-->\n\nnote <!--\n/okstra stage 3\n-->\n\n/okstra stage 4';
    expect(texts(body)).toEqual(['/okstra stage 4']);
  });

  it('ignores list items, headings and HTML blocks', () => {
    expect(
      texts('- /okstra stage 1\n\n# /okstra stage 2\n\n<details>\n/okstra stage 3\n</details>\n\n/okstra help'),
    ).toEqual(['/okstra help']);
  });

  it('reads CRLF comments and trims the line', () => {
    expect(texts('hi\r\n\r\n  /okstra run  \r\n')).toEqual(['/okstra run']);
  });
});

describe('parseCommandLine', () => {
  it('reads every verb', () => {
    expect(ok('/okstra run')).toEqual({
      verb: 'run',
      options: { plan: null, executor: null, verifiers: null, models: {} },
    });
    expect(ok('/okstra stage 2')).toMatchObject({ verb: 'stage', stage: 2 });
    expect(ok('/okstra retry 3')).toMatchObject({ verb: 'retry', stage: 3 });
    expect(ok('/okstra status --plan rate-limits')).toEqual({ verb: 'status', plan: 'rate-limits' });
    expect(ok('/okstra cancel')).toEqual({ verb: 'cancel', plan: null });
    expect(ok('/okstra help')).toEqual({ verb: 'help' });
    expect(ok('/okstra reconcile 2')).toEqual({
      verb: 'reconcile',
      stage: 2,
      reset: false,
      options: { plan: null, executor: null, verifiers: null, models: {} },
    });
  });

  it('reads reconcile: --reset is a flag that swallows no word, run options only without it', () => {
    expect(ok('/okstra reconcile 2 --reset')).toMatchObject({ verb: 'reconcile', stage: 2, reset: true });
    expect(ok('/okstra reconcile --reset 2 --plan p1')).toMatchObject({
      verb: 'reconcile',
      stage: 2,
      reset: true,
      options: { plan: 'p1' },
    });
    expect(ok('/okstra RECONCILE 3 --RESET')).toMatchObject({ verb: 'reconcile', stage: 3, reset: true });
    expect(ok('/okstra reconcile 2 --executor codex --verifiers claude')).toMatchObject({
      reset: false,
      options: { executor: 'codex', verifiers: ['claude'] },
    });
    expect(err('/okstra reconcile')).toBe('`reconcile` needs a stage number, e.g. `/okstra reconcile 2`');
    expect(err('/okstra reconcile two')).toContain('is not a stage number');
    expect(err('/okstra reconcile 2 3')).toBe('unexpected `3` after `reconcile`');
    expect(err('/okstra reconcile 2 --reset=true')).toBe('`--reset` takes no value (write `--reset` alone)');
    expect(err('/okstra reconcile 2 --reset --reset')).toBe('`--reset` is given twice');
    expect(err('/okstra reconcile 2 --reset --executor codex --model claude=x')).toBe(
      '`--reset` puts the branch back at the recorded head without a run, so `--executor`, `--model` cannot go with it; leave out `--reset` to re-verify the branch as it is',
    );
    // Only reconcile has the flag.
    expect(err('/okstra stage 2 --reset')).toBe(
      '`--reset` is not an option of `stage` (options: --plan, --executor, --verifiers, --model)',
    );
    expect(err('/okstra reconcile 2 --reset;id')).toContain('contains characters okstra does not accept');
  });

  it('reads options as the next word or after =, in any order', () => {
    expect(
      ok(
        '/okstra stage 2 --executor codex --verifiers=claude,gemini --model claude=claude-sonnet-4-5 --model=codex=gpt-5.5 --plan p1',
      ),
    ).toEqual({
      verb: 'stage',
      stage: 2,
      options: {
        plan: 'p1',
        executor: 'codex',
        verifiers: ['claude', 'gemini'],
        models: { claude: 'claude-sonnet-4-5', codex: 'gpt-5.5' },
      },
    });
    expect(ok('/okstra run --executor aider')).toMatchObject({ options: { executor: 'aider' } });
  });

  it('answers unknown verbs, missing and extra arguments, unknown and repeated options', () => {
    expect(err('/okstra deploy')).toBe('unknown command `deploy`');
    expect(err('/okstra')).toBe('no command given');
    expect(err('/okstra stage')).toContain('`stage` needs a stage number');
    expect(err('/okstra stage 2 3')).toBe('unexpected `3` after `stage`');
    expect(err('/okstra status --executor codex')).toBe('`--executor` is not an option of `status` (options: --plan)');
    expect(err('/okstra help --plan x')).toContain('it takes none');
    expect(err('/okstra run --plan')).toBe('`--plan` needs a value');
    expect(err('/okstra run --plan --executor codex')).toBe('`--plan` needs a value');
    expect(err('/okstra run --plan a --plan b')).toBe('`--plan` is given twice');
    expect(err('/okstra run --model claude=a --model claude=b')).toBe('`--model` names claude twice');
  });

  it('validates every value', () => {
    expect(err('/okstra stage 0')).toContain('is not a stage number');
    expect(err('/okstra stage two')).toContain('is not a stage number');
    expect(err('/okstra stage 99999')).toContain('is not a stage number');
    expect(err('/okstra run --plan Add-Login')).toContain('is not a plan id');
    expect(err('/okstra run --plan a..b')).toContain('".."');
    expect(err('/okstra run --executor gpt')).toBe(
      '`gpt` is not a provider here; use one of claude, codex, gemini, copilot, aider',
    );
    expect(err('/okstra run --executor command:rm')).toContain('is not a provider here');
    expect(err('/okstra run --verifiers claude,,gemini')).toContain('comma-separated');
    expect(err('/okstra run --verifiers claude,claude')).toContain('names claude twice');
    expect(err('/okstra run --model claude')).toContain('provider=model');
    expect(err('/okstra run --model claude=-x')).toContain('is not a model name');
  });

  it('refuses shell metacharacters before looking at meaning', () => {
    for (const line of [
      '/okstra stage 2;rm',
      '/okstra run --plan $(id)',
      '/okstra run --executor `whoami`',
      '/okstra run --model claude=a|b',
      "/okstra run --plan 'x'",
      '/okstra stage 2&&x',
      '/okstra run --plan x>y',
    ]) {
      expect(err(line)).toContain('contains characters okstra does not accept');
    }
    expect(err('/okstra stage 2;rm')).toBe(
      '`2;rm` contains characters okstra does not accept (`;`); arguments are plain values: letters, digits and . _ , = : / @ + -',
    );
  });

  it('accepts upper-case verbs and option names', () => {
    expect(ok('/okstra STAGE 2 --PLAN p')).toMatchObject({ verb: 'stage', stage: 2, options: { plan: 'p' } });
  });
});

describe('parseCommands', () => {
  it('keeps order and answers the lines past the limit instead of running them', () => {
    const lines = Array.from({ length: MAX_COMMANDS_PER_COMMENT + 2 }, (_, i) => ({
      line: i + 1,
      text: `/okstra stage ${i + 1}`,
    }));
    const parsed = parseCommands(lines, ctx);
    expect(parsed.filter((p) => p.ok)).toHaveLength(MAX_COMMANDS_PER_COMMENT);
    expect(parsed.at(-1)).toMatchObject({ ok: false, line: MAX_COMMANDS_PER_COMMENT + 2 });
    expect(parsed[0]).toMatchObject({ ok: true, command: { stage: 1 } });
  });
});

describe('labels, check names, permissions, bots', () => {
  it('reads okstra labels and answers malformed ones', () => {
    expect(labelCommand('okstra:run')).toMatchObject({ ok: true, command: { verb: 'run' } });
    expect(labelCommand('okstra:stage-3')).toMatchObject({ ok: true, command: { verb: 'stage', stage: 3 } });
    expect(labelCommand('okstra:stage-x')).toMatchObject({ ok: false });
    expect(labelCommand('okstra:deploy')).toMatchObject({ ok: false });
    expect(labelCommand('bug')).toBeNull();
  });

  it('reads back the plan and stage from an okstra check name, and nothing else', () => {
    expect(parseCheckRunName(checkRunName('rate-limits', 12))).toEqual({ planId: 'rate-limits', stage: 12 });
    expect(parseCheckRunName('okstra: Bad Id · stage 1')).toBeNull();
    expect(parseCheckRunName('okstra: p · stage 0')).toBeNull();
    expect(parseCheckRunName('build')).toBeNull();
  });

  it('ranks roles, using role_name for built-in roles and the classic permission for custom ones', () => {
    expect(effectiveLevel({ permission: 'write', role_name: 'maintain' })).toBe('maintain');
    expect(effectiveLevel({ permission: 'read', role_name: 'triage' })).toBe('triage');
    expect(effectiveLevel({ permission: 'write', role_name: 'release-manager' })).toBe('write');
    expect(effectiveLevel({ permission: 'none' })).toBeNull();
    expect(meetsLevel('write', 'write')).toBe(true);
    expect(meetsLevel('triage', 'write')).toBe(false);
    expect(meetsLevel('admin', 'maintain')).toBe(true);
    expect(meetsLevel(null, 'triage')).toBe(false);
  });

  it('tells bot accounts by type or [bot] login', () => {
    expect(isBotAccount({ login: 'dependabot[bot]', type: 'Bot' })).toBe(true);
    expect(isBotAccount({ login: 'renovate[bot]' })).toBe(true);
    expect(isBotAccount({ login: 'octocat', type: 'User' })).toBe(false);
  });
});

describe('the dispatch contract', () => {
  const base: DispatchRequest = {
    mode: 'stage',
    planPath: '.okstra/plans/rate-limits.md',
    planRef: null,
    stages: [2],
    prNumber: 7,
    executor: null,
    verifiers: null,
    models: {},
    checkRunIds: new Map([[2, 123]]),
    trigger: 'comment',
    actor: 'octocat',
  };

  it('builds the inputs for a stage: what a person could set by name, the rest in the versioned request', () => {
    expect(dispatchInputs(base)).toEqual({
      mode: 'stage',
      plan: '.okstra/plans/rate-limits.md',
      stage: '2',
      request: '{"v":1,"pr-number":7,"check-run-id":123,"trigger":"comment","actor":"octocat"}',
    });
    expect(Object.keys(dispatchInputs(base)).every((k) => (DISPATCH_INPUTS as readonly string[]).includes(k))).toBe(
      true,
    );
  });

  it('builds the inputs for a chain with a check per stage', () => {
    const inputs = dispatchInputs({
      ...base,
      mode: 'chain',
      stages: [2, 3],
      checkRunIds: new Map([
        [2, 123],
        [3, 124],
      ]),
      executor: 'codex',
      verifiers: ['claude', 'gemini'],
      models: { claude: 'opus' },
      trigger: 'label',
    });
    expect(inputs.request).toBe(
      '{"v":1,"pr-number":7,"check-run-id":{"2":123,"3":124},"trigger":"label","actor":"octocat"}',
    );
    expect(flatInputs(inputs)).toEqual({
      mode: 'chain',
      plan: '.okstra/plans/rate-limits.md',
      stages: '2,3',
      'pr-number': '7',
      executor: 'codex',
      verifiers: 'claude,gemini',
      models: 'claude=opus',
      'check-run-id': '{"2":123,"3":124}',
      trigger: 'label',
      actor: 'octocat',
    });
  });

  it("names the commit to read a pull request's plan from as plan-ref", () => {
    const sha = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
    expect(flatInputs(dispatchInputs({ ...base, planRef: sha }))).toEqual({
      mode: 'stage',
      plan: '.okstra/plans/rate-limits.md',
      'plan-ref': sha,
      stage: '2',
      'pr-number': '7',
      'check-run-id': '123',
      trigger: 'comment',
      actor: 'octocat',
    });
  });

  it('builds the inputs for a reconcile: one stage and one check, reset sent only when set', () => {
    expect(flatInputs(dispatchInputs({ ...base, mode: 'reconcile' }))).toEqual({
      mode: 'reconcile',
      plan: '.okstra/plans/rate-limits.md',
      stage: '2',
      'pr-number': '7',
      'check-run-id': '123',
      trigger: 'comment',
      actor: 'octocat',
    });
    expect(flatInputs(dispatchInputs({ ...base, mode: 'reconcile', reset: false }))).not.toHaveProperty('reset');
    expect(flatInputs(dispatchInputs({ ...base, mode: 'reconcile', reset: true }))).toMatchObject({
      mode: 'reconcile',
      stage: '2',
      reset: 'true',
    });
    expect(() =>
      dispatchInputs({
        ...base,
        mode: 'reconcile',
        stages: [2, 3],
        checkRunIds: new Map([
          [2, 1],
          [3, 2],
        ]),
      }),
    ).toThrow(/mode reconcile runs exactly one stage/);
    expect(() => dispatchInputs({ ...base, mode: 'stage', reset: true })).toThrow(
      /reset is for mode reconcile, not stage/,
    );
  });

  it('refuses anything that slipped past validation', () => {
    expect(() => dispatchInputs({ ...base, planPath: '.okstra/plans/$(id).md' })).toThrow(/unsafe plan path/);
    expect(() => dispatchInputs({ ...base, planPath: '../x.md' })).toThrow(/unsafe plan path/);
    expect(() => dispatchInputs({ ...base, actor: 'a b' })).toThrow(/unexpected actor/);
    expect(() => dispatchInputs({ ...base, executor: 'command:rm -rf /' })).toThrow(/bad executor/);
    expect(() => dispatchInputs({ ...base, models: { claude: 'x;y' } })).toThrow(/bad model/);
    expect(() => dispatchInputs({ ...base, checkRunIds: new Map() })).toThrow(/no check run for stage 2/);
    expect(() => dispatchInputs({ ...base, stages: [2, 3] })).toThrow(/exactly one stage/);
    expect(() => dispatchInputs({ ...base, planRef: 'feature; rm -rf /' })).toThrow(/bad plan commit/);
    expect(() => dispatchInputs({ ...base, planRef: 'main' })).toThrow(/bad plan commit/);
  });

  const workflow = (runName: string | null, inputs: readonly string[] = DISPATCH_INPUTS): string =>
    [
      `name: okstra`,
      ...(runName === null ? [] : [`run-name: "${runName}"`]),
      'on:',
      '  workflow_dispatch:',
      '    inputs:',
      ...inputs.flatMap((i) => [`      ${i}:`, '        required: false']),
      'jobs: {}',
    ].join('\n');

  it('accepts a workflow with the contract and the run-name, and names what a workflow lacks', () => {
    expect(DISPATCH_INPUTS.length).toBeLessThanOrEqual(10);
    expect(workflowProblems(workflow(REQUIRED_RUN_NAME))).toEqual([]);
    expect(workflowProblems(workflow('okstra ${{inputs.request}}'))).toEqual([]);
    expect(workflowProblems(workflow(null))).toEqual([expect.stringContaining('`run-name` must carry the request')]);
    // The workflow of an okstra before the contract: every launch is refused, naming the update.
    const before = ['mode', 'plan', 'plan-ref', 'stage', 'stages', 'pr-number', 'check-run-id', 'trigger', 'actor'];
    expect(
      workflowProblems(
        workflow('okstra ${{ inputs.plan }} · pr ${{ inputs.pr-number }} · checks ${{ inputs.check-run-id }}', before),
      ),
    ).toEqual([
      expect.stringContaining(
        'does not declare the inputs `executor`, `verifiers`, `models`, `issue`, `goal`, `request`',
      ),
      expect.stringContaining('`run-name` must carry the request'),
    ]);
    expect(workflowProblems('on: push\njobs: {}')[0]).toBe('it has no `workflow_dispatch` trigger');
    expect(workflowProblems('on: [push, workflow_dispatch]\n')).toHaveLength(2);
    expect(workflowProblems('a: [')[0]).toMatch(/not valid YAML/);
  });

  it('reads the pull request and check runs back from a run title', () => {
    const title = (inputs: Record<string, string>): string => `okstra ${inputs.plan ?? ''} · ${inputs.request ?? ''}`;
    expect(parseRunTitle(title(dispatchInputs(base)))).toEqual({ prNumber: 7, checkRunIds: [123] });
    const chain = dispatchInputs({
      ...base,
      planPath: '.okstra/plans/pr-9.md',
      mode: 'chain',
      stages: [2, 3],
      checkRunIds: new Map([
        [2, 123],
        [3, 124],
      ]),
    });
    expect(parseRunTitle(title(chain))).toEqual({ prNumber: 7, checkRunIds: [123, 124] });
    // A run nobody queued a check for (the schedule, by hand): none.
    expect(parseRunTitle('okstra  · ')).toBeNull();
    expect(parseRunTitle('okstra .okstra/plans/p.md · {"v":1,"trigger":"dispatch","actor":"octocat"}')).toBeNull();
    expect(parseRunTitle('okstra')).toBeNull();
    expect(parseRunTitle('okstra x · {"v":1,"pr-number":7,"check-run-id":{"a":1}}')).toBeNull();
    expect(parseRunTitle('okstra x · {"v":1,"pr-number":7,"check-run-id":-1}')).toBeNull();
    expect(parseRunTitle('okstra x · {"v":2,"pr-number":7,"check-run-id":1}')).toBeNull();
    // Titles of runs an okstra before the request started, still in flight after an upgrade.
    expect(parseRunTitle('okstra .okstra/plans/p.md · pr 7 · checks 123')).toEqual({ prNumber: 7, checkRunIds: [123] });
    expect(parseRunTitle('okstra p.md · pr 7 · checks {"2":123,"3":124}')).toEqual({
      prNumber: 7,
      checkRunIds: [123, 124],
    });
    expect(parseRunTitle('okstra x · pr 7 · checks {"a":1}')).toBeNull();
  });
});

describe('endingWithoutReport', () => {
  const facts = { stage: 2, logsUrl: 'https://github.com/o/r/actions/runs/5', row: null, failedStage: null };
  const started = {
    v: 1 as const,
    plan_id: 'p',
    stage: 2,
    status: 'started' as const,
    run_id: 'gh-5-1-s2',
    at: '2026-01-01T00:00:00Z',
    lease_until: '2026-01-01T03:00:00Z',
  };

  it('fails the check of a crashed run, with a link to the logs', () => {
    const e = endingWithoutReport({ ...facts, workflowConclusion: 'failure' });
    expect(e.conclusion).toBe('failure');
    expect(e.summary).toContain('(https://github.com/o/r/actions/runs/5)');
    expect(endingWithoutReport({ ...facts, workflowConclusion: 'failure', row: started }).summary).toContain(
      'claimed stage 2 (run `gh-5-1-s2`)',
    );
  });

  it('cancels, skips or neutralises when that is what happened', () => {
    expect(endingWithoutReport({ ...facts, workflowConclusion: 'cancelled' }).conclusion).toBe('cancelled');
    expect(endingWithoutReport({ ...facts, workflowConclusion: 'failure', failedStage: 1 }).conclusion).toBe('skipped');
    expect(endingWithoutReport({ ...facts, workflowConclusion: 'success' }).conclusion).toBe('neutral');
    expect(endingWithoutReport({ ...facts, workflowConclusion: 'success', row: started }).conclusion).toBe('failure');
  });

  it('uses a failed row without a report', () => {
    const row = {
      v: 1 as const,
      plan_id: 'p',
      stage: 2,
      status: 'failed' as const,
      run_id: 'gh-5-1-s2',
      at: '2026-01-01T00:00:00Z',
      reason: 'error' as const,
      detail: 'git push rejected',
    };
    expect(endingWithoutReport({ ...facts, workflowConclusion: 'failure', row })).toMatchObject({
      conclusion: 'failure',
      title: 'Failed (error) without a report',
    });
  });
});

describe('usageText', () => {
  it('lists every verb, the options and the providers', () => {
    const text = usageText(ctx.providers);
    for (const verb of ['run', 'stage N', 'retry N', 'reconcile N', 'status', 'cancel', 'help'])
      expect(text).toContain(`/okstra ${verb}`);
    expect(text).toContain('`--reset`');
    expect(text).toContain('`--model PROVIDER=MODEL`');
    expect(text).toContain('`aider`');
  });
});

describe('selectStages', () => {
  const plan = {
    id: 'p',
    stages: [1, 2, 3].map((n) => ({ number: n, title: `S${n}`, dependsOn: n === 1 ? [] : [n - 1] })),
  } as unknown as Parameters<typeof selectStages>[0];
  const now = new Date('2026-03-01T12:00:00Z');
  const row = (stage: number, status: 'done' | 'failed' | 'started', extra: Record<string, unknown> = {}): LedgerRow =>
    ({
      v: 1,
      plan_id: 'p',
      stage,
      status,
      run_id: `r${stage}`,
      at: '2026-03-01T10:00:00Z',
      ...(status === 'done'
        ? { head_commit: 'b'.repeat(40), completed_at: '2026-03-01T10:00:00Z', carry_path: 'c', report_path: 'r' }
        : {}),
      ...(status === 'failed' ? { reason: 'verdict-fail' } : {}),
      ...(status === 'started' ? { lease_until: '2026-03-01T15:00:00Z' } : {}),
      ...extra,
    }) as LedgerRow;
  const state = (...rows: LedgerRow[]) => deriveLedgerState(rows);

  it('runs every stage that can start now, each on its own (its dependents follow as it ends done)', () => {
    expect(selectStages(plan, state(row(1, 'done')), { kind: 'run' }, now)).toEqual({
      ok: true,
      mode: 'stage',
      stages: [2],
    });
    const wide = {
      id: 'w',
      stages: [1, 2, 3, 4].map((n) => ({
        number: n,
        title: `S${n}`,
        dependsOn: n === 1 ? [] : n === 4 ? [2, 3] : [1],
      })),
    } as unknown as Parameters<typeof selectStages>[0];
    expect(selectStages(wide, state(row(1, 'done')), { kind: 'run' }, now)).toEqual({
      ok: true,
      mode: 'stage',
      stages: [2, 3],
    });
    expect(
      selectStages(plan, state(row(1, 'done'), row(2, 'done'), row(3, 'done')), { kind: 'run' }, now),
    ).toMatchObject({ ok: false, reason: 'every stage of plan `p` is done.' });
    expect(selectStages(plan, state(row(1, 'started')), { kind: 'run' }, now)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('stage 1 (run `r1`'),
    });
  });

  it('refuses `/okstra run` while a stage stands failed, naming the fix', () => {
    expect(selectStages(plan, state(row(1, 'done'), row(2, 'failed')), { kind: 'run' }, now)).toEqual({
      ok: false,
      reason:
        'plan `p`: dispatch paused: stage 2 failed, so no new stage of this plan starts until its fix run passes; held back: stage 2; `/okstra retry 2` starts the fix run.',
    });
  });

  it('continues with the offered stages that are still ready, and with none while the plan is paused', () => {
    expect(selectStages(plan, state(row(1, 'done')), { kind: 'continue', stages: [2] }, now)).toEqual({
      ok: true,
      mode: 'stage',
      stages: [2],
    });
    expect(
      selectStages(plan, state(row(1, 'done'), row(2, 'started')), { kind: 'continue', stages: [2] }, now),
    ).toMatchObject({ ok: false, reason: 'stage 2 of plan `p` is no longer ready (started or done meanwhile).' });
    expect(
      selectStages(plan, state(row(1, 'done'), row(2, 'failed')), { kind: 'continue', stages: [3] }, now),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('dispatch paused: stage 2 failed') });
  });

  it('runs a ready stage, refuses missing, done, claimed and blocked ones', () => {
    expect(selectStages(plan, state(row(1, 'done')), { kind: 'stage', stage: 2 }, now)).toEqual({
      ok: true,
      mode: 'stage',
      stages: [2],
    });
    expect(selectStages(plan, state(), { kind: 'stage', stage: 4 }, now)).toMatchObject({
      ok: false,
      reason: 'stage 4 is not in plan `p` (its stages: 1, 2, 3).',
    });
    expect(selectStages(plan, state(row(1, 'done')), { kind: 'stage', stage: 1 }, now)).toMatchObject({ ok: false });
    expect(selectStages(plan, state(row(1, 'started')), { kind: 'stage', stage: 1 }, now)).toMatchObject({ ok: false });
    expect(selectStages(plan, state(), { kind: 'stage', stage: 3 }, now)).toMatchObject({
      ok: false,
      reason: 'stage 3 of plan `p` waits for stage 2, not done yet.',
    });
  });

  it('lets a stale claim through for the Action to judge', () => {
    expect(
      selectStages(
        plan,
        state(row(1, 'started', { lease_until: '2026-03-01T11:00:00Z' })),
        { kind: 'stage', stage: 1 },
        now,
      ),
    ).toMatchObject({ ok: true });
  });

  it('reconciles only a done stage, answered from the ledger', () => {
    expect(selectStages(plan, state(row(1, 'done')), { kind: 'reconcile', stage: 1, reset: false }, now)).toEqual({
      ok: true,
      mode: 'reconcile',
      stages: [1],
    });
    expect(selectStages(plan, state(row(1, 'done')), { kind: 'reconcile', stage: 1, reset: true }, now)).toEqual({
      ok: true,
      mode: 'reconcile',
      stages: [1],
    });
    for (const s of [state(), state(row(1, 'failed')), state(row(1, 'done'))]) {
      const stage = s.stages.get(1)?.last.status === 'done' ? 2 : 1;
      expect(selectStages(plan, s, { kind: 'reconcile', stage, reset: false }, now)).toEqual({
        ok: false,
        reason: `stage ${stage} is not done; nothing to reconcile (reconcile is for a done stage whose branch moved; \`/okstra stage ${stage}\` runs it).`,
      });
    }
    expect(
      selectStages(plan, state(row(1, 'started')), { kind: 'reconcile', stage: 1, reset: false }, now),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('is in progress (run `r1`') });
    expect(selectStages(plan, state(), { kind: 'reconcile', stage: 9, reset: true }, now)).toMatchObject({
      ok: false,
      reason: 'stage 9 is not in plan `p` (its stages: 1, 2, 3).',
    });
  });

  it('retries only a failed stage', () => {
    expect(selectStages(plan, state(row(1, 'failed')), { kind: 'retry', stage: 1 }, now)).toEqual({
      ok: true,
      mode: 'stage',
      stages: [1],
    });
    expect(selectStages(plan, state(), { kind: 'retry', stage: 1 }, now)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('has not failed'),
    });
  });
});
