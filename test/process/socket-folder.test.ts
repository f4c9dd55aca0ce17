/**
 * The launcher's socket folder (src/process/socket-folder.ts) goes with the
 * process that made it, and one left by a killed process is swept by the next.
 * Real processes: a Node child makes its folder and exits, or is killed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeSocketFolder, removeSocketFolder, sweepDeadSocketFolders } from '../../src/process/socket-folder.js';
import { tempDir } from '../helpers/git-repos.js';
import { waitForDeath } from '../providers/helpers.js';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULE = join(REPO, 'src', 'process', 'socket-folder.ts');

/** A Node child that makes a socket folder under `parent`, prints it, then exits (or, with `linger`, waits to be killed). */
function child(parent: string, linger: boolean): Promise<{ dir: string; pid: number; ended: Promise<void> }> {
  const program = `const m = await import(${JSON.stringify(MODULE)}); console.log(m.makeSocketFolder(process.argv[1])); ${linger ? 'setInterval(() => undefined, 1000);' : ''}`;
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program, parent], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ended = new Promise<void>((resolve) => p.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    p.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ dir: out.trim(), pid: p.pid as number, ended });
    });
    p.once('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`the child exited (${code}) before it made its folder`));
    });
  });
}

describe('the launcher socket folder', () => {
  it('is private and named after its process, and goes when the process exits', async () => {
    const parent = tempDir('okstra-socket-parent-');
    const { dir, pid, ended } = await child(parent, false);
    expect(dir.startsWith(join(parent, `okstra-launch-${pid}-`))).toBe(true);
    await ended;
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('left by a killed process, is swept by the next one; a running process’s and a stranger’s folder stay', async () => {
    const parent = tempDir('okstra-socket-parent-');
    const killed = await child(parent, true);
    const running = await child(parent, true);
    // Not a socket folder of okstra's name: never touched.
    mkdirSync(join(parent, 'okstra-launch-not-a-pid'));
    try {
      process.kill(killed.pid, 'SIGKILL');
      await killed.ended;
      await waitForDeath(killed.pid);
      expect(existsSync(killed.dir), 'a killed process cannot remove its own folder').toBe(true);

      const mine = makeSocketFolder(parent);
      const swept = await sweepDeadSocketFolders(parent);
      expect(swept).toEqual([killed.dir]);
      expect(existsSync(killed.dir)).toBe(false);
      expect(existsSync(running.dir)).toBe(true);
      expect(existsSync(mine)).toBe(true);
      expect(existsSync(join(parent, 'okstra-launch-not-a-pid'))).toBe(true);
      expect(statSync(mine).mode & 0o777).toBe(0o700);
      removeSocketFolder(mine);
      expect(existsSync(mine)).toBe(false);
    } finally {
      process.kill(running.pid, 'SIGKILL');
      await running.ended;
    }
  });
});
