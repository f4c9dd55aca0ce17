import { agentClisCacheKey, runnerPlatform } from '../providers/cli-cache-key.js';
import { agentClisDir } from '../providers/cli-locate.js';
import { pinnedSpec } from '../providers/cli-pins.js';
import { BUILTIN_PROVIDERS } from '../core/config/builtin-providers.js';
import type { Env } from './context.js';
import type { ActionIo } from './io.js';

/**
 * `mode: cli-cache-key`: tells a workflow where a later okstra step with
 * `install-clis: true` installs the agent CLIs and under which key that
 * folder can be cached, so `actions/cache` can restore it before that step
 * (which then finds each pinned CLI and installs nothing) and save it after
 * the job. It reads the environment and okstra's own pins only: no token,
 * no config, no checkout, no network, so it can run before anything else.
 *
 * The folder is {@link agentClisDir} of the same environment the okstra
 * step sees: `$OKSTRA_AGENT_CLIS_DIR` when the workflow sets it, else
 * `.cache/agent-clis` inside the action's own folder on the runner (both
 * steps run the same action checkout, so they agree).
 */
export function cliCacheKeyMode(io: ActionIo, env: Env): void {
  const key = agentClisCacheKey(runnerPlatform(env, { platform: process.platform, arch: process.arch }));
  const path = agentClisDir(env);
  io.setOutput('cli-cache-key', key);
  io.setOutput('cli-cache-path', path);
  io.info(`okstra: agent CLI cache ${path}, key ${key} (pins: ${BUILTIN_PROVIDERS.map(pinnedSpec).join(', ')})`);
}
