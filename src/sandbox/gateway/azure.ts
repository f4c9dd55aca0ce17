import { credentialPlaces } from './credentials.js';
import { upstreamRequestHeaders } from './headers.js';
import { joinPath } from './paths.js';
import { httpMeter, keepSecret, type Upstream } from './upstream.js';

/** How okstra authenticates to the resource: its key, or a Microsoft Entra token (renewed by its source). */
export type AzureAuth = { key: string } | { entraToken: () => Promise<string> };

/**
 * Azure OpenAI as a gateway upstream: the resource's key in Azure's own
 * `api-key` header, or a Microsoft Entra token as `Authorization: Bearer`.
 * Codex sends its dispatch credential as a bearer token (the OpenAI
 * convention); the gateway checked it, drops it, and adds okstra's own.
 */
export function azureUpstream(base: URL, credential: string, auth: AzureAuth): Upstream {
  // Filled as Entra tokens are issued (they expire within the hour), so every value ever sent is scrubbed.
  const secrets: string[] = 'key' in auth ? (auth.key === '' ? [] : [auth.key]) : [];
  return {
    base,
    secrets,
    async prepare(call) {
      const headers = upstreamRequestHeaders(call.headers, base.host, call.body.length);
      // Only a header that carried the dispatch credential goes; any other authorization would be the agent's own.
      if (credentialPlaces(call.headers, '', credential).includes('authorization')) delete headers.authorization;
      if ('key' in auth) headers['api-key'] = auth.key;
      else {
        const token = await auth.entraToken();
        keepSecret(secrets, token);
        headers.authorization = `Bearer ${token}`;
      }
      const path = joinPath(base.pathname, call.path);
      return { path: `${path}${call.hadQuery ? `?${call.rawQuery}` : ''}`, headers };
    },
    meter: httpMeter,
  };
}
