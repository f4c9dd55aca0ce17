/**
 * A lease whose owner died (okstra killed with SIGKILL) is taken over, and
 * whatever the dead run's agent still runs as that user is killed first:
 * the next lease of the user never shares it with a stranger's leftovers.
 */
import { execa } from 'execa';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentUserPool, processesOf } from '../../src/sandbox/agent-users.js';
import { tempDir } from '../helpers/git-repos.js';

// Its own prefix: no other test file leases these users, so killing their processes touches nobody else's.
const PREFIX = 'okstra-stale-';
const root = process.getuid?.() === 0;

async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '']);
  const pid = child.pid as number;
  await child;
  return pid;
}

describe.skipIf(!root)('agent users: a stale lease', () => {
  it("kills the dead owner's leftover processes of that user before leasing it again", async () => {
    const lockDir = join(tempDir('okstra-locks-'), 'locks');
    const first = new AgentUserPool({ lockDir, prefix: PREFIX });
    const user = await first.acquire();
    // The dead run's agent: still running as the user.
    const leftover = execa('sleep', ['300'], { uid: user.uid, gid: user.gid, detached: true, reject: false });
    await once(leftover, 'spawn');
    expect(await processesOf(user.uid)).toContain(leftover.pid);
    // Its owner is gone: the lock names a pid that no longer runs.
    writeFileSync(join(lockDir, `${user.name}.lock`), String(await deadPid()));

    const next = new AgentUserPool({ lockDir, prefix: PREFIX });
    const again = await next.acquire();
    expect(again.name).toBe(user.name);
    expect(await processesOf(user.uid)).toEqual([]);
    expect((await leftover).signal).toBe('SIGKILL');
    expect(existsSync(join(lockDir, `${user.name}.lock.takeover`))).toBe(false);
    await next.releaseAll();
  });

  it('a lock whose owner lives is not taken over, and its processes are left alone', async () => {
    const lockDir = join(tempDir('okstra-locks-'), 'locks');
    const owner = new AgentUserPool({ lockDir, prefix: PREFIX });
    const held = await owner.acquire();
    const running = execa('sleep', ['300'], { uid: held.uid, gid: held.gid, detached: true, reject: false });
    await once(running, 'spawn');
    // Another okstra process on the machine (its own pool) must pick another user.
    const other = new AgentUserPool({ lockDir, prefix: PREFIX });
    const second = await other.acquire();
    expect(second.name).not.toBe(held.name);
    expect(await processesOf(held.uid)).toContain(running.pid);
    await other.releaseAll();
    await owner.releaseAll();
    expect((await running).signal).toBe('SIGKILL');
  });

  it('a half-written lock (no pid yet, just created) counts as held', async () => {
    const lockDir = join(tempDir('okstra-locks-'), 'locks');
    const pool = new AgentUserPool({ lockDir, prefix: PREFIX });
    const first = await pool.acquire();
    await pool.releaseAll();
    writeFileSync(join(lockDir, `${first.name}.lock`), '');
    const other = new AgentUserPool({ lockDir, prefix: PREFIX });
    const got = await other.acquire();
    expect(got.name).not.toBe(first.name);
    await other.releaseAll();
  });
});
