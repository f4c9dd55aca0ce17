import type { SchemaFileName } from '../json-schema.js';

/** The export of validators.generated.js that validates each published schema (scripts/gen-schemas.ts writes them). */
export const VALIDATOR_EXPORTS = {
  'final-report.schema.json': 'finalReport',
  'carry.schema.json': 'carry',
  'verifier-result.schema.json': 'verifierResult',
  'config.schema.json': 'config',
  'plan-review-report.schema.json': 'planReviewReport',
  'final-verification-report.schema.json': 'finalVerificationReport',
} as const satisfies Record<SchemaFileName, string>;
