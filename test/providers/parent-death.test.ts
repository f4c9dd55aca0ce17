/**
 * Agents die with okstra however okstra dies. A stand-in for okstra (a Node
 * process running runProcess, as the engine does) starts three agents, each
 * a shell leading its own process group with a child in it; the test kills
 * the stand-in with SIGKILL, so none of its own clean-up runs, and every
 * process of the three groups must die. Started directly (OKSTRA_LAUNCHER=
 * direct), the shared watchdog sees its pipe close and kills each group
 * still watched; started through the launcher (src/process/launcher.ts), the
 * launcher sees its stdin close and does it. A launcher killed while agents
 * run takes them with it, and their runs end instead of waiting for ever.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_WATCHDOG_SCRIPT } from '../../src/providers/process.js';
import { tempDir } from '../helpers/git-repos.js';
import { isAlive, killQuietly, waitForDeath } from './helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROCESS_MODULE = fileURLToPath(new URL('../../src/providers/process.ts', import.meta.url));
const LAUNCHER_MODULE = fileURLToPath(new URL('../../src/process/start-process.ts', import.meta.url));
const AGENTS = 3;

/**
 * The stand-in okstra: starts the agents, waits until each wrote "<its pid>
 * <its child's pid>", optionally kills the shared watchdog once (it must be
 * started again and told every group), prints the watchdog's pid, then idles.
 */
const DRIVER = `
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentDeathWatchdogPid, runProcess } from ${JSON.stringify(PROCESS_MODULE)};
import { launcherPid, prepareLauncher } from ${JSON.stringify(LAUNCHER_MODULE)};
const [dir, mode] = process.argv.slice(2);
const viaLauncher = mode === 'launcher' || mode === 'kill-launcher';
if (viaLauncher && !(await prepareLauncher(10_000))) throw new Error('the launcher did not start');
const runs = [];
const AGENT = 'echo $$ > "$1.tmp"; sleep 300 & echo $! >> "$1.tmp"; mv "$1.tmp" "$1"; wait';
for (let i = 0; i < ${AGENTS}; i++)
  runs[i] = runProcess({ file: '/bin/sh', args: ['-c', AGENT, 'agent', join(dir, 'agent-' + i)], cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeoutMs: 600_000 });
const until = async (ok) => { while (!ok()) await new Promise((r) => setTimeout(r, 10)); };
await until(() => Array.from({ length: ${AGENTS} }, (_, i) => join(dir, 'agent-' + i)).every((f) => existsSync(f)));
// The agents may have written their files before runProcess went on past their start (it does on the
// next tick) and told the watchdog: ready means watched.
if (!viaLauncher) await until(() => parentDeathWatchdogPid() !== null);
if (mode === 'kill-watchdog') {
  const first = parentDeathWatchdogPid();
  process.kill(first, 'SIGKILL');
  await until(() => parentDeathWatchdogPid() !== null && parentDeathWatchdogPid() !== first);
  // The new watchdog reads what it was told before it acts on EOF; give it a moment to have started at all.
  await new Promise((r) => setTimeout(r, 200));
  console.log(JSON.stringify({ killedWatchdog: first }));
}
if (mode === 'kill-launcher') {
  process.kill(launcherPid(), 'SIGKILL');
  const ended = await Promise.race([Promise.all(runs), new Promise((r) => setTimeout(() => r(null), 10_000))]);
  console.log(JSON.stringify({ runsEnded: ended === null ? 0 : ended.filter((r) => r.signal === 'SIGKILL').length }));
  // The next process goes through a launcher started again.
  await runProcess({ file: '/bin/true', args: [], cwd: dir, env: {}, timeoutMs: 10_000 });
  await prepareLauncher(10_000);
  console.log(JSON.stringify({ relaunched: launcherPid() ?? 0 }));
}
console.log(JSON.stringify({ watchdog: viaLauncher ? launcherPid() : parentDeathWatchdogPid() }));
setInterval(() => undefined, 60_000);
`;

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) killQuietly(pid);
});

interface Driven {
  okstra: ChildProcess;
  /** What the stand-in okstra wrote on stderr so far. */
  stderr: () => string;
  /** Each agent's [shell, its child], all in the shell's process group. */
  agents: Array<[number, number]>;
  watchdog: number;
  killedWatchdog: number | null;
  said: Array<Record<string, number>>;
}

type Mode = 'plain' | 'kill-watchdog' | 'launcher' | 'kill-launcher';

async function startOkstra(mode: Mode): Promise<Driven> {
  const dir = tempDir('okstra-parent-death-');
  const driver = join(dir, 'okstra-stand-in.mts');
  writeFileSync(driver, DRIVER);
  const okstra = spawn(process.execPath, ['--import', 'tsx', driver, dir, mode], {
    cwd: REPO_ROOT,
    env: { ...process.env, OKSTRA_LAUNCHER: mode === 'plain' || mode === 'kill-watchdog' ? 'direct' : 'auto' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (okstra.pid !== undefined) started.push(okstra.pid);
  let stderr = '';
  okstra.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const said: Array<Record<string, number>> = [];
  const lines = createInterface({ input: okstra.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stand-in okstra never got ready: ${stderr}`)), 30_000);
    okstra.on('exit', (code) => reject(new Error(`the stand-in okstra exited (${code}): ${stderr}`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line) as Record<string, number>;
      said.push(message);
      if ('watchdog' in message) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const agents = Array.from({ length: AGENTS }, (_, i) => {
    const [shell, child] = readFileSync(join(dir, `agent-${i}`), 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    started.push(shell as number, child as number);
    return [shell, child] as [number, number];
  });
  const watchdog = said.find((m) => 'watchdog' in m)?.watchdog ?? 0;
  return {
    okstra,
    stderr: () => stderr,
    agents,
    watchdog,
    killedWatchdog: said.find((m) => 'killedWatchdog' in m)?.killedWatchdog ?? null,
    said,
  };
}

/** Processes whose parent is `pid` and whose command line names the watchdog. */
function watchdogsOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirProc()) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (/^PPid:\s+(\d+)/m.exec(status)?.[1] !== String(pid)) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('okstra-watchdog')) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function parentOf(pid: number): number {
  return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

function readdirProc(): string[] {
  return readdirSync('/proc').filter((e) => /^\d+$/.test(e));
}

async function killOkstraAndExpectAgentsGone(driven: Driven): Promise<void> {
  const all = driven.agents.flat();
  expect(all.every(isAlive), 'every agent process runs before okstra is killed').toBe(true);
  driven.okstra.kill('SIGKILL');
  const deaths = await Promise.all(all.map((pid) => waitForDeath(pid, 10_000)));
  expect(
    all.filter((_, i) => !deaths[i]),
    'agent processes that outlived okstra',
  ).toEqual([]);
}

describe('parent-death watchdog', () => {
  it('kills all three agents’ process groups when okstra is killed with SIGKILL, with one watchdog for all', async () => {
    const driven = await startOkstra('plain');
    expect(driven.okstra.pid).toBeDefined();
    // One shell watches every agent: no spawn per session.
    expect(watchdogsOf(driven.okstra.pid as number)).toEqual([driven.watchdog]);
    await killOkstraAndExpectAgentsGone(driven);
    expect(await waitForDeath(driven.watchdog, 5000), 'the watchdog exits once it acted').toBe(true);
  });

  it('a watchdog killed while agents run is started again and told every group', async () => {
    const driven = await startOkstra('kill-watchdog');
    expect(driven.killedWatchdog).not.toBeNull();
    expect(driven.watchdog).not.toBe(driven.killedWatchdog);
    expect(isAlive(driven.watchdog)).toBe(true);
    await killOkstraAndExpectAgentsGone(driven);
  });

  it('through the launcher: okstra killed with SIGKILL, the launcher kills all three agents’ groups and exits', async () => {
    const driven = await startOkstra('launcher');
    expect(driven.watchdog).toBeGreaterThan(0);
    // No shell watchdog: the launcher is the guard, and the agents are its children.
    expect(watchdogsOf(driven.okstra.pid as number)).toEqual([]);
    for (const [shell] of driven.agents) expect(parentOf(shell)).toBe(driven.watchdog);
    await killOkstraAndExpectAgentsGone(driven);
    expect(await waitForDeath(driven.watchdog, 5000), 'the launcher exits once it acted').toBe(true);
  });

  it('a launcher killed while agents run takes their groups with it; the runs end and a new launcher starts', async () => {
    const driven = await startOkstra('kill-launcher');
    const all = driven.agents.flat();
    const deaths = await Promise.all(all.map((pid) => waitForDeath(pid, 10_000)));
    expect(
      all.filter((_, i) => !deaths[i]),
      'agent processes that outlived their launcher',
    ).toEqual([]);
    expect(driven.said.find((m) => 'runsEnded' in m)?.runsEnded, 'runs that ended, killed').toBe(AGENTS);
    const relaunched = driven.said.find((m) => 'relaunched' in m)?.relaunched ?? 0;
    expect(relaunched).toBeGreaterThan(0);
    expect(relaunched).toBe(driven.watchdog);
    // The run's log says why its processes ended (stderr is its own pipe: it may arrive after stdout's lines).
    const said = new RegExp(
      `its process launcher \\(pid \\d+\\) got SIGKILL with ${AGENTS} processes running; they were killed`,
    );
    for (const end = Date.now() + 5000; !said.test(driven.stderr()) && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 20));
    expect(driven.stderr()).toMatch(said);
    driven.okstra.kill('SIGKILL');
    expect(await waitForDeath(relaunched, 5000)).toBe(true);
  });

  it('the watchdog script kills the groups still watched at EOF, not the ones it was told to forget, and ignores junk', async () => {
    const sleeper = (): ChildProcess => {
      const child = spawn('/bin/sh', ['-c', 'sleep 300 & wait'], { detached: true, stdio: 'ignore' });
      if (child.pid !== undefined) started.push(child.pid);
      return child;
    };
    const watched = sleeper();
    const forgotten = sleeper();
    const dog = spawn('/bin/sh', ['-c', SHARED_WATCHDOG_SCRIPT, 'okstra-watchdog'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let dogStderr = '';
    dog.stderr?.on('data', (d: Buffer) => (dogStderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => dog.on('exit', (code) => resolve(code)));
    dog.stdin?.end(
      [`+ ${watched.pid}`, `+ ${forgotten.pid}`, `- ${forgotten.pid}`, '+ 2;true', '+ x', '- 999999', ''].join('\n'),
    );
    expect(await exited).toBe(0);
    expect(dogStderr).toBe('');
    expect(await waitForDeath(watched.pid as number, 5000)).toBe(true);
    expect(isAlive(forgotten.pid as number)).toBe(true);
    // Before EOF it signals nothing: a group is only killed when the pipe closes.
    const early = sleeper();
    const dog2 = spawn('/bin/sh', ['-c', SHARED_WATCHDOG_SCRIPT, 'okstra-watchdog'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    dog2.stdin?.write(`+ ${early.pid}\n`);
    await new Promise((r) => setTimeout(r, 200));
    expect(isAlive(early.pid as number)).toBe(true);
    dog2.stdin?.end();
    expect(await waitForDeath(early.pid as number, 5000)).toBe(true);
  });
});
