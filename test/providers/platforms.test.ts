import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/index.js';
import { platformRoute } from '../../src/providers/platforms.js';

describe('platformRoute', () => {
  const env = {
    AWS_ACCESS_KEY_ID: 'ASIAOKSTRAPLATFORM01',
    AWS_SECRET_ACCESS_KEY: 'okstraPlatformTestSecretAccessKey/abcdef',
    AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjEOKSTRA-platform-session',
  };

  it('is null without via, and on Bedrock goes to the region’s runtime endpoint unless baseUrl says otherwise', () => {
    expect(platformRoute(undefined, env)).toBeNull();
    expect(platformRoute({ model: 'claude-sonnet-4-5' }, env)).toBeNull();
    const route = platformRoute({ via: 'bedrock', region: 'eu-west-1' }, env);
    expect(route?.upstream).toBe('https://bedrock-runtime.eu-west-1.amazonaws.com');
    expect(route?.access).toMatchObject({ kind: 'bedrock', region: 'eu-west-1' });
    const vpc = 'https://vpce-1.bedrock-runtime.eu-west-1.vpce.amazonaws.com';
    expect(platformRoute({ via: 'bedrock', region: 'eu-west-1', baseUrl: vpc }, env)?.upstream).toBe(vpc);
  });

  it('on Vertex AI goes to the location’s endpoint (global has none)', () => {
    const regional = platformRoute({ via: 'vertex', region: 'us-east5', projectId: 'my-project-123' }, env);
    expect(regional?.upstream).toBe('https://us-east5-aiplatform.googleapis.com/v1');
    expect(regional?.access).toMatchObject({ kind: 'vertex', region: 'us-east5', projectId: 'my-project-123' });
    const global = platformRoute({ via: 'vertex', region: 'global', projectId: 'my-project-123' }, env);
    expect(global?.upstream).toBe('https://aiplatform.googleapis.com/v1');
  });

  it('for Gemini CLI on Vertex AI goes to the endpoint without a version (its SDK adds /v1beta1 itself)', () => {
    const config = { via: 'vertex', region: 'us-central1', projectId: 'my-project-123' } as const;
    expect(platformRoute(config, env, 'gemini')?.upstream).toBe('https://us-central1-aiplatform.googleapis.com');
    expect(platformRoute({ ...config, region: 'global' }, env, 'gemini')?.upstream).toBe(
      'https://aiplatform.googleapis.com',
    );
    expect(platformRoute(config, env, 'gemini')?.access).toMatchObject({ kind: 'vertex', projectId: 'my-project-123' });
  });

  it('the config takes via: vertex for gemini, and names who a platform serves', () => {
    const gemini = 'providers:\n  gemini:\n    via: vertex\n    region: us-central1\n    projectId: my-project-123\n';
    expect(parseConfig(gemini, 'c.yml').errors).toEqual([]);
    expect(
      parseConfig('providers:\n  gemini:\n    via: vertex\n    region: us-central1\n', 'c.yml').errors.map(
        (e) => e.message,
      ),
    ).toEqual([
      'providers.gemini.via: via: vertex needs projectId, the Google Cloud project your Gemini models are enabled in',
    ]);
    const codex = 'providers:\n  codex:\n    via: vertex\n    region: us-central1\n    projectId: my-project-123\n';
    expect(parseConfig(codex, 'c.yml').errors.map((e) => e.message)).toEqual([
      'providers.codex.via: via: vertex is for Claude Code and Gemini CLI only (providers.claude, providers.gemini), not codex',
    ]);
  });

  it('on Azure OpenAI sends the key when there is one, else a Microsoft Entra token', () => {
    const config = { via: 'azure', baseUrl: 'https://r.openai.azure.com/openai/v1' } as const;
    const keyed = platformRoute(config, { AZURE_OPENAI_API_KEY: 'okstra0azure0key' }, 'codex');
    expect(keyed?.key).toEqual({ name: 'AZURE_OPENAI_API_KEY', value: 'okstra0azure0key' });
    expect(keyed?.access).toEqual({ kind: 'azure' });
    const entra = platformRoute(config, {}, 'codex');
    expect(entra?.key).toBeNull();
    expect(entra?.access.kind === 'azure' && typeof entra.access.accessToken).toBe('function');
    // A variable the config names must hold the key: an empty one is a missing key, not a switch to Entra.
    expect(platformRoute({ ...config, apiKeyEnv: 'MY_AZURE_KEY' }, {}, 'codex')?.key).toEqual({
      name: 'MY_AZURE_KEY',
      value: null,
    });
  });

  it('signs with the credentials in okstra’s environment (what configure-aws-credentials exports)', async () => {
    const access = platformRoute({ via: 'bedrock', region: 'us-east-1' }, env)?.access;
    if (access?.kind !== 'bedrock') throw new Error('not a Bedrock route');
    await expect(access.credentials()).resolves.toEqual({
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      sessionToken: env.AWS_SESSION_TOKEN,
    });
  });
});
