import type { OkstraConfig } from '../core/config/index.js';
import { effectiveLevel, meetsLevel, type PermissionLevel } from '../core/commands/index.js';
import { approvalPermission } from '../core/ledger/index.js';
import { collaboratorRole } from '../github/permissions.js';
import { isFromFork, type PullRequestFacts } from '../github/pulls.js';
import type { TriggerDeps } from './deps.js';

export type Gate = { ok: true } | { ok: false; reason: string };

/** The sender's role, as the collaborator permission API answers it. */
export function senderRole(
  deps: Pick<TriggerDeps, 'client' | 'repo'>,
  login: string,
): Promise<{ permission: string; role_name: string | null }> {
  return collaboratorRole(deps.client, deps.repo, login);
}

/**
 * Whether the sender may start or cancel runs: their role on the repository
 * must reach `bot.permission` (write by default), because a run spends the
 * repository's agent credits and pushes branches with its token.
 */
export function roleGate(
  config: OkstraConfig,
  login: string,
  answer: { permission: string; role_name: string | null },
): Gate {
  const level = effectiveLevel(answer);
  if (meetsLevel(level, config.bot.permission)) return { ok: true };
  return {
    ok: false,
    reason: `@${login} has ${level === null ? 'no' : `\`${level}\``} access to this repository; okstra takes commands from people with \`${config.bot.permission}\` access or more.`,
  };
}

/**
 * Whether the sender's review or `/okstra approve` approves a plan: their
 * role must reach `approvalPermission(config)` (`approval.permission`, else
 * `bot.permission`, never below write). `level` is what they were found to have.
 */
export function approvalGate(
  config: OkstraConfig,
  login: string,
  answer: { permission: string; role_name: string | null },
): { ok: true; level: PermissionLevel } | { ok: false; reason: string } {
  const level = effectiveLevel(answer);
  const needed = approvalPermission(config);
  if (level !== null && meetsLevel(level, needed)) return { ok: true, level };
  return {
    ok: false,
    reason: `approving a plan takes \`${needed}\` access to this repository or more, and @${login} has ${level === null ? 'none' : `\`${level}\``}; okstra recorded no approval.`,
  };
}

/**
 * Whether a run may start on this pull request: it must be open (a closed
 * one's runs are cancelled), and fork pull requests are refused unless the
 * config allows them, because the workflow runs agents with the
 * repository's secrets on the pull request's code.
 */
export function pullRequestGate(
  config: OkstraConfig,
  pr: Pick<PullRequestFacts, 'headRepo' | 'baseRepo' | 'state'>,
): Gate {
  if (pr.state !== 'open') return { ok: false, reason: 'this pull request is closed; reopen it to run okstra on it.' };
  if (!isFromFork(pr) || config.bot.allowForks) return { ok: true };
  return {
    ok: false,
    reason: `this pull request comes from ${pr.headRepo ? `the fork \`${pr.headRepo}\`` : 'a deleted fork'}. okstra's workflow runs agents with this repository's secrets on the pull request's code, so it does not run on forks unless the config sets \`bot.allowForks: true\`.`,
  };
}
