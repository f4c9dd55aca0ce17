import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { endedStream, Launcher } from './launcher.js';
import { allClosed, StartError, type ExitStatus, type StartedProcess, type StartRequest } from './started-process.js';

/**
 * The one way okstra starts a program: through the launcher once it runs
 * (see launcher.ts), directly with Node's spawn before that, or always when
 * `OKSTRA_LAUNCHER=direct` (the way round a launcher that misbehaves on some
 * machine). Both ways give the same program the same user, session,
 * descriptors and environment.
 */
const launcher = new Launcher();

export type LaunchMode = 'auto' | 'direct';

export function launchModeFrom(env: Readonly<Record<string, string | undefined>>): LaunchMode {
  return env.OKSTRA_LAUNCHER === 'direct' ? 'direct' : 'auto';
}

export async function startProcess(request: StartRequest): Promise<StartedProcess> {
  if (request.stdinFile !== undefined && !isAbsolute(request.stdinFile))
    throw new TypeError(`spawn ${request.file}: the stdin file must be an absolute path (got "${request.stdinFile}")`);
  if (launchModeFrom(process.env) === 'auto') {
    if (launcher.ready) return launcher.start(request);
    // Started in the background: this program does not wait for it.
    launcher.prepare();
  }
  return startDirectly(request);
}

/** The launcher's pid while it runs, null otherwise (tests look for it). */
export function launcherPid(): number | null {
  return launcher.pid;
}

/** Starts the launcher now, so the first processes of a run go through it; resolves once it is ready (or cannot be). */
export async function prepareLauncher(timeoutMs = 2000): Promise<boolean> {
  if (launchModeFrom(process.env) === 'direct') return false;
  launcher.prepare();
  const until = Date.now() + timeoutMs;
  while (!launcher.ready && Date.now() < until) await sleep(2);
  return launcher.ready;
}

/** Node's spawn, settled once the child runs or failed to. */
function startDirectly(request: StartRequest): Promise<StartedProcess> {
  let child: ChildProcess;
  let input: number | null = null;
  try {
    // Opened here, as the launcher's child opens it before it changes identity; the child has its own copy.
    if (request.stdinFile) input = openSync(request.stdinFile, 'r');
    child = spawn(request.file, [...request.args], {
      cwd: request.cwd,
      env: { ...request.env },
      detached: request.detached,
      stdio: [input ?? 'pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // libuv drops the supplementary groups when it switches user, so only the agent's own group remains.
      ...(request.user ? { uid: request.user.uid, gid: request.user.gid } : {}),
    });
  } catch (error) {
    // Node refuses some starts at once (a bad uid, a NUL byte in an argument) rather than by an 'error' event.
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const reason =
      input === null && request.stdinFile && typeof code === 'string'
        ? new StartError(code, `spawn ${request.file}: cannot open its stdin file ${request.stdinFile}: ${code}`)
        : error;
    return Promise.reject(reason instanceof Error ? reason : new Error(String(reason)));
  } finally {
    if (input !== null) closeSync(input);
  }
  const outputClosed = child.stdout && child.stderr ? allClosed([child.stdout, child.stderr]) : Promise.resolve();
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  return new Promise<StartedProcess>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      reject(new StartError(error.code ?? 'EPERM', error.message));
    });
    child.once('spawn', () => {
      const { stdout, stderr, pid } = child;
      const stdin = input === null ? child.stdin : endedStream();
      if (!stdin || !stdout || !stderr || pid === undefined) {
        reject(new StartError('EPERM', `spawn ${request.file}: no pipes`));
        return;
      }
      stdout.pause();
      stderr.pause();
      resolve({ pid, stdin, stdout, stderr, exited, outputClosed, guarded: false });
    });
  });
}

/**
 * SIGKILL to every process of `user`, through the launcher (see
 * {@link Launcher.killAllOf}): true once every one of them has it pending,
 * false when the launcher cannot do it (the caller then looks itself).
 */
export async function killAllProcessesOf(user: { uid: number; gid: number }): Promise<boolean> {
  if (launchModeFrom(process.env) !== 'auto' || !launcher.ready) return false;
  return launcher.killAllOf(user);
}
