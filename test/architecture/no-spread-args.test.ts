import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { pushAll } from '../../src/core/arrays.js';

/**
 * The rule against `push(...big)` and `Math.max(...big)` in eslint.config.js: each snippet is linted as a file of
 * src/engine/ (so the repository's own config applies), and each must be refused by `no-restricted-syntax`.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(code: string, filePath = 'src/engine/snippet.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('no spread into push/unshift or Math.max/min on the run path', () => {
  it.each([
    ['push', 'export function f(out: string[], more: string[]): void {\n  out.push(...more);\n}\n'],
    ['unshift', 'export function f(out: string[], more: string[]): void {\n  out.unshift(...more);\n}\n'],
    ['push on a member', 'export function f(o: { a: number[] }, more: number[]): void {\n  o.a.push(1, ...more);\n}\n'],
    ['Math.max', 'export const f = (xs: number[]): number => Math.max(...xs);\n'],
    ['Math.min', 'export const f = (xs: number[]): number => Math.min(0, ...xs);\n'],
  ])('refuses a spread %s in src/ and bot/', async (_name, code) => {
    expect(await restricted(code)).toEqual([expect.stringMatching(/overflows the call stack/)]);
    expect(await restricted(code, 'bot/snippet.ts')).toEqual([expect.stringMatching(/overflows the call stack/)]);
  });

  it('lets a loop, concat, an array literal spread and a plain call through', async () => {
    const code = [
      "import { pushAll } from '../core/arrays.js';",
      'export function f(out: string[], more: string[]): string[] {',
      '  for (const m of more) out.push(m);',
      '  pushAll(out, more);',
      '  out.push(more[0] ?? "");',
      '  return [...out, ...more].concat(more);',
      '}',
      'export const g = (xs: number[]): number => xs.reduce((a, b) => Math.max(a, b), 0);',
      '',
    ].join('\n');
    expect(await restricted(code)).toEqual([]);
  });

  it('pushAll appends 300,000 items where push(...items) overflows the stack', () => {
    const items = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(items as never[]))).toThrow(RangeError);
    const out = [-1];
    expect(pushAll(out, items)).toBe(out);
    expect(out).toHaveLength(300_001);
    expect(out[300_000]).toBe(299_999);
  });
});
