import { currentDoneRow, type LedgerState } from '../core/ledger/index.js';
import { stageBranchName } from '../core/ids.js';
import { resolveCommits } from '../git/resolve-refs.js';
import type { StageWorkspace } from '../workspace/stage-workspace.js';

/** A `done` stage whose branch no longer points at the head its `done` row recorded. */
export interface StaleHead {
  stage: number;
  branch: string;
  recorded: string;
  /** null: the branch is gone. */
  tip: string | null;
  /** What moved it, as far as git can tell. */
  moved: string;
}

/**
 * The stale-SHA gate's facts: for each of `stages` that is `done`, whether
 * its branch tip still equals the recorded head. A dependent built on a
 * moved branch would stack on code no verifier saw, or on a head the branch
 * no longer contains.
 */
export async function findStaleHeads(
  planId: string,
  state: LedgerState,
  stages: readonly number[],
  workspace: Pick<StageWorkspace, 'git' | 'isAncestor' | 'commitsBetween' | 'lastRefUpdate'>,
): Promise<StaleHead[]> {
  const out: StaleHead[] = [];
  const doneStages = stages.flatMap((stage) => {
    const row = currentDoneRow(state, stage);
    return row ? [{ stage, row, branch: row.branch ?? stageBranchName(planId, stage) }] : [];
  });
  // Every branch's tip from one git process: a stage with three done dependencies asks once, not three times.
  const tips = await resolveCommits(
    workspace.git,
    doneStages.map((d) => `refs/heads/${d.branch}`),
  );
  for (const [i, { stage, row: done, branch }] of doneStages.entries()) {
    const tip = tips[i] ?? null;
    if (tip === done.head_commit) continue;
    out.push({
      stage,
      branch,
      recorded: done.head_commit,
      tip,
      moved: await describeMove(workspace, branch, done.head_commit, tip),
    });
  }
  return out;
}

async function describeMove(
  workspace: Pick<StageWorkspace, 'isAncestor' | 'commitsBetween' | 'lastRefUpdate'>,
  branch: string,
  recorded: string,
  tip: string | null,
): Promise<string> {
  if (tip === null) return 'the branch no longer exists (deleted, or pruned because the remote lost it)';
  const reflog = await workspace.lastRefUpdate(branch);
  const last = reflog ? `; its last update: "${reflog}"` : '';
  if (await workspace.isAncestor(recorded, tip)) {
    const added = await workspace.commitsBetween(recorded, tip);
    return `${added.length} commit${added.length === 1 ? ' was' : 's were'} added on top of the recorded head (${added
      .map((c) => `${c.sha.slice(0, 12)} "${c.subject}"`)
      .slice(0, 3)
      .join(', ')}${added.length > 3 ? ', …' : ''})${last}`;
  }
  return `the branch tip is not a descendant of the recorded head: it was force-pushed or reset${last}`;
}

/** The gate's refusal: which stage, both SHAs, what moved it, and the one command that clears it. */
export function staleGateMessage(forWhat: string, planPath: string, stale: readonly StaleHead[]): string {
  const lines = stale.map(
    (s) =>
      `stage ${s.stage} is done at ${s.recorded} but its branch ${s.branch} is ${s.tip ? `now at ${s.tip}` : 'gone'}: ${s.moved}. ` +
      `\`okstra reconcile --plan ${planPath} --stage ${s.stage}\` re-verifies the branch as it is and records its new head; \`okstra reconcile --plan ${planPath} --stage ${s.stage} --reset\` puts the branch back at ${s.recorded.slice(0, 12)}`,
  );
  return `${forWhat} refused by the stale-SHA gate: ${lines.join('; ')}`;
}
