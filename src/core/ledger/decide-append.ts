import { isStale } from './state.js';
import { isPlanRow, type LedgerRow, type PlanRow, type StageRow } from './row.js';

export type AppendDecision =
  | { kind: 'append' }
  /** The row would not move the stage's position (an idempotent re-delivery). */
  | { kind: 'redundant'; reason: string }
  | { kind: 'refused'; code: RefusalCode; reason: string };

export type RefusalCode = 'stage-in-progress' | 'claim-expired' | 'no-claim' | 'claim-mismatch';

/**
 * What an append is decided on: each stage's last believed row, and the
 * believed plan-level rows. A trust scan holds exactly this (TrustScan's
 * `position` and its state's approvals, finals and hand-offs), so a store
 * decides without holding every row.
 */
export interface AppendBasis {
  lastRowFor(stage: number): StageRow | null;
  planRows: readonly PlanRow[];
}

/**
 * Decides whether `row` may be appended after `existing` (this plan's rows, in
 * file order). Pure: the store re-runs it after every compare-and-swap conflict.
 */
export function decideAppend(existing: readonly LedgerRow[], row: LedgerRow, now: Date): AppendDecision {
  return decideAppendOn(
    { lastRowFor: (stage) => lastRowFor(existing, stage), planRows: existing.filter(isPlanRow) },
    row,
    now,
  );
}

/** The same decision over what a trust scan keeps instead of the rows. */
export function decideAppendOn(basis: AppendBasis, row: LedgerRow, now: Date): AppendDecision {
  if (isPlanRow(row)) return decidePlanRow(basis.planRows, row);
  const last = basis.lastRowFor(row.stage);
  if (row.status === 'started') return decideClaim(last, row, now);
  return decideTerminal(last, row);
}

/**
 * A plan-level row never conflicts with a claim. The same approval, the same
 * run's verdict or the same hand-off delivered twice is written once.
 */
function decidePlanRow(existing: readonly PlanRow[], row: PlanRow): AppendDecision {
  const same = existing.find((r) => r.status === row.status && samePlanRow(r, row));
  return same
    ? { kind: 'redundant', reason: `plan ${row.plan_id}: ${planRowText(row)} is already recorded` }
    : { kind: 'append' };
}

function samePlanRow(a: PlanRow, b: PlanRow): boolean {
  switch (b.status) {
    case 'approved':
      return (
        a.status === 'approved' &&
        a.plan_blob === b.plan_blob &&
        a.approver === b.approver &&
        a.via === b.via &&
        a.url === b.url
      );
    case 'verified':
    case 'verification-failed':
      return a.status === b.status && a.run_id === b.run_id;
    case 'handed-off':
      return a.status === 'handed-off' && a.final_head === b.final_head && a.pr_number === b.pr_number;
  }
}

function planRowText(row: PlanRow): string {
  switch (row.status) {
    case 'approved':
      return `${row.approver}'s approval of blob ${row.plan_blob}`;
    case 'verified':
    case 'verification-failed':
      return `${row.status} by run ${row.run_id}`;
    case 'handed-off':
      return `the hand-off of ${row.final_head}${row.pr_number ? ` in #${row.pr_number}` : ''}`;
  }
}

function lastRowFor(rows: readonly LedgerRow[], stage: number): StageRow | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i] as LedgerRow;
    if (!isPlanRow(r) && r.stage === stage) return r;
  }
  return null;
}

function decideClaim(last: StageRow | null, row: StageRow, now: Date): AppendDecision {
  if (!last || last.status !== 'started') return { kind: 'append' };
  if (last.run_id === row.run_id) {
    return { kind: 'redundant', reason: `stage ${row.stage} is already claimed by this run (${row.run_id})` };
  }
  if (isStale(last, now)) {
    return {
      kind: 'refused',
      code: 'claim-expired',
      reason: `stage ${row.stage} is claimed by run ${last.run_id}, whose lease expired at ${last.lease_until}; release it first with \`okstra ledger release --plan-id ${row.plan_id} --stage ${row.stage}\``,
    };
  }
  return {
    kind: 'refused',
    code: 'stage-in-progress',
    reason: `stage ${row.stage} already in progress by run ${last.run_id} until ${last.lease_until}`,
  };
}

function decideTerminal(last: StageRow | null, row: StageRow): AppendDecision {
  if (last && isRedelivery(last, row)) {
    return { kind: 'redundant', reason: `stage ${row.stage} already ${row.status} by run ${row.run_id}` };
  }
  if (last && last.run_id === row.run_id && last.status === 'failed' && last.reason === 'abandoned') {
    return {
      kind: 'refused',
      code: 'claim-mismatch',
      reason: `late ${row.status} row from run ${row.run_id} refused: its claim on stage ${row.stage} was released (failed, abandoned)`,
    };
  }
  if (!last || last.status !== 'started') {
    const where = last ? `its last row is "${last.status}" by run ${last.run_id}` : 'it was never claimed';
    return {
      kind: 'refused',
      code: 'no-claim',
      reason: `cannot mark stage ${row.stage} ${row.status} for run ${row.run_id}: ${where}`,
    };
  }
  if (last.run_id !== row.run_id) {
    return {
      kind: 'refused',
      code: 'claim-mismatch',
      reason: `late ${row.status} row from run ${row.run_id} refused: stage ${row.stage} is now claimed by run ${last.run_id} (the earlier claim was released)`,
    };
  }
  return { kind: 'append' };
}

/** The same terminal outcome delivered twice: same run, status, reason, head and report. */
function isRedelivery(last: StageRow, row: StageRow): boolean {
  const key = (r: StageRow): string =>
    JSON.stringify([
      r.run_id,
      r.status,
      r.status === 'failed' ? r.reason : null,
      r.head_commit ?? null,
      r.status === 'started' ? null : (r.report_path ?? null),
    ]);
  return key(last) === key(row);
}
