export { composePrompt } from './compose.js';
export { checkPrompt } from './check-prompt.js';
export { requirementsFor, ROLE_LAYOUTS, type PromptRequirements, type RequiredHeading } from './layout.js';
export { ANCHOR_LABELS, anchorKeysFor, anchorPrefix, type AnchorKey } from './anchors.js';
export {
  FINAL_ROLES,
  FINAL_TEMPLATE_HEADINGS,
  GATE_HEADINGS,
  GATE_NAMES,
  PLANNING_ROLES,
  PLANNING_TEMPLATE_HEADINGS,
  PROMPT_FILE_IDS,
  PROMPT_ROLES,
  ROLE_TEMPLATE_HEADINGS,
  promptFileHeading,
  promptFileName,
  type FinalRole,
  type GateBodies,
  type GateName,
  type PlanningRole,
  type PromptFileId,
  type PromptRole,
} from './catalogue.js';
export type { CarryIn, ComposeResult, DisputedFinding, FindingBrief, PromptInput, QaResultBrief } from './types.js';
export {
  composePlannerPrompt,
  composePlanReviewerPrompt,
  PlanningPromptError,
  type PlannerPromptInput,
  type PlannerRound,
  type PlanReviewerPromptInput,
  type ReviewerFinding,
} from './planning.js';
export {
  composeFinalVerifierPrompt,
  finalVerifierRequirements,
  FinalVerifierPromptError,
  type FinalQaBrief,
  type FinalStageBrief,
  type FinalVerifierPromptInput,
} from './final.js';
