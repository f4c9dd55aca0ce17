import { BUILTIN_PROVIDERS, type OkstraConfig } from '../core/config/schema.js';
import { closestMatch } from '../core/text/did-you-mean.js';
import { readCredential } from './cli-credentials.js';
import type { EnvSource } from './env.js';
import { ProviderError } from './errors.js';
import {
  isCommandRef,
  providerKey,
  providerKind,
  resolveProvider,
  rosterNameFor,
  type ProviderDeps,
} from './registry.js';
import type { Provider, ProviderKind } from './types.js';

// In a module of its own, so the Action's input parser takes it without every provider's module.
export { parseModelOverrides } from './model-overrides.js';

/**
 * Who works on a run: the executor, the verifiers and the optional critic,
 * each with its roster name, provider and model.
 */

export interface RosterMember {
  /** The provider reference as configured: `claude`, `aider`, `command:./agent.sh`. */
  ref: string;
  /** Roster name, e.g. `Codex worker`. */
  name: string;
  provider: Provider;
  kind: ProviderKind;
  /** override > `providers.<name>.model` > the provider's default; null when none applies. */
  model: string | null;
  /** `providers.<name>.timeoutMinutes` in ms, when set; null means the run's default for the role. */
  timeoutMs: number | null;
}

export interface Roster {
  executor: RosterMember;
  verifiers: RosterMember[];
  critic: RosterMember | null;
  /** `fallback:` of the config, in order: who takes a role over when its provider cannot work. Absent: none. */
  fallbacks?: { executor: RosterMember[]; verifiers: RosterMember[] };
}

/** What a run asks for; every field given here beats the config. */
export interface RosterRequest {
  executor?: string;
  verifiers?: readonly string[];
  /** `null` turns a configured critic off for this run. */
  critic?: string | null;
  /** `{ claude: 'opus', codex: 'gpt-5.5', command: '…' }`; see {@link parseModelOverrides}. */
  models?: Readonly<Record<string, string>>;
  excludeExecutorFromVerifiers?: boolean;
}

function unique(refs: readonly string[]): string[] {
  return [...new Set(refs)];
}

/**
 * The refs that verify: the executor's own provider (a fresh, read-only
 * session — that separation is the safeguard) followed by the requested
 * verifiers, or the configured ones, or else the {@link defaultVerifiers}.
 * The executor's provider is left out only when
 * `excludeExecutorFromVerifiers` is set.
 *
 * `env` is the environment the providers will read their keys from (the
 * engine's); without it no key counts as present, so the default is what
 * the config alone says.
 */
export function verifierRefs(request: RosterRequest, config: OkstraConfig, env: EnvSource = {}): string[] {
  const executor = request.executor ?? config.executor;
  const listed = request.verifiers ?? config.verifiers ?? defaultVerifiers(config, env);
  const exclude = request.excludeExecutorFromVerifiers ?? config.excludeExecutorFromVerifiers;
  const refs = unique([executor, ...listed]);
  return exclude ? refs.filter((r) => r !== executor) : refs;
}

/**
 * Who verifies when neither the run nor the config names verifiers: every
 * provider under `providers:` (configured on purpose, key or not), then every
 * other built-in vendor whose API key is set in `env`. So a repository with
 * keys for two vendors gets cross-vendor verification without a word of
 * config, and one with a single key gets the executor's vendor alone
 * (single-vendor verification, which the report says).
 */
export function defaultVerifiers(config: Pick<OkstraConfig, 'providers'>, env: EnvSource): string[] {
  const keyed = BUILTIN_PROVIDERS.filter((ref) => readCredential(ref, config.providers[ref], env).value !== null);
  return unique([...Object.keys(config.providers), ...keyed]);
}

/**
 * Who drafts a plan and who reviews it, as a roster request (the planner in
 * the executor's place): the planner is `planner:` (else the executor), and
 * the reviewers are the other providers, or the planner's own provider in
 * fresh sessions when it is the only one. One rule for every shell. `env`
 * counts as for {@link verifierRefs}: other vendors with a key review by default.
 */
export function planningRosterRequest(
  config: Pick<OkstraConfig, 'planner' | 'executor' | 'verifiers' | 'providers' | 'planning'>,
  overrides: { planner?: string; reviewers?: readonly string[]; models?: Readonly<Record<string, string>> } = {},
  env: EnvSource = {},
): RosterRequest {
  const planner = overrides.planner ?? config.planner ?? config.executor;
  const configured = overrides.reviewers ??
    config.planning.reviewers ??
    config.verifiers ?? [config.executor, ...defaultVerifiers(config, env)];
  const others = unique(configured).filter((r) => r !== planner);
  const reviewers = others.length > 0 ? others : [planner];
  return {
    executor: planner,
    verifiers: reviewers,
    critic: null,
    excludeExecutorFromVerifiers: !reviewers.includes(planner),
    ...(overrides.models ? { models: overrides.models } : {}),
  };
}

export function buildRoster(request: RosterRequest, config: OkstraConfig, deps: ProviderDeps = {}): Roster {
  const executorRef = request.executor ?? config.executor;
  // The providers read their keys from deps.env (else process.env); the default verifiers look in the same place.
  const verifiers = verifierRefs(request, config, deps.env ?? process.env);
  const criticRef = request.critic !== undefined ? request.critic : config.critic;
  const models = request.models ?? {};

  // The executor never falls back to itself (a run may name as executor what the config names as its fallback).
  const fallbackExecutors = config.fallback.executor.filter((r) => r !== executorRef);
  const fallbackVerifiers = config.fallback.verifiers.filter((r) => r !== executorRef);
  // Names first: they are fixed per provider and must tell workers apart.
  const all = unique([
    executorRef,
    ...verifiers,
    ...(criticRef ? [criticRef] : []),
    ...fallbackExecutors,
    ...fallbackVerifiers,
  ]);
  const refByName = new Map<string, string>();
  for (const ref of all) {
    const name = rosterNameFor(ref, config);
    const other = refByName.get(name);
    if (other !== undefined) throw duplicateName(name, other, ref);
    refByName.set(name, ref);
  }

  if (verifiers.length === 0) {
    throw new ProviderError(
      'roster/no-verifier',
      `a run needs at least one verifier, and this roster has none (executor "${executorRef}", excludeExecutorFromVerifiers: true, no other provider). Name verifiers with \`verifiers: [codex, gemini]\` in .okstra/config.yml or \`--verifiers\`, add a provider under \`providers:\`, or let the executor's provider verify in a fresh session by removing \`excludeExecutorFromVerifiers\``,
    );
  }

  checkModelKeys(models, config);
  const providers = new Map<string, Provider>();
  const member = (ref: string): RosterMember => {
    let provider = providers.get(ref);
    if (!provider) {
      provider = resolveProvider(ref, config, deps);
      providers.set(ref, provider);
    }
    const key = providerKey(ref);
    const settings = isCommandRef(ref) ? undefined : config.providers[ref];
    const minutes = settings?.timeoutMinutes;
    return {
      ref,
      name: rosterNameFor(ref, config),
      provider,
      kind: providerKind(ref, config),
      model: models[key] ?? settings?.model ?? provider.defaultModel ?? null,
      timeoutMs: minutes === undefined ? null : Math.round(minutes * 60_000),
    };
  };

  return {
    executor: member(executorRef),
    verifiers: verifiers.map(member),
    critic: criticRef ? member(criticRef) : null,
    ...(fallbackExecutors.length + fallbackVerifiers.length > 0
      ? { fallbacks: { executor: fallbackExecutors.map(member), verifiers: fallbackVerifiers.map(member) } }
      : {}),
  };
}

function duplicateName(name: string, first: string, second: string): ProviderError {
  if (isCommandRef(first) && isCommandRef(second)) {
    return new ProviderError(
      'roster/duplicate-name',
      `two anonymous command providers in one run would both be "${name}" ("${first}" and "${second}"), and the report could not tell them apart. Name them under \`providers:\` in .okstra/config.yml (e.g. \`fast-agent: { command: "…" }\` → "Fast-agent worker") and refer to them by those names`,
    );
  }
  return new ProviderError(
    'roster/duplicate-name',
    `providers "${first}" and "${second}" would both be "${name}" in this run; give one of them a different \`name:\` under \`providers:\` in .okstra/config.yml`,
  );
}

/** A models override may name a built-in, a configured provider, or `command` (anonymous command refs). */
function checkModelKeys(models: Readonly<Record<string, string>>, config: OkstraConfig): void {
  const known = unique([...BUILTIN_PROVIDERS, ...Object.keys(config.providers), 'command']);
  for (const key of Object.keys(models)) {
    if (known.includes(key)) continue;
    const match = closestMatch(key, known);
    throw new ProviderError(
      'models/bad-override',
      `models override names unknown provider "${key}"${match ? ` (did you mean "${match}"?)` : ''}; use one of ${known.join(', ')}`,
    );
  }
}
