import { z } from 'zod';
import {
  PLAN_REVIEW_LIMITS,
  PLAN_REVIEW_VERDICTS,
  PlanReviewFindingSchema,
  type PlanReviewFinding,
} from '../report/schema/plan-review-report.js';
import { RESULT_HEADINGS } from './headings.js';
import { parseResult } from './parse-result.js';
import { zodCheck } from './zod-check.js';

export type { PlanReviewFinding };

/**
 * A plan reviewer's `### Plan Review Result`. Strict, unlike the stage
 * results: its findings are shown on the plan pull request and fed back to
 * the planner verbatim, so a key okstra does not know is more likely a
 * misspelt one than harmless chatter.
 */
export const PlanReviewResultSchema = z.strictObject({
  verdict: z.enum(PLAN_REVIEW_VERDICTS),
  summary: z.string().max(PLAN_REVIEW_LIMITS.summary),
  findings: z.array(PlanReviewFindingSchema).max(PLAN_REVIEW_LIMITS.findings),
});

export type PlanReviewResult = z.output<typeof PlanReviewResultSchema>;

export type PlanReviewResultParse =
  { ok: true; json: string; result: PlanReviewResult } | { ok: false; reason: string };

const label = `### ${RESULT_HEADINGS.planReview}`;

/** The verdict must agree with the findings, or the engine could not tell which of the two the reviewer meant. */
function verdictProblem(result: PlanReviewResult): string | null {
  const blocking = result.findings.filter((f) => f.severity === 'blocking').length;
  if (result.verdict === 'revise' && blocking === 0) {
    return `the "${label}" asks to revise but raises no blocking finding: add the blocking finding that needs the revision, or answer "approve" with advisory findings`;
  }
  if (result.verdict === 'approve' && blocking > 0) {
    return `the "${label}" approves but raises ${blocking} blocking finding${blocking === 1 ? '' : 's'}: answer "revise", or make the findings advisory if the plan may proceed with them`;
  }
  return null;
}

export function parsePlanReviewResult(finalText: string): PlanReviewResultParse {
  const parsed = parseResult(finalText, {
    heading: RESULT_HEADINGS.planReview,
    schemaName: 'plan review result',
    check: zodCheck(PlanReviewResultSchema),
  });
  if (!parsed.ok) return parsed;
  const problem = verdictProblem(parsed.value);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, json: parsed.json, result: parsed.value };
}
