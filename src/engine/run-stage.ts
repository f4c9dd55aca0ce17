import { intake } from './intake.js';
import { ProgressLog } from './progress.js';
import type { runClaimed } from './run-claimed.js';
import { loadRunClaimed, preloadRunClaimed } from './claimed-module.js';
import { releaseAfterCrash } from './release.js';
import { timed } from '../process/timings.js';
import { EngineError, type EngineDeps, type RunStageRequest, type StageOutcome } from './types.js';

/**
 * Runs one stage from intake to conformance. Refusals (not ready, occupied,
 * merge conflict) return before anything is written. Once the stage is
 * claimed, the run always ends with a terminal ledger row: the verdict's, or
 * `failed` with reason `error` when okstra itself broke, so no stage is left
 * occupied by a run that is gone.
 */
export async function runStage(req: RunStageRequest, deps: EngineDeps): Promise<StageOutcome> {
  const startedAt = deps.now();
  const progress = new ProgressLog(deps.now, deps.log);
  if (req.roster.verifiers.length === 0)
    return {
      kind: 'refused',
      code: 'no-verifier',
      reason: 'a run needs at least one verifier; set `verifiers:` in .okstra/config.yml or pass --verifiers',
    };

  const claimed = await timed('engine:intake', () =>
    intake(req, deps, () => {
      preloadRunClaimed();
      deps.onClaimPublishing?.();
    }),
  );
  if ('kind' in claimed) return claimed;
  progress.emit('phase-1-intake', 'complete', {
    stage: req.stage,
    branch: claimed.branch,
    base: claimed.baseCommit.slice(0, 12),
    attempt: claimed.attempt,
  });

  // What runs after the claim (the gateway, agents, QA, reviewers, the report's schemas and validators) is not
  // compiled before it: the claim is what the plan's next hop and a person wait for. Intake started the load as
  // its claim went out (claimed-module.ts), so here it is mostly done. So is the proof of the agents' boundary, which
  // the shell may have left to run beside the claim: nothing past this point starts before it holds.
  let afterClaim: typeof runClaimed;
  try {
    const [loaded] = await Promise.all([
      timed('engine:load-claimed', loadRunClaimed),
      timed('engine:boundary', () => deps.sandbox.proven()),
    ]);
    afterClaim = loaded.runClaimed;
  } catch (error) {
    await releaseAfterCrash(req, deps, claimed.claim, error);
    throw new EngineError(error instanceof Error ? error.message : String(error), 'run');
  }
  return afterClaim(req, deps, claimed, progress, startedAt);
}
