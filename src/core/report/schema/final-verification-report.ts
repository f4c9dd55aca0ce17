import { z } from 'zod';
import { PLAN_ID_PATTERN, RUN_ID_PATTERN } from '../../ids.js';
import { VerificationFailedRowSchema, VerifiedRowSchema } from '../../ledger/row.js';
import { commitSha, durationMs, isoUtc, repoPath, rosterName } from './common.js';
import { FinalReportSchema, TRIGGER_KINDS } from './final-report.js';

/**
 * The report of one final verification: every verifier of the roster over
 * the whole change (`git diff <plan base>..<final head>`) against the plan's
 * goal and every stage's exit contract, plus every stage's validation
 * commands and the config's `qaCommands` at the final head. Shapes shared
 * with the stage report (QA results, verifiers, findings, usage, isolation)
 * are the stage report's own, so one reader reads both.
 */

export const FINAL_VERIFICATION_REPORT_SCHEMA = 'okstra/final-verification-report';
export const FINAL_VERIFICATION_REPORT_VERSION = 1;
export const FINAL_VERDICTS = ['accepted', 'rejected'] as const;

const stageNumber = z.number().int().positive();
const stage = FinalReportSchema.shape;

const QaAtFinalHead = z.strictObject({
  ...stage.qa.element.shape,
  stage: stageNumber
    .nullable()
    .describe("the stage whose validation command this is; null for the config's qaCommands"),
});

/** A finding over the whole change, attributed to the stages whose commits touched its file. */
const AttributedFinding = z.strictObject({
  ...stage.findings.element.shape,
  stages: z
    .array(stageNumber)
    .describe(
      'the stages it is attributed to: those whose commits changed its file; without a file (or a file no stage changed), the plan’s sink stages',
    ),
  commits: z.array(commitSha).describe('the commits of those stages that changed its file'),
});

const DoneHead = z.strictObject({
  stage: stageNumber,
  title: z.string(),
  head: commitSha,
  branch: z.string().min(1),
  attempts: z.number().int().positive(),
  reportPath: repoPath.nullable().describe("the ledger-branch path of the stage's last report"),
});

export const FinalVerificationReportSchema = z
  .strictObject({
    schema: z.literal(FINAL_VERIFICATION_REPORT_SCHEMA),
    version: z.literal(FINAL_VERIFICATION_REPORT_VERSION),
    plan: z.strictObject({
      id: z.string().regex(PLAN_ID_PATTERN),
      title: z.string().nullable(),
      path: repoPath,
      blob: commitSha.describe('the approved blob of the plan file that was verified'),
    }),
    run: z.strictObject({
      id: z.string().regex(RUN_ID_PATTERN),
      startedAt: isoUtc,
      finishedAt: isoUtc,
      durationMs,
      trigger: z.strictObject({
        kind: z.enum(TRIGGER_KINDS),
        actor: z.string().nullable(),
        url: z.string().nullable(),
      }),
      url: z.string().nullable(),
    }),
    git: z.strictObject({
      baseCommit: commitSha.describe("the plan's base: where the diff starts"),
      finalHead: commitSha,
      finalBranch: z.string().min(1),
      merged: z.boolean().describe('true when the final head is a merge of several sink stages’ done heads'),
      doneHeads: z.array(DoneHead),
      diffStat: stage.git.shape.diffStat,
      changedFiles: z.array(repoPath),
    }),
    verdict: z.strictObject({
      value: z.enum(FINAL_VERDICTS),
      reasons: z.array(z.string().min(1)),
      fixStages: z.array(stageNumber).describe('rejected: the stages to fix (the findings’ attribution)'),
      rebuildStages: z.array(stageNumber).describe('rejected: the done stages that build on a stage to fix'),
    }),
    qa: z.array(QaAtFinalHead),
    regressionReplay: z
      .array(
        z.strictObject({
          stage: stageNumber,
          paths: z.array(z.string()).describe("the stage's own test files, as its done head holds them"),
          brokenBy: z.array(stageNumber).describe('the stages that changed them since, or beside it'),
          qa: z.array(QaAtFinalHead).describe('the final QA commands at the final head with those files laid over it'),
        }),
      )
      .optional()
      .describe("done stages' tests run again as they left them; absent when no stage's tests were changed by another"),
    verifiers: stage.verifiers,
    findings: z.array(AttributedFinding),
    usage: stage.usage,
    isolation: stage.isolation.unwrap(),
    ledgerRow: z
      .discriminatedUnion('status', [VerifiedRowSchema, VerificationFailedRowSchema])
      .nullable()
      .describe('the row this run appended; null only when the append itself failed'),
    roster: z.array(z.strictObject({ name: rosterName, provider: z.string(), model: z.string().nullable() })),
  })
  .describe('okstra final verification report of one plan');

export type FinalVerificationReport = z.output<typeof FinalVerificationReportSchema>;
export type AttributedFinding = FinalVerificationReport['findings'][number];
export type FinalQaResult = FinalVerificationReport['qa'][number];
export type FinalVerdict = (typeof FINAL_VERDICTS)[number];
