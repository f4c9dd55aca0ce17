import type { OkstraConfig } from '../core/config/index.js';
import { planBranchName } from '../core/ids.js';
import type { Plan } from '../core/plan/types.js';
import { type HandoffStage } from '../core/report/final-pr.js';
import type { FinalVerificationReport } from '../core/report/schema/final-verification-report.js';
import { type HandoffCheck } from '../engine/handoff.js';
import type { EngineDeps } from '../engine/types.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import { findOpenPullByHead } from '../github/plan-pr.js';

/**
 * What both shapes of a hand-off on GitHub take: the plain deps a shell fills,
 * the context built once the final verification is accepted, and the answer
 * on the pull requests that asked.
 */

/** Where the flow says what it did: the log, and the run's Markdown summary. */
export interface HandoffOutput {
  info(line: string): void;
  warning(message: string): void;
  error(message: string): void;
  summary(markdown: string): Promise<void>;
}

export interface HandoffDeps {
  client: GitHubClient;
  repo: RepoRef;
  /** `https://github.com` or the GHES host: links to the reports on the ledger branch. */
  serverUrl: string;
  /** The run doing this, linked from the check and the comments; null off a runner. */
  runUrl: string | null;
  config: OkstraConfig;
  engine: Pick<EngineDeps, 'ledger' | 'workspace' | 'now'>;
  remote: string;
  /** The repository's default branch: a plan without `base` is handed off into it. */
  defaultBranch: string;
  /** Who the `handed-off` rows name (none for a scheduled run). */
  actor: string | null;
  /** The pull request that asked for the run (it gets the answer), if any. */
  askingPr: number | null;
  now(): Date;
  out: HandoffOutput;
}

/** The plan as read at the plan commit; `text` is the whole file. */
export interface HandoffPlan {
  plan: Plan;
  path: string;
  text: string;
}

/** What both hand-off shapes build on: the check passed, the final branch placed, each stage's line known. */
export interface HandoffContext {
  loaded: HandoffPlan;
  report: FinalVerificationReport;
  ready: Extract<HandoffCheck, { kind: 'ready' }>;
  runId: string;
  /** The plan's base branch: front matter `base`, else the repository's default branch. */
  base: string;
  stages: HandoffStage[];
  links: { finalReportUrl: string | null };
}

/**
 * The plan pull request (open, head `okstra/<plan-id>/plan`) and the pull
 * request that asked (`askingPr`), each once, never a hand-off pull request
 * itself.
 */
export async function commentOnAsking(
  d: HandoffDeps,
  plan: Plan,
  text: string,
  except: readonly number[] = [],
): Promise<void> {
  const targets = new Set<number>();
  try {
    const planPr = await findOpenPullByHead(d.client, d.repo, planBranchName(plan.id));
    if (planPr) targets.add(planPr.number);
  } catch (error) {
    d.out.warning(`okstra: cannot look up the plan pull request of ${plan.id} (${describeApiError(error)})`);
  }
  if (d.askingPr !== null) targets.add(d.askingPr);
  for (const n of except) targets.delete(n);
  for (const n of targets) {
    try {
      await postComment(d.client, d.repo, n, text);
    } catch (error) {
      d.out.warning(`okstra: could not comment on #${n} (${describeApiError(error)})`);
    }
  }
}
