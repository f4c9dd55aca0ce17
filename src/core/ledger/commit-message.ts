import { formatProvenance, type ProvenanceStatement } from './provenance-statement.js';
import type { LedgerRow } from './row.js';

/**
 * The message of an append's ledger commit: one line that says what the row
 * is, for people reading `git log`, then the provenance statement the
 * appender could make (readers of later tips rely on it; see
 * provenance-statement.ts). Without a statement, only the line.
 */
export function ledgerCommitMessage(row: LedgerRow, provenance: ProvenanceStatement | null): string {
  const statement = provenance ? formatProvenance(provenance) : null;
  return statement === null ? rowLine(row) : `${rowLine(row)}\n\n${statement}\n`;
}

function rowLine(row: LedgerRow): string {
  if (row.status === 'approved') return `okstra: ${row.plan_id} approved at blob ${row.plan_blob} by ${row.approver}`;
  if (row.status === 'verified' || row.status === 'verification-failed')
    return `okstra: ${row.plan_id} ${row.status} at ${row.final_head} (run ${row.run_id})`;
  if (row.status === 'handed-off')
    return `okstra: ${row.plan_id} handed off at ${row.final_head}${row.pr_number ? ` in #${row.pr_number}` : ''}`;
  return `okstra: ${row.plan_id} stage ${row.stage} ${row.status} (run ${row.run_id})`;
}
