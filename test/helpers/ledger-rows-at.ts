import type { LedgerRow } from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { readHistory } from '../../src/git/ledger-log.js';

/**
 * Every row of a plan's ledger at `rev` (believed or not), as the store
 * reads them: the rows the commits there carry, after any the plan's
 * migration froze. None when there is no such revision; a row that is not
 * one throws. Through the caller's Git, so a test may read a repository
 * another user owns.
 */
export async function ledgerRowsAt(git: Git, planId: string, rev = 'okstra-ledger'): Promise<LedgerRow[]> {
  const tip = await git.resolveCommit(rev);
  if (!tip) return [];
  return (await readHistory(git, tip, planId)).lines.map((l) => {
    if ('problem' in l) throw new Error(`plan ${planId} at ${rev}, row ${l.line}: ${l.problem}`);
    return l.row;
  });
}
