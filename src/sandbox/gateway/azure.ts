import { createUsageMeter } from '../../core/usage/index.js';
import { credentialPlaces } from './credentials.js';
import { upstreamRequestHeaders } from './headers.js';
import { joinPath } from './paths.js';
import type { Upstream } from './upstream.js';

/**
 * Azure OpenAI as a gateway upstream: the resource's key goes in Azure's own
 * `api-key` header. Codex sends its dispatch credential as a bearer token (the
 * OpenAI convention); the gateway checked it, drops it, and adds the key.
 */
export function azureUpstream(base: URL, credential: string, realKey: string): Upstream {
  return {
    base,
    secrets: realKey === '' ? [] : [realKey],
    prepare(call) {
      const headers = upstreamRequestHeaders(call.headers, base.host, call.body.length);
      // Only a header that carried the dispatch credential goes; any other authorization would be the agent's own.
      if (credentialPlaces(call.headers, '', credential).includes('authorization')) delete headers.authorization;
      headers['api-key'] = realKey;
      const path = joinPath(base.pathname, call.path);
      return { path: `${path}${call.hadQuery ? `?${call.rawQuery}` : ''}`, headers };
    },
    meter(protocol, contentType) {
      return createUsageMeter(protocol, contentType.includes('text/event-stream') ? 'sse' : 'json');
    },
  };
}
