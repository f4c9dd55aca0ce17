import { z } from 'zod';
import { VerifierResultSchema } from '../report/schema/verifier-result.js';
import { RESULT_HEADINGS } from './headings.js';
import { parseResult } from './parse-result.js';
import { zodCheck } from './zod-check.js';

/**
 * The critic's `### Critic Result`: the gaps every verifier missed, each
 * shaped exactly like a verifier finding so synthesis treats them alike.
 */
export const CriticResultSchema = z.looseObject({
  gaps: z.array(VerifierResultSchema.shape.findings.element),
  evidenceRead: z.array(z.string().min(1)),
});

export type CriticResult = z.output<typeof CriticResultSchema>;

export type CriticResultParse = { ok: true; json: string; result: CriticResult } | { ok: false; reason: string };

export function parseCriticResult(finalText: string): CriticResultParse {
  const parsed = parseResult(finalText, {
    heading: RESULT_HEADINGS.critic,
    schemaName: 'critic result',
    check: zodCheck(CriticResultSchema),
  });
  if (!parsed.ok) return parsed;
  return { ok: true, json: parsed.json, result: parsed.value };
}
