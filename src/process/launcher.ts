import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { constants } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Duplex } from 'node:stream';
import { LAUNCHER_SCRIPT } from './launcher-script.js';
import { makeSocketFolder, removeSocketFolder, sweepDeadSocketFolders } from './socket-folder.js';
import type { ExitStatus, StartedProcess, StartRequest } from './started-process.js';
import { allClosed, StartError } from './started-process.js';

/**
 * Starts processes through one small helper process instead of forking
 * okstra itself.
 *
 * Why: libuv starts a child with fork(), which copies the page tables of the
 * whole okstra process (180 MB resident in a stage run) and blocks the event
 * loop until the child has exec'd: 2-3 ms per process, measured, against
 * 0.9 ms for a bare Node. A stage starts about fifty processes (git, QA,
 * agents), one after the other, and a verify phase starts a dozen verifiers
 * in a row. The helper (launcher-script.ts, Perl: 8 MB resident, on every
 * machine that has git) forks in a fraction of that, on the other core,
 * while okstra's event loop goes on.
 *
 * The child's stdin, stdout and stderr are Unix-socket connections to a
 * server okstra listens on, in a folder only okstra's user may enter (0700),
 * so no agent user can connect; each connection starts with a 128-bit token
 * only this request knows, so a connection is never mistaken for another
 * request's. The launcher's own requests and reports go over its private
 * pipes. It runs as okstra's user and does exactly what a spawn does (see
 * the script), so what an agent may do is unchanged: same user, groups,
 * session, descriptors and environment.
 *
 * The launcher also guards against okstra's death: at EOF on its stdin it
 * kills what it started (okstra's own git with SIGTERM first, so git undoes
 * a half-done change; see the script). If it dies itself, what it started is killed here
 * (nothing runs unsupervised) and those processes are reported as ended by
 * SIGKILL; later requests start it again, a few times at most.
 */

const TOKEN_BYTES = 16;
const HELLO_BYTES = TOKEN_BYTES * 2 + 1;
/** Unix socket paths are limited to 107 bytes; a longer TMPDIR starts processes directly instead. */
const MAX_SOCKET_PATH = 100;
const MAX_RESTARTS = 5;

interface Pending {
  readonly id: number;
  readonly token: string;
  readonly request: StartRequest;
  readonly sockets: Array<Duplex | undefined>;
  readonly socketClosed: Array<Promise<void> | undefined>;
  pid: number | null;
  started: boolean;
  /** The helper reported its end (maybe before the last of its sockets arrived). */
  ended: boolean;
  /** False for a kill-all request: no program, no streams. */
  readonly streams: boolean;
  readonly exited: Promise<ExitStatus>;
  resolveStart: (p: StartedProcess) => void;
  rejectStart: (e: Error) => void;
  resolveExit: (s: ExitStatus) => void;
}

/** Number to name, the first name where several share a number (SIGABRT, not SIGIOT; EAGAIN, not EWOULDBLOCK), as Node names them. */
function byNumber<T extends string>(table: Record<string, number>): Map<number, T> {
  const names = new Map<number, T>();
  for (const [name, n] of Object.entries(table)) if (!names.has(n)) names.set(n, name as T);
  return names;
}
const errnoNames = byNumber<string>(constants.errno);
const signalNames = byNumber<NodeJS.Signals>(constants.signals);

export class Launcher {
  private state: 'idle' | 'starting' | 'ready' | 'broken' = 'idle';
  private restarts = 0;
  private dir: string | null = null;
  private server: Server | null = null;
  private helper: ChildProcess | null = null;
  private nextId = 1;
  private readonly byId = new Map<number, Pending>();
  private readonly byToken = new Map<string, Pending>();
  private reportBuffer = '';

  /** True once the helper said it runs: a request now starts at once. */
  get ready(): boolean {
    return this.state === 'ready';
  }

  /** The helper's pid while it runs (tests look for it). */
  get pid(): number | null {
    return this.helper?.pid ?? null;
  }

  /** Starts the helper in the background; until it is ready, callers start processes directly. */
  prepare(): void {
    if (this.state !== 'idle') return;
    if (this.restarts > MAX_RESTARTS) {
      this.state = 'broken';
      return;
    }
    this.state = 'starting';
    try {
      this.boot();
    } catch {
      this.teardown('broken');
    }
  }

  /** Starts `request`'s program through the helper; rejects with {@link StartError} when it could not start. */
  start(request: StartRequest): Promise<StartedProcess> {
    return this.send(request, 'start');
  }

  /**
   * SIGKILL to every process of `user`, sent as that user (kill(-1)): true
   * once every one of them has it pending (none runs another instruction),
   * false when that could not be done (no launcher, the killer was itself
   * killed by one of the user's processes): then the caller looks itself.
   */
  async killAllOf(user: { uid: number; gid: number }): Promise<boolean> {
    const request: StartRequest = { file: '', args: [], cwd: '/', env: {}, user, detached: false };
    try {
      const started = await this.send(request, 'kill-all');
      return (await started.exited).code === 0;
    } catch {
      return false;
    }
  }

  private send(request: StartRequest, kind: 'start' | 'kill-all'): Promise<StartedProcess> {
    const helper = this.helper;
    if (this.state !== 'ready' || !helper?.stdin) return Promise.reject(new Error('the launcher is not running'));
    let payload: string;
    try {
      payload = encodeRequest(request, kind);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const id = this.nextId++;
    const token = randomBytes(TOKEN_BYTES).toString('hex');
    let resolveExit: (s: ExitStatus) => void = () => undefined;
    // Made now: an exit reported before the last socket arrives is kept for the caller.
    const exited = new Promise<ExitStatus>((resolve) => (resolveExit = resolve));
    return new Promise<StartedProcess>((resolveStart, rejectStart) => {
      const pending: Pending = {
        id,
        token,
        request,
        // With a stdin file no connection brings stdin: the slot holds an ended stream, and a connection for it is refused.
        sockets: [request.stdinFile ? endedStream() : undefined, undefined, undefined],
        socketClosed: [undefined, undefined, undefined],
        pid: null,
        started: false,
        ended: false,
        streams: kind === 'start',
        exited,
        resolveStart,
        rejectStart,
        resolveExit,
      };
      this.byId.set(id, pending);
      this.byToken.set(token, pending);
      // While a process runs, the helper's reports must keep okstra alive until its exit is known.
      if (this.byId.size === 1) (helper.stdout as Socket | null)?.ref();
      const body = Buffer.from([String(id), token, payload].join('\0'), 'utf8');
      // One write, one system call: twelve sessions starting together each paid for two.
      helper.stdin?.write(Buffer.concat([Buffer.from(`${body.length}\n`, 'latin1'), body]));
    });
  }

  private boot(): void {
    const dir = makeSocketFolder();
    this.dir = dir;
    // Left by okstra processes of this user that were killed: swept while the helper starts, never in its way.
    void sweepDeadSocketFolders();
    const path = join(dir, 's');
    if (Buffer.byteLength(path) > MAX_SOCKET_PATH) throw new Error('socket path too long');
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    server.on('error', () => this.teardown('broken'));
    server.listen(path, () => {
      if (this.server !== server) return;
      let helper: ChildProcess;
      try {
        helper = spawn('perl', ['-e', LAUNCHER_SCRIPT, path], {
          stdio: ['pipe', 'pipe', 'ignore'],
          // Its own group: a Ctrl-C to okstra's group must not end it before it kills what it started.
          detached: true,
          // Nothing of okstra's environment: each request carries the child's own.
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        });
      } catch {
        this.teardown('broken');
        return;
      }
      this.helper = helper;
      helper.on('error', () => this.onHelperGone(helper, 'could not run'));
      helper.on('exit', (code, signal) => this.onHelperGone(helper, signal ? `got ${signal}` : `exited ${code}`));
      helper.stdin?.on('error', () => undefined);
      helper.stdout?.setEncoding('latin1');
      helper.stdout?.on('data', (chunk: string) => this.onReports(chunk));
      helper.unref();
      (helper.stdin as Socket | null)?.unref();
      (helper.stdout as Socket | null)?.unref();
    });
    server.unref();
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    const closed = allClosed([socket]);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      if (head.length < HELLO_BYTES) return;
      socket.off('data', onData);
      socket.pause();
      const rest = head.subarray(HELLO_BYTES);
      if (rest.length > 0) socket.unshift(rest);
      const token = head.subarray(0, TOKEN_BYTES * 2).toString('latin1');
      const fd = (head[TOKEN_BYTES * 2] ?? 0) - 0x30;
      const pending = this.byToken.get(token);
      if (!pending || fd < 0 || fd > 2 || pending.sockets[fd]) {
        socket.destroy();
        return;
      }
      pending.sockets[fd] = socket;
      pending.socketClosed[fd] = closed;
      this.settleStart(pending);
    };
    socket.on('data', onData);
  }

  private onReports(chunk: string): void {
    this.reportBuffer += chunk;
    let nl: number;
    while ((nl = this.reportBuffer.indexOf('\n')) >= 0) {
      const line = this.reportBuffer.slice(0, nl);
      this.reportBuffer = this.reportBuffer.slice(nl + 1);
      this.onReport(line.split(' '));
    }
  }

  private onReport([kind, idText, a, b]: string[]): void {
    if (kind === 'R') {
      if (this.state === 'starting') this.state = 'ready';
      return;
    }
    const pending = this.byId.get(Number(idText));
    if (!pending) return;
    if (kind === 'S') {
      pending.pid = Number(a);
      this.settleStart(pending);
    } else if (kind === 'E') {
      const code = errnoNames.get(Number(a)) ?? 'EPERM';
      this.forget(pending);
      for (const s of pending.sockets) s?.destroy();
      pending.rejectStart(new StartError(code, `spawn ${pending.request.file} ${code}`));
    } else if (kind === 'X') {
      const status: ExitStatus = {
        code: a === '-' ? null : Number(a),
        signal: b === '-' || b === undefined ? null : (signalNames.get(Number(b)) ?? null),
      };
      pending.ended = true;
      pending.resolveExit(status);
      if (pending.started) this.forget(pending);
    }
  }

  /** Resolves the start once the pid and all three streams are here. */
  private settleStart(pending: Pending): void {
    if (pending.started || pending.pid === null) return;
    const [stdin, stdout, stderr] = pending.streams
      ? pending.sockets
      : [new PassThrough(), new PassThrough(), new PassThrough()];
    if (!stdin || !stdout || !stderr) return;
    pending.started = true;
    this.byToken.delete(pending.token);
    if (pending.ended) this.forget(pending);
    // Whatever the child writes to its stdin is not okstra's business.
    stdin.on('data', () => undefined);
    stdin.resume();
    pending.resolveStart({
      pid: pending.pid,
      stdin,
      stdout,
      stderr,
      exited: pending.exited,
      outputClosed: Promise.all(pending.socketClosed.slice(1)).then(() => undefined),
      guarded: true,
    });
  }

  private forget(pending: Pending): void {
    this.byId.delete(pending.id);
    this.byToken.delete(pending.token);
    if (this.byId.size === 0) (this.helper?.stdout as Socket | null)?.unref();
  }

  private onHelperGone(helper: ChildProcess, how: string): void {
    if (this.helper !== helper) return;
    this.restarts += 1;
    const orphans = [...this.byId.values()];
    const running = orphans.filter((p) => p.pid !== null).length;
    // Never expected while okstra runs (at okstra's exit nothing is listening): each process it ran is reported
    // killed below, and this line says why, where the run's log shows it.
    if (running > 0)
      process.stderr.write(
        `okstra: its process launcher (pid ${helper.pid ?? '?'}) ${how} with ${running} process${running === 1 ? '' : 'es'} running; they were killed\n`,
      );
    this.teardown('idle');
    for (const pending of orphans) {
      for (const s of pending.sockets) s?.destroy();
      if (pending.pid === null) {
        pending.rejectStart(new StartError('EPIPE', `spawn ${pending.request.file}: the process launcher ended`));
        continue;
      }
      // Unsupervised now, and its end would never be reported: it ends here.
      try {
        process.kill(pending.request.detached ? -pending.pid : pending.pid, 'SIGKILL');
      } catch {
        // gone already
      }
      // It ran (the launcher said so), so its caller gets a process that was killed, not one that never started.
      if (!pending.started) {
        for (let fd = 0; fd < 3; fd++) {
          if (pending.sockets[fd]) continue;
          const gone = new PassThrough();
          pending.sockets[fd] = gone;
          pending.socketClosed[fd] = allClosed([gone]);
          gone.end();
          gone.resume();
        }
        this.settleStart(pending);
      }
      pending.resolveExit({ code: null, signal: 'SIGKILL' });
    }
  }

  private teardown(next: 'idle' | 'broken'): void {
    this.state = next;
    this.byId.clear();
    this.byToken.clear();
    this.reportBuffer = '';
    const helper = this.helper;
    this.helper = null;
    if (helper) {
      helper.stdin?.destroy();
      helper.stdout?.destroy();
    }
    this.server?.close();
    this.server = null;
    if (this.dir) removeSocketFolder(this.dir);
    this.dir = null;
  }
}

/** The request's fields as the script reads them (after its id and token), NUL-separated. */
function encodeRequest(r: StartRequest, kind: 'start' | 'kill-all' = 'start'): string {
  const env = Object.entries(r.env)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`);
  const fields = [
    kind === 'kill-all' ? 'K' : r.detached ? '1' : '0',
    r.file,
    r.cwd,
    r.user ? String(r.user.uid) : '',
    r.user ? String(r.user.gid) : '',
    r.stdinFile ?? '',
    String(r.args.length),
    ...r.args,
    String(env.length),
    ...env,
  ];
  // What Node's spawn refuses, refused the same way: execve takes only strings, and none with a NUL inside.
  const bad = fields.findIndex((f) => typeof f !== 'string' || f.includes('\0'));
  if (bad >= 0)
    throw new TypeError(
      `spawn ${r.file}: ${typeof fields[bad] === 'string' ? 'an argument or variable contains a NUL byte' : `an argument is ${typeof fields[bad]}, not a string`}`,
    );
  return fields.join('\0');
}

/** A stream that is over before anyone writes: the stdin of a child that reads a file. */
export function endedStream(): PassThrough {
  const stream = new PassThrough();
  stream.end();
  return stream;
}
