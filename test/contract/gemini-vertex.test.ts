import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePrice } from '../../src/core/usage/prices.js';
import { agentClisDir } from '../../src/providers/cli-locate.js';
import { pinnedSpec } from '../../src/providers/cli-pins.js';
import { CREDENTIAL_PREFIX } from '../../src/sandbox/gateway/credentials.js';
import { agentScratchDir, makeRepo } from '../helpers/git-repos.js';
import { occurrences } from './agent-snapshot.js';
import {
  CLIS,
  dispatch,
  heldWriteThenCarry,
  requireOrSkip,
  startContractRig,
  workloadIdentityCredentials,
  type ContractRig,
} from './helpers.js';
import { SCRIPTED_USAGE } from './model-server/script.js';
import { startModelServer } from './model-server/server.js';
import { vertexTarget } from './model-server/vertex.js';

/**
 * Gemini CLI on Google Vertex AI through okstra's gateway: the real pinned
 * CLI, as an agent user, against a scripted Vertex endpoint that accepts only
 * the OAuth access token okstra obtained with google-auth-library from
 * Application Default Credentials (a workload identity federation config, as
 * `google-github-actions/auth` writes one, whose token exchange the scripted
 * server answers). The CLI speaks Vertex AI's express mode with its dispatch
 * credential as the key; the endpoint sees only project-scoped calls with
 * okstra's token.
 */

const ACCESS_TOKEN = 'ya29.okstra-gemini-contract-access-token-never-reaches-agent';
const SUBJECT_TOKEN = 'eyJokstra.gemini-contract-oidc-subject-token.never-reaches-agent';
const REGION = 'us-central1';
const PROJECT = 'okstra-contract-2';
const MODEL = 'gemini-2.5-pro';

const cli = CLIS.gemini;
const { skip, reason } = requireOrSkip('gemini');

describe.skipIf(skip)(`gemini on Vertex AI: the real ${pinnedSpec('gemini')} through okstra's gateway`, () => {
  let rig: ContractRig;
  let adcFile = '';
  beforeAll(async () => {
    const server = await startModelServer(undefined, { vertex: { accessToken: ACCESS_TOKEN } });
    adcFile = workloadIdentityCredentials(`${server.url}/sts/token`, SUBJECT_TOKEN, 2);
    rig = await startContractRig(server);
  });
  afterAll(async () => {
    await rig.close();
  });

  it('executor: writes a file and reports carry; every call is project-scoped with okstra’s access token, metered from usageMetadata, no Google credential in the agent’s reach', async () => {
    const { dir } = await makeRepo();
    const parent = agentScratchDir('okstra-dispatch-parent-');
    const held = heldWriteThenCarry(parent, 'hello from Gemini on Vertex\n');
    rig.server.setScript(held.script);
    // okstra's environment as google-github-actions/auth leaves it; no Gemini key at all.
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      OKSTRA_AGENT_CLIS_DIR: agentClisDir(),
      GOOGLE_APPLICATION_CREDENTIALS: adcFile,
    };
    const result = await dispatch(cli, rig, dir, {
      env,
      model: MODEL,
      deps: { tmpDir: parent },
      provider: { via: 'vertex', region: REGION, projectId: PROJECT },
    });

    expect(result.status, result.errorMessage).toBe('done');
    expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from Gemini on Vertex\n');
    expect(rig.server.scriptErrors).toEqual([]);
    // Every request that reached the platform was a model call with okstra's token, for the configured project and location.
    expect(rig.server.requests.map((r) => [r.method, r.protocol, r.answered])).toEqual([
      ['POST', 'vertex', 'hold'],
      ['POST', 'vertex', 'text'],
    ]);
    for (const r of rig.server.requests) {
      expect(r.call?.model).toBe(MODEL);
      expect(r.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(r.headers['x-goog-api-key'], 'the dispatch credential went upstream').toBeUndefined();
      expect(vertexTarget(new URL(r.url, 'http://x').pathname)).toEqual({ project: PROJECT, location: REGION });
    }

    // Metered from Vertex's usageMetadata, priced as the Gemini model.
    const metering = result.metering;
    expect(metering?.requests.map((r) => [r.model, r.status, r.metered, r.inputTokens, r.outputTokens])).toEqual([
      [MODEL, 200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
      [MODEL, 200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
    ]);
    const price = resolvePrice(MODEL)?.price;
    if (!price) throw new Error(`${MODEL} has no price in the table`);
    const cost = (2 * (SCRIPTED_USAGE.inputTokens * price.input + SCRIPTED_USAGE.outputTokens * price.output)) / 1e6;
    expect(metering?.usage?.costUsd).toBeCloseTo(cost, 12);

    // The held turn: what the agent's processes had while the model call was open.
    const seen = held.snapshot();
    if (!seen) throw new Error('the scripted server never held a call');
    for (const secret of [ACCESS_TOKEN, SUBJECT_TOKEN, adcFile])
      expect(occurrences(seen, secret), 'a Google credential reached the agent').toEqual([]);
    const gemini = seen.processes.filter((p) => p.env.GOOGLE_GENAI_USE_VERTEXAI !== undefined);
    expect(gemini.length).toBeGreaterThan(0);
    for (const p of gemini) {
      expect(p.env.GOOGLE_GENAI_USE_VERTEXAI).toBe('true');
      expect(p.env.GOOGLE_API_KEY?.startsWith(CREDENTIAL_PREFIX)).toBe(true);
      expect(p.env.GOOGLE_VERTEX_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/d\//);
      for (const name of ['GOOGLE_APPLICATION_CREDENTIALS', 'GEMINI_API_KEY', 'CLOUDSDK_AUTH_ACCESS_TOKEN'])
        expect(p.env[name], name).toBeUndefined();
    }
  });
});

if (skip) console.warn(`gemini-vertex contract skipped: ${reason}`);
