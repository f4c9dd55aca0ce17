import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../src/sandbox/gateway/index.js';
import { SCRIPTED_USAGE } from '../contract/model-server/script.js';
import { startModelServer, type ModelServer } from '../contract/model-server/server.js';
import { call } from './gateway-helpers.js';

const ACCESS_TOKEN = 'ya29.okstra-gateway-test-access-token';
const MODEL = 'claude-sonnet-4-5@20250929';
const PATH = `/projects/okstra-test-1/locations/us-east5/publishers/anthropic/models/${MODEL}:streamRawPredict`;
const BODY = JSON.stringify({
  anthropic_version: 'vertex-2023-10-16',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'hi' }],
});

let server: ModelServer | null = null;
let gateway: Gateway | null = null;
afterEach(async () => {
  await gateway?.close();
  await server?.close();
  gateway = null;
  server = null;
});

async function vertexRoute(token: string, provider = 'claude'): Promise<{ baseUrl: string; credential: string }> {
  server = await startModelServer(() => ({ kind: 'text', text: 'hi from vertex' }), {
    vertex: { accessToken: ACCESS_TOKEN },
  });
  gateway = await startGateway({ pricing: {}, budgets: {} });
  return gateway.open({
    worker: 'Claude worker',
    role: 'executor',
    provider,
    upstream: server.url,
    realKey: '',
    platform: {
      kind: 'vertex',
      region: 'us-east5',
      projectId: 'okstra-test-1',
      accessToken: () => Promise.resolve(token),
    },
  });
}

describe('the gateway on Vertex AI', () => {
  it('replaces the dispatch credential with okstra’s access token, meters the Anthropic answer, hands back no token', async () => {
    const { baseUrl, credential } = await vertexRoute(ACCESS_TOKEN);
    const reply = await call(`${baseUrl}${PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: BODY,
    });
    expect(reply.status).toBe(200);
    expect(server?.requests.map((r) => [r.protocol, r.answered, r.headers.authorization])).toEqual([
      ['vertex', 'text', `Bearer ${ACCESS_TOKEN}`],
    ]);
    expect(gateway?.records()[0]).toMatchObject({
      model: MODEL,
      metered: true,
      inputTokens: SCRIPTED_USAGE.inputTokens,
      outputTokens: SCRIPTED_USAGE.outputTokens,
    });
    expect(gateway?.records()[0]?.costUsd).toBeGreaterThan(0);
    expect(JSON.stringify(reply.headers) + reply.body).not.toContain(ACCESS_TOKEN);
  });

  it('the scripted endpoint refuses any other token; the gateway refuses a call without the dispatch credential', async () => {
    const { baseUrl, credential } = await vertexRoute('ya29.a-token-vertex-never-issued');
    const wrongToken = await call(`${baseUrl}${PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}` },
      body: BODY,
    });
    expect(wrongToken.status).toBe(401);
    expect(server?.requests.map((r) => r.answered)).toEqual(['bad-signature']);
    const noCredential = await call(`${baseUrl}${PATH}`, { method: 'POST', body: BODY });
    expect(noCredential.status).toBe(401);
    expect(server?.requests).toHaveLength(1);
  });
});

describe('the gateway on Vertex AI for Gemini CLI (express-mode calls)', () => {
  const GEMINI = 'gemini-2.5-pro';
  const EXPRESS = `/v1beta1/publishers/google/models/${GEMINI}:streamGenerateContent`;
  const GEMINI_BODY = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });

  it('checks the key, drops it, scopes the path to the configured project and location, adds the access token, meters usageMetadata', async () => {
    const { baseUrl, credential } = await vertexRoute(ACCESS_TOKEN, 'gemini');
    const reply = await call(`${baseUrl}${EXPRESS}?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': credential, 'content-type': 'application/json' },
      body: GEMINI_BODY,
    });
    expect(reply.status).toBe(200);
    expect(server?.requests.map((r) => [r.protocol, r.answered, r.url, r.headers.authorization])).toEqual([
      [
        'vertex',
        'text',
        `/v1beta1/projects/okstra-test-1/locations/us-east5/publishers/google/models/${GEMINI}:streamGenerateContent?alt=sse`,
        `Bearer ${ACCESS_TOKEN}`,
      ],
    ]);
    expect(server?.requests[0]?.headers['x-goog-api-key']).toBeUndefined();
    expect(gateway?.records()[0]).toMatchObject({
      model: GEMINI,
      metered: true,
      inputTokens: SCRIPTED_USAGE.inputTokens,
      outputTokens: SCRIPTED_USAGE.outputTokens,
    });
    expect(JSON.stringify(reply.headers) + reply.body).not.toContain(ACCESS_TOKEN);
  });

  it('refuses a key that is not the dispatch credential, forwarding nothing', async () => {
    const { baseUrl } = await vertexRoute(ACCESS_TOKEN, 'gemini');
    const reply = await call(`${baseUrl}${EXPRESS}?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'okstra-dispatch-not-this-one' },
      body: GEMINI_BODY,
    });
    expect(reply.status).toBe(401);
    expect(server?.requests).toHaveLength(0);
  });
});
