import { z } from 'zod';
import { claimEndingRow, deriveLedgerState, StageRowSchema } from '../core/ledger/index.js';
import type { LedgerStore } from '../git/ledger-store.js';
import { STATE_NAME } from './post-state.js';

/**
 * The claims this job holds, kept in the step's saved state
 * (`core.saveState`) as each stage starts, so the post step can find them
 * when the job is cancelled or the process dies mid-stage and end each one
 * with `failed` (reason `abandoned`). A stage is never left occupied by a
 * run that is gone.
 */

export { STATE_NAME };

const HeldClaimSchema = z.strictObject({
  planId: z.string(),
  stage: z.number().int().positive(),
  runId: z.string(),
  /** A check run this job may update (its own, or the bot's when the token allows). */
  checkRunId: z.number().int().positive().nullable(),
});
export type HeldClaim = z.infer<typeof HeldClaimSchema>;

const PostStateSchema = z.strictObject({
  repoDir: z.string(),
  remote: z.string(),
  ledgerBranch: z.string(),
  claims: z.array(HeldClaimSchema),
});
export type PostState = z.infer<typeof PostStateSchema>;

export class ClaimLog {
  private readonly claims: HeldClaim[] = [];

  constructor(
    private readonly save: (name: string, value: string) => void,
    private readonly where: Omit<PostState, 'claims'>,
  ) {}

  /** Recorded before the engine claims the stage: a claim that never lands is simply not found by the post step. */
  add(claim: HeldClaim): void {
    this.claims.push(claim);
    this.flush();
  }

  /** The check this job may update once its in-progress mark answered: null when GitHub refused it to this token. */
  setCheck(planId: string, runId: string, checkRunId: number | null): void {
    const claim = this.claims.find((c) => c.planId === planId && c.runId === runId);
    if (!claim) return;
    claim.checkRunId = checkRunId;
    this.flush();
  }

  /**
   * The stage's run recorded its terminal row: the claim is no longer this
   * job's to release. With none left open the state is saved empty, and the
   * post step loads nothing (post.ts): it is part of the run's end, which the
   * okstra App waits for before it dispatches the next stages.
   */
  settle(planId: string, runId: string): void {
    const at = this.claims.findIndex((c) => c.planId === planId && c.runId === runId);
    if (at < 0) return;
    this.claims.splice(at, 1);
    this.flush();
  }

  private flush(): void {
    // The last value saved under a name is the one the post step sees.
    this.save(
      STATE_NAME,
      this.claims.length === 0 ? '' : JSON.stringify({ ...this.where, claims: this.claims } satisfies PostState),
    );
  }
}

export function parsePostState(text: string): PostState | null {
  if (text.trim() === '') return null;
  try {
    const parsed = PostStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type ReleaseOutcome = { claim: HeldClaim; released: true } | { claim: HeldClaim; released: false; why: string };

/**
 * Ends every claim of `claims` that is still open under its own run id.
 * A stage whose run reached its verdict (or was already released) is left as
 * it is, so running this after a clean finish is a no-op.
 */
export async function releaseHeldClaims(
  store: LedgerStore,
  claims: readonly HeldClaim[],
  now: () => Date,
  actor: string | null,
): Promise<ReleaseOutcome[]> {
  const out: ReleaseOutcome[] = [];
  for (const claim of claims) {
    const snapshot = await store.read(claim.planId);
    const last = deriveLedgerState(snapshot.rows).stages.get(claim.stage)?.last;
    if (!last || last.status !== 'started' || last.run_id !== claim.runId) {
      out.push({
        claim,
        released: false,
        why: last ? `its position is ${last.status} (run ${last.run_id})` : 'the claim never landed',
      });
      continue;
    }
    const row = StageRowSchema.parse(
      claimEndingRow(last, {
        runId: claim.runId,
        at: now().toISOString(),
        reason: 'abandoned',
        detail:
          "the job ended (cancelled, timed out or crashed) while the stage was running; the Action's post step released the claim",
        actor,
      }),
    );
    const result = await store.append({ row });
    out.push(
      result.outcome === 'appended'
        ? { claim, released: true }
        : { claim, released: false, why: result.reason ?? 'the ledger already ended it' },
    );
  }
  return out;
}
