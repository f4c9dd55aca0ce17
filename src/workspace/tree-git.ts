import { stat, utimes } from 'node:fs/promises';
import { Git, subcommandIndex, type GitOptions, type GitResult } from '../git/git.js';
import { pathArgument } from '../core/text/path-bytes.js';
import type { TreeStatus } from './stage-tree.js';

/**
 * How okstra's git judges a file in a stage tree without reading it: by
 * modification time (whole seconds) and size. Not by change time or owner:
 * okstra itself changes every file's owner when it hands a tree to an agent
 * and takes it back, and git would then read the whole tree again (at 20,000
 * files / 200 MB, half a second per status). An agent that owns a file can
 * put its modification time back; that is what the change-time sweep is for
 * (`sweep` in src/workspace/tree-base.ts): every file changed during a
 * session is read again before git decides anything. The untracked cache (it
 * trusts folder modification times, which an owner can set too) and
 * fsmonitor (it runs a program and answers for the file system) are off
 * whatever the repository's config says; ignoreStat would skip the check
 * altogether.
 */
export const TREE_STAT_CONFIG: readonly string[] = [
  ...['-c', 'core.trustctime=false', '-c', 'core.checkStat=minimal'],
  ...['-c', 'core.untrackedCache=false', '-c', 'core.fsmonitor=false', '-c', 'core.ignoreStat=false'],
];

/** Checkouts that write many files use git's parallel workers (one per core); a small change stays sequential. */
export const PARALLEL_CHECKOUT = ['-c', 'checkout.workers=0'];

/** Every pathspec okstra gives is a path, never a pattern: a file named `*.ts` matches itself only. */
export const LITERAL_PATHSPECS = { GIT_LITERAL_PATHSPECS: '1' };
/** More paths than this, or longer together: the whole tree is asked instead (an argument list has a limit). */
const MAX_PATHSPECS = 2_000;
const MAX_PATHSPEC_CHARS = 256 * 1024;

/** Subcommands that would look inside a submodule's folder unless told not to. */
const SUBMODULE_LOOKERS = new Set(['status', 'diff', 'diff-files', 'diff-index']);

/**
 * `args` for a git call in a stage, review, QA or final tree: a subcommand
 * that would look inside submodules is told to ignore them all, whatever
 * `.gitmodules` (the tree's) says of each. Options before the subcommand
 * (`-c key=value` pairs) are kept in front of it.
 */
export function treeGitArgs(args: readonly string[]): string[] {
  const i = subcommandIndex(args);
  const sub = args[i];
  if (sub === undefined || !SUBMODULE_LOOKERS.has(sub)) return [...args];
  return [...args.slice(0, i + 1), '--ignore-submodules=all', ...args.slice(i + 1)];
}

/**
 * One tree's index loan (see {@link TreeGit}): a second command in the same
 * tree while the first runs keeps the first one's loan. A field of the tree,
 * shared by every TreeGit the tree makes.
 */
export class IndexLoan {
  lent = false;
  constructor(readonly index: string) {}
}

/**
 * git in a stage tree: every call with {@link TREE_STAT_CONFIG} and
 * {@link treeGitArgs} (submodules ignored), in the tree's admin folder
 * (GIT_DIR, never the tree's `.git` file), reading the index as if it were
 * written after every file's modification time.
 *
 * git's racy-clean rule re-reads every file whose modification time falls in
 * the second its index was written (without sub-second times it cannot tell
 * an edit right after the index from the checkout right before it). A fresh
 * checkout writes its files and its index within the same second or two, so
 * each of okstra's commands over it would read the whole tree again (at
 * 20,000 files / 200 MB, a third of a second per `add`, `commit` or `status`)
 * until the clock moves on. okstra's own commands need no such guess: the
 * change-time sweep has already marked every file anyone else changed since
 * okstra last knew the tree, and nobody else runs there during okstra's
 * command. So for the length of each command the index's modification time
 * is lent one second ahead of the clock, and put back after it unless the
 * command wrote the index itself (then git's own time stands): an agent's git
 * always reads the true time, and with it git's full racy-clean rule.
 */
export class TreeGit extends Git {
  constructor(
    dir: string,
    gitDir: string,
    env: Record<string, string>,
    private readonly loan: IndexLoan,
  ) {
    super(dir, { ...env, GIT_DIR: gitDir, GIT_WORK_TREE: dir });
  }

  override async run(args: readonly string[], opts: GitOptions = {}): Promise<GitResult> {
    const giveBack = await lendIndexTime(this.loan);
    try {
      return await super.run([...TREE_STAT_CONFIG, ...treeGitArgs(args)], opts);
    } finally {
      await giveBack();
    }
  }
}

/**
 * Sets the loan's index's modification time to the next whole second (see
 * {@link TreeGit}) and returns what puts it back: the time it had, if the
 * index still carries the lent one (a command that wrote the index leaves a
 * new file with git's own time, which stays). No index yet: nothing to lend.
 */
async function lendIndexTime(loan: IndexLoan): Promise<() => Promise<void>> {
  const nothing = async (): Promise<void> => undefined;
  if (loan.lent) return nothing;
  const { index } = loan;
  const before = await stat(index, { bigint: true }).catch(() => null);
  if (!before) return nothing;
  const lentSec = BigInt(Math.floor(Date.now() / 1000) + 1);
  // An index already stamped later (a clock set back) keeps its own time: the loan would only make git less careful.
  if (before.mtimeNs >= lentSec * 1_000_000_000n) return nothing;
  // An index okstra may not stamp (not its own): git runs as it would have, only slower.
  try {
    await utimes(index, before.atime, Number(lentSec));
  } catch {
    return nothing;
  }
  loan.lent = true;
  return async () => {
    loan.lent = false;
    const after = await stat(index, { bigint: true }).catch(() => null);
    if (after?.ino !== before.ino || after.mtimeNs !== lentSec * 1_000_000_000n) return;
    // Milliseconds, rounded down: a time put back a little earlier only makes git more careful. A failure leaves
    // the lent time, at most a second ahead: okstra's next call would lend it anyway.
    await utimes(index, before.atime, new Date(Number(before.mtimeNs / 1_000_000n))).catch(() => undefined);
  };
}

/**
 * `paths` as arguments that limit a git command to them (and what is under
 * them), or none when there are too many: then the command looks at
 * everything, which answers the same, only slower. Never an empty `--`,
 * which would mean "everything" by accident: the caller asks only for a
 * non-empty list.
 */
export function pathspecArgs(paths: readonly string[]): string[] {
  if (paths.length === 0 || paths.length > MAX_PATHSPECS) return [];
  let chars = 0;
  const args: string[] = [];
  for (const p of paths) {
    const arg = pathArgument(p);
    if (arg === null) return [];
    chars += arg.length + 1;
    args.push(arg);
  }
  return chars > MAX_PATHSPEC_CHARS ? [] : ['--', ...args];
}

/** A path git gave as UTF-8 text, one character per byte (latin1) as okstra's other readings give it. */
export function rawPath(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** {@link rawPath} of each, or null when git could only give one with a replacement character (its bytes are lost). */
export function rawPaths(texts: readonly string[]): string[] | null {
  return texts.some((t) => t.includes('\uFFFD')) ? null : texts.map(rawPath);
}

/** `git status` of a tree as {@link TreeStatus}, limited to `only` when given (null: everything). */
export async function treeStatus(git: Git, only: readonly string[] | null): Promise<TreeStatus> {
  const out = await git.ok(
    [
      'status',
      '--porcelain=v2',
      '--branch',
      '-z',
      '--untracked-files=all',
      '--ignored=traditional',
      ...pathspecArgs(only ?? []),
    ],
    { env: LITERAL_PATHSPECS },
  );
  return parseStatus(out);
}

/** Parses `git status --porcelain=v2 --branch -z`: the head's id and the paths that differ. */
export function parseStatusV2(out: string): { head: string; dirty: string[] } {
  const { head, dirty } = parseStatus(out);
  return { head, dirty };
}

function parseStatus(out: string): TreeStatus {
  const { head, records } = statusRecords(out);
  const tracked = records.filter((r) => r.kind !== '?' && r.kind !== '!').map((r) => r.path);
  return { head, dirty: records.map((r) => r.path), tracked };
}

/** A record of `git status --porcelain=v2 -z`: changed (1), renamed or copied (2), unmerged (u), untracked (?), ignored (!). */
export interface StatusRecord {
  kind: '1' | '2' | 'u' | '?' | '!';
  /** The index's and the tree's status letters (`.` for none); empty for untracked and ignored. */
  xy: string;
  path: string;
}

/** Where the path starts in a record of each kind, counting space-separated fields. */
const PATH_FIELD = { '1': 8, '2': 9, u: 10 } as const;

/** The one reader of `git status --porcelain=v2 --branch -z`: the head's id and every record, in order. */
export function statusRecords(out: string): { head: string; records: StatusRecord[] } {
  const fields = out.split('\0');
  let head = '';
  const records: StatusRecord[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as string;
    const kind = f[0];
    if (f.startsWith('# branch.oid ')) head = f.slice('# branch.oid '.length);
    else if ((kind === '?' || kind === '!') && f[1] === ' ') records.push({ kind, xy: '', path: f.slice(2) });
    else if ((kind === '1' || kind === '2' || kind === 'u') && f[1] === ' ') {
      const parts = f.split(' ');
      records.push({ kind, xy: parts[1] ?? '..', path: parts.slice(PATH_FIELD[kind]).join(' ') });
      if (kind === '2') i += 1; // the rename's original path follows in its own field
    }
  }
  return { head, records };
}
