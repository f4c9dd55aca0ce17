import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { agentScratchDir, makeRepo } from '../helpers/git-repos.js';
import { dispatch } from './helpers.js';
import { verifierMessage } from './model-server/script.js';
import { defineContractSuite } from './suite.js';

defineContractSuite('codex', ({ cli, server, rig }) => {
  // Codex is the one CLI with an OS sandbox of its own; run as an agent user it
  // must still apply it, not fall back to what the user's permissions allow.
  it("a read-only session under the agent user is still inside Codex's own sandbox: a folder that user may write is read-only too", async () => {
    const { dir } = await makeRepo();
    const writable = agentScratchDir('okstra-codex-probe-');
    const probe = join(writable, 'probe');
    server().setScript((call) => (call.turn === 0 ? { kind: 'shell', command: `id -un; touch ${probe}; echo touched=$?` } : { kind: 'text', text: verifierMessage('PASS') }));
    const result = await dispatch(cli, rig(), dir, { role: 'verifier' });

    expect(result.status).toBe('done');
    const output = server().requests.find((r) => r.call?.turn === 1)?.call?.lastToolResult ?? '';
    expect(output).toMatch(/^okstra-agent-\d+$/m);
    expect(output).toMatch(/Read-only file system/);
    expect(output).toMatch(/touched=1/);
    expect(existsSync(probe)).toBe(false);
  });
});
