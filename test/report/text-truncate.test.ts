import { describe, expect, it } from 'vitest';
import { clip, tail } from '../../src/core/text/truncate.js';

describe('clip', () => {
  it('keeps short text and cuts long text to the limit, marker included', () => {
    expect(clip('abc', 5)).toBe('abc');
    expect(clip('abcdefgh', 5)).toBe('abcd…');
    expect(clip('abcdefgh', 5, '…').length).toBe(5);
  });

  it('never splits a surrogate pair', () => {
    const out = clip('ab😀cd', 4);
    expect(out).toBe('ab…');
  });
});

describe('tail', () => {
  it('keeps the last lines and says how many were dropped', () => {
    expect(tail('1\n2\n3\n4\n', 2, 100)).toBe('… (2 earlier lines not shown)\n3\n4');
  });

  it('keeps the end of a single overlong line', () => {
    expect(tail('x'.repeat(50) + 'END', 5, 10)).toBe('…xxxxxxxEND');
  });

  it('returns short output unchanged', () => {
    expect(tail('ok', 5, 100)).toBe('ok');
  });
});
