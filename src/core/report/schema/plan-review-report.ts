import { z } from 'zod';

/**
 * The plan-review report: what the planning phase of one plan decided, and
 * the findings a plan reviewer may raise. Like final-report.ts this is the
 * single source of truth for the shape; schemas/plan-review-report.schema.json
 * and the types are derived from it, so nothing here may be a refinement.
 */

export const PLAN_REVIEW_VERDICTS = ['approve', 'revise'] as const;
export const PLAN_FINDING_SEVERITIES = ['blocking', 'advisory'] as const;
export const PLAN_FINDING_CATEGORIES = [
  'missing-stage',
  'oversized-stage',
  'wrong-dependency',
  'validation-cannot-fail',
  'validation-missing',
  'uncheckable-exit-contract',
  'risky-ordering',
  'other',
] as const;

export const PLAN_REVIEW_LIMITS = { summary: 2000, title: 200, detail: 4000, findings: 50 } as const;

/** One finding of a plan reviewer. Agent text: bounded so one chatty reviewer cannot swamp the pull request. */
export const PlanReviewFindingSchema = z.strictObject({
  severity: z.enum(PLAN_FINDING_SEVERITIES),
  category: z.enum(PLAN_FINDING_CATEGORIES),
  stage: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('the stage the finding is about; null for the plan as a whole'),
  title: z.string().max(PLAN_REVIEW_LIMITS.title).regex(/\S/, 'must not be blank').describe('non-blank title'),
  detail: z.string().max(PLAN_REVIEW_LIMITS.detail),
});

export type PlanReviewFinding = z.output<typeof PlanReviewFindingSchema>;
export type PlanFindingSeverity = PlanReviewFinding['severity'];
export type PlanFindingCategory = PlanReviewFinding['category'];
