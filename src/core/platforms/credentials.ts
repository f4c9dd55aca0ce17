/**
 * What `okstra doctor` says of a cloud platform's credentials, from facts
 * about okstra's environment only (which variables are set, whether a named
 * file exists, whether a program is on PATH): no value is read, no network
 * is asked. `unchecked`: a source the vendor's default chain would try at run
 * time (an instance role, the metadata server, the Azure CLI's sign-in),
 * which only a real request can prove.
 */

export type Platform = 'bedrock' | 'vertex' | 'azure';

export interface PlatformFacts {
  /** Names of the set, non-empty variables of okstra's environment. */
  set: ReadonlySet<string>;
  /** Whether the file GOOGLE_APPLICATION_CREDENTIALS names exists (false when it names none). */
  adcFileExists: boolean;
  /** Whether gcloud's own ADC file exists (`~/.config/gcloud/application_default_credentials.json`). */
  gcloudAdcExists: boolean;
  /** Whether `az` (the Azure CLI) is on PATH. */
  azureCli: boolean;
  /** The variable the Azure key is read from (`apiKeyEnv`, else AZURE_OPENAI_API_KEY), and whether the config named it. */
  azureKeyEnv: string;
  azureKeyNamed: boolean;
}

export interface PlatformCredentialState {
  state: 'set' | 'missing' | 'unchecked';
  /** Where okstra would take the credential from, in a few words (names only). */
  source: string;
  /** What to do when `missing`. */
  fix?: string;
}

export function platformCredentialState(via: Platform, facts: PlatformFacts): PlatformCredentialState {
  if (via === 'bedrock') return awsState(facts);
  if (via === 'vertex') return googleState(facts);
  return azureState(facts);
}

function awsState({ set }: PlatformFacts): PlatformCredentialState {
  if (set.has('AWS_ACCESS_KEY_ID') && set.has('AWS_SECRET_ACCESS_KEY'))
    return { state: 'set', source: `AWS_ACCESS_KEY_ID${set.has('AWS_SESSION_TOKEN') ? ' + AWS_SESSION_TOKEN' : ''}` };
  if (set.has('AWS_WEB_IDENTITY_TOKEN_FILE') && set.has('AWS_ROLE_ARN'))
    return { state: 'set', source: 'AWS_ROLE_ARN with AWS_WEB_IDENTITY_TOKEN_FILE' };
  if (set.has('AWS_PROFILE')) return { state: 'unchecked', source: 'AWS_PROFILE (the SDK reads the profile)' };
  return {
    state: 'unchecked',
    source: 'the AWS SDK default chain (an instance or container role)',
    fix: 'on GitHub-hosted runners run aws-actions/configure-aws-credentials first (the reusable workflow: aws-role-arn)',
  };
}

function googleState(facts: PlatformFacts): PlatformCredentialState {
  if (facts.set.has('GOOGLE_APPLICATION_CREDENTIALS'))
    return facts.adcFileExists
      ? { state: 'set', source: 'GOOGLE_APPLICATION_CREDENTIALS' }
      : {
          state: 'missing',
          source: 'GOOGLE_APPLICATION_CREDENTIALS names no file',
          fix: 'point GOOGLE_APPLICATION_CREDENTIALS at the file google-github-actions/auth wrote',
        };
  if (facts.gcloudAdcExists) return { state: 'set', source: "gcloud's application default credentials" };
  return {
    state: 'unchecked',
    source: 'the metadata server (Google Cloud runners only)',
    fix: 'run google-github-actions/auth first (the reusable workflow: gcp-workload-identity-provider)',
  };
}

function azureState(facts: PlatformFacts): PlatformCredentialState {
  const { set, azureKeyEnv } = facts;
  if (set.has(azureKeyEnv)) return { state: 'set', source: `${azureKeyEnv} (api-key)` };
  if (facts.azureKeyNamed)
    return {
      state: 'missing',
      source: `${azureKeyEnv} (api-key)`,
      fix: `set ${azureKeyEnv}, the variable apiKeyEnv names`,
    };
  const servicePrincipal = ['AZURE_CLIENT_SECRET', 'AZURE_CLIENT_CERTIFICATE_PATH', 'AZURE_FEDERATED_TOKEN_FILE'].find(
    (name) => set.has(name),
  );
  if (set.has('AZURE_CLIENT_ID') && set.has('AZURE_TENANT_ID') && servicePrincipal !== undefined)
    return { state: 'set', source: `Entra token: AZURE_CLIENT_ID with ${servicePrincipal}` };
  if (facts.azureCli)
    return { state: 'unchecked', source: "Entra token: the Azure CLI's sign-in (az login, azure/login)" };
  return {
    state: 'missing',
    source: `${azureKeyEnv} or a Microsoft Entra sign-in`,
    fix: `set ${azureKeyEnv}, or sign in with azure/login (the reusable workflow: azure-client-id)`,
  };
}
