import { PROVIDER_NAME_PATTERN } from '../core/config/schema.js';
import { ProviderError } from './errors.js';

/**
 * Parses `--models` style overrides: `["claude=opus", "codex=gpt-5.5"]`, each
 * item may also hold several comma-separated pairs (`claude=opus,codex=gpt-5.5`).
 * The provider is a built-in, a name under `providers:`, or `command`.
 */
export function parseModelOverrides(items: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    for (const raw of item.split(',')) {
      const pair = raw.trim();
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      if (eq === -1)
        throw new ProviderError(
          'models/bad-override',
          `models override "${pair}" needs the form <provider>=<model>, e.g. claude=opus`,
        );
      const provider = pair.slice(0, eq).trim();
      const model = pair.slice(eq + 1).trim();
      if (provider === '')
        throw new ProviderError(
          'models/bad-override',
          `models override "${pair}" names no provider; write <provider>=<model>, e.g. claude=opus`,
        );
      if (provider !== 'command' && !PROVIDER_NAME_PATTERN.test(provider)) {
        throw new ProviderError(
          'models/bad-override',
          `models override "${pair}": "${provider}" is not a provider name (claude, codex, gemini, copilot, command, or a lower-case name under \`providers:\`)`,
        );
      }
      if (model === '' || /\s/.test(model))
        throw new ProviderError(
          'models/bad-override',
          `models override "${pair}" needs a model name without spaces after "=", e.g. ${provider}=<model>`,
        );
      const previous = out[provider];
      if (previous !== undefined && previous !== model) {
        throw new ProviderError(
          'models/bad-override',
          `models override gives ${provider} two models ("${previous}" and "${model}"); keep one`,
        );
      }
      out[provider] = model;
    }
  }
  return out;
}
