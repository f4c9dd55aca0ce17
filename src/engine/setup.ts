import { parseConfig, type ConfigParseResult } from '../core/config/index.js';
import { PROMPT_FILE_IDS, promptFileName, type GateBodies } from '../core/prompts/catalogue.js';
import { GitLedgerStore, type EarlyLedgerTip, type LedgerStore } from '../git/ledger-store.js';
import { StageWorkspace } from '../workspace/stage-workspace.js';
import { minimalEnv, type EnvSource } from '../providers/env.js';
import { unisolatedSandbox, type AgentSandbox } from '../sandbox/sandbox.js';
import type { Gateway, GatewayOptions } from '../sandbox/gateway/index.js';
import { loadGates } from './load-gates.js';
import { runQa } from './run-qa.js';
import type { EngineDeps, PlanRunRequest, RunStageRequest } from './types.js';

/**
 * The wiring the CLI and the Action share, so both stay thin shells over one
 * engine: they differ only in where the plan, the config and the prompt
 * overrides come from (the local work tree, or the default branch on a
 * runner) and in where log lines go.
 */

export interface EngineWiring {
  repoDir: string;
  ledgerBranch: string;
  /** The remote whose ledger branch is the ledger of record (compare-and-swap pushes). */
  remote?: string;
  gates: GateBodies;
  now: () => Date;
  log: (line: string) => void;
  /** Authenticates the ledger's and the stage branches' fetches and pushes (gitAuthEnv). */
  remoteEnv?: Record<string, string>;
  /** Called with every secret a run mints (per-dispatch gateway credentials), for the shell's scrubber. */
  onSecret?: (value: string) => void;
  /** Who agents and QA commands run as; the shells create it (createSandbox). Default: okstra's own user. */
  sandbox?: AgentSandbox;
  /** Lets a shell decorate the ledger store (the Action scrubs its secrets from everything written). */
  wrapLedger?: (store: LedgerStore) => LedgerStore;
  /** The ledger branch fetched ahead of the store (a stage job's prefetch), for its first read. */
  earlyLedger?: Promise<EarlyLedgerTip | null> | null;
}

export function createEngineDeps(w: EngineWiring): EngineDeps {
  const store = new GitLedgerStore({
    repoDir: w.repoDir,
    branch: w.ledgerBranch,
    ...(w.remote ? { remote: w.remote } : {}),
    ...(w.remoteEnv ? { remoteEnv: w.remoteEnv } : {}),
    ...(w.earlyLedger ? { early: w.earlyLedger } : {}),
    now: w.now,
  });
  return {
    ledger: w.wrapLedger ? w.wrapLedger(store) : store,
    workspace: new StageWorkspace(w.repoDir, w.remoteEnv ? { remoteEnv: w.remoteEnv } : {}),
    runQa: (commands, o) => runQa(commands, { cwd: o.cwd, env: o.env, ...(o.lease ? { lease: o.lease } : {}) }),
    sandbox: w.sandbox ?? unisolatedSandbox(),
    startGateway: startGatewayLazily,
    ...(w.onSecret ? { onSecret: w.onSecret } : {}),
    gates: w.gates,
    now: w.now,
    log: w.log,
  };
}

/** The config from its text; a missing file (null) is the all-defaults config. */
export function configFromText(text: string | null, shownPath: string): ConfigParseResult {
  return parseConfig(text ?? '', shownPath);
}

/**
 * okstra's own prompt files with a repository's overrides laid over them,
 * keyed by file name (`executor.md`). Names that are not prompt files are
 * ignored, as a folder of overrides on disk would ignore them.
 */
export async function gatesWithOverrides(overrides: Readonly<Record<string, string>>): Promise<GateBodies> {
  const defaults = await loadGates();
  const merged: Record<string, string> = { ...defaults };
  for (const id of PROMPT_FILE_IDS) {
    const text = overrides[promptFileName(id)];
    if (text !== undefined) merged[id] = text;
  }
  return merged as GateBodies;
}

export interface StageRequestBase extends Omit<PlanRunRequest, 'runId' | 'qaEnv'> {
  /** The shell's environment; QA commands get only its harmless base variables. */
  env: EnvSource;
}

/** Every field of a stage request except the stage and its run id. */
export function stageRequestBase(b: StageRequestBase): Omit<RunStageRequest, 'stage' | 'runId'> {
  return {
    plan: b.plan,
    planPath: b.planPath,
    planCommit: b.planCommit,
    planBlob: b.planBlob,
    ...(b.approveHint ? { approveHint: b.approveHint } : {}),
    config: b.config,
    roster: b.roster,
    trigger: b.trigger,
    runUrl: b.runUrl,
    qaEnv: minimalEnv(b.env),
    ...(b.remote ? { remote: b.remote } : {}),
  };
}

/**
 * The gateway's module (its server, the cloud upstreams' signer and codecs) loads when a run opens its gateway,
 * after the stage's claim: a stage's claim is what the next hop waits for, and compiling them before it cost every
 * stage run.
 */
async function startGatewayLazily(options: GatewayOptions): Promise<Gateway> {
  return (await import('../sandbox/gateway/index.js')).startGateway(options);
}
