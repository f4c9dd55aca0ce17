import {
  isPlanRow,
  type FinalVerdictRow,
  type HandedOffRow,
  type VerificationFailedRow,
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
  /** The most recent claim (`started` row), even if its run has ended since. */
  lastClaim: StartedRow | null;
  /** The most recent row that ended a run (`done` or `failed`), even if the stage was claimed again since. */
  lastEnded: StageRow | null;
  /** Number of `started` rows: attempt N is the N-th claim. */
  attempts: number;
}

export interface LedgerState {
  stages: ReadonlyMap<number, StageLedger>;
  /** The plan's believed approvals, oldest first. */
  approvals: readonly ApprovedRow[];
  /** Final verification verdicts (`verified`, `verification-failed`), oldest first. */
  finals: readonly FinalVerdictRow[];
  handoffs: readonly HandedOffRow[];
}

export function deriveLedgerState(rows: readonly LedgerRow[]): LedgerState {
  return replayLedger(rows, () => undefined);
}

/**
 * The state after `rows` more rows (in file order) than `state` was folded
 * from, leaving `state` as it was: a reader that holds the state of a
 * ledger's first lines folds only the lines after them. A state holds a few
 * rows per stage, never every row, so copying it costs as little as the
 * number of stages.
 */
export function extendLedgerState(state: LedgerState, rows: readonly LedgerRow[]): LedgerState {
  const stages = new Map<number, StageLedger>();
  for (const [n, entry] of state.stages) stages.set(n, { ...entry });
  const lists = { approvals: [...state.approvals], finals: [...state.finals], handoffs: [...state.handoffs] };
  for (const row of rows) applyRow(lists, stages, row);
  return { stages, ...lists };
}

/**
 * The same fold, calling `visit` after each row with the state as of that
 * row (the live object: read it during the call, do not keep it). One pass,
 * for rules that ask what each row changed (parallel.ts), where deriving the
 * state of every prefix afresh would cost the square of the ledger's length.
 */
export function replayLedger(
  rows: readonly LedgerRow[],
  visit: (state: LedgerState, index: number, row: LedgerRow) => void,
): LedgerState {
  const stages = new Map<number, StageLedger>();
  const approvals: ApprovedRow[] = [];
  const finals: FinalVerdictRow[] = [];
  const handoffs: HandedOffRow[] = [];
  const lists = { approvals, finals, handoffs };
  const state: LedgerState = { stages, ...lists };
  rows.forEach((row, index) => {
    applyRow(lists, stages, row);
    visit(state, index, row);
  });
  return state;
}

function applyRow(
  state: { approvals: ApprovedRow[]; finals: FinalVerdictRow[]; handoffs: HandedOffRow[] },
  stages: Map<number, StageLedger>,
  row: LedgerRow,
): void {
  if (isPlanRow(row)) {
    if (row.status === 'approved') state.approvals.push(row);
    else if (row.status === 'handed-off') state.handoffs.push(row);
    else {
      state.finals.push(row);
      if (row.status === 'verification-failed') reopen(stages, row);
    }
    return;
  }
  const entry = stages.get(row.stage) ?? {
    stage: row.stage,
    last: row,
    lastDone: null,
    lastClaim: null,
    lastEnded: null,
    attempts: 0,
  };
  entry.last = row;
  if (row.status === 'done') entry.lastDone = row;
  if (row.status === 'started') {
    entry.attempts += 1;
    entry.lastClaim = row;
  } else entry.lastEnded = row;
  stages.set(row.stage, entry);
}

/**
 * A rejected final verification reopens the stages it names, and the done
 * stages that build on them, as if each had failed: its next run is a fix run
 * on its preserved branch. Only a stage still done at the head the verdict
 * judged is reopened, so a verdict can never undo a later run's work.
 */
function reopen(stages: Map<number, StageLedger>, verdict: VerificationFailedRow): void {
  const reasons: Array<[number, 'final-rejected' | 'dependency-reopened']> = [
    ...verdict.fix_stages.map((n): [number, 'final-rejected'] => [n, 'final-rejected']),
    ...verdict.rebuild_stages.map((n): [number, 'dependency-reopened'] => [n, 'dependency-reopened']),
  ];
  for (const [n, reason] of reasons) {
    const entry = stages.get(n);
    const done = entry?.last;
    if (!entry || done?.status !== 'done' || done.head_commit !== verdict.done_heads[String(n)]) continue;
    entry.last = {
      v: 1,
      plan_id: verdict.plan_id,
      stage: n,
      status: 'failed',
      run_id: verdict.run_id,
      at: verdict.at,
      reason,
      head_commit: done.head_commit,
      ...(done.base_commit ? { base_commit: done.base_commit } : {}),
      ...(done.branch ? { branch: done.branch } : {}),
      report_path: verdict.report_path,
      detail:
        reason === 'final-rejected'
          ? `final verification (run ${verdict.run_id}) rejected the change and attributed findings to this stage`
          : `a stage it builds on (${verdict.fix_stages.join(', ')}) was reopened by final verification (run ${verdict.run_id})`,
    };
  }
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
