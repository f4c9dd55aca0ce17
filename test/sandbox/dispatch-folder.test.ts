import { readdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchFolder, type AgentLease } from '../../src/sandbox/sandbox.js';
import { tempDir } from '../helpers/git-repos.js';

/** A lease "for another user" that is this process's own: enough to see which modes the folder gets. */
function leaseOfUser(): AgentLease {
  return {
    user: { name: 'stand-in user', uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
    env: {},
    giveWrite: async () => undefined,
    privateDir: async (path) => {
      await mkdir(path, { mode: 0o700 });
    },
    endProcesses: async () => undefined,
    release: async () => undefined,
  };
}

const mode = (path: string): number => statSync(path).mode & 0o7777;
const saved = process.umask();
afterEach(() => {
  process.umask(saved);
});

describe('dispatchFolder', () => {
  it('makes a folder an agent user may enter but not list (0711), with its private subfolders', async () => {
    const parent = tempDir('okstra-dispatch-parent-');
    const { dir, path } = await dispatchFolder(parent, 'okstra-dispatch-', leaseOfUser(), ['home']);
    expect(mode(dir)).toBe(0o711);
    expect(readdirSync(dir)).toEqual(['home']);
    expect(mode(path('home'))).toBe(0o700);
    expect(dir.startsWith(`${parent}/okstra-dispatch-`)).toBe(true);
  });

  it('keeps that mode under a umask that would take others’ execute bit away', async () => {
    process.umask(0o077);
    const { dir } = await dispatchFolder(tempDir('okstra-dispatch-parent-'), 'okstra-dispatch-', leaseOfUser(), []);
    expect(mode(dir)).toBe(0o711);
  });

  it('closes the folder to everyone else (0700) when no other user runs the agent', async () => {
    const { dir } = await dispatchFolder(tempDir('okstra-dispatch-parent-'), 'okstra-dispatch-', undefined, ['out']);
    expect(mode(dir)).toBe(0o700);
  });

  it('gives every dispatch its own folder, however many are made at once', async () => {
    const parent = tempDir('okstra-dispatch-parent-');
    const made = await Promise.all(
      Array.from({ length: 24 }, () => dispatchFolder(parent, 'okstra-dispatch-', leaseOfUser(), ['home'])),
    );
    expect(new Set(made.map((m) => m.dir)).size).toBe(24);
    expect(readdirSync(parent)).toHaveLength(24);
  });
});
