import type { BuiltinProvider, ProviderConfig } from '../core/config/schema.js';
import type { EnvSource } from './env.js';

/**
 * Which environment variable holds each built-in's API key. okstra reads it
 * from its own environment (`providers.<name>.apiKeyEnv` names another one)
 * and hands it to that one CLI only, under the name the CLI reads.
 */
export const DEFAULT_API_KEY_ENV: Readonly<Record<BuiltinProvider, string>> = {
  claude: 'ANTHROPIC_API_KEY',
  codex: 'OPENAI_API_KEY',
  gemini: 'GEMINI_API_KEY',
  // Bring-your-own-key mode: the key of the OpenAI-compatible API the gateway forwards to (docs/providers.md).
  copilot: 'COPILOT_PROVIDER_API_KEY',
};

export type Credential = { name: string; value: string } | { name: string; value: null };

export function apiKeyEnvFor(ref: BuiltinProvider, config: ProviderConfig | undefined): string {
  return config?.apiKeyEnv ?? DEFAULT_API_KEY_ENV[ref];
}

/** The provider's key from the engine's environment; `value: null` when unset or blank. */
export function readCredential(ref: BuiltinProvider, config: ProviderConfig | undefined, env: EnvSource): Credential {
  const name = apiKeyEnvFor(ref, config);
  const value = env[name];
  return value === undefined || value.trim() === '' ? { name, value: null } : { name, value };
}

/** The sentence a user needs when the key is missing: what to set, and where. */
export function missingKeyMessage(product: string, ref: BuiltinProvider, name: string): string {
  return `${name} is not set: ${product} needs an API key. Set the secret ${name} in the environment okstra runs in (in a workflow: \`env: { ${name}: \${{ secrets.${name} }} }\`), or name the variable that holds it with providers.${ref}.apiKeyEnv in .okstra/config.yml`;
}
