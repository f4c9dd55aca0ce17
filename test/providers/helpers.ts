import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigSchema, type OkstraConfig } from '../../src/core/config/schema.js';
import type { DispatchRequest } from '../../src/providers/types.js';

/** The scripted stand-in agent (test/fixtures/agents/scripted-agent.mjs). */
export const SCRIPTED_AGENT = fileURLToPath(new URL('../fixtures/agents/scripted-agent.mjs', import.meta.url));
export const EXAMPLE_AGENT_SH = fileURLToPath(new URL('../fixtures/agents/example-agent.sh', import.meta.url));
export const EXAMPLE_AGENT_MJS = fileURLToPath(new URL('../fixtures/agents/example-agent.mjs', import.meta.url));

/** A command line that runs the stand-in with an inline script (single-quoted for the shell-words splitter). */
export function agentCommand(script: object = {}): string {
  const json = JSON.stringify(script);
  if (json.includes("'")) throw new Error('test scripts must not contain single quotes');
  return `'${process.execPath}' '${SCRIPTED_AGENT}' --json '${json}'`;
}

/** A config as the parser would produce it, defaults filled in. */
export function config(raw: object = {}): OkstraConfig {
  return ConfigSchema.parse(raw);
}

export function request(cwd: string, over: Partial<DispatchRequest> = {}): DispatchRequest {
  return {
    worker: 'Command worker',
    role: 'executor',
    prompt: 'Implement stage 2.\n',
    cwd,
    model: null,
    readOnly: false,
    timeoutMs: 20_000,
    env: {},
    context: { planId: 'demo-plan', stage: 2, runId: 'run-1' },
    ...over,
  };
}

/**
 * Whether a process is still alive. A killed process whose parent is gone may
 * linger as a zombie until init reaps it; a zombie runs nothing, so it counts
 * as dead here.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Waits until `pid` is dead (or `ms` passed) and says whether it died. */
export async function waitForDeath(pid: number, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isAlive(pid);
}

/**
 * Waits until `process.kill(pid, 0)` throws ESRCH: the process is dead and
 * reaped. A killed grandchild is re-parented to init, which reaps it on its
 * own schedule (about 2 s in the CI sandbox), hence the generous wait.
 */
export async function waitForEsrch(pid: number, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      throw error;
    }
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills a leftover test process, if a test failed before the code under test did. */
export function killQuietly(pid: number | null): void {
  if (pid === null) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
