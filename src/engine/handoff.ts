import { topologicalOrder } from '../core/graph/index.js';
import { planFinalBranchName } from '../core/ids.js';
import {
  currentDoneRow,
  deriveLedgerState,
  type HandedOffRow,
  type LedgerState,
  type VerifiedRow,
} from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import type { FinalVerificationReport } from '../core/report/schema/final-verification-report.js';
import type { EngineDeps } from './types.js';

/**
 * Hand-off: only after final verification accepted the change, and only
 * while nothing it judged has moved since: every stage's done head and
 * branch tip, and the final branch, must be exactly what the `verified` row
 * names. Locally it puts the final branch in place (and pushes it); on
 * GitHub the Action then opens or updates the pull request and records it.
 */

export interface HandoffRequest {
  plan: Plan;
  planPath: string;
  remote?: string;
}

export type HandoffCheck =
  | { kind: 'refused'; reason: string }
  | {
      kind: 'ready';
      verified: VerifiedRow;
      /** The verified run's report, when the ledger still holds it. */
      report: FinalVerificationReport | null;
      finalBranch: string;
      /** The plan's earlier hand-offs, newest last (a second hand-off updates the same pull request). */
      handoffs: readonly HandedOffRow[];
      state: LedgerState;
    };

export async function checkHandoff(
  req: HandoffRequest,
  deps: Pick<EngineDeps, 'ledger' | 'workspace'>,
): Promise<HandoffCheck> {
  const { plan } = req;
  const snapshot = await deps.ledger.read(plan.id);
  const state = deriveLedgerState(snapshot.rows);
  const last = state.finals.at(-1);
  const final = `\`okstra final --plan ${req.planPath}\``;
  if (!last) return { kind: 'refused', reason: `plan ${plan.id} has no final verification yet; ${final} runs it` };
  if (last.status !== 'verified')
    return {
      kind: 'refused',
      reason: `plan ${plan.id}'s last final verification (run ${last.run_id}) rejected the change; fix stage ${last.fix_stages.join(', ')}, then ${final} again`,
    };
  const moved: string[] = [];
  for (const n of topologicalOrder(plan)) {
    const recorded = last.done_heads[String(n)];
    const done = currentDoneRow(state, n);
    if (!recorded || !done) {
      moved.push(`stage ${n} is not done at the head final verification judged (${recorded ?? 'none'})`);
      continue;
    }
    if (done.head_commit !== recorded) {
      moved.push(`stage ${n} is done at ${done.head_commit}, but final verification judged ${recorded}`);
      continue;
    }
    const branch = done.branch ?? `okstra/${plan.id}/stage-${n}`;
    const tip = await deps.workspace.branchHead(branch);
    if (tip !== recorded)
      moved.push(`stage ${n}'s branch ${branch} is ${tip ? `at ${tip}` : 'gone'}, verified at ${recorded}`);
  }
  const finalBranch = planFinalBranchName(plan.id);
  const finalTip = await deps.workspace.branchHead(finalBranch);
  if (finalTip !== null && finalTip !== last.final_head)
    moved.push(`the final branch ${finalBranch} is at ${finalTip}, verified at ${last.final_head}`);
  if (moved.length > 0)
    return {
      kind: 'refused',
      reason: `hand-off of plan ${plan.id} refused: what final verification accepted has moved since (${moved.join('; ')}); ${final} verifies it again`,
    };
  return {
    kind: 'ready',
    verified: last,
    report: await readFinalReport(deps, snapshot.commit, last.report_path),
    finalBranch,
    handoffs: state.handoffs,
    state,
  };
}

/** Puts the final branch at the verified head (and, with a remote, pushes it there). */
export async function placeFinalBranch(
  req: HandoffRequest,
  deps: Pick<EngineDeps, 'workspace'>,
  ready: Extract<HandoffCheck, { kind: 'ready' }>,
): Promise<void> {
  const head = ready.verified.final_head;
  await moveFinalBranch(deps.workspace, ready.finalBranch, head, `okstra: hand-off of ${req.plan.id}`);
  if (req.remote) await pushFinalBranch(deps.workspace, req.remote, ready.finalBranch, head);
}

type Workspace = EngineDeps['workspace'];

/** Points the final branch at `head` (compare-and-swap against the tip seen). */
export async function moveFinalBranch(
  workspace: Workspace,
  branch: string,
  head: string,
  reason: string,
): Promise<void> {
  const tip = await workspace.branchHead(branch);
  if (tip !== head) await workspace.moveBranch(branch, head, tip, reason);
}

/**
 * The final branch is okstra's own and may move to a head that does not
 * contain the last one (a new merge of the sinks): a plain push first, else a
 * forced one, only while the remote still has what this clone last saw there.
 */
export async function pushFinalBranch(
  workspace: Workspace,
  remote: string,
  branch: string,
  head: string,
): Promise<void> {
  const seen = await workspace.resolve(`refs/remotes/${remote}/${branch}`);
  if (seen === head) return;
  await workspace.pushBranch(remote, branch).catch(() => workspace.forcePushBranch(remote, branch, head, seen));
}

export interface RecordHandoff {
  plan: Plan;
  runId: string;
  actor: string | null;
  verified: VerifiedRow;
  finalBranch: string;
  mode: HandedOffRow['mode'];
  pr?: { number: number; url: string };
}

export async function recordHandoff(r: RecordHandoff, deps: Pick<EngineDeps, 'ledger' | 'now'>): Promise<HandedOffRow> {
  const row: HandedOffRow = {
    v: 1,
    plan_id: r.plan.id,
    status: 'handed-off',
    run_id: r.runId,
    at: deps.now().toISOString(),
    ...(r.actor ? { actor: r.actor } : {}),
    final_head: r.verified.final_head,
    final_branch: r.finalBranch,
    mode: r.mode,
    ...(r.pr ? { pr_number: r.pr.number, pr_url: r.pr.url } : {}),
  };
  await deps.ledger.append({ row });
  return row;
}

async function readFinalReport(
  deps: Pick<EngineDeps, 'ledger'>,
  commit: string | null,
  path: string,
): Promise<FinalVerificationReport | null> {
  if (!commit) return null;
  const text = await deps.ledger.readFile(commit, path);
  if (!text) return null;
  try {
    return JSON.parse(text) as FinalVerificationReport;
  } catch {
    return null;
  }
}
