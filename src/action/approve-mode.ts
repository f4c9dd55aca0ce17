import { effectiveLevel, isBotAccount, meetsLevel, type PermissionLevel } from '../core/commands/permission.js';
import { formatDiagnostic } from '../core/diagnostics.js';
import { approvalPermission } from '../core/ledger/index.js';
import { inlineCode } from '../core/text/escape.js';
import { approvePlan } from '../engine/approve.js';
import type { GitHubClient } from '../github/client.js';
import { postComment } from '../github/issues.js';
import { collaboratorRole } from '../github/permissions.js';
import { getIssueComment, getReview, type AuthorFacts } from '../github/plan-pr.js';
import { changedFiles, pullRequestFacts, type PullRequestFacts } from '../github/pulls.js';
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
  const evidence = await approvalEvidence(s, client, pr);
  if (!evidence.ok) return refuse(evidence.reason);

  const path = await planPath(s, client, pr);
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

type Evidence =
  | { ok: true; author: AuthorFacts; commit: string; via: 'review' | 'comment'; url: string }
  | { ok: false; reason: string };

/** The review or comment, read back and checked: on this pull request, by the approver, and saying approve. */
async function approvalEvidence(s: Session, client: GitHubClient, pr: PullRequestFacts): Promise<Evidence> {
  const approver = s.inputs.approver as string;
  const same = (a: AuthorFacts | null): boolean => a !== null && a.login.toLowerCase() === approver.toLowerCase();
  if (s.inputs.reviewId !== null) {
    const review = await getReview(client, s.ctx.repo, pr.number, s.inputs.reviewId);
    if (!review.author || !same(review.author))
      return {
        ok: false,
        reason: `review ${review.id} is by ${review.author?.login ?? 'a deleted account'}, not ${approver}`,
      };
    if (isBot(review.author))
      return { ok: false, reason: `${review.author.login} is a bot account; a bot never approves a plan` };
    if (review.state !== 'APPROVED')
      return { ok: false, reason: `review ${review.id} by ${approver} is ${review.state}, not APPROVED` };
    if (!review.commitId)
      return { ok: false, reason: `review ${review.id} names no commit; approve the pull request again` };
    return { ok: true, author: review.author, commit: review.commitId, via: 'review', url: review.htmlUrl };
  }
  const comment = await getIssueComment(client, s.ctx.repo, s.inputs.commentId as number);
  if (comment.issueNumber !== pr.number)
    return { ok: false, reason: `comment ${comment.id} is not on pull request #${pr.number}` };
  if (!comment.author || !same(comment.author))
    return {
      ok: false,
      reason: `comment ${comment.id} is by ${comment.author?.login ?? 'a deleted account'}, not ${approver}`,
    };
  if (isBot(comment.author))
    return { ok: false, reason: `${comment.author.login} is a bot account; a bot never approves a plan` };
  if (!/^\s*\/okstra\s+approve\s*$/m.test(comment.body))
    return { ok: false, reason: `comment ${comment.id} has no \`/okstra approve\` line` };
  // A comment names no commit: it approves the pull request as it is now.
  return { ok: true, author: comment.author, commit: pr.headSha, via: 'comment', url: comment.htmlUrl };
}

function isBot(a: AuthorFacts): boolean {
  return isBotAccount({ login: a.login, type: a.type });
}

/** The `plan` input, else the one plan file the pull request adds or changes under the plans folder. */
async function planPath(
  s: Session,
  client: GitHubClient,
  pr: PullRequestFacts,
): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  if (s.inputs.plan) return { ok: true, path: s.inputs.plan.replace(/^(?:\.\/)+/, '') };
  const dir = `${s.config.plansDir.replace(/\/+$/, '')}/`;
  const plans = (await changedFiles(client, s.ctx.repo, pr.number))
    .filter((f) => f.status !== 'removed' && f.path.startsWith(dir) && f.path.endsWith('.md'))
    .map((f) => f.path);
  if (plans.length === 1 && plans[0]) return { ok: true, path: plans[0] };
  if (plans.length === 0)
    return { ok: false, reason: `pull request #${pr.number} adds or changes no plan file under ${dir}` };
  return {
    ok: false,
    reason: `pull request #${pr.number} changes ${plans.length} plan files (${plans.join(', ')}); name the one to approve with the \`plan\` input`,
  };
}
