import { isAbsolute, join, relative, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { OkstraConfig } from '../core/config/index.js';
import { runIdSuffix, type PlanRunKind } from '../core/ids.js';
import type { Plan } from '../core/plan/types.js';
import type { Scrubber } from '../core/text/scrub.js';
import { describeStrip, gitAuthEnv, headerSecrets, remoteAuth } from '../git/credentials.js';
import { Git } from '../git/git.js';
import type { LedgerStore } from '../git/ledger-store.js';
import { ScrubbingLedgerStore } from '../git/scrubbing-ledger-store.js';
import { RemoteRefs } from '../git/remote-refs.js';
import { loadGates } from '../engine/load-gates.js';
import { createEngineDeps, stageRequestBase } from '../engine/setup.js';
import type { EngineDeps, RunStageRequest } from '../engine/types.js';
import { buildRoster, parseModelOverrides, ProviderError, type ProviderDeps } from '../providers/index.js';
import { agentClisDir } from '../providers/cli-locate.js';
import { guardCheckout, type CheckoutGuard } from '../sandbox/checkout-guard.js';
import { createSandbox, IsolationError, type AgentSandbox } from '../sandbox/sandbox.js';
import { CliError, EXIT_INFRA, type CliIo } from './io.js';
import { readValidPlan } from './load-plan.js';
import { readRepoConfig } from './read-config.js';

export interface RunOptions {
  plan: string;
  repo?: string;
  remote?: string;
  config?: string;
  executor?: string;
  verifiers?: string[];
  model?: string[];
  critic?: string;
}

export interface PreparedRun {
  plan: Plan;
  config: OkstraConfig;
  deps: EngineDeps;
  request: Omit<RunStageRequest, 'stage' | 'runId'>;
  repoDir: string;
  /** Frees the agent users and takes back the folder permissions the sandbox added. */
  close(): Promise<void>;
}

export interface CommittedPlan {
  repoDir: string;
  plan: Plan;
  /** Repository-relative. */
  planPath: string;
  planCommit: string;
  /** The plan file's blob at that commit: what an approval names. */
  planBlob: string;
}

/** The repository around `--repo` (or the cwd). */
export async function repositoryTop(io: CliIo, repo: string | undefined): Promise<string> {
  const start = repo ? (isAbsolute(repo) ? repo : resolve(io.cwd, repo)) : io.cwd;
  const top = await new Git(start).run(['rev-parse', '--show-toplevel']).catch(() => null);
  if (!top || top.exitCode !== 0) throw new CliError(`${start} is not a git repository; pass --repo DIR`);
  return top.stdout.trim();
}

/**
 * A valid plan as committed at HEAD, with the commit and the blob a run (or an
 * approval) records: a plan with uncommitted changes is refused, because what
 * runs must be exactly what was approved.
 */
export async function readCommittedPlan(
  io: CliIo,
  opts: { plan: string; repo?: string; lenient?: boolean },
): Promise<CommittedPlan> {
  const repoDir = await repositoryTop(io, opts.repo);
  const git = new Git(repoDir);
  const plan = await readValidPlan(opts.plan, io.cwd, io.err, opts.lenient ? { lenient: true } : {});
  const planAbs = isAbsolute(opts.plan) ? opts.plan : resolve(io.cwd, opts.plan);
  const planPath = relative(repoDir, planAbs);
  if (planPath.startsWith('..') || isAbsolute(planPath))
    throw new CliError(
      `the plan ${opts.plan} is outside the repository ${repoDir}; plans live in the repository they change`,
    );
  const tracked = await git.run(['ls-files', '--error-unmatch', '--', planPath]);
  const dirty = await git.ok(['status', '--porcelain', '--', planPath]);
  if (tracked.exitCode !== 0 || dirty !== '') {
    throw new CliError(
      `the plan ${planPath} has uncommitted changes; commit it first (a run records the commit the approved plan was read from)`,
    );
  }
  const [planCommit = '', planBlob = ''] = (await git.ok(['rev-parse', 'HEAD', `HEAD:${planPath}`])).split('\n');
  return { repoDir, plan, planPath, planCommit, planBlob };
}

/**
 * Everything `okstra run` and `okstra chain` share: the repository, the
 * committed plan, the config, the roster and the engine's edges.
 */
export async function prepareRun(io: CliIo, opts: RunOptions, providerDeps: ProviderDeps = {}): Promise<PreparedRun> {
  const { repoDir, plan, planPath, planCommit, planBlob } = await readCommittedPlan(io, opts);

  const config = await readRepoConfig(io, repoDir, opts.config);
  let roster;
  try {
    roster = buildRoster(
      {
        ...(opts.executor ? { executor: opts.executor } : {}),
        ...(opts.verifiers ? { verifiers: opts.verifiers } : {}),
        ...(opts.critic !== undefined ? { critic: opts.critic } : {}),
        models: parseModelOverrides(opts.model ?? []),
      },
      config,
      { env: io.env, trustedRoot: repoDir, ...providerDeps },
    );
  } catch (error) {
    if (error instanceof ProviderError) throw new CliError(error.message);
    throw error;
  }

  if (opts.remote) await fetchPlanRefs(io, repoDir, opts.remote, plan);
  const gates = await loadGates(undefined, { overrideDir: join(repoDir, '.okstra', 'prompts') });
  const { sandbox, remoteEnv } = await openGuardedSandbox(io, config, repoDir, opts.remote);
  const deps = createEngineDeps({
    sandbox,
    repoDir,
    ledgerBranch: config.ledgerBranch,
    ...(opts.remote ? { remote: opts.remote, remoteEnv } : {}),
    gates,
    now: () => io.now(),
    log: (line) => io.out(line),
    // Rows and files reach the ledger without the environment's keys, as on a runner.
    ...(io.scrub ? { wrapLedger: scrubbingLedger(io.scrub) } : {}),
    ...(io.scrub ? { onSecret: (value: string) => void io.scrub?.add(value) } : {}),
  });
  return {
    plan,
    config,
    deps,
    repoDir,
    close: async () => {
      // The trees the run kept for its stages go first, then the agents' users.
      await deps.workspace.close();
      await sandbox.close();
    },
    request: stageRequestBase({
      plan,
      planPath,
      planCommit,
      planBlob,
      config,
      roster,
      trigger: { kind: 'cli', actor: io.env.USER ?? null, url: null },
      runUrl: null,
      env: io.env,
      ...(opts.remote ? { remote: opts.remote } : {}),
    }),
  };
}

/**
 * As root, agents run as separate unprivileged users who must reach the
 * repository's object store and the installed CLIs; as an ordinary user
 * they run as that user, said once.
 */
export async function openSandbox(io: CliIo, config: OkstraConfig, repoDir: string): Promise<AgentSandbox> {
  try {
    const sandbox = await createSandbox({
      configured: config.isolation,
      shell: 'cli',
      env: io.env,
      log: (line) => sayOnce(io, line),
    });
    await sandbox.makeReachable(repoDir);
    await sandbox.makeReachable(agentClisDir(io.env));
    // Worktrees and dispatch folders are made under the temp folder, which may be private to okstra's user.
    await sandbox.makeReachable(tmpdir());
    return sandbox;
  } catch (error) {
    if (error instanceof IsolationError) throw new CliError(error.message, EXIT_INFRA);
    throw error;
  }
}

/**
 * {@link openSandbox}, and the checkout guarded for as long as it is open
 * (src/sandbox/checkout-guard.ts): agents work in worktrees that share the
 * checkout's git config, so it holds no credential meanwhile, and what git
 * does not track there is closed to agent users. okstra's own fetches and
 * pushes authenticate with the captured credential through their
 * environment (`remoteEnv`). Closing the sandbox ends the agents first, then
 * puts the checkout back; a killed run's next one does.
 */
export async function openGuardedSandbox(
  io: CliIo,
  config: OkstraConfig,
  repoDir: string,
  remote: string | undefined,
): Promise<{ sandbox: AgentSandbox; remoteEnv: Record<string, string> }> {
  const sandbox = await openSandbox(io, config, repoDir);
  let guard: CheckoutGuard;
  try {
    guard = await guardCheckout(repoDir, {
      remote: remote ?? 'origin',
      closeUntracked: sandbox.mode === 'os-user',
      keepOpen: [agentClisDir(io.env), tmpdir()],
    });
  } catch (error) {
    await sandbox.close();
    throw new CliError(
      `cannot guard the checkout ${repoDir}: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_INFRA,
    );
  }
  const auth = remoteAuth(guard.strip, null);
  if (auth) for (const secret of headerSecrets(auth.header)) io.scrub?.add(secret);
  if (guard.recovered && guard.recovered.rewritten.length + guard.recovered.replayed.length > 0)
    io.err(
      `credentials: an okstra run that was killed had removed them from ${[...guard.recovered.rewritten, ...guard.recovered.replayed].join(', ')}; put back`,
    );
  if (guard.strip.found.length > 0) io.err(describeStrip(guard.strip, auth));
  if (guard.closed.length > 0)
    io.err(`untracked files: ${guard.closed.join(', ')} closed to agent users until the run ends`);
  if (guard.kept.length > 0)
    io.err(
      `untracked files: ${guard.kept.join(', ')} left readable by agent users: they hold the agent CLIs or the temp folder agents work in`,
    );
  const close = async (): Promise<void> => {
    // Agents end first: none may see the credential come back.
    await sandbox.close();
    const released = await guard.release();
    if (released.replayed.length > 0)
      io.err(
        `credentials: ${released.replayed.join(', ')} changed during the run; the removed entries were added back`,
      );
  };
  const guarded: AgentSandbox = {
    mode: sandbox.mode,
    get statement() {
      return sandbox.statement;
    },
    acquire: () => sandbox.acquire(),
    shareForReading: (dir) => sandbox.shareForReading(dir),
    makeReachable: (path) => sandbox.makeReachable(path),
    proven: () => sandbox.proven(),
    close,
  };
  return { sandbox: guarded, remoteEnv: gitAuthEnv(auth) };
}

const said = new WeakMap<CliIo, Set<string>>();

/** A notice of the sandbox is said once per command, however many runs (a demo's planning and its stages) open one. */
function sayOnce(io: CliIo, line: string): void {
  const lines = said.get(io) ?? new Set<string>();
  said.set(io, lines);
  if (lines.has(line)) return;
  lines.add(line);
  io.err(line);
}

/**
 * With a remote, its stage branches are the record: a fix run must re-enter
 * the branch another clone pushed, and a stage must build on done heads this
 * clone may never have seen. The ledger itself is fetched by the ledger store.
 */
async function fetchPlanRefs(io: CliIo, repoDir: string, remote: string, plan: Plan): Promise<void> {
  const refs = new RemoteRefs(repoDir, remote);
  try {
    await refs.fetchStageBranches(plan.id);
    if (plan.base) await refs.fetchBranch(plan.base, { tipOnly: true });
  } catch (error) {
    throw new CliError(
      `cannot fetch plan ${plan.id}'s branches from ${remote}: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_INFRA,
    );
  }
}

/** Local run ids: sortable by time, unique across machines. */
export function newLocalRunId(now: Date, what: number | PlanRunKind): string {
  return `local-${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${runIdSuffix(what)}-${randomBytes(3).toString('hex')}`;
}

function scrubbingLedger(scrub: Scrubber): (store: LedgerStore) => LedgerStore {
  return (store) => new ScrubbingLedgerStore(store, scrub);
}
