import type { BuiltinProvider, OkstraConfig } from '../core/config/schema.js';
import { builtinOf } from './registry.js';
import { verifierRefs } from './roster.js';

/** The providers a run names besides the config's: its executor and verifiers (the Action's inputs). */
export interface RunProviderRefs {
  executor: string | null;
  verifiers: string[] | null;
}

/** The refs a run will use, before any provider is built: which built-in agent CLIs must be installed. */
export function builtinRefs(
  config: OkstraConfig,
  inputs: RunProviderRefs,
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
    // A fallback whose CLI is not installed could not take over: it would be unavailable too.
    ...config.fallback.executor,
    ...config.fallback.verifiers,
  ];
  return [...new Set(refs.flatMap((ref) => builtinOf(ref, config) ?? []))];
}

/** Whether a command provider may run: its relative paths resolve in the default branch's own checkout. */
export function usesCommandProviders(config: OkstraConfig, inputs: RunProviderRefs): boolean {
  const refs = [
    config.executor,
    ...(config.verifiers ?? []),
    config.critic ?? '',
    ...config.fallback.executor,
    ...config.fallback.verifiers,
    inputs.executor ?? '',
    ...(inputs.verifiers ?? []),
  ];
  return (
    refs.some((r) => r.startsWith('command:')) || Object.values(config.providers).some((p) => p.command !== undefined)
  );
}
