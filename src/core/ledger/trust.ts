import { repairLineCommand } from './parse-ledger.js';
import { isPlanRow, type LedgerRow, type StageRow } from './row.js';
import { extendLedgerState, type LedgerState } from './state.js';

/** How far a row's `at` may run ahead of the reader's clock before the row is not believed. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The longest lease a believed `started` row may hold: the config's own
 * ceiling for `leaseMinutes` (24 h), so no lease okstra writes ever exceeds it,
 * and every reader (CLI, Action, bot) judges alike without reading the config.
 */
export const MAX_TRUSTED_LEASE_MS = 24 * 60 * 60_000;

/** A row that parsed but breaks the lifecycle or the clock: kept in the file, left out of derived state. */
export interface DistrustedRow {
  /** 1-based line of the plan's ledger (across its sealed segments, then ledger.jsonl). */
  line: number;
  row: LedgerRow;
  reason: string;
  /** In a ledger with sealed segments: the row's file and its line there (`line` stays the plan-wide one). */
  where?: { path: string; line: number };
}

export interface LedgerTrust {
  /** The believed rows, in file order: what derived state is built from. */
  trusted: LedgerRow[];
  distrusted: DistrustedRow[];
}

export interface TrustFacts {
  now: Date;
  /**
   * Line → why the ledger commit that introduced that `done` row does not hold
   * its carry and its report. Only a reader with the git history can know it
   * (the git store does); a reader without it passes nothing.
   */
  doneCommitProblems?: ReadonlyMap<number, string>;
}

/**
 * Splits a plan's rows (file order; row i is line i + 1) into the believed and
 * the distrusted. A row is believed only when the lifecycle okstra itself
 * follows could have written it: a claim on a free stage with a sane lease and
 * a terminal row ending the same run's believed claim, none stamped in the
 * future. Everything a distrusted row would have decided is decided as if it
 * were absent, so a forged or broken row can neither advance nor block a stage.
 */
export function assessLedger(rows: readonly LedgerRow[], facts: TrustFacts): LedgerTrust {
  return assessNumberedRows(
    rows.map((row, i) => ({ line: i + 1, row })),
    facts,
  );
}

/** The same judgement over rows that keep their own line numbers (a file with unreadable lines between them). */
export function assessNumberedRows(rows: readonly { line: number; row: LedgerRow }[], facts: TrustFacts): LedgerTrust {
  const { distrusted } = extendTrustScan(null, rows, facts);
  return { trusted: believedRows(rows, distrusted), distrusted: [...distrusted] };
}

/** The rows of `rows` that are not among `distrusted` (the scan's verdict over them), in file order. */
export function believedRows(
  rows: readonly { line: number; row: LedgerRow }[],
  distrusted: readonly DistrustedRow[],
): LedgerRow[] {
  if (distrusted.length === 0) return rows.map((r) => r.row);
  const out = new Set(distrusted.map((d) => d.line));
  return rows.filter((r) => !out.has(r.line)).map((r) => r.row);
}

/**
 * A judgement of a file's first rows that later rows can continue, so a reader
 * whose file grew by appends judges only the new rows. It keeps what judging
 * later rows and deriving state need (each stage's last believed row, the
 * claims not believed, the state the believed rows derive), never every row:
 * a ledger's believed rows are its rows less the distrusted ones. Immutable:
 * extending returns a new scan and leaves this one as it was.
 */
export interface TrustScan {
  /** The judged rows that are not believed, in file order, each with why. */
  readonly distrusted: readonly DistrustedRow[];
  /** What the believed rows derive (deriveLedgerState of them). */
  readonly state: LedgerState;
  /** How many rows it has judged. */
  readonly count: number;
  /**
   * From when (ms, inclusive) a clock gives every judged row the verdict it
   * got: the latest `at` the clock let through, less the skew (-Infinity: none).
   * An earlier clock would find that row ahead of it.
   */
  readonly holdsFrom: number;
  /**
   * Until when (ms, exclusive) a later clock gives every judged row the same
   * verdict: a row ahead of the clock is believed once the clock comes within
   * the skew of it. Infinity: no row is ahead.
   */
  readonly stableUntil: number;
  readonly position: ReadonlyMap<number, StageRow>;
  readonly distrustedClaims: ReadonlyMap<string, number>;
}

const EMPTY_STATE: LedgerState = { stages: new Map(), approvals: [], finals: [], handoffs: [] };

/**
 * Whether `scan`'s verdicts hold at `now`: the clock has neither gone back
 * past a row it let through nor reached a row that was ahead of it. Exact:
 * within these bounds judging afresh gives every row the same verdict.
 */
export function trustScanHolds(scan: TrustScan, now: Date): boolean {
  const t = now.getTime();
  return t >= scan.holdsFrom && t < scan.stableUntil;
}

/**
 * Judges `rows` (those after the ones `scan` judged, in file order) as
 * assessNumberedRows would judge them after the scan's rows. With a scan whose
 * verdicts no longer hold at `facts.now` (trustScanHolds) the caller must
 * start again from null: this function does not check it.
 */
export function extendTrustScan(
  scan: TrustScan | null,
  rows: readonly { line: number; row: LedgerRow }[],
  facts: TrustFacts,
): TrustScan {
  const believed: LedgerRow[] = [];
  const distrusted = scan ? [...scan.distrusted] : [];
  const position = new Map<number, StageRow>(scan?.position);
  const distrustedClaims = new Map(scan?.distrustedClaims);
  const now = facts.now.getTime();
  let stableUntil = scan?.stableUntil ?? Infinity;
  let holdsFrom = scan?.holdsFrom ?? -Infinity;
  for (const { line, row } of rows) {
    const at = Date.parse(row.at);
    if (at - now > MAX_CLOCK_SKEW_MS) stableUntil = Math.min(stableUntil, at - MAX_CLOCK_SKEW_MS);
    else holdsFrom = Math.max(holdsFrom, at - MAX_CLOCK_SKEW_MS);
    // A plan-level row has no stage lifecycle to break: only the clock can discredit it.
    const reason = isPlanRow(row)
      ? clockProblem(row, at, facts.now)
      : (clockProblem(row, at, facts.now) ??
        lifecycleProblem(row, position.get(row.stage), distrustedClaims) ??
        facts.doneCommitProblems?.get(line) ??
        null);
    if (reason === null) {
      believed.push(row);
      if (!isPlanRow(row)) position.set(row.stage, row);
      continue;
    }
    distrusted.push({ line, row, reason });
    if (row.status === 'started') distrustedClaims.set(claimKey(row.stage, row.run_id), line);
  }
  return {
    distrusted,
    state: extendLedgerState(scan?.state ?? EMPTY_STATE, believed),
    count: (scan?.count ?? 0) + rows.length,
    holdsFrom,
    stableUntil,
    position,
    distrustedClaims,
  };
}

function clockProblem(row: LedgerRow, at: number, now: Date): string | null {
  if (at - now.getTime() > MAX_CLOCK_SKEW_MS) {
    return `written at ${row.at}, ${formatSpan(at - now.getTime())} ahead of this machine's clock (${now.toISOString()}; at most ${formatSpan(MAX_CLOCK_SKEW_MS)} of clock skew is believed)`;
  }
  if (row.status === 'started') {
    const lease = Date.parse(row.lease_until) - at;
    if (lease > MAX_TRUSTED_LEASE_MS) {
      return `claims a lease of ${formatSpan(lease)} (until ${row.lease_until}), longer than the ${formatSpan(MAX_TRUSTED_LEASE_MS)} maximum`;
    }
  }
  return null;
}

function lifecycleProblem(
  row: StageRow,
  last: StageRow | undefined,
  distrustedClaims: ReadonlyMap<string, number>,
): string | null {
  if (row.status === 'started') {
    if (last?.status === 'started' && last.run_id !== row.run_id) {
      return `started for run ${row.run_id} while run ${last.run_id} still holds stage ${row.stage}'s claim`;
    }
    return null;
  }
  if (last?.status === 'started' && last.run_id === row.run_id) return null;
  const ignoredClaim = distrustedClaims.get(claimKey(row.stage, row.run_id));
  if (ignoredClaim !== undefined) {
    return `${row.status} for a run whose started row is itself ignored (line ${ignoredClaim}, run ${row.run_id})`;
  }
  if (!last) return `${row.status} without its started row (run ${row.run_id})`;
  if (last.status === 'started')
    return `${row.status} for run ${row.run_id}, but stage ${row.stage} is claimed by run ${last.run_id}`;
  if (last.run_id === row.run_id)
    return `${row.status} again for run ${row.run_id}, whose claim already ended ${last.status}`;
  return `${row.status} without its started row (run ${row.run_id}; stage ${row.stage} was last ${last.status} by run ${last.run_id})`;
}

function claimKey(stage: number, runId: string): string {
  return `${stage}\u0000${runId}`;
}

function formatSpan(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (Math.abs(minutes) < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** What every reader prints for one distrusted row: where it is, why, and the command that clears it. */
export function describeDistrusted(d: DistrustedRow, planId: string): string {
  const where = d.where ? ` (${d.where.path} line ${d.where.line})` : '';
  return `row ${d.line}${where} ignored: ${d.reason} — run \`${repairLineCommand(planId, d.line)}\``;
}
