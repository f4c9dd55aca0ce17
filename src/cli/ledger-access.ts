import type { Command } from 'commander';
import { isAbsolute, resolve } from 'node:path';
import { Git, readBlobs } from '../git/git.js';
import { readPlanReports, type PlanReports } from '../engine/plan-reports.js';
import type { LedgerRow } from '../core/ledger/index.js';
import {
  DEFAULT_LEDGER_BRANCH,
  GitLedgerStore,
  LedgerContentionError,
  LedgerIoError,
  LedgerRefusedError,
} from '../git/ledger-store.js';
import { describeDistrusted, LedgerFormatError, type DistrustedRow } from '../core/ledger/index.js';
import { CliError, EXIT_INFRA, type CliIo } from './io.js';

export interface LedgerLocation {
  repo?: string;
  remote?: string;
  ledgerBranch?: string;
}

/** Opens the ledger of the repository the user pointed at, refusing early when it is not a git repository. */
export async function openLedger(io: CliIo, where: LedgerLocation): Promise<{ store: GitLedgerStore; git: Git }> {
  const repoDir = where.repo ? (isAbsolute(where.repo) ? where.repo : resolve(io.cwd, where.repo)) : io.cwd;
  const git = new Git(repoDir);
  const probe = await git.run(['rev-parse', '--git-dir']).catch(() => null);
  if (!probe || probe.exitCode !== 0) throw new CliError(`${repoDir} is not a git repository; pass --repo DIR`);
  if (where.remote) {
    const remote = await git.run(['remote', 'get-url', where.remote]);
    if (remote.exitCode !== 0)
      throw new CliError(`${repoDir} has no remote named "${where.remote}"; see \`git remote -v\``);
  }
  const store = new GitLedgerStore({
    repoDir,
    branch: where.ledgerBranch ?? DEFAULT_LEDGER_BRANCH,
    ...(where.remote ? { remote: where.remote } : {}),
    now: () => io.now(),
  });
  return { store, git };
}

/** Resolves a commit-ish the user typed to a full commit id. */
export async function resolveCommitArg(git: Git, rev: string): Promise<string> {
  const sha = await git.resolveCommit(rev);
  if (!sha) throw new CliError(`"${rev}" is not a commit in ${git.cwd}`);
  return sha;
}

export function ledgerLocationOptions(cmd: Command): Command {
  return cmd
    .option('--repo <dir>', 'the git repository holding the ledger (default: current directory)')
    .option('--remote <name>', 'use the ledger branch on this remote (fetch, compare-and-swap push)')
    .option('--ledger-branch <name>', 'the ledger branch', DEFAULT_LEDGER_BRANCH);
}

export function defaultActor(io: CliIo): string {
  return io.env.GITHUB_ACTOR || io.env.USER || 'okstra';
}

/** One line per distrusted row, as `status` and `ledger show` print them. */
export function distrustedLines(distrusted: readonly DistrustedRow[] | undefined, planId: string): string[] {
  return (distrusted ?? []).map((d) => `ledger: ${describeDistrusted(d, planId)}`);
}

/** Ledger refusals and corrupt ledgers are the user's to act on: one line, exit 1. */
export function rethrowAsCliError(error: unknown): never {
  throw ledgerCliError(error) ?? error;
}

/**
 * The one-line CLI error for a ledger error (found also as the cause of
 * another error), or null when `error` is not one: wherever a command meets
 * a corrupt ledger, the user sees where it is and how to repair it.
 */
export function ledgerCliError(error: unknown): CliError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof LedgerFormatError) return new CliError(`the ledger is corrupt: ${e.message}`);
    if (e instanceof LedgerRefusedError) return new CliError(e.message);
    if (e instanceof LedgerContentionError || e instanceof LedgerIoError) return new CliError(e.message, EXIT_INFRA);
  }
  return null;
}

/**
 * Reads the report of every terminal row at one ledger commit in a single
 * `git cat-file --batch`: a plan with hundreds of runs costs one process.
 */
export function readPlanReportsWithGit(
  git: Git,
  commit: string | null,
  rows: readonly LedgerRow[],
): Promise<PlanReports> {
  return readPlanReports(
    async (c, paths) =>
      (
        await readBlobs(
          git,
          paths.map((p) => `${c}:${p}`),
        )
      ).map((b) => b.content),
    commit,
    rows,
  );
}
