import {
  droppedRowsOf,
  extendTrustScan,
  LedgerFormatError,
  legacyPath,
  parseLegacy,
  parseRowText,
  parseSnapshot,
  planDir,
  rowTextOf,
  serializeSnapshot,
  snapshotPath,
  trustScanHolds,
  type LedgerLine,
  type LedgerRow,
  type LegacyRows,
  type TrustScan,
} from '../core/ledger/index.js';
import { readBlobs, readObjects, type Git } from './git.js';
import { doneRowProblems, missingMessage, type DoneOrigin } from './ledger-commits.js';
import { readLegacyLedger } from './ledger-legacy.js';

/**
 * A plan's ledger is the commits on the ledger branch that carry its rows
 * (commit-row.ts), after the rows a ledger of the old format held when its
 * first append migrated it (legacy.ts). Every row is numbered in that order;
 * a repair commit removes rows by number, which keep theirs.
 */
export interface LedgerHistory {
  planId: string;
  /** Every row not removed, numbered, with its row or why it is not one. */
  lines: LedgerLine[];
  /** How many rows the plan numbers, removed ones included: the next row is `total + 1`. */
  total: number;
  /** Line → why that done row's commit does not hold its carry or add its report. */
  problems: ReadonlyMap<number, string>;
  /** Line → the commit that carries it (legacy rows have none). */
  commits: ReadonlyMap<number, string>;
  /** The old format's rows when the plan has not been migrated yet: its next append migrates them. */
  unmigrated: LegacyRows | null;
}

/** Every row of the plan at `tip`: one `git log`, one `cat-file` of the commits, and one diff of the done rows' commits. */
export async function readHistory(git: Git, tip: string, planId: string): Promise<LedgerHistory> {
  // git: log, the commits that touched the plan's folder, oldest first.
  const listed = await git.ok(['log', '--reverse', '--format=%H', tip, '--', `${planDir(planId)}/`]);
  const ids = listed === '' ? [] : listed.split('\n');
  // git: cat-file --batch, the frozen old rows and every commit (its message is the row).
  const [legacyObject, ...objects] = await readObjects(git, [`${tip}:${legacyPath(planId)}`, ...ids]);
  // The rows a migration froze; without them, the old format's files if the plan still has them (not migrated yet).
  const frozen = legacyObject?.object ? parseLegacy(legacyObject.object.bytes.toString('utf8'), planId) : null;
  if (typeof frozen === 'string') throw new LedgerFormatError(legacyPath(planId), 0, frozen, planId);
  const unmigrated = frozen ? null : await readLegacyLedger(git, tip, planId);
  const legacy: LegacyRows | null = frozen ?? unmigrated;
  const lines: LedgerLine[] = [];
  const commits = new Map<number, string>();
  const dropped = new Set<number>();
  for (const [i, raw] of (legacy?.lines ?? []).entries()) lines.push(lineOf(i + 1, raw, planId));
  objects.forEach((o, i) => {
    const message = messageOf(o.object?.bytes.toString('utf8') ?? '');
    const text = rowTextOf(message);
    for (const n of droppedRowsOf(message)) dropped.add(n);
    if (text === null) return;
    const line = lines.length + 1;
    commits.set(line, ids[i] as string);
    lines.push(typeof text === 'string' ? lineOf(line, text, planId) : { line, raw: '', problem: text.problem });
  });
  const kept = lines.filter((l) => !dropped.has(l.line));
  const done: DoneOrigin[] = kept.flatMap((l) =>
    'row' in l && l.row.status === 'done' && commits.has(l.line)
      ? [{ line: l.line, row: l.row, commit: commits.get(l.line) as string }]
      : [],
  );
  const problems = new Map([...(legacy?.problems ?? []), ...(await doneRowProblems(git, planId, done))]);
  return { planId, lines: kept, total: lines.length, problems, commits, unmigrated };
}

/** The judgement of every row at `now` (rows that are not rows left out: the caller refuses those first). */
export function judgeHistory(history: LedgerHistory, now: Date): TrustScan {
  const rows = history.lines.flatMap((l) => ('row' in l ? [{ line: l.line, row: l.row }] : []));
  return extendTrustScan(null, rows, { now, doneCommitProblems: history.problems });
}

function lineOf(line: number, raw: string, planId: string): LedgerLine {
  const row = parseRowText(raw.endsWith('\r') ? raw.slice(0, -1) : raw, planId);
  return typeof row === 'string' ? { line, raw, problem: row } : { line, raw, row };
}

/** A commit object's message: everything after its headers. */
function messageOf(commitText: string): string {
  const at = commitText.indexOf('\n\n');
  return at === -1 ? '' : commitText.slice(at + 2);
}

/** The plan's state at a tip without reading every row: the judgement and how many rows it numbers. */
export interface SnapshotRead {
  scan: TrustScan;
  lines: number;
}

/**
 * The plan's state from the snapshot its last commit wrote, or null when
 * that cannot be taken (then every row is read). Taken only when the plan's
 * last commit is an append as okstra makes one — one parent, one row, no
 * removal — and its snapshot is exactly what this reader gets by judging
 * that row itself, at its own clock and from the commit's own diff, after
 * the snapshot of the commit before: so the last row is always judged here,
 * and the state before it is what the appender, which checked it the same
 * way or read every row, believed. A snapshot rewritten by any other commit,
 * or written beside a row it does not follow from, is not taken.
 */
export async function readSnapshot(git: Git, tip: string, planId: string, now: Date): Promise<SnapshotRead | null> {
  // git: log -1, the plan's last commit: its parents, its message (the row) and every file it changed.
  const logged = await git.run([
    'log',
    '-1',
    '-z',
    '--raw',
    '--no-abbrev',
    '--full-diff',
    '--format=%H%x00%P%x00%B%x00',
    tip,
    '--',
    `${planDir(planId)}/`,
  ]);
  const commit = logged.exitCode === 0 ? parseLoggedCommit(logged.stdout) : null;
  if (!commit || commit.parents.length > 1 || droppedRowsOf(commit.message).length > 0) return null;
  const raw = rowTextOf(commit.message);
  const changed = new Set(commit.changes.filter((c) => /^[AMT]$/.test(c.status)).map((c) => c.path));
  if (typeof raw !== 'string' || !changed.has(snapshotPath(planId))) return null;
  const row = parseRowText(raw, planId);
  if (typeof row === 'string') return null;
  const parent = commit.parents[0];
  const migrating = changed.has(legacyPath(planId));
  const carry = row.status === 'done' && !changed.has(row.carry_path) ? `${commit.id}:${row.carry_path}` : null;
  const beforeSpec = migrating
    ? `${commit.id}:${legacyPath(planId)}`
    : parent
      ? `${parent}:${snapshotPath(planId)}`
      : null;
  const specs = [`${commit.id}:${snapshotPath(planId)}`, beforeSpec, carry].filter((s): s is string => s !== null);
  // git: cat-file --batch, the snapshot, the one before it (or the rows it migrated) and a carry left as it was.
  const blobs = new Map((await readBlobs(git, specs)).map((b) => [b.spec, b.content]));
  const mine = blobs.get(specs[0] as string) ?? null;
  const before = beforeSpec ? (blobs.get(beforeSpec) ?? null) : null;
  const prior = priorJudgement(before, migrating, planId, now);
  if (!prior || mine === null) return null;
  const line = prior.lines + 1;
  const problem = doneProblem(row, commit.id, changed, carry === null || (blobs.get(carry) ?? null) !== null);
  const scan = extendTrustScan(prior.scan, [{ line, row }], {
    now,
    doneCommitProblems: problem ? new Map([[line, problem]]) : new Map(),
  });
  return serializeSnapshot({ planId, lines: line, scan }) === mine ? { scan, lines: line } : null;
}

/** The judgement the last row follows: the snapshot before it, the migrated rows, or nothing at all. */
function priorJudgement(
  text: string | null,
  migrating: boolean,
  planId: string,
  now: Date,
): { scan: TrustScan | null; lines: number } | null {
  if (migrating) {
    const legacy = text === null ? null : parseLegacy(text, planId);
    if (!legacy || typeof legacy === 'string') return null;
    const rows: Array<{ line: number; row: LedgerRow }> = [];
    for (const [i, raw] of legacy.lines.entries()) {
      const row = parseRowText(raw.endsWith('\r') ? raw.slice(0, -1) : raw, planId);
      if (typeof row === 'string') return null;
      rows.push({ line: i + 1, row });
    }
    return { scan: extendTrustScan(null, rows, { now, doneCommitProblems: legacy.problems }), lines: rows.length };
  }
  // No snapshot before: the row is the plan's first (an appender that found rows before it wrote them in its count).
  if (text === null) return { scan: null, lines: 0 };
  const snapshot = parseSnapshot(text, planId);
  if (!snapshot || !trustScanHolds(snapshot.scan, now)) return null;
  return { scan: snapshot.scan, lines: snapshot.lines };
}

function doneProblem(row: LedgerRow, commit: string, changed: ReadonlySet<string>, carryHeld: boolean): string | null {
  if (row.status !== 'done') return null;
  const missing = [
    ...(changed.has(row.carry_path) || carryHeld ? [] : [`its carry ${row.carry_path}`]),
    ...(changed.has(row.report_path) ? [] : [`its report ${row.report_path}`]),
  ];
  return missing.length > 0 ? missingMessage(commit, missing) : null;
}

interface Change {
  status: string;
  path: string;
}

const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const RAW_ENTRY = /^\n?:(\d{6}) (\d{6}) ([0-9a-f]{40}(?:[0-9a-f]{24})?) ([0-9a-f]{40}(?:[0-9a-f]{24})?) ([A-Z])\d*$/;

/**
 * `git log -1 -z --raw --format=%H%x00%P%x00%B%x00` read back. The message
 * is the one part a writer chooses: one holding a NUL would shift every
 * field after it, so any output that is not exactly one message, one
 * separator and well-formed change entries is refused (null).
 */
function parseLoggedCommit(out: string): { id: string; parents: string[]; message: string; changes: Change[] } | null {
  const fields = out.split('\0');
  const [id = '', parents = '', message = '', separator] = fields;
  if (!OBJECT_ID.test(id) || separator !== '') return null;
  const parentIds = parents === '' ? [] : parents.split(' ');
  if (!parentIds.every((p) => OBJECT_ID.test(p))) return null;
  const rest = fields.slice(4);
  // The output ends with a NUL after the last path: one empty field at the end, and none anywhere else.
  if (rest.pop() !== '' || rest.length % 2 !== 0) return null;
  const changes: Change[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const m = RAW_ENTRY.exec(rest[i] as string);
    const path = rest[i + 1] as string;
    if (!m || path === '') return null;
    changes.push({ status: m[5] as string, path });
  }
  return { id, parents: parentIds, message, changes };
}
