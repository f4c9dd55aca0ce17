import { describe, expect, it } from 'vitest';
import { parseCriticResult, parseReverifyResult, parseVerifierResult } from '../../src/core/contracts/index.js';

function block(heading: string, value: unknown): string {
  return `Reviewed the diff.\n\n### ${heading}\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;
}

const FINDING = {
  severity: 'blocking',
  title: 'Unknown keys accepted',
  detail: 'see src/config/load.ts:31',
  file: 'src/config/load.ts',
  line: 31,
  endLine: 44,
};

describe('parseVerifierResult', () => {
  const result = { verdict: 'FAIL', summary: 'one blocker', findings: [FINDING], evidenceRead: ['src/config/load.ts'] };

  it('reads a valid result and keeps its JSON verbatim', () => {
    const text = block('Verifier Result', result);
    expect(parseVerifierResult(text)).toEqual({ ok: true, json: JSON.stringify(result, null, 2), result });
  });

  it('names the schema paths that are wrong', () => {
    const parsed = parseVerifierResult(
      block('Verifier Result', { ...result, verdict: 'MAYBE', findings: [{ title: 'x' }] }),
    );
    expect(parsed).toEqual({
      ok: false,
      reason:
        'the "### Verifier Result" JSON does not match the verifier result schema: /verdict: must be one of "PASS", "FAIL"; /findings/0: missing property "severity"',
    });
  });

  it('does not read another role’s heading', () => {
    expect(parseVerifierResult(block('Critic Result', result))).toEqual({
      ok: false,
      reason: 'no "### Verifier Result" heading in the final message',
    });
  });
});

describe('parseReverifyResult', () => {
  const answer = {
    findingId: 'F2',
    position: 'refute',
    evidence: 'strict at src/config/load.ts:31',
    evidenceRead: ['src/config/load.ts'],
  };

  it('reads a valid answer', () => {
    expect(parseReverifyResult(block('Reverify Result', answer))).toMatchObject({ ok: true, result: answer });
  });

  it('names a bad position and a missing field by path', () => {
    const withoutEvidence: Record<string, unknown> = { ...answer, position: 'agree' };
    delete withoutEvidence.evidence;
    const parsed = parseReverifyResult(block('Reverify Result', withoutEvidence));
    if (parsed.ok) throw new Error('expected a refusal');
    expect(parsed.reason).toMatch(/^the "### Reverify Result" JSON does not match the reverify result schema: /);
    expect(parsed.reason).toContain('/position: ');
    expect(parsed.reason).toContain('(root): missing property "evidence"');
  });

  it('refuses an answer about another finding when the question is known', () => {
    expect(parseReverifyResult(block('Reverify Result', answer), { findingId: 'F3' })).toEqual({
      ok: false,
      reason: 'the "### Reverify Result" answers finding "F2", but the question was about "F3"',
    });
  });

  it('accepts withdraw only from the finding’s author', () => {
    const withdraw = block('Reverify Result', { ...answer, position: 'withdraw' });
    expect(parseReverifyResult(withdraw, { isAuthor: true }).ok).toBe(true);
    expect(parseReverifyResult(withdraw, { isAuthor: false })).toEqual({
      ok: false,
      reason: 'the "### Reverify Result" withdraws finding "F2", but only the worker that raised it may withdraw it',
    });
  });
});

describe('parseCriticResult', () => {
  it('reads gaps shaped like verifier findings, and an empty list', () => {
    const result = { gaps: [FINDING], evidenceRead: ['src/config/load.ts'] };
    expect(parseCriticResult(block('Critic Result', result))).toMatchObject({ ok: true, result });
    expect(parseCriticResult(block('Critic Result', { gaps: [], evidenceRead: [] }))).toMatchObject({
      ok: true,
      result: { gaps: [] },
    });
  });

  it('names a malformed gap by path', () => {
    const parsed = parseCriticResult(
      block('Critic Result', { gaps: [{ ...FINDING, severity: 'critical' }], evidenceRead: [] }),
    );
    if (parsed.ok) throw new Error('expected a refusal');
    expect(parsed.reason).toContain('/gaps/0/severity: ');
  });
});
