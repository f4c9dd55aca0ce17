import { stageByNumber, topologicalOrder } from '../graph/index.js';
import { planFinalBranchName, stageBranchName } from '../ids.js';
import { currentDoneRow, type LedgerState } from '../ledger/index.js';
import type { Plan } from '../plan/types.js';
import type { HandoffStage } from '../report/final-pr.js';

/**
 * The pure rules of a hand-off's pull requests: which branch goes onto
 * which in a stacked hand-off, what a pull request opened with the job's
 * GITHUB_TOKEN must say, and the goal a hand-off pull request restates.
 */

/** The login GitHub gives a pull request opened with a job's GITHUB_TOKEN. */
export const GITHUB_TOKEN_LOGIN = 'github-actions[bot]';

/**
 * What a hand-off pull request says when GITHUB_TOKEN opened it: no workflow starts for it, and the ways that work.
 * `branch` is its head: the final branch, or one stage's branch in a stacked hand-off.
 */
export function githubTokenNote(planId: string, branch: string = planFinalBranchName(planId)): string {
  return [
    `This pull request was opened with the workflow's GITHUB_TOKEN, and GitHub starts no workflow for events caused by that token (only workflow_dispatch and repository_dispatch), so this repository's own CI has not run on it.`,
    `To get CI on it: configure the okstra GitHub App for the okstra workflow (variable OKSTRA_APP_ID and secret OKSTRA_APP_PRIVATE_KEY, see docs/action.md), so the next hand-off is made with the App's token;`,
    `or start CI by hand on the branch: gh workflow run <your CI workflow> --ref ${branch} (the workflow needs a workflow_dispatch trigger);`,
    `or close and reopen this pull request yourself.`,
  ].join('\n');
}

/** One stage's place in a stacked hand-off: its branch and the branch its pull request merges into. */
export interface StackedPullPlace {
  stage: number;
  head: string;
  base: string;
}

/**
 * The stack, in topological order: each stage's branch onto its dependency's
 * branch, a stage with none onto the plan's base, a stage with several onto
 * the first one its Depends-on lists (its pull request then also shows the
 * others' changes; its body names them all).
 */
export function stackedPullPlaces(plan: Plan, state: LedgerState, base: string): StackedPullPlace[] {
  const branchOf = (n: number): string => currentDoneRow(state, n)?.branch ?? stageBranchName(plan.id, n);
  return topologicalOrder(plan).map((n) => {
    const first = stageByNumber(plan, n).dependsOn[0];
    return { stage: n, head: branchOf(n), base: first === undefined ? base : branchOf(first) };
  });
}

/** Stage `n`'s line of the hand-off; the verified report names every stage's done head, so a stage it lacks cannot be handed off. */
export function handoffLineOf(stages: readonly HandoffStage[], n: number): HandoffStage {
  const line = stages.find((x) => x.number === n);
  if (!line)
    throw new Error(
      `stacked hand-off: the final verification report has no done head for stage ${n}; run \`/okstra final\` again`,
    );
  return line;
}

/** The plan's text before its Stage Map, without the front matter and the title heading: what states its goal. */
export function planIntro(text: string): string {
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  const map = /^##\s+Stage Map\s*$/im.exec(body);
  const before = map ? body.slice(0, map.index) : body;
  return before.replace(/^#\s+.*$/m, '').trim();
}
