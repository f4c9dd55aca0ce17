import type { BuiltinProvider } from '../core/config/schema.js';
import { installAgentClis } from '../providers/cli-install.js';
import { locateAgentCli } from '../providers/cli-locate.js';
import { pinnedSpec } from '../providers/cli-pins.js';
import type { Env } from './context.js';

/**
 * `install-clis: true`: installs the pinned versions (src/providers/cli-pins.ts,
 * the one place they are written) of the agent CLIs this run's roster needs
 * and the runner lacks, with the runner's own npm, into okstra's CLI cache
 * where the adapters look first. A CLI already found (override, cache or
 * PATH) is left alone; a failed install fails the step before anything is
 * claimed.
 */
export async function installClisFor(
  refs: readonly BuiltinProvider[],
  env: Env,
  log: (line: string) => void,
): Promise<void> {
  const missing = refs.filter((ref) => !locateAgentCli(ref, { env }).found);
  for (const ref of refs) if (!missing.includes(ref)) log(`install-clis: ${ref} already available`);
  if (missing.length === 0) return;
  log(`install-clis: installing ${missing.map(pinnedSpec).join(', ')}`);
  const outcomes = await installAgentClis({ refs: missing, env });
  const failed = outcomes.filter((o) => o.status === 'failed');
  for (const o of outcomes) log(`install-clis: ${o.spec} ${o.status} in ${(o.durationMs / 1000).toFixed(1)} s`);
  if (failed.length > 0) throw new Error(`install-clis: ${failed.map((o) => o.error ?? o.spec).join('; ')}`);
}
