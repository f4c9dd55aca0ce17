import { readFileSync } from 'node:fs';
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
 * Codex on Azure OpenAI through okstra's gateway: the real pinned CLI, as an
 * agent user, against a scripted Azure endpoint that accepts only the
 * resource's key in `api-key`, which only okstra's process holds. Codex sends
 * its dispatch credential as a bearer token, as to OpenAI.
 */

const AZURE_KEY = 'okstra0contract0azure0key0never0reaches0agent';

const cli = CLIS.codex;
const { skip, reason } = requireOrSkip('codex');

describe.skipIf(skip)(`codex on Azure OpenAI: the real ${pinnedSpec('codex')} through okstra's gateway`, () => {
  let rig: ContractRig;
  beforeAll(async () => {
    const server = await startModelServer(undefined, { azure: { apiKey: AZURE_KEY } });
    rig = await startContractRig(server);
  });
  afterAll(async () => {
    await rig.close();
  });

  it('executor: writes a file and reports carry; every call carries the resource key in api-key, metered, the key never in the agent’s reach', async () => {
    const { dir } = await makeRepo();
    const parent = agentScratchDir('okstra-dispatch-parent-');
    const held = heldWriteThenCarry(parent, 'hello from Azure\n');
    rig.server.setScript(held.script);
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      OKSTRA_AGENT_CLIS_DIR: agentClisDir(),
      AZURE_OPENAI_API_KEY: AZURE_KEY,
    };
    const result = await dispatch(cli, rig, dir, {
      env,
      deps: { tmpDir: parent },
      provider: { via: 'azure', baseUrl: `${rig.server.url}/openai/v1` },
    });

    expect(result.status, result.errorMessage).toBe('done');
    expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from Azure\n');
    expect(rig.server.scriptErrors).toEqual([]);
    const model = rig.server.requests.filter((r) => r.protocol !== null);
    expect(model.map((r) => [r.method, r.protocol, r.answered])).toEqual([
      ['POST', 'azure', 'hold'],
      ['POST', 'azure', 'text'],
    ]);
    for (const r of model) {
      expect(r.headers['api-key']).toBe(AZURE_KEY);
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(result.metering?.requests.map((r) => [r.status, r.metered, r.inputTokens, r.outputTokens])).toEqual([
      [200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
      [200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
    ]);

    const seen = held.snapshot();
    if (!seen) throw new Error('the scripted server never held a call');
    expect(occurrences(seen, AZURE_KEY), 'the Azure key reached the agent').toEqual([]);
    const keyed = seen.processes.filter((p) => p.env.OPENAI_API_KEY !== undefined || p.env.CODEX_HOME !== undefined);
    expect(keyed.length).toBeGreaterThan(0);
    for (const p of keyed) expect(p.env.AZURE_OPENAI_API_KEY).toBeUndefined();
    expect(seen.processes.some((p) => Object.values(p.env).some((v) => v.startsWith(CREDENTIAL_PREFIX)))).toBe(true);
  });
});

if (skip) console.warn(`codex-azure contract skipped: ${reason}`);
