import {
  extendTrustScan,
  foldPath,
  ledgerPath,
  LedgerFormatError,
  LedgerLayoutError,
  locateLine,
  orderSegments,
  parseFold,
  parseLedgerLines,
  renumberLines,
  segmentDir,
  trustScanHolds,
  type DistrustedRow,
  type LedgerFold,
  type LedgerLine,
  type LedgerPart,
  type LedgerRow,
  type TrustScan,
} from '../core/ledger/index.js';
import { parseTreeObject, type Git, type ObjectLookup } from './git.js';
import {
  type DoneRowProvenance,
  type LedgerLayout,
  type LineLocation,
  type ProvenanceFindings,
} from './ledger-provenance.js';
import { ObjectReader } from './object-reader.js';

/** A sealed segment as read (or sealed) at some tip: its blob never changes, so neither do its lines. */
export interface SegmentRead {
  path: string;
  blob: string;
  lineCount: number;
  /** Its lines, numbered across the plan's ledger; null: not read, the fold stands for them. */
  lines: readonly LedgerLine[] | null;
}

/** A readable line: its row. */
export type RowLine = Extract<LedgerLine, { row: LedgerRow }>;

/**
 * A plan's ledger as read at one ledger commit. What it holds never changes
 * (the commit does not), so it is reused for as long as the tip stays there;
 * what is judged of it is filled in as it is asked for.
 */
export interface ParsedLedger {
  tip: string;
  planId: string;
  /** The segment folder's tree id; null: no folder (the one-file layout). */
  segmentTree: string | null;
  segments: SegmentRead[];
  /** The live ledger.jsonl's blob id (null: no file), its text and its lines, numbered after the segments'. */
  liveBlob: string | null;
  text: string;
  liveLines: readonly LedgerLine[];
  /**
   * The plan's fold file at this tip: its blob id, and the fold it holds when
   * it folds exactly these segments (null: it does not, or is no fold).
   */
  foldFile: { blob: string; fold: LedgerFold | null } | null;
  /** What judging the done rows' commits found, and at which tip (a finding carried over a grown file keeps its problems). */
  findings: ProvenanceFindings | null;
  findingsTip: string | null;
  /** The judgement after the segments' lines; `sealedFromFold`: it is the fold file's, vouched for by the last append. */
  sealedScan: TrustScan | null;
  sealedFromFold: boolean;
  /** The judgement after the first `scannedLines` lines: a live file grown by appends is judged from there on. */
  scan: TrustScan | null;
  scannedLines: number;
  /** Every line's row, once asked for and every line is readable. */
  rows: LedgerRow[] | null;
  /** Every line, once every segment is held. */
  lines: LedgerLine[] | null;
}

/** What a reader believes at a tip: the judgement after every line, and the rows it does not believe, each located. */
export interface Judgement {
  scan: TrustScan;
  distrusted: DistrustedRow[];
}

/** How much of a ledger a read needs: every row, or only what judging it and deriving its state take. */
export type ReadNeed = 'rows' | 'state';

/**
 * Reads a plan's ledger at a tip and judges it: the live file always, the
 * sealed segments only when they must be (rows are asked for, or no fold the
 * last append vouches for stands for them). Keeps, per plan, what it read at
 * the last tip it was asked about or was handed.
 */
export class LedgerReader {
  private readonly parsed = new Map<string, ParsedLedger>();

  constructor(
    private readonly git: Git,
    private readonly provenance: DoneRowProvenance,
    /** A ledger file as users name it (`branch:path`). */
    private readonly displayPath: (path: string) => string,
    private readonly now: () => Date,
  ) {}

  /** The entry this reader holds for the plan, at whichever tip it was read. */
  known(planId: string): ParsedLedger | undefined {
    return this.parsed.get(planId);
  }

  /** An entry its caller built for a tip it knows exactly (its own append). */
  remember(entry: ParsedLedger): void {
    this.parsed.set(entry.planId, entry);
  }

  /** Forgets the plan's entry: its tip is history (a lost compare-and-swap, a repair). */
  forget(planId: string): void {
    this.parsed.delete(planId);
  }

  /**
   * The plan's ledger at `tip` (null: no ledger branch): from memory when this
   * reader last read or was handed exactly that commit; else one `cat-file`
   * for the live file, the segment folder and the fold, and, in the same
   * process, the segments that must be read (all of them for `rows`; for
   * `state` only those whose line count neither memory nor a fold of exactly
   * these segments gives). Of the live file only the lines after the ones
   * already parsed are parsed when it grew by appends.
   */
  async at(tip: string | null, planId: string, need: ReadNeed): Promise<ParsedLedger | null> {
    if (!tip) return null;
    const known = this.parsed.get(planId);
    const entry = known?.tip === tip ? known : await this.readAt(tip, planId, known, need);
    if (need === 'rows') await this.holdSegments(entry);
    this.parsed.set(planId, entry);
    return entry;
  }

  /**
   * Which rows are believed: each done row's commit (git, once per tip), then
   * lifecycle and clock (pure). The segments' judgement is kept while the
   * clock allows, else taken from the fold when the last append vouches for
   * it, else judged from their lines; the live lines not judged yet are judged
   * after it.
   */
  async judge(entry: ParsedLedger): Promise<Judgement> {
    const now = this.now();
    let findings = await this.findingsOf(entry);
    let sealed = entry.sealedScan && trustScanHolds(entry.sealedScan, now) ? entry.sealedScan : null;
    if (!sealed) {
      const fold = entry.foldFile?.fold ?? null;
      // Which fold the last append vouches for is asked at this tip, never carried from an earlier one.
      if (fold && entry.findingsTip !== entry.tip) {
        entry.findings = null;
        findings = await this.findingsOf(entry);
      }
      const vouched = fold !== null && entry.findingsTip === entry.tip && findings.vouchedFold === entry.foldFile?.blob;
      if (fold && vouched && trustScanHolds(fold.scan, now)) {
        sealed = fold.scan;
        entry.sealedFromFold = true;
      } else {
        // Findings taken from a statement while segments were unread are asked again once they are read: every line
        // a statement names must then be a done row, and the fold's line counts may not have been the segments'.
        const partial = entry.segments.some((s) => s.lines === null);
        await this.holdSegments(entry);
        if (partial) {
          entry.findings = null;
          findings = await this.findingsOf(entry);
        }
        const rows = entry.segments.flatMap((s) => (s.lines ?? []).filter(isRowLine));
        sealed = extendTrustScan(null, rows, { now, doneCommitProblems: findings.problems });
        entry.sealedFromFold = false;
      }
      entry.sealedScan = sealed;
      entry.scan = null;
    }
    const sealedLines = segmentLineCount(entry.segments);
    const total = sealedLines + entry.liveLines.length;
    const held = entry.scan && entry.scannedLines >= sealedLines && trustScanHolds(entry.scan, now) ? entry.scan : null;
    let scan = held ?? sealed;
    const from = held ? entry.scannedLines : sealedLines;
    if (!held || from < total) {
      const rows = entry.liveLines.slice(from - sealedLines).filter(isRowLine);
      scan = extendTrustScan(scan, rows, { now, doneCommitProblems: findings.problems });
    }
    entry.scan = scan;
    entry.scannedLines = total;
    const parts = entry.segments.length > 0 ? partsOf(entry) : null;
    // Copies: a caller may reorder what it is given; the cache must not see that.
    const distrusted = scan.distrusted.map((d) => {
      const at = parts ? locateLine(parts, d.line) : null;
      return at ? { ...d, where: { path: at.part.path, line: at.local } } : { ...d };
    });
    return { scan, distrusted };
  }

  /**
   * The rows of a ledger every line of which must be readable (its segments
   * held: `at(…, 'rows')`): the first unreadable line throws, naming its file
   * (and, in a segment, its line there) and the plan-wide line repair takes.
   */
  strictRows(entry: ParsedLedger): LedgerRow[] {
    if (entry.rows) return entry.rows;
    entry.rows = allLines(entry).map((l) => {
      if ('problem' in l) throw this.formatError(entry, l);
      return l.row;
    });
    return entry.rows;
  }

  /** Throws as strictRows does for the first unreadable line this entry holds (an append's check). */
  strictHeld(entry: ParsedLedger): void {
    for (const s of entry.segments) {
      const bad = s.lines?.find((l) => 'problem' in l);
      if (bad) throw this.formatError(entry, bad);
    }
    const bad = entry.liveLines.find((l) => 'problem' in l);
    if (bad) throw this.formatError(entry, bad);
  }

  /** Every line of an entry whose segments are all held. */
  lines(entry: ParsedLedger): LedgerLine[] {
    return allLines(entry);
  }

  private formatError(entry: ParsedLedger, l: LedgerLine & { problem: string }): LedgerFormatError {
    const at = entry.segments.length > 0 ? locateLine(partsOf(entry), l.line) : null;
    if (at) return new LedgerFormatError(this.displayPath(at.part.path), l.line, l.problem, entry.planId, at.local);
    return new LedgerFormatError(this.displayPath(ledgerPath(entry.planId)), l.line, l.problem, entry.planId);
  }

  /**
   * The done rows' findings at the entry's tip: from the last append's
   * statement, which needs only the lines held; when it cannot be taken,
   * every segment is read and blame decides.
   */
  private async findingsOf(entry: ParsedLedger): Promise<ProvenanceFindings> {
    if (entry.findings) return entry.findings;
    const layout = layoutOf(entry);
    let findings: ProvenanceFindings | null;
    if (entry.segments.some((s) => s.lines === null)) {
      const ranges = heldRanges(entry);
      const held = (line: number): boolean => ranges.some(([a, b]) => line >= a && line < b);
      findings = await this.provenance.fromStatement(entry.tip, heldLines(entry), layout, held);
      if (!findings) {
        await this.holdSegments(entry);
        return this.findingsOf(entry);
      }
    } else {
      const lines = allLines(entry);
      // git (ledger-provenance.ts): the last append's statement, else blame of the done lines not seen before.
      findings = lines.some((l) => 'row' in l && l.row.status === 'done')
        ? await this.provenance.judge(entry.tip, ledgerPath(entry.planId), lines, locator(entry), layout)
        : { problems: new Map<number, string>(), vouchedFold: null };
    }
    entry.findings = findings;
    entry.findingsTip = entry.tip;
    return findings;
  }

  /**
   * Reads and parses every segment the entry does not hold yet. When that
   * changes what the entry knew of the numbering (a fold whose line counts
   * were not the segments'), what was judged of it is dropped.
   */
  private async holdSegments(entry: ParsedLedger): Promise<void> {
    const missing = entry.segments.filter((s) => s.lines === null);
    if (missing.length === 0) return;
    const reader = await ObjectReader.open(this.git);
    let changed = false;
    try {
      // git: cat-file, the segments not read yet (by blob id), each parsed as it arrives.
      const unique = [...new Set(missing.map((s) => s.blob))];
      const answers = reader.ask(unique);
      reader.lastRoundAsked();
      const byBlob = new Map<string, Promise<ObjectLookup>>(
        unique.map((blob, i) => [blob, answers[i] as Promise<ObjectLookup>]),
      );
      let next = 1;
      for (const s of entry.segments) {
        if (s.lines === null) {
          const bytes = (await byBlob.get(s.blob))?.object?.bytes;
          const lines = parseLedgerLines(bytes?.toString('utf8') ?? '', {
            path: this.displayPath(s.path),
            planId: entry.planId,
            firstLine: next,
          });
          sealedSegments.remember(entry.planId, s.blob, lines);
          if (lines.length !== s.lineCount) changed = true;
          s.lines = lines;
          s.lineCount = lines.length;
        } else if (s.lines[0] && s.lines[0].line !== next) {
          s.lines = renumberLines(s.lines, next);
        }
        next += s.lineCount;
      }
    } finally {
      await reader.close();
    }
    if (changed) {
      const liveFirst = segmentLineCount(entry.segments) + 1;
      entry.liveLines = renumberLines(entry.liveLines, liveFirst);
      const foldFile = entry.foldFile;
      if (foldFile?.fold && !foldsExactly(foldFile.fold, entry.segments)) entry.foldFile = { ...foldFile, fold: null };
      entry.findings = null;
      entry.findingsTip = null;
      entry.sealedScan = null;
      entry.sealedFromFold = false;
      entry.scan = null;
      entry.scannedLines = 0;
    }
    entry.rows = null;
    entry.lines = null;
  }

  /** A tip this reader has not read: see {@link at}. */
  private async readAt(
    tip: string,
    planId: string,
    known: ParsedLedger | undefined,
    need: ReadNeed,
  ): Promise<ParsedLedger> {
    const livePath = ledgerPath(planId);
    const dirPath = segmentDir(planId);
    // git: cat-file, the plan's live ledger file, its segment folder (a tree) and its fold at a tip this reader has
    // not read, then in the same process the segments it must read.
    const reader = await ObjectReader.open(this.git);
    let liveBlob: string | null;
    let text: string;
    let segmentTree: string | null;
    let segments: SegmentRead[];
    let foldFile: ParsedLedger['foldFile'];
    try {
      const [live, dir, foldAnswer] = await Promise.all(
        reader.ask([`${tip}:${livePath}`, `${tip}:${dirPath}`, `${tip}:${foldPath(planId)}`]),
      );
      if (live?.object && live.object.type !== 'blob')
        throw new LedgerLayoutError(
          this.displayPath(livePath),
          "is not a file; it must be the plan's live ledger file",
        );
      liveBlob = live?.object?.id ?? null;
      text = live?.object?.bytes.toString('utf8') ?? '';
      segmentTree = dir?.object?.id ?? null;
      const foldObject = foldAnswer?.object?.type === 'blob' ? foldAnswer.object : null;
      const fold = foldObject ? parseFold(foldObject.bytes.toString('utf8'), planId) : null;
      if (segmentTree !== null && segmentTree === known?.segmentTree) {
        reader.lastRoundAsked();
        segments = known.segments.map((s) => ({ ...s }));
      } else segments = await this.segmentsAt(planId, dir?.object ?? null, known, fold, need, reader);
      foldFile = foldObject ? { blob: foldObject.id, fold: fold && foldsExactly(fold, segments) ? fold : null } : null;
    } finally {
      await reader.close();
    }
    const sealedLines = segmentLineCount(segments);
    const opts = { path: this.displayPath(livePath), planId };
    const base = {
      tip,
      planId,
      segmentTree,
      segments,
      liveBlob,
      text,
      foldFile,
      rows: null,
      lines: null,
    };
    // The lines known before are the same lines when the segments are the ones known (or those plus the known
    // live file, sealed) and the live file grew: what was judged of them still holds (provenance is immutable).
    const sameSegments = known !== undefined && sameSegmentList(known.segments, segments);
    if (
      known &&
      sameSegments &&
      known.text.endsWith('\n') &&
      text.length > known.text.length &&
      text.startsWith(known.text)
    ) {
      const added = parseLedgerLines(text.slice(known.text.length), {
        ...opts,
        firstLine: sealedLines + known.liveLines.length + 1,
      });
      return {
        ...base,
        liveLines: [...known.liveLines, ...added],
        ...carried(known, added),
        sealedScan: known.sealedScan,
        sealedFromFold: known.sealedFromFold && foldFile?.blob === known.foldFile?.blob,
        scan: known.scan,
        scannedLines: known.scannedLines,
        rows: known.rows && added.every(isRowLine) ? [...known.rows, ...added.map((l) => l.row)] : null,
      };
    }
    const liveLines = parseLedgerLines(text, { ...opts, firstLine: sealedLines + 1 });
    const sealedKnown =
      known !== undefined &&
      known.liveBlob !== null &&
      segments.length === known.segments.length + 1 &&
      sameSegmentList(known.segments, segments.slice(0, -1)) &&
      segments.at(-1)?.blob === known.liveBlob;
    if (known && sealedKnown) {
      // Everything known before is now the segments; what was judged of all of it judges them.
      const whole = known.scan && known.scannedLines === segmentLineCount(known.segments) + known.liveLines.length;
      return {
        ...base,
        liveLines,
        ...carried(known, liveLines),
        sealedScan: whole ? known.scan : null,
        sealedFromFold: false,
        scan: null,
        scannedLines: 0,
      };
    }
    return {
      ...base,
      liveLines,
      findings: null,
      findingsTip: null,
      sealedScan: null,
      sealedFromFold: false,
      scan: null,
      scannedLines: 0,
    };
  }

  /**
   * The segments listed in the folder's tree, in order, checked (no gap,
   * nothing else in the folder). Lines come from the process's cache by blob
   * id, from the known live file when the segment is that file sealed, else
   * from the reader; a segment is read only for `rows`, or when neither a
   * known entry nor a fold of exactly these segments gives its line count.
   */
  private async segmentsAt(
    planId: string,
    tree: { id: string; type: string; bytes: Buffer } | null,
    known: ParsedLedger | undefined,
    fold: LedgerFold | null,
    need: ReadNeed,
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
    if (known?.liveBlob) sealedSegments.remember(planId, known.liveBlob, known.liveLines);
    // Taken from the cache before the await: another store in this process may evict an entry meanwhile.
    const cached = new Map<string, readonly LedgerLine[]>();
    for (const e of ordered) {
      const lines = sealedSegments.get(planId, e.id);
      if (lines) cached.set(e.id, lines);
    }
    const counts = new Map<string, number>();
    for (const s of known?.segments ?? []) counts.set(s.blob, s.lineCount);
    const bound =
      fold !== null &&
      fold.segments.length === ordered.length &&
      ordered.every((e, i) => e.id === fold.segments[i]?.blob);
    if (bound) fold.segments.forEach((s) => counts.set(s.blob, s.lineCount));
    const unread = [
      ...new Set(ordered.map((e) => e.id).filter((id) => !cached.has(id) && (need === 'rows' || !counts.has(id)))),
    ];
    // The segments to read now (by blob id), each parsed as it arrives while git reads the next.
    const arriving = new Map(reader.ask(unread).map((answer, i) => [unread[i] as string, answer]));
    reader.lastRoundAsked();
    const out: SegmentRead[] = [];
    let next = 1;
    for (const e of ordered) {
      const path = `${segmentDir(planId)}/${e.name}`;
      const hit = cached.get(e.id);
      const answer = hit ? undefined : arriving.get(e.id);
      let lines: readonly LedgerLine[] | null = null;
      if (hit) lines = renumberLines(hit, next);
      else if (answer) {
        const bytes = (await answer)?.object?.bytes;
        lines = parseLedgerLines(bytes?.toString('utf8') ?? '', {
          path: this.displayPath(path),
          planId,
          firstLine: next,
        });
      }
      // Kept as numbered here, where the same segment sits at every later tip: the next read copies no line.
      if (lines && lines !== hit) {
        cached.set(e.id, lines);
        sealedSegments.remember(planId, e.id, lines);
      }
      const lineCount = lines ? lines.length : (counts.get(e.id) as number);
      out.push({ path, blob: e.id, lineCount, lines });
      next += lineCount;
    }
    return out;
  }
}

/**
 * What a grown entry keeps of the judgement of the lines it had: the done
 * rows' findings, unless a done row came. The problems of the lines before
 * are facts of history and hold; which fold the last append vouches for is
 * not carried (no tip is given for it, so judge asks again when it matters).
 */
function carried(known: ParsedLedger, added: readonly LedgerLine[]): Pick<ParsedLedger, 'findings' | 'findingsTip'> {
  const newDone = added.some((l) => 'row' in l && l.row.status === 'done');
  if (newDone || !known.findings) return { findings: null, findingsTip: null };
  return { findings: { problems: known.findings.problems, vouchedFold: null }, findingsTip: null };
}

/** Whether a fold folds exactly these segments, blob by blob and line count by line count. */
function foldsExactly(fold: LedgerFold, segments: readonly SegmentRead[]): boolean {
  return (
    fold.segments.length === segments.length &&
    segments.every((s, i) => s.blob === fold.segments[i]?.blob && s.lineCount === fold.segments[i]?.lineCount)
  );
}

export function isRowLine(l: LedgerLine): l is RowLine {
  return 'row' in l;
}

/** How many lines the segments hold together. */
export function segmentLineCount(segments: readonly SegmentRead[]): number {
  return segments.reduce((n, seg) => n + seg.lineCount, 0);
}

function sameSegmentList(a: readonly SegmentRead[], b: readonly SegmentRead[]): boolean {
  return a.length === b.length && a.every((seg, i) => seg.blob === b[i]?.blob);
}

/** Every line of an entry whose segments are all held: the segments' in order, then the live file's. */
function allLines(entry: ParsedLedger): LedgerLine[] {
  if (entry.lines) return entry.lines;
  if (entry.segments.some((s) => s.lines === null))
    throw new Error(
      `ledger of plan ${entry.planId}: its segments were not read (a reader asked for lines it did not read)`,
    );
  entry.lines = [...entry.segments.flatMap((s) => s.lines ?? []), ...entry.liveLines];
  return entry.lines;
}

/** The lines an entry holds: its read segments' and the live file's. */
function heldLines(entry: ParsedLedger): LedgerLine[] {
  return [...entry.segments.flatMap((s) => s.lines ?? []), ...entry.liveLines];
}

/** The plan-wide line ranges ([first, past the last)) the entry holds. */
function heldRanges(entry: ParsedLedger): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let first = 1;
  for (const s of entry.segments) {
    if (s.lines !== null) ranges.push([first, first + s.lineCount]);
    first += s.lineCount;
  }
  ranges.push([first, first + entry.liveLines.length]);
  return ranges;
}

/** The files of a parsed ledger, each with the plan-wide lines it holds: the segments in order, then ledger.jsonl. */
export function partsOf(entry: ParsedLedger): LedgerPart[] {
  const parts: LedgerPart[] = [];
  let first = 1;
  entry.segments.forEach((seg, i) => {
    parts.push({ path: seg.path, firstLine: first, lineCount: seg.lineCount, segment: i + 1 });
    first += seg.lineCount;
  });
  parts.push({ path: ledgerPath(entry.planId), firstLine: first, lineCount: entry.liveLines.length, segment: null });
  return parts;
}

function locator(entry: ParsedLedger): (line: number) => LineLocation {
  const parts = partsOf(entry);
  return (line) => {
    const at = locateLine(parts, line);
    return at
      ? { path: at.part.path, local: at.local, segment: at.part.segment !== null }
      : { path: ledgerPath(entry.planId), local: line, segment: false };
  };
}

/** The plan's ledger files at the entry's tip, as the provenance check and its statements name them. */
export function layoutOf(entry: ParsedLedger): LedgerLayout {
  return {
    planId: entry.planId,
    livePath: ledgerPath(entry.planId),
    liveBlob: entry.liveBlob,
    liveText: entry.text,
    segmentDir: segmentDir(entry.planId),
    segmentTree: entry.segmentTree,
    segments: entry.segments.map((s) => ({ path: s.path, blob: s.blob, lineCount: s.lineCount })),
    foldPath: foldPath(entry.planId),
    foldBlob: entry.foldFile?.blob ?? null,
  };
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

export const sealedSegments = new SealedSegmentCache(SEGMENT_CACHE_CHARS);

/** Empties the process's cache of parsed segments: for tests that count what a cold read costs. */
export function forgetSealedSegments(): void {
  sealedSegments.clear();
}
