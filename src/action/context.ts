import { runIdSuffix, type PlanRunKind } from '../core/ids.js';
import { z } from 'zod';
import type { TriggerKind } from '../core/report/schema/final-report.js';
import type { RepoRef } from '../github/client.js';
import type { ActionInputs } from './inputs.js';

/**
 * What the runner tells a step about the job and the event that started it,
 * read from the environment and the event payload the runner wrote to
 * `GITHUB_EVENT_PATH`. Read once, passed around as plain data: nothing below
 * the Action reads the environment or a global context object.
 */

export interface EventFacts {
  name: string;
  action: string | null;
  defaultBranch: string | null;
  pullRequest: { number: number; headSha: string | null; url: string | null } | null;
  sender: string | null;
  /** The page the trigger happened on (the comment, the pull request), when there is one. */
  url: string | null;
}

export interface RunnerContext {
  repo: RepoRef;
  serverUrl: string;
  apiUrl: string;
  /** The workflow run and its attempt; null off a runner (local trials), where run ids fall back to local ones. */
  runId: string | null;
  runAttempt: string;
  workspace: string;
  runnerTemp: string;
  actor: string | null;
  /**
   * What the run was triggered for (GITHUB_REF, GITHUB_SHA): for a workflow run on the default branch, the commit
   * of that branch it runs from. Null off a runner.
   */
  triggeredOn: { ref: string; sha: string } | null;
  event: EventFacts;
}

// Only the fields okstra reads; payloads carry far more, and older example payloads lack some newer fields.
const PayloadSchema = z.looseObject({
  action: z.string().optional(),
  repository: z.looseObject({ default_branch: z.string().optional() }).optional(),
  pull_request: z
    .looseObject({
      number: z.number(),
      html_url: z.string().optional(),
      head: z.looseObject({ sha: z.string() }).optional(),
    })
    .optional(),
  issue: z
    .looseObject({ number: z.number(), html_url: z.string().optional(), pull_request: z.unknown().optional() })
    .optional(),
  comment: z.looseObject({ html_url: z.string().optional() }).optional(),
  check_run: z
    .looseObject({
      head_sha: z.string().optional(),
      pull_requests: z.array(z.looseObject({ number: z.number() })).optional(),
    })
    .optional(),
  sender: z.looseObject({ login: z.string() }).optional(),
});

export function eventFacts(name: string, payload: unknown): EventFacts {
  const parsed = PayloadSchema.safeParse(payload ?? {});
  const p = parsed.success ? parsed.data : {};
  let pullRequest: EventFacts['pullRequest'] = null;
  if (p.pull_request)
    pullRequest = {
      number: p.pull_request.number,
      headSha: p.pull_request.head?.sha ?? null,
      url: p.pull_request.html_url ?? null,
    };
  else if (p.issue && p.issue.pull_request !== undefined && p.issue.pull_request !== null)
    pullRequest = { number: p.issue.number, headSha: null, url: p.issue.html_url ?? null };
  else if (p.check_run?.pull_requests?.[0])
    pullRequest = { number: p.check_run.pull_requests[0].number, headSha: p.check_run.head_sha ?? null, url: null };
  return {
    name,
    action: p.action ?? null,
    defaultBranch: p.repository?.default_branch ?? null,
    pullRequest,
    sender: p.sender?.login ?? null,
    url: p.comment?.html_url ?? pullRequest?.url ?? null,
  };
}

export type Env = Readonly<Record<string, string | undefined>>;

export function runnerContext(env: Env, payload: unknown, cwd: string): RunnerContext {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
  return {
    repo: { owner, repo },
    serverUrl: (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID || null,
    runAttempt: env.GITHUB_RUN_ATTEMPT || '1',
    workspace: env.GITHUB_WORKSPACE || cwd,
    runnerTemp: env.RUNNER_TEMP || '',
    actor: env.GITHUB_ACTOR || null,
    triggeredOn: env.GITHUB_REF && env.GITHUB_SHA ? { ref: env.GITHUB_REF, sha: env.GITHUB_SHA } : null,
    event: eventFacts(env.GITHUB_EVENT_NAME ?? '', payload),
  };
}

/** The trigger kind when the workflow does not name one (the bot always does). */
export function triggerKindFor(event: EventFacts): TriggerKind {
  switch (event.name) {
    case 'pull_request':
    case 'pull_request_target':
      return 'label';
    case 'issue_comment':
      return 'comment';
    case 'schedule':
      return 'schedule';
    case 'check_run':
      return 'rerequest';
    default:
      return 'dispatch';
  }
}

/** The report's trigger: the inputs win (the bot passes what really happened), then the event. */
export function triggerFor(
  inputs: Pick<ActionInputs, 'trigger' | 'actor'>,
  ctx: RunnerContext,
): { kind: TriggerKind; actor: string | null; url: string | null } {
  const kind = inputs.trigger ?? triggerKindFor(ctx.event);
  const actor = inputs.actor ?? (kind === 'schedule' ? null : (ctx.event.sender ?? ctx.actor));
  return { kind, actor, url: validUrl(ctx.event.url) };
}

function validUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    new URL(url);
    return url;
  } catch {
    return null;
  }
}

export function runUrl(ctx: RunnerContext): string | null {
  if (!ctx.runId || !ctx.repo.owner) return null;
  return `${ctx.serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/actions/runs/${ctx.runId}/attempts/${ctx.runAttempt}`;
}

/**
 * Run ids on GitHub: `gh-<workflow run id>-<attempt>-s<stage>`, so the bot
 * finds a workflow run's reports in the ledger by prefix. One workflow run
 * attempt runs a stage of a plan at most once, which keeps them unique.
 */
export function githubRunId(
  ctx: Pick<RunnerContext, 'runId' | 'runAttempt'>,
  what: number | PlanRunKind,
): string | null {
  return ctx.runId ? `gh-${ctx.runId}-${ctx.runAttempt}-${runIdSuffix(what)}` : null;
}
