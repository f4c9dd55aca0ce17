/**
 * Rows of the plan `demo` as the engine writes them, at one fixed time: the
 * ledger store's tests and its readers' tests build their ledgers from these.
 */
import { carryPath, reportPath, type LedgerRow } from '../../src/core/ledger/index.js';
import type { LedgerFile } from '../../src/git/ledger-store.js';

export const T0 = new Date('2026-11-29T12:00:00Z');

/** A claim of `stage` by run `run`, with an hour's lease. */
export const claim = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: T0.toISOString(),
  lease_until: new Date(T0.getTime() + 3_600_000).toISOString(),
});

/** The done row of that run, naming its carry and its report. */
export const done = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'done',
  run_id: run,
  at: T0.toISOString(),
  head_commit: 'b'.repeat(40),
  completed_at: T0.toISOString(),
  carry_path: carryPath('demo', stage),
  report_path: reportPath('demo', stage, run, 'json'),
});

/** The carry and report a done row's commit must add; none for any other row. */
export const doneFiles = (row: LedgerRow): LedgerFile[] =>
  row.status === 'done'
    ? [
        { path: row.carry_path, content: '{}\n' },
        { path: row.report_path, content: '{}\n' },
      ]
    : [];
