import {
  BUILTIN_PROVIDERS,
  turnLimitsFor,
  type BuiltinProvider,
  type OkstraConfig,
  type ProviderConfig,
} from '../core/config/schema.js';
import { closestMatch } from '../core/text/did-you-mean.js';
import { CommandProvider } from './command.js';
import { createClaudeProvider } from './claude.js';
import { createCodexProvider } from './codex.js';
import { createGeminiProvider } from './gemini.js';
import { createCopilotProvider } from './copilot.js';
import { ProviderError } from './errors.js';
import type { BuiltinFactory, ProviderDeps } from './provider-deps.js';
import { CommandLineError } from './shell-words.js';
import type { Provider, ProviderKind } from './types.js';

/**
 * Provider references → providers. A reference is `claude`, `codex`,
 * `gemini`, a name under `providers:` in the config (a Command provider), or
 * `command:<program and arguments>` (an anonymous Command provider).
 */

export const COMMAND_REF_PREFIX = 'command:';

export type { BuiltinContext, BuiltinFactory, ProviderDeps } from './provider-deps.js';

/** The built-in agent CLIs. Plugging in a real adapter is one line here. */
export const BUILTIN_ADAPTERS: Readonly<Record<BuiltinProvider, BuiltinFactory>> = {
  claude: createClaudeProvider,
  codex: createCodexProvider,
  gemini: createGeminiProvider,
  copilot: createCopilotProvider,
};

export const BUILTIN_ROSTER_NAMES: Readonly<Record<BuiltinProvider, string>> = {
  claude: 'Claude worker',
  codex: 'Codex worker',
  gemini: 'Gemini worker',
  copilot: 'Copilot worker',
};

export const ANONYMOUS_COMMAND_ROSTER_NAME = 'Command worker';

export function isBuiltin(ref: string): ref is BuiltinProvider {
  return (BUILTIN_PROVIDERS as readonly string[]).includes(ref);
}

export function isCommandRef(ref: string): boolean {
  return ref.startsWith(COMMAND_REF_PREFIX);
}

/**
 * The key a provider's settings are found under: the ref itself, or
 * `command` for an anonymous `command:` ref (used by the models override).
 */
export function providerKey(ref: string): string {
  return isCommandRef(ref) ? 'command' : ref;
}

/**
 * The built-in agent CLI a reference runs: the built-in itself, or a provider under `providers:` with
 * `cli:` (the same CLI under another name and model); null for a command provider.
 */
export function builtinOf(ref: string, config: Pick<OkstraConfig, 'providers'>): BuiltinProvider | null {
  if (isBuiltin(ref)) return ref;
  if (isCommandRef(ref)) return null;
  return config.providers[ref]?.cli ?? null;
}

export function providerKind(ref: string, config: Pick<OkstraConfig, 'providers'> = { providers: {} }): ProviderKind {
  return builtinOf(ref, config) ?? 'command';
}

function unknownProvider(ref: string, config: OkstraConfig): ProviderError {
  const known = [...BUILTIN_PROVIDERS, ...Object.keys(config.providers).filter((k) => !isBuiltin(k))];
  const match = closestMatch(ref, known);
  return new ProviderError(
    'provider/unknown',
    `unknown provider "${ref}"${match ? ` (did you mean "${match}"?)` : ''}: use one of ${known.join(', ')}, define it under \`providers:\` in .okstra/config.yml, or write \`command:<program and arguments>\``,
  );
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The roster name a provider's worker gets, fixed per provider: `Claude
 * worker`, `Codex worker`, `Gemini worker`; `Command worker` for an anonymous
 * `command:` ref; `<Name> worker` for a named command provider (its `name:`,
 * else the key capitalised: `aider` → `Aider worker`); a built-in CLI under
 * another name likewise (`copilot-claude: { cli: copilot }` → `Copilot-claude worker`).
 */
export function rosterNameFor(ref: string, config: OkstraConfig): string {
  if (isBuiltin(ref)) return BUILTIN_ROSTER_NAMES[ref];
  if (isCommandRef(ref)) return ANONYMOUS_COMMAND_ROSTER_NAME;
  const entry = config.providers[ref];
  if (!entry) throw unknownProvider(ref, config);
  return `${entry.name ?? capitalise(ref)} worker`;
}

function commandProvider(
  commandLine: string,
  rosterName: string,
  config: ProviderConfig | undefined,
  deps: ProviderDeps,
  where: string,
): Provider {
  try {
    return new CommandProvider({
      commandLine,
      rosterName,
      ...(config ? { config } : {}),
      ...(deps.env ? { env: deps.env } : {}),
      ...(deps.tmpDir !== undefined ? { tmpDir: deps.tmpDir } : {}),
      ...(deps.maxOutputBytes !== undefined ? { maxOutputBytes: deps.maxOutputBytes } : {}),
      ...(deps.killGraceMs !== undefined ? { killGraceMs: deps.killGraceMs } : {}),
      ...(deps.trustedRoot !== undefined ? { resolveFrom: deps.trustedRoot } : {}),
    });
  } catch (error) {
    if (error instanceof CommandLineError)
      throw new ProviderError('provider/bad-command-line', `${where}: ${error.message}`);
    throw error;
  }
}

/** The provider a reference names. Throws {@link ProviderError} with a message that says how to fix the reference. */
export function resolveProvider(ref: string, config: OkstraConfig, deps: ProviderDeps = {}): Provider {
  const rosterName = rosterNameFor(ref, config);
  const cli = builtinOf(ref, config);
  if (cli !== null) {
    const factory = deps.builtins?.[cli] ?? BUILTIN_ADAPTERS[cli];
    const turns = turnLimitsFor(config, ref);
    const provider = factory({
      ref: cli,
      rosterName,
      config: config.providers[ref],
      deps,
      maxTurns: { executor: turns.executor, readOnly: turns.verifier },
    });
    if (provider.rosterName !== rosterName) {
      throw new Error(
        `the ${ref} adapter calls its worker "${provider.rosterName}", but its roster name is "${rosterName}"`,
      );
    }
    return provider;
  }
  if (isCommandRef(ref)) {
    const line = ref.slice(COMMAND_REF_PREFIX.length);
    if (line.trim() === '')
      throw new ProviderError(
        'provider/bad-command-line',
        '`command:` needs a program after the colon, e.g. `command:node scripts/agent.mjs`',
      );
    return commandProvider(line, rosterName, undefined, deps, `provider "${ref}"`);
  }
  const entry = config.providers[ref] as ProviderConfig;
  if (!entry.command) {
    throw new ProviderError(
      'provider/without-command',
      `providers.${ref}: a provider that is not claude, codex, gemini or copilot needs \`command\` (the program and its arguments; see docs/providers.md)`,
    );
  }
  return commandProvider(entry.command, rosterName, entry, deps, `providers.${ref}.command`);
}
