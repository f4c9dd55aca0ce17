import { describe, expect, it } from 'vitest';
import { readCredential } from '../../src/providers/cli-credentials.js';

describe('which credential a built-in provider reads', () => {
  it("the API key first, then the vendor's subscription token; `apiKeyEnv` names exactly one variable", () => {
    const both = { ANTHROPIC_API_KEY: 'sk-ant-api', CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-x' };
    expect(readCredential('claude', undefined, both)).toEqual({ name: 'ANTHROPIC_API_KEY', value: 'sk-ant-api' });
    expect(readCredential('claude', undefined, { CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-x' })).toEqual({
      name: 'CLAUDE_CODE_OAUTH_TOKEN',
      value: 'sk-ant-oat01-x',
    });
    // A blank key is no key: the subscription token is used.
    expect(readCredential('claude', undefined, { ANTHROPIC_API_KEY: ' ', CLAUDE_CODE_OAUTH_TOKEN: 't' }).name).toBe(
      'CLAUDE_CODE_OAUTH_TOKEN',
    );
    // Neither: the message names the API key's variable.
    expect(readCredential('claude', undefined, {})).toEqual({ name: 'ANTHROPIC_API_KEY', value: null });
    // A configured variable is the only one read.
    expect(readCredential('claude', { apiKeyEnv: 'TEAM_KEY' }, both)).toEqual({ name: 'TEAM_KEY', value: null });
    // The other vendors have no subscription token okstra takes (docs/providers.md says why).
    expect(readCredential('codex', undefined, { CODEX_ACCESS_TOKEN: 'x' })).toEqual({
      name: 'OPENAI_API_KEY',
      value: null,
    });
  });
});
