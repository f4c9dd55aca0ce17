import { describe, expect, it } from 'vitest';
import { fitSections, listItems, type Section } from '../../src/core/report/budget.js';

function s(id: string, priority: number, items: string[], extra: Partial<Section> = {}): Section {
  return { id, label: id, priority, head: `[${id}]`, tail: `[/${id}]`, counted: true, ...listItems(items), ...extra };
}

describe('fitSections', () => {
  it('keeps everything when it fits, in display order', () => {
    const out = fitSections([s('b', 2, ['1']), s('a', 1, ['2'])], 1000);
    expect(out).toEqual({ text: '[b]1[/b][a]2[/a]', cuts: [] });
  });

  it('fills by priority and drops everything less important than the first section that did not fit', () => {
    const sections = [
      s('low', 3, ['x']),
      s('high', 1, ['a'.repeat(150), 'b'.repeat(150), 'c'.repeat(150)]),
      s('mid', 2, ['y']),
    ];
    const out = fitSections(sections, 450);
    expect(out.cuts).toEqual([
      { id: 'low', label: 'low', counted: true, shown: 0, total: 1 },
      { id: 'high', label: 'high', counted: true, shown: 2, total: 3 },
      { id: 'mid', label: 'mid', counted: true, shown: 0, total: 1 },
    ]);
    expect(out.text).toContain('1 more not shown');
    expect(out.text.length).toBeLessThanOrEqual(450);
  });

  it('always keeps required sections', () => {
    const out = fitSections([s('req', 9, ['r'.repeat(100)], { required: true }), s('opt', 0, ['o'])], 50);
    expect(out.text).toContain('r'.repeat(100));
    expect(out.cuts.map((c) => c.id)).toEqual(['opt']);
  });

  it('does not report an empty section as cut', () => {
    const empty: Section = { id: 'e', label: 'e', priority: 5, head: '', tail: '', ...listItems([]) };
    const out = fitSections([s('big', 1, ['z'.repeat(500)]), empty], 100);
    expect(out.cuts.map((c) => c.id)).toEqual(['big']);
  });

  it('never exceeds the budget, whatever the item sizes', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const sections = Array.from({ length: 6 }, (_, i) =>
        s(
          `s${i}`,
          (seed * (i + 3)) % 5,
          Array.from({ length: (seed + i) % 9 }, (_, j) => 'q'.repeat(((seed * 31 + j * 17) % 400) + 1)),
        ),
      );
      const limit = 200 + ((seed * 97) % 2000);
      expect(fitSections(sections, limit).text.length, `seed ${seed}`).toBeLessThanOrEqual(limit);
    }
  });
});

describe('fitSections laziness', () => {
  it('renders only the items that may be shown', () => {
    let rendered = 0;
    const big: Section = {
      id: 'big',
      label: 'big',
      priority: 1,
      head: '',
      tail: '',
      count: 10_000,
      item: () => {
        rendered += 1;
        return 'x'.repeat(100);
      },
    };
    let lowRendered = 0;
    const low: Section = { ...big, id: 'low', priority: 2, item: () => `${++lowRendered}` };
    const out = fitSections([big, low], 5_000);
    expect(out.text.length).toBeLessThanOrEqual(5_000);
    expect(rendered).toBe(51); // the 49 shown (room for the note), the one given back, and the one that did not fit
    expect(lowRendered).toBe(0);
  });

  it('keeps 200,000 items that fit without overflowing the call stack (a committed node_modules in one section)', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => `${i}\n`);
    const out = fitSections([s('files', 1, items)], 10_000_000);
    expect(out.cuts).toEqual([]);
    expect(out.text.endsWith('199999\n[/files]')).toBe(true);
  });
});
