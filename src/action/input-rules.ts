import { z } from 'zod';
import { PROVIDER_NAME_PATTERN } from '../core/config/schema.js';
import { planIdProblem } from '../core/ids.js';
import type { CheckRunIds } from '../github/stage-publisher.js';
import { ACTION_TRIGGERS, MODES, REPORT_TARGETS, SECRET_INPUTS, type InputName } from './input-names.js';

/**
 * What each input may hold: one rule per input, naming what is allowed
 * (the rules that tie inputs to the mode are mode-rules.ts).
 */

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

export interface FieldRule<T> {
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

export const RULES = {
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
    'claude, codex, gemini, copilot, a provider under `providers:` in the config, or command:<program>',
  ),
  verifiers: rule(
    z
      .string()
      .transform(list)
      .pipe(z.array(z.string().refine(providerRef)).min(1)),
    'comma-separated providers (claude, codex, gemini, copilot, a provider under `providers:`, command:<program>)',
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

export type Parsed<K extends keyof typeof RULES> = Exclude<ReturnType<(typeof RULES)[K]['parse']>, undefined>;

/** `one check run id` or `{"<stage>": id, …}`. */
export function parseCheckRunIds(raw: string): CheckRunIds | undefined {
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

export function describeValue(name: InputName, raw: string): string {
  if ((SECRET_INPUTS as readonly string[]).includes(name)) return '(hidden)';
  // Quoted as typed (no JSON escaping), clipped, on one line: the message is read in a log.
  const shown = raw.replace(/\s+/g, ' ');
  return `"${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}"`;
}
