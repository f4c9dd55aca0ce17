import type { OkstraConfig } from '../core/config/index.js';
import {
  assessLedger,
  deriveLedgerState,
  LedgerFormatError,
  trustScanHolds,
  type DistrustedRow,
  type LedgerRow,
  type LedgerState,
} from '../core/ledger/index.js';
import { inlineCode } from '../core/text/escape.js';
import { readLedgerRows } from '../github/ledger-api.js';
import { readPlanSnapshot } from '../github/ledger-log-api.js';
import type { TriggerDeps } from './deps.js';

/**
 * A plan's ledger as the bot believes it: only believed rows decide stages
 * and approvals, and the distrusted ones are there to be reported
 * (trust.ts). What the bot takes from the snapshot, and why that is enough
 * for what it decides, is in docs/security.md ("The ledger branch on GitHub").
 */

/** The plan's believed state and the rows not believed (each with why), as of the ledger branch's tip. */
export interface BelievedLedger {
  state: LedgerState;
  distrusted: readonly DistrustedRow[];
}

export type LedgerRead = ({ ok: true } & BelievedLedger) | { ok: false; reason: string };

/** `rows`: every believed row in ledger order, for rules that ask what one row changed (stagesMadeReady). */
export type LedgerRowsRead = ({ ok: true; rows: LedgerRow[] } & BelievedLedger) | { ok: false; reason: string };

type Deps = Pick<TriggerDeps, 'client' | 'repo' | 'now'>;

/**
 * The plan's state in one request when it can be: the snapshot its last
 * append wrote (`plans/<id>/state.json` at the branch's tip), taken when it
 * is a whole snapshot of this plan and its clock verdicts hold at the bot's
 * clock (trustScanHolds: no row it let through is ahead of this clock, none
 * it held back has come within the allowed skew). Otherwise every row is
 * read and judged here: a snapshot that does not parse, a clock outside its
 * bounds, a plan whose last append wrote none (a ledger too large for one,
 * a done row whose report was there already), and a plan not yet migrated
 * from the JSONL format, which the bot reads as that format because only the
 * Action writes the ledger (its next append migrates it). A row that is not
 * a row throws LedgerFormatError.
 */
export async function readBelievedLedger(
  deps: Deps,
  config: Pick<OkstraConfig, 'ledgerBranch'>,
  planId: string,
): Promise<BelievedLedger> {
  const snapshot = await readPlanSnapshot(deps.client, deps.repo, config.ledgerBranch, planId);
  if (snapshot && trustScanHolds(snapshot.scan, deps.now())) {
    return { state: snapshot.scan.state, distrusted: snapshot.scan.distrusted };
  }
  const { state, distrusted } = await judgeEveryRow(deps, config, planId);
  return { state, distrusted };
}

/** readBelievedLedger, with a ledger that cannot be read said as a refusal; GitHub failing is thrown. */
export async function readPlanLedger(
  deps: Deps,
  config: Pick<OkstraConfig, 'ledgerBranch'>,
  planId: string,
): Promise<LedgerRead> {
  try {
    return { ok: true, ...(await readBelievedLedger(deps, config, planId)) };
  } catch (error) {
    return refusal(error, config, planId);
  }
}

/**
 * Every row of the plan, judged here: for a caller that asks which row did
 * what (continuing after a run replays the rows up to the run's done row),
 * which the snapshot, holding a few rows per stage, cannot answer.
 */
export async function readPlanRows(
  deps: Deps,
  config: Pick<OkstraConfig, 'ledgerBranch'>,
  planId: string,
): Promise<LedgerRowsRead> {
  try {
    return { ok: true, ...(await judgeEveryRow(deps, config, planId)) };
  } catch (error) {
    return refusal(error, config, planId);
  }
}

/** The bot keeps no clone, so it judges lifecycle and clock only; a done row's commit is checked by the Action and the CLI. */
async function judgeEveryRow(
  deps: Deps,
  config: Pick<OkstraConfig, 'ledgerBranch'>,
  planId: string,
): Promise<BelievedLedger & { rows: LedgerRow[] }> {
  const all = await readLedgerRows(deps.client, deps.repo, config.ledgerBranch, planId);
  const { trusted, distrusted } = assessLedger(all, { now: deps.now() });
  return { state: deriveLedgerState(trusted), distrusted, rows: [...trusted] };
}

function refusal(
  error: unknown,
  config: Pick<OkstraConfig, 'ledgerBranch'>,
  planId: string,
): { ok: false; reason: string } {
  if (!(error instanceof LedgerFormatError)) throw error;
  return {
    ok: false,
    reason: `the ledger of plan ${inlineCode(planId)} on \`${config.ledgerBranch}\` cannot be read (${inlineCode(error.message)}); nothing was started.`,
  };
}
