import type { Context } from 'probot';
import type { Scrubber } from '../../src/core/text/scrub.js';
import type { TriggerDeps } from '../../src/triggers/deps.js';
import { scrubDeliveryRequests } from '../lib/secrets.js';

/** What the app is started with; tests fix the clock so request bodies can be asserted exactly. */
export interface AppEnv {
  now: () => Date;
  /** The App's own secrets; every request a delivery sends is scrubbed of them and of its installation token. */
  scrub: Scrubber;
}

/** The repository fields every okstra event carries. */
interface RepositoryPayload {
  name: string;
  owner: { login: string };
  html_url: string;
  default_branch: string;
}

/** The plain dependencies of the bot's logic, from Probot's context for one delivery. */
export function botDeps(context: Context, repository: RepositoryPayload, env: AppEnv): TriggerDeps {
  const repo = { owner: repository.owner.login, repo: repository.name };
  scrubDeliveryRequests(context.octokit, env.scrub);
  return {
    client: context.octokit,
    repo,
    webUrl: repository.html_url,
    defaultBranch: repository.default_branch,
    now: env.now,
    log: context.log,
    // Probot's config loader: the default branch, the owner's `.github` repository as fallback, `_extends`.
    readConfig: async (path) => {
      const { config, files } = await context.octokit.config.get({ ...repo, path });
      return { found: files.some((f) => f.config !== null), config };
    },
  };
}
