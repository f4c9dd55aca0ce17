import type { GitHubClient, RepoRef } from '../github/client.js';

/**
 * What every trigger use case works with, passed in as plain values: the
 * bot's handlers build it from Probot's context, the Action's event mode
 * from the workflow's token and payload, tests and the bench the same way.
 * Nothing in src/triggers/ reads a Probot object, the runner, the
 * environment or a global: the two shells differ only in how they fill this.
 */
export interface TriggerDeps {
  /** An authenticated Octokit: the App's installation token (bot) or the job's `GITHUB_TOKEN` (Action). */
  client: GitHubClient;
  repo: RepoRef;
  /** The repository's web address (`https://github.com/o/r` or the GHES one): links in checks and replies. */
  webUrl: string;
  defaultBranch: string;
  /** Reads a config file from the default branch with Probot's config loader. */
  readConfig: ConfigReader;
  now: () => Date;
  log: TriggerLog;
}

/** A config file as Probot's loader returns it: found or not, and its (merged, `_extends`-resolved) content. */
export type ConfigReader = (path: string) => Promise<{ found: boolean; config: unknown }>;

export interface TriggerLog {
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
