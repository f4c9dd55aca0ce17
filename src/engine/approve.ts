import { approvalBlocker, deriveLedgerState, type ApprovedRow } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import type { LedgerStore } from '../git/ledger-store.js';

/**
 * Records that a person approved one exact content of a plan: an `approved`
 * ledger row naming the plan file's blob. Who may approve is the shell's
 * question (the collaborator permission on GitHub, the local user in the
 * CLI); what an approval covers, and when it cannot be given, is decided here
 * for every shell alike.
 */

export interface ApprovePlanRequest {
  plan: Plan;
  planPath: string;
  /** The blob id of the plan file as it was approved (gitBlobId of its text). */
  planBlob: string;
  approver: string;
  permission: ApprovedRow['permission'];
  via: ApprovedRow['via'];
  url?: string;
  /** Who wrote the row (the App or the job, for a review): defaults to the approver. */
  actor?: string;
  runId?: string;
}

export type ApprovePlanOutcome =
  | { kind: 'approved'; row: ApprovedRow; commit: string }
  | { kind: 'already'; row: ApprovedRow; commit: string | null }
  | { kind: 'refused'; reason: string };

export async function approvePlan(
  req: ApprovePlanRequest,
  deps: { ledger: LedgerStore; now: () => Date },
): Promise<ApprovePlanOutcome> {
  const blocker = approvalBlocker(req.plan, req.planPath);
  if (blocker) return { kind: 'refused', reason: blocker };
  const row: ApprovedRow = {
    v: 1,
    plan_id: req.plan.id,
    status: 'approved',
    at: deps.now().toISOString(),
    actor: req.actor ?? req.approver,
    ...(req.runId ? { run_id: req.runId } : {}),
    plan_path: req.planPath,
    plan_blob: req.planBlob,
    approver: req.approver,
    permission: req.permission,
    via: req.via,
    ...(req.url ? { url: req.url } : {}),
  };
  // The same person approving the same content again is said so, not written twice.
  const snapshot = await deps.ledger.read(req.plan.id);
  const earlier = deriveLedgerState(snapshot.rows).approvals.findLast(
    (a) => a.plan_blob === req.planBlob && a.approver === req.approver,
  );
  if (earlier) return { kind: 'already', row: earlier, commit: snapshot.commit };
  const result = await deps.ledger.append({ row });
  if (result.outcome !== 'appended') return { kind: 'already', row, commit: result.commit };
  return { kind: 'approved', row, commit: result.commit };
}
