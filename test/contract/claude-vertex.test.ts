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
 * Claude Code on Google Vertex AI through okstra's gateway: the real pinned
 * CLI, as an agent user, against a scripted Vertex endpoint that accepts only
 * the OAuth access token okstra obtained with google-auth-library from
 * Application Default Credentials — a workload identity federation config, as
 * `google-github-actions/auth` writes one, whose token exchange the scripted
 * server answers. The agent gets the gateway's route and a dispatch credential.
 */

const ACCESS_TOKEN = 'ya29.okstra-contract-access-token-never-reaches-agent';
const SUBJECT_TOKEN = 'eyJokstra.contract-oidc-subject-token.never-reaches-agent';
const REGION = 'us-east5';
const PROJECT = 'okstra-contract-1';
const MODEL = 'claude-sonnet-4-5@20250929';

const cli = CLIS.claude;
const { skip, reason } = requireOrSkip('claude');

describe.skipIf(skip)(`claude on Vertex AI: the real ${pinnedSpec('claude')} through okstra's gateway`, () => {
  let rig: ContractRig;
  let adcFile = '';
  beforeAll(async () => {
    const server = await startModelServer(undefined, { vertex: { accessToken: ACCESS_TOKEN } });
    adcFile = workloadIdentityCredentials(`${server.url}/sts/token`, SUBJECT_TOKEN, 1);
    rig = await startContractRig(server);
  });
  afterAll(async () => {
    await rig.close();
  });

  it('executor: writes a file and reports carry; every call carries okstra’s access token, metered, no Google credential in the agent’s reach', async () => {
    const { dir } = await makeRepo();
    const parent = agentScratchDir('okstra-dispatch-parent-');
    const held = heldWriteThenCarry(parent, 'hello from Vertex\n');
    rig.server.setScript(held.script);
    // okstra's environment as google-github-actions/auth leaves it; no Anthropic key at all.
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
    expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from Vertex\n');
    expect(rig.server.scriptErrors).toEqual([]);
    // Only model calls reached the platform, each with okstra's access token, for the configured project and location.
    expect(rig.server.requests.map((r) => [r.method, r.protocol, r.answered])).toEqual([
      ['POST', 'vertex', 'hold'],
      ['POST', 'vertex', 'text'],
    ]);
    expect(rig.server.requests.map((r) => r.call?.model)).toEqual([MODEL, MODEL]);
    for (const r of rig.server.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(vertexTarget(new URL(r.url, 'http://x').pathname)).toEqual({ project: PROJECT, location: REGION });
    }

    // Metered from the Anthropic usage in the answer, priced as the Anthropic model the Vertex id names.
    const metering = result.metering;
    expect(metering?.requests.map((r) => [r.model, r.status, r.metered, r.inputTokens, r.outputTokens])).toEqual([
      [MODEL, 200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
      [MODEL, 200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
    ]);
    const price = resolvePrice('claude-sonnet-4-5')?.price;
    if (!price) throw new Error('claude-sonnet-4-5 has no price in the table');
    const cost = (2 * (SCRIPTED_USAGE.inputTokens * price.input + SCRIPTED_USAGE.outputTokens * price.output)) / 1e6;
    expect(metering?.usage?.costUsd).toBeCloseTo(cost, 12);

    // The held turn: what the agent's processes had while the model call was open.
    const seen = held.snapshot();
    if (!seen) throw new Error('the scripted server never held a call');
    for (const secret of [ACCESS_TOKEN, SUBJECT_TOKEN, adcFile])
      expect(occurrences(seen, secret), 'a Google credential reached the agent').toEqual([]);
    const claude = seen.processes.filter((p) => p.env.CLAUDE_CODE_USE_VERTEX !== undefined);
    expect(claude.length).toBeGreaterThan(0);
    for (const p of claude) {
      expect(p.env).toMatchObject({
        CLAUDE_CODE_USE_VERTEX: '1',
        CLAUDE_CODE_SKIP_VERTEX_AUTH: '1',
        ANTHROPIC_VERTEX_PROJECT_ID: PROJECT,
        CLOUD_ML_REGION: REGION,
      });
      expect(p.env.ANTHROPIC_AUTH_TOKEN?.startsWith(CREDENTIAL_PREFIX)).toBe(true);
      expect(p.env.ANTHROPIC_VERTEX_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/d\//);
      for (const name of ['GOOGLE_APPLICATION_CREDENTIALS', 'ANTHROPIC_API_KEY'])
        expect(p.env[name], name).toBeUndefined();
    }
  });
});

if (skip) console.warn(`claude-vertex contract skipped: ${reason}`);
