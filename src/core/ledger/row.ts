import { z } from 'zod';
import { PLAN_ID_PATTERN, RUN_ID_PATTERN } from '../ids.js';

/** Ledger rows are versioned so a future format can be told apart from corruption. */
export const LEDGER_ROW_VERSION = 1;

const isoUtc = z.iso.datetime({ offset: false });
const sha = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'a full hex commit id');
// A regex rather than a refinement, so the rule survives into the generated JSON Schema.
const relPath = z
  .string()
  .regex(/^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/, 'a relative path inside the ledger branch, without ".."');

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

export const FAILED_REASONS = ['verdict-fail', 'contract-violated', 'error', 'timeout', 'abandoned', 'cancelled'] as const;

export const StartedRowSchema = z
  .object({ ...common, status: z.literal('started'), lease_until: isoUtc })
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

export const LedgerRowSchema = z.discriminatedUnion('status', [StartedRowSchema, DoneRowSchema, FailedRowSchema]);

export type StartedRow = z.infer<typeof StartedRowSchema>;
export type DoneRow = z.infer<typeof DoneRowSchema>;
export type FailedRow = z.infer<typeof FailedRowSchema>;
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
export type LedgerStatus = LedgerRow['status'];
export type FailedReason = (typeof FAILED_REASONS)[number];
