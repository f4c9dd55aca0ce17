import { describe, expect, it } from 'vitest';
import { eventFacts, githubRunId, runnerContext, triggerFor } from '../../src/action/context.js';
import { workflowRunOf } from '../../src/core/ids.js';
import { ClaimLog, parsePostState, STATE_NAME } from '../../src/action/claims.js';
import { claimsSaved } from '../../src/action/post-state.js';
import { phaseOf, PhaseLog, type ActionIo } from '../../src/action/io.js';
import { resumableStages } from '../../src/core/graph/index.js';
import { withInputOverrides } from '../../src/action/rules.js';
import {
  dropSecretInputs,
  providerEnv,
  Scrubber,
  ScrubbingLedgerStore,
  secretValues,
} from '../../src/action/secrets.js';
import { configFromText } from '../../src/engine/setup.js';
import { deriveLedgerState, LedgerRowSchema, type LedgerRow } from '../../src/core/ledger/index.js';
import { parsePlan } from '../../src/core/plan/index.js';
import type { AppendRequest, LedgerStore } from '../../src/git/ledger-store.js';
import { pullRequestLabeledPayload, twoStagePlan, workflowDispatchPayload } from './harness.js';

describe('runner context', () => {
  it('reads the pull request, the sender and the default branch from a real payload', () => {
    const facts = eventFacts('pull_request', pullRequestLabeledPayload(9, 'f'.repeat(40), 'okstra:run'));
    expect(facts).toMatchObject({
      name: 'pull_request',
      action: 'labeled',
      defaultBranch: 'main',
      pullRequest: { number: 9, headSha: 'f'.repeat(40), url: 'https://github.com/octo-org/octo-repo/pull/9' },
    });
  });

  it('knows a PR comment (issue with pull_request) from an issue comment', () => {
    expect(
      eventFacts('issue_comment', {
        issue: { number: 4, pull_request: { url: 'x' } },
        comment: { html_url: 'https://github.com/o/r/pull/4#c1' },
      }),
    ).toMatchObject({ pullRequest: { number: 4, headSha: null }, url: 'https://github.com/o/r/pull/4#c1' });
    expect(eventFacts('issue_comment', { issue: { number: 4 } }).pullRequest).toBeNull();
    expect(eventFacts('anything', 'not an object').pullRequest).toBeNull();
  });

  it('takes the trigger from the inputs first (the bot knows), then from the event; a schedule has no actor', () => {
    const ctx = runnerContext(
      {
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        GITHUB_ACTOR: 'runner-actor',
        GITHUB_RUN_ID: '77',
        GITHUB_RUN_ATTEMPT: '2',
        GITHUB_REPOSITORY: 'o/r',
      },
      workflowDispatchPayload({}),
      '/w',
    );
    expect(triggerFor({ trigger: null, actor: null }, ctx)).toEqual({
      kind: 'dispatch',
      actor: ctx.event.sender,
      url: null,
    });
    expect(triggerFor({ trigger: 'rerequest', actor: 'mona' }, ctx)).toEqual({
      kind: 'rerequest',
      actor: 'mona',
      url: null,
    });
    const schedule = runnerContext(
      { GITHUB_EVENT_NAME: 'schedule', GITHUB_ACTOR: 'x' },
      { schedule: '* * * * *' },
      '/w',
    );
    expect(triggerFor({ trigger: null, actor: null }, schedule)).toEqual({ kind: 'schedule', actor: null, url: null });
    expect(githubRunId(ctx, 3)).toBe('gh-77-2-s3');
    expect(workflowRunOf('gh-77-2-s3')).toBe(77);
    expect(workflowRunOf('local-20261129T100000-s3-abc')).toBeNull();
  });
});

describe('secrets', () => {
  it('scrubs raw and JSON-escaped values, longest first', () => {
    const s = new Scrubber(['abcd"efgh', 'abcdefgh']);
    expect(s.scrubAll('x abcd"efgh y abcdefgh z abcd\\"efgh')).toBe('x *** y *** z ***');
    expect(s.deep({ a: ['abcd"efgh'] })).toEqual({ a: ['***'] });
    expect(
      secretValues({
        githubToken: 'tok12345',
        apiKeys: { anthropic: 'key1234567', openai: null, gemini: 'ab', claudeOauth: 'sk-ant-oat01-subscription' },
      }),
    ).toEqual(['sk-ant-oat01-subscription', 'key1234567', 'tok12345']);
  });

  it('gives providers each key under its variable and nothing of the inputs; drops the secret inputs from the environment', () => {
    const env: Record<string, string | undefined> = {
      PATH: '/bin',
      'INPUT_GITHUB-TOKEN': 't',
      'INPUT_ANTHROPIC-API-KEY': 'k',
      INPUT_MODE: 'stage',
    };
    expect(providerEnv(env, { apiKeys: { anthropic: 'k', openai: null, gemini: 'g', claudeOauth: 'o' } })).toEqual({
      PATH: '/bin',
      ANTHROPIC_API_KEY: 'k',
      GEMINI_API_KEY: 'g',
      CLAUDE_CODE_OAUTH_TOKEN: 'o',
    });
    dropSecretInputs(env, ['github-token', 'anthropic-api-key']);
    expect(env).toEqual({ PATH: '/bin', INPUT_MODE: 'stage' });
  });

  it('scrubs every row and file the engine writes to the ledger', async () => {
    const seen: AppendRequest[] = [];
    const inner: LedgerStore = {
      read: async () => ({ commit: null, rows: [] }),
      readState: async () => ({ commit: null, state: deriveLedgerState([]), distrusted: [] }),
      readFile: async () => null,
      append: async (r) => (seen.push(r), { outcome: 'appended', commit: 'c', attempts: 1 }),
      tip: async () => null,
    };
    const store = new ScrubbingLedgerStore(inner, new Scrubber(['sk-leaked-key']));
    const row: LedgerRow = LedgerRowSchema.parse({
      v: 1,
      plan_id: 'p',
      stage: 1,
      status: 'failed',
      run_id: 'r',
      at: '2026-11-29T10:00:00.000Z',
      reason: 'error',
      detail: 'crashed with sk-leaked-key',
    });
    await store.append({ row, files: [{ path: 'a.json', content: '{"x": "sk-leaked-key"}' }] });
    expect(JSON.stringify(seen)).not.toContain('sk-leaked-key');
    expect(seen[0]?.files?.[0]?.content).toBe('{"x": "***"}');
  });
});

describe('input overrides on the config', () => {
  it('timeout-minutes caps every timeout; ledger-branch replaces the branch', () => {
    const config = configFromText(
      'timeouts: { executorMinutes: 90, verifierMinutes: 5 }\nqaCommands: [{ cmd: "npm test", timeoutMinutes: 40 }]\nproviders: { aider: { command: aider, timeoutMinutes: 50 } }\n',
      'c.yml',
    ).config;
    if (!config) throw new Error('config');
    const out = withInputOverrides(config, { timeoutMinutes: 30, ledgerBranch: 'ledger' });
    expect(out.timeouts).toEqual({ executorMinutes: 30, verifierMinutes: 5, qaMinutes: 15 });
    expect(out.qaCommands).toEqual([{ cmd: 'npm test', timeoutMinutes: 30 }]);
    expect(out.providers.aider?.timeoutMinutes).toBe(30);
    expect(out.ledgerBranch).toBe('ledger');
    expect(withInputOverrides(config, { timeoutMinutes: null, ledgerBranch: null })).toEqual(config);
  });
});

describe('continue: what a sweep may pick up', () => {
  const plan = parsePlan(twoStagePlan(), { path: 'p.md' }).plan;
  const row = (stage: number, status: string, extra: Record<string, unknown> = {}): LedgerRow =>
    LedgerRowSchema.parse({
      v: 1,
      plan_id: 'two-stage',
      stage,
      status,
      run_id: `r${stage}`,
      at: '2026-11-29T10:00:00.000Z',
      ...extra,
    });
  it('skips a stage that failed for a reason a person must look at, and everything behind it; resumes an abandoned one', () => {
    if (!plan) throw new Error('plan');
    expect(resumableStages(plan, deriveLedgerState([]))).toEqual([1, 2]);
    expect(
      resumableStages(
        plan,
        deriveLedgerState([
          row(1, 'started', { lease_until: '2026-11-29T11:00:00.000Z' }),
          row(1, 'failed', { reason: 'verdict-fail' }),
        ]),
      ),
    ).toEqual([]);
    expect(
      resumableStages(
        plan,
        deriveLedgerState([
          row(1, 'started', { lease_until: '2026-11-29T11:00:00.000Z' }),
          row(1, 'failed', { reason: 'abandoned' }),
        ]),
      ),
    ).toEqual([1, 2]);
  });
});

describe('log groups', () => {
  it('names the phase of each PROGRESS line', () => {
    expect(phaseOf('PROGRESS: phase-1-intake complete', null)).toBe('intake');
    expect(phaseOf('PROGRESS: phase-4-dispatch worker=A role=executor', 'roster')).toBe('execute');
    expect(phaseOf('PROGRESS: phase-5-collect worker=A status=done', 'execute')).toBe('execute');
    expect(phaseOf('PROGRESS: phase-5-qa label=x', 'execute')).toBe('verify');
    expect(phaseOf('PROGRESS: phase-4-dispatch worker=B role=verifier', 'verify')).toBe('verify');
    expect(phaseOf('PROGRESS: phase-5-collect worker=B status=done', 'verify')).toBe('verify');
    expect(phaseOf('PROGRESS: phase-5.5-convergence round=1', 'verify')).toBe('verify');
    expect(phaseOf('PROGRESS: phase-7-conformance verdict=PASS', 'synthesis')).toBe('conformance');
    expect(phaseOf('chain: stage 2 start', 'verify')).toBeNull();
  });

  it('opens one group per phase, titled with its first PROGRESS line, and scrubs every line', () => {
    const out: string[] = [];
    const io = {
      info: (l: string) => out.push(l),
      startGroup: (t: string) => out.push(`[${t}]`),
      endGroup: () => out.push('[end]'),
    } as unknown as ActionIo;
    const log = new PhaseLog(io, (t) => t.replace('secret', '***'));
    log.setStage(2);
    for (const l of [
      'PROGRESS: phase-1-intake complete',
      'note secret',
      'PROGRESS: phase-4-dispatch role=executor',
      'PROGRESS: phase-5-collect',
      'PROGRESS: phase-5-qa x',
    ])
      log.line(l);
    log.close();
    expect(out).toEqual([
      '[stage 2 · intake · PROGRESS: phase-1-intake complete]',
      'note ***',
      '[end]',
      '[stage 2 · execute · PROGRESS: phase-4-dispatch role=executor]',
      'PROGRESS: phase-5-collect',
      '[end]',
      '[stage 2 · verify · PROGRESS: phase-5-qa x]',
      '[end]',
    ]);
  });
});

describe('claims kept for the post step', () => {
  it('saves every claim under one state name, with its check run once known', () => {
    const saved: Array<[string, string]> = [];
    const log = new ClaimLog((n, v) => saved.push([n, v]), {
      repoDir: '/w',
      remote: 'origin',
      ledgerBranch: 'okstra-ledger',
    });
    log.add({ planId: 'p', stage: 1, runId: 'gh-1-1-s1', checkRunId: null });
    log.setCheck('p', 'gh-1-1-s1', 42);
    log.add({ planId: 'q', stage: 1, runId: 'gh-1-1-s1', checkRunId: null });
    const [name, last] = saved.at(-1) ?? [];
    expect(name).toBe(STATE_NAME);
    expect(parsePostState(last ?? '')).toEqual({
      repoDir: '/w',
      remote: 'origin',
      ledgerBranch: 'okstra-ledger',
      claims: [
        { planId: 'p', stage: 1, runId: 'gh-1-1-s1', checkRunId: 42 },
        { planId: 'q', stage: 1, runId: 'gh-1-1-s1', checkRunId: null },
      ],
    });
    expect(parsePostState('')).toBeNull();
    expect(parsePostState('{"nope": 1}')).toBeNull();
  });

  it('drops a claim once its run recorded a terminal row, and saves nothing when none is left open', () => {
    const saved: Array<[string, string]> = [];
    const log = new ClaimLog((n, v) => saved.push([n, v]), {
      repoDir: '/w',
      remote: 'origin',
      ledgerBranch: 'okstra-ledger',
    });
    log.add({ planId: 'p', stage: 1, runId: 'gh-1-1-s1', checkRunId: null });
    log.add({ planId: 'p', stage: 2, runId: 'gh-1-1-s2', checkRunId: 7 });
    log.settle('p', 'gh-1-1-s1');
    expect(parsePostState(saved.at(-1)?.[1] ?? '')?.claims).toEqual([
      { planId: 'p', stage: 2, runId: 'gh-1-1-s2', checkRunId: 7 },
    ]);
    // Another plan's run id, or one never added, changes nothing.
    const count = saved.length;
    log.settle('q', 'gh-1-1-s2');
    expect(saved.length).toBe(count);
    log.settle('p', 'gh-1-1-s2');
    expect(saved.at(-1)).toEqual([STATE_NAME, '']);
    expect(claimsSaved({ [`STATE_${STATE_NAME}`]: '' })).toBe(false);
    expect(claimsSaved({ [`STATE_${STATE_NAME}`]: saved[0]?.[1] })).toBe(true);
  });
});
