import { globMatcher } from './out-of-plan.js';

/**
 * The files agent CLIs load as instructions on their own, from the tree they
 * run in: whoever writes one speaks to every later session there as if it were
 * the project. Two rules rest on this one list: a stage that changes one
 * changes what judges it (qa-definitions.ts), and reviewers read each as it
 * is at the trusted base, never as the executor left it
 * (src/git/review-commit.ts, docs/security.md "What reviewers load").
 */
export const INSTRUCTION_FILE_GLOBS: readonly string[] = [
  // Codex: at any depth along the path from the repository's top to the working folder.
  '**/AGENTS.md',
  '**/AGENTS.override.md',
  // Claude Code: memory files, and the project's settings, commands, agents and hooks.
  '**/CLAUDE.md',
  '**/CLAUDE.local.md',
  '**/.claude/**',
  // Gemini CLI: its context file and the project's settings (which can rename the context file).
  '**/GEMINI.md',
  '**/.gemini/**',
  // Copilot.
  '.github/copilot-instructions.md',
  '.github/instructions/**/*.instructions.md',
  // Cursor, Cline, Windsurf.
  '.cursorrules',
  '.cursor/**',
  '.clinerules',
  '.windsurfrules',
  '.windsurf/**',
];

const MATCHERS = INSTRUCTION_FILE_GLOBS.map(globMatcher);

/**
 * Whether `path` (repository-relative, `/`-separated) is an instruction file,
 * or lies below a path that is one (`AGENTS.md/x`: a folder where the base has
 * the file, which must go for the file to come back).
 */
export function isInstructionFile(path: string): boolean {
  for (let p = path; p !== ''; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')
    if (MATCHERS.some((m) => m(p))) return true;
  return false;
}
