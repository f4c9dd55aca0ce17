import { z } from 'zod';
import { PLAN_ID_PATTERN } from '../../ids.js';
import { UsageSchema, durationMs, isoUtc, nonNegativeInt, repoPath, rosterName } from './common.js';
import { FinalReportSchema, PROVIDERS, WORKER_STATUSES } from './final-report.js';

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

export const PLAN_REVIEW_REPORT_SCHEMA = 'okstra/plan-review-report';
export const PLAN_REVIEW_REPORT_VERSION = 1;

export const PLAN_SOURCE_KINDS = ['issue', 'cli', 'dispatch', 'replan'] as const;
/** valid: parses and no blocking finding stands; invalid: still fails to parse after the repairs; blocked: parses, a blocking finding stands. */
export const PLAN_OUTCOMES = ['valid', 'invalid', 'blocked'] as const;
export const PLAN_ROUND_KINDS = ['draft', 'repair', 'revise'] as const;

const blobSha = z
  .string()
  .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/)
  .describe('full hex blob id (SHA-1 or SHA-256)');

const PlanRef = z.strictObject({
  id: z.string().regex(PLAN_ID_PATTERN),
  path: repoPath.describe('where the plan file is delivered, e.g. .okstra/plans/<id>.md'),
  title: z.string().nullable(),
  blob: blobSha.nullable().describe('blob id of the delivered plan text; null when no plan was delivered'),
});

const Source = z.strictObject({
  kind: z.enum(PLAN_SOURCE_KINDS),
  issue: z.number().int().positive().nullable().describe('the issue the goal came from; null when none'),
  url: z.url().nullable().describe('the page the request came from (issue, comment, run); null when there is none'),
});

/** Reused from the final report so every reader of usage and workers reads one shape. */
const finalShape = FinalReportSchema.shape;
const WorkerFailure = finalShape.executor.shape.failure;

/** One agent session of the planning phase: the planner of a round, or one reviewer. */
const PlanWorker = z.strictObject({
  worker: rosterName,
  provider: z.enum(PROVIDERS),
  model: z.string().min(1).nullable().describe('null when the provider names no model'),
  status: z.enum(WORKER_STATUSES),
  durationMs,
  usage: UsageSchema.nullable().describe('null when the CLI did not report usage'),
  failure: WorkerFailure,
});

const PlanDiagnostic = z.strictObject({
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  code: z.string().min(1).describe('stable diagnostic code, e.g. plan/dependency-cycle'),
  message: z.string().min(1),
});

const Review = z.strictObject({
  reviewer: PlanWorker,
  verdict: z
    .enum(PLAN_REVIEW_VERDICTS)
    .nullable()
    .describe('null when the reviewer broke its output contract (problem says how)'),
  findings: z.array(PlanReviewFindingSchema),
  problem: z.string().min(1).nullable().describe("why the reviewer's result was refused; null when it was read"),
});

const Round = z.strictObject({
  round: z.number().int().positive(),
  kind: z.enum(PLAN_ROUND_KINDS),
  planner: PlanWorker,
  diagnostics: z
    .strictObject({ errors: z.array(PlanDiagnostic), warnings: z.array(PlanDiagnostic) })
    .describe("the plan parser's diagnostics for this round's draft"),
  reviews: z.array(Review).describe('empty when the draft did not parse, so nobody reviewed it'),
});

const StandingFinding = z.strictObject({
  ...PlanReviewFindingSchema.shape,
  reviewer: rosterName.describe('the reviewer that raised it'),
});

const Clarification = z.strictObject({
  id: z.string().nullable(),
  question: z.string().min(1),
  answer: z.string().nullable().describe('null while unanswered'),
  optional: z.boolean().describe('true when the plan can proceed without an answer'),
});

const StageSummary = z.strictObject({
  number: z.number().int().positive(),
  title: z.string(),
  dependsOn: z.array(z.number().int().positive()),
  validation: nonNegativeInt.describe('how many validation commands the stage names'),
});

export const PlanReviewReportSchema = z
  .strictObject({
    schema: z.literal(PLAN_REVIEW_REPORT_SCHEMA),
    version: z.literal(PLAN_REVIEW_REPORT_VERSION),
    plan: PlanRef,
    goal: z.string().describe('the goal as the requester wrote it (untrusted text)'),
    source: Source,
    outcome: z.enum(PLAN_OUTCOMES),
    reason: z.string().min(1).nullable().describe('why the outcome is not valid; null when it is'),
    rounds: z.array(Round),
    standingFindings: z
      .array(StandingFinding)
      .describe('findings still standing at the end, blocking and advisory, with their reviewer'),
    clarifications: z.array(Clarification),
    stages: z.array(StageSummary).describe("the delivered plan's stages; empty when the plan is invalid"),
    usage: finalShape.usage,
    isolation: finalShape.isolation.unwrap(),
    startedAt: isoUtc,
    finishedAt: isoUtc,
  })
  .describe('okstra plan-review report of one planning phase');

export type PlanReviewReport = z.output<typeof PlanReviewReportSchema>;
export type PlanReviewRound = PlanReviewReport['rounds'][number];
export type PlanReviewEntry = PlanReviewRound['reviews'][number];
export type PlanWorkerReport = PlanReviewRound['planner'];
export type PlanDiagnosticReport = PlanReviewRound['diagnostics']['errors'][number];
export type StandingPlanFinding = PlanReviewReport['standingFindings'][number];
export type PlanClarification = PlanReviewReport['clarifications'][number];
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];
export type PlanSourceKind = (typeof PLAN_SOURCE_KINDS)[number];
export type PlanRoundKind = (typeof PLAN_ROUND_KINDS)[number];
