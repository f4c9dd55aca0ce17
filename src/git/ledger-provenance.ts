import { createHash } from 'node:crypto';
import { gitBlobId, objectIdAlgorithm } from '../core/git-object-id.js';
import { parseProvenance, type LedgerLine } from '../core/ledger/index.js';
import { readBlobs, type Git } from './git.js';

const BLAME_HEADER = /^([0-9a-f]{40}(?:[0-9a-f]{24})?) (\d+) (\d+)(?: \d+)?$/;
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
 *
 * A line in a sealed segment is blamed in that segment. When the commit found
 * there is the segment's seal (it added the file, and the file's blob is the
 * live `ledger.jsonl` of its first parent: nothing was changed, only moved),
 * the line is blamed again in `ledger.jsonl` at that parent, and that commit
 * is judged. Any other commit that wrote the line into a segment (a hand-made
 * insert, a "seal" whose content differs from the file it replaced) is judged
 * itself, and so fails the rule as a forged line in `ledger.jsonl` does.
 */
// A line is cached by a hash of the file up to and including it: appends leave it
// unchanged, while the same text elsewhere (a forged copy of a real row) or after a
// repair shifted the lines before it is a different key, and so blamed afresh.
/** Where a global line of the plan's ledger is: its file, its line there, and whether that file is a sealed segment. */
export interface LineLocation {
  path: string;
  local: number;
  segment: boolean;
}

/** A plan's ledger files at a tip, as a provenance statement names them (see provenance-statement.ts). */
export interface LedgerLayout {
  planId: string;
  /** The live `ledger.jsonl`, its blob id at the tip (null: none) and its text. */
  livePath: string;
  liveBlob: string | null;
  liveText: string;
  /** The segment folder, its tree id at the tip (null: none) and its segments in order. */
  segmentDir: string;
  segmentTree: string | null;
  segments: readonly { path: string; blob: string; lineCount: number }[];
  /** The plan's fold file (fold.ts) and its blob id at the tip (null: none). */
  foldPath: string;
  foldBlob: string | null;
}

/** What judging a tip's done rows found. */
export interface ProvenanceFindings {
  /** Line → why that done row's commit does not hold its carry and report; done rows not listed are fine. */
  problems: Map<number, string>;
  /**
   * The blob id of the fold file at the tip when the statement the findings
   * came from vouches for it (null: it does not, or there was no statement).
   */
  vouchedFold: string | null;
}

/** One file or folder a commit changed, as `git log --raw -t` lists it. */
interface Change {
  status: string;
  tree: boolean;
  oldId: string;
  newId: string;
  path: string;
}

const RAW_ENTRY = /^\n?:(\d{6}) (\d{6}) ([0-9a-f]{40}(?:[0-9a-f]{24})?) ([0-9a-f]{40}(?:[0-9a-f]{24})?) ([A-Z])\d*$/;

interface Origin {
  commit: string;
  /** How the line came to that commit's file, when it is worth saying (a segment): '' otherwise. */
  note: string;
}

export class DoneRowProvenance {
  /** Prefix key of a line → the commit that introduced it (through a seal, the commit before it). */
  private readonly originByKey = new Map<string, Origin>();
  /** `commit\0segment path` → whether that commit sealed that segment (immutable). */
  private readonly sealByCommit = new Map<string, boolean | 'rewritten'>();
  /** Commit → paths it added or modified. */
  private readonly changedByCommit = new Map<string, ReadonlySet<string>>();

  constructor(private readonly git: Git) {}

  /** Line → why that `done` row's commit does not hold its carry and report; lines not listed are fine. */
  async problems(
    tip: string,
    ledgerFile: string,
    lines: readonly LedgerLine[],
    locate: (line: number) => LineLocation = (line) => ({ path: ledgerFile, local: line, segment: false }),
    layout?: LedgerLayout,
  ): Promise<Map<number, string>> {
    return (await this.judge(tip, ledgerFile, lines, locate, layout)).problems;
  }

  /** The findings over every line: from the last append's statement when it can be taken, else by blame. */
  async judge(
    tip: string,
    ledgerFile: string,
    lines: readonly LedgerLine[],
    locate: (line: number) => LineLocation,
    layout?: LedgerLayout,
  ): Promise<ProvenanceFindings> {
    const stated = layout ? await this.fromStatement(tip, lines, layout, () => true) : null;
    return stated ?? { problems: await this.fromBlame(tip, ledgerFile, lines, locate), vouchedFold: null };
  }

  /**
   * The verdicts the last commit that wrote the live file states for every
   * line before its own, taken only when the ledger still is exactly what the
   * statement names; the lines that commit added are judged from its own
   * diff. `lines` are the lines the reader holds (`held` says which: the
   * live file's always), a statement about a held line that is not a done
   * row is not taken. Null when anything does not fit: the caller blames
   * instead.
   */
  async fromStatement(
    tip: string,
    lines: readonly LedgerLine[],
    layout: LedgerLayout,
    held: (line: number) => boolean,
  ): Promise<ProvenanceFindings | null> {
    if (layout.liveBlob === null) return null;
    // git: log -1, the last commit that wrote the live file: its parents, its message and everything it changed.
    const logged = await this.git.run([
      'log',
      '-1',
      '--raw',
      '-t',
      '--no-abbrev',
      '--full-diff',
      '--no-renames',
      '-z',
      '--format=%H%x00%P%x00%B%x00',
      tip,
      '--',
      layout.livePath,
    ]);
    if (logged.exitCode !== 0) return null;
    const commit = parseLoggedCommit(logged.stdout);
    if (!commit || commit.parents > 1) return null;
    const stated = parseProvenance(commit.message);
    if (!stated || stated.planId !== layout.planId) return null;
    const attested = attestedLineCount(stated, commit.changes, layout);
    if (attested === null) return null;

    const problems = new Map<number, string>();
    const done = new Map(
      lines.flatMap((l) =>
        'row' in l && l.row.status === 'done'
          ? [[l.line, { carry: l.row.carry_path, report: l.row.report_path }] as const]
          : [],
      ),
    );
    for (const [line, reason] of stated.problems) {
      // A statement about a line that is not a done row it could have judged is not one this reader can take.
      if (line > attested || (held(line) && !done.has(line))) return null;
      problems.set(line, reason);
    }
    // The rows the commit added: it is their origin, and its diff says what it added.
    const added = [...done].filter(([line]) => line > attested);
    const changed = new Set(commit.changes.filter((c) => !c.tree && /^[AMT]$/.test(c.status)).map((c) => c.path));
    const carriesToLook = added.filter(([, d]) => !changed.has(d.carry)).map(([, d]) => `${commit.id}:${d.carry}`);
    const present = new Set(
      (await readBlobs(this.git, [...new Set(carriesToLook)])).filter((b) => b.content !== null).map((b) => b.spec),
    );
    for (const [line, d] of added) {
      const missing = [
        ...(changed.has(d.carry) || present.has(`${commit.id}:${d.carry}`) ? [] : [`its carry ${d.carry}`]),
        ...(changed.has(d.report) ? [] : [`its report ${d.report}`]),
      ];
      if (missing.length > 0) problems.set(line, missingMessage(commit.id, '', missing));
    }
    // The fold the commit wrote is its own statement; one it did not touch is the one it names.
    const fold = commit.changes.find((c) => c.path === layout.foldPath && !c.tree);
    const vouched = fold ? (fold.status === 'D' ? null : fold.newId) : stated.fold;
    return { problems, vouchedFold: vouched !== null && vouched === layout.foldBlob ? vouched : null };
  }

  private async fromBlame(
    tip: string,
    ledgerFile: string,
    lines: readonly LedgerLine[],
    locate: (line: number) => LineLocation,
  ): Promise<Map<number, string>> {
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
      done.filter((d) => !this.originByKey.has(d.key)).map((d) => ({ ...d, at: locate(d.line) })),
    );
    const commits = done.map((d) => this.originByKey.get(d.key)?.commit).filter((c): c is string => c !== undefined);
    await this.learnChanges(commits.filter((c) => !this.changedByCommit.has(c)));

    const carriesToLook = done.flatMap((d) => {
      const origin = this.originByKey.get(d.key)?.commit;
      const changed = origin ? this.changedByCommit.get(origin) : undefined;
      return origin && changed && !changed.has(d.carry) ? [`${origin}:${d.carry}`] : [];
    });
    const present = new Set(
      (await readBlobs(this.git, carriesToLook)).filter((b) => b.content !== null).map((b) => b.spec),
    );

    for (const d of done) {
      const found = this.originByKey.get(d.key);
      const origin = found?.commit;
      const changed = origin ? this.changedByCommit.get(origin) : undefined;
      if (!origin || !changed) {
        problems.set(d.line, 'done row whose ledger commit cannot be found');
        continue;
      }
      const missing = [
        ...(changed.has(d.carry) || present.has(`${origin}:${d.carry}`) ? [] : [`its carry ${d.carry}`]),
        ...(changed.has(d.report) ? [] : [`its report ${d.report}`]),
      ];
      if (missing.length > 0) problems.set(d.line, missingMessage(origin, found?.note ?? '', missing));
    }
    return problems;
  }

  private async learnOrigins(
    tip: string,
    ledgerFile: string,
    wanted: readonly { line: number; key: string; at: LineLocation }[],
  ): Promise<void> {
    if (wanted.length === 0) return;
    // One blame per file holding wanted lines (the live file, or a segment).
    const byPath = new Map<string, { key: string; at: LineLocation }[]>();
    for (const w of wanted) byPath.set(w.at.path, [...(byPath.get(w.at.path) ?? []), w]);
    const found: { key: string; at: LineLocation; commit: string; orig: number }[] = [];
    for (const [path, group] of byPath) {
      const blamed = await this.blame(
        tip,
        path,
        group.map((g) => g.at.local),
      );
      for (const g of group) {
        const hit = blamed.get(g.at.local);
        if (hit) found.push({ ...g, ...hit });
      }
    }
    const inSegments = found.filter((f) => f.at.segment);
    await this.learnSeals(inSegments, ledgerFile);
    // Through a seal: the line as it was in ledger.jsonl just before, blamed there (one blame per seal).
    const bySeal = new Map<string, typeof found>();
    for (const f of found) {
      if (!f.at.segment) {
        this.originByKey.set(f.key, { commit: f.commit, note: '' });
        continue;
      }
      const seal = this.sealByCommit.get(`${f.commit}\0${f.at.path}`);
      if (seal === true) {
        bySeal.set(f.commit, [...(bySeal.get(f.commit) ?? []), f]);
        continue;
      }
      const note =
        seal === 'rewritten'
          ? `which added ${f.at.path} with content other than the ledger.jsonl it replaced: not a seal`
          : `which wrote it into ${f.at.path}`;
      this.originByKey.set(f.key, { commit: f.commit, note });
    }
    for (const [seal, group] of bySeal) {
      const blamed = await this.blame(
        `${seal}^`,
        ledgerFile,
        group.map((g) => g.orig),
      );
      for (const g of group) {
        const hit = blamed.get(g.orig);
        // No note: the row's origin is what it was in ledger.jsonl, so a reason found before the seal (and stated in
        // later commits) and one found after it read the same.
        if (hit) this.originByKey.set(g.key, { commit: hit.commit, note: '' });
      }
    }
  }

  /** git: blame, the commit (and its line there) that introduced each of `lines` of `path` at `rev`. */
  private async blame(
    rev: string,
    path: string,
    lines: readonly number[],
  ): Promise<Map<number, { commit: string; orig: number }>> {
    const ranges = [...new Set(lines)].flatMap((l) => ['-L', `${l},${l}`]);
    const out = await this.git.ok(['blame', '--porcelain', ...ranges, rev, '--', path]);
    const byLine = new Map<number, { commit: string; orig: number }>();
    for (const text of out.split('\n')) {
      const m = BLAME_HEADER.exec(text);
      if (m) byLine.set(Number(m[3]), { commit: m[1] as string, orig: Number(m[2]) });
    }
    return byLine;
  }

  /**
   * Whether each commit sealed the segment it wrote the line into: it added the
   * file (its first parent has none) and the file's blob is exactly that parent's
   * ledger.jsonl. git: cat-file --batch-check, three object ids per commit asked.
   */
  private async learnSeals(found: readonly { commit: string; at: LineLocation }[], ledgerFile: string): Promise<void> {
    const asked = [
      ...new Map(
        found
          .filter((f) => !this.sealByCommit.has(`${f.commit}\0${f.at.path}`))
          .map((f) => [`${f.commit}\0${f.at.path}`, f] as const),
      ).values(),
    ];
    if (asked.length === 0) return;
    const specs = asked.flatMap((f) => [
      `${f.commit}:${f.at.path}`,
      `${f.commit}^:${ledgerFile}`,
      `${f.commit}^:${f.at.path}`,
    ]);
    const out = await this.git.ok(['cat-file', '--batch-check=%(objectname)'], { input: `${specs.join('\n')}\n` });
    const ids = out.split('\n');
    asked.forEach((f, i) => {
      const [segment, live, before] = [ids[3 * i], ids[3 * i + 1], ids[3 * i + 2]].map((id) =>
        id && COMMIT_ID.test(id) ? id : null,
      );
      const added = segment !== null && before === null;
      this.sealByCommit.set(
        `${f.commit}\0${f.at.path}`,
        added && live !== null && live === segment ? true : added ? 'rewritten' : false,
      );
    });
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

function missingMessage(origin: string, note: string, missing: readonly string[]): string {
  return `done row whose ledger commit ${origin.slice(0, 12)}${note ? ` (${note})` : ''} does not add ${missing.join(' or ')}`;
}

/**
 * `git log -1 -z --raw -t --format=%H%x00%P%x00%B%x00` read back: the
 * commit, how many parents it has, its message and its changes. The message
 * is the one part a writer chooses: one holding a NUL would shift every field
 * after it, so any output that is not exactly one message, one separator and
 * well-formed change entries is refused (null).
 */
function parseLoggedCommit(out: string): { id: string; parents: number; message: string; changes: Change[] } | null {
  const fields = out.split('\0');
  const [id = '', parents = '', message = '', separator] = fields;
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(id) || separator !== '') return null;
  if (parents !== '' && !/^[0-9a-f]{40}(?:[0-9a-f]{24})?(?: [0-9a-f]{40}(?:[0-9a-f]{24})?)*$/.test(parents))
    return null;
  const rest = fields.slice(4);
  // The output ends with a NUL after the last path: one empty field at the end, and none anywhere else.
  if (rest.pop() !== '' || rest.length % 2 !== 0) return null;
  const changes: Change[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const m = RAW_ENTRY.exec(rest[i] as string);
    const path = rest[i + 1] as string;
    if (!m || path === '') return null;
    const [, , newMode, oldId, newId, status] = m as unknown as [string, string, string, string, string, string];
    const oldMode = m[1] as string;
    changes.push({ status, tree: oldMode === '040000' || newMode === '040000', oldId, newId, path });
  }
  return { id, parents: parents === '' ? 0 : parents.split(' ').length, message, changes };
}

/**
 * How many of the plan's lines (plan-wide, from line 1) the statement
 * covers, when the commit it came from changed the ledger in the one way an
 * append does and nothing changed it since; else null. Two shapes:
 * - an append: the segment folder is the one the statement names and the
 *   commit did not touch it; the live file's first `liveLines` lines are
 *   byte for byte the file the statement names (its blob id, recomputed) and
 *   the commit changed that file into today's.
 * - a seal: the commit added exactly the next segment, whose blob is the live
 *   file the statement names (git copied it), onto the folder the statement
 *   names, and started the live file afresh with its own lines.
 */
function attestedLineCount(
  stated: { segments: string | null; live: string | null; liveLines: number },
  changes: readonly Change[],
  layout: LedgerLayout,
): number | null {
  const live = changes.find((c) => c.path === layout.livePath && !c.tree);
  // It wrote the live file the reader holds (the last commit to write it), from the one the statement names.
  if (!live || live.newId !== layout.liveBlob) return null;
  if (stated.live === null ? live.status !== 'A' : live.status !== 'M' || live.oldId !== stated.live) return null;
  const folder = changes.find((c) => c.path === layout.segmentDir && c.tree);
  const inFolder = changes.filter((c) => c.path.startsWith(`${layout.segmentDir}/`));
  const segmentLines = layout.segments.reduce((n, s) => n + s.lineCount, 0);
  if (!folder) {
    if (inFolder.length > 0 || stated.segments !== layout.segmentTree) return null;
    const liveLines = layout.liveText.split('\n');
    if (liveLines.at(-1) === '') liveLines.pop();
    if (stated.liveLines > liveLines.length) return null;
    if (stated.live !== null) {
      const prefix = stated.liveLines === 0 ? '' : `${liveLines.slice(0, stated.liveLines).join('\n')}\n`;
      if (gitBlobId(prefix, objectIdAlgorithm(stated.live)) !== stated.live) return null;
    }
    return segmentLines + stated.liveLines;
  }
  const last = layout.segments.at(-1);
  const [added] = inFolder;
  if (!last || stated.live === null || inFolder.length !== 1 || !added) return null;
  if (folder.newId !== layout.segmentTree) return null;
  if (folder.status === 'A' ? stated.segments !== null : folder.status !== 'M' || folder.oldId !== stated.segments)
    return null;
  if (added.status !== 'A' || added.path !== last.path || added.newId !== stated.live || last.blob !== stated.live)
    return null;
  if (last.lineCount !== stated.liveLines) return null;
  return segmentLines;
}
