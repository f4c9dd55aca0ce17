import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockUpstream, eventStreamMeter } from '../../src/sandbox/gateway/bedrock.js';
import { startGateway, type AwsCredentials, type Gateway } from '../../src/sandbox/gateway/index.js';
import { BEDROCK_METRICS, bedrock, eventStream, verifySigV4 } from '../contract/model-server/bedrock.js';
import { SCRIPTED_USAGE } from '../contract/model-server/script.js';
import { startModelServer, type ModelServer } from '../contract/model-server/server.js';
import { call } from './gateway-helpers.js';

/** Shaped like real ones (AKIA…/40 characters/a session token), so a leak would be recognisable. */
const AWS: AwsCredentials = {
  accessKeyId: 'ASIAOKSTRATESTKEY001',
  secretAccessKey: 'okstraTestSecretAccessKey/never+leaves+okstra00',
  sessionToken: 'IQoJb3JpZ2luX2VjEOKSTRA-session-token-never-leaves-okstra',
};
const REGION = 'us-east-1';
const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const INVOKE = `/model/${encodeURIComponent(MODEL)}/invoke-with-response-stream`;
const BODY = JSON.stringify({
  anthropic_version: 'bedrock-2023-05-31',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'hello' }],
});

let server: ModelServer | null = null;
let gateway: Gateway | null = null;
afterEach(async () => {
  await gateway?.close();
  await server?.close();
  gateway = null;
  server = null;
});

async function bedrockServer(credentials: AwsCredentials = AWS): Promise<ModelServer> {
  server = await startModelServer(() => ({ kind: 'text', text: 'hi from bedrock' }), {
    bedrock: { region: REGION, credentials },
  });
  return server;
}

/** A request the gateway's own Bedrock upstream signed, ready to send (or tamper with). */
async function signed(base: string, body = BODY): Promise<{ path: string; headers: Record<string, string> }> {
  const upstream = bedrockUpstream(new URL(base), REGION, () => Promise.resolve(AWS));
  const out = await upstream.prepare({
    method: 'POST',
    path: INVOKE,
    rawQuery: '',
    hadQuery: false,
    headers: { 'content-type': 'application/json', authorization: 'Bearer okstra-dispatch-x' },
    body: Buffer.from(body),
  });
  const headers = Object.fromEntries(
    Object.entries(out.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  );
  return { path: out.path, headers };
}

function send(base: string, path: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ hostname: url.hostname, port: url.port, path, method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the scripted Bedrock endpoint verifies SigV4 with the AWS SDK signer', () => {
  it('accepts what the gateway signed, and nothing the signature does not cover any more', async () => {
    const s = await bedrockServer();
    const good = await signed(s.url);
    expect(good.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIAOKSTRATESTKEY001\/\d{8}\/us-east-1\/bedrock\//,
    );
    expect(good.headers['x-amz-security-token']).toBe(AWS.sessionToken);
    expect(good.path).toBe('/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream');
    expect(await send(s.url, good.path, good.headers, BODY)).toBe(200);

    const tamperedBody = BODY.replace('1024', '9999');
    expect(await send(s.url, good.path, good.headers, tamperedBody)).toBe(403);
    const tamperedPath = good.path.replace('sonnet', 'opus');
    expect(await send(s.url, tamperedPath, good.headers, BODY)).toBe(403);
    const tamperedHeader = { ...good.headers, 'content-type': 'text/plain' };
    expect(await send(s.url, good.path, tamperedHeader, BODY)).toBe(403);
    const unsigned = { ...good.headers };
    delete unsigned.authorization;
    expect(await send(s.url, good.path, unsigned, BODY)).toBe(403);
    expect(s.requests.map((r) => r.answered)).toEqual(['text', ...Array<string>(4).fill('bad-signature')]);
  });

  it('rejects a signature made with another secret key, and one too old', async () => {
    const s = await bedrockServer({ ...AWS, secretAccessKey: 'a-different-secret-key-for-the-same-id0' });
    const good = await signed(s.url);
    expect(await send(s.url, good.path, good.headers, BODY)).toBe(403);
    const check = { region: REGION, credentials: AWS };
    const received = { method: 'POST', url: good.path, headers: { ...good.headers }, body: Buffer.from(BODY) };
    expect(await verifySigV4(received, check)).toBeNull();
    expect(await verifySigV4(received, check, Date.now() + 20 * 60 * 1000)).toBe('signature expired');
  });
});

describe('the gateway on Bedrock', () => {
  async function bedrockGateway(): Promise<{ baseUrl: string; credential: string }> {
    const s = await bedrockServer();
    gateway = await startGateway({ pricing: {}, budgets: {} });
    const route = gateway.open({
      worker: 'Claude worker',
      role: 'executor',
      provider: 'claude',
      upstream: s.url,
      realKey: '',
      platform: { kind: 'bedrock', region: REGION, credentials: () => Promise.resolve(AWS) },
    });
    return { baseUrl: route.baseUrl, credential: route.credential };
  }

  it('signs a call that carries the dispatch credential, meters Bedrock’s counts, and hands back no AWS secret', async () => {
    const { baseUrl, credential } = await bedrockGateway();
    const reply = await call(`${baseUrl}${INVOKE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: BODY,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/vnd.amazon.eventstream');
    const seen = server?.requests[0];
    expect(seen?.answered).toBe('text');
    expect(seen?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    const [record] = gateway?.records() ?? [];
    expect(record).toMatchObject({
      status: 200,
      metered: true,
      model: MODEL,
      inputTokens: BEDROCK_METRICS.inputTokenCount + BEDROCK_METRICS.cacheReadInputTokenCount,
      outputTokens: BEDROCK_METRICS.outputTokenCount,
      cachedInputTokens: SCRIPTED_USAGE.cachedInputTokens,
    });
    // Priced as the Anthropic model the Bedrock id serves.
    expect(record?.costUsd).toBeGreaterThan(0);
    for (const secret of [AWS.secretAccessKey, AWS.sessionToken ?? ''])
      expect(JSON.stringify(reply.headers) + reply.body).not.toContain(secret);
  });

  it('refuses a call without the dispatch credential, and answers the CLI’s keyless profile lookup itself', async () => {
    const { baseUrl } = await bedrockGateway();
    const refused = await call(`${baseUrl}${INVOKE}`, { method: 'POST', body: BODY });
    expect(refused.status).toBe(401);
    const wrong = await call(`${baseUrl}${INVOKE}`, {
      method: 'POST',
      headers: { authorization: 'Bearer okstra-dispatch-not-this-one' },
      body: BODY,
    });
    expect(wrong.status).toBe(401);
    const lookup = await call(`${baseUrl}/inference-profiles?type=SYSTEM_DEFINED`);
    expect([lookup.status, JSON.parse(lookup.body)]).toEqual([200, { inferenceProfileSummaries: [] }]);
    // Nothing of the three reached the platform.
    expect(server?.requests).toEqual([]);
  });
});

describe('the Bedrock event-stream meter', () => {
  const events = bedrock.answer(
    { kind: 'text', text: 'hi' },
    { protocol: 'bedrock', model: MODEL, turn: 0, userText: '', tools: [], lastToolResult: null },
  );

  it('reads Bedrock’s invocation metrics across chunk boundaries', () => {
    const bytes = eventStream(events);
    const meter = eventStreamMeter();
    for (let i = 0; i < bytes.length; i += 7) meter.pushBytes?.(bytes.subarray(i, i + 7));
    expect(meter.end()).toEqual({
      usage: {
        inputTokens: BEDROCK_METRICS.inputTokenCount + BEDROCK_METRICS.cacheReadInputTokenCount,
        outputTokens: BEDROCK_METRICS.outputTokenCount,
        cachedInputTokens: BEDROCK_METRICS.cacheReadInputTokenCount,
        cacheWriteTokens: 0,
      },
      malformed: 0,
    });
  });

  it('counts a corrupted frame and a cut-off stream as malformed', () => {
    const bytes = Buffer.from(eventStream(events));
    const at = bytes.length - 20;
    bytes.writeUInt8((bytes.readUInt8(at) ^ 0xff) & 0xff, at);
    const corrupted = eventStreamMeter();
    corrupted.pushBytes?.(bytes);
    expect(corrupted.end().malformed).toBe(1);
    const cut = eventStreamMeter();
    cut.pushBytes?.(eventStream(events).subarray(0, 100));
    expect(cut.end()).toEqual({ usage: null, malformed: 1 });
  });
});
