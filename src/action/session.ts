import { buildRoster, type Roster } from '../providers/roster.js';
import { builtinRefs, usesCommandProviders } from '../providers/run-providers.js';
import type { BuiltinProvider, OkstraConfig } from '../core/config/schema.js';
import type { EngineDeps } from '../engine/types.js';
import { createEngineDeps } from '../engine/setup.js';
import { RemoteRefs } from '../git/remote-refs.js';
import type { EarlyLedgerTip } from '../git/ledger-store.js';
import { StageWorkspace } from '../workspace/stage-workspace.js';
import type { GitHubClient } from '../github/client.js';
import { ClaimLog } from './claims.js';
import { runUrl, type Env, type RunnerContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { readPlanAt, type PlanRead } from './plans.js';
import { PhaseLog, WorkerLog, type ActionIo } from './io.js';
import { progressIntervalFrom } from '../github/check-progress.js';
import { StagePublisher } from '../github/stage-publisher.js';
import { loadRules, withInputOverrides, type Rules } from './rules.js';
import { providerEnv, providerKeyValues, ScrubbingLedgerStore, type Scrubber } from './secrets.js';
import { homedir, tmpdir } from 'node:os';
import { timed } from '../process/timings.js';
import { agentClisDir } from '../providers/cli-locate.js';
import {
  needsApi,
  openSandbox,
  REMOTE,
  resolvePlanCommit,
  closeUntracked,
  resolvePullRequest,
  takeCredentials,
} from './session-setup.js';

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
  /** A stage run's plan, read while the boundary was proven (earlyPlanRead); taken by loadPlan. */
  earlyPlan: EarlyPlan | null;
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

export async function openSession(d: SessionDeps): Promise<Session> {
  const { io, inputs, ctx } = d;
  // Read before anything is changed on the runner, so a bad value stops the run with nothing to undo.
  const progressIntervalMs = progressIntervalFrom(d.env);
  // Octokit and its HTTP stack load only when the run may call the API, keeping them out of a plain run's start;
  // asked for now, their module compiles while git works below instead of after it (a stage's claim waits on both).
  const clientModule = inputs.githubToken && !inputs.dryRun ? import('../github/client.js') : null;
  // Awaited where a client is made; left unawaited (no API call needed), a failed load must not end the process.
  void clientModule?.catch(() => undefined);
  const opened = await timed('session:open-refs', () => RemoteRefs.open(ctx.workspace, REMOTE));
  if (!opened)
    throw new Error(
      `${ctx.workspace} is not a git repository with a commit checked out: run actions/checkout before okstra`,
    );
  const { refs, head } = opened;
  const repoDir = refs.repoDir;
  io.info(
    `repository ${repoDir} at ${head.slice(0, 12)}${opened.shallow ? ' (shallow clone: fetching what the run needs)' : ''}`,
  );

  // Credentials out of the checkout's config for the run (session-setup.ts); restored by dispose().
  const { remoteEnv, restore: restoreCredentials } = await timed('session:credentials', () =>
    takeCredentials(io, inputs, repoDir, d.scrub),
  );
  refs.useRemoteEnv(remoteEnv);

  const defaultBranch = ctx.event.defaultBranch ?? (await timed('session:default-branch', () => refs.defaultBranch()));
  if (!defaultBranch) throw new Error(`cannot tell the default branch of ${REMOTE}; the config is read from it`);
  const rules = await timed('session:rules', () => loadRules(refs, defaultBranch, inputs.config));
  const planCommit = await timed('session:plan-commit', () => resolvePlanCommit(io, refs, head, inputs, ctx));
  const config = withInputOverrides(rules.config, inputs);
  io.info(
    `config: ${rules.source}${rules.overrides.length > 0 ? `; prompt overrides: ${rules.overrides.join(', ')}` : ''}`,
  );
  if (inputs.timeoutMinutes !== null)
    io.info(`timeouts capped at ${inputs.timeoutMinutes} min by the timeout-minutes input`);

  const penv = providerEnv(d.env, inputs);
  // Before anything runs: the keys the config names by variable come from the step's env, not an input main.ts scrubbed.
  for (const key of providerKeyValues(config, penv)) {
    io.setSecret(key);
    const added = d.scrub.add(key);
    if (!added.added && added.reason !== 'the value is already scrubbed')
      io.warning(
        `okstra: a model key is not scrubbed by value (${added.reason}); the runner still masks it in this log`,
      );
  }
  if (inputs.installClis) {
    if (!d.installClis) throw new Error('install-clis is not available in this build');
    const install = d.installClis;
    await timed('session:install-clis', () => install(builtinRefs(config, inputs, penv), penv, io.info));
  }

  const token = inputs.githubToken;
  const client =
    token && clientModule && needsApi(inputs, ctx, config)
      ? (await timed('session:client-module', () => clientModule)).createGitHubClient({
          token,
          baseUrl: ctx.apiUrl,
          log: io.info,
          scrub: d.scrub,
          ...(d.fetch ? { fetch: d.fetch } : {}),
        })
      : null;
  // Looked up while the boundary opens (it never rejects: a pull request it cannot read is warned of, and skipped).
  const prLookup = resolvePullRequest(io, client, ctx, inputs);

  const workspace = new StageWorkspace(repoDir, { remoteEnv });
  let trustedRoot = repoDir;
  let trustedWorktree: string | null = null;
  if (rules.commit && rules.commit !== head && usesCommandProviders(config, inputs)) {
    trustedWorktree = await workspace.addDetachedWorktree(rules.commit);
    trustedRoot = trustedWorktree;
  }

  const earlyPlan = earlyPlanRead(inputs, refs, planCommit, config.ledgerBranch);
  // ── the agents' boundary (src/sandbox) ────────────────────────────────────
  const sandbox = await timed('session:sandbox', () =>
    openSandbox(io, inputs, config, d.env, [repoDir, trustedRoot, agentClisDir(penv), tmpdir()]),
  ).catch(async (error: unknown) => {
    if (trustedWorktree) await workspace.removeWorktree(trustedWorktree);
    await restoreCredentials();
    throw error;
  });
  const reopenUntracked = await timed('session:close-untracked', () =>
    closeUntracked(io, sandbox, { repoDir, home: d.env.HOME ?? homedir() }, [agentClisDir(penv), tmpdir()]),
  ).catch(async (error: unknown) => {
    await sandbox.close();
    await restoreCredentials();
    throw error;
  });

  const pr = await timed('session:pr-lookup', () => prLookup);
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
    earlyLedger: earlyPlan?.ledger ?? null,
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
    earlyPlan,
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
      await reopenUntracked();
      await restoreCredentials();
    },
  };
}

export interface EarlyPlan {
  path: string;
  read: Promise<PlanRead>;
  /** The ledger branch, fetched with the plan's branches: the ledger store's first read. */
  ledger: Promise<EarlyLedgerTip | null>;
}

/**
 * A stage run's plan and its branches are read while the agents' boundary is
 * proven (sandbox and untracked files take tens of milliseconds of process
 * starts), not after it: the stage's claim waits for both. Reads only — the
 * plan at the plan commit, the plan's stage branches and base fetched from
 * the remote, the ledger branch in the stage branches' fetch — so nothing is
 * written before the boundary holds, and what they find is reported where it
 * always was (loadPlan, fetchPlanRefs, the engine's first ledger read).
 */
function earlyPlanRead(
  inputs: ActionInputs,
  refs: RemoteRefs,
  planCommit: string,
  ledgerBranch: string,
): EarlyPlan | null {
  if (inputs.mode !== 'stage' || inputs.plan === null) return null;
  const read = readPlanAt(refs, planCommit, inputs.plan).then((r) => {
    if (r.ok) {
      refs.prefetchStageBranches(r.plan.id, { ledgerBranch });
      if (r.plan.base) refs.fetchBranch(r.plan.base, { tipOnly: true }).catch(() => undefined);
    }
    return r;
  });
  // Awaited by loadPlan; a run that stops before it (the boundary failed) must not see an unhandled rejection.
  read.catch(() => undefined);
  const ledger = read.then(
    () => refs.takeEarlyLedger(ledgerBranch),
    () => null,
  );
  return { path: inputs.plan, read, ledger };
}
