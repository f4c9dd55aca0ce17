import { rowFromJson } from './parse-ledger.js';
import { isPlanRow, type LedgerRow, type StageRow } from './row.js';
import type { LedgerState, StageLedger } from './state.js';
import type { DistrustedRow, TrustScan } from './trust.js';

/**
 * What a ledger's sealed segments fold to: the trust judgement of their rows
 * and the state their believed rows derive, bound to exactly those segments.
 * A reader that may take it (see the store) judges and derives from it and
 * the live file's lines alone, without reading the segments: what a stage run
 * needs of a ledger of ten thousand rows costs what it costs for ten.
 */
export interface LedgerFold {
  planId: string;
  /** The segments it folds, in order: their blob ids and how many lines each holds. */
  segments: readonly { blob: string; lineCount: number }[];
  /** The judgement after their last line. */
  scan: TrustScan;
}

/** A fold holding more rows than this is not written: its readers read the segments instead. */
export const MAX_FOLD_ROWS = 2_000;

const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

interface FoldFile {
  v: 1;
  plan: string;
  segments: Array<[string, number]>;
  count: number;
  holdsFrom: number | null;
  stableUntil: number | null;
  /** Every row the fold names, once; the fields below name them by index. */
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

/** The fold as the text of its file, or null when it is too large to be worth writing. */
export function serializeFold(fold: LedgerFold): string | null {
  const rows: LedgerRow[] = [];
  const index = new Map<LedgerRow, number>();
  const ref = (row: LedgerRow): number => {
    const known = index.get(row);
    if (known !== undefined) return known;
    rows.push(row);
    index.set(row, rows.length - 1);
    return rows.length - 1;
  };
  const { scan } = fold;
  const file: FoldFile = {
    v: 1,
    plan: fold.planId,
    segments: fold.segments.map((s) => [s.blob, s.lineCount]),
    count: scan.count,
    holdsFrom: Number.isFinite(scan.holdsFrom) ? scan.holdsFrom : null,
    stableUntil: Number.isFinite(scan.stableUntil) ? scan.stableUntil : null,
    rows,
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
  return rows.length > MAX_FOLD_ROWS ? null : `${JSON.stringify(file)}\n`;
}

/**
 * The fold a file holds, or null when it does not hold a whole, well-formed
 * one of this plan: any field missing or of another shape, a row that is not
 * a row of the plan, a reference to no row or to a row of the wrong kind. A
 * reader that gets null reads the segments.
 */
export function parseFold(text: string, planId: string): LedgerFold | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(json) || json.v !== 1 || json.plan !== planId) return null;
  const f = json as Partial<FoldFile> & Record<string, unknown>;
  const KEYS = [
    'v',
    'plan',
    'segments',
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
  if (Object.keys(f).length !== KEYS.length || !KEYS.every((k) => k in f)) return null;
  const segments: Array<{ blob: string; lineCount: number }> = [];
  if (!Array.isArray(f.segments)) return null;
  for (const entry of f.segments as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) return null;
    const [blob, lineCount] = entry as unknown[];
    if (typeof blob !== 'string' || !OBJECT_ID.test(blob) || !isCount(lineCount)) return null;
    segments.push({ blob, lineCount });
  }
  const lines = segments.reduce((n, s) => n + s.lineCount, 0);
  if (!isCount(f.count) || f.count > lines) return null;
  if (!isBound(f.holdsFrom) || !isBound(f.stableUntil)) return null;
  if (!Array.isArray(f.rows) || f.rows.length > MAX_FOLD_ROWS) return null;
  const rows: LedgerRow[] = [];
  for (const r of f.rows as unknown[]) {
    const row = rowFromJson(r, planId);
    if (typeof row === 'string') return null;
    rows.push(row);
  }
  const at = (i: unknown): LedgerRow | null => (isCount(i) && i < rows.length ? (rows[i] as LedgerRow) : null);
  const stageRow = (i: unknown, stage: number, statuses?: readonly string[]): StageRow | null => {
    const row = at(i);
    if (!row || isPlanRow(row) || row.stage !== stage || (statuses && !statuses.includes(row.status))) return null;
    return row;
  };
  const planRows = (list: unknown, statuses: readonly string[]): LedgerRow[] | null => {
    if (!Array.isArray(list)) return null;
    const out = list.map((i) => at(i));
    return out.every((r): r is LedgerRow => r !== null && isPlanRow(r) && statuses.includes(r.status)) ? out : null;
  };

  const position = new Map<number, StageRow>();
  if (!Array.isArray(f.position)) return null;
  for (const entry of f.position as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !isStage(entry[0])) return null;
    const row = stageRow(entry[1], entry[0]);
    if (!row || position.has(entry[0])) return null;
    position.set(entry[0], row);
  }
  const distrustedClaims = new Map<string, number>();
  if (!Array.isArray(f.distrustedClaims)) return null;
  for (const entry of f.distrustedClaims as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return null;
    const [stage, run, line] = entry as unknown[];
    if (!isStage(stage) || typeof run !== 'string' || run.includes('\u0000') || !isLine(line, lines)) return null;
    distrustedClaims.set(`${stage}\u0000${run}`, line);
  }
  const distrusted: DistrustedRow[] = [];
  if (!Array.isArray(f.distrusted)) return null;
  for (const entry of f.distrusted as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return null;
    const [line, i, reason] = entry as unknown[];
    const row = at(i);
    const previous = distrusted.at(-1)?.line ?? 0;
    if (!isLine(line, lines) || line <= previous || !row || typeof reason !== 'string' || reason === '') return null;
    distrusted.push({ line, row, reason });
  }
  const stages = new Map<number, StageLedger>();
  if (!Array.isArray(f.stages)) return null;
  for (const entry of f.stages as unknown[]) {
    if (!isRecord(entry) || Object.keys(entry).length !== 6 || !isStage(entry.stage) || stages.has(entry.stage))
      return null;
    const { stage } = entry;
    // null: the stage has none; false: the file names a row that is not one.
    const optional = (i: unknown, statuses: readonly string[]): StageRow | null | false =>
      i === null ? null : (stageRow(i, stage, statuses) ?? false);
    const last = stageRow(entry.last, stage);
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
  const approvals = planRows(f.approvals, ['approved']);
  const finals = planRows(f.finals, ['verified', 'verification-failed']);
  const handoffs = planRows(f.handoffs, ['handed-off']);
  if (!approvals || !finals || !handoffs) return null;
  const state = {
    stages,
    approvals: approvals as LedgerState['approvals'],
    finals: finals as LedgerState['finals'],
    handoffs: handoffs as LedgerState['handoffs'],
  };
  return {
    planId,
    segments,
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
