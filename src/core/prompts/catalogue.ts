/**
 * The Markdown files under `prompts/` and the level-2 heading each must
 * start with. The heading is how a gate is recognised in a finished prompt,
 * so a gate file that was emptied, renamed or retitled is caught before any
 * agent is dispatched.
 */

export const PROMPT_ROLES = ['executor', 'verifier', 'reverify', 'critic'] as const;
export type PromptRole = (typeof PROMPT_ROLES)[number];

export const GATE_HEADINGS = {
  'coding-conventions-preflight': 'Coding-conventions preflight',
  'pre-commit-diff-review': 'Pre-commit diff review',
  'implementation-self-check': 'Implementation self-check',
  'stage-discipline': 'Stage discipline',
  'non-interactive-execution': 'Non-interactive execution',
  'verifier-qa-gate': 'Verifier QA gate',
  'evidence-citations': 'Evidence citations',
} as const;

export type GateName = keyof typeof GATE_HEADINGS;

/** Each role's template (task and output contract) lives in `prompts/<role>.md` under this heading. */
export const ROLE_TEMPLATE_HEADINGS: Readonly<Record<PromptRole, string>> = {
  executor: 'Executor task',
  verifier: 'Verifier task',
  reverify: 'Reverify task',
  critic: 'Critic task',
};

/**
 * The planning phase's roles. Kept apart from PROMPT_ROLES: they compose no
 * stage prompt (no anchors, gates or stage layout), only their own template.
 */
export const PLANNING_ROLES = ['planner', 'plan-reviewer'] as const;
export type PlanningRole = (typeof PLANNING_ROLES)[number];

export const PLANNING_TEMPLATE_HEADINGS: Readonly<Record<PlanningRole, string>> = {
  planner: 'Planner task',
  'plan-reviewer': 'Plan reviewer task',
};

/**
 * The final verification's role: a verifier over the whole change of a plan.
 * Kept apart from PROMPT_ROLES for the same reason as the planning roles: it
 * reviews no single stage, so it has its own anchors and composition.
 */
export const FINAL_ROLES = ['final-verifier'] as const;
export type FinalRole = (typeof FINAL_ROLES)[number];

export const FINAL_TEMPLATE_HEADINGS: Readonly<Record<FinalRole, string>> = {
  'final-verifier': 'Final verifier task',
};

/** A prompt file is named after its id: `prompts/<id>.md`. */
export type PromptFileId = GateName | PromptRole | PlanningRole | FinalRole;

export const GATE_NAMES: readonly GateName[] = [
  'coding-conventions-preflight',
  'pre-commit-diff-review',
  'implementation-self-check',
  'stage-discipline',
  'non-interactive-execution',
  'verifier-qa-gate',
  'evidence-citations',
];

export const PROMPT_FILE_IDS: readonly PromptFileId[] = [
  ...GATE_NAMES,
  ...PROMPT_ROLES,
  ...PLANNING_ROLES,
  ...FINAL_ROLES,
];

/** The text of every prompt file, by id, as the edge loaded it. */
export type GateBodies = Readonly<Record<PromptFileId, string>>;

export function promptFileName(id: PromptFileId): string {
  return `${id}.md`;
}

/** The heading line a prompt file must carry, e.g. `## Stage discipline`. */
export function promptFileHeading(id: PromptFileId): string {
  if (isGateName(id)) return `## ${GATE_HEADINGS[id]}`;
  if (isPlanningRole(id)) return `## ${PLANNING_TEMPLATE_HEADINGS[id]}`;
  if (isFinalRole(id)) return `## ${FINAL_TEMPLATE_HEADINGS[id]}`;
  return `## ${ROLE_TEMPLATE_HEADINGS[id]}`;
}

function isPlanningRole(id: PromptFileId): id is PlanningRole {
  return Object.hasOwn(PLANNING_TEMPLATE_HEADINGS, id);
}

function isFinalRole(id: PromptFileId): id is FinalRole {
  return Object.hasOwn(FINAL_TEMPLATE_HEADINGS, id);
}

function isGateName(id: PromptFileId): id is GateName {
  return Object.hasOwn(GATE_HEADINGS, id);
}
