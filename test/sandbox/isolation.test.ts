import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideIsolation } from '../../src/core/isolation/index.js';
import { AgentUserPool, processesOf } from '../../src/sandbox/agent-users.js';
import { AgentFileError, makeReachable, readAgentFile } from '../../src/sandbox/fs-access.js';
import { ReachRegistry } from '../../src/sandbox/reach-registry.js';
import { checkBoundary, createSandbox, IsolationError, sandboxFor } from '../../src/sandbox/sandbox.js';
import { tempDir } from '../helpers/git-repos.js';

const base = { configured: 'auto' as const, sudoUser: null, userName: 'runner' };

describe('decideIsolation', () => {
  it.each([
    ['root, auto', { ...base, shell: 'action' as const, euid: 0 }, 'os-user'],
    ['the CLI as root', { ...base, shell: 'cli' as const, euid: 0 }, 'os-user'],
    ['the CLI as an ordinary user', { ...base, shell: 'cli' as const, euid: 1000 }, 'none'],
    ['the Action without root or sudo', { ...base, shell: 'action' as const, euid: 1001 }, 'refuse'],
    ['isolation: none as root', { ...base, configured: 'none' as const, shell: 'action' as const, euid: 0 }, 'none'],
    [
      'isolation: none without root',
      { ...base, configured: 'none' as const, shell: 'action' as const, euid: 1001 },
      'none',
    ],
  ])('%s → %s', (_name, facts, kind) => {
    expect(decideIsolation(facts).kind).toBe(kind);
  });

  it('isolation: none after a sudo re-exec runs agents as the runner user, never root, and says so', () => {
    const d = decideIsolation({
      ...base,
      configured: 'none',
      shell: 'action',
      euid: 0,
      sudoUser: { uid: 1001, gid: 1001 },
    });
    expect(d).toMatchObject({ kind: 'none', runAs: { uid: 1001, gid: 1001 } });
    if (d.kind === 'none') expect(d.statement).toMatch(/okstra's privileges: they could read the run's secrets/);
  });

  it('the refusal says what to do', () => {
    const d = decideIsolation({ ...base, shell: 'action', euid: 1001 });
    expect(d.kind === 'refuse' ? d.reason : '').toMatch(/passwordless sudo.*isolation: none/);
  });
});

/** The processes of `uid` still listed once none is or `ms` have passed. */
async function gone(uid: number, ms: number): Promise<number[]> {
  const end = Date.now() + ms;
  for (;;) {
    const left = await processesOf(uid);
    if (left.length === 0 || Date.now() >= end) return left;
    await new Promise((r) => setTimeout(r, 10));
  }
}

// Pools with their own lock folder use their own user names, so they never lease (and on release kill) a user
// another test file's run holds through the default lock folder.
const PREFIX = 'okstra-ptest-';

describe('the agent user pool (real users; these tests run as root)', () => {
  it('leases a different user to each concurrent holder, across pools (processes) too, and kills what a user left running on release', async () => {
    const lockDir = join(tempDir('okstra-locks-'), 'locks');
    const a = new AgentUserPool({ lockDir, prefix: PREFIX });
    const b = new AgentUserPool({ lockDir, prefix: PREFIX });
    const [u1, u2] = await Promise.all([a.acquire(), b.acquire()]);
    expect(u1?.uid).not.toBe(u2?.uid);
    expect([u1?.uid, u2?.uid]).not.toContain(0);
    if (!u1 || !u2) throw new Error('no users');
    // A daemon that left its process group: the uid sweep still ends it.
    const daemon = spawn('setsid', ['sleep', '600'], { uid: u1.uid, gid: u1.gid, detached: true, stdio: 'ignore' });
    daemon.unref();
    // setsid, a group leader here (detached), forks the sleep off into a session of its own and exits: the daemon is out.
    await once(daemon, 'exit');
    expect((await processesOf(u1.uid)).length).toBeGreaterThan(0);
    await a.release(u1);
    // The release leaves a SIGKILL pending in every process of the user and returns (killAllProcessesOf): the kernel
    // ends each the next time it runs, which on a loaded machine (another slow file beside this one) can be a moment
    // later. The daemon okstra did not kill would sleep ten minutes, so this still fails without the kill.
    expect(await gone(u1.uid, 5000)).toEqual([]);
    // Freed: the next lease may be the same user again.
    const u3 = await b.acquire();
    expect(u3.uid).toBe(u1.uid);
    await b.releaseAll();
  });

  it('takes over a lock whose owner died, and refuses a lock folder an agent could have planted', async () => {
    const root = tempDir('okstra-locks-');
    const lockDir = join(root, 'locks');
    mkdirSync(lockDir, { mode: 0o700 });
    writeFileSync(join(lockDir, `${PREFIX}1.lock`), '999999999');
    const pool = new AgentUserPool({ lockDir, prefix: PREFIX });
    expect((await pool.acquire()).name).toBe(`${PREFIX}1`);
    await pool.releaseAll();

    const planted = join(root, 'planted');
    symlinkSync(tempDir('okstra-elsewhere-'), planted);
    await expect(new AgentUserPool({ lockDir: planted, prefix: PREFIX }).acquire()).rejects.toThrow(
      /must be a directory owned by root/,
    );
  });

  it('the boundary check holds here: an agent user cannot read okstra’s environment', async () => {
    const sandbox = await createSandbox({ configured: 'auto', shell: 'action' });
    expect(sandbox.mode).toBe('os-user');
    expect(await checkBoundary(sandbox)).toBeNull();
    await sandbox.close();
  });

  it('isolation: none makes no users and says in its statement what it gives up', async () => {
    const sandbox = await createSandbox({ configured: 'none', shell: 'action' });
    expect(sandbox.mode).toBe('none');
    expect((await sandbox.acquire()).user).toBeNull();
    expect(sandbox.statement).toMatch(/isolation: none/);
  });

  it('the Action refuses to start agents without root or sudo, with the way out', () => {
    // sandboxFor is what createSandbox does with the decision; an ordinary user's Action gets the refusal.
    expect(() => sandboxFor(decideIsolation({ ...base, shell: 'action', euid: 1001 }))).toThrow(IsolationError);
  });
});

describe('files agents touch', () => {
  it('readAgentFile refuses a symlink (it could name a file only okstra may read) and a FIFO (it would block), and keeps the tail of a big file', async () => {
    const dir = tempDir('okstra-agent-file-');
    writeFileSync(join(dir, 'secret'), 'okstra-only');
    symlinkSync(join(dir, 'secret'), join(dir, 'link'));
    await expect(readAgentFile(join(dir, 'link'), 100)).rejects.toBeInstanceOf(AgentFileError);
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    await expect(readAgentFile(join(dir, 'fifo'), 100)).rejects.toBeInstanceOf(AgentFileError);
    writeFileSync(join(dir, 'big'), `${'x'.repeat(1000)}THE END`);
    expect(await readAgentFile(join(dir, 'big'), 7)).toEqual({ text: 'THE END', truncated: true });
    expect(await readAgentFile(join(dir, 'missing'), 7)).toBeNull();
  });

  it('makeReachable adds search permission only where it lacks, and its undo takes back exactly that', async () => {
    const top = tempDir('okstra-reach-');
    const inner = join(top, 'a', 'b');
    mkdirSync(inner, { recursive: true, mode: 0o700 });
    execFileSync('chmod', ['0700', top, join(top, 'a'), inner]);
    const undo = await makeReachable(inner);
    for (const d of [top, join(top, 'a'), inner]) expect(statSync(d).mode & 0o777).toBe(0o701);
    await undo();
    for (const d of [top, join(top, 'a'), inner]) expect(statSync(d).mode & 0o777).toBe(0o700);
  });

  it('makeReachable shares added search bits across runs: only the last live holder takes them back', async () => {
    const registry = new ReachRegistry(join(tempDir('okstra-reach-registry-'), 'reach'));
    const top = tempDir('okstra-reach-shared-');
    const a = join(top, 'run-a');
    const b = join(top, 'run-b');
    mkdirSync(a, { mode: 0o700 });
    mkdirSync(b, { mode: 0o700 });
    execFileSync('chmod', ['0700', top, a, b]);
    const undoA = await makeReachable(a, registry);
    const undoB = await makeReachable(b, registry);
    expect(statSync(top).mode & 0o777).toBe(0o701);
    // Run A ends first: the folder above both stays searchable while run B's agents still work under it.
    await undoA();
    expect(statSync(top).mode & 0o777).toBe(0o701);
    expect(statSync(a).mode & 0o777).toBe(0o700);
    await undoB();
    expect(statSync(top).mode & 0o777).toBe(0o700);
    expect(statSync(b).mode & 0o777).toBe(0o700);
  });

  it('a holder whose process died holds nothing: the next release restores the mode', async () => {
    const root = join(tempDir('okstra-reach-registry-'), 'reach');
    const registry = new ReachRegistry(root);
    const dir = tempDir('okstra-reach-dead-');
    execFileSync('chmod', ['0700', dir]);
    const undo = await registry.hold(dir);
    // A second holder that is gone (a run killed mid-stage): its pid no longer exists.
    const [entry] = readdirSync(root).filter((f) => f.endsWith('.json'));
    const file = join(root, entry as string);
    const data = JSON.parse(readFileSync(file, 'utf8')) as { mode: number; holders: string[] };
    writeFileSync(file, JSON.stringify({ ...data, holders: [...data.holders, '2147483646:1'] }));
    await undo();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(root).filter((f) => f.endsWith('.json'))).toEqual([]);
  });
});
