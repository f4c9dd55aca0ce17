import { describe, expect, it } from 'vitest';
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
