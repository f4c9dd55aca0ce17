import { rowFromJson, serializeRow } from './parse-ledger.js';
import { isPlanRow, type LedgerRow, type StageRow } from './row.js';
import type { LedgerState, StageLedger } from './state.js';
import type { DistrustedRow, TrustScan } from './trust.js';

/**
 * A plan's state as the commit that appended its last row judged it: the
 * trust judgement of every row so far and the state the believed rows
 * derive, written by the appender in the same commit as the row
 * (`plans/<id>/state.json`). A reader that may take it (git/ledger-log.ts)
 * reads it and the last row's commit instead of every row: what a stage run
 * needs of a ledger of ten thousand rows costs what it costs for ten.
 */
export interface LedgerSnapshot {
  planId: string;
  /** How many rows the plan's ledger numbers (dropped ones included): the next row is `lines + 1`. */
  lines: number;
  /** The judgement after the last row. */
  scan: TrustScan;
}

/** A snapshot naming more rows than this is not written: its readers read every row instead. */
export const MAX_SNAPSHOT_ROWS = 2_000;

interface SnapshotFile {
  v: 2;
  plan: string;
  lines: number;
  count: number;
  holdsFrom: number | null;
  stableUntil: number | null;
  /** Every row the snapshot names, once; the fields below name them by index. */
  rows: LedgerRow[];
  position: Array<[number, number]>;
  distrustedClaims: Array<[number, string, number]>;
  distrusted: Array<[number, number, string]>;
  stages: Array<{
    stage: number;
    last: number;
    lastDone: number | null;
    lastClaim: number | null;
    lastEnded: number | null;
    attempts: number;
  }>;
  approvals: number[];
  finals: number[];
  handoffs: number[];
}

/** Each row's canonical text, once per row object: rows are never changed, and a scan keeps most of its rows from the last. */
const rowTexts = new WeakMap<LedgerRow, string>();

function rowText(row: LedgerRow): string {
  let text = rowTexts.get(row);
  if (text === undefined) {
    text = serializeRow(row);
    rowTexts.set(row, text);
  }
  return text;
}

/**
 * The snapshot as the text of its file, or null when it is too large to be
 * worth writing. Canonical: rows are written and told apart by their text
 * (serializeRow), never by which object holds them, so a reader that judges
 * the last row itself gets the appender's file byte for byte whoever built
 * the scan (the check that the appender was okstra's, ledger-log.ts).
 */
export function serializeSnapshot(snapshot: LedgerSnapshot): string | null {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const ref = (row: LedgerRow): number => {
    const key = rowText(row);
    const known = index.get(key);
    if (known !== undefined) return known;
    texts.push(key);
    index.set(key, texts.length - 1);
    return texts.length - 1;
  };
  const { scan } = snapshot;
  const file: Omit<SnapshotFile, 'rows'> = {
    v: 2,
    plan: snapshot.planId,
    lines: snapshot.lines,
    count: scan.count,
    holdsFrom: Number.isFinite(scan.holdsFrom) ? scan.holdsFrom : null,
    stableUntil: Number.isFinite(scan.stableUntil) ? scan.stableUntil : null,
    position: [...scan.position].map(([stage, row]) => [stage, ref(row)]),
    distrustedClaims: [...scan.distrustedClaims].map(([key, line]) => {
      const [stage = '', run = ''] = key.split('\u0000');
      return [Number(stage), run, line];
    }),
    distrusted: scan.distrusted.map((d) => [d.line, ref(d.row), d.reason]),
    stages: [...scan.state.stages.values()].map((s) => ({
      stage: s.stage,
      last: ref(s.last),
      lastDone: s.lastDone ? ref(s.lastDone) : null,
      lastClaim: s.lastClaim ? ref(s.lastClaim) : null,
      lastEnded: s.lastEnded ? ref(s.lastEnded) : null,
      attempts: s.attempts,
    })),
    approvals: scan.state.approvals.map(ref),
    finals: scan.state.finals.map(ref),
    handoffs: scan.state.handoffs.map(ref),
  };
  if (texts.length > MAX_SNAPSHOT_ROWS) return null;
  // The rows last, each as its canonical line.
  return `${JSON.stringify(file).slice(0, -1)},"rows":[${texts.join(',')}]}\n`;
}

/**
 * The snapshot a file holds, or null when it does not hold a whole,
 * well-formed one of this plan: any field missing or of another shape, a row
 * that is not a row of the plan, a reference to no row or to a row of the
 * wrong kind. A reader that gets null reads every row.
 */
export function parseSnapshot(text: string, planId: string): LedgerSnapshot | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json) || json.v !== 2 || json.plan !== planId) return null;
  const f = json as Partial<SnapshotFile> & Record<string, unknown>;
  if (Object.keys(f).length !== KEYS.length || !KEYS.every((k) => k in f)) return null;
  if (!isCount(f.lines) || !isCount(f.count) || f.count > f.lines) return null;
  if (!isBound(f.holdsFrom) || !isBound(f.stableUntil)) return null;
  if (!Array.isArray(f.rows) || f.rows.length > MAX_SNAPSHOT_ROWS) return null;
  const rows: LedgerRow[] = [];
  for (const r of f.rows as unknown[]) {
    const row = rowFromJson(r, planId);
    if (typeof row === 'string') return null;
    rows.push(row);
  }
  const refs = new RowRefs(rows);
  const lines = f.lines;
  const position = parsePosition(f.position, refs);
  const distrustedClaims = parseDistrustedClaims(f.distrustedClaims, lines);
  const distrusted = parseDistrusted(f.distrusted, refs, lines);
  const stages = parseStages(f.stages, refs);
  const approvals = refs.planRows(f.approvals, ['approved']);
  const finals = refs.planRows(f.finals, ['verified', 'verification-failed']);
  const handoffs = refs.planRows(f.handoffs, ['handed-off']);
  if (!position || !distrustedClaims || !distrusted || !stages || !approvals || !finals || !handoffs) return null;
  const state = {
    stages,
    approvals: approvals as LedgerState['approvals'],
    finals: finals as LedgerState['finals'],
    handoffs: handoffs as LedgerState['handoffs'],
  };
  return {
    planId,
    lines,
    scan: {
      distrusted,
      state,
      count: f.count,
      holdsFrom: f.holdsFrom ?? -Infinity,
      stableUntil: f.stableUntil ?? Infinity,
      position,
      distrustedClaims,
    },
  };
}

const KEYS = [
  'v',
  'plan',
  'lines',
  'count',
  'holdsFrom',
  'stableUntil',
  'rows',
  'position',
  'distrustedClaims',
  'distrusted',
  'stages',
  'approvals',
  'finals',
  'handoffs',
];

/** The file's rows named by index, each only where a row of that kind may stand. */
class RowRefs {
  constructor(private readonly rows: readonly LedgerRow[]) {}

  at(i: unknown): LedgerRow | null {
    return isCount(i) && i < this.rows.length ? (this.rows[i] as LedgerRow) : null;
  }

  stageRow(i: unknown, stage: number, statuses?: readonly string[]): StageRow | null {
    const row = this.at(i);
    if (!row || isPlanRow(row) || row.stage !== stage || (statuses && !statuses.includes(row.status))) return null;
    return row;
  }

  planRows(list: unknown, statuses: readonly string[]): LedgerRow[] | null {
    if (!Array.isArray(list)) return null;
    const out = list.map((i) => this.at(i));
    return out.every((r): r is LedgerRow => r !== null && isPlanRow(r) && statuses.includes(r.status)) ? out : null;
  }
}

function parsePosition(list: unknown, refs: RowRefs): Map<number, StageRow> | null {
  const position = new Map<number, StageRow>();
  if (!Array.isArray(list)) return null;
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !isStage(entry[0])) return null;
    const row = refs.stageRow(entry[1], entry[0]);
    if (!row || position.has(entry[0])) return null;
    position.set(entry[0], row);
  }
  return position;
}

function parseDistrustedClaims(list: unknown, lines: number): Map<string, number> | null {
  const claims = new Map<string, number>();
  if (!Array.isArray(list)) return null;
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return null;
    const [stage, run, line] = entry as unknown[];
    if (!isStage(stage) || typeof run !== 'string' || run.includes('\u0000') || !isLine(line, lines)) return null;
    claims.set(`${stage}\u0000${run}`, line);
  }
  return claims;
}

function parseDistrusted(list: unknown, refs: RowRefs, lines: number): DistrustedRow[] | null {
  const distrusted: DistrustedRow[] = [];
  if (!Array.isArray(list)) return null;
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return null;
    const [line, i, reason] = entry as unknown[];
    const row = refs.at(i);
    const previous = distrusted.at(-1)?.line ?? 0;
    if (!isLine(line, lines) || line <= previous || !row || typeof reason !== 'string' || reason === '') return null;
    distrusted.push({ line, row, reason });
  }
  return distrusted;
}

function parseStages(list: unknown, refs: RowRefs): Map<number, StageLedger> | null {
  const stages = new Map<number, StageLedger>();
  if (!Array.isArray(list)) return null;
  for (const entry of list as unknown[]) {
    if (!isRecord(entry) || Object.keys(entry).length !== 6 || !isStage(entry.stage) || stages.has(entry.stage))
      return null;
    const { stage } = entry;
    // null: the stage has none; false: the file names a row that is not one.
    const optional = (i: unknown, statuses: readonly string[]): StageRow | null | false =>
      i === null ? null : (refs.stageRow(i, stage, statuses) ?? false);
    const last = refs.stageRow(entry.last, stage);
    const lastDone = optional(entry.lastDone, ['done']);
    const lastClaim = optional(entry.lastClaim, ['started']);
    const lastEnded = optional(entry.lastEnded, ['done', 'failed']);
    if (!last || lastDone === false || lastClaim === false || lastEnded === false || !isCount(entry.attempts))
      return null;
    stages.set(stage, {
      stage,
      last,
      lastDone: lastDone as StageLedger['lastDone'],
      lastClaim: lastClaim as StageLedger['lastClaim'],
      lastEnded,
      attempts: entry.attempts,
    });
  }
  return stages;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function isStage(v: unknown): v is number {
  return isCount(v) && v > 0;
}

function isLine(v: unknown, lines: number): v is number {
  return isStage(v) && v <= lines;
}

function isBound(v: unknown): v is number | null {
  return v === null || (typeof v === 'number' && Number.isFinite(v));
}
