import { createHash } from 'node:crypto';
import { BUILTIN_PROVIDERS, type BuiltinProvider } from '../core/config/builtin-providers.js';
import { AGENT_CLI_PINS, type AgentCliPin } from './cli-pins.js';

/**
 * The key under which a workflow caches okstra's agent CLI folder between
 * jobs (`mode: cli-cache-key`, then `actions/cache`). The folder holds one
 * `<name>@<version>` install per pinned CLI with its platform's native
 * binaries, so a cached copy is reusable exactly when the runner's OS and
 * architecture and every pin are the same: the key names the first two and
 * hashes the third, so bumping any pin starts a new cache instead of
 * restoring binaries of the old version.
 */

export interface RunnerPlatform {
  /** `runner.os`: `Linux`, `Windows`, `macOS`. */
  os: string;
  /** `runner.arch`: `X86`, `X64`, `ARM`, `ARM64`. */
  arch: string;
}

export const CLI_CACHE_KEY_PREFIX = 'okstra-agent-clis';

// actions/cache refuses keys with commas and keys over 512 characters; runner.os and runner.arch are short words.
const PLATFORM_PART = /^[A-Za-z0-9_.-]{1,32}$/;

/** `okstra-agent-clis-Linux-X64-<16 hex digits>`. */
export function agentClisCacheKey(
  runner: RunnerPlatform,
  pins: Readonly<Record<BuiltinProvider, AgentCliPin>> = AGENT_CLI_PINS,
): string {
  for (const [what, value] of [
    ['runner OS', runner.os],
    ['runner architecture', runner.arch],
  ] as const)
    if (!PLATFORM_PART.test(value))
      throw new Error(
        `cannot name the agent CLI cache: the ${what} ${JSON.stringify(value)} is not a short word of letters, digits, . _ - (RUNNER_OS and RUNNER_ARCH, as a runner sets them)`,
      );
  return `${CLI_CACHE_KEY_PREFIX}-${runner.os}-${runner.arch}-${pinsHash(pins)}`;
}

/** A short hash of every pinned spec, in a fixed order, so the key does not depend on how the pins object was built. */
export function pinsHash(pins: Readonly<Record<BuiltinProvider, AgentCliPin>>): string {
  const specs = [...BUILTIN_PROVIDERS].sort().map((ref) => `${ref}=${pins[ref].package}@${pins[ref].version}`);
  return createHash('sha256').update(specs.join('\n')).digest('hex').slice(0, 16);
}

const RUNNER_OS: Readonly<Record<string, string>> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };
const RUNNER_ARCH: Readonly<Record<string, string>> = { x64: 'X64', ia32: 'X86', arm64: 'ARM64', arm: 'ARM' };

/**
 * `runner.os` and `runner.arch` as the runner states them (RUNNER_OS,
 * RUNNER_ARCH), else the same words derived from Node's platform and
 * architecture, so the key this process prints is the one a workflow would
 * spell with `${{ runner.os }}-${{ runner.arch }}`.
 */
export function runnerPlatform(
  env: Readonly<Record<string, string | undefined>>,
  node: { platform: string; arch: string },
): RunnerPlatform {
  return {
    os: env.RUNNER_OS || (RUNNER_OS[node.platform] ?? node.platform),
    arch: env.RUNNER_ARCH || (RUNNER_ARCH[node.arch] ?? node.arch.toUpperCase()),
  };
}
