import { ConfigSchema } from '../core/config/index.js';
import { cancelRuns } from './cancel.js';
import { loadConfig } from './config.js';
import type { TriggerDeps } from './deps.js';

/**
 * `pull_request.closed` (merged or not): the okstra runs started for it are
 * cancelled; nothing they would report has a pull request to go to. A broken
 * config still cancels, with the default workflow name.
 */
export async function handlePullRequestClosed(deps: TriggerDeps, prNumber: number): Promise<number> {
  const load = await loadConfig(deps.readConfig);
  if (!load.ok) deps.log.warn(`config invalid (${load.errors.join('; ')}); cancelling with the default settings`);
  const config = load.ok ? load.config : ConfigSchema.parse({});
  return (await cancelRuns(deps, config, prNumber, null)).length;
}
