/**
 * Outages are not failures, and another vendor takes over: stand-in agents
 * (scripted-agent.mjs, `modelCalls`) call a scripted model API through the
 * run's gateway, and the API answers 429 "quota exhausted" — twice with a
 * short Retry-After the gateway waits out, then with one past its retry
 * budget, which it passes through. Real repositories, real processes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../contract/model-server/server.js';
import { stageExitCode } from '../../src/cli/exit-codes.js';
import { EXIT_INFRA } from '../../src/cli/io.js';
import { renderCheckRun } from '../../src/core/report/check-run.js';
import { renderMarkdown } from '../../src/core/report/index.js';
import { planDispatch, resumableStages, stagesMadeReady } from '../../src/core/graph/index.js';
import { deriveLedgerState } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import {
  completed,
  engineFor,
  executorOnly,
  ledgerRows,
  makeProject,
  WRITES_STAGE_FILE,
  type AgentScript,
} from './helpers.js';

let api: ModelServer;
let answered = 0;
beforeAll(async () => {
  // Quota exhausted: the first two answers say "try again shortly" (the gateway retries), the third "tomorrow".
  api = await startModelServer(() => ({
    kind: 'http-error',
    status: 429,
    message: 'quota exhausted',
    headers: { 'retry-after': answered++ < 2 ? '0.05' : '86400' },
  }));
});
afterAll(async () => api.close());
beforeEach(() => {
  answered = 0;
});

const KEY = 'fake-anthropic-key-outage-4b2e';
const env = { ...process.env, ANTHROPIC_API_KEY: KEY };
/** The stand-in's model call goes to the exhausted API through the gateway, as a CLI's would. */
const throughApi = { apiKeyEnv: 'ANTHROPIC_API_KEY', baseUrl: '' };
const callsApi: AgentScript = executorOnly({ ...WRITES_STAGE_FILE, modelCalls: 1 });

/** `outOfQuota`: the providers whose model calls go to the exhausted API. */
async function project(agents: Record<string, AgentScript>, config: Record<string, unknown>, outOfQuota = ['builder']) {
  const providers = Object.fromEntries(outOfQuota.map((name) => [name, { ...throughApi, baseUrl: api.url }]));
  return makeProject({ plan: 'linear.md', agents, config: { ...config, providers } });
}

describe('a provider that cannot work', () => {
  it('ends the stage unavailable: neutral check with the provider error, ledger row unavailable, exit 3, retryable', async () => {
    const p = await project({ builder: callsApi, reviewer: { verifierResult: 'PASS' } }, { verifiers: ['reviewer'] });
    const engine = await engineFor(p, { env });
    const { report } = completed(await engine.run(1));

    expect(report.verdict).toEqual({
      value: 'FAIL',
      runStatus: 'unavailable',
      reasons: ['Builder worker could not work: its API answered HTTP 429: quota exhausted'],
    });
    expect(report.executor).toMatchObject({
      status: 'error',
      upstreamError: { status: 429, message: 'quota exhausted' },
      unavailable: 'its API answered HTTP 429: quota exhausted',
    });
    // After the gateway's retries: two waited out, the third answer passed through to the agent.
    expect(report.usage.requests?.map((r) => [r.worker, r.status, r.retries])).toEqual([['Builder worker', 429, 2]]);
    expect(report.verifiers).toEqual([]);

    const rows = await ledgerRows(p);
    expect(rows.at(-1)).toMatchObject({ status: 'failed', reason: 'unavailable' });
    expect(report.ledgerRow).toMatchObject({ status: 'failed', reason: 'unavailable' });

    const check = renderCheckRun(report);
    expect(check.conclusion).toBe('neutral');
    expect(check.title).toBe(
      'Provider unavailable — Builder worker could not work: its API answered HTTP 429: quota exhausted',
    );
    expect(stageExitCode(report)).toBe(EXIT_INFRA);

    // Retryable: nothing of the plan pauses, the sweep may resume it, and its own row does not re-dispatch it at once.
    const state = deriveLedgerState(rows);
    const plan = engine.prepared.plan;
    expect(planDispatch(plan, state, new Date())).toMatchObject({ kind: 'dispatch', stages: [1] });
    expect(resumableStages(plan, state)).toContain(1);
    expect(stagesMadeReady(plan, rows, rows.length - 1, new Date())).toEqual([]);

    // When the provider works again, a later run does the stage, from its base.
    p.script('builder', executorOnly(WRITES_STAGE_FILE));
    const again = completed(await engine.run(1));
    expect(again.report.verdict.value).toBe('PASS');
    expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'done' });
  });

  it('okstra run exits 3 and says the provider was unavailable', async () => {
    const p = await project({ builder: callsApi, reviewer: { verifierResult: 'PASS' } }, { verifiers: ['reviewer'] });
    const res = await runCli(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], {
      cwd: p.dir,
      env: { ANTHROPIC_API_KEY: KEY },
    });
    expect(res.exitCode, res.stderr).toBe(EXIT_INFRA);
    expect(res.stdout).toMatch(/stage 1 FAIL \(unavailable\)/);
    expect(res.stdout).toContain('Builder worker could not work: its API answered HTTP 429: quota exhausted');
  });
});

describe('fallback: another vendor takes over', () => {
  it('with `fallback.executor` the stage is done by the fallback vendor, and the report, check and summary name both', async () => {
    const p = await project(
      { builder: callsApi, reviewer: { verifierResult: 'PASS' }, backup: executorOnly(WRITES_STAGE_FILE) },
      { verifiers: ['reviewer'], fallback: { executor: ['backup'] } },
    );
    const outcome = completed(await (await engineFor(p, { env })).run(1));
    const { report } = outcome;
    expect(report.verdict.value).toBe('PASS');
    expect(report.executor.worker).toBe('Backup worker');
    expect(report.roster.find((r) => r.function === 'executor')).toMatchObject({
      name: 'Backup worker',
      standsInFor: 'Builder worker',
    });
    expect(report.fallbacks).toEqual([
      {
        function: 'executor',
        worker: 'Builder worker',
        provider: 'command',
        reason: 'its API answered HTTP 429: quota exhausted',
        replacedBy: 'Backup worker',
      },
    ]);
    // The unavailable worker's requests are still spend.
    expect(report.usage.requests?.map((r) => r.worker)).toEqual(['Builder worker']);
    expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'done' });
    const line =
      'Builder worker (executor) could not work: its API answered HTTP 429: quota exhausted; Backup worker took over';
    expect(outcome.markdown).toContain(line);
    expect(renderMarkdown(report).markdown).toContain(line);
    const check = renderCheckRun(report);
    expect(check.conclusion).toBe('success');
    expect(check.summary).toContain(line);
  });

  it('a fallback never makes the executor verify itself; a verifier whose vendor is out is replaced', async () => {
    const p = await project(
      {
        builder: callsApi,
        reviewer: { verifierResult: 'PASS' },
        backup: executorOnly(WRITES_STAGE_FILE),
        spare: { verifierResult: 'PASS' },
      },
      // backup executes when builder is out; it is a verifier and the first verifier fallback too, and must do neither.
      {
        verifiers: ['builder', 'reviewer', 'backup'],
        fallback: { executor: ['backup'], verifiers: ['backup', 'spare'] },
      },
    );
    const { report } = completed(await (await engineFor(p, { env })).run(1));
    expect(report.verdict.value).toBe('PASS');
    expect(report.executor.worker).toBe('Backup worker');
    expect(report.verifiers.map((v) => v.worker)).toEqual(['Spare worker', 'Reviewer worker']);
    expect(report.roster.map((r) => [r.name, r.function, r.standsInFor ?? null])).toEqual([
      ['Backup worker', 'executor', 'Builder worker'],
      ['Spare worker', 'verifier', 'Builder worker'],
      ['Reviewer worker', 'verifier', null],
    ]);
    expect(report.fallbacks?.map((f) => [f.function, f.worker, f.replacedBy])).toEqual([
      ['executor', 'Builder worker', 'Backup worker'],
      ['verifier', 'Builder worker', 'Spare worker'],
    ]);
    // The builder's API was asked once (its executor session), never again as a verifier.
    expect(report.usage.requests?.map((r) => r.worker)).toEqual(['Builder worker']);
  });

  it('a verifier whose API runs out during the run is replaced by the next verifier fallback, and the report says so', async () => {
    const p = await project(
      {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: { rules: [{ when: { role: 'verifier' }, do: { modelCalls: 1, verifierResult: 'PASS' } }] },
        spare: { verifierResult: 'PASS' },
      },
      { verifiers: ['reviewer'], fallback: { verifiers: ['spare'] } },
      ['reviewer'],
    );
    const { report } = completed(await (await engineFor(p, { env })).run(1));
    expect(report.verdict.value).toBe('PASS');
    // The executor's own provider verifies in a fresh session (the default), the spare in the reviewer's place.
    expect(report.verifiers.map((v) => [v.worker, v.verdict])).toEqual([
      ['Builder worker', 'PASS'],
      ['Spare worker', 'PASS'],
    ]);
    expect(report.roster.map((r) => [r.name, r.function, r.standsInFor ?? null])).toEqual([
      ['Builder worker', 'executor', null],
      ['Builder worker', 'verifier', null],
      ['Spare worker', 'verifier', 'Reviewer worker'],
    ]);
    expect(report.fallbacks).toEqual([
      {
        function: 'verifier',
        worker: 'Reviewer worker',
        provider: 'command',
        reason: 'its API answered HTTP 429: quota exhausted',
        replacedBy: 'Spare worker',
      },
    ]);
  });

  it('with no fallback left for a verifier, the stage is unavailable, not failed', async () => {
    const p = await project(
      {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: { rules: [{ when: { role: 'verifier' }, do: { modelCalls: 1, verifierResult: 'PASS' } }] },
      },
      { verifiers: ['reviewer'] },
      ['reviewer'],
    );
    const { report } = completed(await (await engineFor(p, { env })).run(1));
    expect(report.verdict.runStatus).toBe('unavailable');
    expect(report.verifiers[1]).toMatchObject({
      worker: 'Reviewer worker',
      unavailable: expect.stringContaining('429'),
    });
    expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'failed', reason: 'unavailable' });
    expect(stageExitCode(report)).toBe(EXIT_INFRA);
  });
});
