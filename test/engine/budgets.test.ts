/**
 * Budgets held by okstra's model gateway, end to end on a real repository:
 * stand-in agents (scripted-agent.mjs, `modelCalls`) call the scripted model
 * server through the gateway the way a CLI does, and the gateway meters each
 * call from the usage the server reports (1,234 in + 56 out per answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../contract/model-server/server.js';
import { completed, engineFor, executorOnly, ledgerRows, makeProject, WRITES_STAGE_FILE } from './helpers.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(() => ({ kind: 'text', text: 'ok' }));
});
afterAll(async () => server.close());

const KEY = 'fake-anthropic-key-budget-7c1d';
const CALLS_PER_ANSWER = 1234 + 56;

function project(budgets: Record<string, unknown>, executorCalls: number) {
  return makeProject({
    plan: 'linear.md',
    agents: {
      builder: executorOnly({ ...WRITES_STAGE_FILE, modelCalls: executorCalls }),
      reviewer: { verifierResult: 'PASS' },
    },
    config: { budgets, providers: { builder: { apiKeyEnv: 'ANTHROPIC_API_KEY', baseUrl: server.url } } },
  });
}

describe('budgets through the model gateway', () => {
  it('metered usage: the report counts what the API answered, request by request; the agent held a stand-in credential, never the key', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: ({ recordFile }) => ({
        builder: executorOnly({ ...WRITES_STAGE_FILE, modelCalls: 2, record: recordFile('executor') }),
        reviewer: { verifierResult: 'PASS' },
      }),
      config: { providers: { builder: { apiKeyEnv: 'ANTHROPIC_API_KEY', baseUrl: server.url } } },
    });
    const before = server.requests.length;
    const outcome = completed(await (await engineFor(p, { env: { ...process.env, ANTHROPIC_API_KEY: KEY } })).run(1));
    const { usage } = outcome.report;
    expect(usage.metered).toBe('gateway');
    expect(usage.requests?.map((r) => [r.worker, r.role, r.status, r.inputTokens, r.outputTokens])).toEqual([
      ['Builder worker', 'executor', 200, 1234, 56],
      ['Builder worker', 'executor', 200, 1234, 56],
    ]);
    expect(usage.total).toMatchObject({ inputTokens: 2468, outputTokens: 112 });
    expect(outcome.report.verdict.value).toBe('PASS');
    const env = p.records('executor')[0]?.env ?? {};
    expect(env.ANTHROPIC_API_KEY).toMatch(/^okstra-dispatch-/);
    expect(Object.values(env)).not.toContain(KEY);
    // Both calls reached the API, with a key in the header the client used.
    expect(server.requests.slice(before).map((r) => [r.protocol, r.credentialHeader])).toEqual([
      ['anthropic', 'x-api-key'],
      ['anthropic', 'x-api-key'],
    ]);
  });

  it('a worker budget the first call spends refuses the second: the worker ends budget-exceeded and the stage FAILs naming the budget', async () => {
    const p = await project({ worker: { tokens: 1000 } }, 2);
    const outcome = completed(await (await engineFor(p, { env: { ...process.env, ANTHROPIC_API_KEY: KEY } })).run(1));
    const { report } = outcome;
    expect(report.executor.status).toBe('budget-exceeded');
    expect(report.usage.budgetExceeded).toMatchObject({ worker: 'Builder worker', scope: 'worker' });
    expect(report.verdict.value).toBe('FAIL');
    expect(report.verdict.reasons.join('\n')).toMatch(/budget exceeded: .*worker.*1,?000 tokens/i);
    expect(report.usage.requests?.map((r) => r.refused ?? r.status)).toEqual([200, 'budget']);
    expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'failed' });
  });

  it('a plan budget holds across runs: the spend before a run is read from the reports on the ledger branch', async () => {
    const p = await project({ plan: { tokens: CALLS_PER_ANSWER * 2 - 1 } }, 1);
    const engine = await engineFor(p, { env: { ...process.env, ANTHROPIC_API_KEY: KEY } });
    const first = completed(await engine.run(1));
    expect(first.report.verdict.value).toBe('PASS');
    // Stage 2: one answer's worth already spent by stage 1; its first call is allowed, and after it the plan is spent.
    p.script('builder', executorOnly({ ...WRITES_STAGE_FILE, modelCalls: 2 }));
    const second = completed(await engine.run(2));
    expect(second.report.executor.status).toBe('budget-exceeded');
    expect(second.report.usage.budgetExceeded).toMatchObject({ scope: 'plan' });
    expect(second.report.verdict.value).toBe('FAIL');
  });

  it("a per-day plan budget counts the plan's runs of today, and the report shows what was left under it", async () => {
    const p = await project({ day: { tokens: CALLS_PER_ANSWER * 2 - 1 } }, 1);
    const engine = await engineFor(p, { env: { ...process.env, ANTHROPIC_API_KEY: KEY } });
    const first = completed(await engine.run(1));
    expect(first.report.verdict.value).toBe('PASS');
    expect(first.report.usage.budgets).toEqual({
      headroom: [{ scope: 'day', limit: `${CALLS_PER_ANSWER * 2 - 1} tokens`, left: `${CALLS_PER_ANSWER - 1} tokens` }],
    });
    p.script('builder', executorOnly({ ...WRITES_STAGE_FILE, modelCalls: 2 }));
    const second = completed(await engine.run(2));
    expect(second.report.executor.status).toBe('budget-exceeded');
    expect(second.report.usage.budgetExceeded).toMatchObject({ scope: 'day', headroom: '0 tokens' });
    expect(second.report.usage.budgets?.headroom).toEqual([
      { scope: 'day', limit: `${CALLS_PER_ANSWER * 2 - 1} tokens`, left: '0 tokens' },
    ]);
  });
});
