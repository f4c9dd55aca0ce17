import { parse } from 'yaml';
import type { GitHubClient } from '../github/client.js';
import { readRepoFile } from '../github/contents.js';
import type { TriggerDeps } from '../triggers/deps.js';
import type { RunnerContext } from './context.js';
import type { ActionIo } from './io.js';

/**
 * `TriggerDeps` on a runner, for the use cases the bot shares with the
 * Action (the event job, and continuing a plan after a stage): the job's
 * token instead of the App's, the config read from the default branch over
 * the API as the bot reads it (never from the checkout, which a pull
 * request may have changed), the runner's log.
 */
export function actionTriggerDeps(
  io: ActionIo,
  client: GitHubClient,
  ctx: RunnerContext,
  where: { defaultBranch: string; webUrl?: string },
): TriggerDeps {
  const { repo } = ctx;
  return {
    client,
    repo,
    webUrl: where.webUrl ?? `${ctx.serverUrl}/${repo.owner}/${repo.repo}`,
    defaultBranch: where.defaultBranch,
    readConfig: async (path) => {
      const text = await readRepoFile(client, repo, path, where.defaultBranch);
      if (text === null) return { found: false, config: null };
      // Thrown as Probot's loader throws, so loadConfig reports it the same way: `<path>: <why>`.
      return { found: true, config: parse(text) as unknown };
    },
    now: () => io.now(),
    log: {
      debug: () => undefined,
      info: (m) => io.info(`okstra: ${m}`),
      warn: (m) => io.warning(`okstra: ${m}`),
      error: (m) => io.error(`okstra: ${m}`),
    },
  };
}
