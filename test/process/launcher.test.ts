/**
 * The launcher (src/process/launcher.ts) starts okstra's processes instead of
 * Node's spawn. What runs must be exactly what a spawn would have run — the
 * program, its arguments, environment, folder, identity and descriptors —
 * its streams must reach their own caller and no one else, and its socket
 * must be out of an agent user's reach. Each test goes through the real
 * Perl launcher (prepareLauncher waits until it runs), except those of the
 * direct start (OKSTRA_LAUNCHER=direct), which must give a program the same
 * stdin file the launcher gives it.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../../src/process/run-captured.js';
import { killAllProcessesOf, launcherPid, prepareLauncher, startProcess } from '../../src/process/start-process.js';
import { StartError, type StartedProcess, type StartRequest } from '../../src/process/started-process.js';
import { AgentUserPool } from '../../src/sandbox/agent-users.js';
import { tempDir } from '../helpers/git-repos.js';
import { isAlive, waitForDeath } from '../providers/helpers.js';

const root = process.getuid?.() === 0;
// Its own prefix: no other test file leases these users, so killing their processes touches nobody else's.
const PREFIX = 'okstra-launch-';
const PATH = process.env.PATH ?? '/usr/bin:/bin';

beforeAll(async () => {
  expect(await prepareLauncher(10_000), 'the launcher runs (perl is on PATH)').toBe(true);
});

const parentOf = (pid: number): number =>
  Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** The launcher's socket path, the one argument it was started with. */
function socketPath(): string {
  const argv = readFileSync(`/proc/${launcherPid() as number}/cmdline`, 'utf8').split('\0');
  return argv[argv.length - 2] as string;
}

/**
 * A stdin file's content: lines of text, then every byte value but NUL over and over, 200 KB in all, more than
 * a pipe or socket buffer holds, so a child that got only a first chunk of it would show it.
 */
function stdinFileContent(): Buffer {
  const text = Buffer.from('first line\nsecond line\twith a tab and ünïcode\n\nafter an empty line\n');
  const binary = Buffer.from(Array.from({ length: 200 * 1024 }, (_, i) => (i % 255) + 1));
  return Buffer.concat([text, binary, Buffer.from('\nno newline at the end')]);
}

/** Copies its stdin to stdout, then says on stderr who its parent is and what its fd 0 is. */
const ECHO_STDIN = 'cat; echo "ppid=$PPID" >&2; echo "fd0=$(readlink /proc/self/fd/0)" >&2; exit 3';

/** Starts `request`, reads both its streams to their end and waits for its exit. */
async function runToEnd(request: StartRequest): Promise<{
  child: StartedProcess;
  stdinEndedAtStart: boolean;
  stdout: Buffer;
  stderr: string;
  code: number | null;
}> {
  const child = await startProcess(request);
  const stdinEndedAtStart = child.stdin.writableEnded;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => err.push(d));
  child.stdout.resume();
  child.stderr.resume();
  const [status] = await Promise.all([child.exited, child.outputClosed]);
  return {
    child,
    stdinEndedAtStart,
    stdout: Buffer.concat(out),
    stderr: Buffer.concat(err).toString(),
    code: status.code,
  };
}

/** What the descriptors of process `pid` name; one that closes while being read is left out. */
function openFilesOf(pid: number | 'self'): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

/** Runs `f` with OKSTRA_LAUNCHER=direct (startProcess reads it on each call), then puts the variable back. */
async function directly<T>(f: () => Promise<T>): Promise<T> {
  const saved = process.env.OKSTRA_LAUNCHER;
  process.env.OKSTRA_LAUNCHER = 'direct';
  try {
    return await f();
  } finally {
    if (saved === undefined) delete process.env.OKSTRA_LAUNCHER;
    else process.env.OKSTRA_LAUNCHER = saved;
  }
}

/** How many descriptors beyond 0–2 an `ls /proc/self/fd` saw open. */
const descriptorsAbove2 = (listing: Buffer): number =>
  listing
    .toString()
    .trim()
    .split('\n')
    .map(Number)
    .filter((fd) => fd > 2).length;

describe('the launcher', () => {
  it('runs the program with its arguments, exactly its environment, its folder, stdin in and both streams out', async () => {
    const dir = tempDir('okstra-launch-');
    const script = 'read -r line; echo "out:$line:$1:$2:$(pwd):$ONLY"; echo "err" >&2; env | sort > env.txt; exit 7';
    const result = await runCaptured({
      file: 'sh',
      args: ['-c', script, 'sh', 'a b', "c'd"],
      cwd: dir,
      env: { PATH, ONLY: 'this' },
      input: 'hello\n',
    });
    expect(result).toMatchObject({ exitCode: 7, signal: null });
    expect(result.stdout.toString()).toBe(`out:hello:a b:c'd:${dir}:this\n`);
    expect(result.stderr.toString()).toBe('err\n');
    const env = readFileSync(join(dir, 'env.txt'), 'utf8').trim().split('\n');
    // sh adds PWD (and OLDPWD/SHLVL on some shells); nothing of okstra's environment comes along.
    expect(env.filter((l) => !/^(PWD|OLDPWD|SHLVL|_)=/.test(l))).toEqual(['ONLY=this', `PATH=${PATH}`]);
  });

  it('is the parent of what it starts, and a detached child leads its own session', async () => {
    const child = await startProcess({
      file: 'sh',
      args: ['-c', 'cat /proc/self/stat; sleep 5'],
      cwd: '/',
      env: { PATH },
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.end();
    while (!out.includes(')')) await new Promise((r) => setTimeout(r, 5));
    expect(parentOf(child.pid)).toBe(launcherPid());
    const fields = out.slice(out.lastIndexOf(')') + 2).split(' ');
    // stat fields after the name: state, ppid, pgrp, session.
    expect(Number(fields[2])).toBe(child.pid);
    expect(Number(fields[3])).toBe(child.pid);
    process.kill(-child.pid, 'SIGKILL');
    expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await child.outputClosed;
  });

  it('gives the child no descriptor but its three streams', async () => {
    const result = await runCaptured({ file: 'ls', args: ['/proc/self/fd'], cwd: '/', env: { PATH } });
    // ls itself opens one folder to list it.
    expect(descriptorsAbove2(result.stdout)).toBeLessThanOrEqual(1);
  });

  it('says why a program cannot start, as a spawn error names it', async () => {
    const dir = tempDir('okstra-launch-');
    const notExecutable = join(dir, 'plain.txt');
    writeFileSync(notExecutable, 'echo hi\n');
    chmodSync(notExecutable, 0o644);
    const cases: Array<[string, string, string]> = [
      ['okstra-no-such-program', dir, 'ENOENT'],
      ['sh', join(dir, 'no-such-folder'), 'ENOENT'],
      [notExecutable, dir, 'EACCES'],
    ];
    for (const [file, cwd, code] of cases) {
      const error = await startProcess({ file, args: [], cwd, env: { PATH }, detached: false }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${file} in ${cwd}`).toBeInstanceOf(StartError);
      expect((error as StartError).code).toBe(code);
    }
    await expect(
      startProcess({ file: 'sh', args: ['a\0b'], cwd: dir, env: { PATH }, detached: false }),
    ).rejects.toThrow(/NUL byte/);
  });

  it('keeps fifty concurrent processes’ streams apart and carries megabytes intact', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        runCaptured({
          file: 'sh',
          args: ['-c', 'cat; echo "$1" >&2', 'sh', `err-${i}`],
          cwd: '/',
          env: { PATH },
          input: `in-${i}\n`.repeat(i === 7 ? 400_000 : 3),
        }),
      ),
    );
    results.forEach((r, i) => {
      expect(r.stdout.toString()).toBe(`in-${i}\n`.repeat(i === 7 ? 400_000 : 3));
      expect(r.stderr.toString()).toBe(`err-${i}\n`);
      expect(r.exitCode).toBe(0);
    });
  });

  it('drops a connection that brings no live token, and the next start is unaffected', async () => {
    const stray = connect(socketPath());
    await new Promise<void>((resolve, reject) => {
      stray.once('connect', () => resolve());
      stray.once('error', reject);
    });
    stray.write(`${'0'.repeat(32)}1`);
    const closed = await new Promise<boolean>((resolve) => {
      stray.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    expect(closed, 'the launcher’s server closed the stray connection').toBe(true);
    const result = await runCaptured({ file: 'echo', args: ['fine'], cwd: '/', env: { PATH } });
    expect(result.stdout.toString()).toBe('fine\n');
  });

  it('gives a child its stdin file itself as fd 0: all of its bytes, then EOF, and still both streams out', async () => {
    const dir = tempDir('okstra-launch-');
    const file = join(dir, 'prompt.bin');
    const content = stdinFileContent();
    writeFileSync(file, content);
    const run = await runToEnd({
      file: 'sh',
      args: ['-c', ECHO_STDIN],
      cwd: dir,
      env: { PATH },
      detached: false,
      stdinFile: file,
    });
    // Nothing for okstra to write: a write would go nowhere, so the stream says so from the start.
    expect(run.stdinEndedAtStart).toBe(true);
    expect(run.code).toBe(3);
    // cat ended, so it met EOF after exactly the file's bytes.
    expect(run.stdout.equals(content), `stdout is the file (${run.stdout.length} of ${content.length} bytes)`).toBe(
      true,
    );
    // Its parent is the launcher (not a direct start), and fd 0 is the file, not a pipe or a socket from okstra.
    expect(run.stderr).toBe(`ppid=${launcherPid()}\nfd0=${realpathSync(file)}\n`);
    // Only the launcher's child opened it: the launcher itself keeps nothing of it.
    expect(openFilesOf(launcherPid() as number)).not.toContain(realpathSync(file));
  });

  it('gives a child with a stdin file no other descriptor of it', async () => {
    const dir = tempDir('okstra-launch-');
    const file = join(dir, 'prompt.md');
    writeFileSync(file, 'the prompt\n');
    const result = await runCaptured({ file: 'ls', args: ['/proc/self/fd'], cwd: '/', env: { PATH }, stdinFile: file });
    // ls itself opens one folder to list it; a copy of the file left open past fd 0 would be one more.
    expect(descriptorsAbove2(result.stdout)).toBeLessThanOrEqual(1);
  });

  it('says ENOENT for a missing stdin file, runs nothing, and the next start works', async () => {
    const dir = tempDir('okstra-launch-');
    const before = launcherPid();
    const error = await startProcess({
      file: 'sh',
      args: ['-c', 'echo ran > ran.txt'],
      cwd: dir,
      env: { PATH },
      detached: false,
      stdinFile: join(dir, 'no-such-prompt.md'),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartError);
    expect((error as StartError).code).toBe('ENOENT');
    // The child fails before its exec: the program never ran.
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    // A refused start is the request's failure, not the launcher's: the same launcher serves the next ones.
    expect(launcherPid()).toBe(before);
    expect((await runCaptured({ file: 'echo', args: ['fine'], cwd: '/', env: { PATH } })).stdout.toString()).toBe(
      'fine\n',
    );
    const file = join(dir, 'prompt.md');
    writeFileSync(file, 'now it exists\n');
    const next = await runToEnd({ file: 'cat', args: [], cwd: dir, env: { PATH }, detached: false, stdinFile: file });
    expect(next.stdout.toString()).toBe('now it exists\n');
    expect(launcherPid()).toBe(before);
  });

  it('refuses a relative stdin file with a TypeError before anything starts, whichever way it would start', async () => {
    const dir = tempDir('okstra-launch-');
    // It exists beside the program's folder: a relative path is refused, not looked up against some folder.
    writeFileSync(join(dir, 'prompt.md'), 'the prompt\n');
    const request: StartRequest = {
      file: 'sh',
      args: ['-c', 'echo ran > ran.txt'],
      cwd: dir,
      env: { PATH },
      detached: false,
      stdinFile: 'prompt.md',
    };
    await expect(startProcess(request)).rejects.toThrow(TypeError);
    await expect(startProcess(request)).rejects.toThrow(/stdin file must be an absolute path/);
    await expect(directly(() => startProcess(request))).rejects.toThrow(TypeError);
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
  });
});

describe('starting directly (OKSTRA_LAUNCHER=direct) with a stdin file', () => {
  it('gives the child its stdin file itself as fd 0: all of its bytes, then EOF, and still both streams out', async () => {
    const dir = tempDir('okstra-direct-');
    const file = join(dir, 'prompt.bin');
    const content = stdinFileContent();
    writeFileSync(file, content);
    const run = await directly(async () => {
      const child = await startProcess({
        file: 'sh',
        args: ['-c', ECHO_STDIN],
        cwd: dir,
        env: { PATH },
        detached: false,
        stdinFile: file,
      });
      // okstra's copy is closed once the child has its own: a run of many starts must not pile up descriptors.
      expect(openFilesOf('self')).not.toContain(realpathSync(file));
      const stdinEndedAtStart = child.stdin.writableEnded;
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => err.push(d));
      child.stdout.resume();
      child.stderr.resume();
      const [status] = await Promise.all([child.exited, child.outputClosed]);
      return {
        stdinEndedAtStart,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString(),
        code: status.code,
      };
    });
    expect(run.stdinEndedAtStart).toBe(true);
    expect(run.code).toBe(3);
    expect(run.stdout.equals(content), `stdout is the file (${run.stdout.length} of ${content.length} bytes)`).toBe(
      true,
    );
    // Its parent is this process (Node's spawn, not the launcher), and fd 0 is the file, not a pipe.
    expect(run.stderr).toBe(`ppid=${process.pid}\nfd0=${realpathSync(file)}\n`);
  });

  it('says ENOENT for a missing stdin file, runs nothing, and the next start works', async () => {
    const dir = tempDir('okstra-direct-');
    const error = await directly(() =>
      startProcess({
        file: 'sh',
        args: ['-c', 'echo ran > ran.txt'],
        cwd: dir,
        env: { PATH },
        detached: false,
        stdinFile: join(dir, 'no-such-prompt.md'),
      }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartError);
    expect((error as StartError).code).toBe('ENOENT');
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    const file = join(dir, 'prompt.md');
    writeFileSync(file, 'now it exists\n');
    const next = await directly(() =>
      runToEnd({
        file: 'sh',
        args: ['-c', 'cat; echo "ppid=$PPID" >&2'],
        cwd: dir,
        env: { PATH },
        detached: false,
        stdinFile: file,
      }),
    );
    expect(next.stdout.toString()).toBe('now it exists\n');
    expect(next.stderr).toBe(`ppid=${process.pid}\n`);
  });
});

describe.skipIf(!root)('the launcher and agent users', () => {
  it('runs as the user: real, effective, saved and file-system ids, and no group but its own', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const user = await pool.acquire();
    try {
      const result = await runCaptured({
        file: 'grep',
        args: ['-E', '^(Uid|Gid|Groups):', '/proc/self/status'],
        cwd: '/',
        env: { PATH },
        user,
      });
      const lines = result.stdout.toString().trim().split('\n');
      expect(lines[0]?.split(/\s+/).slice(1)).toEqual(Array(4).fill(String(user.uid)));
      expect(lines[1]?.split(/\s+/).slice(1)).toEqual(Array(4).fill(String(user.gid)));
      expect(lines[2]?.split(/\s+/).slice(1).filter(Boolean)).toEqual([String(user.gid)]);
    } finally {
      await pool.release(user);
    }
  });

  it('an agent user cannot reach the launcher’s socket (a stand-in that tries, and one that would succeed without the private folder)', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const user = await pool.acquire();
    try {
      const attempt = (path: string): string =>
        execFileSync(
          process.execPath,
          [
            '-e',
            `require('net').connect(${JSON.stringify(path)}).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); })`,
          ],
          { uid: user.uid, gid: user.gid, encoding: 'utf8' },
        ).trim();
      expect(attempt(socketPath())).toBe('EACCES');
      // The control: a socket in a folder the user may enter accepts it, so the refusal above is the folder's doing.
      const open = tempDir('okstra-open-socket-');
      chmodSync(open, 0o755);
      const server = (await import('node:net')).createServer((s) => s.destroy());
      const path = join(open, 's');
      await new Promise<void>((r) => server.listen(path, r));
      chmodSync(path, 0o777);
      try {
        expect(attempt(path)).toBe('connected');
      } finally {
        server.close();
      }
    } finally {
      await pool.release(user);
    }
  });

  it('kills every process of a user, one that left its session too, and leaves other users’ alone', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const [user, other] = [await pool.acquire(), await pool.acquire()];
    const escapee = async (u: { uid: number; gid: number }): Promise<number> => {
      // detached: a session and group of its own, started outside the launcher, as a daemon an agent left would be.
      const child = spawn('sleep', ['300'], { uid: u.uid, gid: u.gid, detached: true, stdio: 'ignore' });
      child.unref();
      await once(child, 'spawn');
      return child.pid as number;
    };
    const [mine, theirs] = await Promise.all([escapee(user), escapee(other)]);
    try {
      expect(isAlive(mine) && isAlive(theirs)).toBe(true);
      expect(await killAllProcessesOf(user)).toBe(true);
      expect(await waitForDeath(mine, 5000)).toBe(true);
      expect(isAlive(theirs), 'another user’s process').toBe(true);
    } finally {
      process.kill(theirs, 'SIGKILL');
      await pool.release(user);
      await pool.release(other);
    }
  });

  it('gives an agent user a stdin file it could not open itself: okstra opens it, as a shell’s < would', async () => {
    const pool = new AgentUserPool({ lockDir: join(tempDir('okstra-locks-'), 'locks'), prefix: PREFIX });
    const user = await pool.acquire();
    try {
      const dir = tempDir('okstra-launch-');
      // The user may enter the folder: only the file's own mode keeps it out.
      chmodSync(dir, 0o755);
      const file = join(dir, 'prompt.md');
      writeFileSync(file, 'for root only\nsecond line\n');
      chmodSync(file, 0o600);
      expect(statSync(file).uid).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The control: the same user opening the file itself is refused.
      const script = 'cat; if cat "$1" > /dev/null 2>&1; then echo opened >&2; else echo refused >&2; fi; id -u >&2';
      for (const mode of ['launcher', 'direct'] as const) {
        const request: StartRequest = {
          file: 'sh',
          args: ['-c', script, 'sh', file],
          cwd: '/',
          env: { PATH },
          detached: false,
          user,
          stdinFile: file,
        };
        const run = mode === 'direct' ? await directly(() => runToEnd(request)) : await runToEnd(request);
        expect(run.code, mode).toBe(0);
        expect(run.stdout.toString(), mode).toBe('for root only\nsecond line\n');
        expect(run.stderr, mode).toBe(`refused\n${user.uid}\n`);
      }
    } finally {
      await pool.release(user);
    }
  });
});
