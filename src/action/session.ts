import { isBuiltin } from '../providers/registry.js';
import { buildRoster, verifierRefs, type Roster } from '../providers/roster.js';
import type { BuiltinProvider, OkstraConfig } from '../core/config/schema.js';
import type { EngineDeps } from '../engine/types.js';
import { createEngineDeps } from '../engine/setup.js';
import {
  describeStrip,
  gitAuthEnv,
  headerSecrets,
  isHttpUrl,
  remoteAuth,
  stripCheckoutCredentials,
} from '../git/credentials.js';
import { RemoteRefs } from '../git/remote-refs.js';
import { StageWorkspace } from '../git/stage-workspace.js';
import type { GitHubClient } from '../github/client.js';
import { describeApiError } from '../github/errors.js';
import { pullRequestHead } from '../github/runs.js';
import { ClaimLog } from './claims.js';
import { runUrl, type Env, type RunnerContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { PhaseLog, WorkerLog, type ActionIo } from './io.js';
import { progressIntervalFrom } from '../github/check-progress.js';
import { StagePublisher } from '../github/stage-publisher.js';
import { loadRules, withInputOverrides, type Rules } from './rules.js';
import { providerEnv, ScrubbingLedgerStore, type Scrubber } from './secrets.js';
import { tmpdir } from 'node:os';
import { agentClisDir } from '../providers/cli-locate.js';
import {
  checkBoundary,
  createSandbox,
  IsolationError,
  unisolatedSandbox,
  type AgentSandbox,
} from '../sandbox/sandbox.js';

/**
 * Everything one Action run works with, prepared once in the "setup" log
 * group: the repository and its remote, the rules from the default branch,
 * the engine's edges, the GitHub client and the publisher. Modes receive a
 * Session and nothing else.
 */
export interface Session {
  io: ActionIo;
  inputs: ActionInputs;
  ctx: RunnerContext;
  /** The step's environment, without the secret inputs. */
  env: Env;
  scrub: Scrubber;
  log: PhaseLog;
  repoDir: string;
  remote: string;
  refs: RemoteRefs;
  /** The commit the workflow checked out. */
  head: string;
  /** The commit plans are read from and recorded at: `plan-ref`'s, else `head`. */
  planCommit: string;
  /** The repository's default branch, where config and prompts are read. */
  defaultBranch: string;
  rules: Rules;
  config: OkstraConfig;
  deps: EngineDeps;
  client: GitHubClient | null;
  claims: ClaimLog;
  publisher: StagePublisher;
  /** The default branch checked out on its own, where command providers' relative paths resolve. */
  trustedRoot: string;
  roster(): Roster;
  dispose(): Promise<void>;
}

export interface SessionDeps {
  io: ActionIo;
  inputs: ActionInputs;
  ctx: RunnerContext;
  env: Env;
  scrub: Scrubber;
  /** Tests inject the global fetch so HTTP interceptors see the requests. */
  fetch?: typeof fetch;
  /** Installs the pinned agent CLIs a roster needs (the `install-clis` input). */
  installClis?: (refs: BuiltinProvider[], env: Env, log: (line: string) => void) => Promise<void>;
}

export const REMOTE = 'origin';

export async function openSession(d: SessionDeps): Promise<Session> {
  const { io, inputs, ctx } = d;
  // Read before anything is changed on the runner, so a bad value stops the run with nothing to undo.
  const progressIntervalMs = progressIntervalFrom(d.env);
  const opened = await RemoteRefs.open(ctx.workspace, REMOTE);
  if (!opened)
    throw new Error(
      `${ctx.workspace} is not a git repository with a commit checked out: run actions/checkout before okstra`,
    );
  const { refs, head } = opened;
  const repoDir = refs.repoDir;
  io.info(
    `repository ${repoDir} at ${head.slice(0, 12)}${opened.shallow ? ' (shallow clone: fetching what the run needs)' : ''}`,
  );

  // ── credentials (src/git/credentials.ts) ──────────────────────────────────
  // Agents work in worktrees that share this checkout's git config, so it holds
  // no credential while okstra runs: each fetch and push authenticates through
  // its own environment. Restored by dispose(); a killed job leaves it removed.
  const credentials = await stripCheckoutCredentials(repoDir, { remote: REMOTE });
  const auth = remoteAuth(credentials, inputs.githubToken);
  if (auth) {
    for (const secret of headerSecrets(auth.header)) {
      if (secret !== inputs.githubToken) io.setSecret(secret);
      d.scrub.add(secret);
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
  refs.useRemoteEnv(remoteEnv);
  const restoreCredentials = async (): Promise<void> => {
    const restored = await credentials.restore();
    if (restored.replayed.length > 0)
      io.info(
        `credentials: ${restored.replayed.join(', ')} changed during the run; the removed entries were added back`,
      );
  };
  // ── end of credentials ────────────────────────────────────────────────────

  const defaultBranch = ctx.event.defaultBranch ?? (await refs.defaultBranch());
  if (!defaultBranch) throw new Error(`cannot tell the default branch of ${REMOTE}; the config is read from it`);
  const rules = await loadRules(refs, defaultBranch, inputs.config);
  const planCommit = await resolvePlanCommit(io, refs, head, inputs, ctx);
  const config = withInputOverrides(rules.config, inputs);
  io.info(
    `config: ${rules.source}${rules.overrides.length > 0 ? `; prompt overrides: ${rules.overrides.join(', ')}` : ''}`,
  );
  if (inputs.timeoutMinutes !== null)
    io.info(`timeouts capped at ${inputs.timeoutMinutes} min by the timeout-minutes input`);

  const penv = providerEnv(d.env, inputs);
  if (inputs.installClis) {
    if (!d.installClis) throw new Error('install-clis is not available in this build');
    await d.installClis(builtinRefs(config, inputs, penv), penv, io.info);
  }

  const workspace = new StageWorkspace(repoDir, { remoteEnv });
  let trustedRoot = repoDir;
  let trustedWorktree: string | null = null;
  if (rules.commit && rules.commit !== head && usesCommandProviders(config, inputs)) {
    trustedWorktree = await workspace.addDetachedWorktree(rules.commit);
    trustedRoot = trustedWorktree;
  }

  // ── the agents' boundary (src/sandbox) ────────────────────────────────────
  const sandbox = await openSandbox(io, inputs, config, d.env, [
    repoDir,
    trustedRoot,
    agentClisDir(penv),
    tmpdir(),
  ]).catch(async (error: unknown) => {
    if (trustedWorktree) await workspace.removeWorktree(trustedWorktree);
    await restoreCredentials();
    throw error;
  });

  // Octokit and its HTTP stack load only when the run will call the API, keeping them out of a plain run's start.
  const client =
    inputs.githubToken && !inputs.dryRun && needsApi(inputs, ctx, config)
      ? (await import('../github/client.js')).createGitHubClient({
          token: inputs.githubToken,
          baseUrl: ctx.apiUrl,
          log: io.info,
          scrub: d.scrub,
          ...(d.fetch ? { fetch: d.fetch } : {}),
        })
      : null;
  const pr = await resolvePullRequest(io, client, ctx, inputs);
  const publisher = new StagePublisher({
    io,
    client,
    repo: ctx.repo,
    targets: inputs.report,
    checkRunIds: inputs.checkRunIds,
    pr,
    runUrl: runUrl(ctx),
    serverUrl: ctx.serverUrl,
    scrub: d.scrub,
    ...(progressIntervalMs !== undefined ? { progressIntervalMs } : {}),
  });
  const log = new PhaseLog(io, (t) => d.scrub.scrubAll(t));
  const workers = new WorkerLog(log, io.now);
  const engineDeps = createEngineDeps({
    repoDir,
    ledgerBranch: config.ledgerBranch,
    remote: REMOTE,
    remoteEnv,
    gates: rules.gates,
    now: io.now,
    // Live progress: the phase groups and the workers' lines in the log, and the running stage's check run.
    log: (line) => {
      log.line(line);
      workers.line(line);
      publisher.onLine(line);
    },
    wrapLedger: (store) => new ScrubbingLedgerStore(store, d.scrub),
    sandbox,
    // The gateway's per-dispatch credentials are secrets too: an agent may echo its own.
    onSecret: (value) => {
      io.setSecret(value);
      d.scrub.add(value);
    },
  });
  const deps: EngineDeps = {
    ...engineDeps,
    onActivity: (a) => {
      workers.activity(a);
      publisher.onActivity(a);
    },
  };
  let roster: Roster | null = null;
  return {
    io,
    inputs,
    ctx,
    env: d.env,
    scrub: d.scrub,
    log,
    repoDir,
    remote: REMOTE,
    refs,
    head,
    planCommit,
    defaultBranch,
    rules,
    config,
    deps,
    client,
    trustedRoot,
    claims: new ClaimLog(io.saveState, { repoDir, remote: REMOTE, ledgerBranch: config.ledgerBranch }),
    publisher,
    // Built on first use: `status` needs no roster, and a roster naming an unavailable provider must not break it.
    roster: () =>
      (roster ??= buildRoster(
        {
          ...(inputs.executor ? { executor: inputs.executor } : {}),
          ...(inputs.verifiers ? { verifiers: inputs.verifiers } : {}),
          models: inputs.models,
        },
        config,
        { env: penv, trustedRoot },
      )),
    dispose: async () => {
      await publisher.closeProgress();
      log.close();
      if (trustedWorktree) await workspace.removeWorktree(trustedWorktree);
      // The trees the stage runs kept for reuse go before the job's checkout is handed back.
      await workspace.close();
      await sandbox.close();
      await restoreCredentials();
    },
  };
}

/** Modes that start agents or QA commands; the others (status, dry runs) need no boundary. */
function runsAgents(inputs: ActionInputs): boolean {
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

/**
 * The boundary agents run behind, proved on this machine before any of them
 * starts: an agent user must not be able to read okstra's environment.
 */
async function openSandbox(
  io: ActionIo,
  inputs: ActionInputs,
  config: OkstraConfig,
  env: Env,
  reachable: readonly string[],
): Promise<AgentSandbox> {
  if (!runsAgents(inputs)) return unisolatedSandbox();
  const sandbox = await createSandbox({ configured: config.isolation, shell: 'action', env, log: io.warning });
  for (const path of reachable) await sandbox.makeReachable(path);
  const broken = await checkBoundary(sandbox);
  if (broken) {
    await sandbox.close();
    throw new IsolationError(`the agents' boundary does not hold on this runner: ${broken}`);
  }
  io.info(`isolation: ${sandbox.statement}`);
  return sandbox;
}

/**
 * Where plans are read from: the `plan-ref` input's commit (the bot names a
 * pull request's head there, while the workflow runs on the default branch),
 * fetched when the checkout lacks it; else the checked-out commit. Only the
 * plan comes from it; the rules were read from the default branch already.
 */
async function resolvePlanCommit(
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
function needsApi(inputs: ActionInputs, ctx: RunnerContext, config: OkstraConfig): boolean {
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

/** The refs a run will use, before any provider is built: what `install-clis` must make available. */
export function builtinRefs(
  config: OkstraConfig,
  inputs: Pick<ActionInputs, 'executor' | 'verifiers'>,
  /** The providers' environment (keys included): the default verifiers are the vendors with a key. */
  env: Readonly<Record<string, string | undefined>> = {},
): BuiltinProvider[] {
  const request = {
    ...(inputs.executor ? { executor: inputs.executor } : {}),
    ...(inputs.verifiers ? { verifiers: inputs.verifiers } : {}),
  };
  const refs = [
    inputs.executor ?? config.executor,
    ...verifierRefs(request, config, env),
    ...(config.critic ? [config.critic] : []),
  ];
  return [...new Set(refs.filter(isBuiltin))];
}

function usesCommandProviders(config: OkstraConfig, inputs: Pick<ActionInputs, 'executor' | 'verifiers'>): boolean {
  const refs = [
    config.executor,
    ...(config.verifiers ?? []),
    config.critic ?? '',
    inputs.executor ?? '',
    ...(inputs.verifiers ?? []),
  ];
  return (
    refs.some((r) => r.startsWith('command:')) || Object.values(config.providers).some((p) => p.command !== undefined)
  );
}

/**
 * The pull request a run reports to: the `pr-number` input (the bot's), else
 * the event's. Its head commit comes from the event when it is the same pull
 * request, else from the API.
 */
async function resolvePullRequest(
  io: ActionIo,
  client: GitHubClient | null,
  ctx: RunnerContext,
  inputs: ActionInputs,
): Promise<{ number: number; headSha: string } | null> {
  const number = inputs.prNumber ?? ctx.event.pullRequest?.number ?? null;
  if (number === null) return null;
  const fromEvent = ctx.event.pullRequest?.number === number ? ctx.event.pullRequest.headSha : null;
  if (fromEvent) return { number, headSha: fromEvent };
  if (!client) return null;
  try {
    return { number, headSha: await pullRequestHead(client, ctx.repo, number) };
  } catch (error) {
    io.warning(
      `okstra: cannot read pull request #${number} (${describeApiError(error)}); its checks and comment are skipped`,
    );
    return null;
  }
}
