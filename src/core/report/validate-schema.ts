import type { FinalVerificationReport } from './schema/final-verification-report.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { z } from 'zod';
import type { SchemaFileName } from './json-schema.js';
import type { FinalReport } from './schema/final-report.js';
import type { Carry } from './schema/carry.js';
import type { VerifierResult } from './schema/verifier-result.js';
import type { PlanReviewReport } from './schema/plan-review-report.js';
import type { ConfigSchema } from '../config/schema.js';
import { VALIDATOR_EXPORTS } from './schema/validator-names.js';
import * as precompiled from './schema/validators.generated.js';
import type { PrecompiledValidator } from './schema/validators.generated.js';

/** One reason a document does not match its schema, located by JSON Pointer. */
export interface SchemaProblem {
  /** JSON Pointer into the document, `""` for the root. */
  pointer: string;
  message: string;
}

export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; problems: SchemaProblem[] };

export { schemaCompileCount } from './schema-compiles.js';

/** Compiled at build time: importing the generated module compiles nothing. */
function validatorFor(name: SchemaFileName): PrecompiledValidator {
  return precompiled[VALIDATOR_EXPORTS[name]];
}

function check<T>(name: SchemaFileName, value: unknown): SchemaCheck<T> {
  const validate = validatorFor(name);
  if (validate(value)) return { ok: true, value: value as T };
  return { ok: false, problems: describeErrors(validate.errors ?? []) };
}

/**
 * Compiles what a stage run's end checks: V8 compiles a function on its first call, and the report's validator is
 * large (~20 ms the first time). Called while the executor works, it is off the way from its end to the done row.
 */
export function warmStageChecks(): void {
  for (const name of ['final-report.schema.json', 'carry.schema.json', 'verifier-result.schema.json'] as const)
    validatorFor(name)({});
}

export function checkFinalReport(value: unknown): SchemaCheck<FinalReport> {
  return check<FinalReport>('final-report.schema.json', value);
}

export function checkCarry(value: unknown): SchemaCheck<Carry> {
  return check<Carry>('carry.schema.json', value);
}

export function checkVerifierResult(value: unknown): SchemaCheck<VerifierResult> {
  return check<VerifierResult>('verifier-result.schema.json', value);
}

/** A planning phase's report, checked against the published `schemas/plan-review-report.schema.json`. */
export function validatePlanReviewReport(value: unknown): SchemaCheck<PlanReviewReport> {
  return check<PlanReviewReport>('plan-review-report.schema.json', value);
}

/** A final verification's report, checked against the published `schemas/final-verification-report.schema.json`. */
export function validateFinalVerificationReport(value: unknown): SchemaCheck<FinalVerificationReport> {
  return check<FinalVerificationReport>('final-verification-report.schema.json', value);
}

/**
 * `.okstra/config.yml` as written (after YAML parsing) against the published
 * `schemas/config.schema.json`. okstra itself reads config with zod
 * (parseConfig); this is the check an editor or a repository's CI gets.
 */
export function checkConfigDocument(value: unknown): SchemaCheck<z.input<typeof ConfigSchema>> {
  return check<z.input<typeof ConfigSchema>>('config.schema.json', value);
}

/**
 * ajv reports every branch of a union that failed; a reader wants the few
 * that say what is wrong. Keep one message per pointer and drop the generic
 * "must match a schema in anyOf/oneOf" when a more specific error exists
 * under the same pointer.
 */
function describeErrors(errors: readonly ErrorObject[]): SchemaProblem[] {
  const byPointer = new Map<string, string[]>();
  for (const error of errors) {
    const pointer = error.instancePath;
    const message = messageFor(error);
    const list = byPointer.get(pointer) ?? [];
    if (!list.includes(message)) list.push(message);
    byPointer.set(pointer, list);
  }
  const problems: SchemaProblem[] = [];
  for (const [pointer, all] of byPointer) {
    const messages = mergeMissing(all);
    const specific = messages.filter((m) => !/^must match (a|exactly one) schema/.test(m));
    const chosen = specific.length > 0 ? specific : messages;
    problems.push({ pointer, message: chosen.join('; ') });
  }
  const unionOnly = (p: SchemaProblem): boolean => /^must match (a|exactly one) schema/.test(p.message);
  // A union failure at a parent is explained by the problems under it, when there are any.
  return problems.filter(
    (p) => !unionOnly(p) || !problems.some((q) => q !== p && q.pointer.startsWith(`${p.pointer}/`)),
  );
}

const MISSING = /^missing property "(.*)"$/;

/** `missing property "a"`, `missing property "b"` → `missing properties "a", "b"`. */
function mergeMissing(messages: readonly string[]): string[] {
  const missing = messages.flatMap((m) => MISSING.exec(m)?.[1] ?? []);
  if (missing.length < 2) return [...messages];
  const rest = messages.filter((m) => !MISSING.test(m));
  return [`missing properties ${missing.map((name) => `"${name}"`).join(', ')}`, ...rest];
}

function messageFor(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `unexpected property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'required') return `missing property "${String(params.missingProperty)}"`;
  if (error.keyword === 'const') return `must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === 'pattern') {
    // Patterns are unreadable in a message; the schema's description says the same in words.
    const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
    if (typeof description === 'string') return `must be a ${description}`;
  }
  if (error.keyword === 'enum')
    return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? error.keyword;
}

/** `pointer: message` for one-line output. */
export function formatSchemaProblem(problem: SchemaProblem): string {
  return `${problem.pointer === '' ? '(root)' : problem.pointer}: ${problem.message}`;
}
