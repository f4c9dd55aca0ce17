import { describe, expect, it } from 'vitest';
import { INSTRUCTION_FILE_GLOBS, isInstructionFile } from '../../src/core/scope/instruction-files.js';
import { ALWAYS_PROTECTED } from '../../src/core/scope/qa-definitions.js';

describe('isInstructionFile', () => {
  it.each([
    'AGENTS.md',
    'pkg/AGENTS.md',
    'a b/c/AGENTS.override.md',
    'CLAUDE.md',
    'src/CLAUDE.local.md',
    '.claude/settings.json',
    'pkg/.claude/agents/x.md',
    'GEMINI.md',
    '.gemini/settings.json',
    '.github/copilot-instructions.md',
    '.github/instructions/ts.instructions.md',
    '.github/instructions/a/b/py.instructions.md',
    '.cursorrules',
    '.cursor/rules/x.mdc',
    '.clinerules',
    '.windsurfrules',
    // Below a path that is one: the folder must go for the base's file to come back.
    'AGENTS.md/inside.txt',
  ])('%s is one', (path) => expect(isInstructionFile(path)).toBe(true));

  it.each([
    'README.md',
    'AGENTS.md.bak',
    'docs/agents.md',
    'src/MYAGENTS.md',
    '.github/workflows/ci.yml',
    'x.cursorrules',
  ])('%s is not', (path) => expect(isInstructionFile(path)).toBe(false));

  it('every instruction glob is protected evidence too (one list)', () => {
    const protectedGlobs = ALWAYS_PROTECTED.map((p) => p.glob);
    expect(protectedGlobs).toEqual(expect.arrayContaining([...INSTRUCTION_FILE_GLOBS]));
  });
});
