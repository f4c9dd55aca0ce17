import { createHash } from 'node:crypto';
import type { LedgerLine } from '../core/ledger/index.js';
import { readBlobs, type Git } from './git.js';

const BLAME_HEADER = /^([0-9a-f]{40}(?:[0-9a-f]{24})?) \d+ (\d+)(?: \d+)?$/;
const COMMIT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * Checks that every `done` row came with its carry and its report: the ledger
 * commit that introduced the row's line must add the report and hold the carry
 * (a carry identical to the one already on the branch is not written again, so
 * "present" is what can be asked of it; the report's path names the run, so it
 * must be new). Git answers which commit introduced a line (`blame`) and what a
 * commit changed (`diff-tree`); both answers are immutable, so they are cached
 * for the life of the store: a read costs one blame of the new lines, one
 * diff-tree of the new commits and nothing for everything seen before.
 */
// A line is cached by a hash of the file up to and including it: appends leave it
// unchanged, while the same text elsewhere (a forged copy of a real row) or after a
// repair shifted the lines before it is a different key, and so blamed afresh.
export class DoneRowProvenance {
  /** Prefix key of a line → the commit that introduced it. */
  private readonly originByKey = new Map<string, string>();
  /** Commit → paths it added or modified. */
  private readonly changedByCommit = new Map<string, ReadonlySet<string>>();

  constructor(private readonly git: Git) {}

  /** Line → why that `done` row's commit does not hold its carry and report; lines not listed are fine. */
  async problems(tip: string, ledgerFile: string, lines: readonly LedgerLine[]): Promise<Map<number, string>> {
    const keys = prefixKeys(lines);
    const done = lines.flatMap((l, i) =>
      'row' in l && l.row.status === 'done'
        ? [{ line: l.line, key: keys[i] as string, carry: l.row.carry_path, report: l.row.report_path }]
        : [],
    );
    const problems = new Map<number, string>();
    if (done.length === 0) return problems;
    await this.learnOrigins(
      tip,
      ledgerFile,
      done.filter((d) => !this.originByKey.has(d.key)),
    );
    const commits = done.map((d) => this.originByKey.get(d.key)).filter((c): c is string => c !== undefined);
    await this.learnChanges(commits.filter((c) => !this.changedByCommit.has(c)));

    const carriesToLook = done.flatMap((d) => {
      const origin = this.originByKey.get(d.key);
      const changed = origin ? this.changedByCommit.get(origin) : undefined;
      return origin && changed && !changed.has(d.carry) ? [`${origin}:${d.carry}`] : [];
    });
    const present = new Set(
      (await readBlobs(this.git, carriesToLook)).filter((b) => b.content !== null).map((b) => b.spec),
    );

    for (const d of done) {
      const origin = this.originByKey.get(d.key);
      const changed = origin ? this.changedByCommit.get(origin) : undefined;
      if (!origin || !changed) {
        problems.set(d.line, 'done row whose ledger commit cannot be found');
        continue;
      }
      const missing = [
        ...(changed.has(d.carry) || present.has(`${origin}:${d.carry}`) ? [] : [`its carry ${d.carry}`]),
        ...(changed.has(d.report) ? [] : [`its report ${d.report}`]),
      ];
      if (missing.length > 0)
        problems.set(
          d.line,
          `done row whose ledger commit ${origin.slice(0, 12)} does not add ${missing.join(' or ')}`,
        );
    }
    return problems;
  }

  private async learnOrigins(
    tip: string,
    ledgerFile: string,
    wanted: readonly { line: number; key: string }[],
  ): Promise<void> {
    if (wanted.length === 0) return;
    const ranges = wanted.flatMap((w) => ['-L', `${w.line},${w.line}`]);
    const out = await this.git.ok(['blame', '--porcelain', ...ranges, tip, '--', ledgerFile]);
    const byLine = new Map<number, string>();
    for (const text of out.split('\n')) {
      const m = BLAME_HEADER.exec(text);
      if (m) byLine.set(Number(m[2]), m[1] as string);
    }
    for (const w of wanted) {
      const origin = byLine.get(w.line);
      if (origin) this.originByKey.set(w.key, origin);
    }
  }

  private async learnChanges(commits: readonly string[]): Promise<void> {
    const asked = new Set(commits);
    const unique = [...asked];
    if (unique.length === 0) return;
    // -z: paths exactly as stored; --root: the branch's first commit is compared with the empty tree.
    const out = await this.git.ok(['diff-tree', '--stdin', '-r', '-z', '--root', '--no-renames', '--name-status'], {
      input: `${unique.join('\n')}\n`,
    });
    let current: Set<string> | null = null;
    const tokens = out.split('\0');
    for (let i = 0; i < tokens.length; i++) {
      const token = (tokens[i] as string).replace(/^\n/, '');
      // A set, not the list: a long ledger's first read asks about thousands of commits at once.
      if (COMMIT_ID.test(token) && asked.has(token)) {
        current = new Set<string>();
        this.changedByCommit.set(token, current);
        continue;
      }
      if (current && /^[AMT]$/.test(token)) current.add(tokens[++i] as string);
      else if (current && /^[DU]$/.test(token)) i++;
    }
    for (const c of unique) if (!this.changedByCommit.has(c)) this.changedByCommit.set(c, new Set());
  }
}

/** For each done row's line, a hash of the file up to and including it (one pass over the file); '' for other lines. */
function prefixKeys(lines: readonly LedgerLine[]): string[] {
  const running = createHash('sha256');
  return lines.map((l) => {
    running.update(l.raw).update('\n');
    return 'row' in l && l.row.status === 'done' ? running.copy().digest('hex') : '';
  });
}
