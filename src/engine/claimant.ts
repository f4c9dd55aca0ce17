import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { MachineFacts, StartedRow } from '../core/ledger/index.js';
import { isProcessAlive } from '../process/process-alive.js';

type Claimant = NonNullable<StartedRow['claimant']>;

/** Linux's id of this boot; absent elsewhere (macOS runners), where only the pid is checked. */
async function bootId(): Promise<string | undefined> {
  const text = await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '');
  return text.trim() || undefined;
}

/** Who this process is, recorded in its `started` row so a later run here can tell whether it is gone. */
export async function thisClaimant(): Promise<Claimant> {
  const boot = await bootId();
  return { host: hostname(), pid: process.pid, ...(boot ? { boot } : {}) };
}

/** What this machine can say right now about the process a claim names (the facts judgeClaimant weighs). */
export async function machineFactsFor(claimant: Claimant | undefined): Promise<MachineFacts> {
  const boot = await bootId();
  const alive = claimant !== undefined && claimant.host === hostname() && isProcessAlive(claimant.pid);
  return { host: hostname(), alivePids: alive && claimant ? [claimant.pid] : [], ...(boot ? { boot } : {}) };
}
