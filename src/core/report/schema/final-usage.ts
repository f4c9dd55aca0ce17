import { z } from 'zod';
import { UsageSchema, nonNegativeInt, rosterName } from './common.js';

/**
 * The usage part of a stage's final report: tokens and cost per worker, every
 * model request okstra's gateway metered, and the budget books. Its own
 * module because the report's shape is long; final-report.ts composes it.
 */

/** day: the plan's spend in one UTC day (added after the first reports; older reports use the other three). */
export const BUDGET_SCOPES = ['worker', 'stage', 'plan', 'day'] as const;
/** gateway: counted by okstra from the model APIs' own responses; self-reported: the agent CLIs' own figures. */
export const USAGE_METERING = ['gateway', 'self-reported'] as const;
export const REFUSALS = ['budget', 'credential'] as const;

const WorkerUsage = z.strictObject({ worker: rosterName, ...UsageSchema.shape });

const msNumber = z.number().min(0).describe('milliseconds (may be fractional)');

/** One model request of one worker, as okstra's gateway saw it. */
const UsageRequest = z.strictObject({
  worker: rosterName,
  role: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .describe('what the worker was doing: executor, verifier, reverify, critic, planner'),
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .describe("claude, codex, gemini or the command provider's name"),
  model: z.string().min(1).nullable().describe('the model the request asked for; null when it named none'),
  path: z.string().min(1).describe('request path below the API base URL'),
  status: z
    .number()
    .int()
    .min(100)
    .max(599)
    .nullable()
    .describe('final HTTP status sent to the agent; null when the connection failed'),
  inputTokens: nonNegativeInt,
  outputTokens: nonNegativeInt,
  cachedInputTokens: nonNegativeInt,
  cacheWriteTokens: nonNegativeInt,
  costUsd: z.number().min(0).nullable().describe('null when the model has no known price (never 0 for unknown)'),
  durationMs: msNumber,
  firstByteMs: msNumber.nullable().describe('time to the first response byte; null when none arrived'),
  retries: nonNegativeInt,
  refused: z.enum(REFUSALS).optional().describe('the gateway answered the request itself instead of forwarding it'),
  billing: z
    .literal('subscription')
    .optional()
    .describe("made with a plan's subscription token: no money spent per request (costUsd 0); absent for API keys"),
});

/** The budget a model request hit; the gateway refused it and the worker stopped. */
const BudgetExceeded = z.strictObject({
  worker: rosterName.describe('the worker whose request was refused'),
  scope: z
    .enum(BUDGET_SCOPES)
    .describe('which `budgets:` limit: per worker session, per stage run, per plan, or per plan per UTC day'),
  limit: z.string().min(1).describe('the limit as configured, e.g. "200,000 tokens" or "$5.00"'),
  spent: z.string().min(1).describe('what was already spent in that scope when the request came'),
  message: z.string().min(1),
  reservation: z
    .string()
    .min(1)
    .optional()
    .describe("the request's worst-case cost that did not fit; absent when the limit was already reached"),
  headroom: z.string().min(1).optional().describe('what was left under the limit when the request came'),
});

/** What was left under one configured limit when the run ended. */
const BudgetHeadroom = z.strictObject({
  scope: z.enum(BUDGET_SCOPES),
  worker: rosterName.optional().describe('the worker session, for a worker limit'),
  limit: z.string().min(1),
  left: z
    .string()
    .min(1)
    .describe('the limit minus spend, e.g. "$0.03"; "unknown" when part of the spend has no price'),
});

/** The gateway's budget books at the end of the run (reports written before reservations lack it). */
const BudgetBooks = z.strictObject({
  headroom: z.array(BudgetHeadroom).describe('every configured limit, what was left of it after the run'),
  largestRefused: z
    .strictObject({
      worker: rosterName,
      scope: z.enum(BUDGET_SCOPES),
      reservation: z.string().min(1).describe("the refused request's worst-case cost"),
      headroom: z.string().min(1).describe('what was left under the limit it did not fit'),
    })
    .optional()
    .describe('the largest worst-case reservation the gateway refused in the run'),
});

export const UsageTotalsSchema = z.strictObject({
  workers: z.array(WorkerUsage),
  total: UsageSchema.describe(
    'sum over workers; costUsd sums the known costs (costComplete false when some are unknown), null when none is known',
  ),
  metered: z
    .enum(USAGE_METERING)
    .optional()
    .describe('who counted the figures; absent in reports written before the gateway'),
  requests: z
    .array(UsageRequest)
    .optional()
    .describe('every model request of the run, in order, when the gateway metered it'),
  budgetExceeded: BudgetExceeded.optional().describe('the first budget refusal of the run'),
  budgets: BudgetBooks.optional().describe('headroom left and the largest refused reservation, when budgets applied'),
});
