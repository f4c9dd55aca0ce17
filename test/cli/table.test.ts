import { describe, expect, it } from 'vitest';
import { displayWidth, renderTable } from '../../src/cli/table.js';

describe('renderTable', () => {
  it('pads columns to the widest cell', () => {
    expect(renderTable(['a', 'bb'], [['ccc', 'd']]).split('\n')).toEqual(['a    bb', '---  --', 'ccc  d']);
  });

  it('aligns rows holding emoji by the columns a terminal gives them, not by UTF-16 length', () => {
    const rows = [
      ['✅', 'validation 1'],
      ['❌', 'validation 2'],
      ['-', 'x'],
    ];
    const lines = renderTable(['', 'label'], rows).split('\n');
    expect(lines).toEqual(['    label', '--  ------------', '✅  validation 1', '❌  validation 2', '-   x']);
    // Every second column starts at the same terminal column.
    const second = ['label', '------------', 'validation 1', 'validation 2', 'x'];
    const starts = lines.map((l, i) => displayWidth(l.slice(0, l.lastIndexOf(second[i] ?? ''))));
    expect(new Set(starts)).toEqual(new Set([4]));
  });
});

describe('displayWidth', () => {
  it('counts emoji and wide characters as two columns, variation selectors and combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('✅')).toBe(2);
    expect(displayWidth('⚠️')).toBe(2);
    expect(displayWidth('⚠')).toBe(1);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
  });
});
