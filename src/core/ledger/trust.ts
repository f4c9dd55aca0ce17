import { repairLineCommand } from './parse-ledger.js';
import type { LedgerRow } from './row.js';

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
  /** 1-based line of the ledger file. */
  line: number;
  row: LedgerRow;
  reason: string;
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
  const trusted: LedgerRow[] = [];
  const distrusted: DistrustedRow[] = [];
  const position = new Map<number, LedgerRow>();
  const distrustedClaims = new Map<string, number>();
  for (const { line, row } of rows) {
    const reason =
      clockProblem(row, facts.now) ??
      lifecycleProblem(row, position.get(row.stage), distrustedClaims) ??
      facts.doneCommitProblems?.get(line) ??
      null;
    if (reason === null) {
      trusted.push(row);
      position.set(row.stage, row);
      continue;
    }
    distrusted.push({ line, row, reason });
    if (row.status === 'started') distrustedClaims.set(claimKey(row.stage, row.run_id), line);
  }
  return { trusted, distrusted };
}

function clockProblem(row: LedgerRow, now: Date): string | null {
  const at = Date.parse(row.at);
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
  row: LedgerRow,
  last: LedgerRow | undefined,
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
  return `row ${d.line} ignored: ${d.reason} — run \`${repairLineCommand(planId, d.line)}\``;
}
