import { describe, expect, it } from 'vitest';
import { lineCount, testDeclarations, topLevelFunctions } from '../../scripts/stats.js';

// `npm run stats` (scripts/stats.ts) gives the figures the code's size is judged by: its counting, on small fixtures.

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('npm run stats: counting', () => {
  it('counts lines as wc -l does, and a last line without a newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });

  it('measures top-level functions of every kind from their first token to their closing brace, doc comments left out', () => {
    const source = [
      '/** A doc comment is not the function. */', // 1
      'export function declared(a: number): number {', // 2
      lines(3), // 3-5
      '  return a;', // 6
      '}', // 7
      'export const arrow = async (x: string): Promise<string> => {', // 8
      '  return x;', // 9
      '};', // 10
      'const expression = function named() {', // 11
      lines(2), // 12-13
      '};', // 14
      'const wrapped = ((y: number) => y + 1) as (y: number) => number;', // 15
      'const notAFunction = { method() { return 1; } };', // 16
      'export class Pool {', // 17
      '  private field = 1;', // 18
      '  constructor() {', // 19
      '    this.field = 2;', // 20
      '  }', // 21
      '  async acquire(): Promise<number> {', // 22
      lines(4), // 23-26
      '    return this.field;', // 27
      '  }', // 28
      '  get size(): number { return 1; }', // 29
      '  release = (): void => {', // 30
      '    this.field = 0;', // 31
      '  };', // 32
      '}', // 33
      'function outer() {', // 34
      '  function inner() {', // 35
      '    return 1;', // 36
      '  }', // 37
      '  return inner();', // 38
      '}', // 39
      'export default function () {', // 40
      '  return 0;', // 41
      '}', // 42
    ].join('\n');
    expect(topLevelFunctions('fixture.ts', source)).toEqual([
      { name: 'declared', line: 2, lines: 6 },
      { name: 'arrow', line: 8, lines: 3 },
      { name: 'expression', line: 11, lines: 4 },
      { name: 'wrapped', line: 15, lines: 1 },
      { name: 'Pool.constructor', line: 19, lines: 3 },
      { name: 'Pool.acquire', line: 22, lines: 7 },
      { name: 'Pool.size', line: 29, lines: 1 },
      { name: 'Pool.release', line: 30, lines: 3 },
      // Nested functions are part of their top-level function, not functions of their own.
      { name: 'outer', line: 34, lines: 6 },
      { name: 'default', line: 40, lines: 3 },
    ]);
  });

  it('counts the tests a file declares: it and test with their modifiers, a .each table once per row', () => {
    const source = `
      import { describe, it, test } from 'vitest';
      describe('a', () => {
        it('one', () => {});
        test('two', async () => {});
        it.skip('three', () => {});
        it.skipIf(process.platform === 'win32')('four', () => {});
        test.concurrent.only('five', () => {});
        it.each([1, 2, 3])('six to eight %s', () => {});
        it.each(rows)('nine: a table that is not a literal counts once', () => {});
        describe.each(['x'])('%s', () => {
          it('ten', () => {});
        });
        for (const n of [1, 2]) it(\`a loop counts once: \${n}\`, () => {});
        it.todo('twelve');
      });
      helper.it('not vitest');
    `;
    expect(testDeclarations('fixture.test.ts', source)).toBe(12);
  });
});
