import { describe, expect, it } from 'vitest';
import {
  assessNumberedRows,
  believedRows,
  deriveLedgerState,
  extendTrustScan,
  MAX_CLOCK_SKEW_MS,
  trustScanHolds,
  type LedgerRow,
} from '../../src/core/ledger/index.js';

const now = new Date('2026-11-29T12:00:00Z');
const iso = (ms: number): string => new Date(ms).toISOString();
const HOUR = 3_600_000;

function row(stage: number, run: string, status: 'started' | 'done' | 'failed', at = now.getTime() - HOUR): LedgerRow {
  const base = { v: 1 as const, plan_id: 'p', stage, run_id: run, at: iso(at) };
  if (status === 'started') return { ...base, status, lease_until: iso(at + HOUR) };
  if (status === 'done')
    return { ...base, status, head_commit: 'a'.repeat(40), completed_at: iso(at), carry_path: 'c', report_path: 'r' };
  return { ...base, status, reason: 'error' };
}

/** A deterministic mix of believable and unbelievable rows: claims over claims, orphans, rows from the future, long leases. */
function mixedRows(count: number): { line: number; row: LedgerRow }[] {
  let seed = 7;
  const next = (n: number): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
  const statuses = ['started', 'started', 'done', 'failed'] as const;
  return Array.from({ length: count }, (_, i) => {
    const ahead = next(10) === 0 ? MAX_CLOCK_SKEW_MS + (1 + next(30)) * 60_000 : -next(100) * 60_000;
    let r = row(1 + next(4), `run-${next(6)}`, statuses[next(4)] as (typeof statuses)[number], now.getTime() + ahead);
    if (r.status === 'started' && next(12) === 0) r = { ...r, lease_until: iso(Date.parse(r.at) + 48 * HOUR) };
    return { line: i + 1 + next(2), row: r };
  });
}

describe('a trust judgement continued over appended rows', () => {
  it('judges every split of the file exactly as judging it whole', () => {
    const rows = mixedRows(60);
    const problems = new Map([[rows[5]?.line as number, 'its commit does not add its report']]);
    const whole = assessNumberedRows(rows, { now, doneCommitProblems: problems });
    expect(whole.trusted.length).toBeGreaterThan(5);
    expect(whole.distrusted.length).toBeGreaterThan(5);
    for (let k = 0; k <= rows.length; k++) {
      const first = extendTrustScan(null, rows.slice(0, k), { now, doneCommitProblems: problems });
      const both = extendTrustScan(first, rows.slice(k), { now, doneCommitProblems: problems });
      expect({ trusted: believedRows(rows, both.distrusted), distrusted: both.distrusted }, `split at ${k}`).toEqual(
        whole,
      );
      // The state it carries is the one the believed rows derive, whatever the split.
      expect(both.state, `split at ${k}`).toEqual(deriveLedgerState(whole.trusted));
      expect(both.count).toBe(rows.length);
    }
  });

  it('leaves the scan it continues unchanged', () => {
    const rows = mixedRows(20);
    const first = extendTrustScan(null, rows.slice(0, 10), { now });
    const seen = (scan: typeof first): unknown =>
      structuredClone({
        distrusted: scan.distrusted,
        position: [...scan.position],
        claims: [...scan.distrustedClaims],
        stages: [...scan.state.stages],
        approvals: scan.state.approvals,
      });
    const before = seen(first);
    extendTrustScan(first, rows.slice(10), { now });
    expect(seen(first)).toEqual(before);
  });

  it('holds until the clock reaches a row that was ahead of it, and not when the clock goes back', () => {
    const aheadBy = MAX_CLOCK_SKEW_MS + 10 * 60_000;
    const rows = [
      { line: 1, row: row(1, 'a', 'started') },
      { line: 2, row: row(2, 'b', 'started', now.getTime() + aheadBy) },
    ];
    const scan = extendTrustScan(null, rows, { now });
    expect(scan.distrusted.map((d) => d.line)).toEqual([2]);
    const flips = now.getTime() + aheadBy - MAX_CLOCK_SKEW_MS;
    expect(trustScanHolds(scan, now)).toBe(true);
    expect(trustScanHolds(scan, new Date(flips - 1))).toBe(true);
    expect(trustScanHolds(scan, new Date(flips))).toBe(false);
    // Where it no longer holds, judging afresh gives another answer: the row from the future is believed now.
    expect(assessNumberedRows(rows, { now: new Date(flips) }).distrusted).toEqual([]);
    // Back in time it holds as long as the clock lets the believed row through: an hour old, less the skew.
    const believedAt = now.getTime() - HOUR;
    expect(trustScanHolds(scan, new Date(believedAt - MAX_CLOCK_SKEW_MS))).toBe(true);
    expect(trustScanHolds(scan, new Date(believedAt - MAX_CLOCK_SKEW_MS - 1))).toBe(false);
    // Exact on both sides: one millisecond earlier, judging afresh finds that row ahead of the clock.
    const early = assessNumberedRows(rows, { now: new Date(believedAt - MAX_CLOCK_SKEW_MS - 1) });
    expect(early.distrusted.map((d) => d.line)).toEqual([1, 2]);
    // (The same rows; a reason names the clock that judged it.)
    const lines = (d: readonly { line: number }[]): number[] => d.map((x) => x.line);
    expect(lines(assessNumberedRows(rows, { now: new Date(believedAt - MAX_CLOCK_SKEW_MS) }).distrusted)).toEqual(
      lines(scan.distrusted),
    );
  });

  it('holds for ever when no row is ahead of the clock, and a later clock keeps every verdict', () => {
    const rows = mixedRows(40).filter(({ row: r }) => Date.parse(r.at) - now.getTime() <= MAX_CLOCK_SKEW_MS);
    const scan = extendTrustScan(null, rows, { now });
    expect(scan.stableUntil).toBe(Infinity);
    const later = new Date(now.getTime() + 30 * 24 * HOUR);
    expect(trustScanHolds(scan, later)).toBe(true);
    expect(assessNumberedRows(rows, { now: later }).distrusted).toEqual(scan.distrusted);
  });
});
