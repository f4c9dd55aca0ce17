import { z } from 'zod';
import { PROVIDER_NAME_PATTERN } from '../core/config/schema.js';
import { DEFAULT_CONFIG_PATH } from '../core/config/schema.js';
import { planIdProblem } from '../core/ids.js';
import { parseModelOverrides, ProviderError } from '../providers/index.js';
import type { CheckRunIds } from '../github/stage-publisher.js';

/**
 * The Action's inputs, validated with zod. Every bad input yields exactly
 * one message that names the input, quotes what it got and says what is
 * allowed, and every bad input is reported at once, so a workflow author
 * fixes them in one go instead of one failed run per typo.
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
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/** Inputs that hold credentials: masked, and removed from the environment children inherit. */
export const SECRET_INPUTS = [
  'github-token',
  'anthropic-api-key',
  'openai-api-key',
  'gemini-api-key',
] as const satisfies readonly InputName[];

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
  apiKeys: { anthropic: string | null; openai: string | null; gemini: string | null };
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

const positiveInt = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/)
  .transform(Number);
// Review and comment ids outgrow nine digits; Number holds them exactly up to 2^53.
const apiId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER));
const list = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const providerRef = (s: string): boolean =>
  s.startsWith('command:') ? s.length > 'command:'.length : PROVIDER_NAME_PATTERN.test(s);
// The YAML 1.2 core-schema spellings that @actions/core's getBooleanInput accepts.
const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

const CheckRunMapSchema = z.record(z.string().regex(/^[1-9][0-9]*$/), z.number().int().positive());

interface FieldRule<T> {
  parse: (raw: string) => T | undefined;
  allowed: string;
}

function rule<T>(schema: z.ZodType<T>, allowed: string): FieldRule<T> {
  return {
    parse: (raw) => {
      const r = schema.safeParse(raw);
      return r.success ? r.data : undefined;
    },
    allowed,
  };
}

/**
 * A ref okstra passes to `git fetch` and `git rev-parse`: a full commit SHA
 * (40 or 64 hex digits), or a ref name such as `refs/pull/12/head` or
 * `feature/x` with only letters, digits and `. _ / -`, no component starting
 * with `.` or `-` or ending in `.lock`, and no `..` or `//`, so it can never
 * be read as an option, a revision range or a reflog expression.
 */
const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const REF_COMPONENT = /^(?![.-])[A-Za-z0-9._-]+(?<!\.lock)(?<!\.)$/;
export function isValidPlanRef(s: string): boolean {
  if (COMMIT_SHA.test(s)) return true;
  if (s.length > 255 || /^[0-9a-fA-F]{4,}$/.test(s)) return false;
  return s.split('/').every((c) => REF_COMPONENT.test(c)) && !s.includes('..') && s !== 'HEAD' && s !== '@';
}

const RULES = {
  mode: rule(z.enum(MODES), `one of ${MODES.join(', ')}`),
  'plan-ref': rule(
    z.string().refine(isValidPlanRef),
    'a full commit SHA (40 or 64 lowercase hex digits) or a ref name such as refs/pull/12/head or feature/x (letters, digits and . _ / -; no "..")',
  ),
  stage: rule(positiveInt, 'a positive whole number (a stage of the plan)'),
  stages: rule(
    z.string().transform(list).pipe(z.array(positiveInt).min(1)),
    'comma-separated positive whole numbers, e.g. "2,3"',
  ),
  executor: rule(
    z.string().refine(providerRef),
    'claude, codex, gemini, a provider under `providers:` in the config, or command:<program>',
  ),
  verifiers: rule(
    z
      .string()
      .transform(list)
      .pipe(z.array(z.string().refine(providerRef)).min(1)),
    'comma-separated providers (claude, codex, gemini, a provider under `providers:`, command:<program>)',
  ),
  'ledger-branch': rule(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/)
      .refine((s) => !s.includes('..') && !s.endsWith('.lock') && !s.endsWith('/')),
    'a branch name such as okstra-ledger',
  ),
  'pr-number': rule(positiveInt, 'a pull request number'),
  report: rule(
    z
      .string()
      .transform(list)
      .pipe(z.array(z.enum(REPORT_TARGETS)).min(1)),
    `comma-separated targets from ${REPORT_TARGETS.join(', ')}`,
  ),
  'timeout-minutes': rule(
    z
      .string()
      .regex(/^[0-9]+(\.[0-9]+)?$/)
      .transform(Number)
      .pipe(
        z
          .number()
          .positive()
          .max(24 * 60),
      ),
    'a number of minutes greater than 0 and at most 1440',
  ),
  'install-clis': rule(
    z.enum([...TRUE, ...FALSE]).transform((s) => TRUE.includes(s)),
    'true or false',
  ),
  'dry-run': rule(
    z.enum([...TRUE, ...FALSE]).transform((s) => TRUE.includes(s)),
    'true or false',
  ),
  trigger: rule(z.enum(ACTION_TRIGGERS), `one of ${ACTION_TRIGGERS.join(', ')}`),
  reset: rule(
    z.enum([...TRUE, ...FALSE]).transform((s) => TRUE.includes(s)),
    'true or false (true only with mode reconcile)',
  ),
  rebase: rule(
    z.enum([...TRUE, ...FALSE]).transform((s) => TRUE.includes(s)),
    'true or false (true only with mode stage, for a fix run)',
  ),
  'dispatch-next': rule(
    z.enum([...TRUE, ...FALSE]).transform((s) => TRUE.includes(s)),
    'true or false (true dispatches the stages a done stage made ready, with mode stage)',
  ),
  issue: rule(positiveInt, 'an issue number'),
  'plan-id': rule(
    z.string().refine((s) => planIdProblem(s) === null),
    'a plan id: lowercase letters, digits and . _ -, starting with a letter or digit, at most 63 characters',
  ),
  // GitHub logins: letters, digits and single hyphens; an App's account ends in [bot].
  approver: rule(z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/), 'a GitHub login, e.g. octocat'),
  'review-id': rule(apiId, 'a pull request review id (a positive whole number)'),
  'comment-id': rule(apiId, 'an issue comment id (a positive whole number)'),
} satisfies Partial<Record<InputName, FieldRule<unknown>>>;

type Parsed<K extends keyof typeof RULES> = Exclude<ReturnType<(typeof RULES)[K]['parse']>, undefined>;

/** `one check run id` or `{"<stage>": id, …}`. */
function parseCheckRunIds(raw: string): CheckRunIds | undefined {
  if (/^[1-9][0-9]*$/.test(raw)) return { kind: 'single', id: Number(raw) };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = CheckRunMapSchema.safeParse(json);
  if (!parsed.success || Object.keys(parsed.data).length === 0) return undefined;
  return { kind: 'by-stage', ids: new Map(Object.entries(parsed.data).map(([k, v]) => [Number(k), v])) };
}

function describeValue(name: InputName, raw: string): string {
  if ((SECRET_INPUTS as readonly string[]).includes(name)) return '(hidden)';
  // Quoted as typed (no JSON escaping), clipped, on one line: the message is read in a log.
  const shown = raw.replace(/\s+/g, ' ');
  return `"${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}"`;
}

/**
 * Reads and validates every input. `read` returns an input's raw value
 * (empty when unset), as `core.getInput` does on a runner.
 */
export function parseInputs(read: (name: InputName) => string): InputsResult {
  const raw = Object.fromEntries(INPUT_NAMES.map((n) => [n, read(n).trim()])) as Record<InputName, string>;
  const errors = new Map<InputName, string>();
  const bad = (name: InputName, allowed: string): void => {
    if (!errors.has(name))
      errors.set(name, `input "${name}": got ${describeValue(name, raw[name])}; expected ${allowed}`);
  };
  const missing = (name: InputName, why: string): void => {
    if (!errors.has(name)) errors.set(name, `input "${name}" is required ${why}`);
  };
  function get<K extends keyof typeof RULES>(name: K): Parsed<K> | null {
    if (raw[name] === '') return null;
    const rule = RULES[name] as FieldRule<Parsed<K>>;
    const value = rule.parse(raw[name]);
    if (value === undefined) {
      bad(name, rule.allowed);
      return null;
    }
    return value;
  }

  const mode = raw.mode === '' ? 'stage' : get('mode');
  const planRef = get('plan-ref');
  const stage = get('stage');
  const stages = get('stages');
  const executor = get('executor');
  const verifiers = get('verifiers');
  const ledgerBranch = get('ledger-branch');
  const prNumber = get('pr-number');
  const report = get('report');
  const timeoutMinutes = get('timeout-minutes');
  const installClis = get('install-clis') ?? false;
  const dryRun = get('dry-run') ?? false;
  const trigger = get('trigger');
  const reset = get('reset') ?? false;
  const rebase = get('rebase') ?? false;
  const dispatchNext = get('dispatch-next') ?? false;
  const issue = get('issue');
  const planId = get('plan-id');
  const approver = get('approver');
  const reviewId = get('review-id');
  const commentId = get('comment-id');

  let models: Record<string, string> = {};
  if (raw.models !== '') {
    try {
      models = parseModelOverrides([raw.models]);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      errors.set('models', `input "models": ${error.message}`);
    }
  }

  let checkRunIds: CheckRunIds = { kind: 'none' };
  if (raw['check-run-id'] !== '') {
    const ids = parseCheckRunIds(raw['check-run-id']);
    if (ids) checkRunIds = ids;
    else
      bad(
        'check-run-id',
        'a check run id (mode stage) or a JSON object mapping stage numbers to check run ids (mode chain), e.g. {"2": 123, "3": 124}',
      );
  }

  // Rules that tie inputs to the mode; each still names one input.
  // Modes stage and reconcile act on one stage, named by `stage`.
  const oneStage = mode === 'stage' || mode === 'reconcile';
  if (oneStage || mode === 'chain' || mode === 'final') {
    if (raw.plan === '') missing('plan', `with mode ${mode} (the plan file, e.g. .okstra/plans/my-plan.md)`);
  }
  if (oneStage && raw.stage === '')
    missing('stage', `with mode ${mode}${mode === 'reconcile' ? ' (the done stage whose branch moved)' : ''}`);
  if (mode !== null && !oneStage && raw.stage !== '')
    bad('stage', `no value with mode ${mode}${mode === 'chain' ? ' (use "stages")' : ''}`);
  if (mode !== null && mode !== 'chain' && raw.stages !== '')
    bad('stages', `no value with mode ${mode}${oneStage ? ' (use "stage")' : ''}`);
  if (checkRunIds.kind === 'single' && !oneStage)
    bad('check-run-id', `with mode ${mode} a JSON object mapping stage numbers to check run ids, e.g. {"2": 123}`);
  if (checkRunIds.kind === 'by-stage' && mode !== 'chain')
    bad('check-run-id', oneStage ? `one check run id with mode ${mode}` : `no value with mode ${mode}`);
  // "false" is what a workflow's boolean input passes when nobody set it, whatever the mode.
  if (reset && mode !== null && mode !== 'reconcile')
    bad(
      'reset',
      `false or no value with mode ${mode} (reset puts a done stage's moved branch back, with mode reconcile)`,
    );
  // A chain's stages are not fix runs of one failed stage; what moves and onto what would be a guess.
  if (rebase && mode !== null && mode !== 'stage')
    bad(
      'rebase',
      `false or no value with mode ${mode} (rebase moves a failed stage's preserved branch onto its current base before a fix run, with mode stage)`,
    );
  planningRules(mode, raw, bad, missing);
  if (raw.plan !== '' && (raw.plan.includes('\0') || raw.plan.startsWith('/') || raw.plan.split('/').includes('..')))
    bad('plan', 'a path inside the repository, e.g. .okstra/plans/my-plan.md');
  if (raw.config !== '' && (raw.config.startsWith('/') || raw.config.split('/').includes('..')))
    bad('config', 'a path inside the repository, e.g. .okstra/config.yml');

  if (errors.size > 0 || mode === null)
    return { ok: false, errors: INPUT_NAMES.flatMap((n) => (errors.has(n) ? [errors.get(n) as string] : [])) };
  return {
    ok: true,
    inputs: {
      mode,
      plan: raw.plan || null,
      planRef,
      stage,
      stages,
      executor,
      verifiers,
      models,
      config: raw.config || DEFAULT_CONFIG_PATH,
      githubToken: raw['github-token'] || null,
      apiKeys: {
        anthropic: raw['anthropic-api-key'] || null,
        openai: raw['openai-api-key'] || null,
        gemini: raw['gemini-api-key'] || null,
      },
      ledgerBranch,
      prNumber,
      checkRunIds,
      report: new Set(report ?? ['summary']),
      timeoutMinutes,
      installClis,
      dryRun,
      trigger,
      actor: raw.actor || null,
      reset,
      rebase,
      dispatchNext,
      issue,
      goal: raw.goal || null,
      planId,
      approver,
      reviewId,
      commentId,
    },
  };
}

const PLANNING_INPUTS = ['issue', 'goal', 'plan-id'] as const satisfies readonly InputName[];
const APPROVAL_INPUTS = ['approver', 'review-id', 'comment-id'] as const satisfies readonly InputName[];

/** The inputs of modes plan and approve belong to them alone; each mode names what it needs. */
function planningRules(
  mode: Mode | null,
  raw: Record<InputName, string>,
  bad: (name: InputName, allowed: string) => void,
  missing: (name: InputName, why: string) => void,
): void {
  if (mode === null) return;
  if (mode !== 'plan')
    for (const name of PLANNING_INPUTS)
      if (raw[name] !== '') bad(name, `no value with mode ${mode} (it is for mode plan)`);
  if (mode !== 'approve')
    for (const name of APPROVAL_INPUTS)
      if (raw[name] !== '') bad(name, `no value with mode ${mode} (it is for mode approve)`);
  if (mode === 'plan') {
    if (raw.issue === '' && raw['pr-number'] === '' && raw.goal === '')
      missing(
        'issue',
        'with mode plan unless "pr-number" (a re-plan of that plan pull request) or "goal" says what to plan',
      );
    // A goal alone names no plan; without any of them the message above says what is missing.
    if (raw.issue === '' && raw['pr-number'] === '' && raw.goal !== '' && raw['plan-id'] === '')
      missing('plan-id', 'with mode plan when no "issue" names the plan (its default id comes from the issue)');
  }
  if (mode === 'approve') {
    if (raw['pr-number'] === '') missing('pr-number', 'with mode approve (the plan pull request)');
    if (raw.approver === '') missing('approver', 'with mode approve (the login whose review or comment approves)');
    if (raw['review-id'] === '' && raw['comment-id'] === '')
      missing('review-id', 'with mode approve, or "comment-id" (exactly one of them)');
    if (raw['review-id'] !== '' && raw['comment-id'] !== '')
      bad('comment-id', 'no value when "review-id" is given (exactly one of them)');
  }
}
