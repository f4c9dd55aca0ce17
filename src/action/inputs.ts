import { DEFAULT_CONFIG_PATH } from '../core/config/schema.js';
import type { CheckRunIds } from '../github/stage-publisher.js';
import { ProviderError } from '../providers/errors.js';
import { parseModelOverrides } from '../providers/model-overrides.js';
import { INPUT_NAMES, type ActionTrigger, type InputName, type Mode, type ReportTarget } from './input-names.js';
import { describeValue, parseCheckRunIds, RULES, type FieldRule, type Parsed } from './input-rules.js';
import { modeRules } from './mode-rules.js';
import { unpackRequest, type RequestField } from '../core/commands/request.js';

/**
 * The Action's inputs, validated with zod. Every bad input yields exactly
 * one message that names the input, quotes what it got and says what is
 * allowed, and every bad input is reported at once, so a workflow author
 * fixes them in one go instead of one failed run per typo.
 */

export {
  ACTION_TRIGGERS,
  INPUT_NAMES,
  MODES,
  REPORT_TARGETS,
  SECRET_INPUTS,
  STEP_ONLY_MODES,
  type ActionTrigger,
  type InputName,
  type Mode,
  type ReportTarget,
} from './input-names.js';
export type { CheckRunIds };

export interface ActionInputs {
  mode: Mode;
  plan: string | null;
  /** The commit (SHA) or ref whose plan file is read; null for the checked-out commit. */
  planRef: string | null;
  stage: number | null;
  stages: number[] | null;
  executor: string | null;
  verifiers: string[] | null;
  models: Record<string, string>;
  config: string;
  githubToken: string | null;
  /** `claudeOauth`: a Claude subscription token (`claude-code-oauth-token`), used when no Anthropic API key is given. */
  apiKeys: { anthropic: string | null; openai: string | null; gemini: string | null; claudeOauth: string | null };
  ledgerBranch: string | null;
  prNumber: number | null;
  checkRunIds: CheckRunIds;
  report: ReadonlySet<ReportTarget>;
  timeoutMinutes: number | null;
  installClis: boolean;
  dryRun: boolean;
  trigger: ActionTrigger | null;
  actor: string | null;
  /** Mode reconcile: put the moved branch back at the recorded head instead of re-verifying it. */
  reset: boolean;
  /** Mode stage, a fix run only: replay the failed stage's preserved branch onto the stage's current base first (`okstra run --rebase`). */
  rebase: boolean;
  /** No-server mode: when the stage ends done, dispatch the stages it made ready (src/triggers/continue.ts). */
  dispatchNext: boolean;
  /** Mode plan: the issue whose title and body are the goal (read through the API). */
  issue: number | null;
  /** Mode plan: words to add to the goal (e.g. what follows `/okstra plan`); untrusted text. */
  goal: string | null;
  /** Mode plan: the plan's id; default `issue-<n>-<slug of the title>`. */
  planId: string | null;
  /** Mode approve: the login whose review or comment approves the plan. */
  approver: string | null;
  /** Mode approve: the pull request review that approves (exactly one of reviewId and commentId). */
  reviewId: number | null;
  /** Mode approve: the issue comment holding `/okstra approve`. */
  commentId: number | null;
}

export type InputsResult = { ok: true; inputs: ActionInputs } | { ok: false; errors: string[] };

/**
 * Reads and validates every input. `read` returns an input's raw value
 * (empty when unset), as `core.getInput` does on a runner.
 */
export function parseInputs(read: (name: InputName) => string): InputsResult {
  const raw = Object.fromEntries(INPUT_NAMES.map((n) => [n, read(n).trim()])) as Record<InputName, string>;
  const errors = new Map<InputName, string>();
  const fields = fieldReader(raw, errors, withRequest(raw, errors));
  const mode = raw.mode === '' ? 'stage' : fields.get('mode');
  const typed = typedInputs(fields.get);
  const models = modelsInput(raw.models, errors);
  const checkRunIds = checkRunIdsInput(raw['check-run-id'], fields.bad);
  modeRules(mode, raw, checkRunIds, typed, fields.bad, fields.missing);
  if (errors.size > 0 || mode === null)
    return { ok: false, errors: INPUT_NAMES.flatMap((n) => (errors.has(n) ? [errors.get(n) as string] : [])) };
  return { ok: true, inputs: { mode, ...textInputs(raw), ...typed, models, checkRunIds } };
}

type FieldGetter = <K extends keyof typeof RULES>(name: K) => Parsed<K> | null;

/**
 * Parses one input by its rule (null when unset) and records the first error of each input: `bad` for a value its
 * rule refuses, named as the request's field when the request filled it; `missing` for one its mode needs.
 */
function fieldReader(
  raw: Record<InputName, string>,
  errors: Map<InputName, string>,
  fromRequest: ReadonlySet<InputName>,
): {
  get: FieldGetter;
  bad: (name: InputName, allowed: string) => void;
  missing: (name: InputName, why: string) => void;
} {
  const named = (name: InputName): string => (fromRequest.has(name) ? `request field "${name}"` : `input "${name}"`);
  const bad = (name: InputName, allowed: string): void => {
    if (!errors.has(name))
      errors.set(name, `${named(name)}: got ${describeValue(name, raw[name])}; expected ${allowed}`);
  };
  const missing = (name: InputName, why: string): void => {
    if (!errors.has(name)) errors.set(name, `input "${name}" is required ${why}`);
  };
  const get: FieldGetter = (name) => {
    if (raw[name] === '') return null;
    const rule = RULES[name] as FieldRule<Parsed<typeof name>>;
    const value = rule.parse(raw[name]);
    if (value === undefined) {
      bad(name, rule.allowed);
      return null;
    }
    return value;
  };
  return { get, bad, missing };
}

/** The inputs with a rule, parsed, with their defaults. */
function typedInputs(get: FieldGetter) {
  return {
    planRef: get('plan-ref'),
    stage: get('stage'),
    stages: get('stages'),
    executor: get('executor'),
    verifiers: get('verifiers'),
    ledgerBranch: get('ledger-branch'),
    prNumber: get('pr-number'),
    report: new Set(get('report') ?? ['summary']),
    timeoutMinutes: get('timeout-minutes'),
    installClis: get('install-clis') ?? false,
    dryRun: get('dry-run') ?? false,
    trigger: get('trigger'),
    reset: get('reset') ?? false,
    rebase: get('rebase') ?? false,
    dispatchNext: get('dispatch-next') ?? false,
    issue: get('issue'),
    planId: get('plan-id'),
    approver: get('approver'),
    reviewId: get('review-id'),
    commentId: get('comment-id'),
  } satisfies Partial<ActionInputs>;
}

/** The inputs taken as text, null when unset. */
function textInputs(raw: Record<InputName, string>) {
  return {
    plan: raw.plan || null,
    config: raw.config || DEFAULT_CONFIG_PATH,
    githubToken: raw['github-token'] || null,
    apiKeys: {
      anthropic: raw['anthropic-api-key'] || null,
      openai: raw['openai-api-key'] || null,
      gemini: raw['gemini-api-key'] || null,
      claudeOauth: raw['claude-code-oauth-token'] || null,
    },
    actor: raw.actor || null,
    goal: raw.goal || null,
  } satisfies Partial<ActionInputs>;
}

function modelsInput(value: string, errors: Map<InputName, string>): Record<string, string> {
  if (value === '') return {};
  try {
    return parseModelOverrides([value]);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    errors.set('models', `input "models": ${error.message}`);
    return {};
  }
}

function checkRunIdsInput(value: string, bad: (name: InputName, allowed: string) => void): CheckRunIds {
  if (value === '') return { kind: 'none' };
  const ids = parseCheckRunIds(value);
  if (ids) return ids;
  bad(
    'check-run-id',
    'a check run id (mode stage) or a JSON object mapping stage numbers to check run ids (mode chain), e.g. {"2": 123, "3": 124}',
  );
  return { kind: 'none' };
}

/**
 * Fills `raw` from the `request` input (the dispatch contract's JSON): each
 * field becomes the input of its name, unless that input was given with
 * another value. Returns the inputs the request filled, so a bad value is
 * named as the request's field.
 */
function withRequest(raw: Record<InputName, string>, errors: Map<InputName, string>): Set<InputName> {
  const filled = new Set<InputName>();
  const request = unpackRequest(raw.request);
  if (!request.ok) {
    errors.set('request', `input "request": ${request.field}: ${request.message}`);
    return filled;
  }
  for (const [field, value] of Object.entries(request.fields) as Array<[RequestField, string]>) {
    // action.yml's "false" for reset and rebase is what the runner passes when nobody set them.
    const unset = raw[field] === '' || ((field === 'reset' || field === 'rebase') && raw[field] === 'false');
    if (!unset && raw[field] !== value) {
      errors.set(
        field,
        `input "${field}" and request field "${field}" disagree (${describeValue(field, raw[field])} and ${describeValue(field, value)}); give it once`,
      );
      continue;
    }
    if (unset) filled.add(field);
    raw[field] = value;
  }
  return filled;
}
