import { expect, it } from 'vitest';
import { CREDENTIAL_PREFIX } from '../../src/sandbox/gateway/credentials.js';
import { agentScratchDir, makeRepo } from '../helpers/git-repos.js';
import { occurrences, snapshotDispatches, type AgentSnapshot } from './agent-snapshot.js';
import { dispatch, engineEnv, FAKE_KEY } from './helpers.js';
import { carryMessage } from './model-server/script.js';
import { CREDENTIAL_PREFIX_LENGTH } from './model-server/server.js';
import { defineContractSuite } from './suite.js';

defineContractSuite('claude', ({ cli, server, rig }) => {
  // A Claude subscription (`claude setup-token`): Claude Code sends it as a bearer token. The gateway holds it as it
  // holds an API key; the agent gets its dispatch credential under the same variable.
  it('a subscription token (CLAUDE_CODE_OAUTH_TOKEN): the upstream gets the real token as a bearer, the agent only its dispatch credential', async () => {
    const { dir } = await makeRepo();
    const parent = agentScratchDir('okstra-dispatch-parent-');
    let snapshot: AgentSnapshot | null = null;
    server().setScript((call) =>
      call.turn === 0
        ? {
            kind: 'hold',
            until: async () => {
              snapshot = await snapshotDispatches(parent);
            },
            then: { kind: 'text', text: carryMessage(2, 'README.md') },
          }
        : { kind: 'text', text: 'unexpected second call' },
    );
    const env = { ...engineEnv(cli), CLAUDE_CODE_OAUTH_TOKEN: FAKE_KEY };
    Reflect.deleteProperty(env, 'ANTHROPIC_API_KEY');
    const result = await dispatch(cli, rig(), dir, {
      env,
      deps: { tmpDir: parent },
      provider: { apiKeyEnv: 'CLAUDE_CODE_OAUTH_TOKEN' },
    });

    expect(result.status, result.errorMessage).toBe('done');
    const model = server().requests.filter((r) => r.protocol !== null);
    expect(model.length).toBeGreaterThan(0);
    expect(model.map((r) => [r.credentialHeader, r.credentialPrefix])).toEqual(
      model.map(() => ['authorization', FAKE_KEY.slice(0, CREDENTIAL_PREFIX_LENGTH)]),
    );
    const seen = snapshot as AgentSnapshot | null;
    if (!seen) throw new Error('the scripted server never held a call');
    expect(occurrences(seen, FAKE_KEY), 'the subscription token reached the agent').toEqual([]);
    const keyed = seen.processes.filter((p) => p.env.CLAUDE_CODE_OAUTH_TOKEN !== undefined);
    expect(keyed.length).toBeGreaterThan(0);
    for (const p of keyed) expect(p.env.CLAUDE_CODE_OAUTH_TOKEN?.startsWith(CREDENTIAL_PREFIX)).toBe(true);
    expect(seen.processes.some((p) => p.env.ANTHROPIC_API_KEY !== undefined)).toBe(false);
    // Metered as any request (the tokens the API reported), billed to the subscription: no money, said so.
    expect(result.metering?.requests.map((r) => [r.status, r.metered, r.costUsd, r.billing])).toEqual([
      [200, true, 0, 'subscription'],
    ]);
    expect(result.usage).toMatchObject({ billing: 'subscription', costUsd: 0 });
  });
});
