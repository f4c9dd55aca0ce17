/**
 * okstra run by a developer as themselves, not root: agents then run as that
 * same user (no isolation, said once), and nothing okstra does may need root.
 * Every other test runs as root (CI does), so this is the one place a
 * root-only step (a chown to root, a root-only folder) would be caught.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, inject, it } from 'vitest';
import { agentScratchDir, tempDir } from '../helpers/git-repos.js';

const DEVELOPER = 'okstra-developer';
const REPO_ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/** An ordinary account (no sudo rule, no groups), made once; null with the reason where it cannot be. */
function developer(): { uid: number; gid: number } | { skip: string } {
  if (process.getuid?.() !== 0) return { skip: 'needs root to create the ordinary user (and runs as one already)' };
  if (spawnSync('getent', ['passwd', DEVELOPER], { stdio: 'ignore' }).status !== 0)
    execFileSync('useradd', ['--create-home', '--shell', '/bin/bash', DEVELOPER]);
  const id = (flag: string): number => Number(execFileSync('id', [flag, DEVELOPER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * The freshly bundled CLI with the files it finds beside itself (package.json, prompts/, examples/), copied where
 * the ordinary user can read them: the checkout may live under a folder only root may enter.
 */
function readablePackage(): string {
  const root = tempDir('okstra-package-');
  chmodSync(root, 0o755);
  const bundle = dirname(inject('okstraCliPath'));
  mkdirSync(join(root, 'dist'));
  for (const file of readdirSync(bundle)) cpSync(join(bundle, file), join(root, 'dist', file));
  for (const part of ['package.json', 'prompts', 'examples'])
    cpSync(join(REPO_ROOT, part), join(root, part), { recursive: true });
  execFileSync('chmod', ['-R', 'a+rX', root]);
  return join(root, 'dist', 'cli.js');
}

const user = developer();
if ('skip' in user) console.warn(`ordinary-user test skipped: ${user.skip}`);

describe.skipIf('skip' in user)('okstra as an ordinary user', () => {
  it('runs the demo end to end as that user: agents run as the same user, said once, and every file stays theirs', async () => {
    if ('skip' in user) return;
    const cli = readablePackage();
    const home = tempDir('okstra-developer-home-');
    chownSync(home, user.uid, user.gid);
    const dir = join(agentScratchDir('okstra-developer-work-'), 'demo');

    const res = await execa(process.execPath, [cli, 'demo', '--dir', dir], {
      uid: user.uid,
      gid: user.gid,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8' },
      cwd: home,
      reject: false,
    });
    expect(res.exitCode, `${String(res.stdout)}\n${String(res.stderr)}`).toBe(0);
    const out = String(res.stdout) + String(res.stderr);
    expect(out.split(`agents run as you (${DEVELOPER})`).length - 1).toBe(1);
    expect(out).toContain('all stages done');
    expect(out).toContain('okstra demo: done.');
    expect(out).not.toMatch(/EPERM|EACCES|internal error/);

    // Nothing in the demo repository became root's: the developer can still change and delete all of it.
    const notTheirs = execFileSync('find', [dir, '!', '-user', DEVELOPER], { encoding: 'utf8' }).trim();
    expect(notTheirs).toBe('');
  });
});
