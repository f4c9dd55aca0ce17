import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentClisDir } from '../../src/providers/cli-locate.js';
import { pinnedSpec } from '../../src/providers/cli-pins.js';
import { CREDENTIAL_PREFIX } from '../../src/sandbox/gateway/credentials.js';
import { agentScratchDir, makeRepo } from '../helpers/git-repos.js';
import { occurrences } from './agent-snapshot.js';
import { CLIS, dispatch, heldWriteThenCarry, requireOrSkip, startContractRig, type ContractRig } from './helpers.js';
import { SCRIPTED_USAGE } from './model-server/script.js';
import { startModelServer } from './model-server/server.js';

/**
 * Codex on Azure OpenAI with a Microsoft Entra token instead of a key: the
 * real pinned CLI, as an agent user, through okstra's gateway, against a
 * scripted Azure endpoint that accepts only the Entra token as a bearer. The
 * token comes from @azure/identity's credential chain reading the
 * Azure CLI's sign-in, as `azure/login` with OIDC leaves it: here a stand-in
 * `az` on okstra's PATH answers `az account get-access-token` and records
 * what it was asked.
 */

const ENTRA_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.okstra-contract-entra-token.never-reaches-agent';

const cli = CLIS.codex;
const { skip, reason } = requireOrSkip('codex');

/** A folder with an `az` that prints an access token as Azure CLI 2.54+ does, and the file it logs its arguments to. */
function standInAzureCli(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'okstra-az-'));
  const log = join(dir, 'calls.log');
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const answer = JSON.stringify({
    accessToken: ENTRA_TOKEN,
    expiresOn: new Date(expires * 1000).toISOString().replace('T', ' ').replace('Z', ''),
    expires_on: expires,
    subscription: '00000000-0000-0000-0000-000000000000',
    tenant: '11111111-1111-1111-1111-111111111111',
    tokenType: 'Bearer',
  });
  writeFileSync(join(dir, 'az'), `#!/bin/sh\necho "$*" >> '${log}'\ncat <<'JSON'\n${answer}\nJSON\n`);
  chmodSync(join(dir, 'az'), 0o755);
  return { dir, log };
}

describe.skipIf(skip)(`codex on Azure OpenAI with an Entra token: the real ${pinnedSpec('codex')}`, () => {
  let rig: ContractRig;
  let az: { dir: string; log: string };
  const pathBefore = process.env.PATH;
  beforeAll(async () => {
    az = standInAzureCli();
    // @azure/identity runs `az` through a shell with okstra's own environment (process.env).
    process.env.PATH = `${az.dir}:${pathBefore ?? '/usr/bin:/bin'}`;
    const server = await startModelServer(undefined, { azure: { entraToken: ENTRA_TOKEN } });
    rig = await startContractRig(server);
  });
  afterAll(async () => {
    process.env.PATH = pathBefore;
    await rig.close();
  });

  it('executor: writes a file and reports carry; every call carries the Entra token and no key, metered, the token never in the agent’s reach', async () => {
    const { dir } = await makeRepo();
    const parent = agentScratchDir('okstra-dispatch-parent-');
    const held = heldWriteThenCarry(parent, 'hello from Azure with Entra\n');
    rig.server.setScript(held.script);
    // No AZURE_OPENAI_API_KEY: the resource is reached with the job's Azure sign-in.
    const env = { PATH: pathBefore ?? '/usr/bin:/bin', LANG: 'C.UTF-8', OKSTRA_AGENT_CLIS_DIR: agentClisDir() };
    const result = await dispatch(cli, rig, dir, {
      env,
      deps: { tmpDir: parent },
      provider: { via: 'azure', baseUrl: `${rig.server.url}/openai/v1` },
    });

    expect(result.status, result.errorMessage).toBe('done');
    expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from Azure with Entra\n');
    expect(rig.server.scriptErrors).toEqual([]);
    const model = rig.server.requests.filter((r) => r.protocol !== null);
    expect(model.map((r) => [r.method, r.protocol, r.answered])).toEqual([
      ['POST', 'azure', 'hold'],
      ['POST', 'azure', 'text'],
    ]);
    for (const r of model) {
      expect(r.headers.authorization).toBe(`Bearer ${ENTRA_TOKEN}`);
      expect(r.headers['api-key']).toBeUndefined();
    }
    // One token for the whole dispatch, asked for Azure OpenAI's audience.
    expect(readFileSync(az.log, 'utf8').trim().split('\n')).toEqual([
      'account get-access-token --output json --resource https://cognitiveservices.azure.com',
    ]);
    expect(result.metering?.requests.map((r) => [r.status, r.metered, r.inputTokens, r.outputTokens])).toEqual([
      [200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
      [200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
    ]);

    const seen = held.snapshot();
    if (!seen) throw new Error('the scripted server never held a call');
    expect(occurrences(seen, ENTRA_TOKEN), 'the Entra token reached the agent').toEqual([]);
    expect(occurrences(seen, az.dir), 'the Azure CLI’s folder reached the agent').toEqual([]);
    const keyed = seen.processes.filter((p) => p.env.CODEX_HOME !== undefined);
    expect(keyed.length).toBeGreaterThan(0);
    expect(seen.processes.some((p) => Object.values(p.env).some((v) => v.startsWith(CREDENTIAL_PREFIX)))).toBe(true);
  });
});

if (skip) console.warn(`codex-azure-entra contract skipped: ${reason}`);
