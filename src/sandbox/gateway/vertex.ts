import { vertexScopedPath } from '../../core/usage/index.js';
import { credentialPlaces } from './credentials.js';
import { upstreamRequestHeaders } from './headers.js';
import { joinPath } from './paths.js';
import { httpMeter, keepSecret, type Upstream } from './upstream.js';

/**
 * Google Vertex AI as a gateway upstream: every request okstra forwards gets
 * an OAuth access token from the job's Application Default Credentials
 * (google-auth-library), which only okstra's process holds. Claude Code with
 * `CLAUDE_CODE_SKIP_VERTEX_AUTH=1` sends its dispatch credential as a bearer
 * token; Gemini CLI sends it as an express-mode key in `x-goog-api-key`. The
 * gateway checked it, drops it, and the access token takes its place.
 */

/** The Vertex AI endpoint of `region` with its `v1` path, as Claude Code's base URL (`global` has no regional prefix). */
export function vertexUrl(region: string): string {
  return `${vertexHost(region)}/v1`;
}

/** The endpoint without a version: Gemini CLI (the Google Gen AI SDK) puts `/v1beta1` in every path itself. */
export function vertexHost(region: string): string {
  return region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`;
}

export interface VertexTarget {
  projectId: string;
  region: string;
}

export function vertexUpstream(
  base: URL,
  target: VertexTarget,
  credential: string,
  accessToken: () => Promise<string>,
): Upstream {
  // Filled as tokens are issued (they expire within the hour), so every value ever sent is scrubbed.
  const secrets: string[] = [];
  return {
    base,
    secrets,
    async prepare(call) {
      const headers = upstreamRequestHeaders(call.headers, base.host, call.body.length);
      delete headers['x-api-key'];
      // Only a key that was the dispatch credential goes; any other would be the agent's own.
      if (credentialPlaces(call.headers, '', credential).includes('x-goog-api-key')) delete headers['x-goog-api-key'];
      const token = await accessToken();
      keepSecret(secrets, token);
      headers.authorization = `Bearer ${token}`;
      const path = joinPath(base.pathname, vertexScopedPath(call.path, target.projectId, target.region));
      return { path: `${path}${call.hadQuery ? `?${call.rawQuery}` : ''}`, headers };
    },
    meter: httpMeter,
  };
}
