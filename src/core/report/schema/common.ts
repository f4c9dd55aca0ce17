import { z } from 'zod';

/**
 * Building blocks shared by the report, carry and verifier-result schemas.
 * Everything here must convert to JSON Schema (no refinements or transforms),
 * because the committed schemas are generated from these definitions and ajv
 * validates against the generated form.
 */

export const isoUtc = z.iso.datetime({ offset: false }).describe('UTC timestamp, ISO 8601 with a trailing Z');

export const commitSha = z
  .string()
  .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/)
  .describe('full hex commit id (SHA-1 or SHA-256)');

/** A path inside the repository: relative, `/`-separated, no `..` segment. Expressed as a pattern so JSON Schema keeps it. */
export const repoPath = z
  .string()
  .regex(/^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/)
  .describe('repository-relative path, no leading "/" and no ".." segment');

/**
 * A roster name such as `Codex worker`. No `=` and no line break, so a
 * `PROGRESS:` checkpoint can carry it unquoted as `worker=Codex worker`.
 */
export const rosterName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$/)
  .describe('roster name, e.g. "Codex worker"');

export const nonNegativeInt = z.number().int().min(0);
export const durationMs = nonNegativeInt.describe('milliseconds');

export const VERDICT_VALUES = ['PASS', 'FAIL'] as const;
export const verdictValue = z.enum(VERDICT_VALUES);

export const FINDING_SEVERITIES = ['blocking', 'major', 'minor', 'info'] as const;
export const findingSeverity = z.enum(FINDING_SEVERITIES);

/**
 * Token usage of a worker (or of the whole run): counted by okstra's model
 * gateway, or as the agent CLI reported it (`usage.metered` says which).
 * A cost is never invented: an unknown cost is null, and a sum that covers
 * only the requests whose price is known says so with `costComplete: false`.
 */
export const UsageSchema = z.strictObject({
  inputTokens: nonNegativeInt.describe('input tokens, cache reads included'),
  outputTokens: nonNegativeInt,
  cachedInputTokens: nonNegativeInt.optional().describe('input tokens served from the prompt cache'),
  cacheWriteTokens: nonNegativeInt.optional().describe('input tokens written to the prompt cache'),
  costUsd: z
    .number()
    .min(0)
    .nullable()
    .describe('US dollars; null when no part of the cost is known (never 0 for unknown)'),
  costComplete: z
    .boolean()
    .optional()
    .describe(
      'false when costUsd sums only the parts whose price is known; absent in reports written before the gateway',
    ),
  billing: z
    .literal('subscription')
    .optional()
    .describe("every request was made with a plan's subscription token: no money spent per request, the plan's cost"),
});
