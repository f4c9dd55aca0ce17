/**
 * Many leases at once from one pool (a verify phase's twelve verifiers):
 * each still gets a user of its own, and releases that overlap (one scan of
 * /proc serving several) still kill every user's leftovers, each only its own.
 */
import { execa } from 'execa';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentUserPool, processesOf } from '../../src/sandbox/agent-users.js';
import { tempDir } from '../helpers/git-repos.js';

// Its own prefix: no other test file leases these users, so killing their processes touches nobody else's.
const PREFIX = 'okstra-conc-';
const root = process.getuid?.() === 0;

const sleeper = (user: { uid: number; gid: number }) =>
  execa('sleep', ['300'], { uid: user.uid, gid: user.gid, detached: true, reject: false });

describe.skipIf(!root)('agent users: many leases at once', () => {
  it('twelve concurrent acquires from one pool get twelve different users', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const users = await Promise.all(Array.from({ length: 12 }, () => pool.acquire()));
    expect(new Set(users.map((u) => u.name)).size).toBe(12);
    expect(new Set(users.map((u) => u.uid)).size).toBe(12);
    expect(users.map((u) => u.uid)).not.toContain(0);
    await pool.releaseAll();
    // Released: the next lease starts from the first user again.
    const again = await pool.acquire();
    expect(users.map((u) => u.name)).toContain(again.name);
    await pool.releaseAll();
  });

  it('overlapping releases kill each user’s leftovers and leave a user still leased alone', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const [a, b, kept] = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire()]);
    if (!a || !b || !kept) throw new Error('no users');
    const leftovers = [sleeper(a), sleeper(b)];
    const running = sleeper(kept);
    await Promise.all([...leftovers, running].map((p) => once(p, 'spawn')));
    const [seenA, seenB, seenKept] = await Promise.all([processesOf(a.uid), processesOf(b.uid), processesOf(kept.uid)]);
    expect(seenA.length).toBeGreaterThan(0);
    expect(seenB.length).toBeGreaterThan(0);
    expect(seenKept.length).toBeGreaterThan(0);

    await Promise.all([pool.release(a), pool.release(b)]);
    // A release leaves SIGKILL pending in each of the user's processes and returns; on a loaded machine one can
    // still be listed until the kernel runs it once more. Its end, awaited here, is the event that follows.
    for (const l of leftovers) expect((await l).signal).toBe('SIGKILL');
    expect(await processesOf(a.uid)).toEqual([]);
    expect(await processesOf(b.uid)).toEqual([]);
    expect(await processesOf(kept.uid)).toEqual(seenKept);

    await pool.release(kept);
    expect((await running).signal).toBe('SIGKILL');
  });

  it('a process started after a scan began is still found by a caller that asked after it started', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const user = await pool.acquire();
    // A scan in flight for someone else; then a process starts; then this caller asks.
    const inFlight = processesOf(0);
    const late = sleeper(user);
    await once(late, 'spawn');
    const [, found] = await Promise.all([inFlight, processesOf(user.uid)]);
    expect(found).toContain(late.pid);
    await pool.releaseAll();
    expect((await late).signal).toBe('SIGKILL');
  });
});
