import { z } from 'zod';
import { RESULT_HEADINGS } from './headings.js';
import { parseResult } from './parse-result.js';
import { zodCheck } from './zod-check.js';

export const REVERIFY_POSITIONS = ['confirm', 'refute', 'withdraw'] as const;

/**
 * A worker's answer in a convergence round about one disputed blocking
 * finding. Like the verifier result it is agent output: extra keys are
 * tolerated and paths are kept as written.
 */
export const ReverifyResultSchema = z.looseObject({
  findingId: z.string().min(1),
  position: z.enum(REVERIFY_POSITIONS),
  evidence: z.string().regex(/\S/, 'must say why, citing code'),
  evidenceRead: z.array(z.string().min(1)),
});

export type ReverifyResult = z.output<typeof ReverifyResultSchema>;

export type ReverifyResultParse = { ok: true; json: string; result: ReverifyResult } | { ok: false; reason: string };

export interface ReverifyExpectation {
  /** The finding the question was about; an answer about another one is refused. */
  findingId?: string;
  /** Whether the answering worker raised the finding. Only its author may withdraw it. */
  isAuthor?: boolean;
}

const label = `### ${RESULT_HEADINGS.reverify}`;

function expectationProblem(result: ReverifyResult, expect: ReverifyExpectation): string | null {
  if (expect.findingId !== undefined && result.findingId !== expect.findingId) {
    return `the "${label}" answers finding ${JSON.stringify(result.findingId)}, but the question was about ${JSON.stringify(expect.findingId)}`;
  }
  if (result.position === 'withdraw' && expect.isAuthor === false) {
    return `the "${label}" withdraws finding ${JSON.stringify(result.findingId)}, but only the worker that raised it may withdraw it`;
  }
  return null;
}

export function parseReverifyResult(finalText: string, expect: ReverifyExpectation = {}): ReverifyResultParse {
  const parsed = parseResult(finalText, {
    heading: RESULT_HEADINGS.reverify,
    schemaName: 'reverify result',
    check: zodCheck(ReverifyResultSchema),
  });
  if (!parsed.ok) return parsed;
  const problem = expectationProblem(parsed.value, expect);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, json: parsed.json, result: parsed.value };
}
