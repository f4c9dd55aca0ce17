import {
  ledgerPath,
  planDir,
  serializeRow,
  type AppendBasis,
  type LedgerRow,
  type PlanRow,
  type TrustScan,
} from '../core/ledger/index.js';
import type { LedgerFile } from './ledger-branch.js';
import { LedgerRefusedError } from './ledger-errors.js';
import type { LedgerHistory } from './ledger-log.js';

/** What an append decides about the files it writes and the basis it decides on: no git here. */

export function withRow(
  history: Omit<LedgerHistory, 'unmigrated'>,
  line: number,
  row: LedgerRow,
  commit: string,
): LedgerHistory {
  return {
    ...history,
    lines: [...history.lines, { line, raw: serializeRow(row), row }],
    total: line,
    commits: new Map([...history.commits, [line, commit]]),
    unmigrated: null,
  };
}

/** A done row's carry and report are written in its commit: refused here, since readers would not believe it. */
export function refuseIncompleteDone(row: LedgerRow, files: readonly LedgerFile[]): void {
  if (row.status !== 'done') return;
  if (!files.some((f) => f.path === row.carry_path))
    throw new LedgerRefusedError(
      'missing-carry',
      `a done row needs its carry file ${row.carry_path} in the same commit`,
    );
  if (!files.some((f) => f.path === row.report_path))
    throw new LedgerRefusedError('missing-report', `a done row needs its report ${row.report_path} in the same commit`);
}

/** The files the commit writes: new ones, and a stage's carry replaced by a later done of it; anything else exists already or is refused. */
export function filesToWrite(
  row: LedgerRow,
  files: readonly LedgerFile[],
  existing: readonly (string | null)[],
): LedgerFile[] {
  return files.filter((f, i) => {
    const there = existing[i] ?? null;
    if (there === null) return true;
    if (there === f.content) return false;
    // A stage's carry is what its dependents build on: a later `done` of the same stage (a reconcile after its
    // branch moved) replaces it; the earlier one stays in the branch's history. Nothing else is ever replaced.
    if (row.status === 'done' && f.path === row.carry_path) return true;
    throw new LedgerRefusedError(
      'file-exists',
      `${f.path} already exists on the ledger branch with different content; ledger files are never overwritten`,
    );
  });
}

/** Whether a done row's commit adds its report, as its readers require (a row of any other kind: true). */
export function addsOwnFiles(row: LedgerRow, written: readonly LedgerFile[]): boolean {
  return row.status !== 'done' || written.some((f) => f.path === row.report_path);
}

/** The old format's files, removed by the commit that migrates them into legacy.json. */
export function oldFormatPaths(planId: string): string[] {
  return [ledgerPath(planId), `${planDir(planId)}/ledger`, `${planDir(planId)}/ledger.fold.json`];
}

/** What an append is decided on, from the judgement of the tip (nothing: no ledger yet). */
export function appendBasis(scan: TrustScan | null): AppendBasis {
  if (!scan) return { lastRowFor: () => null, planRows: [] };
  const { position, state } = scan;
  return {
    lastRowFor: (stage) => position.get(stage) ?? null,
    planRows: [...state.approvals, ...state.finals, ...state.handoffs] as PlanRow[],
  };
}
