import { planDir, type DoneRow } from '../core/ledger/index.js';
import { readObjects, type Git } from './git.js';

/**
 * What the ledger asks of the commits that wrote its rows: which files each
 * added or changed, and whether a done row's commit holds its carry and adds
 * its report (okstra's append writes both in the row's commit; a row added by
 * any other hand usually does not). Checked in a few git processes for any
 * number of commits.
 */

/** Commit → the plan's files it added or changed (diff against its first parent; a root commit adds everything). */
export async function commitChanges(
  git: Git,
  commits: readonly string[],
  planId: string,
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (commits.length === 0) return out;
  const unique = [...new Set(commits)];
  // git: diff-tree --stdin, every listed commit's changes under the plan's folder in one process.
  const listed = await git.ok(['diff-tree', '--stdin', '-r', '--root', '--no-abbrev', '--', `${planDir(planId)}/`], {
    input: `${unique.join('\n')}\n`,
  });
  let current: Set<string> | null = null;
  for (const line of listed.split('\n')) {
    if (/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(line)) {
      current = new Set();
      out.set(line, current);
      continue;
    }
    const m = /^:\d+ \d+ [0-9a-f]+ [0-9a-f]+ ([AMT])\d*\t(.*)$/.exec(line);
    if (m && current) current.add(m[2] as string);
  }
  for (const c of unique) if (!out.has(c)) out.set(c, new Set());
  return out;
}

/** The `<commit>:<path>` specs of these that name a file. */
export async function presentFiles(git: Git, specs: readonly string[]): Promise<Set<string>> {
  if (specs.length === 0) return new Set();
  // git: cat-file --batch, whether each file is there (a carry left as it was is not in the commit's diff).
  const found = await readObjects(git, [...new Set(specs)]);
  return new Set(found.filter((f) => f.object !== null).map((f) => f.spec));
}

export interface DoneOrigin {
  line: number;
  row: DoneRow;
  /** The commit that wrote the row. */
  commit: string;
}

/** Line → why the commit that wrote that done row does not hold its carry or add its report; the others are fine. */
export async function doneRowProblems(
  git: Git,
  planId: string,
  done: readonly DoneOrigin[],
): Promise<Map<number, string>> {
  const problems = new Map<number, string>();
  if (done.length === 0) return problems;
  const changes = await commitChanges(
    git,
    done.map((d) => d.commit),
    planId,
  );
  const unchangedCarry = done.filter((d) => !changes.get(d.commit)?.has(d.row.carry_path));
  const present = await presentFiles(
    git,
    unchangedCarry.map((d) => `${d.commit}:${d.row.carry_path}`),
  );
  for (const d of done) {
    const changed = changes.get(d.commit) ?? new Set<string>();
    const missing = [
      ...(changed.has(d.row.carry_path) || present.has(`${d.commit}:${d.row.carry_path}`)
        ? []
        : [`its carry ${d.row.carry_path}`]),
      ...(changed.has(d.row.report_path) ? [] : [`its report ${d.row.report_path}`]),
    ];
    if (missing.length > 0) problems.set(d.line, missingMessage(d.commit, missing));
  }
  return problems;
}

export function missingMessage(commit: string, missing: readonly string[]): string {
  return `done row whose ledger commit ${commit.slice(0, 12)} does not add ${missing.join(' or ')}`;
}
