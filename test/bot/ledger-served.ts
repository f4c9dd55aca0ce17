/**
 * A plan's ledger as the Action's appender leaves it on the ledger branch,
 * for the nock'd GitHub of the bot's tests: one commit per row (the row in
 * its message) and, beside the last, the plan's snapshot (state.json), the
 * judgement of every row so far. Built with the appender's own functions, so
 * the bot is tested against what the Action writes, not a copy of its format.
 */
import {
  extendTrustScan,
  rowCommitMessage,
  serializeSnapshot,
  type LedgerRow,
  type StageRow,
} from '../../src/core/ledger/index.js';

/** The snapshot text the plan's last append writes when its rows are `rows` and its clock says `now`. */
export function appenderSnapshot(planId: string, rows: readonly LedgerRow[], now: Date): string | null {
  const numbered = rows.map((row, i) => ({ line: i + 1, row }));
  return serializeSnapshot({ planId, lines: rows.length, scan: extendTrustScan(null, numbered, { now }) });
}

/** The commits that carry `rows`, as the commits API lists them: newest first, each with a made-up id. */
export function rowCommits(
  planId: string,
  rows: readonly LedgerRow[],
): Array<{ sha: string; commit: { message: string } }> {
  return rows
    .map((row, i) => ({ sha: commitId(planId, i + 1), commit: { message: rowCommitMessage(row).replace(/\n$/, '') } }))
    .reverse();
}

/** A stable, well-formed commit id for the plan's `n`-th row. */
export function commitId(planId: string, n: number): string {
  const seed = [...planId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  return `${seed.toString(16).padStart(8, '0')}${n.toString(16).padStart(32, '0')}`;
}

/**
 * The rows as okstra writes them: a terminal row not preceded by its run's
 * claim gets one a minute before it (the readers ignore a terminal row
 * without its started row), so a test can name only the rows it is about.
 */
export function withClaims(rows: readonly LedgerRow[]): LedgerRow[] {
  const open = new Map<number, string>();
  return rows.flatMap((r): LedgerRow[] => {
    if (!('stage' in r)) return [r];
    if (r.status === 'started') {
      open.set(r.stage, r.run_id);
      return [r];
    }
    const claimed = open.get(r.stage) === r.run_id;
    open.delete(r.stage);
    if (claimed) return [r];
    const at = new Date(Date.parse(r.at) - 60_000).toISOString();
    return [
      {
        v: 1,
        plan_id: r.plan_id,
        stage: r.stage,
        status: 'started',
        run_id: r.run_id,
        at,
        lease_until: r.at,
      } satisfies StageRow,
      r,
    ];
  });
}
