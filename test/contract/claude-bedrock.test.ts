import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePrice } from '../../src/core/usage/prices.js';
import { agentClisDir } from '../../src/providers/cli-locate.js';
import { pinnedSpec } from '../../src/providers/cli-pins.js';
import { CREDENTIAL_PREFIX } from '../../src/sandbox/gateway/credentials.js';
import type { AwsCredentials } from '../../src/sandbox/gateway/index.js';
import { agentScratchDir, makeRepo } from '../helpers/git-repos.js';
import { occurrences } from './agent-snapshot.js';
import { CLIS, dispatch, heldWriteThenCarry, requireOrSkip, startContractRig, type ContractRig } from './helpers.js';
import { BEDROCK_METRICS } from './model-server/bedrock.js';
import { SCRIPTED_USAGE } from './model-server/script.js';
import { startModelServer } from './model-server/server.js';

/**
 * Claude Code on Amazon Bedrock through okstra's gateway: the real pinned CLI,
 * as an agent user, against a scripted Bedrock endpoint that accepts only
 * requests SigV4-signed with the job's AWS credentials — which only okstra's
 * process holds. The agent gets the gateway's route and a dispatch credential.
 */

const AWS: AwsCredentials = {
  accessKeyId: 'ASIAOKSTRACONTRACT01',
  secretAccessKey: 'okstraContractSecretAccessKey/never+reaches+agent',
  sessionToken: 'IQoJb3JpZ2luX2VjEOKSTRA-contract-session-token-never-reaches-agent',
};
const REGION = 'us-east-1';
const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';

const cli = CLIS.claude;
const { skip, reason } = requireOrSkip('claude');

describe.skipIf(skip)(
  `claude on Bedrock: the real ${pinnedSpec('claude')} through okstra's SigV4-signing gateway`,
  () => {
    let rig: ContractRig;
    beforeAll(async () => {
      const server = await startModelServer(undefined, { bedrock: { region: REGION, credentials: AWS } });
      rig = await startContractRig(server);
    });
    afterAll(async () => {
      await rig.close();
    });

    it('executor: writes a file and reports carry; every call signed, metered from Bedrock’s counts, no AWS secret in the agent’s reach', async () => {
      const { dir } = await makeRepo();
      const parent = agentScratchDir('okstra-dispatch-parent-');
      const held = heldWriteThenCarry(parent, 'hello from Bedrock\n');
      rig.server.setScript(held.script);
      // okstra's environment as aws-actions/configure-aws-credentials leaves it; no Anthropic key at all.
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        OKSTRA_AGENT_CLIS_DIR: agentClisDir(),
        AWS_ACCESS_KEY_ID: AWS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: AWS.secretAccessKey,
        AWS_SESSION_TOKEN: AWS.sessionToken ?? '',
        AWS_REGION: REGION,
      };
      const result = await dispatch(cli, rig, dir, {
        env,
        model: MODEL,
        deps: { tmpDir: parent },
        provider: { via: 'bedrock', region: REGION },
      });

      expect(result.status, result.errorMessage).toBe('done');
      expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from Bedrock\n');
      expect(rig.server.scriptErrors).toEqual([]);
      // Only model calls reached the platform (the CLI's keyless profile lookup was answered by the gateway), each
      // with a signature the endpoint recomputed with the AWS SDK's signer.
      expect(rig.server.requests.map((r) => [r.method, r.protocol, r.answered])).toEqual([
        ['POST', 'bedrock', 'hold'],
        ['POST', 'bedrock', 'text'],
      ]);
      expect(rig.server.requests.map((r) => r.call?.model)).toEqual([MODEL, MODEL]);
      for (const r of rig.server.requests) expect(r.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIA/);

      // Metered from Bedrock's invocation metrics, priced as the Anthropic model the Bedrock id serves.
      const metering = result.metering;
      expect(metering?.requests.map((r) => [r.model, r.status, r.metered, r.inputTokens, r.outputTokens])).toEqual([
        [MODEL, 200, true, BEDROCK_METRICS.inputTokenCount, BEDROCK_METRICS.outputTokenCount],
        [MODEL, 200, true, BEDROCK_METRICS.inputTokenCount, BEDROCK_METRICS.outputTokenCount],
      ]);
      const price = resolvePrice('claude-sonnet-4-5')?.price;
      if (!price) throw new Error('claude-sonnet-4-5 has no price in the table');
      const cost = (2 * (SCRIPTED_USAGE.inputTokens * price.input + SCRIPTED_USAGE.outputTokens * price.output)) / 1e6;
      expect(metering?.usage?.costUsd).toBeCloseTo(cost, 12);

      // The held turn: what the agent's processes had while the model call was open.
      const seen = held.snapshot();
      if (!seen) throw new Error('the scripted server never held a call');
      for (const secret of [AWS.secretAccessKey, AWS.sessionToken ?? '', AWS.accessKeyId])
        expect(occurrences(seen, secret), 'an AWS credential reached the agent').toEqual([]);
      const claude = seen.processes.filter((p) => p.env.CLAUDE_CODE_USE_BEDROCK !== undefined);
      expect(claude.length).toBeGreaterThan(0);
      for (const p of claude) {
        expect(p.env).toMatchObject({
          CLAUDE_CODE_USE_BEDROCK: '1',
          CLAUDE_CODE_SKIP_BEDROCK_AUTH: '1',
          AWS_REGION: REGION,
        });
        expect(p.env.ANTHROPIC_AUTH_TOKEN?.startsWith(CREDENTIAL_PREFIX)).toBe(true);
        expect(p.env.ANTHROPIC_BEDROCK_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/d\//);
        for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'ANTHROPIC_API_KEY'])
          expect(p.env[name], name).toBeUndefined();
      }
    });
  },
);

if (skip) console.warn(`claude-bedrock contract skipped: ${reason}`);
