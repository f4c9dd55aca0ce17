import { describe, expect, it } from 'vitest';
import { answerStatus, citedPaths, readOnlyProblem, verifierFinding } from '../../src/core/verdict/session-answer.js';

describe('what a read-only session answer counts for', () => {
  it('counts a finished session only with a parsed result and every citation backed', () => {
    expect(answerStatus('done', true, 0)).toBe('done');
    expect(answerStatus('done', false, 0)).toBe('contract-violated');
    expect(answerStatus('done', true, 2)).toBe('contract-violated');
    expect(answerStatus('timeout', true, 0)).toBe('timeout');
  });

  it("says why: a changed tree first (five paths, then a count), else the parser's reason", () => {
    const paths = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(readOnlyProblem(paths, { ok: true })).toBe(
      'changed its read-only worktree (a, b, c, d, e and 2 more); its answer was discarded',
    );
    expect(readOnlyProblem([], { ok: false, reason: 'no JSON' })).toBe('its result could not be used: no JSON');
    expect(readOnlyProblem([], { ok: true })).toBeUndefined();
    expect(readOnlyProblem([], null)).toBeUndefined();
  });

  it('keeps a finding standing, its cited path repository-relative and its line from the citation', () => {
    const f = verifierFinding(
      { severity: 'major', title: 't', file: '/work/tree/src/a.ts:12', line: null },
      'F1',
      'Codex',
      '/work/tree',
    );
    expect(f).toMatchObject({ id: 'F1', file: 'src/a.ts', line: 12, detail: '', disposition: 'standing' });
    expect(citedPaths([{ file: '/work/tree/src/a.ts' }, { file: null }], ['README.md'], '/work/tree')).toEqual([
      'src/a.ts',
      'README.md',
    ]);
  });
});
