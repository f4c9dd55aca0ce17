import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Killing a child's process group, and the one watchdog that kills every
 * agent's group if okstra dies (see process.ts for why a separate process).
 */

/**
 * Sends `signal` to the process group `pgid`, best effort: a group that is
 * already gone (ESRCH) is the normal case after a clean exit, and this runs
 * in timers and event handlers where a throw would crash the engine.
 */
export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone already, or not ours to signal
  }
}

/**
 * The one watchdog of this okstra process, a shell reading lines from a pipe
 * only okstra holds open: `+ PGID` watches a group, `- PGID` forgets it. At
 * EOF (okstra died, however it died) it SIGKILLs every group still watched.
 * One shell for every agent rather than one per agent: a spawn blocks Node's
 * event loop for a few milliseconds (fork, then the wait for exec), so twelve
 * verifiers with a watchdog each started one by one, 24 spawns in a row on a
 * loaded runner, and the last verifier started ~70 ms after the first.
 * Exported for its tests. `kill -9 -PGID` is the spelling dash, bash and zsh
 * all accept; an id that is not a plain number above 1 is ignored, never signalled.
 */
export const SHARED_WATCHDOG_SCRIPT = [
  "groups=' '",
  'while read -r op id; do',
  // Never 0 (its own group), 1 or a leading zero (init's group): okstra registers real group ids only.
  "  case $id in ''|*[!0-9]*|0*|1) continue ;; esac",
  '  case $op in',
  '    +) groups="$groups$id " ;;',
  '    -) case $groups in *" $id "*) groups=${groups%%" $id "*}\' \'${groups#*" $id "} ;; esac ;;',
  '  esac',
  'done',
  'for id in $groups; do kill -9 -"$id" 2>/dev/null; done',
  'exit 0',
].join('\n');

/**
 * Keeps the shared watchdog: started at the first watched group, started
 * again (and told every group still watched) if it died, and never holding
 * okstra's event loop open. Its pipe is created close-on-exec like all of
 * libuv's, so no agent inherits the write end and delays the EOF.
 */
/** A watchdog that keeps dying is not helped by more of them; the tree kill still holds while okstra lives. */
const MAX_WATCHDOG_RESTARTS = 5;

class SharedWatchdog {
  private dog: ChildProcess | null = null;
  private readonly watched = new Set<number>();
  private restarts = 0;

  watch(pgid: number): () => void {
    this.watched.add(pgid);
    if (!this.send(`+ ${pgid}\n`)) this.restart();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.watched.delete(pgid);
      this.send(`- ${pgid}\n`);
    };
  }

  /** The watchdog's pid while it runs (tests look for it). */
  get pid(): number | null {
    return this.dog?.pid ?? null;
  }

  private send(line: string): boolean {
    const stdin = this.dog?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return false;
    stdin.write(line);
    return true;
  }

  private restart(): void {
    let dog: ChildProcess;
    try {
      dog = spawn('/bin/sh', ['-c', SHARED_WATCHDOG_SCRIPT, 'okstra-watchdog'], {
        stdio: ['pipe', 'ignore', 'ignore'],
        // Its own group: a Ctrl-C to okstra's group must not end the watchdog before it acts.
        detached: true,
      });
    } catch {
      return; // no shell: no watchdog; the tree kill still holds while okstra lives
    }
    this.dog = dog;
    dog.on('error', () => undefined);
    dog.stdin?.on('error', () => undefined);
    dog.on('exit', () => {
      if (this.dog !== dog) return;
      this.dog = null;
      // Killed by someone while agents run: they need a watchdog now, not at the next dispatch.
      if (this.watched.size > 0 && this.restarts++ < MAX_WATCHDOG_RESTARTS) this.restart();
    });
    dog.unref();
    (dog.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null)?.unref?.();
    if (this.watched.size > 0) this.send([...this.watched].map((g) => `+ ${g}\n`).join(''));
  }
}

const sharedWatchdog = new SharedWatchdog();

/**
 * Has the process group `pgid` killed by the shared parent-death watchdog if
 * okstra dies; the returned function stops watching it (call it once the
 * group is gone, so the watchdog never signals an id the kernel may have
 * handed out again). Best effort: without a shell there is no watchdog, and
 * the run still has the tree kill above while okstra lives.
 */
export function startParentDeathWatchdog(pgid: number): () => void {
  return sharedWatchdog.watch(pgid);
}

/** The shared watchdog's pid, null before the first agent or when none could start. */
export function parentDeathWatchdogPid(): number | null {
  return sharedWatchdog.pid;
}
