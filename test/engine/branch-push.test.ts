/**
 * The stage branch goes to the remote while QA and the verifiers run (its
 * head is final once the executor's work is committed). A push the remote
 * refuses must still end the run as before: after the verifiers, as an
 * okstra error with the claim released by a `failed` row and no `done`,
 * and without an unhandled rejection while the verify phase ran.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import {
  engineFor,
  executorOnly,
  LEDGER_BRANCH,
  ledgerRows,
  makeProject,
  remoteOf,
  stageBranch,
  WRITES_STAGE_FILE,
} from './helpers.js';

/** A pre-receive hook that refuses every stage branch and lets the ledger branch through. */
const REFUSE_STAGE_BRANCHES = `#!/bin/sh
while read -r old new ref; do
  case "$ref" in refs/heads/okstra/*) echo "stage branches are frozen here" >&2; exit 1 ;; esac
done
exit 0
`;

describe('runStage: the stage branch pushed during verification', () => {
  it('a push the remote refuses ends the run after the verifiers with a failed row, never done', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: (paths) => ({
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: { record: paths.recordFile('reviewer') },
      }),
    });
    const remote = await remoteOf(p);
    const hook = join(remote.bare, 'hooks', 'pre-receive');
    writeFileSync(hook, REFUSE_STAGE_BRANCHES);
    chmodSync(hook, 0o755);
    const clone = await remote.clone();
    const engine = await engineFor(p, { repoDir: clone, remote: 'origin' });

    await expect(engine.run(1)).rejects.toThrow(/push|frozen|rejected/i);

    // The verifier still ran: the refusal surfaces where the push used to be, after the verify phase.
    expect(p.records('reviewer').map((r) => r.role)).toContain('verifier');
    expect(await new Git(remote.bare).resolveCommit(`refs/heads/${stageBranch(p, 1)}`)).toBeNull();
    const rows = await ledgerRows(p, LEDGER_BRANCH, remote.bare);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({ reason: 'error', detail: expect.stringMatching(/frozen|rejected/) });
    // No tree of the run is left registered in the clone.
    const trees = await new Git(clone).ok(['worktree', 'list', '--porcelain']);
    expect(trees.split('\n').filter((l) => l.startsWith('worktree '))).toHaveLength(1);
  });
});
