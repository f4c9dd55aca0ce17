/** Where a plan's files live on the ledger branch. One folder per plan keeps plans independent. */
export function planDir(planId: string): string {
  return `plans/${planId}`;
}

/** The one file a plan's rows were lines of before rows were commits: read only to migrate it (legacy.ts). */
export function ledgerPath(planId: string): string {
  return `${planDir(planId)}/ledger.jsonl`;
}

export function carryPath(planId: string, stage: number): string {
  return `${planDir(planId)}/carry/stage-${stage}.json`;
}

export function reportPath(planId: string, stage: number, runId: string, ext: 'json' | 'md'): string {
  return `${planDir(planId)}/reports/stage-${stage}/${runId}.${ext}`;
}

/** A plan's state as its last append judged it (snapshot.ts), rewritten by every append. */
export function snapshotPath(planId: string): string {
  return `${planDir(planId)}/state.json`;
}
