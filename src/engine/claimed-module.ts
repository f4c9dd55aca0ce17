import type * as RunClaimed from './run-claimed.js';

/**
 * The module of what a stage run does after its claim (run-claimed.ts), loaded
 * once per process. Intake asks for it as its claim goes to the remote, so it
 * compiles while the push is in flight (the process waits on git then) rather
 * than after the claim has landed; runStage awaits the same load. A refused
 * claim has compiled it for nothing, which costs no hop.
 */
type RunClaimedModule = typeof RunClaimed;

let loading: Promise<RunClaimedModule> | null = null;

export function loadRunClaimed(): Promise<RunClaimedModule> {
  loading ??= import('./run-claimed.js');
  return loading;
}

/** Starts the load without waiting for it; a failure is seen by whoever awaits loadRunClaimed. */
export function preloadRunClaimed(): void {
  loadRunClaimed().catch(() => undefined);
}
