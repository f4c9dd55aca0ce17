export { parsePlan, type ParsePlanOptions } from './parse-plan.js';
export { formatPlanResult } from './format.js';
export { unansweredClarifications } from './clarifications.js';
export { PLAN_CODES, type PlanCode } from './codes.js';
export type { ClarificationItem, Plan, PlanParseResult, Stage, StageFieldKey, ValidationCommand } from './types.js';
