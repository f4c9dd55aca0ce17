import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OKSTRA_GIT_CONFIG } from '../../src/git/git.js';
import { treeGitArgs } from '../../src/workspace/tree-git.js';

// okstra's git runs as root beside code it must treat as hostile: every git it starts has to carry the same
// hardening (src/git/git.ts), so no other module may start one of its own.

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** A process started with `git` as its program: `file: 'git'`, or `'git'` as a launcher's first argument. */
const STARTS_GIT =
  /\bfile:\s*['"]git['"]|\b(?:runTool|runCaptured|startProcess|execa|execFile|spawn)\w*\(\s*['"]git['"]/;

describe('okstra starts git in one place', () => {
  it('only src/git/git.ts names git as a program to start', () => {
    const starters = [...sources(join(root, 'src')), ...sources(join(root, 'bot'))]
      .filter((file) => STARTS_GIT.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(starters).toEqual(['src/git/git.ts']);
    // The scan sees the usual ways of starting a program.
    for (const start of [`runTool('git', ['status'])`, `{ file: "git", args }`, `execFileSync('git', args)`])
      expect(STARTS_GIT.test(start), start).toBe(true);
  });

  it('the hardening every call carries follows no nested repository and runs no hook or fsmonitor', () => {
    const pairs = new Map<string, string>();
    for (let i = 0; i < OKSTRA_GIT_CONFIG.length; i += 2) {
      const [key = '', value = ''] = (OKSTRA_GIT_CONFIG[i + 1] ?? '').split('=');
      pairs.set(key, value);
    }
    expect(Object.fromEntries(pairs)).toMatchObject({
      'core.hooksPath': '/dev/null',
      'core.fsmonitor': 'false',
      'submodule.recurse': 'false',
      'diff.ignoreSubmodules': 'all',
    });
  });

  it('tree calls that look inside submodules are told to ignore them, after any -c pairs', () => {
    expect(treeGitArgs(['-c', 'a=b', 'status', '-z'])).toEqual([
      '-c',
      'a=b',
      'status',
      '--ignore-submodules=all',
      '-z',
    ]);
    expect(treeGitArgs(['diff-index', 'HEAD'])).toEqual(['diff-index', '--ignore-submodules=all', 'HEAD']);
    expect(treeGitArgs(['diff-files'])).toEqual(['diff-files', '--ignore-submodules=all']);
    expect(treeGitArgs(['add', '--all'])).toEqual(['add', '--all']);
  });
});
