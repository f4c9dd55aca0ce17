import { effectiveLevel, meetsLevel, type PermissionLevel } from '../core/commands/permission.js';
import { formatDiagnostic } from '../core/diagnostics.js';
import { approvalPermission } from '../core/ledger/index.js';
import { inlineCode } from '../core/text/escape.js';
import { approvePlan } from '../engine/approve.js';
import { postComment } from '../github/issues.js';
import { collaboratorRole } from '../github/permissions.js';
import { pullRequestFacts } from '../github/pulls.js';
import { approvalEvidence, approvedPlanPath } from '../triggers/approval-evidence.js';
import { githubRunId, runUrl } from './context.js';
import type { RunResults } from './plan-run.js';
import { readPlanAt } from './plans.js';
import type { Session } from './session.js';

/**
 * Mode `approve`: records that a person approved one exact content of a
 * plan, from a review or an `/okstra approve` comment on its pull request.
 * The bot's word is not trusted: the Action reads the review or comment
 * itself, the plan at the commit it was given on, and the approver's
 * permission; every refusal is answered on the pull request and fails the step.
 */
export async function approveMode(s: Session, r: RunResults): Promise<void> {
  const client = s.client;
  const number = s.inputs.prNumber as number;
  if (!client) {
    r.failures.push(
      'mode approve needs the github-token input: it reads the review or comment and answers on the pull request',
    );
    return;
  }
  const refuse = async (reason: string): Promise<void> => {
    s.io.error(`okstra: not approved: ${reason}`);
    await postComment(client, s.ctx.repo, number, `okstra did not record an approval: ${reason}`);
    await s.io.summary(`### okstra approve — pull request #${number}: refused\n\n${reason}\n`);
    r.failures.push(`not approved: ${reason.split('\n')[0] ?? reason}`);
  };

  const pr = await pullRequestFacts(client, s.ctx.repo, number);
  if (pr.state !== 'open') return refuse(`pull request #${number} is ${pr.state}; approve an open plan pull request`);
  const evidence = await approvalEvidence(client, s.ctx.repo, pr, {
    approver: s.inputs.approver as string,
    reviewId: s.inputs.reviewId,
    commentId: s.inputs.commentId,
  });
  if (!evidence.ok) return refuse(evidence.reason);

  const path = await approvedPlanPath(client, s.ctx.repo, pr, { plan: s.inputs.plan, plansDir: s.config.plansDir });
  if (!path.ok) return refuse(path.reason);
  const fetched = await s.refs.fetchCommit(evidence.commit, number);
  if (!fetched.ok)
    return refuse(
      `cannot fetch the commit ${evidence.commit.slice(0, 12)} the approval was given on (${fetched.detail})`,
    );
  const read = await readPlanAt(s.refs, fetched.commit, path.path);
  if (!read.ok) {
    for (const d of read.errors) s.io.error(formatDiagnostic(d));
    return refuse(`${read.message}; fix the plan, then approve again`);
  }

  const minimum = approvalPermission(s.config);
  const level = effectiveLevel(await collaboratorRole(client, s.ctx.repo, evidence.author.login));
  if (!meetsLevel(level, minimum))
    return refuse(
      `${evidence.author.login} has ${level ?? 'no'} permission on ${s.ctx.repo.owner}/${s.ctx.repo.repo}; approving a plan takes ${minimum} or more (config \`approval.permission\`)`,
    );

  const outcome = await approvePlan(
    {
      plan: read.plan,
      planPath: read.path,
      planBlob: read.blob,
      approver: evidence.author.login,
      permission: level as PermissionLevel,
      via: evidence.via,
      url: evidence.url,
      ...(s.ctx.actor ? { actor: s.ctx.actor } : {}),
      ...(githubRunId(s.ctx, 'plan') ? { runId: githubRunId(s.ctx, 'plan') as string } : {}),
    },
    { ledger: s.deps.ledger, now: s.io.now },
  );
  if (outcome.kind === 'refused') return refuse(outcome.reason);
  const what = `${read.plan.id} (${inlineCode(read.path)}) approved at blob ${inlineCode(read.blob)} by ${evidence.author.login} (${level}, via ${evidence.via} at ${evidence.commit.slice(0, 12)})`;
  const text =
    outcome.kind === 'approved'
      ? `okstra: plan ${what}. Runs of exactly this content are allowed; editing the plan needs a new approval.`
      : `okstra: plan ${what} already; nothing new was recorded. Runs of exactly this content are allowed; editing the plan needs a new approval.`;
  s.io.info(text);
  await postComment(client, s.ctx.repo, number, text);
  const link = runUrl(s.ctx);
  await s.io.summary(
    `### okstra approve — pull request #${number}\n\n${text}${link ? `\n\n[This run](${link})` : ''}\n`,
  );
}
