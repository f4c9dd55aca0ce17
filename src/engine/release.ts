import { claimEndingRow, type StageRow } from '../core/ledger/index.js';
import { DEFAULT_LEDGER_BRANCH, LedgerRefusedError } from '../git/ledger-store.js';
import type { EngineDeps, RunStageRequest } from './types.js';

/**
 * okstra itself failed after claiming: end the claim so the stage is not left occupied. When even that row cannot
 * be written (a full disk fails the small row as it failed the report), the log names the one command that ends
 * the claim once there is room, rather than leaving the stage `started` for the lease's hours unexplained.
 */
export async function releaseAfterCrash(
  req: RunStageRequest,
  deps: EngineDeps,
  claim: StageRow,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const row = claimEndingRow(claim, {
    runId: req.runId,
    at: deps.now().toISOString(),
    reason: 'error',
    detail: `okstra failed during the run${isDiskFull(error) ? ' (the disk is full)' : ''}: ${message}`,
    actor: req.trigger.actor,
  });
  try {
    await deps.ledger.append({ row });
  } catch (releaseError) {
    if (!(releaseError instanceof LedgerRefusedError))
      deps.log(
        `okstra: could not release the claim on stage ${req.stage}: ${releaseError instanceof Error ? releaseError.message : String(releaseError)}. ` +
          `${isDiskFull(error) || isDiskFull(releaseError) ? 'Free disk space, then end' : 'End'} the claim with: ${releaseCommand(req, deps)}`,
      );
  }
}

/** ENOSPC (or EDQUOT) from node, or git saying the same in its own words. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  return error instanceof Error && /no space left on device|disk quota exceeded/i.test(error.message);
}

/** `okstra ledger release` for this run's claim, with the repository, remote and ledger branch it used. */
export function releaseCommand(req: RunStageRequest, deps: Pick<EngineDeps, 'workspace'>): string {
  const words = ['okstra', 'ledger', 'release', '--plan-id', req.plan.id, '--stage', String(req.stage), '--force'];
  words.push('--repo', deps.workspace.git.cwd);
  if (req.remote) words.push('--remote', req.remote);
  if (req.config.ledgerBranch !== DEFAULT_LEDGER_BRANCH) words.push('--ledger-branch', req.config.ledgerBranch);
  return words.map(shellWord).join(' ');
}

function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
