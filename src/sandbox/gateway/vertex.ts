import { createUsageMeter } from '../../core/usage/index.js';
import { upstreamRequestHeaders } from './headers.js';
import { joinPath } from './paths.js';
import type { Upstream } from './upstream.js';

/**
 * Google Vertex AI as a gateway upstream: every request okstra forwards gets
 * an OAuth access token from the job's Application Default Credentials
 * (google-auth-library), which only okstra's process holds. Claude Code with
 * `CLAUDE_CODE_SKIP_VERTEX_AUTH=1` sends its dispatch credential as a bearer
 * token instead; the gateway checked it, and the access token replaces it.
 */

/** The Vertex AI endpoint of `region` (`global` has no regional prefix). */
export function vertexUrl(region: string): string {
  return region === 'global'
    ? 'https://aiplatform.googleapis.com/v1'
    : `https://${region}-aiplatform.googleapis.com/v1`;
}

export function vertexUpstream(base: URL, accessToken: () => Promise<string>): Upstream {
  // Filled as tokens are issued (they expire within the hour), so every value ever sent is scrubbed.
  const secrets: string[] = [];
  return {
    base,
    secrets,
    async prepare(call) {
      const headers = upstreamRequestHeaders(call.headers, base.host, call.body.length);
      delete headers['x-api-key'];
      const token = await accessToken();
      if (token !== '' && !secrets.includes(token)) secrets.push(token);
      headers.authorization = `Bearer ${token}`;
      const path = joinPath(base.pathname, call.path);
      return { path: `${path}${call.hadQuery ? `?${call.rawQuery}` : ''}`, headers };
    },
    meter(protocol, contentType) {
      return createUsageMeter(protocol, contentType.includes('text/event-stream') ? 'sse' : 'json');
    },
  };
}
