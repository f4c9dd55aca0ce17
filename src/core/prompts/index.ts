export { composePrompt } from './compose.js';
export { checkPrompt } from './check-prompt.js';
export { requirementsFor, ROLE_LAYOUTS, type PromptRequirements, type RequiredHeading } from './layout.js';
export { ANCHOR_LABELS, anchorKeysFor, anchorPrefix, type AnchorKey } from './anchors.js';
export {
  GATE_HEADINGS,
  GATE_NAMES,
  PROMPT_FILE_IDS,
  PROMPT_ROLES,
  ROLE_TEMPLATE_HEADINGS,
  promptFileHeading,
  promptFileName,
  type GateBodies,
  type GateName,
  type PromptFileId,
  type PromptRole,
} from './catalogue.js';
export type { CarryIn, ComposeResult, DisputedFinding, FindingBrief, PromptInput, QaResultBrief } from './types.js';
