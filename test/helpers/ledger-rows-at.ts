import {
  droppedRowsOf,
  legacyPath,
  parseLegacy,
  parseRowText,
  planDir,
  rowTextOf,
  type LedgerRow,
} from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';

/**
 * Every row of a plan's ledger at `rev` (believed or not), read the way the
 * format defines them: the rows a migration froze, then each commit's
 * `okstra-row:` in order, less the rows a repair dropped. None when there is
 * no such revision; a row that is not one throws. Only through `git` (its
 * environment included), so a test may read a repository another user owns.
 */
export async function ledgerRowsAt(git: Git, planId: string, rev = 'okstra-ledger'): Promise<LedgerRow[]> {
  const tip = await git.resolveCommit(rev);
  if (!tip) return [];
  const frozen = await git.run(['cat-file', 'blob', `${tip}:${legacyPath(planId)}`]);
  const legacy = frozen.exitCode === 0 ? parseLegacy(frozen.stdout, planId) : null;
  if (typeof legacy === 'string') throw new Error(`plan ${planId} at ${rev}: ${legacy}`);
  const log = await git.ok(['log', '--reverse', '-z', '--format=%B', tip, '--', `${planDir(planId)}/`]);
  const raws: string[] = [...(legacy?.lines ?? [])];
  const dropped = new Set<number>();
  for (const message of log === '' ? [] : log.split('\0')) {
    for (const n of droppedRowsOf(message)) dropped.add(n);
    const text = rowTextOf(message);
    if (typeof text === 'string') raws.push(text);
    else if (text !== null) throw new Error(`plan ${planId} at ${rev}: ${text.problem}`);
  }
  return raws.flatMap((raw, i) => {
    if (dropped.has(i + 1)) return [];
    const row = parseRowText(raw, planId);
    if (typeof row === 'string') throw new Error(`plan ${planId} at ${rev}, row ${i + 1}: ${row}`);
    return [row];
  });
}
