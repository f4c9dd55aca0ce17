/**
 * Which conformance rules protect the verdict (a run that breaks one ends
 * contract-violated) and which are advisory (kept as warnings).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  VIOLATION_CODES,
  VIOLATION_RULES,
  protectingReason,
  sortViolations,
  uniqueViolations,
  validateRun,
  violationKind,
  type ViolationCode,
} from '../../src/core/conformance/index.js';
import { violation } from '../../src/core/conformance/violation.js';

const ADVISORY: ViolationCode[] = [
  'finding/bad-range',
  'finding/evidence-not-read',
  'finding/ambiguous-path',
  'finding/file-absent',
  'verifier/worktree-changed',
  'run/time-order',
  'git/inconsistent',
];

describe('protecting and advisory rules', () => {
  it('every rule has a kind, and exactly the citation, diff-stat, clock and discarded-verifier records are advisory', () => {
    expect(VIOLATION_CODES.filter((c) => violationKind(c) === 'advisory').sort()).toEqual([...ADVISORY].sort());
    for (const code of VIOLATION_CODES) expect(['protecting', 'advisory']).toContain(VIOLATION_RULES[code].kind);
  });

  it.each([
    'report/schema',
    'finding/unknown-id',
    'finding/duplicate-id',
    'finding/disposition-unsupported',
    'progress/dispatch-missing',
    'progress/collect-missing',
    'carry/not-withheld',
    'carry/withheld-on-pass',
    'carry/file-missing',
    'carry/file-present',
    'ledger/not-done',
    'ledger/not-failed',
    'verdict/pass-with-blocking',
    'qa/validation-not-run',
    'roster/self-verification',
    'usage/requests-mismatch',
    'verifier/changed-tree-counted',
  ] as ViolationCode[])('%s protects the verdict', (code) => {
    expect(violationKind(code)).toBe('protecting');
  });

  it('sortViolations splits a list by kind, keeping the order within each', () => {
    const list = [
      violation('finding/file-absent', 'a'),
      violation('finding/unknown-id', 'b'),
      violation('git/inconsistent', 'c'),
      violation('report/schema', 'd'),
    ];
    const { protecting, advisory } = sortViolations(list);
    expect(protecting.map((v) => v.message)).toEqual(['b', 'd']);
    expect(advisory.map((v) => v.message)).toEqual(['a', 'c']);
    expect(sortViolations([])).toEqual({ protecting: [], advisory: [] });
  });

  it('uniqueViolations drops exact repeats only', () => {
    const a = violation('finding/unknown-id', 'x', { pointer: '/verifiers/1' });
    const b = violation('finding/unknown-id', 'x', { pointer: '/verifiers/2' });
    expect(uniqueViolations([a, b, { ...a }])).toEqual([a, b]);
  });

  it('protectingReason names the code and the message', () => {
    expect(protectingReason(violation('finding/unknown-id', 'verifier Gemini worker lists F2'))).toBe(
      'the report broke a conformance rule that protects the verdict: finding/unknown-id: verifier Gemini worker lists F2',
    );
  });
});

describe('QA a run never reached', () => {
  const report = (): unknown =>
    JSON.parse(readFileSync(new URL('../../examples/reports/contract-violated.json', import.meta.url), 'utf8'));

  it('a run stopped at the executor owes no validation result', () => {
    expect(validateRun({ report: report(), planValidation: ['npm test -- limits'] })).toEqual([]);
  });

  it('a completed run still owes every validation command', () => {
    const pass = JSON.parse(readFileSync(new URL('../../examples/reports/pass.json', import.meta.url), 'utf8')) as {
      qa: unknown[];
    };
    pass.qa = pass.qa.filter(() => false);
    expect(validateRun({ report: pass, planValidation: ['npm test -- limits'] }).map((v) => v.code)).toContain(
      'qa/validation-not-run',
    );
  });
});
