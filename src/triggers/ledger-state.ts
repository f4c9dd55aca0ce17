import type { OkstraConfig } from '../core/config/index.js';
import {
  assessLedger,
  deriveLedgerState,
  LedgerFormatError,
  type LedgerRow,
  type LedgerState,
} from '../core/ledger/index.js';
import { inlineCode } from '../core/text/escape.js';
import { readLedgerRows } from '../github/ledger-api.js';
import type { TriggerDeps } from './deps.js';

/** `rows`: the believed rows in ledger order, for rules that ask what one row changed. */
export type LedgerRead = { ok: true; state: LedgerState; rows: LedgerRow[] } | { ok: false; reason: string };

/**
 * A plan's ledger as the bot believes it: only the rows `assessLedger`
 * trusts decide stages and approvals (the Action's own read reports the
 * distrusted ones). A ledger with a line that is not a row is a refusal, said
 * so; GitHub failing is thrown, as every other API error.
 */
export async function readPlanLedger(
  deps: Pick<TriggerDeps, 'client' | 'repo' | 'now'>,
  config: Pick<OkstraConfig, 'ledgerBranch'>,
  planId: string,
): Promise<LedgerRead> {
  try {
    const rows = await readLedgerRows(deps.client, deps.repo, config.ledgerBranch, planId);
    const trusted = assessLedger(rows, { now: deps.now() }).trusted;
    return { ok: true, state: deriveLedgerState(trusted), rows: [...trusted] };
  } catch (error) {
    if (!(error instanceof LedgerFormatError)) throw error;
    return {
      ok: false,
      reason: `the ledger of plan ${inlineCode(planId)} on \`${config.ledgerBranch}\` cannot be read (${inlineCode(error.message)}); nothing was started.`,
    };
  }
}
