import type { Readable } from 'node:stream';
import { startProcess } from './start-process.js';
import type { StartRequest } from './started-process.js';

export interface CapturedResult {
  stdout: Buffer;
  stderr: Buffer;
  /** null when a signal ended it. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

export class OutputTooLargeError extends Error {
  constructor(file: string, maxBytes: number) {
    super(`${file} wrote more than ${Math.round(maxBytes / 1024 / 1024)} MB of output; it was stopped`);
    this.name = 'OutputTooLargeError';
  }
}

/**
 * Runs a short-lived program to its end with `input` on stdin and its whole
 * output kept (git's plumbing, the sandbox's chown, find, getent and useradd),
 * through {@link startProcess}, the one way okstra starts a program. Rejects when it cannot start
 * (a StartError) or writes more than `maxBytes`; a non-zero exit is a result.
 */
export async function runCaptured(
  request: Omit<StartRequest, 'detached'> & { input?: Buffer | string; maxBytes?: number },
): Promise<CapturedResult> {
  const child = await startProcess({ ...request, detached: false });
  const max = request.maxBytes ?? 256 * 1024 * 1024;
  let tooLarge = false;
  const collect = (stream: Readable): Buffer[] => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        if (!tooLarge) {
          tooLarge = true;
          try {
            process.kill(child.pid, 'SIGKILL');
          } catch {
            // ended meanwhile
          }
        }
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', () => undefined);
    stream.resume();
    return chunks;
  };
  const out = collect(child.stdout);
  const err = collect(child.stderr);
  // A program that exits without reading its stdin closes it under us (EPIPE): not a failure of the call.
  child.stdin.on('error', () => undefined);
  // A stdin file is the child's stdin already; its stream here is ended.
  if (request.stdinFile === undefined) child.stdin.end(request.input ?? '');
  const [status] = await Promise.all([child.exited, child.outputClosed]);
  if (tooLarge) throw new OutputTooLargeError(request.file, max);
  return { stdout: Buffer.concat(out), stderr: Buffer.concat(err), exitCode: status.code, signal: status.signal };
}

export interface ToolResult {
  stdout: string;
  stderr: string;
  /** -1 when a signal ended it. */
  exitCode: number;
}

/**
 * {@link runCaptured} for a small tool of okstra's own (find, chown, perl)
 * whose output is text: okstra's environment under `env`, okstra's working
 * folder (or `cwd`), an empty stdin. A non-zero exit is a result for the caller to
 * judge; a program that cannot start throws.
 */
export async function runTool(
  file: string,
  args: readonly string[],
  opts: { env?: Readonly<Record<string, string>>; encoding?: 'utf8' | 'latin1'; cwd?: string } = {},
): Promise<ToolResult> {
  const encoding = opts.encoding ?? 'utf8';
  const result = await runCaptured({
    file,
    args,
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, ...opts.env },
  });
  return {
    stdout: result.stdout.toString(encoding),
    stderr: result.stderr.toString(encoding),
    exitCode: result.exitCode ?? -1,
  };
}
