import { describe, expect, it } from 'vitest';
import { outOfPlanFiles } from '../../src/core/scope/out-of-plan.js';

describe('outOfPlanFiles', () => {
  const changed = ['src/api/users.ts', 'src/api/deep/x.ts', 'src/db.ts', 'docs/a.md', 'docs/sub/b.md', 'README.md'];

  it('accepts exact paths, folders and globs', () => {
    expect(outOfPlanFiles(changed, ['src/api/', 'docs/*.md', './README.md'])).toEqual(['src/db.ts', 'docs/sub/b.md']);
    expect(outOfPlanFiles(changed, ['src/**/*.ts', 'docs/**'])).toEqual(['README.md']);
    expect(outOfPlanFiles(changed, ['src'])).toEqual(['docs/a.md', 'docs/sub/b.md', 'README.md']);
  });

  it('treats every change as out of plan when the stage named no files', () => {
    expect(outOfPlanFiles(['a'], [])).toEqual(['a']);
  });

  it('does not let a dot in a path act as a wildcard', () => {
    expect(outOfPlanFiles(['srcXts'], ['src.ts'])).toEqual(['srcXts']);
  });
});
