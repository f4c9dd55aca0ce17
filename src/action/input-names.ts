/**
 * The Action's inputs as action.yml declares them: every name, the modes,
 * report targets and trigger kinds a workflow may pass, and which inputs
 * are secrets. Validation is input-rules.ts; parsing, inputs.ts.
 */

export const MODES = [
  'stage',
  'chain',
  'continue',
  'status',
  'reconcile',
  'plan',
  'approve',
  'final',
  'cli-cache-key',
  'event',
] as const;
export type Mode = (typeof MODES)[number];

/** Modes a workflow's own step runs (before okstra's step), never a dispatch: the workflows' `mode` choice leaves them out. */
export const STEP_ONLY_MODES = ['cli-cache-key', 'event'] as const satisfies readonly Mode[];

export const REPORT_TARGETS = ['summary', 'check', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The trigger kinds a workflow can name; `cli` is the CLI's own. */
export const ACTION_TRIGGERS = ['label', 'comment', 'schedule', 'dispatch', 'rerequest'] as const;
export type ActionTrigger = (typeof ACTION_TRIGGERS)[number];

/** Every input of action.yml; a test keeps this list and action.yml in step. */
export const INPUT_NAMES = [
  'mode',
  'plan',
  'plan-ref',
  'stage',
  'stages',
  'executor',
  'verifiers',
  'models',
  'config',
  'github-token',
  'anthropic-api-key',
  'openai-api-key',
  'gemini-api-key',
  'claude-code-oauth-token',
  'ledger-branch',
  'pr-number',
  'check-run-id',
  'report',
  'timeout-minutes',
  'install-clis',
  'dry-run',
  'trigger',
  'actor',
  'reset',
  'rebase',
  'dispatch-next',
  'issue',
  'goal',
  'plan-id',
  'approver',
  'review-id',
  'comment-id',
  'request',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/** Inputs that hold credentials: masked, and removed from the environment children inherit. */
export const SECRET_INPUTS = [
  'github-token',
  'anthropic-api-key',
  'openai-api-key',
  'gemini-api-key',
  'claude-code-oauth-token',
] as const satisfies readonly InputName[];
