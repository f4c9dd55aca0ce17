import type { StageRow } from '../core/ledger/index.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import type { EngineDeps, RunStageRequest } from './types.js';

/** okstra itself failed after claiming: end the claim so the stage is not left occupied. */
export async function releaseAfterCrash(
  req: RunStageRequest,
  deps: EngineDeps,
  claim: StageRow,
  error: unknown,
): Promise<void> {
  const row: StageRow = {
    v: 1,
    plan_id: req.plan.id,
    stage: req.stage,
    status: 'failed',
    run_id: req.runId,
    at: deps.now().toISOString(),
    reason: 'error',
    ...(claim.branch ? { branch: claim.branch } : {}),
    ...(claim.base_commit ? { base_commit: claim.base_commit } : {}),
    detail: `okstra failed during the run: ${error instanceof Error ? error.message : String(error)}`.slice(0, 2000),
    ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
  };
  try {
    await deps.ledger.append({ row });
  } catch (releaseError) {
    if (!(releaseError instanceof LedgerRefusedError))
      deps.log(
        `okstra: could not release the claim on stage ${req.stage}: ${releaseError instanceof Error ? releaseError.message : String(releaseError)}`,
      );
  }
}
