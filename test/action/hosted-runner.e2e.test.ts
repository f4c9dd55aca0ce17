/**
 * The GitHub-hosted runner's situation, for real: the job's user is an
 * ordinary user with passwordless sudo, so an agent running as that user
 * could become root. The bundled Action is started as such a user
 * (`okstra-runner`, created here with a NOPASSWD sudoers rule as on GitHub's
 * images); it must re-execute itself as root through sudo, run every agent
 * as a separate user without sudo, and leave the checkout owned by the
 * runner's user. The agents are the attacking stand-ins of attack-harness.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attackedRun, revealed } from './attack-harness.js';

const RUNNER = 'okstra-runner';

/** The runner user with its sudo rule; null (with the reason) where this machine cannot have one. */
function hostedRunnerUser(): { uid: number; gid: number } | { skip: string } {
  if (process.getuid?.() !== 0) return { skip: 'needs root to create the runner user' };
  if (spawnSync('sudo', ['--version'], { stdio: 'ignore' }).status !== 0)
    return { skip: 'sudo is not installed (scripts/install-test-tools.sh installs it with apt-get)' };
  if (spawnSync('getent', ['passwd', RUNNER], { stdio: 'ignore' }).status !== 0)
    execFileSync('useradd', ['--create-home', '--shell', '/bin/bash', RUNNER]);
  const rule = '/etc/sudoers.d/okstra-runner';
  if (!existsSync(rule)) writeFileSync(rule, `${RUNNER} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
  const id = (flag: string): number => Number(execFileSync('id', [flag, RUNNER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

const runner = hostedRunnerUser();
if ('skip' in runner) console.warn(`hosted-runner e2e skipped: ${runner.skip}`);

describe.skipIf('skip' in runner)('on a runner whose user has passwordless sudo', () => {
  it('the Action re-executes itself as root, runs every agent as a separate user without sudo (no secret, no write outside its tree), and hands the checkout back to the runner', async () => {
    if ('skip' in runner) return;
    // Sanity: this user really can become root without a password, as on GitHub.
    const probe = spawnSync(
      'setpriv',
      [`--reuid=${runner.uid}`, `--regid=${runner.gid}`, '--init-groups', 'sudo', '-n', 'true'],
      { encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);

    const s = await attackedRun({ isolation: 'auto', runner });
    expect(s.run.exitCode, s.run.stdout + s.run.stderr).toBe(0);
    expect(s.run.stdout).toContain("re-running this step as root through the runner's passwordless sudo");
    expect(s.run.stdout).toMatch(/isolation: agents and QA commands ran as separate unprivileged users/);
    expect(readFileSync(s.run.files.output, 'utf8')).toMatch(/^verdict<<.*\nPASS\n/m);

    expect(s.loot.map((l) => l.role).sort()).toEqual(['executor', 'qa', 'qa', 'verifier']);
    for (const l of s.loot) {
      expect(l.uid, `${l.role} ran as root`).not.toBe(0);
      expect(l.uid, `${l.role} ran as the runner's user, who has sudo`).not.toBe(runner.uid);
    }
    expect(revealed(s.loot, s.canaries)).toEqual([]);
    for (const l of s.loot)
      for (const path of s.forbiddenWrites) expect(l.writes[path], `${l.role} → ${path}`).not.toBe('written');
    for (const l of s.loot) expect(l.git.push).not.toBe('pushed');
    expect((await s.ledgerRows()).map((r) => r.status)).toEqual(['started', 'done']);

    // Nothing in the checkout is left to root: the job's later steps (and the post step) run as the runner's user.
    const rootOwned = execFileSync('find', [s.workspace, '-uid', '0', '-print'], { encoding: 'utf8' }).trim();
    expect(rootOwned).toBe('');
  });
});
