/**
 * Attacking stand-in agents through the bundled Action: with the trust
 * boundary on (the default) they get nothing; the same attackers with
 * `isolation: none` get the secrets, which shows the test can fail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { revealedAmong } from '../helpers/canary.js';
import { api, attackedRun, revealed } from './attack-harness.js';

describe('attacking stand-in agents against the trust boundary', () => {
  it('with isolation (the default), the executor, the verifier and a QA command reach no secret, write nothing outside their own tree, and cannot touch the ledger', async () => {
    const s = await attackedRun({ isolation: 'auto' });
    expect(s.run.exitCode, s.run.stdout + s.run.stderr).toBe(0);
    expect(s.run.stdout).toMatch(/isolation: agents and QA commands ran as separate unprivileged users/);

    // Every attacker ran and reported: executor, QA (at the head, then at the base with the stage’s tests), verifier, each as an unprivileged agent user (one at a time here, so one user may serve them in turn).
    expect(s.loot.map((l) => l.role).sort()).toEqual(['executor', 'qa', 'qa', 'verifier']);
    expect(s.loot.every((l) => l.uid !== 0 && l.uid !== process.getuid?.() && l.gid !== 0)).toBe(true);

    // Nothing secret in anything they could read, in any form.
    expect(revealed(s.loot, s.canaries)).toEqual([]);
    for (const l of s.loot) {
      // okstra's own environment and the runner's private files were refused by the kernel, not merely empty.
      expect(Object.entries(l.denied).filter(([p]) => /\/proc\/\d+\/environ$/.test(p)).length).toBeGreaterThan(0);
      expect(l.git.config ?? '').not.toMatch(/extraheader/i);
    }

    // No write outside the allowed paths landed; the runner's file commands are untouched by them.
    for (const l of s.loot)
      for (const path of s.forbiddenWrites) expect(l.writes[path], `${l.role} → ${path}`).not.toBe('written');
    for (const path of s.forbiddenWrites) expect(existsSync(path), path).toBe(false);
    for (const l of s.loot)
      for (const [path, result] of Object.entries(l.writes))
        if (/ATTACK-.*-(executor|verifier|qa)\.txt$/.test(path) && !path.includes('-own-tree-'))
          expect(result, `${l.role} wrote into another session's tree ${path}`).not.toBe('written');
    // (What an attacker appends is `<marker>:<role>:<uid>`; the executor's own marker file may be named in the report.)
    expect(readFileSync(s.run.files.output, 'utf8')).not.toContain(`${s.marker}:`);
    expect(readFileSync(s.run.files.summary, 'utf8')).not.toContain(`${s.marker}:`);
    expect(readFileSync(s.run.files.state, 'utf8')).not.toContain(`${s.marker}:`);
    expect(readFileSync('/etc/passwd', 'utf8')).not.toContain(`${s.marker}:`);

    // The verifier could not write the tree it reviews; the executor could write its own (and only that).
    const verifier = s.loot.find((l) => l.role === 'verifier');
    expect(Object.entries(verifier?.writes ?? {}).find(([p]) => p.endsWith('-own-tree-verifier.txt'))?.[1]).toMatch(
      /EACCES|EPERM|EROFS/,
    );
    const executor = s.loot.find((l) => l.role === 'executor');
    expect(Object.entries(executor?.writes ?? {}).find(([p]) => p.endsWith('-own-tree-executor.txt'))?.[1]).toBe(
      'written',
    );

    // The ledger: neither moved locally nor pushed by an agent; only okstra's two rows for this run are on it.
    for (const l of s.loot) {
      expect(l.git.updateRef).not.toBe('moved');
      expect(l.git.push).not.toBe('pushed');
    }
    expect(await s.ledgerRows()).toEqual([
      expect.objectContaining({ status: 'started' }),
      expect.objectContaining({ status: 'done' }),
    ]);
    const rows = await s.ledgerRows();
    expect(new Set(rows.map((r) => r.run_id)).size).toBe(1);

    // And no canary in what okstra itself wrote or sent.
    const log = (s.run.stdout + s.run.stderr)
      .split('\n')
      .filter((l) => !l.startsWith('::add-mask::'))
      .join('\n');
    const sent = (api?.requests ?? []).map((r) => r.raw).join('\n');
    expect(revealedAmong(log, s.canaries), 'the log reveals these').toEqual([]);
    expect(revealedAmong(s.run.summary, s.canaries), 'the summary reveals these').toEqual([]);
    expect(revealedAmong(sent, s.canaries), 'a request reveals these').toEqual([]);
  });

  it('the same attackers with isolation: none get the secrets and write outside their tree (the attack works when the boundary is off)', async () => {
    const s = await attackedRun({ isolation: 'none' });
    // The executor at least ran (with the ledger in reach it can end the run there, which okstra then calls a contract violation).
    expect(s.loot.length).toBeGreaterThanOrEqual(1);
    expect(s.loot.some((l) => l.git.updateRef === 'moved' || l.git.push === 'pushed')).toBe(true);
    // okstra's environment (its inputs as the runner gave them, the runtime token) is readable from /proc.
    expect(revealed(s.loot, s.canaries)).toEqual(expect.arrayContaining(['githubToken', 'anthropic', 'runtimeToken']));
    expect(s.forbiddenWrites.some((path) => existsSync(path))).toBe(true);
    // The report says plainly that agents ran with okstra's privileges.
    expect(s.run.summary + s.run.stdout).toMatch(/isolation: none|okstra's own privileges/);
  });
});
