import { buildRoster, type Roster } from '../providers/roster.js';
import { builtinRefs, usesCommandProviders } from '../providers/run-providers.js';
import type { BuiltinProvider, OkstraConfig } from '../core/config/schema.js';
import type { EngineDeps } from '../engine/types.js';
import { createEngineDeps } from '../engine/setup.js';
import type { RemoteRefs } from '../git/remote-refs.js';
import type { EarlyLedgerTip } from '../git/ledger-store.js';
import { StageWorkspace } from '../workspace/stage-workspace.js';
import type { GitHubClient } from '../github/client.js';
import type * as ClientModule from '../github/client.js';
import { ClaimLog } from './claims.js';
import { runUrl, type Env, type RunnerContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { readPlanAt, type PlanRead } from './plans.js';
import { PhaseLog, WorkerLog, type ActionIo } from './io.js';
import { progressIntervalFrom } from '../github/check-progress.js';
import { StagePublisher, type CheckRunIds } from '../github/stage-publisher.js';
import type { Rules } from './rules.js';
import { providerEnv, providerKeyValues, ScrubbingLedgerStore, type Scrubber } from './secrets.js';
import { timed } from '../process/timings.js';
import type { AgentSandbox } from '../sandbox/sandbox.js';
import { PendingSandbox } from '../sandbox/pending-sandbox.js';
import {
  needsApi,
  openBoundary,
  openRepository,
  readRules,
  rulesBeforeCredentials,
  REMOTE,
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
  const clientModule = startClientModule(inputs);
  const { refs, head } = await openRepository(io, ctx);
  const early = rulesBeforeCredentials(refs, head, inputs, ctx);
  // Credentials out of the checkout's config for the run (session-setup.ts); restored by dispose(), or here when the
  // session cannot be opened (a config that fails validation, a CLI that cannot be installed, a boundary that fails).
  const credentials = await timed('session:credentials', () => takeCredentials(io, inputs, refs.repoDir, d.scrub));
  refs.useRemoteEnv(credentials.remoteEnv);
  try {
    return await openWithCredentials(d, { refs, head, early, credentials, clientModule, progressIntervalMs });
  } catch (error) {
    await credentials.restore();
    throw error;
  }
}

/** The rest of {@link openSession}, once the credentials are out of the checkout. */
async function openWithCredentials(
  d: SessionDeps,
  o: {
    refs: RemoteRefs;
    head: string;
    early: Promise<Rules> | null;
    credentials: { remoteEnv: Record<string, string>; restore: () => Promise<void> };
    clientModule: Promise<typeof ClientModule> | null;
    progressIntervalMs: number | undefined;
  },
): Promise<Session> {
  const { io, inputs, ctx } = d;
  const { refs, head } = o;
  const repoDir = refs.repoDir;
  const { remoteEnv, restore: restoreCredentials } = o.credentials;
  const { defaultBranch, rules, planCommit, config } = await readRules(io, refs, head, inputs, ctx, o.early);
  const penv = providerEnv(d.env, inputs);
  scrubProviderKeys(d, config, penv);
  if (inputs.installClis) await installClis(d, config, penv);
  const client = await gitHubClient(d, o.clientModule, config);

  const workspace = new StageWorkspace(repoDir, { remoteEnv });
  const { trustedRoot, removeTrusted } = await trustedCheckout(
    workspace,
    rules,
    head,
    usesCommandProviders(config, inputs),
  );
  const earlyPlan = earlyPlanRead(inputs, refs, planCommit, config.ledgerBranch);
  const boundary = openBoundary(io, inputs, config, { step: d.env, provider: penv }, [repoDir, trustedRoot]);
  const sandbox = new PendingSandbox(boundary.then((b) => b.sandbox));
  // A stage run proves its boundary beside its claim (runStage waits for it right after, and dispose() undoes the
  // session); every other mode before it returns, undoing what the session did when it fails.
  if (inputs.mode !== 'stage')
    await sandbox.proven().catch(async (error: unknown) => {
      await removeTrusted();
      throw error;
    });
  // Looked up when the publisher first needs it, after a stage's claim (it never rejects: a pull request it cannot
  // read is warned of, and skipped).
  const prLookup = (): ReturnType<typeof resolvePullRequest> =>
    timed('session:pr-lookup', () => resolvePullRequest(io, client, ctx, inputs));
  const publisher = stagePublisher(d, client, prLookup, o.progressIntervalMs);
  const { log, deps } = engineEdges(d, { repoDir, remoteEnv, rules, config, sandbox, publisher, earlyPlan });
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
    roster: rosterOnce(inputs, config, penv, trustedRoot),
    dispose: async () => {
      await publisher.closeProgress();
      log.close();
      await removeTrusted();
      // The trees the stage runs kept for reuse go before the job's checkout is handed back.
      await workspace.close();
      await sandbox.close();
      // A boundary that failed to open has closed what it had opened of it (openBoundary).
      await (await boundary.catch(() => null))?.reopenUntracked();
      await restoreCredentials();
    },
  };
}

/**
 * Where command providers' relative paths resolve: the checkout when it is the rules' commit, else that commit
 * checked out on its own (removed at the end), never a pull request's files.
 */
async function trustedCheckout(
  workspace: StageWorkspace,
  rules: Rules,
  head: string,
  needed: boolean,
): Promise<{ trustedRoot: string; removeTrusted: () => Promise<void> }> {
  const tree =
    rules.commit && rules.commit !== head && needed ? await workspace.addDetachedWorktree(rules.commit) : null;
  return {
    trustedRoot: tree ?? workspace.repoDir,
    removeTrusted: async () => {
      if (tree) await workspace.removeWorktree(tree);
    },
  };
}

/**
 * Octokit and its HTTP stack load only when the run may call the API, keeping them out of a plain run's start; asked
 * for now, their module compiles while git works instead of after it (a stage's claim waits on both).
 */
function startClientModule(inputs: ActionInputs): Promise<typeof ClientModule> | null {
  const clientModule = inputs.githubToken && !inputs.dryRun ? import('../github/client.js') : null;
  // Awaited where a client is made; left unawaited (no API call needed), a failed load must not end the process.
  void clientModule?.catch(() => undefined);
  return clientModule;
}

/** Before anything runs: the keys the config names by variable come from the step's env, not an input main.ts scrubbed. */
function scrubProviderKeys(d: SessionDeps, config: OkstraConfig, penv: Env): void {
  for (const key of providerKeyValues(config, penv)) {
    d.io.setSecret(key);
    const added = d.scrub.add(key);
    if (!added.added && added.reason !== 'the value is already scrubbed')
      d.io.warning(
        `okstra: a model key is not scrubbed by value (${added.reason}); the runner still masks it in this log`,
      );
  }
}

/** The `install-clis` input: the pinned agent CLIs the run's roster needs. */
async function installClis(d: SessionDeps, config: OkstraConfig, penv: Env): Promise<void> {
  if (!d.installClis) throw new Error('install-clis is not available in this build');
  const install = d.installClis;
  await timed('session:install-clis', () => install(builtinRefs(config, d.inputs, penv), penv, d.io.info));
}

/** The GitHub client when the run has a token and needs the API (session-setup.ts needsApi), else null. */
async function gitHubClient(
  d: SessionDeps,
  clientModule: Promise<typeof ClientModule> | null,
  config: OkstraConfig,
): Promise<GitHubClient | null> {
  const token = d.inputs.githubToken;
  if (!token || !clientModule || !needsApi(d.inputs, d.ctx, config)) return null;
  return (await timed('session:client-module', () => clientModule)).createGitHubClient({
    token,
    baseUrl: d.ctx.apiUrl,
    log: d.io.info,
    scrub: d.scrub,
    ...(d.fetch ? { fetch: d.fetch } : {}),
  });
}

/** The check handed over for the input's stage is that stage's: a job that goes on to another stage has none for it. */
function ownCheck(inputs: Pick<ActionInputs, 'checkRunIds' | 'stage'>): CheckRunIds {
  const ids = inputs.checkRunIds;
  if (ids.kind !== 'single' || inputs.stage === null) return ids;
  return { kind: 'by-stage', ids: new Map([[inputs.stage, ids.id]]) };
}

function stagePublisher(
  d: SessionDeps,
  client: GitHubClient | null,
  pr: () => ReturnType<typeof resolvePullRequest>,
  progressIntervalMs: number | undefined,
): StagePublisher {
  return new StagePublisher({
    io: d.io,
    client,
    repo: d.ctx.repo,
    targets: d.inputs.report,
    checkRunIds: ownCheck(d.inputs),
    pr,
    runUrl: runUrl(d.ctx),
    serverUrl: d.ctx.serverUrl,
    scrub: d.scrub,
    ...(progressIntervalMs !== undefined ? { progressIntervalMs } : {}),
  });
}

/** The engine's edges, with live progress: the phase groups and the workers' lines in the log, and the check run. */
function engineEdges(
  d: SessionDeps,
  e: Pick<Session, 'repoDir' | 'rules' | 'config' | 'publisher'> & {
    remoteEnv: Record<string, string>;
    sandbox: AgentSandbox;
    earlyPlan: EarlyPlan | null;
  },
): { log: PhaseLog; deps: EngineDeps } {
  const { io, scrub } = d;
  const { publisher } = e;
  const log = new PhaseLog(io, (t) => scrub.scrubAll(t));
  const workers = new WorkerLog(log, io.now);
  const engineDeps = createEngineDeps({
    repoDir: e.repoDir,
    ledgerBranch: e.config.ledgerBranch,
    remote: REMOTE,
    remoteEnv: e.remoteEnv,
    gates: e.rules.gates,
    now: io.now,
    log: (line) => {
      log.line(line);
      workers.line(line);
      publisher.onLine(line);
    },
    wrapLedger: (store) => new ScrubbingLedgerStore(store, scrub),
    earlyLedger: e.earlyPlan?.ledger ?? null,
    sandbox: e.sandbox,
    // The gateway's per-dispatch credentials are secrets too: an agent may echo its own.
    onSecret: (value) => {
      io.setSecret(value);
      scrub.add(value);
    },
  });
  const onActivity: EngineDeps['onActivity'] = (a) => {
    workers.activity(a);
    publisher.onActivity(a);
  };
  return { log, deps: { ...engineDeps, onActivity } };
}

/** Built on first use: `status` needs no roster, and a roster naming an unavailable provider must not break it. */
function rosterOnce(inputs: ActionInputs, config: OkstraConfig, penv: Env, trustedRoot: string): () => Roster {
  let roster: Roster | null = null;
  return () =>
    (roster ??= buildRoster(
      {
        ...(inputs.executor ? { executor: inputs.executor } : {}),
        ...(inputs.verifiers ? { verifiers: inputs.verifiers } : {}),
        models: inputs.models,
      },
      config,
      { env: penv, trustedRoot },
    ));
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
