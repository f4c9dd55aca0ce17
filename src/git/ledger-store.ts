import { randomBytes } from 'node:crypto';
import {
  decideAppend,
  extendTrustScan,
  ledgerCommitMessage,
  ledgerPath,
  LedgerFormatError,
  LedgerLayoutError,
  locateLine,
  orderSegments,
  parseLedgerLines,
  renumberLines,
  segmentDir,
  segmentPath,
  textsWithout,
  type LedgerPart,
  planDir,
  planRepair,
  serializeRow,
  type DistrustedRow,
  type LedgerLine,
  type LedgerRow,
  type LedgerTrust,
  type RefusalCode,
  type RemovedLine,
  type ProvenanceStatement,
  type RepairSelection,
  trustScanHolds,
  type TrustScan,
} from '../core/ledger/index.js';
import { Git, parseTreeObject, readBlobs, type GitResult } from './git.js';
import { ObjectReader } from './object-reader.js';
import { DoneRowProvenance, type LedgerLayout, type LineLocation } from './ledger-provenance.js';

/** A file written on the ledger branch in the same commit as a row. Paths are from the branch root. */
export interface LedgerFile {
  path: string;
  content: string;
}

export interface AppendRequest {
  row: LedgerRow;
  /** Written in the same commit as the row. Existing files are never overwritten, except a stage's carry by a later `done` of that stage. */
  files?: LedgerFile[];
}

export interface AppendResult {
  outcome: 'appended' | 'redundant';
  /** The ledger commit that holds the row (for a redundant append: the commit that already did). */
  commit: string;
  attempts: number;
  reason?: string;
}

export interface LedgerSnapshot {
  /** The ledger branch commit read, or null when the branch does not exist yet. */
  commit: string | null;
  /** The believed rows, in file order: derive state from these only. */
  rows: LedgerRow[];
  /** Rows that parsed but break the lifecycle or the clock, with their line and why (absent: none, or a store that cannot judge). */
  distrusted?: DistrustedRow[];
  /** Every row of the file in order, believed or not (absent: the same as `rows`). */
  allRows?: LedgerRow[];
}

export interface RepairRequest {
  planId: string;
  selection: RepairSelection;
  /** Why, in the human's words: required, recorded in the commit message (and each quarantine record). */
  reason: string;
  actor: string;
}

export interface RepairResult {
  outcome: 'repaired' | 'nothing';
  /** The repair commit, or the tip read when there was nothing to do (null: no ledger branch). */
  commit: string | null;
  removed: RemovedLine[];
  /** The quarantine file written to, when lines were quarantined. */
  quarantinePath: string | null;
  reason?: string;
}

/** Where a plan's quarantined ledger lines go: beside its ledger, never read as rows. */
export function quarantinePath(planId: string): string {
  return `${planDir(planId)}/quarantine.jsonl`;
}

export interface ReadOptions {
  /**
   * Read the ledger at this commit, which the caller already holds (one an
   * append of its own returned), instead of asking git (or the remote) for
   * the branch's tip: no git call when the store has that commit's rows.
   * The caller answers for it being recent enough for what it decides.
   */
  tip?: string;
}

/** The ledger's storage port: the engine, CLI, Action and bot only see this. */
export interface LedgerStore {
  /** The plan's rows; an unreadable line throws LedgerFormatError (naming branch:path, line and the repair command). */
  read(planId: string, opts?: ReadOptions): Promise<LedgerSnapshot>;
  readFile(commit: string, path: string): Promise<string | null>;
  append(request: AppendRequest): Promise<AppendResult>;
  /** The ledger branch's commit right now, without reading the ledger (with a remote: its ref, not its objects). */
  tip(): Promise<string | null>;
}

/** The ledger's rules said no; retrying will not change that. */
export class LedgerRefusedError extends Error {
  constructor(
    readonly code: RefusalCode | 'file-exists' | 'missing-carry' | 'missing-report' | 'repair-refused',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerRefusedError';
  }
}

/** git itself failed (no such remote, authentication, disk): not a rule, not a race. */
export class LedgerIoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerIoError';
  }
}

/** Other writers kept winning the compare-and-swap until the time budget ran out. */
export class LedgerContentionError extends Error {
  constructor(attempts: number, elapsedMs: number) {
    super(
      `ledger append gave up after ${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s of compare-and-swap conflicts; try again`,
    );
    this.name = 'LedgerContentionError';
  }
}

export interface GitLedgerStoreOptions {
  /** A git repository (work tree or bare). Its index and work tree are never touched. */
  repoDir: string;
  branch?: string;
  /** When set, the ledger of record is this remote's branch; appends push with compare-and-swap. */
  remote?: string;
  /** The environment that authenticates fetches and pushes to `remote` (gitAuthEnv); the checkout's config holds no credential. */
  remoteEnv?: Record<string, string>;
  now?: () => Date;
  /** How long to keep retrying on conflicts. Bounded by time, not by count: 32 racers may need 30 rounds. */
  retryBudgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * From this size (characters) of the live `ledger.jsonl` on, the next append
   * seals it into the next segment and starts the live file afresh with its row
   * (default SEAL_CHARS). Tests pass a few hundred.
   */
  sealChars?: number;
}

export const DEFAULT_LEDGER_BRANCH = 'okstra-ledger';

/** A sealed segment as read (or sealed) at some tip: its blob never changes, so neither do its lines. */
interface SegmentRead {
  path: string;
  blob: string;
  /** Its lines, numbered across the plan's ledger. */
  lines: LedgerLine[];
}

/** A plan's ledger as read at one ledger commit: immutable, so it is reused for as long as the tip stays there. */
interface ParsedLedger {
  tip: string;
  /** The segment folder's tree id; null: no folder (the one-file layout). */
  segmentTree: string | null;
  segments: SegmentRead[];
  /** The live ledger.jsonl's blob id (null: no file) and text. */
  liveBlob: string | null;
  text: string;
  /** Every line: the segments' in order, then the live file's, numbered across all of them. */
  lines: LedgerLine[];
  /** Line → why that done row's commit does not hold its carry and report; null: not judged at this tip yet. */
  doneProblems: Map<number, string> | null;
  /** The believed rows of the first `scannedLines` lines: a file grown by appends is judged from there on, not again. */
  scan: TrustScan | null;
  scannedLines: number;
  /** Every line's row, once asked for and every line is readable (null: not yet, or a line is not a row). */
  rows: LedgerRow[] | null;
}

/** From this size on a file is hashed into the object store on its own before the commit is built (see buildCommit). */
const LARGE_FILE_CHARS = 256 * 1024;

/**
 * From this size the live ledger.jsonl is sealed into a segment by the next append.
 * Every append rewrites the whole live file (a blob cannot grow in place), and
 * fast-import's cost is flat up to about 64 KiB and grows past it (a 220 KiB
 * live file cost ~5 ms more per append than a 1 KiB one; at 256 KiB a
 * 10,000-row ledger's live file sat near that). Far below LARGE_FILE_CHARS, so
 * the live file always goes inline. A 10,000-row ledger is about 28 segments,
 * read in the same single cat-file and kept parsed by blob id; a plan that
 * never grows this big never seals.
 */
export const SEAL_CHARS = 64 * 1024;

/** How long a fetched remote tip is worth trying as the parent of the next append. */
const RECENT_TIP_MS = 5_000;

const LEDGER_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'ledger@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'ledger@okstra.invalid',
};

const CONFLICT_PATTERNS = [
  /rejected/i,
  /non-fast-forward/i,
  /fetch first/i,
  /cannot lock ref/i,
  /failed to update ref/i,
  /stale info/i,
  /but expected/i,
  /unable to create .*\.lock/i,
];

export class GitLedgerStore implements LedgerStore {
  private readonly git: Git;
  private readonly branchRef: string;
  private readonly now: () => Date;
  private readonly retryBudgetMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private recentTip: { tip: string | null; at: number } | null = null;
  /** The last commit this store's own append put on the branch: a tip known to be complete here. */
  private lastWritten: string | null = null;
  private readonly provenance: DoneRowProvenance;
  /**
   * Per plan, the ledger at the last tip this store read or wrote. Keyed by
   * that commit: every read still asks for the tip (or is handed one), so an
   * entry is only ever served for the commit it was read at, never for a
   * branch that moved since.
   */
  private readonly parsed = new Map<string, ParsedLedger>();
  private readonly sealChars: number;

  constructor(private readonly opts: GitLedgerStoreOptions) {
    this.git = new Git(opts.repoDir, LEDGER_IDENTITY);
    this.branchRef = `refs/heads/${opts.branch ?? DEFAULT_LEDGER_BRANCH}`;
    this.now = opts.now ?? (() => new Date());
    this.retryBudgetMs = opts.retryBudgetMs ?? 120_000;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.provenance = new DoneRowProvenance(this.git);
    this.sealChars = opts.sealChars ?? SEAL_CHARS;
  }

  async read(planId: string, opts: ReadOptions = {}): Promise<LedgerSnapshot> {
    const readAt = async (tip: string | null): Promise<LedgerSnapshot> => {
      const parsed = await this.parsedAt(tip, planId);
      const rows = this.strictRows(parsed, planId);
      const trust = await this.judge(tip, planId, parsed);
      // A copy: a caller may reorder what it is given; the cache must not see that.
      return { commit: tip, rows: trust.trusted, distrusted: trust.distrusted, allRows: [...rows] };
    };
    return opts.tip !== undefined ? readAt(opts.tip) : this.withTip(readAt);
  }

  /**
   * Removes (or quarantines) bad lines of a plan's ledger in one commit whose
   * message holds the reason and who ran it; compare-and-swap like an append,
   * the selection re-decided on the fresh tip after every conflict.
   */
  async repair(request: RepairRequest): Promise<RepairResult> {
    const started = Date.now();
    const qPath = quarantinePath(request.planId);
    for (let attempt = 1; ; attempt++) {
      const result = await this.withTip(async (tip): Promise<RepairResult | null> => {
        const parsed = await this.parsedAt(tip, request.planId);
        const lines = parsed?.lines ?? [];
        const { distrusted } = await this.judge(tip, request.planId, parsed);
        const decision = planRepair(lines, distrusted, request.selection, {
          planId: request.planId,
          reason: request.reason,
          actor: request.actor,
          at: this.now(),
        });
        if (decision.kind === 'refused') throw new LedgerRefusedError('repair-refused', decision.reason);
        if (decision.kind === 'nothing' || !tip)
          return {
            outcome: 'nothing',
            commit: tip,
            removed: [],
            quarantinePath: null,
            reason: decision.kind === 'nothing' ? decision.reason : 'no ledger branch yet',
          };
        const { plan } = decision;
        // Each file (segment or live) that loses a line is written without it; the others are left as they are,
        // and so are blame's attributions of the lines kept.
        const dropped = new Set(plan.removed.map((r) => r.line));
        const files: LedgerFile[] = textsWithout(lines, partsOf(parsed, request.planId), dropped).map((f) => ({
          path: f.path,
          content: f.text,
        }));
        if (plan.quarantine !== null) {
          // git: cat-file, the quarantine file so far (quarantined lines are appended to it).
          const [existing] = await readBlobs(this.git, [`${tip}:${qPath}`]);
          files.push({ path: qPath, content: `${existing?.content ?? ''}${plan.quarantine}` });
        }
        const { commit, buildRef } = await this.buildCommit(tip, files, plan.message);
        const landed = await this.publish(commit, tip, buildRef);
        // The tip this repair read is now history: no later append may start from it.
        this.recentTip = null;
        this.parsed.delete(request.planId);
        return landed
          ? {
              outcome: 'repaired',
              commit,
              removed: plan.removed,
              quarantinePath: plan.quarantine !== null ? qPath : null,
            }
          : null;
      });
      if (result) return result;
      const elapsed = Date.now() - started;
      if (elapsed >= this.retryBudgetMs) throw new LedgerContentionError(attempt, elapsed);
      await this.sleep(backoffMs(attempt));
    }
  }

  async readFile(commit: string, path: string): Promise<string | null> {
    // git: cat-file, one file of a ledger commit (a carry, a report).
    const [blob] = await readBlobs(this.git, [`${commit}:${path}`]);
    return blob?.content ?? null;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      // A tip fetched moments ago (a read just before this claim) saves a fetch; if it went
      // stale, the push is rejected like any lost race and the next attempt fetches afresh.
      const recent = attempt === 1 ? this.takeRecentTip() : undefined;
      const result =
        recent !== undefined
          ? await this.tryOnRecentTip(recent, request, attempt)
          : await this.withTip((tip) => this.tryAppend(tip, request, attempt));
      if (result) {
        if (result.outcome === 'appended') this.lastWritten = result.commit;
        return result;
      }
      const elapsed = Date.now() - started;
      if (elapsed >= this.retryBudgetMs) throw new LedgerContentionError(attempt, elapsed);
      await this.sleep(backoffMs(attempt));
    }
  }

  /** A refusal (or a corrupt line since repaired) decided on a reused tip is only final once a fresh fetch says the same. */
  private async tryOnRecentTip(
    tip: string | null,
    request: AppendRequest,
    attempt: number,
  ): Promise<AppendResult | null> {
    try {
      return await this.tryAppend(tip, request, attempt);
    } catch (error) {
      if (error instanceof LedgerRefusedError || error instanceof LedgerFormatError) return null;
      throw error;
    }
  }

  /** One compare-and-swap attempt; null means another writer won and the caller should re-read. */
  private async tryAppend(tip: string | null, request: AppendRequest, attempt: number): Promise<AppendResult | null> {
    const { row } = request;
    const files = request.files ?? [];
    if (row.status === 'done' && !files.some((f) => f.path === row.carry_path)) {
      throw new LedgerRefusedError(
        'missing-carry',
        `a done row needs its carry file ${row.carry_path} in the same commit`,
      );
    }
    // Readers believe a done row only when its commit adds its report: refuse here what they would ignore.
    if (row.status === 'done' && !files.some((f) => f.path === row.report_path)) {
      throw new LedgerRefusedError(
        'missing-report',
        `a done row needs its report ${row.report_path} in the same commit`,
      );
    }
    const ledgerFile = ledgerPath(row.plan_id);
    const parsed = await this.parsedAt(tip, row.plan_id);
    const existingText = parsed?.text ?? '';
    const lines = parsed?.lines ?? [];
    this.strictRows(parsed, row.plan_id);
    // git: cat-file, whether the files already exist there (none for a claim, which writes no file).
    const blobs =
      tip && files.length > 0
        ? await readBlobs(
            this.git,
            files.map((f) => `${tip}:${f.path}`),
          )
        : [];

    // Decided over the believed rows only: a forged or broken row can neither block nor free a stage.
    const decision = decideAppend((await this.judge(tip, row.plan_id, parsed)).trusted, row, this.now());
    // What judging this tip found of its done rows' commits, stated in the new commit for its later readers.
    const provenance = provenanceStatement(row.plan_id, parsed);
    if (decision.kind === 'refused') throw new LedgerRefusedError(decision.code, decision.reason);
    if (decision.kind === 'redundant')
      return { outcome: 'redundant', commit: tip as string, attempts: attempt, reason: decision.reason };

    const toWrite = files.filter((f, i) => {
      const existing = blobs[i]?.content ?? null;
      if (existing === null) return true;
      if (existing === f.content) return false;
      // A stage's carry is what its dependents build on: a later `done` of the same stage (a reconcile after its
      // branch moved) replaces it; the earlier one stays in the branch's history. Nothing else is ever replaced.
      if (row.status === 'done' && f.path === row.carry_path) return true;
      throw new LedgerRefusedError(
        'file-exists',
        `${f.path} already exists on the ledger branch with different content; ledger files are never overwritten`,
      );
    });

    const raw = serializeRow(row);
    // A live file grown past the seal size becomes the next segment as it is (git copies its blob: nothing is
    // written again) and the live file starts afresh with this row. Decided on this tip: a lost race re-decides.
    const segments = parsed?.segments ?? [];
    const seal =
      parsed && parsed.liveBlob !== null && existingText.length >= this.sealChars
        ? segmentPath(row.plan_id, segments.length + 1)
        : null;
    const text = seal ? `${raw}\n` : `${existingText}${raw}\n`;
    const { commit, buildRef, ids } = await this.buildCommit(
      tip,
      [{ path: ledgerFile, content: text }, ...toWrite],
      ledgerCommitMessage(row, provenance),
      {
        copies: seal ? [{ from: ledgerFile, to: seal }] : [],
        ls: [ledgerFile, segmentDir(row.plan_id)],
      },
    );
    const landed = await this.publish(commit, tip, buildRef);
    if (!landed) {
      // Lost the race: whatever this store knew is about a tip that is no longer the branch's; the retry reads afresh.
      this.parsed.delete(row.plan_id);
      return null;
    }
    // We know exactly what the new tip holds: our row after the rows we decided on. A new done row's
    // provenance is judged on the next read (its commit is ours, but the judging stays in one place).
    const sealed: SegmentRead[] =
      seal && parsed?.liveBlob
        ? [{ path: seal, blob: parsed.liveBlob, lines: lines.slice(segmentLineCount(segments)) }]
        : [];
    for (const s of sealed) sealedSegments.remember(row.plan_id, s.blob, s.lines);
    this.parsed.set(row.plan_id, {
      tip: commit,
      segmentTree: ids.get(segmentDir(row.plan_id)) ?? null,
      segments: [...segments, ...sealed],
      liveBlob: ids.get(ledgerFile) ?? null,
      text,
      lines: [...lines, { line: lines.length + 1, raw, row }],
      doneProblems: row.status === 'done' ? null : (parsed?.doneProblems ?? (tip ? null : new Map())),
      scan: parsed?.scan ?? null,
      scannedLines: parsed?.scannedLines ?? 0,
      rows: parsed?.rows ? [...parsed.rows, row] : null,
    });
    return { outcome: 'appended', commit, attempts: attempt };
  }

  /**
   * The plan's ledger at `tip`: from memory when this store last read or wrote
   * exactly that commit; else one cat-file for the live file and the segment
   * folder's listing, and one more only for segments this store has not read
   * (segments are cached by blob id). Of the live file only the lines after the
   * ones already parsed are parsed when it grew by appends (the usual case:
   * another run's row).
   */
  private async parsedAt(tip: string | null, planId: string): Promise<ParsedLedger | null> {
    if (!tip) return null;
    const known = this.parsed.get(planId);
    if (known?.tip === tip) return known;
    const livePath = ledgerPath(planId);
    const dirPath = segmentDir(planId);
    // git: cat-file, the plan's live ledger file and its segment folder (a tree) at a tip this store has not parsed,
    // then in the same process the segments it has not read.
    const reader = await ObjectReader.open(this.git);
    let liveBlob: string | null;
    let text: string;
    let segmentTree: string | null;
    let segments: SegmentRead[];
    try {
      const [live, dir] = await Promise.all(reader.ask([`${tip}:${livePath}`, `${tip}:${dirPath}`]));
      if (live?.object && live.object.type !== 'blob')
        throw new LedgerLayoutError(
          this.displayPath(livePath),
          "is not a file; it must be the plan's live ledger file",
        );
      liveBlob = live?.object?.id ?? null;
      text = live?.object?.bytes.toString('utf8') ?? '';
      segmentTree = dir?.object?.id ?? null;
      if (segmentTree !== null && segmentTree === known?.segmentTree) {
        reader.lastRoundAsked();
        segments = known.segments;
      } else segments = await this.segmentsAt(planId, dir?.object ?? null, known, reader);
    } finally {
      await reader.close();
    }
    const segmentLines = segmentLineCount(segments);
    // The lines known before are the same lines when the segments are the ones known (or those plus the known
    // live file, sealed) and the live file grew: what was judged of them still holds (provenance is immutable).
    const sameSegments = known !== undefined && sameSegmentList(known.segments, segments);
    const sealedKnown =
      known !== undefined &&
      known.liveBlob !== null &&
      segments.length === known.segments.length + 1 &&
      sameSegmentList(known.segments, segments.slice(0, -1)) &&
      segments.at(-1)?.blob === known.liveBlob;
    const opts = { path: this.displayPath(livePath), planId };
    let entry: ParsedLedger;
    if (
      known &&
      sameSegments &&
      known.text.endsWith('\n') &&
      text.length > known.text.length &&
      text.startsWith(known.text)
    ) {
      const offset = known.lines.length;
      const added = parseLedgerLines(text.slice(known.text.length), { ...opts, firstLine: offset + 1 });
      entry = this.grown(known, { tip, segmentTree, segments, liveBlob, text }, added);
    } else if (known && sealedKnown) {
      const added = parseLedgerLines(text, { ...opts, firstLine: segmentLines + 1 });
      entry = this.grown(known, { tip, segmentTree, segments, liveBlob, text }, added);
    } else {
      const lines = [
        ...segments.flatMap((seg) => seg.lines),
        ...parseLedgerLines(text, { ...opts, firstLine: segmentLines + 1 }),
      ];
      entry = {
        tip,
        segmentTree,
        segments,
        liveBlob,
        text,
        lines,
        doneProblems: null,
        scan: null,
        scannedLines: 0,
        rows: null,
      };
    }
    this.parsed.set(planId, entry);
    return entry;
  }

  /** The entry for a tip whose ledger is `known`'s lines followed by `added`: known verdicts carry over. */
  private grown(
    known: ParsedLedger,
    at: Pick<ParsedLedger, 'tip' | 'segmentTree' | 'segments' | 'liveBlob' | 'text'>,
    added: LedgerLine[],
  ): ParsedLedger {
    const newDone = added.some((l) => 'row' in l && l.row.status === 'done');
    return {
      ...at,
      lines: [...known.lines, ...added],
      doneProblems: newDone ? null : known.doneProblems,
      scan: known.scan,
      scannedLines: known.scannedLines,
      rows:
        known.rows && added.every((l) => 'row' in l)
          ? [...known.rows, ...added.flatMap((l) => ('row' in l ? [l.row] : []))]
          : null,
    };
  }

  /**
   * The segments listed in the folder's tree, in order, checked (no gap, nothing
   * else in the folder). Lines come from the cache by blob id, from the known
   * live file when the segment is that file sealed, else from one cat-file.
   */
  private async segmentsAt(
    planId: string,
    tree: { id: string; type: string; bytes: Buffer } | null,
    known: ParsedLedger | undefined,
    reader: ObjectReader,
  ): Promise<SegmentRead[]> {
    if (!tree) {
      reader.lastRoundAsked();
      return [];
    }
    const where = this.displayPath(segmentDir(planId));
    if (tree.type !== 'tree')
      throw new LedgerLayoutError(
        where,
        "is a file; that path is the folder of the ledger's sealed segments: move the file away with a commit on the ledger branch",
      );
    const entries = parseTreeObject(tree.bytes, tree.id.length).map((e) => ({
      ...e,
      type: e.mode === '100644' || e.mode === '100755' ? 'blob' : e.mode === '40000' ? 'tree' : 'other',
    }));
    const ordered = orderSegments(where, entries);
    if (known?.liveBlob)
      sealedSegments.remember(planId, known.liveBlob, known.lines.slice(segmentLineCount(known.segments)));
    // Taken from the cache before the await: another store in this process may evict an entry meanwhile.
    const cached = new Map<string, readonly LedgerLine[]>();
    for (const e of ordered) {
      const lines = sealedSegments.get(planId, e.id);
      if (lines) cached.set(e.id, lines);
    }
    const unread = [...new Set(ordered.map((e) => e.id).filter((id) => !cached.has(id)))];
    // The segments this process has not read yet (by blob id), each parsed as it arrives while git reads the next.
    const arriving = new Map(reader.ask(unread).map((answer, i) => [unread[i] as string, answer]));
    reader.lastRoundAsked();
    const out: SegmentRead[] = [];
    let next = 1;
    for (const e of ordered) {
      const path = `${segmentDir(planId)}/${e.name}`;
      const hit = cached.get(e.id);
      const bytes = hit ? null : (await arriving.get(e.id))?.object?.bytes;
      const lines = hit
        ? renumberLines(hit, next)
        : parseLedgerLines(bytes?.toString('utf8') ?? '', { path: this.displayPath(path), planId, firstLine: next });
      // Kept as numbered here, where the same segment sits at every later tip: the next read copies no line.
      if (lines !== hit) {
        cached.set(e.id, lines);
        sealedSegments.remember(planId, e.id, lines);
      }
      out.push({ path, blob: e.id, lines });
      next += lines.length;
    }
    return out;
  }

  /**
   * Which of the readable rows are believed: lifecycle and clock (pure), and
   * each done row's commit (git, once per tip). Only lines not judged yet are
   * judged, unless the clock moved back or reached a row that was ahead of it.
   */
  private async judge(tip: string | null, planId: string, entry: ParsedLedger | null): Promise<LedgerTrust> {
    if (!tip || !entry) return { trusted: [], distrusted: [] };
    const now = this.now();
    const doneCommitProblems = await this.doneProblemsAt(tip, planId, entry);
    const held = entry.scan && trustScanHolds(entry.scan, now) ? entry.scan : null;
    const from = held ? entry.scannedLines : 0;
    let scan = held;
    if (!scan || from < entry.lines.length) {
      // The lines themselves: a readable line is already a { line, row } (no copy of every row to judge them).
      const rows = entry.lines.slice(from).filter((l): l is Extract<LedgerLine, { row: LedgerRow }> => 'row' in l);
      scan = extendTrustScan(held, rows, { now, doneCommitProblems });
      entry.scan = scan;
      entry.scannedLines = entry.lines.length;
    }
    // Copies: a caller may reorder what it is given; the cache must not see that.
    const parts = entry.segments.length > 0 ? partsOf(entry, planId) : null;
    const distrusted = scan.trust.distrusted.map((d) => {
      const at = parts ? locateLine(parts, d.line) : null;
      return at ? { ...d, where: { path: at.part.path, line: at.local } } : d;
    });
    return { trusted: [...scan.trust.trusted], distrusted };
  }

  private async doneProblemsAt(tip: string, planId: string, entry: ParsedLedger): Promise<Map<number, string>> {
    if (entry.doneProblems) return entry.doneProblems;
    // git (ledger-provenance.ts): blame of done lines not seen before, diff-tree of their commits, cat-file of carries.
    const anyDone = entry.lines.some((l) => 'row' in l && l.row.status === 'done');
    const parts = partsOf(entry, planId);
    const locate = (line: number): LineLocation => {
      const at = locateLine(parts, line);
      return at
        ? { path: at.part.path, local: at.local, segment: at.part.segment !== null }
        : { path: ledgerPath(planId), local: line, segment: false };
    };
    entry.doneProblems = anyDone
      ? await this.provenance.problems(tip, ledgerPath(planId), entry.lines, locate, layoutOf(entry, planId))
      : new Map<number, string>();
    return entry.doneProblems;
  }

  /** A ledger file (or folder) as users name it: `branch:path`. */
  private displayPath(path: string): string {
    return `${this.opts.branch ?? DEFAULT_LEDGER_BRANCH}:${path}`;
  }

  /**
   * The rows of a ledger every line of which must be readable: the first unreadable line throws,
   * naming its file (and, in a segment, its line there) and the plan-wide line repair takes.
   */
  private strictRows(entry: ParsedLedger | null, planId: string): LedgerRow[] {
    if (!entry) return [];
    if (entry.rows) return entry.rows;
    entry.rows = entry.lines.map((l) => {
      if (!('problem' in l)) return l.row;
      const at = entry.segments.length > 0 ? locateLine(partsOf(entry, planId), l.line) : null;
      if (at) throw new LedgerFormatError(this.displayPath(at.part.path), l.line, l.problem, planId, at.local);
      throw new LedgerFormatError(this.displayPath(ledgerPath(planId)), l.line, l.problem, planId);
    });
    return entry.rows;
  }

  /**
   * Builds the commit on top of `parent` in one `git fast-import` (after one
   * `hash-object` per large file), which writes objects only: the user's
   * index and work tree are never touched.
   * The commit lands on a private ref; `publish` moves the ledger branch.
   */
  private async buildCommit(
    parent: string | null,
    files: readonly LedgerFile[],
    message: string,
    extra: {
      /** Paths of the parent copied as they are (the blob is reused, not written), before the files. */
      copies?: readonly { from: string; to: string }[];
      /** Paths whose object ids in the new commit are wanted (fast-import's `ls`; absent paths are left out). */
      ls?: readonly string[];
    } = {},
  ): Promise<{ commit: string; buildRef: string; ids: Map<string, string> }> {
    const buildRef = `refs/okstra/build/${process.pid}-${randomBytes(6).toString('hex')}`;
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    const ident = `${LEDGER_IDENTITY.GIT_COMMITTER_NAME} <${LEDGER_IDENTITY.GIT_COMMITTER_EMAIL}> ${when}`;
    const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
    // git: hash-object, each large file (the ledger itself, once it has grown) as a loose object first: inline,
    // fast-import would pack it and then, its pack being smaller than fastimport.unpackLimit, unpack it again
    // into loose objects, in about twice the time. (Keeping fast-import's pack instead, fastimport.unpackLimit=0,
    // is faster still but leaves a pack per append, and every git call slows with the number of packs.)
    const large = await Promise.all(
      files.map((f) =>
        f.content.length >= LARGE_FILE_CHARS
          ? this.git.ok(['hash-object', '-w', '--no-filters', '--stdin'], { input: f.content })
          : null,
      ),
    );
    const script = [
      `commit ${buildRef}\nmark :1\nauthor ${ident}\ncommitter ${ident}\n${data(message)}`,
      parent ? `from ${parent}\n` : '',
      ...(extra.copies ?? []).map((c) => `C ${c.from} ${c.to}\n`),
      ...files.map((f, i) => {
        const blob = large[i];
        return blob ? `M 100644 ${blob} ${f.path}\n` : `M 100644 inline ${f.path}\n${data(f.content)}`;
      }),
      '\nget-mark :1\n',
      ...(extra.ls ?? []).map((p) => `ls :1 ${p}\n`),
      'done\n',
    ].join('');
    // git: fast-import, the commit (and the small files inline) on a private ref; no index, no work tree.
    const [commit = '', ...listed] = (
      await this.git.ok(['fast-import', '--quiet', '--done', '--date-format=raw'], { input: script })
    )
      .trim()
      .split('\n');
    // `ls` answers "<mode> <type> <id>\t<path>", or "missing <path>".
    const ids = new Map<string, string>();
    for (const line of listed) {
      const m = /^\d+ \w+ ([0-9a-f]+)\t(.*)$/.exec(line);
      if (m) ids.set(m[2] as string, m[1] as string);
    }
    return { commit: commit.trim(), buildRef, ids };
  }

  /**
   * The compare-and-swap: true when `commit` replaced exactly `expected`.
   * Locally one ref transaction moves the branch from `expected` (or from
   * "absent") and drops the build ref; remotely a push without force does.
   */
  private async publish(commit: string, expected: string | null, buildRef: string): Promise<boolean> {
    if (this.opts.remote) {
      // git: push without force, the remote compare-and-swap.
      const pushed = await this.git.run(
        ['push', '--quiet', '--no-verify', this.opts.remote, `${commit}:${this.branchRef}`],
        { env: this.opts.remoteEnv ?? {} },
      );
      // git: update-ref -d, the private build ref is not needed once pushed (or refused).
      await this.git.run(['update-ref', '-d', buildRef]);
      if (pushed.exitCode === 0) return true;
      if (isConflict(pushed.stderr + pushed.stdout)) return false;
      throw new LedgerIoError(
        `ledger push to ${this.opts.remote} failed: ${pushed.stderr.trim() || pushed.stdout.trim()}`,
      );
    }
    const old = expected ?? '0'.repeat(commit.length);
    const transaction = `start\nupdate ${this.branchRef} ${commit} ${old}\ndelete ${buildRef}\nprepare\ncommit\n`;
    // git: update-ref --stdin, the local compare-and-swap and the build ref's removal in one transaction.
    const updated = await this.git.run(['update-ref', '-m', 'okstra ledger append', '--stdin'], { input: transaction });
    if (updated.exitCode === 0) return true;
    // git: update-ref -d, a failed transaction left the build ref behind.
    await this.git.run(['update-ref', '-d', buildRef]);
    if (isConflict(updated.stderr)) return false;
    throw new LedgerIoError(`ledger update-ref failed: ${updated.stderr.trim()}`);
  }

  async tip(): Promise<string | null> {
    // git: rev-parse, the local branch's tip.
    if (!this.opts.remote) return this.git.resolveCommit(this.branchRef);
    // git: ls-remote, the remote branch's commit alone (one round trip, no objects).
    const listed = await this.git.run(['ls-remote', '--exit-code', this.opts.remote, this.branchRef], {
      env: this.opts.remoteEnv ?? {},
    });
    // Exit 2: the remote has no such branch (yet).
    if (listed.exitCode === 2) return null;
    if (listed.exitCode !== 0)
      throw new LedgerIoError(`cannot read the ledger branch's tip from ${this.opts.remote}: ${listed.stderr.trim()}`);
    // A pattern matches refs that end with it: only the branch's own line counts.
    const line = listed.stdout.split('\n').find((l) => l.split('\t')[1] === this.branchRef);
    const tip = line?.split('\t')[0] ?? null;
    // Still this store's own last commit (every object here): the next append may start from it without a fetch,
    // as from a tip fetched moments ago; a stale one loses its compare-and-swap and fetches afresh.
    if (tip !== null && tip === this.lastWritten) this.recentTip = { tip, at: Date.now() };
    return tip;
  }

  /** The remote tip this store fetched within the last few seconds, once; undefined when there is none. */
  private takeRecentTip(): string | null | undefined {
    const recent = this.recentTip;
    this.recentTip = null;
    return recent && Date.now() - recent.at < RECENT_TIP_MS ? recent.tip : undefined;
  }

  /** Runs `fn` with the current ledger tip; with a remote, fetches it into a private ref first. */
  private async withTip<T>(fn: (tip: string | null) => Promise<T>): Promise<T> {
    // git: rev-parse, the local branch's tip.
    if (!this.opts.remote) return fn(await this.git.resolveCommit(this.branchRef));
    // A ref of our own per call, so concurrent appenders sharing one clone never contend for a tracking ref.
    const tmpRef = `refs/okstra/fetch/${process.pid}-${randomBytes(6).toString('hex')}`;
    const fetched = await this.fetchInto(tmpRef);
    if (fetched.exitCode !== 0 && !/couldn't find remote ref/i.test(fetched.stderr)) {
      throw new LedgerIoError(`cannot fetch the ledger branch from ${this.opts.remote}: ${fetched.stderr.trim()}`);
    }
    try {
      // git: rev-parse, the commit just fetched.
      const tip = fetched.exitCode === 0 ? await this.git.resolveCommit(tmpRef) : null;
      this.recentTip = { tip, at: Date.now() };
      return await fn(tip);
    } finally {
      // git: update-ref -d, the private fetch ref.
      if (fetched.exitCode === 0) await this.git.run(['update-ref', '-d', tmpRef]);
    }
  }

  /**
   * `--refmap=` stops git from also updating `refs/remotes/<remote>/<branch>`,
   * which concurrent appenders in one clone would otherwise fight over.
   * A lock held by another git process on the remote side is retried briefly.
   */
  private async fetchInto(tmpRef: string): Promise<GitResult> {
    const args = [
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      '--refmap=',
      this.opts.remote as string,
      `+${this.branchRef}:${tmpRef}`,
    ];
    for (let attempt = 1; ; attempt++) {
      // git: fetch, the remote ledger branch into a private ref.
      const fetched = await this.git.run(args, { env: this.opts.remoteEnv ?? {} });
      if (fetched.exitCode === 0 || attempt >= 5 || !isConflict(fetched.stderr)) return fetched;
      await this.sleep(backoffMs(attempt));
    }
  }
}

/**
 * Sealed segments' lines by plan and blob id, for every store of the process: a blob id names its content
 * (whichever repository holds it) and a segment never changes, so a new tip, or a second store in the process
 * over the same ledger (in this clone or another), re-reads only what is new. Keyed by plan too: the same blob
 * in another plan's folder is read as that plan's (rows of another plan are unreadable there). Lines only,
 * never a judgement: which rows are believed depends on the repository's history and the reader's clock.
 * Bounded by the characters its lines hold, the least recently used going first, like the bot's segment
 * cache (src/github/ledger-api.ts).
 */
export class SealedSegmentCache {
  private readonly entries = new Map<string, { lines: readonly LedgerLine[]; chars: number }>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(planId: string, blob: string): readonly LedgerLine[] | undefined {
    const key = `${planId}\0${blob}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.lines;
  }

  remember(planId: string, blob: string, lines: readonly LedgerLine[]): void {
    const key = `${planId}\0${blob}`;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.chars -= old.chars;
    }
    const chars = lines.reduce((n, l) => n + l.raw.length + 1, 0);
    this.entries.set(key, { lines, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars || oldest === key) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  /** How many segments it holds: for tests. */
  get size(): number {
    return this.entries.size;
  }
}

/** About 45,000 rows as okstra writes them (~180 characters each): a few long ledgers, a few tens of MB of heap. */
const SEGMENT_CACHE_CHARS = 8 * 1024 * 1024;

const sealedSegments = new SealedSegmentCache(SEGMENT_CACHE_CHARS);

/** Empties the process's cache of parsed segments: for tests that count what a cold read costs. */
export function forgetSealedSegments(): void {
  sealedSegments.clear();
}

/** How many lines the segments hold together. */
function segmentLineCount(segments: readonly SegmentRead[]): number {
  return segments.reduce((n, seg) => n + seg.lines.length, 0);
}

function sameSegmentList(a: readonly SegmentRead[], b: readonly SegmentRead[]): boolean {
  return a.length === b.length && a.every((seg, i) => seg.blob === b[i]?.blob);
}

/** The files of a parsed ledger, each with the plan-wide lines it holds: the segments in order, then ledger.jsonl. */
function partsOf(entry: ParsedLedger | null, planId: string): LedgerPart[] {
  const parts: LedgerPart[] = [];
  let first = 1;
  (entry?.segments ?? []).forEach((seg, i) => {
    parts.push({ path: seg.path, firstLine: first, lineCount: seg.lines.length, segment: i + 1 });
    first += seg.lines.length;
  });
  parts.push({
    path: ledgerPath(planId),
    firstLine: first,
    lineCount: (entry?.lines.length ?? 0) - first + 1,
    segment: null,
  });
  return parts;
}

function isConflict(output: string): boolean {
  return CONFLICT_PATTERNS.some((p) => p.test(output));
}

/** Full jitter, growing to about a second: racers spread out instead of colliding in lockstep. */
function backoffMs(attempt: number): number {
  const ceiling = Math.min(1000, 20 * 2 ** Math.min(attempt, 6));
  return Math.floor(Math.random() * ceiling);
}

/** The plan's ledger files at the entry's tip, as the provenance check and its statements name them. */
function layoutOf(entry: ParsedLedger, planId: string): LedgerLayout {
  return {
    planId,
    livePath: ledgerPath(planId),
    liveBlob: entry.liveBlob,
    liveText: entry.text,
    segmentDir: segmentDir(planId),
    segmentTree: entry.segmentTree,
    segments: entry.segments.map((s) => ({ path: s.path, blob: s.blob, lineCount: s.lines.length })),
  };
}

/**
 * What an append built on `parsed` states about it: its folder, its live
 * file and the provenance verdicts judged there (null when they were not
 * judged, which an append never leaves so, and then nothing is stated).
 */
function provenanceStatement(planId: string, parsed: ParsedLedger | null): ProvenanceStatement | null {
  if (!parsed) return { planId, segments: null, live: null, liveLines: 0, problems: new Map() };
  if (!parsed.doneProblems) return null;
  return {
    planId,
    segments: parsed.segmentTree,
    live: parsed.liveBlob,
    liveLines: parsed.lines.length - segmentLineCount(parsed.segments),
    problems: parsed.doneProblems,
  };
}
