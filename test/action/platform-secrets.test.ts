import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/index.js';
import { providerKeyValues } from '../../src/action/secrets.js';

describe('the secrets a run scrubs by value', () => {
  const env = {
    AWS_ACCESS_KEY_ID: 'ASIAOKSTRASCRUBTEST1',
    AWS_SECRET_ACCESS_KEY: 'okstraScrubTestSecretAccessKey/abcdefghij',
    AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjEOKSTRA-scrub-test-session',
  };

  it('include the job’s AWS credentials when a provider runs via Bedrock, and only then', () => {
    const bedrock = parseConfig('providers:\n  claude:\n    via: bedrock\n    region: us-east-1\n', 'c.yml').config;
    const plain = parseConfig('', 'c.yml').config;
    if (!bedrock || !plain) throw new Error('config did not parse');
    expect(providerKeyValues(bedrock, env).sort()).toEqual(Object.values(env).sort());
    expect(providerKeyValues(plain, env)).toEqual([]);
  });

  it('include the Azure OpenAI key when Codex runs via Azure', () => {
    const azure = parseConfig(
      'providers:\n  codex:\n    via: azure\n    baseUrl: https://r.openai.azure.com/openai/v1\n',
      'c.yml',
    ).config;
    if (!azure) throw new Error('config did not parse');
    expect(providerKeyValues(azure, { AZURE_OPENAI_API_KEY: 'okstra-azure-scrub-test-key' })).toEqual([
      'okstra-azure-scrub-test-key',
    ]);
  });
});
