import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
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
    server().setScript((call) =>
      call.turn === 0
        ? { kind: 'shell', command: `id -un; touch ${probe}; echo touched=$?` }
        : { kind: 'text', text: verifierMessage('PASS') },
    );
    let user = userInfo().username;
    const result = await dispatch(cli, rig(), dir, {
      role: 'verifier',
      onLease: (lease) => (user = lease.user?.name ?? user),
    });

    expect(result.status).toBe('done');
    const output = server().requests.find((r) => r.call?.turn === 1)?.call?.lastToolResult ?? '';
    // As root the session runs as its leased agent user; as an ordinary user, as that user.
    expect(output.split('\n')).toContain(user);
    expect(output).toMatch(/Read-only file system/);
    expect(output).toMatch(/touched=1/);
    expect(existsSync(probe)).toBe(false);
  });
});
