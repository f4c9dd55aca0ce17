/**
 * `okstra … | head`: a reader that stops reading closes okstra's stdout. The
 * bundled CLI, spawned as a real process, ends quietly then: exit 0, no
 * unhandled EPIPE and no stack trace on stderr.
 */
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { describe, expect, it, inject } from 'vitest';

interface Ended {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  firstLine: string;
}

/** Spawns `okstra --help` with stdout piped into a reader that closes the pipe once it has `readBeforeClosing` lines. */
function helpIntoClosingReader(readBeforeClosing: 0 | 1): Promise<Ended> {
  // The bundle runs main only when started by its real path; node_modules may be a symlink.
  const cli = realpathSync(inject('okstraCliPath'));
  const child = spawn(process.execPath, [cli, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let seen = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The help comes in two writes (usage, then the exit codes), so a reader that leaves after the first line sees the second fail.
  if (readBeforeClosing === 0) child.stdout.destroy();
  else
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('\n')) child.stdout.destroy();
    });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode, signal) =>
      resolve({ exitCode, signal, stderr, firstLine: seen.split('\n')[0] ?? '' }),
    );
  });
}

describe('stdout closed by its reader', () => {
  it('a reader gone before okstra writes: exit 0, nothing on stderr', async () => {
    const ended = await helpIntoClosingReader(0);
    expect(ended.stderr).toBe('');
    expect(ended.signal).toBeNull();
    expect(ended.exitCode).toBe(0);
  });

  it('a reader that closes after the first line gets that line, and okstra exits 0 quietly', async () => {
    const ended = await helpIntoClosingReader(1);
    expect(ended.firstLine).toMatch(/^Usage: okstra /);
    expect(ended.stderr).toBe('');
    expect(ended.exitCode).toBe(0);
  });

  it('stderr closed by its reader: a usage error still exits 2, not with an unhandled EPIPE', async () => {
    const child = spawn(process.execPath, [realpathSync(inject('okstraCliPath')), '--no-such-option'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.destroy();
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
    expect(exitCode).toBe(2);
  });
});
