/** Where a plan's files live on the ledger branch. One folder per plan keeps plans independent. */
export function planDir(planId: string): string {
  return `plans/${planId}`;
}

export function ledgerPath(planId: string): string {
  return `${planDir(planId)}/ledger.jsonl`;
}

export function carryPath(planId: string, stage: number): string {
  return `${planDir(planId)}/carry/stage-${stage}.json`;
}

export function reportPath(planId: string, stage: number, runId: string, ext: 'json' | 'md'): string {
  return `${planDir(planId)}/reports/stage-${stage}/${runId}.${ext}`;
}

/** Where the fold of a plan's sealed segments lives (fold.ts): beside them, outside their folder. */
export function foldPath(planId: string): string {
  return `${planDir(planId)}/ledger.fold.json`;
}
