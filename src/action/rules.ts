import { DEFAULT_CONFIG_PATH, type OkstraConfig } from '../core/config/index.js';
import { formatDiagnostic } from '../core/diagnostics.js';
import type { GateBodies } from '../core/prompts/catalogue.js';
import { configFromText, gatesWithOverrides } from '../engine/setup.js';
import type { RemoteRefs } from '../git/remote-refs.js';
import type { ActionInputs } from './inputs.js';

/**
 * The rules a run is judged by: `.okstra/config.yml` and the prompt
 * overrides in `.okstra/prompts/`, read from the repository's default
 * branch and never from the checkout, which may be a pull request's head:
 * a change under review must not rewrite the rules that judge it.
 */

export const PROMPT_OVERRIDE_DIR = '.okstra/prompts';

export interface Rules {
  config: OkstraConfig;
  gates: GateBodies;
  defaultBranch: string;
  /** The default branch commit the rules were read from; null when the remote has no such branch yet. */
  commit: string | null;
  /** Human-readable origin of the config, e.g. `main@1a2b3c4d5e6f:.okstra/config.yml (defaults: file absent)`. */
  source: string;
  /** Prompt files the repository overrides. */
  overrides: string[];
}

export class RulesError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'RulesError';
  }
}

/**
 * The rules at the default branch's tip, fetched; or at `onDefaultBranch`, a commit the runner says the run was
 * triggered for on the default branch (GITHUB_REF and GITHUB_SHA) and that is checked out: a commit of that branch
 * already here, read by its id (never from the checkout's files), with no fetch on the way to a stage's claim.
 */
export async function loadRules(
  refs: RemoteRefs,
  defaultBranch: string,
  configPath: string,
  onDefaultBranch: string | null = null,
): Promise<Rules> {
  const commit = onDefaultBranch ?? (await refs.fetchBranch(defaultBranch, { tipOnly: true }));
  const where = commit ? `${defaultBranch}@${commit.slice(0, 12)}` : defaultBranch;
  let text: string | null = null;
  let overrides: Record<string, string> = {};
  if (commit) {
    const files = (await refs.listFiles(commit, PROMPT_OVERRIDE_DIR)).filter((f) => f.endsWith('.md'));
    // The config and every override in one read.
    const read = await refs.readFiles(commit, [configPath, ...files]);
    text = read[configPath] ?? null;
    overrides = Object.fromEntries(
      files.flatMap((f) =>
        read[f] === null || read[f] === undefined ? [] : [[f.slice(PROMPT_OVERRIDE_DIR.length + 1), read[f]]],
      ),
    );
  }
  // Only the conventional path may be absent (all defaults); a path the workflow names must exist.
  if (text === null && configPath !== DEFAULT_CONFIG_PATH)
    throw new RulesError(
      `input "config": ${configPath} does not exist on the default branch (${where}); the config is read from there, never from the checkout`,
    );
  const shown = `${where}:${configPath}`;
  const parsed = configFromText(text, shown);
  if (!parsed.config)
    throw new RulesError(
      `${shown} is not a valid okstra config (${parsed.errors.length} error${parsed.errors.length === 1 ? '' : 's'})`,
      parsed.errors.map(formatDiagnostic),
    );
  return {
    config: parsed.config,
    gates: await gatesWithOverrides(overrides),
    defaultBranch,
    commit,
    source: text === null ? `${shown} (absent: all defaults)` : shown,
    overrides: Object.keys(overrides).sort(),
  };
}

/**
 * The workflow's inputs laid over the config: `ledger-branch` replaces the
 * ledger branch; `timeout-minutes` caps every session and QA timeout, so a
 * job never outlives the limit its author set.
 */
export function withInputOverrides(
  config: OkstraConfig,
  inputs: Pick<ActionInputs, 'ledgerBranch' | 'timeoutMinutes'>,
): OkstraConfig {
  const cap = inputs.timeoutMinutes;
  const min = (v: number): number => (cap === null ? v : Math.min(v, cap));
  return {
    ...config,
    ...(inputs.ledgerBranch ? { ledgerBranch: inputs.ledgerBranch } : {}),
    timeouts: {
      executorMinutes: min(config.timeouts.executorMinutes),
      verifierMinutes: min(config.timeouts.verifierMinutes),
      qaMinutes: min(config.timeouts.qaMinutes),
    },
    qaCommands: config.qaCommands.map((q) =>
      typeof q === 'string' || q.timeoutMinutes === undefined ? q : { ...q, timeoutMinutes: min(q.timeoutMinutes) },
    ),
    providers: Object.fromEntries(
      Object.entries(config.providers).map(([k, p]) => [
        k,
        p.timeoutMinutes === undefined ? p : { ...p, timeoutMinutes: min(p.timeoutMinutes) },
      ]),
    ),
  };
}
