/**
 * Agents cite files in many shapes: `./src/a.ts`, `/abs/worktree/src/a.ts:42`,
 * `src/a.ts:42-50`, `` `src\a.ts` ``. Conformance compares citations with
 * evidence rows as plain strings, so a citation is brought to the one form
 * the evidence rows use (project-relative, `/`-separated, no suffix) with its
 * line numbers split off.
 */

export interface Citation {
  /** Project-relative when the citation was inside the worktree; otherwise as cited, cleaned. */
  path: string;
  line: number | null;
  endLine: number | null;
}

// `path:12`, `path:12-20`, compiler-style `path:12:5` and `path:12:5-20:1`.
const COLON_SUFFIX = /^(.*?):(\d+)(?::\d+)?(?:-(\d+)(?::\d+)?)?$/;
// GitHub-style `path#L12` and `path#L12-L20`.
const ANCHOR_SUFFIX = /^(.*?)#L(\d+)(?:-L?(\d+))?$/;

function positiveOrNull(digits: string | undefined): number | null {
  if (digits === undefined) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function unwrap(cited: string): string {
  return cited
    .trim()
    .replace(/^(`+|"|')(.*)\1$/s, '$2')
    .trim();
}

function splitSuffix(path: string): Citation {
  const match = COLON_SUFFIX.exec(path) ?? ANCHOR_SUFFIX.exec(path);
  if (!match || match[1] === '') return { path, line: null, endLine: null };
  const line = positiveOrNull(match[2]);
  return { path: match[1] ?? path, line, endLine: line === null ? null : positiveOrNull(match[3]) };
}

function withoutWorktree(path: string, worktree: string | null): string {
  if (!worktree) return path;
  const root = worktree.replace(/\\/g, '/').replace(/\/+$/, '');
  if (root === '') return path;
  if (path === root) return '.';
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

/** The cited file as a project-relative path, with its line (and end line) split off. */
export function normalizeCitation(cited: string, worktree: string | null = null): Citation {
  const slashed = unwrap(cited).replace(/\\/g, '/');
  const { path, line, endLine } = splitSuffix(slashed);
  const relative = withoutWorktree(path, worktree)
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/)+/, '');
  return { path: relative, line, endLine };
}
