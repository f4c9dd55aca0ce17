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

/**
 * Subscription credentials a vendor's CLI takes in place of an API key, read
 * when the API key's variable is unset (and no `apiKeyEnv` names another):
 * Claude Code sends `CLAUDE_CODE_OAUTH_TOKEN` (from `claude setup-token`) as
 * a bearer token, which the gateway swaps as it swaps a key. docs/providers.md
 * says what each vendor's terms allow.
 */
export const SUBSCRIPTION_TOKEN_ENV: Readonly<Partial<Record<BuiltinProvider, string>>> = {
  claude: 'CLAUDE_CODE_OAUTH_TOKEN',
};

export type Credential = { name: string; value: string } | { name: string; value: null };

/** Whether the variable okstra read is the vendor's subscription token (its requests are billed to the plan). */
export function isSubscriptionToken(ref: BuiltinProvider, name: string): boolean {
  return SUBSCRIPTION_TOKEN_ENV[ref] === name;
}

export function apiKeyEnvFor(ref: BuiltinProvider, config: ProviderConfig | undefined): string {
  return config?.apiKeyEnv ?? DEFAULT_API_KEY_ENV[ref];
}

/**
 * The provider's key from the engine's environment; `value: null` when unset
 * or blank. Without `apiKeyEnv`, the API key's variable comes first, then the
 * vendor's subscription token.
 */
export function readCredential(ref: BuiltinProvider, config: ProviderConfig | undefined, env: EnvSource): Credential {
  const name = apiKeyEnvFor(ref, config);
  const value = env[name];
  if (value !== undefined && value.trim() !== '') return { name, value };
  const subscription = config?.apiKeyEnv === undefined ? SUBSCRIPTION_TOKEN_ENV[ref] : undefined;
  const token = subscription === undefined ? undefined : env[subscription];
  if (subscription !== undefined && token !== undefined && token.trim() !== '')
    return { name: subscription, value: token };
  return { name, value: null };
}

/** The sentence a user needs when the key is missing: what to set, and where. */
export function missingKeyMessage(product: string, ref: BuiltinProvider, name: string): string {
  return `${name} is not set: ${product} needs an API key. Set the secret ${name} in the environment okstra runs in (in a workflow: \`env: { ${name}: \${{ secrets.${name} }} }\`), or name the variable that holds it with providers.${ref}.apiKeyEnv in .okstra/config.yml`;
}
