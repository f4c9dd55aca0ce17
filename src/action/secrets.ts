import { DEFAULT_API_KEY_ENV, SUBSCRIPTION_TOKEN_ENV } from '../providers/cli-credentials.js';
import { Scrubber } from '../core/text/scrub.js';
import type { OkstraConfig } from '../core/config/schema.js';
import type { ActionInputs } from './inputs.js';
import type { Env } from './context.js';

/**
 * The API keys and the token: masked in the log, handed to the one provider
 * that owns each key, and scrubbed from anything okstra writes (the ledger,
 * reports, summaries, check runs, comments), because an agent may still echo
 * its own key into its answer (in any encoding: src/core/text/scrub.ts).
 */

/**
 * The variable each key input reaches its provider under: the built-in
 * adapters' default `apiKeyEnv` (src/providers/cli-credentials.ts), which a
 * command provider can name in its own `apiKeyEnv`.
 */
export const API_KEY_ENV = {
  anthropic: DEFAULT_API_KEY_ENV.claude,
  openai: DEFAULT_API_KEY_ENV.codex,
  gemini: DEFAULT_API_KEY_ENV.gemini,
  claudeOauth: 'CLAUDE_CODE_OAUTH_TOKEN',
} as const;

/** The secret values of the inputs, longest first so a key containing another is replaced whole. */
export function secretValues(inputs: Pick<ActionInputs, 'githubToken' | 'apiKeys'>): string[] {
  const { anthropic, openai, gemini, claudeOauth } = inputs.apiKeys;
  const values = [inputs.githubToken, anthropic, openai, gemini, claudeOauth].filter(
    (v): v is string => v !== null && v.length >= 4,
  );
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** The AWS credentials `aws-actions/configure-aws-credentials` exports, read by a `via: bedrock` provider. */
/** Azure OpenAI's key variable unless `apiKeyEnv` names another (src/providers/platforms.ts reads the same). */
const AZURE_KEY_ENV = 'AZURE_OPENAI_API_KEY';
const AWS_CREDENTIAL_ENV = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;

/**
 * The model keys the run may hand to a gateway, by value: each built-in's
 * default variable and every variable a provider's `apiKeyEnv` names, read
 * from the providers' environment (a key input or the step's own `env:`). A
 * custom variable name matches no pattern, so only its value can catch it.
 */
export function providerKeyValues(config: Pick<OkstraConfig, 'providers'>, env: Env): string[] {
  const names = new Set<string>([...Object.values(DEFAULT_API_KEY_ENV), ...Object.values(SUBSCRIPTION_TOKEN_ENV)]);
  for (const provider of Object.values(config.providers)) {
    if (provider.apiKeyEnv) names.add(provider.apiKeyEnv);
    // A platform's credentials, which the gateway signs with (the key id alone grants nothing, but names the account).
    if (provider.via === 'bedrock') for (const name of AWS_CREDENTIAL_ENV) names.add(name);
    if (provider.via === 'azure') names.add(AZURE_KEY_ENV);
  }
  return [...names].map((name) => env[name]?.trim() ?? '').filter((v) => v !== '');
}

/**
 * Tokens the runner itself puts in the step's environment: the Actions
 * runtime (cache and artifact service), the OIDC token request, and a
 * GitHub token a workflow may pass as a variable. okstra never sends them,
 * but an agent that can read its environment could echo them.
 */
export const RUNNER_TOKEN_VARIABLES = [
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'GITHUB_TOKEN',
  'GH_TOKEN',
] as const;

export function runnerTokens(env: Env): string[] {
  return RUNNER_TOKEN_VARIABLES.map((name) => env[name]?.trim() ?? '').filter((v) => v !== '');
}

// The one scrubber of known values (src/core/text/scrub.ts); re-exported where the Action's wiring has always found it.
export { Scrubber };

// Where the Action's wiring finds the scrubbing ledger store (src/git/scrubbing-ledger-store.ts); the CLI uses it too.
export { ScrubbingLedgerStore } from '../git/scrubbing-ledger-store.js';

/**
 * The environment providers are built with: the step's own environment
 * without any `INPUT_*` variable, plus each API key under its provider's
 * variable. A provider reads only its own key from it (`apiKeyEnv`), and QA
 * commands never see it (they get the base variables only).
 */
export function providerEnv(env: Env, inputs: Pick<ActionInputs, 'apiKeys'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !k.startsWith('INPUT_')) out[k] = v;
  for (const [provider, name] of Object.entries(API_KEY_ENV) as Array<[keyof typeof API_KEY_ENV, string]>) {
    const key = inputs.apiKeys[provider];
    if (key) out[name] = key;
  }
  return out;
}

/**
 * Removes the secret inputs from this process's environment once they are
 * read, so git, QA commands and every other child okstra starts cannot
 * inherit them.
 */
export function dropSecretInputs(env: Record<string, string | undefined>, names: readonly string[]): void {
  for (const name of names) Reflect.deleteProperty(env, `INPUT_${name.replace(/ /g, '_').toUpperCase()}`);
}
