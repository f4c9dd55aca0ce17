import { rowFromJson, serializeRow } from './parse-ledger.js';
import type { LedgerRow } from './row.js';

/**
 * A ledger row lives in the message of the commit that appends it: one
 * trailer line holding the row as JSON, after a summary line for people
 * reading `git log`. The commit is the row: who wrote it, when, and what it
 * added beside it (a done row's carry and report) are the commit's, so no
 * file is rewritten to add a row and no blame is needed to find its origin.
 */
export const ROW_TRAILER = 'okstra-row: ';

/** A repair commit names each row it removes from the plan's ledger in one such line (the row's number). */
export const DROP_TRAILER = 'okstra-drop: ';

/** The message of the commit that appends `row`. */
export function rowCommitMessage(row: LedgerRow): string {
  return `${rowSummary(row)}\n\n${ROW_TRAILER}${serializeRow(row)}\n`;
}

/** One line for people reading `git log`; a field holding a line break cannot add a trailer line of its own. */
export function rowSummary(row: LedgerRow): string {
  return summary(row).replace(/[\r\n]+/g, ' ');
}

function summary(row: LedgerRow): string {
  if (row.status === 'approved') return `okstra: ${row.plan_id} approved at blob ${row.plan_blob} by ${row.approver}`;
  if (row.status === 'verified' || row.status === 'verification-failed')
    return `okstra: ${row.plan_id} ${row.status} at ${row.final_head} (run ${row.run_id})`;
  if (row.status === 'handed-off')
    return `okstra: ${row.plan_id} handed off at ${row.final_head}${row.pr_number ? ` in #${row.pr_number}` : ''}`;
  return `okstra: ${row.plan_id} stage ${row.stage} ${row.status} (run ${row.run_id})`;
}

/** The raw row text a message carries (null: the commit carries no row); more than one is itself a problem. */
export function rowTextOf(message: string): string | null | { problem: string } {
  const found = message.split('\n').filter((l) => l.startsWith(ROW_TRAILER));
  if (found.length === 0) return null;
  if (found.length > 1) return { problem: `the commit carries ${found.length} rows; an append carries one` };
  return (found[0] as string).slice(ROW_TRAILER.length);
}

/** A row's text as a row of plan `planId`, or why it is not one. */
export function parseRowText(raw: string, planId: string): LedgerRow | string {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  return rowFromJson(json, planId);
}

/** The row numbers a repair commit's message drops. */
export function droppedRowsOf(message: string): number[] {
  return message
    .split('\n')
    .filter((l) => l.startsWith(DROP_TRAILER))
    .map((l) => Number(l.slice(DROP_TRAILER.length)))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}
