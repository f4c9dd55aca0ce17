import { z } from 'zod';
import { PLAN_ID_PATTERN, RUN_ID_PATTERN } from '../ids.js';

/** Ledger rows are versioned so a future format can be told apart from corruption. */
export const LEDGER_ROW_VERSION = 1;

const isoUtc = z.iso.datetime({ offset: false });
const sha = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'a full hex commit id');
// A regex rather than a refinement, so the rule survives into the generated JSON Schema.
const relPath = z
  .string()
  .regex(
    /^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/,
    'a relative path inside the ledger branch, without ".."',
  );

const common = {
  v: z.literal(LEDGER_ROW_VERSION),
  plan_id: z.string().regex(PLAN_ID_PATTERN, 'a plan id'),
  stage: z.number().int().positive(),
  run_id: z.string().regex(RUN_ID_PATTERN, 'a run id'),
  at: isoUtc,
  actor: z.string().min(1).optional(),
  branch: z.string().min(1).optional(),
  base_commit: sha.optional(),
  head_commit: sha.optional(),
};

export const FAILED_REASONS = [
  'verdict-fail',
  'contract-violated',
  'error',
  'timeout',
  'abandoned',
  'cancelled',
  /**
   * A provider could not work (quota, refused key, outage, no CLI): no verdict on the work. The stage is
   * retryable: it pauses nothing, and a later run or the sweep may run it again.
   */
  'unavailable',
  /** Not written as a stage row: derived from a `verification-failed` row that names the stage (state.ts). */
  'final-rejected',
  /** Not written as a stage row: a stage it builds on was reopened by a `verification-failed` row (state.ts). */
  'dependency-reopened',
] as const;

/**
 * Which process holds a claim, so a later run on the same machine can tell a
 * crashed claimant from a live one. Optional: rows written before it existed stay valid.
 */
export const ClaimantSchema = z
  .object({
    host: z.string().min(1).max(255),
    pid: z.number().int().positive(),
    /** The machine's boot id (Linux: /proc/sys/kernel/random/boot_id); a different one means every process of the claim is gone. */
    boot: z.string().min(1).max(255).optional(),
  })
  .strict();

export const StartedRowSchema = z
  .object({ ...common, status: z.literal('started'), lease_until: isoUtc, claimant: ClaimantSchema.optional() })
  .strict();

export const DoneRowSchema = z
  .object({
    ...common,
    status: z.literal('done'),
    head_commit: sha,
    completed_at: isoUtc,
    carry_path: relPath,
    report_path: relPath,
  })
  .strict();

export const FailedRowSchema = z
  .object({
    ...common,
    status: z.literal('failed'),
    reason: z.enum(FAILED_REASONS),
    report_path: relPath.optional(),
    /** Free text for humans: who released a claim and why, the error message, … */
    detail: z.string().max(2000).optional(),
  })
  .strict();

/**
 * Plan-level rows: they belong to the plan, not to a stage, so they carry no
 * stage number and never move a stage's position (docs/architecture.md).
 */
const planCommon = {
  v: z.literal(LEDGER_ROW_VERSION),
  plan_id: z.string().regex(PLAN_ID_PATTERN, 'a plan id'),
  run_id: z.string().regex(RUN_ID_PATTERN, 'a run id').optional(),
  at: isoUtc,
  actor: z.string().min(1).optional(),
};

/** Where an approval came from: a pull request review, a `/okstra approve` comment, `okstra plan approve`. */
export const APPROVAL_SOURCES = ['review', 'comment', 'cli'] as const;

/**
 * A person approved the plan file's exact content: its git blob id. Editing
 * the plan changes the blob, so the approval no longer covers it.
 */
export const ApprovedRowSchema = z
  .object({
    ...planCommon,
    status: z.literal('approved'),
    plan_path: relPath,
    plan_blob: sha,
    approver: z.string().min(1).max(100),
    /** The approver's permission on the repository when okstra checked it (`local` for the CLI). */
    permission: z.enum(['admin', 'maintain', 'write', 'triage', 'read', 'local']),
    via: z.enum(APPROVAL_SOURCES),
    /** The review or comment that approved, for people reading the ledger. */
    url: z.url().max(2000).optional(),
  })
  .strict();

/** Each stage's done head as final verification judged it: stage number (as a string key) → commit. */
const DoneHeadsSchema = z.record(z.string().regex(/^[1-9][0-9]{0,5}$/, 'a stage number'), sha);

const finalVerdictCommon = {
  ...planCommon,
  run_id: z.string().regex(RUN_ID_PATTERN, 'a run id'),
  /** The approved content of the plan that was verified. */
  plan_blob: sha,
  /** The plan's base: where `git diff <base>..<final head>` starts. */
  base_commit: sha,
  final_head: sha,
  /** Where the final head lives: the single sink's stage branch, or `okstra/<plan-id>/final` (a merge of several sinks). */
  final_branch: z.string().min(1).max(255),
  done_heads: DoneHeadsSchema,
  report_path: relPath,
};

/** Final verification accepted the whole change at `final_head`, built from exactly `done_heads`. */
export const VerifiedRowSchema = z.strictObject({ ...finalVerdictCommon, status: z.literal('verified') });

/**
 * Final verification rejected the change. The stages in `fix_stages` (and
 * every stage that builds on them) are reopened: their next run is a fix run.
 */
export const VerificationFailedRowSchema = z.strictObject({
  ...finalVerdictCommon,
  status: z.literal('verification-failed'),
  fix_stages: z.array(z.number().int().positive()).min(1),
  /** The done stages that build on a fixed stage: reopened too, to be rebuilt on its new head. */
  rebuild_stages: z.array(z.number().int().positive()),
});

export const HANDOFF_MODES = ['single', 'stacked'] as const;

/** The verified change was handed off: one pull request into the base (or one per stage, stacked). */
export const HandedOffRowSchema = z.strictObject({
  ...planCommon,
  run_id: z.string().regex(RUN_ID_PATTERN, 'a run id'),
  status: z.literal('handed-off'),
  final_head: sha,
  final_branch: z.string().min(1).max(255),
  mode: z.enum(HANDOFF_MODES),
  /** The pull request; absent for a local hand-off (a branch only). */
  pr_number: z.number().int().positive().optional(),
  pr_url: z.url().max(2000).optional(),
});

export const StageRowSchema = z.discriminatedUnion('status', [StartedRowSchema, DoneRowSchema, FailedRowSchema]);
export const PlanRowSchema = z.discriminatedUnion('status', [
  ApprovedRowSchema,
  VerifiedRowSchema,
  VerificationFailedRowSchema,
  HandedOffRowSchema,
]);
export const LedgerRowSchema = z.discriminatedUnion('status', [
  StartedRowSchema,
  DoneRowSchema,
  FailedRowSchema,
  ApprovedRowSchema,
  VerifiedRowSchema,
  VerificationFailedRowSchema,
  HandedOffRowSchema,
]);

export type Claimant = z.infer<typeof ClaimantSchema>;
export type StartedRow = z.infer<typeof StartedRowSchema>;
export type DoneRow = z.infer<typeof DoneRowSchema>;
export type FailedRow = z.infer<typeof FailedRowSchema>;
export type ApprovedRow = z.infer<typeof ApprovedRowSchema>;
export type VerifiedRow = z.infer<typeof VerifiedRowSchema>;
export type VerificationFailedRow = z.infer<typeof VerificationFailedRowSchema>;
export type HandedOffRow = z.infer<typeof HandedOffRowSchema>;
export type FinalVerdictRow = VerifiedRow | VerificationFailedRow;
export type StageRow = z.infer<typeof StageRowSchema>;
export type PlanRow = z.infer<typeof PlanRowSchema>;
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
/** A stage's lifecycle position. */
export type LedgerStatus = StageRow['status'];
export type ApprovalSource = (typeof APPROVAL_SOURCES)[number];

const PLAN_ROW_STATUSES: ReadonlySet<string> = new Set(['approved', 'verified', 'verification-failed', 'handed-off']);

/** Whether a row belongs to the plan rather than to one of its stages. */
export function isPlanRow(row: LedgerRow): row is PlanRow {
  return PLAN_ROW_STATUSES.has(row.status);
}

export function isStageRow(row: LedgerRow): row is StageRow {
  return !isPlanRow(row);
}
export type FailedReason = (typeof FAILED_REASONS)[number];
