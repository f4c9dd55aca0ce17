export { RESULT_HEADINGS, resultHeadingLine, type ResultKind } from './headings.js';
export { parseCarryEvidence, type CarryExpectation, type CarryParse } from './carry.js';
export { parseVerifierResult, type VerifierResultParse } from './verifier.js';
export {
  parseReverifyResult,
  ReverifyResultSchema,
  REVERIFY_POSITIONS,
  type ReverifyExpectation,
  type ReverifyResult,
  type ReverifyResultParse,
} from './reverify.js';
export { parseCriticResult, CriticResultSchema, type CriticResult, type CriticResultParse } from './critic.js';
export { normalizeCitation, type Citation } from './cited-path.js';
export { findJsonSyntaxError, lineColumn, type JsonSyntaxError } from './json-syntax.js';
export { fencedLineMask, fenceOpening, closesFence, splitLines, type FenceOpening } from './fence-lines.js';
export { parsePlanDraft, PLAN_OPEN_MARKER, PLAN_CLOSE_MARKER, type PlanDraftParse } from './plan-draft.js';
export {
  parsePlanReviewResult,
  PlanReviewResultSchema,
  type PlanReviewFinding,
  type PlanReviewResult,
  type PlanReviewResultParse,
} from './plan-review.js';
