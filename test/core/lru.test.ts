import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/core/lru.js';

describe('Lru', () => {
  it('keeps at most its bound, the least recently used going first', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('bounds a weighted cache by the sum of its sizes, and a replaced entry counts once', () => {
    const lru = new Lru<string, string>(10, (s) => s.length);
    lru.set('x', 'aaaa');
    lru.set('y', 'bbbb');
    lru.set('x', 'cccc');
    expect(lru.weight).toBe(8);
    lru.set('z', 'dddd');
    expect(lru.get('y')).toBeUndefined();
    expect(lru.weight).toBe(8);
  });

  it('holds nothing heavier than its bound, and forgets on delete and clear', () => {
    const lru = new Lru<string, string>(3, (s) => s.length);
    lru.set('big', 'xxxx');
    expect(lru.size).toBe(0);
    lru.set('a', 'x');
    lru.delete('a');
    expect(lru.weight).toBe(0);
    lru.set('b', 'y');
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.weight).toBe(0);
  });
});
