import { z } from 'zod';
import { nonNegativeInt } from './common.js';

/**
 * What okstra itself observed of a stage's tests, beside what the agents
 * said: the counts each QA command printed, the same commands at the stage's
 * base with the stage's tests laid over it, and what okstra concluded.
 */

export const TEST_COUNT_FORMATS = [
  'tap',
  'node-spec',
  'vitest',
  'jest',
  'pytest',
  'junit',
  'go-json',
  'go-text',
  'cargo',
] as const;

/** The kinds of count problem okstra blocks on (src/core/test-counts/compare.ts), and a pass printed over failures. */
export const TEST_PROBLEM_KINDS = [
  'no-tests',
  'fewer-tests',
  'more-skipped',
  'lost-tests',
  'newly-skipped',
  'failures-masked',
] as const;

/** red-green: tests failed at the base and pass at the head; no-red: nothing failed at the base; kept: `tdd: none`. */
export const TDD_OUTCOMES = ['red-green', 'no-red', 'kept', 'not-checked'] as const;

export const TestTally = z
  .strictObject({
    format: z.enum(TEST_COUNT_FORMATS).describe('what okstra read the counts from'),
    run: nonNegativeInt,
    passed: nonNegativeInt,
    failed: nonNegativeInt,
    skipped: nonNegativeInt.describe('skipped, todo and ignored tests'),
  })
  .describe("the tests one QA command ran, read from its runner's output");

const ids = z.array(z.string()).describe('test ids as the runner names them (at most 50)');

const BaseRun = z.strictObject({
  label: z.string(),
  exitCode: z.number().int().nullable(),
  passed: z.boolean(),
  tests: TestTally.nullable().describe('null: tests not counted'),
});

const TestProblem = z.strictObject({
  label: z.string().describe('the QA command'),
  kind: z.enum(TEST_PROBLEM_KINDS),
  detail: z.string().min(1),
  ids,
});

export const StageEvidenceSchema = z
  .strictObject({
    tdd: z.enum(['red-green', 'none']).describe("the stage's `tdd:` in the plan"),
    outcome: z.enum(TDD_OUTCOMES),
    changedTests: z.array(z.string()).describe('test files the stage added or changed, laid over its base'),
    baseCommit: z
      .string()
      .nullable()
      .describe('what the base run ran on: the base with the stage’s tests laid over it (null: not run)'),
    baseRun: z.array(BaseRun).describe('the QA commands at the base, in order'),
    redAtBase: ids.describe('tests that failed at the base'),
    greenAtHead: ids.describe('of those, the tests that pass at the head'),
    problems: z.array(TestProblem).describe("okstra's blocking findings about the tests"),
    notCounted: z.array(z.string()).describe('QA commands whose tests okstra could not count'),
  })
  .describe("okstra's own evidence about the stage's tests");

export const FailureCauseSchema = z.strictObject({
  rule: z
    .string()
    .min(1)
    .describe('the rule okstra saw broken, e.g. `contract: carry`, `protected evidence`, `tests: lost-tests`'),
  observed: z.string().min(1).describe('what okstra observed: the file, the count, the test ids'),
  files: z.array(z.string()),
  next: z.string().min(1).describe('what the next attempt must do about it'),
});

export type TestTallyValue = z.output<typeof TestTally>;
export type StageEvidence = z.output<typeof StageEvidenceSchema>;
export type TestProblemKind = (typeof TEST_PROBLEM_KINDS)[number];
