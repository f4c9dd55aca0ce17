import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { ProviderConfig } from '../core/config/schema.js';
import {
  platformCredentialState,
  type PlatformCredentialState,
  type PlatformFacts,
} from '../core/platforms/credentials.js';
import { AZURE_KEY_ENV } from './platforms.js';
import type { EnvSource } from './env.js';

/** The names `platformCredentialState` looks at; only whether each is set is read, never its value. */
const WATCHED = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_ROLE_ARN',
  'AWS_PROFILE',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'AZURE_CLIENT_ID',
  'AZURE_TENANT_ID',
  'AZURE_CLIENT_SECRET',
  'AZURE_CLIENT_CERTIFICATE_PATH',
  'AZURE_FEDERATED_TOKEN_FILE',
] as const;

/** What doctor reports for a provider configured `via:` a platform, or null for one that is not. */
export function platformCheck(
  config: ProviderConfig | undefined,
  env: EnvSource,
): (PlatformCredentialState & { via: NonNullable<ProviderConfig['via']> }) | null {
  const via = config?.via;
  if (via === undefined) return null;
  const azureKeyEnv = config?.apiKeyEnv ?? AZURE_KEY_ENV;
  const isSet = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  const facts: PlatformFacts = {
    set: new Set([...WATCHED, azureKeyEnv].filter(isSet)),
    adcFileExists: isSet('GOOGLE_APPLICATION_CREDENTIALS') && existsSync(env.GOOGLE_APPLICATION_CREDENTIALS ?? ''),
    gcloudAdcExists:
      isSet('HOME') && existsSync(join(env.HOME ?? '', '.config', 'gcloud', 'application_default_credentials.json')),
    azureCli: onPath('az', env.PATH ?? ''),
    azureKeyEnv,
    azureKeyNamed: config?.apiKeyEnv !== undefined,
  };
  return { via, ...platformCredentialState(via, facts) };
}

function onPath(program: string, path: string): boolean {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(join(dir, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}
