import type { GitHubClient, RepoRef } from '../../src/github/client.js';

/**
 * What every piece of the bot's logic works with, passed in as plain
 * values: the handlers build it from Probot's context, tests and the bench
 * get it the same way. Nothing below the handlers reads a Probot object,
 * the environment or a global.
 */
export interface BotDeps {
  /** An installation-authenticated Octokit (Probot's `context.octokit`). */
  client: GitHubClient;
  repo: RepoRef;
  /** The repository's web address (`https://github.com/o/r` or the GHES one): links in checks and replies. */
  webUrl: string;
  defaultBranch: string;
  /** Reads a config file from the default branch with Probot's config loader. */
  readConfig: ConfigReader;
  now: () => Date;
  log: BotLog;
}

/** A config file as Probot's loader returns it: found or not, and its (merged, `_extends`-resolved) content. */
export type ConfigReader = (path: string) => Promise<{ found: boolean; config: unknown }>;

export interface BotLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The sender of an event, as every payload names it. */
export interface Sender {
  login: string;
  type: string;
}
