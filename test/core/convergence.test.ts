import { describe, expect, it } from 'vitest';
import { mergeDuplicateFindings, survivingIds } from '../../src/core/verdict/index.js';
import type { Finding } from '../../src/core/report/index.js';

function finding(id: string, raisedBy: string, edit: Partial<Finding> = {}): Finding {
  return {
    id,
    severity: 'blocking',
    title: `${id} title`,
    detail: '',
    file: 'src/a.ts',
    line: 3,
    endLine: null,
    raisedBy,
    confirmedBy: [],
    refutedBy: [],
    disposition: 'standing',
    ...edit,
  };
}

describe('mergeDuplicateFindings', () => {
  it('folds the same blocking finding of two verifiers into the first, confirmed by the second, and maps the removed id to it', () => {
    const { findings, survivorOf } = mergeDuplicateFindings([
      finding('F1', 'Claude worker'),
      finding('F2', 'Gemini worker'),
      finding('F3', 'Codex worker'),
    ]);
    expect(findings).toEqual([
      finding('F1', 'Claude worker', { confirmedBy: ['Gemini worker', 'Codex worker'], disposition: 'confirmed' }),
    ]);
    expect([...survivorOf]).toEqual([
      ['F2', 'F1'],
      ['F3', 'F1'],
    ]);
  });

  it('keeps findings of the same raiser, of another severity, another line or no file apart, and maps nothing', () => {
    const input = [
      finding('F1', 'Claude worker'),
      finding('F2', 'Claude worker'),
      finding('F3', 'Gemini worker', { severity: 'major' }),
      finding('F4', 'Gemini worker', { line: 4 }),
      finding('F5', 'Gemini worker', { file: null, line: null }),
      finding('F6', 'Codex worker', { file: null, line: null }),
    ];
    const { findings, survivorOf } = mergeDuplicateFindings(input);
    expect(findings.map((f) => f.id)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    expect(survivorOf.size).toBe(0);
  });

  it('a merged major finding keeps its disposition (only blocking ones become confirmed)', () => {
    const { findings } = mergeDuplicateFindings([
      finding('F1', 'Claude worker', { severity: 'major' }),
      finding('F2', 'Gemini worker', { severity: 'major' }),
    ]);
    expect(findings).toEqual([finding('F1', 'Claude worker', { severity: 'major', confirmedBy: ['Gemini worker'] })]);
  });
});

describe('survivingIds', () => {
  it('replaces removed ids by their survivor, lists each once and keeps the order', () => {
    const survivorOf = new Map([
      ['F2', 'F1'],
      ['F4', 'F3'],
    ]);
    expect(survivingIds(['F2', 'F5', 'F1', 'F4'], survivorOf)).toEqual(['F1', 'F5', 'F3']);
    expect(survivingIds([], survivorOf)).toEqual([]);
  });
});
