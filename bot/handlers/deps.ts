import type { Context } from 'probot';
import type { BotDeps } from '../lib/deps.js';

/** What the app is started with; tests fix the clock so request bodies can be asserted exactly. */
export interface AppEnv {
  now: () => Date;
}

/** The repository fields every okstra event carries. */
interface RepositoryPayload {
  name: string;
  owner: { login: string };
  html_url: string;
  default_branch: string;
}

/** The plain dependencies of the bot's logic, from Probot's context for one delivery. */
export function botDeps(context: Context, repository: RepositoryPayload, env: AppEnv): BotDeps {
  const repo = { owner: repository.owner.login, repo: repository.name };
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
