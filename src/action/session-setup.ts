import { homedir, tmpdir } from 'node:os';
import type { OkstraConfig } from '../core/config/schema.js';
import {
  describeStrip,
  gitAuthEnv,
  headerSecrets,
  isHttpUrl,
  remoteAuth,
  stripCheckoutCredentials,
} from '../git/credentials.js';
import { RemoteRefs } from '../git/remote-refs.js';
import type { GitHubClient } from '../github/client.js';
import { reportedPullRequest } from '../github/runs.js';
import { timed } from '../process/timings.js';
import { agentClisDir } from '../providers/cli-locate.js';
import type { Scrubber } from '../core/text/scrub.js';
import { closePaths, reopenPaths, signInsToClose, untrackedToClose } from '../sandbox/checkout-privacy.js';
import { openProvenSandbox } from '../sandbox/open-sandbox.js';
import { unisolatedSandbox, type AgentSandbox } from '../sandbox/sandbox.js';
import type { Env, RunnerContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import type { ActionIo } from './io.js';
import { loadRules, withInputOverrides, type Rules } from './rules.js';

/**
 * The steps of opening a session: the repository, the checkout's
 * credentials, the rules and where plans are read, whether agents run (and
 * so the boundary), whether the API is needed, and the pull request to
 * report to. session.ts calls them in order.
 */

export const REMOTE = 'origin';

/**
 * Agents work in worktrees that share this checkout's git config, so it holds
 * no credential while okstra runs: each fetch and push authenticates through
 * its own environment (`remoteEnv`). `restore` puts them back; a killed job
 * leaves them removed. A push over HTTP without any token is refused here.
 */
export async function takeCredentials(
  io: ActionIo,
  inputs: ActionInputs,
  repoDir: string,
  scrub: Scrubber,
): Promise<{ remoteEnv: Record<string, string>; restore: () => Promise<void> }> {
  const credentials = await stripCheckoutCredentials(repoDir, { remote: REMOTE });
  const auth = remoteAuth(credentials, inputs.githubToken);
  if (auth) {
    for (const secret of headerSecrets(auth.header)) {
      if (secret !== inputs.githubToken) io.setSecret(secret);
      scrub.add(secret);
    }
  }
  io.info(
    `${describeStrip(credentials, auth)}${credentials.found.length > 0 ? '; restored at the end of the run' : ''}`,
  );
  if (
    !auth &&
    credentials.remoteUrl !== null &&
    isHttpUrl(credentials.remoteUrl) &&
    inputs.mode !== 'status' &&
    !inputs.dryRun
  ) {
    await credentials.restore();
    throw new Error(
      `okstra needs a token to push the stage branch and the ledger to ${credentials.remoteUrl}: set the github-token input (its default, \${{ github.token }}, works when the job has permissions: contents: write), or give the remote URL's credential to actions/checkout`,
    );
  }
  const remoteEnv = gitAuthEnv(auth);
  const restore = async (): Promise<void> => {
    const restored = await credentials.restore();
    if (restored.replayed.length > 0)
      io.info(
        `credentials: ${restored.replayed.join(', ')} changed during the run; the removed entries were added back`,
      );
  };
  return { remoteEnv, restore };
}

/** Modes that start agents or QA commands; the others (status, dry runs) need no boundary. */
export function runsAgents(inputs: ActionInputs): boolean {
  // A reconcile re-verifies with agents; its reset only moves a branch.
  return (
    !inputs.dryRun &&
    (inputs.mode === 'stage' ||
      inputs.mode === 'chain' ||
      inputs.mode === 'continue' ||
      inputs.mode === 'plan' ||
      inputs.mode === 'final' ||
      (inputs.mode === 'reconcile' && !inputs.reset))
  );
}

/** The boundary agents run behind (src/sandbox/open-sandbox.ts); modes that start no agent need none. */
export async function openSandbox(
  io: ActionIo,
  inputs: ActionInputs,
  config: OkstraConfig,
  env: Env,
  reachable: readonly string[],
): Promise<AgentSandbox> {
  if (!runsAgents(inputs)) return unisolatedSandbox();
  const sandbox = await openProvenSandbox(
    { configured: config.isolation, shell: 'action', env, log: io.warning },
    reachable,
    'on this runner',
  );
  io.info(`isolation: ${sandbox.statement}`);
  return sandbox;
}

/**
 * What git does not track in the checkout (a `.env` an earlier step wrote,
 * `node_modules/`) is closed to agent users for the run (checkout-privacy.ts):
 * they reach the checkout's folder by its path. So are the cloud sign-ins in
 * the runner user's home (`~/.azure` after `azure/login`). Returns what puts
 * the modes back; a killed job leaves them closed, which takes nothing from
 * the runner's user, who owns them.
 */
export async function closeUntracked(
  io: ActionIo,
  sandbox: AgentSandbox,
  where: { repoDir: string; home: string },
  keepOpen: readonly string[],
): Promise<() => Promise<void>> {
  if (sandbox.mode !== 'os-user') return async () => undefined;
  const [{ close: untracked, kept }, signIns] = await Promise.all([
    untrackedToClose(where.repoDir, keepOpen),
    signInsToClose(where.home),
  ]);
  const close = [...untracked, ...signIns];
  await closePaths(close);
  if (signIns.length > 0)
    io.info(`cloud sign-ins: ${signIns.map((s) => s.path).join(', ')} closed to agent users until the run ends`);
  if (untracked.length > 0) io.info(`untracked files: ${untracked.length} closed to agent users until the run ends`);
  if (kept.length > 0)
    io.info(
      `untracked files: ${kept.join(', ')} left readable by agent users: they hold the agent CLIs or the temp folder`,
    );
  return () => reopenPaths(close);
}

/**
 * Where plans are read from: the `plan-ref` input's commit (the bot names a
 * pull request's head there, while the workflow runs on the default branch),
 * fetched when the checkout lacks it; else the checked-out commit. Only the
 * plan comes from it; the rules were read from the default branch already.
 */
export async function resolvePlanCommit(
  io: ActionIo,
  refs: RemoteRefs,
  head: string,
  inputs: ActionInputs,
  ctx: RunnerContext,
): Promise<string> {
  if (inputs.planRef === null) return head;
  const fetched = await refs.fetchCommit(inputs.planRef, inputs.prNumber ?? ctx.event.pullRequest?.number ?? null);
  if (!fetched.ok)
    throw new Error(
      `input "plan-ref": cannot fetch "${inputs.planRef}" from ${REMOTE} (${fetched.detail}); it must be a commit or ref of this repository, such as a pull request's head commit`,
    );
  io.info(
    `plans read at ${fetched.commit.slice(0, 12)} (plan-ref ${inputs.planRef}); config and prompts from the default branch`,
  );
  return fetched.commit;
}

/** Whether anything this run does talks to the API: checks, comments, a pull request to look up, stale claims to check. */
export function needsApi(inputs: ActionInputs, ctx: RunnerContext, config: OkstraConfig): boolean {
  const prLookup = inputs.prNumber !== null && inputs.prNumber !== ctx.event.pullRequest?.number;
  return (
    inputs.report.has('check') ||
    inputs.report.has('comment') ||
    inputs.checkRunIds.kind !== 'none' ||
    inputs.mode === 'continue' ||
    // Planning reads the issue and opens the pull request; approving reads the review and answers it.
    inputs.mode === 'plan' ||
    inputs.mode === 'approve' ||
    // Final verification creates its check and opens the hand-off pull request; after a stage or chain, handoff.auto may too.
    inputs.mode === 'final' ||
    ((inputs.mode === 'stage' || inputs.mode === 'chain') && config.handoff.auto) ||
    // No-server continuation dispatches the stages a done stage made ready.
    inputs.dispatchNext ||
    prLookup
  );
}

/**
 * The pull request a run reports to: the `pr-number` input (the bot's), else
 * the event's. Its head commit comes from the event when it is the same pull
 * request, else from the API.
 */
export async function resolvePullRequest(
  io: ActionIo,
  client: GitHubClient | null,
  ctx: RunnerContext,
  inputs: ActionInputs,
): Promise<{ number: number; headSha: string } | null> {
  const number = inputs.prNumber ?? ctx.event.pullRequest?.number ?? null;
  if (number === null) return null;
  const fromEvent = ctx.event.pullRequest?.number === number ? ctx.event.pullRequest.headSha : null;
  return reportedPullRequest(client, ctx.repo, number, fromEvent, io.warning);
}

/** The checked-out repository and its commit; a workspace that is none stops the run, saying what to run first. */
export async function openRepository(io: ActionIo, ctx: RunnerContext): Promise<{ refs: RemoteRefs; head: string }> {
  const opened = await timed('session:open-refs', () => RemoteRefs.open(ctx.workspace, REMOTE));
  if (!opened)
    throw new Error(
      `${ctx.workspace} is not a git repository with a commit checked out: run actions/checkout before okstra`,
    );
  io.info(
    `repository ${opened.refs.repoDir} at ${opened.head.slice(0, 12)}${opened.shallow ? ' (shallow clone: fetching what the run needs)' : ''}`,
  );
  return opened;
}

/** The checked-out commit when the runner says the run was triggered for it on the default branch, else null. */
function triggeredCommit(ctx: RunnerContext, defaultBranch: string, head: string): string | null {
  const triggered = ctx.triggeredOn;
  return triggered?.ref === `refs/heads/${defaultBranch}` && triggered.sha === head ? head : null;
}

/**
 * The rules read before the checkout's credentials are taken, when they need no fetch (the run's own commit is the
 * default branch's, see loadRules): parsing them, CPU work, overlaps the credentials' git calls. Null otherwise.
 */
export function rulesBeforeCredentials(
  refs: RemoteRefs,
  head: string,
  inputs: ActionInputs,
  ctx: RunnerContext,
): Promise<Rules> | null {
  const defaultBranch = ctx.event.defaultBranch;
  const commit = defaultBranch ? triggeredCommit(ctx, defaultBranch, head) : null;
  if (!defaultBranch || !commit) return null;
  const rules = timed('session:rules', () => loadRules(refs, defaultBranch, inputs.config, commit));
  // Awaited by readRules; a session that stops before it (credentials refused) must not leave it unhandled.
  rules.catch(() => undefined);
  return rules;
}

/** The rules from the default branch, the run's config (the inputs' overrides applied) and the plan commit. */
export async function readRules(
  io: ActionIo,
  refs: RemoteRefs,
  head: string,
  inputs: ActionInputs,
  ctx: RunnerContext,
  early: Promise<Rules> | null = null,
): Promise<{ defaultBranch: string; rules: Rules; planCommit: string; config: OkstraConfig }> {
  const defaultBranch = ctx.event.defaultBranch ?? (await timed('session:default-branch', () => refs.defaultBranch()));
  if (!defaultBranch) throw new Error(`cannot tell the default branch of ${REMOTE}; the config is read from it`);
  // The run was triggered on the default branch and its commit is the one checked out: the rules are read from it.
  const onDefault = triggeredCommit(ctx, defaultBranch, head);
  const rules = (): Promise<Rules> =>
    early ?? timed('session:rules', () => loadRules(refs, defaultBranch, inputs.config, onDefault));
  const plan = (): Promise<string> =>
    timed('session:plan-commit', () => resolvePlanCommit(io, refs, head, inputs, ctx));
  // The plan's commit (a fetch when the checkout lacks `plan-ref`) needs nothing of the rules: side by side when the
  // rules need no fetch, one after the other otherwise (two depth-limited fetches would race for the shallow file).
  const [read, planCommit] = onDefault ? await Promise.all([rules(), plan()]) : [await rules(), await plan()];
  const config = withInputOverrides(read.config, inputs);
  const overrides = read.overrides.length > 0 ? `; prompt overrides: ${read.overrides.join(', ')}` : '';
  io.info(`config: ${read.source}${overrides}${onDefault ? ' (the commit the run was triggered for)' : ''}`);
  if (inputs.timeoutMinutes !== null)
    io.info(`timeouts capped at ${inputs.timeoutMinutes} min by the timeout-minutes input`);
  return { defaultBranch, rules: read, planCommit, config };
}

/**
 * The agents' boundary (src/sandbox): the sandbox over the repository, the trusted root, the agent CLIs and the temp
 * folder, then the untracked files closed to the agents. A failure closes what it had opened of it; the rest of the
 * session is the caller's to undo.
 */
export async function openBoundary(
  io: ActionIo,
  inputs: ActionInputs,
  config: OkstraConfig,
  env: { step: Env; provider: Env },
  [repoDir, trustedRoot]: [string, string],
): Promise<{ sandbox: AgentSandbox; reopenUntracked: () => Promise<void> }> {
  const penv = env.provider;
  const sandbox = await timed('session:sandbox', () =>
    openSandbox(io, inputs, config, env.step, [repoDir, trustedRoot, agentClisDir(penv), tmpdir()]),
  );
  const reopenUntracked = await timed('session:close-untracked', () =>
    closeUntracked(io, sandbox, { repoDir, home: env.step.HOME ?? homedir() }, [agentClisDir(penv), tmpdir()]),
  ).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  return { sandbox, reopenUntracked };
}
