import type { BuiltinProvider, ProviderConfig } from '../core/config/schema.js';
import type { EnvSource } from './env.js';
import type { Provider } from './types.js';

/**
 * What a provider is built from. Its own module, below both the registry and
 * the adapters: the registry imports the adapters, so the adapters cannot
 * import these types from the registry without an import cycle.
 */

/** What a provider needs from outside: the engine's environment and where temporary files go. */
export interface ProviderDeps {
  /** The engine's environment; a provider reads only its own key (`apiKeyEnv`) and a few base variables from it. Default `process.env`. */
  env?: EnvSource;
  /** Parent directory of per-dispatch private directories. Default `os.tmpdir()`. */
  tmpDir?: string;
  /** Cap on a worker's final message. Default 10 MB. */
  maxOutputBytes?: number;
  /** SIGTERM → SIGKILL grace when a dispatch times out. Default 2 s. */
  killGraceMs?: number;
  /** The trusted checkout (the repository root as configured); relative command paths resolve there, never in a worktree. */
  trustedRoot?: string;
  /** Adapters that replace the built-in ones (tests, alternative runtimes). */
  builtins?: Partial<Record<BuiltinProvider, BuiltinFactory>>;
}

export interface BuiltinContext {
  ref: BuiltinProvider;
  rosterName: string;
  /** `providers.<ref>` from the config, when present (model, baseUrl, apiKeyEnv, timeoutMinutes). */
  config: ProviderConfig | undefined;
  deps: ProviderDeps;
  /** `providers.<ref>.maxTurns` over `limits.turns`; `readOnly` is the verifier limit. Adapters whose CLI has no turn limit ignore it. */
  maxTurns: { executor: number; readOnly: number };
}

export type BuiltinFactory = (context: BuiltinContext) => Provider;
