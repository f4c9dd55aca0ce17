import { azureUpstream } from './azure.js';
import { bedrockUpstream } from './bedrock.js';
import type { DispatchGrant } from './types.js';
import type { Upstream } from './upstream.js';
import { vertexUpstream } from './vertex.js';

/** Whether a grant must carry an API key: no platform, or Azure OpenAI without an Entra token. */
export function needsKey(grant: DispatchGrant): boolean {
  const platform = grant.platform;
  return !platform || (platform.kind === 'azure' && !platform.accessToken);
}

/** The upstream of a grant's cloud platform, or null for an API key. */
export function platformUpstream(grant: DispatchGrant, base: URL, credential: string): Upstream | null {
  const platform = grant.platform;
  if (!platform) return null;
  if (platform.kind === 'bedrock') return bedrockUpstream(base, platform.region, platform.credentials);
  if (platform.kind === 'azure')
    return azureUpstream(
      base,
      credential,
      platform.accessToken ? { entraToken: platform.accessToken } : { key: grant.realKey },
    );
  return vertexUpstream(base, platform, credential, platform.accessToken);
}
