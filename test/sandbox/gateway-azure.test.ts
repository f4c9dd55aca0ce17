import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../src/sandbox/gateway/index.js';
import { startModelServer, type ModelServer } from '../contract/model-server/server.js';
import { call } from './gateway-helpers.js';

const AZURE_KEY = 'okstra0gateway0test0azure0key0000000000';
const BODY = JSON.stringify({
  model: 'gpt-5.5',
  input: [{ type: 'message', role: 'user', content: 'hi' }],
  stream: true,
});

let server: ModelServer | null = null;
let gateway: Gateway | null = null;
afterEach(async () => {
  await gateway?.close();
  await server?.close();
  gateway = null;
  server = null;
});

async function azureRoute(realKey: string): Promise<{ baseUrl: string; credential: string }> {
  server = await startModelServer(() => ({ kind: 'text', text: 'hi from azure' }), { azure: { apiKey: AZURE_KEY } });
  gateway = await startGateway({ pricing: {}, budgets: {} });
  return gateway.open({
    worker: 'Codex worker',
    role: 'executor',
    provider: 'codex',
    upstream: `${server.url}/openai/v1`,
    realKey,
    platform: { kind: 'azure' },
  });
}

describe('the gateway on Azure OpenAI', () => {
  it('puts the resource key in api-key in place of the dispatch bearer, and hands it back nowhere', async () => {
    const { baseUrl, credential } = await azureRoute(AZURE_KEY);
    const reply = await call(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: BODY,
    });
    expect(reply.status).toBe(200);
    expect(
      server?.requests.map((r) => [r.protocol, r.answered, r.headers['api-key'], r.headers.authorization]),
    ).toEqual([['azure', 'text', AZURE_KEY, undefined]]);
    expect(gateway?.records()[0]).toMatchObject({ status: 200, metered: true });
    expect(JSON.stringify(reply.headers) + reply.body).not.toContain(AZURE_KEY);
  });

  it('the scripted endpoint refuses another key; the gateway refuses a call without the dispatch credential', async () => {
    const { baseUrl, credential } = await azureRoute('okstra0some0other0resource0key00000000');
    const wrongKey = await call(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}` },
      body: BODY,
    });
    expect(wrongKey.status).toBe(401);
    expect(server?.requests.map((r) => r.answered)).toEqual(['bad-signature']);
    expect((await call(`${baseUrl}/responses`, { method: 'POST', body: BODY })).status).toBe(401);
    expect(server?.requests).toHaveLength(1);
  });
});

describe('the gateway on Azure OpenAI with a Microsoft Entra token', () => {
  const ENTRA = 'eyJ0eXAiOiJKV1Qi.okstra-gateway-test-entra-token';

  async function entraRoute(token: string): Promise<{ baseUrl: string; credential: string }> {
    server = await startModelServer(() => ({ kind: 'text', text: 'hi from azure' }), { azure: { entraToken: ENTRA } });
    gateway = await startGateway({ pricing: {}, budgets: {} });
    return gateway.open({
      worker: 'Codex worker',
      role: 'executor',
      provider: 'codex',
      upstream: `${server.url}/openai/v1`,
      realKey: '',
      platform: { kind: 'azure', accessToken: () => Promise.resolve(token) },
    });
  }

  it('puts the token in place of the dispatch bearer, sends no key, and hands the token back nowhere', async () => {
    const { baseUrl, credential } = await entraRoute(ENTRA);
    const reply = await call(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: BODY,
    });
    expect(reply.status).toBe(200);
    expect(
      server?.requests.map((r) => [r.protocol, r.answered, r.headers['api-key'], r.headers.authorization]),
    ).toEqual([['azure', 'text', undefined, `Bearer ${ENTRA}`]]);
    expect(gateway?.records()[0]).toMatchObject({ status: 200, metered: true });
    expect(JSON.stringify(reply.headers) + reply.body).not.toContain(ENTRA);
  });

  it('the scripted endpoint refuses another token; the gateway refuses a call without the dispatch credential', async () => {
    const { baseUrl, credential } = await entraRoute('eyJ0eXAiOiJKV1Qi.a-token-entra-never-issued');
    const wrong = await call(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}` },
      body: BODY,
    });
    expect(wrong.status).toBe(401);
    expect(server?.requests.map((r) => r.answered)).toEqual(['bad-signature']);
    expect((await call(`${baseUrl}/responses`, { method: 'POST', body: BODY })).status).toBe(401);
    expect(server?.requests).toHaveLength(1);
  });
});

describe('the gateway when okstra’s own cloud credentials fail', () => {
  it('answers 502 naming the failure, forwards nothing, spends nothing, and reports it as the upstream error', async () => {
    server = await startModelServer(() => ({ kind: 'text', text: 'never' }), { azure: { entraToken: 'unused' } });
    // A budget, so the request also holds a reservation, which must be released with nothing spent.
    gateway = await startGateway({
      pricing: { 'gpt-5.5': { input: 1, output: 10 } },
      budgets: { worker: { usd: 100 } },
    });
    const lease = gateway.open({
      worker: 'Codex worker',
      role: 'executor',
      provider: 'codex',
      upstream: `${server.url}/openai/v1`,
      realKey: '',
      platform: {
        kind: 'azure',
        accessToken: () => Promise.reject(new Error('Azure CLI could not be found.\nSee the troubleshooting guide')),
      },
    });
    const reply = await call(`${lease.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lease.credential}`, 'content-type': 'application/json' },
      body: BODY,
    });
    expect(reply.status, reply.body).toBe(502);
    expect(reply.body).toContain(
      "could not authenticate to azure with okstra's credentials: Azure CLI could not be found.",
    );
    expect(server.requests).toHaveLength(0);
    const summary = lease.close();
    expect(summary.requests.map((r) => [r.status, r.costUsd, r.error])).toEqual([
      [
        502,
        0,
        "okstra gateway: could not authenticate to azure with okstra's credentials: Azure CLI could not be found.",
      ],
    ]);
    expect(gateway.budgets().headroom.find((h) => h.scope === 'worker')).toMatchObject({
      limit: '$100.00',
      left: '$100.00',
    });
    expect(summary.upstreamError).toEqual({
      status: null,
      message:
        "okstra gateway: could not authenticate to azure with okstra's credentials: Azure CLI could not be found.",
    });
  });
});
