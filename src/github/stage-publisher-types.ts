import type { GitHubClient, RepoRef } from './client.js';
import type { FinalReport } from '../core/report/schema/final-report.js';
import type { Scrubber } from '../core/text/scrub.js';
import type { ProgressClock } from './check-progress.js';

/** What the stage publisher (stage-publisher.ts) is given and reads: its setup, and a stage run's outcome as it sees it. */

/** The check runs the bot created and handed over (input `check-run-id`): one, one per stage, or none. */
export type CheckRunIds =
  { kind: 'none' } | { kind: 'single'; id: number } | { kind: 'by-stage'; ids: ReadonlyMap<number, number> };

/** Where a stage run is reported (input `report`); the job summary is the shell's own. */
export type PublishTarget = 'summary' | 'check' | 'comment';

/** The log the publisher writes to (the Action's runner log). */
export interface PublishIo {
  info(line: string): void;
  warning(message: string): void;
  now(): Date;
}

/**
 * What the publisher reads of a stage run, structurally (the engine's
 * `StageCompleted` and `StageRefusal`, the providers' `Roster`), so this
 * edge imports nothing above it.
 */
export interface PublishedStage {
  report: FinalReport;
}
export interface PublishedRefusal {
  code: string;
  reason: string;
}
export interface RosterNames {
  executor: { name: string };
  verifiers: ReadonlyArray<{ name: string }>;
}

export interface PullRequestRef {
  number: number;
  headSha: string;
}

export interface PublishSetup {
  io: PublishIo;
  client: GitHubClient | null;
  repo: RepoRef;
  targets: ReadonlySet<PublishTarget>;
  checkRunIds: CheckRunIds;
  /**
   * The pull request the run reports to; its head carries the checks. A lookup (an API call) is made the first time
   * something needs it, never before a stage's claim, and not at all by a run whose checks were handed to it.
   */
  pr: PullRequestRef | null | (() => Promise<PullRequestRef | null>);
  runUrl: string | null;
  serverUrl: string;
  scrub: Scrubber;
  /** Spacing of the running check's progress updates (check-progress.ts); tests shorten it. */
  progressIntervalMs?: number;
  progressClock?: ProgressClock;
}
