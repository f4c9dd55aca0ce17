import { describe, expect, it } from 'vitest';
import { normalizeCitation } from '../../src/core/contracts/index.js';

const WT = '/tmp/okstra-wt/demo-2';

describe('normalizeCitation', () => {
  it.each([
    ['src/a.ts', null, { path: 'src/a.ts', line: null, endLine: null }],
    ['./src/a.ts', null, { path: 'src/a.ts', line: null, endLine: null }],
    ['././src/a.ts:7', null, { path: 'src/a.ts', line: 7, endLine: null }],
    ['src/a.ts:42-50', null, { path: 'src/a.ts', line: 42, endLine: 50 }],
    ['src/a.ts:42:5', null, { path: 'src/a.ts', line: 42, endLine: null }],
    ['src/a.ts#L3-L9', null, { path: 'src/a.ts', line: 3, endLine: 9 }],
    ['`src/a.ts:12`', null, { path: 'src/a.ts', line: 12, endLine: null }],
    ['src\\win\\a.ts:4', null, { path: 'src/win/a.ts', line: 4, endLine: null }],
    [`${WT}/src/a.ts:42`, WT, { path: 'src/a.ts', line: 42, endLine: null }],
    [`${WT}/src/a.ts`, `${WT}/`, { path: 'src/a.ts', line: null, endLine: null }],
    [`${WT}-other/src/a.ts`, WT, { path: `${WT}-other/src/a.ts`, line: null, endLine: null }],
    ['/etc/passwd:1', WT, { path: '/etc/passwd', line: 1, endLine: null }],
    ['src/a.ts:0', null, { path: 'src/a.ts', line: null, endLine: null }],
    ['a.ts', WT, { path: 'a.ts', line: null, endLine: null }],
  ])('%s (worktree %s)', (cited, worktree, expected) => {
    expect(normalizeCitation(cited, worktree)).toEqual(expected);
  });
});
