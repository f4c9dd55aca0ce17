/**
 * A lease whose owner died (okstra killed with SIGKILL) is taken over, and
 * whatever the dead run's agent still runs as that user is killed first:
 * the next lease of the user never shares it with a stranger's leftovers.
 */
import { execa } from 'execa';
import { once } from 'node:events';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentUserPool, processesOf } from '../../src/sandbox/agent-users.js';
import { lockOwner, takeLock } from '../../src/sandbox/lease-locks.js';
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

/**
 * A user whose owner died, with a takeover guard holding `guard`: two more pools lease other users, one after the
 * other, and leave the guard where it is.
 */
async function expectGuardKept(guard: string): Promise<void> {
  const lockDir = join(tempDir('okstra-locks-'), 'locks');
  const first = new AgentUserPool({ lockDir, prefix: PREFIX });
  const user = await first.acquire();
  await first.releaseAll();
  const lock = join(lockDir, `${user.name}.lock`);
  writeFileSync(lock, String(await deadPid()));
  writeFileSync(`${lock}.takeover`, guard);

  const pools = [0, 1].map(() => new AgentUserPool({ lockDir, prefix: PREFIX }));
  const leased = [];
  for (const pool of pools) leased.push(await pool.acquire());
  expect(leased.map((u) => u.name)).not.toContain(user.name);
  expect(existsSync(`${lock}.takeover`)).toBe(true);
  for (const pool of pools) await pool.releaseAll();
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

  // The attacking stand-in: a racer frozen in the middle of taking a stale lock over, its guard just created and
  // its pid not yet in it (the state an exclusive create followed by a write left visible). A racer that removed
  // such a guard as ownerless let a third one take the same user over: two runs on one user, each killing the
  // other's agent on release. Seen as a verifier or planner ending in error within a second under load.
  it('a takeover in progress is never broken up: its guard stays, and nobody else takes that user', async () => {
    await expectGuardKept('');
  });

  // A guard that looks ownerless may be a new racer's a moment later: removing it on that look let two takeovers
  // run at once, the second killing the agent the first had just started. Only its owner removes a guard.
  it('a guard whose owner died mid-takeover stays, and its user is skipped rather than shared', async () => {
    await expectGuardKept(String(await deadPid()));
  });

  it('a stale lock is taken over under its guard: while its leftovers die a racer finds it held, then it names its new owner', async () => {
    const lockDir = join(tempDir('okstra-locks-'), 'locks');
    const pool = new AgentUserPool({ lockDir, prefix: PREFIX });
    await pool.acquire(); // makes the folder as okstra does
    await pool.releaseAll();
    const lock = join(lockDir, `${PREFIX}99.lock`);
    const dead = await deadPid();
    writeFileSync(lock, String(dead));
    const during: { owner: number; racer: string }[] = [];
    const taken = await takeLock(lock, async () => {
      during.push({ owner: lockOwner(lock), racer: await takeLock(lock, async () => undefined) });
    });
    expect(taken).toBe('taken-over');
    expect(during).toEqual([{ owner: dead, racer: 'held' }]);
    expect(lockOwner(lock)).toBe(process.pid);
    // Neither the guard nor a half-made file is left behind.
    expect(readdirSync(lockDir).filter((f) => f.startsWith(`${PREFIX}99.`))).toEqual([`${PREFIX}99.lock`]);
  });
});
