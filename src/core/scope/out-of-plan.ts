/**
 * Which changed files the stage's `files` list did not name. An entry is a
 * path, a folder (`src/api/`), or a glob (`src/**\/*.ts`, `docs/*.md`).
 */
export function outOfPlanFiles(changed: readonly string[], planned: readonly string[]): string[] {
  if (planned.length === 0) return [...changed];
  const matchers = planned.map(globMatcher);
  return changed.filter((file) => !matchers.some((m) => m(file)));
}

/** A `files` entry (a path, a folder `src/api/`, or a glob `src/**\/*.ts`) as a test of a repository path. */
export function globMatcher(entry: string): (file: string) => boolean {
  const clean = entry.trim().replace(/^\.\//, '');
  if (clean.endsWith('/')) return (file) => file.startsWith(clean);
  if (!/[*?]/.test(clean)) return (file) => file === clean || file.startsWith(`${clean}/`);
  const re = new RegExp(`^${globToRegex(clean)}$`);
  return (file) => re.test(file);
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` matches anything.
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}
