import type { OkstraConfig } from '../core/config/schema.js';
import type { Plan } from '../core/plan/types.js';
import type { FinalReport, TriggerKind } from '../core/report/schema/final-report.js';
import type { LedgerStore } from '../git/ledger-store.js';
import type { StageWorkspace } from '../workspace/stage-workspace.js';
import type { Roster } from '../providers/roster.js';
import type { AgentLease, AgentSandbox } from '../sandbox/sandbox.js';
import type { Gateway, GatewayOptions } from '../sandbox/gateway/index.js';
import type { QaCommand, QaRun } from './run-qa.js';
import type { WorkerActivity } from './progress.js';

export type { Roster, RosterMember } from '../providers/roster.js';
export type { QaCommand, QaRun } from './run-qa.js';
export type { WorkerActivity, WorkerActivityEvent } from './progress.js';

export type QaRunner = (
  commands: readonly QaCommand[],
  opts: { cwd: string; env: Record<string, string>; lease?: AgentLease },
) => Promise<QaRun[]>;

/** What the engine needs from the outside world; every edge is swappable in tests. */
export interface EngineDeps {
  ledger: LedgerStore;
  workspace: StageWorkspace;
  runQa: QaRunner;
  /** Who agents and QA commands run as, and what they may read and write (src/sandbox). */
  sandbox: AgentSandbox;
  /** Starts a stage run's model gateway (src/sandbox/gateway). Absent: agents get the real keys (engine unit tests only). */
  startGateway?: (options: GatewayOptions) => Promise<Gateway>;
  /** The running stage's gateway, set by runStage for its phases. */
  gateway?: Pick<Gateway, 'open'> & Partial<Pick<Gateway, 'budgets'>>;
  /** Called with every secret the run mints (the gateway's per-dispatch credentials), so the shell scrubs it. */
  onSecret?: (value: string) => void;
  /** Gate bodies by file stem, loaded from prompts/ (and the repository's overrides). */
  gates: Readonly<Record<string, string>>;
  now: () => Date;
  /** Where PROGRESS lines and one-line notices go (stdout for the CLI, the log for the Action). */
  log: (line: string) => void;
  /**
   * Told each thing a worker does while it runs (tool calls, files, tokens so
   * far, and its end with the usage), for live progress in the shells. The
   * same stream is kept as the run's `activity.jsonl`. Absent: nobody watches.
   */
  onActivity?: (activity: WorkerActivity) => void;
  /**
   * Told once a stage's claim has been committed and its push started: a shell starts there what must not delay the
   * claim (the Action marks the stage's check in progress, whose first API call compiles Node's HTTP client).
   */
  onClaimPublishing?: () => void;
}

/** What a run of an approved plan is asked with, a stage's run or the final verification. */
export interface PlanRunRequest {
  plan: Plan;
  /** Repository-relative path of the plan file. */
  planPath: string;
  /** The commit the approved plan was read from. */
  planCommit: string;
  /** The plan file's git blob id at that commit: what an `approved` row must name (gitBlobId). */
  planBlob: string;
  /**
   * How a person approves the plan where this run was started, for the refusal
   * of an unapproved plan (`okstra plan approve …` locally; a review or
   * `/okstra approve` on GitHub).
   */
  approveHint?: string;
  config: OkstraConfig;
  roster: Roster;
  trigger: { kind: TriggerKind; actor: string | null; url: string | null };
  runId: string;
  runUrl: string | null;
  /** Environment for QA commands: never holds a provider secret. */
  qaEnv: Record<string, string>;
  /** With a remote, the run's branch (the stage's, or the final one) is pushed there before the ledger records the outcome. */
  remote?: string;
}

export interface RunStageRequest extends PlanRunRequest {
  stage: number;
  remainingQueue?: number[];
  /** `okstra reconcile`: re-verify a done stage whose branch moved, and record its new head with a new `done` row. */
  reconcile?: boolean;
  /**
   * `okstra run --rebase`: a fix run moves the preserved branch onto the stage's base as it is
   * now (its commits since the recorded base replayed there) instead of continuing on the
   * base recorded by the run it fixes.
   */
  rebase?: boolean;
  /**
   * How the person who started this run asks for a rebase of `stage`, for the notes and
   * refusals that suggest one. The CLI's command when absent; the Action names the comment
   * command and its workflow input.
   */
  rebaseHint?: (stage: number) => string;
}

export type RefusalCode =
  | 'unknown-stage'
  | 'already-done'
  | 'in-progress'
  | 'not-ready'
  | 'bad-base'
  | 'merge-conflict'
  | 'branch-conflict'
  | 'no-verifier'
  | 'stale-head'
  | 'nothing-to-reconcile'
  | 'nothing-to-rebase'
  | 'not-approved';

export interface StageRefusal {
  kind: 'refused';
  code: RefusalCode;
  reason: string;
}

export interface StageCompleted {
  kind: 'completed';
  report: FinalReport;
  markdown: string;
  reportPath: string;
  ledgerCommit: string;
}

export type StageOutcome = StageRefusal | StageCompleted;

/** Infrastructure broke mid-run (git, disk, a crash in okstra itself); the claim was released. */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly phase: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
