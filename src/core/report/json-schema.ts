import { FinalVerificationReportSchema } from './schema/final-verification-report.js';
import { z } from 'zod';
import { FinalReportSchema } from './schema/final-report.js';
import { CarrySchema } from './schema/carry.js';
import { VerifierResultSchema } from './schema/verifier-result.js';
import { PlanReviewReportSchema } from './schema/plan-review-report.js';
import { ConfigSchema } from '../config/schema.js';

/** JSON Schema objects as plain data (what `z.toJSONSchema` returns). */
export type JsonSchemaObject = Record<string, unknown>;

/** The committed schema files, by file name under `schemas/`, and the zod model each is generated from. */
export const SCHEMA_SOURCES = {
  'final-report.schema.json': FinalReportSchema,
  'carry.schema.json': CarrySchema,
  'verifier-result.schema.json': VerifierResultSchema,
  'config.schema.json': ConfigSchema,
  'plan-review-report.schema.json': PlanReviewReportSchema,
  'final-verification-report.schema.json': FinalVerificationReportSchema,
} as const;

/** Files people write by hand describe what may be written (defaults make keys optional), not what is read back. */
const INPUT_SIDE: ReadonlySet<SchemaFileName> = new Set<SchemaFileName>(['config.schema.json']);

export type SchemaFileName = keyof typeof SCHEMA_SOURCES;

const cache = new Map<SchemaFileName, JsonSchemaObject>();

/**
 * The JSON Schema (draft 2020-12) for one committed file. Generated from the
 * zod model on demand, so the validator never depends on reading the file and
 * a drift test keeps the committed copy identical.
 */
export function jsonSchemaFor(name: SchemaFileName): JsonSchemaObject {
  let schema = cache.get(name);
  if (!schema) {
    schema = z.toJSONSchema(SCHEMA_SOURCES[name], {
      target: 'draft-2020-12',
      io: INPUT_SIDE.has(name) ? 'input' : 'output',
      unrepresentable: 'throw',
    }) as JsonSchemaObject;
    cache.set(name, schema);
  }
  return schema;
}

/** The exact text committed for a schema file: two-space JSON and a final newline. */
export function schemaFileText(name: SchemaFileName): string {
  return `${JSON.stringify(jsonSchemaFor(name), null, 2)}\n`;
}
