import type { Carry } from '../report/schema/carry.js';
import { checkCarry } from '../report/validate-schema.js';
import { RESULT_HEADINGS } from './headings.js';
import { parseResult } from './parse-result.js';

export type CarryParse = { ok: true; json: string; carry: Carry } | { ok: false; reason: string };

export interface CarryExpectation {
  /** The stage this run owns; evidence written for another stage is refused. */
  stage?: number;
}

/**
 * The executor's `### Stage Carry Evidence` from its final message, checked
 * against the committed carry schema. `json` is the block's text as the
 * executor wrote it: it becomes the carry file verbatim.
 */
export function parseCarryEvidence(finalText: string, expect: CarryExpectation = {}): CarryParse {
  const parsed = parseResult(finalText, { heading: RESULT_HEADINGS.carry, schemaName: 'carry', check: checkCarry });
  if (!parsed.ok) return parsed;
  if (expect.stage !== undefined && parsed.value.stage !== expect.stage) {
    return {
      ok: false,
      reason: `the "### ${RESULT_HEADINGS.carry}" JSON is for stage ${parsed.value.stage}, but this run is stage ${expect.stage}`,
    };
  }
  return { ok: true, json: parsed.json, carry: parsed.value };
}
