import { meetsLevel, type PermissionLevel } from '../commands/permission.js';
import type { ApprovalConfig, BotConfig } from '../config/schema.js';
import { unansweredClarifications } from '../plan/clarifications.js';
import type { Plan } from '../plan/types.js';
import type { ApprovedRow } from './row.js';
import type { LedgerState } from './state.js';

/**
 * An approval covers one exact content of the plan file: its git blob id.
 * Editing the plan (even a comma) makes a new blob that nobody approved.
 */
export type ApprovalStatus =
  | { kind: 'approved'; row: ApprovedRow }
  | { kind: 'not-required' }
  /** `latest`: the most recent approval of another content of this plan, for the message. */
  | { kind: 'not-approved'; blob: string; latest: ApprovedRow | null };

export function approvalStatus(
  state: Pick<LedgerState, 'approvals'>,
  blob: string,
  config: { approval: ApprovalConfig },
): ApprovalStatus {
  const row = state.approvals.findLast((a) => a.plan_blob === blob);
  if (row) return { kind: 'approved', row };
  if (!config.approval.required) return { kind: 'not-required' };
  return { kind: 'not-approved', blob, latest: state.approvals.at(-1) ?? null };
}

/**
 * The refusal every shell shows, in one wording. `howToApprove` says how in
 * that shell (`okstra plan approve …` locally; a review or `/okstra approve`
 * on GitHub).
 */
export function notApprovedMessage(
  planId: string,
  status: Extract<ApprovalStatus, { kind: 'not-approved' }>,
  howToApprove: string,
): string {
  const latest = status.latest
    ? `approved: ${status.latest.plan_blob} by ${status.latest.approver}`
    : 'approved: no content of it yet';
  const restore = status.latest ? ' or restore it' : '';
  return `plan ${planId} is not approved at blob ${status.blob} (${latest}); approve it again${restore}: ${howToApprove}`;
}

/** The least role that approves a plan: `approval.permission`, else `bot.permission` but never below write. */
export function approvalPermission(config: {
  approval: ApprovalConfig;
  bot: Pick<BotConfig, 'permission'>;
}): PermissionLevel {
  if (config.approval.permission) return config.approval.permission;
  return meetsLevel(config.bot.permission, 'write') ? config.bot.permission : 'write';
}

/** Why an approval cannot be taken yet: required Clarification Items without an answer. Null: it can. */
export function approvalBlocker(plan: Pick<Plan, 'clarifications'>, planPath: string): string | null {
  const open = unansweredClarifications(plan);
  if (open.length === 0) return null;
  const list = open.map((c) => `- ${c.id ? `${c.id}: ` : ''}${c.question} (${planPath}:${c.position.line})`).join('\n');
  return `the plan cannot be approved while ${open.length === 1 ? 'a Clarification Item has' : `${open.length} Clarification Items have`} no answer; answer ${open.length === 1 ? 'it' : 'them'} in the plan's Clarification Items table (or mark an item \`(optional)\`), then approve again:\n${list}`;
}
