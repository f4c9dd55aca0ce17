/**
 * Which model API a request speaks, read from its path (the upstream's base
 * path joined with what the agent asked for), and which model it names.
 */

export type ModelProtocol = 'anthropic' | 'bedrock' | 'openai-responses' | 'openai-chat' | 'gemini';

const GEMINI_MODEL_CALL = /\/models\/([^/:]+):([A-Za-z]+)$/;
const ANTHROPIC = /\/messages(?:\/count_tokens)?$/;
const OPENAI_RESPONSES = /\/responses(?:\/compact)?$/;
const OPENAI_CHAT = /\/chat\/completions$/;
/**
 * Bedrock's InvokeModel(WithResponseStream): the model id in the path, an
 * Anthropic Messages body without `model` (Claude Code 2.1.197 with
 * `CLAUDE_CODE_USE_BEDROCK=1` calls `/model/<id>/invoke-with-response-stream`).
 */
/**
 * Vertex AI's Anthropic models: `…/publishers/anthropic/models/<id>:streamRawPredict`
 * (or `:rawPredict`), an Anthropic Messages body without `model` and the
 * Anthropic answer, SSE or JSON (Claude Code 2.1.197 with `CLAUDE_CODE_USE_VERTEX=1`).
 */
const VERTEX_ANTHROPIC = /\/publishers\/anthropic\/models\/([^/:]+):(?:streamRawPredict|rawPredict)$/;
const BEDROCK_INVOKE = /\/model\/([^/]+)\/invoke(?:-with-response-stream)?$/;

/** The protocol of a model call at `pathname`, or null for any other path (a preflight, a model list, …). */
export function detectProtocol(pathname: string): ModelProtocol | null {
  const path = pathname.replace(/\/+$/, '');
  // Before Gemini's, whose `models/<m>:<method>` shape it shares.
  if (VERTEX_ANTHROPIC.test(path)) return 'anthropic';
  if (GEMINI_MODEL_CALL.test(path)) return 'gemini';
  if (BEDROCK_INVOKE.test(path)) return 'bedrock';
  if (ANTHROPIC.test(path)) return 'anthropic';
  if (OPENAI_RESPONSES.test(path)) return 'openai-responses';
  if (OPENAI_CHAT.test(path)) return 'openai-chat';
  return null;
}

/**
 * The model a call asks for: Gemini and Bedrock name it in the path
 * (`models/<m>:streamGenerateContent`, `model/<id>/invoke`), the others in the JSON body's
 * `model`. Null when neither says (a body that is not JSON, no `model`).
 */
export function requestModel(protocol: ModelProtocol | null, pathname: string, body: string): string | null {
  return requestModelOf(protocol, pathname, parseRequestBody(body));
}

/** A request body as JSON, or null when it is empty or not JSON (the upstream will say so to the agent). */
export function parseRequestBody(body: string): unknown {
  if (body.trim() === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** {@link requestModel} over a body already parsed (the gateway parses each body once). */
export function requestModelOf(protocol: ModelProtocol | null, pathname: string, parsed: unknown): string | null {
  if (protocol === 'gemini') {
    const fromPath = GEMINI_MODEL_CALL.exec(pathname.replace(/\/+$/, ''))?.[1];
    if (fromPath) return safeDecode(fromPath);
  }
  if (protocol === 'bedrock') {
    const fromPath = BEDROCK_INVOKE.exec(pathname.replace(/\/+$/, ''))?.[1];
    return fromPath ? safeDecode(fromPath) : null;
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const model = (parsed as Record<string, unknown>).model;
    if (typeof model === 'string' && model !== '') return model.replace(/^models\//, '');
  }
  const vertex = protocol === 'anthropic' ? VERTEX_ANTHROPIC.exec(pathname.replace(/\/+$/, ''))?.[1] : undefined;
  return vertex ? safeDecode(vertex) : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Region prefixes of Bedrock's cross-region inference profiles (`us.anthropic.claude-…`). */
const BEDROCK_PROFILE_PREFIX = /^(?:us|eu|apac|jp|au|us-gov|global)\./;

/**
 * A cloud platform's model id as the vendor's own name, for the price and
 * output-cap tables: Bedrock's `us.anthropic.claude-sonnet-4-5-20250929-v1:0`
 * is `claude-sonnet-4-5-20250929`, Vertex AI's `claude-sonnet-4-5@20250929`
 * is `claude-sonnet-4-5-20250929`. Any other name comes back unchanged.
 */
export function vendorModelName(model: string): string {
  const lower = model.toLowerCase();
  const bedrock = lower.replace(BEDROCK_PROFILE_PREFIX, '');
  if (bedrock.startsWith('anthropic.')) return bedrock.slice('anthropic.'.length).replace(/-v\d+(?::\d+)?$/, '');
  return lower.replace(/@/, '-');
}

/** A Vertex AI call already scoped to a project: `…/projects/<p>/locations/<l>/…`. */
const VERTEX_SCOPED = /\/projects\/[^/]+\/locations\/[^/]+\//;
/** A Vertex AI publisher call without a project: `/<version>/publishers/…` (express mode, as an API-key client sends it). */
const VERTEX_UNSCOPED = /^(\/v1(?:beta1)?)(\/publishers\/.*)$/;

/**
 * The path of a Vertex AI call as okstra's gateway sends it with the job's
 * credentials. Gemini CLI given a key (its dispatch credential) speaks
 * Vertex AI's express mode, `/v1beta1/publishers/google/models/<m>:<method>`,
 * which the real endpoint would authenticate with that key; the gateway
 * holds an OAuth token instead, which needs the project-scoped path:
 * `/v1beta1/projects/<p>/locations/<l>/publishers/google/models/<m>:<method>`.
 * A path already scoped (Claude Code's) or any other path comes back unchanged.
 */
export function vertexScopedPath(path: string, projectId: string, region: string): string {
  if (VERTEX_SCOPED.test(path)) return path;
  const m = VERTEX_UNSCOPED.exec(path);
  if (!m) return path;
  return `${m[1] ?? ''}/projects/${encodeURIComponent(projectId)}/locations/${encodeURIComponent(region)}${m[2] ?? ''}`;
}
