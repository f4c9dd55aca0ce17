import type { ApprovalConfig } from '../config/schema.js';
import { approvalStatus, notApprovedMessage } from '../ledger/approval.js';
import type { LedgerState } from '../ledger/state.js';
import type { Plan } from '../plan/types.js';
import { inlineCode } from '../text/escape.js';
import { workflowProblems } from './dispatch.js';
import { selectStages, type LaunchMode, type LaunchWhat } from './select.js';

/** What a launch starts, decided before anything is created on GitHub. */
export interface LaunchPlan {
  mode: LaunchMode;
  stages: number[];
  /**
   * The workflow runs, each with its stages. A chain is one workflow run for all its stages; every other launch is
   * one workflow run per stage, so independent stages run on parallel runners, each in its own concurrency group
   * (plan + stage).
   */
  runs: number[][];
  /** `/okstra reconcile N --reset`. */
  reset: boolean;
  /** `/okstra retry N --rebase`. */
  rebase: boolean;
}

export interface LaunchFacts {
  plan: Pick<Plan, 'id' | 'stages'>;
  /** The git blob id of the plan's text as read: the content a run needs an approval of. */
  planBlob: string;
  state: LedgerState;
  config: { approval: ApprovalConfig };
  what: LaunchWhat;
  now: Date;
  /** The workflow file at the ref it is dispatched on; `text` null when it is not there. */
  workflow: { path: string; ref: string; text: string | null };
  /** How to approve the plan, for the refusal of an unapproved one. */
  howToApprove: string;
}

/**
 * Whether a launch can go ahead and what it starts: the plan is approved
 * (the Action refuses an unapproved plan too; answering here spares a queued
 * check and a workflow run that would fail), the stages asked for can run,
 * and the workflow is there and can report back.
 */
export function planLaunch(facts: LaunchFacts): { ok: true; launch: LaunchPlan } | { ok: false; reason: string } {
  const approval = approvalStatus(facts.state, facts.planBlob, facts.config);
  if (approval.kind === 'not-approved')
    return { ok: false, reason: notApprovedMessage(facts.plan.id, approval, facts.howToApprove) };
  const selection = selectStages(facts.plan, facts.state, facts.what, facts.now);
  if (!selection.ok) return selection;
  const { path, ref, text } = facts.workflow;
  if (text === null)
    return {
      ok: false,
      reason: `the workflow ${inlineCode(path)} is not on ${inlineCode(ref)}; docs/bot.md shows one (\`bot.workflow\` in the config names another).`,
    };
  const problems = workflowProblems(text);
  if (problems.length > 0)
    return { ok: false, reason: `the workflow ${inlineCode(path)} cannot be used: ${problems.join('; ')}.` };
  const { mode, stages } = selection;
  return {
    ok: true,
    launch: {
      mode,
      stages,
      runs: mode === 'chain' ? [stages] : stages.map((n) => [n]),
      reset: facts.what.kind === 'reconcile' && facts.what.reset,
      rebase: facts.what.kind === 'retry' && facts.what.rebase === true,
    },
  };
}

/** What one workflow run's queued check says: who asked, and what the workflow will do. */
export function queuedSummary(
  launch: Pick<LaunchPlan, 'mode' | 'reset' | 'rebase'>,
  stages: readonly number[],
  ask: { planId: string; actor: string; origin: string; runsUrl: string },
): string {
  return `Requested by @${ask.actor} (${ask.origin}). Waiting for the [okstra workflow](${ask.runsUrl}) to ${queuedWork(launch, stages)} of plan ${inlineCode(ask.planId)}.`;
}

/** Why a launch failed when GitHub refused a dispatch: the first refusal, and the stages whose runs did start. */
export function refusedLaunchReason(path: string, error: string, started: readonly number[]): string {
  const some = started.length > 0 ? `; stage${started.length === 1 ? '' : 's'} ${started.join(', ')} did start` : '';
  return `GitHub refused to start ${inlineCode(path)} (${inlineCode(error)})${some}.`;
}

/** What the queued check says the workflow will do. */
function queuedWork(launch: Pick<LaunchPlan, 'mode' | 'reset' | 'rebase'>, stages: readonly number[]): string {
  switch (launch.mode) {
    case 'chain':
      return `run the chain ${stages.join(' → ')}`;
    case 'stage':
      return launch.rebase
        ? `replay stage ${stages.join(', ')}'s preserved branch onto the stage's current base, then run it`
        : `run stage ${stages.join(', ')}`;
    case 'reconcile':
      return launch.reset
        ? `put stage ${stages.join(', ')}'s moved branch back at the head its done row records`
        : `re-verify stage ${stages.join(', ')}'s moved branch and record its new head`;
  }
}
