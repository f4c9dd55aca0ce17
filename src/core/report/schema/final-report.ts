import { z } from 'zod';
import { DoneRowSchema, FailedRowSchema } from '../../ledger/row.js';
import { PLAN_ID_PATTERN, RUN_ID_PATTERN } from '../../ids.js';
import {
  UsageSchema,
  commitSha,
  durationMs,
  findingSeverity,
  isoUtc,
  nonNegativeInt,
  repoPath,
  rosterName,
  verdictValue,
} from './common.js';
import { FailureCauseSchema, StageEvidenceSchema, TestTally } from './evidence.js';
import type { BUDGET_SCOPES, USAGE_METERING } from './final-usage.js';
import { UsageTotalsSchema } from './final-usage.js';

/**
 * The final report of one stage run: the single source of truth for the
 * report's shape. `schemas/final-report.schema.json` and the `FinalReport`
 * type are both derived from this definition (see scripts/gen-schemas.ts).
 *
 * Rules that tie several fields together (a PASS needs a `done` ledger row, a
 * finding's file must be in its raiser's evidence, …) are not expressed here
 * but in src/core/conformance, so the JSON Schema stays an honest, complete
 * translation of this model.
 */

export const FINAL_REPORT_SCHEMA_VERSION = 1;

export const TRIGGER_KINDS = ['label', 'comment', 'schedule', 'dispatch', 'rerequest', 'cli'] as const;
export const WORKER_FUNCTIONS = ['executor', 'verifier', 'critic'] as const;
export const PROVIDERS = ['claude', 'codex', 'gemini', 'copilot', 'command'] as const;
export const WORKER_STATUSES = ['done', 'contract-violated', 'error', 'timeout', 'budget-exceeded'] as const;
/** unavailable: a provider could not work (quota, refused key, outage, no CLI); no verdict on the work, retryable. */
export const RUN_STATUSES = ['passed', 'failed', 'contract-violated', 'error', 'unavailable'] as const;
export const DISPOSITIONS = ['standing', 'confirmed', 'refuted'] as const;
export { BUDGET_SCOPES, REFUSALS, USAGE_METERING } from './final-usage.js';
export const ISOLATION_REPORT_MODES = ['os-user', 'none'] as const;
/** events: what the worker opened comes from its CLI's own tool events; self-reported: only its own `evidenceRead` list. */
export const EVIDENCE_SOURCES = ['events', 'self-reported'] as const;

const workerStatus = z.enum(WORKER_STATUSES);
const findingId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/)
  .describe('stable id of a finding within this report');

const PlanRef = z.strictObject({
  id: z.string().regex(PLAN_ID_PATTERN),
  title: z.string().nullable(),
  path: repoPath.describe('plan file, relative to the repository root'),
  commit: commitSha.describe('commit the approved plan was read from'),
});

const StageRef = z.strictObject({
  number: z.number().int().positive(),
  title: z.string(),
  dependsOn: z.array(z.number().int().positive()),
});

const Trigger = z.strictObject({
  kind: z.enum(TRIGGER_KINDS),
  actor: z.string().min(1).nullable().describe('login (or local user) that asked for the run; null for schedule'),
  url: z.url().nullable().describe('where the trigger happened (comment, PR); null when there is no page'),
});

const RunInfo = z.strictObject({
  id: z.string().regex(RUN_ID_PATTERN),
  attempt: z.number().int().positive().describe('1 for the first run of a stage, +1 for each fix run'),
  startedAt: isoUtc,
  finishedAt: isoUtc,
  durationMs,
  trigger: Trigger,
  url: z.url().nullable().describe('page of this run (the workflow run log); null for local runs'),
});

const GitInfo = z.strictObject({
  branch: z.string().min(1),
  baseCommit: commitSha,
  headCommit: commitSha,
  reusedBranch: z.boolean().describe('true for a fix run that re-entered the preserved stage branch'),
  diffStat: z.strictObject({ filesChanged: nonNegativeInt, insertions: nonNegativeInt, deletions: nonNegativeInt }),
  changedFiles: z.array(repoPath).describe('files changed between baseCommit and headCommit'),
  outOfPlanFiles: z.array(repoPath).describe("changed files that the stage's `files` did not name"),
  overCap: z
    .string()
    .min(1)
    .optional()
    .describe(
      'why the change was over limits.stageFiles or limits.stageBytes: the stage failed without being pushed or reviewed, and diffStat counts its files but not its lines (0 insertions, 0 deletions); absent when it fit',
    ),
});

const Unavailable = z
  .string()
  .regex(/\S/)
  .optional()
  .describe(
    "why the worker's provider could not work at all (quota, refused key, the API down after the gateway's retries, no CLI): no judgement of the stage; absent when it could work (and in older reports)",
  );

/** The roster worker a fallback took the function of, because its provider was unavailable. */
const StandsInFor = rosterName
  .optional()
  .describe('the worker whose provider was unavailable and whose function this fallback took; absent otherwise');

const RosterEntry = z.strictObject({
  name: rosterName,
  provider: z.enum(PROVIDERS),
  model: z.string().min(1).nullable().describe('null for the command worker'),
  function: z.enum(WORKER_FUNCTIONS),
  standsInFor: StandsInFor,
});

const Usage = UsageSchema.nullable().describe('null when the CLI did not report usage');

/** The last failure a model API answered a worker with, after the gateway's retries (scrubbed of credentials). */
const UpstreamError = z
  .strictObject({
    status: z
      .number()
      .int()
      .min(100)
      .max(599)
      .nullable()
      .describe('HTTP status; null when the connection itself failed'),
    message: z.string().min(1).describe('what the API said (an excerpt of its error body)'),
  })
  .optional()
  .describe("present when the worker's last model request failed upstream");

/** Why a worker produced no result: present on every worker whose status is not `done`. */
const WorkerFailure = z
  .strictObject({
    reason: z
      .string()
      .regex(/\S/)
      .describe("the CLI's exit reason or okstra's (timeout, crash, unparsable result, changed tree)"),
    stderrTail: z.string().describe("the last lines of the worker's stderr, scrubbed; empty when it wrote none"),
  })
  .optional()
  .describe('present when the worker did not produce a result; absent in reports written before it was recorded');

const EvidenceSource = z
  .enum(EVIDENCE_SOURCES)
  .optional()
  .describe(
    "events: the files it opened were read from its CLI's tool events and its citations checked against them; self-reported: its CLI gave no events, so evidenceRead is its own word; absent in reports written before it was recorded",
  );

const UnreadCitations = z
  .array(repoPath)
  .optional()
  .describe(
    "files the worker cited (a finding's file or an evidenceRead entry) that its CLI's tool events show it never opened; present only when there are some, and then the worker's result was discounted",
  );

const Commit = z.strictObject({ sha: commitSha, subject: z.string() });

const Executor = z.strictObject({
  worker: rosterName,
  status: workerStatus,
  durationMs,
  usage: Usage,
  summary: z.string().describe("the executor's own account of the stage (agent text)"),
  commits: z.array(Commit),
  upstreamError: UpstreamError,
  failure: WorkerFailure,
  unavailable: Unavailable,
});

const QaResult = z.strictObject({
  source: z.enum(['plan', 'config']),
  label: z.string(),
  cmd: z.string().min(1),
  exitCode: z.number().int().nullable().describe('null when the process was killed (timeout or signal)'),
  durationMs,
  outputTail: z.string().describe('last lines of combined stdout/stderr'),
  passed: z.boolean(),
  tests: TestTally.nullable()
    .optional()
    .describe('the tests okstra counted in its output; null: not counted; absent in older reports'),
});

const Verifier = z.strictObject({
  worker: rosterName,
  status: workerStatus,
  verdict: verdictValue.nullable().describe('null when the verifier produced no valid result'),
  findings: z.array(findingId).describe('ids of the findings this verifier raised'),
  evidenceRead: z.array(repoPath).describe('files the verifier recorded as read (its evidence ledger)'),
  usage: Usage,
  durationMs,
  upstreamError: UpstreamError,
  failure: WorkerFailure,
  unavailable: Unavailable,
  evidence: EvidenceSource,
  unreadCitations: UnreadCitations,
  findingsDropped: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'findings this verifier listed beyond limits.findingsPerVerifier: counted, not kept (the least severe went first); absent when none was dropped',
    ),
});

const Finding = z.strictObject({
  id: findingId,
  severity: findingSeverity,
  title: z.string().min(1),
  detail: z.string(),
  file: repoPath.nullable().describe('cited file exactly as the raiser wrote it'),
  line: z.number().int().positive().nullable(),
  endLine: z.number().int().positive().nullable(),
  raisedBy: rosterName,
  confirmedBy: z.array(rosterName),
  refutedBy: z.array(rosterName),
  disposition: z.enum(DISPOSITIONS),
});

/** A re-verify session that took no position: its answer was lost, so the finding it was asked about kept its disposition. */
const ReverifyFailure = z.strictObject({
  worker: rosterName,
  findingId,
  status: workerStatus,
  upstreamError: UpstreamError,
  failure: WorkerFailure.unwrap(),
});

const Convergence = z.strictObject({
  rounds: nonNegativeInt,
  disputed: nonNegativeInt,
  resolved: nonNegativeInt,
  failures: z
    .array(ReverifyFailure)
    .optional()
    .describe('re-verify sessions that produced no position; absent when every session answered (or in older reports)'),
});

const Critic = z.strictObject({
  worker: rosterName,
  status: workerStatus,
  gaps: nonNegativeInt,
  findings: z.array(findingId),
  evidenceRead: z.array(repoPath),
  usage: Usage,
  durationMs,
  upstreamError: UpstreamError,
  failure: WorkerFailure,
  evidence: EvidenceSource,
  unreadCitations: UnreadCitations,
});

const Verdict = z.strictObject({
  value: verdictValue,
  runStatus: z.enum(RUN_STATUSES),
  reasons: z.array(z.string().min(1)),
});

const sidecarCommon = {
  stageNumber: z.number().int().positive(),
  stageTitle: z.string(),
};

/** The carry was written: its path is known and `withheld` must be absent. */
const SidecarWritten = z.strictObject({
  ...sidecarCommon,
  carryJson: z.string().min(1).describe('the Stage Carry Evidence JSON exactly as written to carryPath'),
  carryPath: repoPath,
});

/** The carry was not written: `withheld` says why; the executor's JSON, if any, is kept for the reader. */
const SidecarWithheld = z.strictObject({
  ...sidecarCommon,
  carryJson: z.string().nullable().describe("the executor's Stage Carry Evidence JSON, or null when it produced none"),
  carryPath: z.null(),
  withheld: z.string().regex(/\S/).describe('why the carry was not written; present exactly when it was not'),
});

const StageSidecarEvidence = z.union([SidecarWritten, SidecarWithheld]);

const TerminalLedgerRow = z
  .discriminatedUnion('status', [DoneRowSchema, FailedRowSchema])
  .nullable()
  .describe('the terminal ledger row this run appended; null only when the append itself failed');

const ProgressEntry = z.strictObject({
  at: isoUtc,
  line: z
    .string()
    .regex(/^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\n\r]*)?$/)
    .describe('the checkpoint line as emitted; grammar in docs/report.md'),
});

/** How the agents were kept away from okstra's secrets, stated in every report. */
const Isolation = z.strictObject({
  mode: z
    .enum(ISOLATION_REPORT_MODES)
    .describe("os-user: agents ran as separate unprivileged users; none: with okstra's own privileges"),
  detail: z.string().regex(/\S/).describe('one sentence, e.g. "agents ran as okstra-agent-1…3 without sudo"'),
});

/** The workers' live event stream, kept beside the report on the ledger branch. */
const ActivityArtifact = z.strictObject({
  path: z
    .string()
    .min(1)
    .describe('ledger-branch path of the JSON Lines stream (plans/<id>/runs/<run>/activity.jsonl)'),
  events: z.number().int().min(0).describe('events kept in the file'),
  droppedEvents: z.number().int().min(0).describe('events left out because the stream reached its size bound'),
});

/** A worker whose provider could not work, and the fallback that took its function (if one was left). */
const FallbackEntry = z.strictObject({
  function: z.enum(['executor', 'verifier']),
  worker: rosterName.describe('the worker whose provider was unavailable'),
  provider: z.enum(PROVIDERS),
  reason: z.string().regex(/\S/).describe('why it could not work, e.g. "its API answered HTTP 429: quota exhausted"'),
  replacedBy: rosterName.nullable().describe('the fallback that did its work; null when no fallback was left'),
});

const RunError = z.strictObject({ at: isoUtc, phase: z.string().min(1), message: z.string().min(1) });

export const FinalReportSchema = z
  .strictObject({
    schemaVersion: z.literal(FINAL_REPORT_SCHEMA_VERSION),
    plan: PlanRef,
    stage: StageRef,
    run: RunInfo,
    git: GitInfo,
    roster: z.array(RosterEntry).min(1),
    executor: Executor,
    qa: z.array(QaResult),
    evidence: StageEvidenceSchema.optional().describe(
      "okstra's own evidence about the tests: counts at base and head, red then green; absent when the stage was not verified (and in older reports)",
    ),
    verifiers: z.array(Verifier),
    findings: z.array(Finding),
    errorAnalysis: z
      .array(FailureCauseSchema)
      .optional()
      .describe("why a failed stage failed by okstra's own observation; its fix run starts from it"),
    convergence: Convergence,
    critic: Critic.optional(),
    verdict: Verdict,
    stageSidecarEvidence: StageSidecarEvidence,
    ledgerRow: TerminalLedgerRow,
    progress: z.array(ProgressEntry),
    activity: ActivityArtifact.optional().describe(
      "the workers' activity stream (tool calls, files, tokens), scrubbed; absent when no worker's CLI printed an event (and in older reports)",
    ),
    usage: UsageTotalsSchema,
    fallbacks: z
      .array(FallbackEntry)
      .optional()
      .describe(
        'workers whose provider could not work, in the order met, and who took over (`fallback:` in .okstra/config.yml); absent when every worker could work (and in older reports)',
      ),
    remainingQueue: z.array(z.number().int().positive()).describe('stages still queued when a chain stopped here'),
    errors: z.array(RunError),
    isolation: Isolation.optional().describe('absent in reports written before isolation was recorded'),
  })
  .describe('okstra final report of one stage run');

export type FinalReport = z.output<typeof FinalReportSchema>;
export type Finding = FinalReport['findings'][number];
export type FindingSeverity = Finding['severity'];
export type QaResult = FinalReport['qa'][number];
export type VerifierReport = FinalReport['verifiers'][number];
export type RosterEntry = FinalReport['roster'][number];
export type RunStatus = FinalReport['verdict']['runStatus'];
export type WorkerStatus = FinalReport['executor']['status'];
export type Usage = z.output<typeof UsageSchema>;
export type StageSidecarEvidence = FinalReport['stageSidecarEvidence'];
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
export type WorkerUsage = FinalReport['usage']['workers'][number];
export type UsageTotals = FinalReport['usage'];
export type UsageRequest = NonNullable<UsageTotals['requests']>[number];
export type BudgetExceeded = NonNullable<UsageTotals['budgetExceeded']>;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];
export type UsageMetering = (typeof USAGE_METERING)[number];
export type Isolation = NonNullable<FinalReport['isolation']>;
export type UpstreamError = NonNullable<FinalReport['executor']['upstreamError']>;
export type WorkerFailure = NonNullable<FinalReport['executor']['failure']>;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];
export type FallbackRecord = NonNullable<FinalReport['fallbacks']>[number];
export type ReverifyFailure = NonNullable<FinalReport['convergence']['failures']>[number];
