import type { VerifierResult } from '../report/schema/verifier-result.js';
import { checkVerifierResult } from '../report/validate-schema.js';
import { RESULT_HEADINGS } from './headings.js';
import { parseResult } from './parse-result.js';

export type VerifierResultParse = { ok: true; json: string; result: VerifierResult } | { ok: false; reason: string };

/** A verifier's `### Verifier Result` from its final message, checked against the committed schema. */
export function parseVerifierResult(finalText: string): VerifierResultParse {
  const parsed = parseResult(finalText, {
    heading: RESULT_HEADINGS.verifier,
    schemaName: 'verifier result',
    check: checkVerifierResult,
  });
  if (!parsed.ok) return parsed;
  return { ok: true, json: parsed.json, result: parsed.value };
}
