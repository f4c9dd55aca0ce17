import { describe, expect, it } from 'vitest';
import { platformCredentialState, type PlatformFacts } from '../../src/core/platforms/credentials.js';

const facts = (set: string[], more: Partial<PlatformFacts> = {}): PlatformFacts => ({
  set: new Set(set),
  adcFileExists: false,
  gcloudAdcExists: false,
  azureCli: false,
  azureKeyEnv: 'AZURE_OPENAI_API_KEY',
  azureKeyNamed: false,
  ...more,
});

describe('where a platform’s credentials would come from (doctor)', () => {
  it('Bedrock: keys, a web identity, else the SDK chain, which only a request proves', () => {
    expect(platformCredentialState('bedrock', facts(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']))).toEqual({
      state: 'set',
      source: 'AWS_ACCESS_KEY_ID',
    });
    expect(platformCredentialState('bedrock', facts(['AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_ROLE_ARN'])).state).toBe(
      'set',
    );
    expect(platformCredentialState('bedrock', facts(['AWS_ACCESS_KEY_ID'])).state).toBe('unchecked');
  });

  it('Vertex AI: the ADC file must exist; gcloud’s own; else the metadata server', () => {
    const named = ['GOOGLE_APPLICATION_CREDENTIALS'];
    expect(platformCredentialState('vertex', facts(named, { adcFileExists: true })).state).toBe('set');
    expect(platformCredentialState('vertex', facts(named)).state).toBe('missing');
    expect(platformCredentialState('vertex', facts([], { gcloudAdcExists: true })).state).toBe('set');
    expect(platformCredentialState('vertex', facts([])).state).toBe('unchecked');
  });

  it('Azure OpenAI: the key, a named key variable that is empty, a service principal, the Azure CLI, or nothing', () => {
    expect(platformCredentialState('azure', facts(['AZURE_OPENAI_API_KEY'])).state).toBe('set');
    expect(
      platformCredentialState('azure', facts([], { azureKeyEnv: 'MY_KEY', azureKeyNamed: true, azureCli: true })).state,
    ).toBe('missing');
    const sp = ['AZURE_CLIENT_ID', 'AZURE_TENANT_ID', 'AZURE_FEDERATED_TOKEN_FILE'];
    expect(platformCredentialState('azure', facts(sp)).source).toBe(
      'Entra token: AZURE_CLIENT_ID with AZURE_FEDERATED_TOKEN_FILE',
    );
    expect(platformCredentialState('azure', facts([], { azureCli: true })).state).toBe('unchecked');
    expect(platformCredentialState('azure', facts([])).state).toBe('missing');
  });
});
