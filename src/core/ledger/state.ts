import {
  isPlanRow,
  type ApprovedRow,
  type DoneRow,
  type LedgerRow,
  type LedgerStatus,
  type StageRow,
  type StartedRow,
} from './row.js';

/** What the ledger says about one stage. */
export interface StageLedger {
  stage: number;
  /** The stage's lifecycle position: its last row. */
  last: StageRow;
  /** The most recent `done` row, even if the stage was re-entered since. */
  lastDone: DoneRow | null;
  /** Number of `started` rows: attempt N is the N-th claim. */
  attempts: number;
  rows: StageRow[];
}

export interface LedgerState {
  stages: ReadonlyMap<number, StageLedger>;
  /** The plan's believed approvals, oldest first. */
  approvals: readonly ApprovedRow[];
}

export function deriveLedgerState(rows: readonly LedgerRow[]): LedgerState {
  const stages = new Map<number, StageLedger>();
  const approvals: ApprovedRow[] = [];
  for (const row of rows) {
    if (isPlanRow(row)) {
      if (row.status === 'approved') approvals.push(row);
      continue;
    }
    const entry = stages.get(row.stage) ?? { stage: row.stage, last: row, lastDone: null, attempts: 0, rows: [] };
    entry.last = row;
    entry.rows.push(row);
    if (row.status === 'done') entry.lastDone = row;
    if (row.status === 'started') entry.attempts += 1;
    stages.set(row.stage, entry);
  }
  return { stages, approvals };
}

export function stageStatus(state: LedgerState, stage: number): LedgerStatus | 'pending' {
  return state.stages.get(stage)?.last.status ?? 'pending';
}

export function stagesWithStatus(state: LedgerState, status: LedgerStatus): number[] {
  return [...state.stages.values()]
    .filter((s) => s.last.status === status)
    .map((s) => s.stage)
    .sort((a, b) => a - b);
}

/** A claim whose lease has run out. Only an explicit release ends it; expiry alone does not prove its run is gone. */
export function isStale(row: StageRow, now: Date): boolean {
  return row.status === 'started' && Date.parse(row.lease_until) <= now.getTime();
}

/** The live or stale claim on a stage, if its position is `started`. */
export function activeClaim(state: LedgerState, stage: number): StartedRow | null {
  const last = state.stages.get(stage)?.last;
  return last?.status === 'started' ? last : null;
}

/** The `done` row a dependent stage builds on: only while the stage's position is `done`. */
export function currentDoneRow(state: LedgerState, stage: number): DoneRow | null {
  const last = state.stages.get(stage)?.last;
  return last?.status === 'done' ? last : null;
}
