/**
 * Evidence actually read: a worker's citations judged against what its CLI's
 * own tool events show it opened, not against the list it wrote itself.
 */

/** What a session opened, as okstra read it from the CLI's events (the provider's `opened`, events case). */
export interface OpenedEvidence {
  /** Worktree-relative paths. */
  files: readonly string[];
  /** The session printed the whole change (`git diff` without paths): every changed file counts as opened. */
  wholeDiff?: boolean;
  /** What it saw only through a git diff without `--text` (files, and the whole change when `wholeDiff`). */
  plainDiff?: { files: readonly string[]; wholeDiff?: boolean };
}

function clean(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/+$/, '');
}

/**
 * The cited files (a finding's file, an `evidenceRead` entry; already
 * worktree-relative) that the session never opened, sorted and without
 * duplicates. A citation is backed by the identical path only: a bare file
 * name does not match `src/…/name`, as in the citation rule of the prompts.
 * A file the tree's attributes hid from a plain diff (`-diff`, `binary`:
 * "Binary files differ") was not shown by it, so that diff does not back it.
 */
export function unreadCitations(
  cited: readonly string[],
  opened: OpenedEvidence,
  changedFiles: readonly string[],
  hiddenFromPlainDiff: readonly string[] = [],
): string[] {
  const hidden = new Set(hiddenFromPlainDiff.map(clean));
  const plainOnly = new Set((opened.plainDiff?.files ?? []).map(clean));
  const wholeHidden = opened.plainDiff?.wholeDiff === true;
  const read = new Set([
    ...opened.files.map(clean).filter((f) => !(plainOnly.has(f) && hidden.has(f))),
    ...(opened.wholeDiff ? changedFiles.map(clean).filter((f) => !(wholeHidden && hidden.has(f))) : []),
  ]);
  const missing = new Set(cited.map(clean).filter((p) => p !== '' && !read.has(p)));
  return [...missing].sort();
}

/** The reason a worker's result is discounted, for its report entry. */
export function unreadCitationsReason(files: readonly string[]): string {
  const shown = files.slice(0, 5).join(', ');
  const more = files.length > 5 ? ` and ${files.length - 5} more` : '';
  return `cited ${files.length === 1 ? 'a file' : `${files.length} files`} its CLI's tool events show it never opened (${shown}${more}); its result was discounted`;
}
