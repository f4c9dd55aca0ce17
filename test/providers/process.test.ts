import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BoundedBuffer, runProcess } from '../../src/providers/process.js';
import { tempDir } from '../helpers/git-repos.js';
import { SCRIPTED_AGENT, isAlive, killQuietly, readPid, waitForDeath, waitForEsrch } from './helpers.js';

const NODE = process.execPath;
const PATH_ONLY = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function node(code: string, over: Partial<Parameters<typeof runProcess>[0]> = {}) {
  return runProcess({ file: NODE, args: ['-e', code], cwd: tempDir(), env: PATH_ONLY, timeoutMs: 20_000, ...over });
}

function agent(script: object, over: Partial<Parameters<typeof runProcess>[0]> = {}) {
  return runProcess({
    file: NODE,
    args: [SCRIPTED_AGENT, '--json', JSON.stringify(script)],
    cwd: tempDir(),
    env: PATH_ONLY,
    timeoutMs: 20_000,
    ...over,
  });
}

describe('runProcess', () => {
  it('runs a program with arguments, stdin and exactly the given environment', async () => {
    process.env.OKSTRA_TEST_LEAK = 'must-not-leak';
    try {
      const result = await runProcess({
        file: NODE,
        args: [
          '-e',
          'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{console.log(JSON.stringify({s, argv: process.argv.slice(1), env: process.env}));console.error("to stderr");process.exit(4)})',
          'a b',
          '$HOME',
          '*',
        ],
        cwd: tempDir(),
        env: { ...PATH_ONLY, ONLY_ME: 'yes' },
        input: 'the prompt',
        timeoutMs: 20_000,
      });
      expect(result).toMatchObject({
        exitCode: 4,
        signal: null,
        timedOut: false,
        aborted: false,
        stdoutTruncated: false,
        spawnError: null,
      });
      const seen = JSON.parse(result.stdout) as { s: string; argv: string[]; env: Record<string, string> };
      expect(seen.s).toBe('the prompt');
      expect(seen.argv).toEqual(['a b', '$HOME', '*']);
      expect(seen.env.ONLY_ME).toBe('yes');
      expect(seen.env.OKSTRA_TEST_LEAK).toBeUndefined();
      expect(seen.env.HOME).toBeUndefined();
      expect(result.stderr).toBe('to stderr\n');
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      delete process.env.OKSTRA_TEST_LEAK;
    }
  });

  it('kills the whole process tree on timeout: the grandchild is gone too', async () => {
    const pidFile = join(tempDir(), 'grandchild.pid');
    let grandchild: number | null = null;
    try {
      const result = await agent({ spawnGrandchild: { pidFile }, hang: true }, { timeoutMs: 800, killGraceMs: 500 });
      grandchild = readPid(pidFile);
      expect(grandchild).not.toBeNull();
      expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM' });
      // Dead at once (at worst a zombie waiting for init), then gone for good.
      expect(await waitForDeath(grandchild as number)).toBe(true);
      expect(await waitForEsrch(grandchild as number)).toBe(true);
      expect(() => process.kill(grandchild as number, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }) as Error);
    } finally {
      killQuietly(grandchild);
    }
  });

  it('escalates to SIGKILL when the program ignores SIGTERM', async () => {
    const pidFile = join(tempDir(), 'grandchild.pid');
    let grandchild: number | null = null;
    try {
      const started = Date.now();
      const result = await agent(
        { ignoreSigterm: true, spawnGrandchild: { pidFile }, hang: true },
        { timeoutMs: 500, killGraceMs: 300 },
      );
      grandchild = readPid(pidFile);
      expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await waitForDeath(grandchild as number)).toBe(true);
    } finally {
      killQuietly(grandchild);
    }
  });

  it('kills what the program left running when it exits, so a held output pipe cannot stall the run', async () => {
    const pidFile = join(tempDir(), 'grandchild.pid');
    let grandchild: number | null = null;
    try {
      const started = Date.now();
      const result = await agent(
        { spawnGrandchild: { pidFile, holdOutput: true }, final: 'done' },
        { timeoutMs: 15_000 },
      );
      grandchild = readPid(pidFile);
      expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: 'done' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await waitForDeath(grandchild as number)).toBe(true);
    } finally {
      killQuietly(grandchild);
    }
  });

  it('caps stdout, keeping the tail by default or the head on request, and says so', async () => {
    const write = 'process.stdout.write("BEGIN" + "x".repeat(200000) + "END")';
    const tailed = await node(write, { maxOutputBytes: 1000 });
    expect(tailed.stdoutTruncated).toBe(true);
    expect(tailed.stdout).toHaveLength(1000);
    expect(tailed.stdout.endsWith('xEND')).toBe(true);
    const headed = await node(write, { maxOutputBytes: 1000, keepStdout: 'head' });
    expect(headed.stdoutTruncated).toBe(true);
    expect(headed.stdout).toHaveLength(1000);
    expect(headed.stdout.startsWith('BEGINx')).toBe(true);
    const whole = await node('process.stdout.write("small")', { maxOutputBytes: 1000 });
    expect(whole).toMatchObject({ stdout: 'small', stdoutTruncated: false });
  });

  it('keeps only the tail of stderr', async () => {
    const result = await node('for (let i = 0; i < 5000; i++) console.error("line " + i)', { maxStderrBytes: 100 });
    expect(result.stderrTruncated).toBe(true);
    expect(result.stderr.length).toBeLessThanOrEqual(100);
    expect(result.stderr.endsWith('line 4999\n')).toBe(true);
  });

  it('merges stderr into stdout on request', async () => {
    const result = await node('console.log("out"); console.error("err")', { mergeStderr: true });
    expect(result.stdout).toContain('out\n');
    expect(result.stdout).toContain('err\n');
    expect(result.stderr).toBe('');
  });

  it('reports a program that cannot start', async () => {
    const result = await runProcess({
      file: 'okstra-no-such-program',
      args: [],
      cwd: tempDir(),
      env: PATH_ONLY,
      timeoutMs: 5000,
    });
    expect(result.exitCode).toBeNull();
    expect(result.spawnError).toMatch(/okstra-no-such-program.*not found/);
  });

  it('survives a large input to a program that never reads stdin', async () => {
    const result = await node('process.stdout.write("ok")', { input: 'p'.repeat(2 * 1024 * 1024) });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'ok', spawnError: null });
  });

  it('gives the program inputFile itself as its stdin, and ends normally when the program never reads it', async () => {
    const dir = tempDir();
    const file = join(dir, 'prompt.md');
    // More than a pipe buffer: all of it is there for the program, with no writer on okstra's side.
    const prompt = 'the prompt\nfrom a file\n'.repeat(8_000);
    writeFileSync(file, prompt);
    const read = await runProcess({
      file: 'sh',
      args: ['-c', 'cat; readlink /proc/self/fd/0 >&2'],
      cwd: dir,
      env: PATH_ONLY,
      inputFile: file,
      timeoutMs: 20_000,
    });
    expect(read).toMatchObject({ exitCode: 0, signal: null, timedOut: false, spawnError: null });
    expect(read.stdout).toBe(prompt);
    // The file itself, not its content copied into a pipe by runProcess.
    expect(read.stderr).toBe(`${realpathSync(file)}\n`);
    const unread = await runProcess({
      file: 'sh',
      args: ['-c', 'exit 0'],
      cwd: dir,
      env: PATH_ONLY,
      inputFile: file,
      timeoutMs: 20_000,
    });
    expect(unread).toMatchObject({ exitCode: 0, signal: null, timedOut: false, aborted: false, spawnError: null });
  });

  it('kills the tree when aborted', async () => {
    const controller = new AbortController();
    const pidFile = join(tempDir(), 'grandchild.pid');
    let grandchild: number | null = null;
    try {
      const running = agent(
        { spawnGrandchild: { pidFile }, hang: true },
        { timeoutMs: 20_000, signal: controller.signal, killGraceMs: 300 },
      );
      const until = Date.now() + 10_000;
      while (readPid(pidFile) === null && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      grandchild = readPid(pidFile);
      expect(grandchild !== null && isAlive(grandchild)).toBe(true);
      controller.abort();
      const result = await running;
      expect(result).toMatchObject({ aborted: true, timedOut: false, exitCode: null });
      expect(await waitForDeath(grandchild as number)).toBe(true);
    } finally {
      killQuietly(grandchild);
    }
  });

  it('honours an abort that comes while the program is still being started', async () => {
    const controller = new AbortController();
    const running = runProcess({
      file: 'sleep',
      args: ['30'],
      cwd: tempDir(),
      env: PATH_ONLY,
      timeoutMs: 20_000,
      signal: controller.signal,
      killGraceMs: 300,
    });
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ aborted: true, timedOut: false });
    expect(result.durationMs).toBeLessThan(10_000);
  });
});

describe('BoundedBuffer', () => {
  it('never cuts a UTF-8 character in half', () => {
    const tail = new BoundedBuffer(5, 'tail');
    tail.push(Buffer.from('ééé', 'utf8')); // 6 bytes
    expect(tail.truncated).toBe(true);
    expect(tail.text()).toBe('éé');
    const head = new BoundedBuffer(5, 'head');
    head.push(Buffer.from('ééé', 'utf8'));
    expect(head.text()).toBe('éé');
  });

  it('keeps the last bytes across many chunks', () => {
    const buffer = new BoundedBuffer(10, 'tail');
    for (let i = 0; i < 100; i++) buffer.push(Buffer.from(`${i % 10}`));
    expect(buffer.text()).toBe('0123456789');
  });
});

describe('runProcess timeouts', () => {
  it('treats an infinite timeout as "no practical limit", not as "fire at once"', async () => {
    const result = await runProcess({
      file: NODE,
      args: ['-e', 'setTimeout(() => process.stdout.write("ok"), 200)'],
      cwd: tempDir(),
      env: PATH_ONLY,
      timeoutMs: Number.POSITIVE_INFINITY,
    });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: 'ok' });
  });
});
