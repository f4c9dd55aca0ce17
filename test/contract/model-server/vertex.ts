import { anthropic } from './anthropic.js';
import { gemini } from './gemini.js';
import type { ProtocolHandler } from './protocol.js';

/**
 * Vertex AI's Anthropic models as the scripted server speaks them:
 * `POST …/projects/<p>/locations/<l>/publishers/anthropic/models/<m>:streamRawPredict`
 * with an Anthropic Messages body (no `model`; `anthropic_version`), answered
 * with Anthropic's own SSE. Every call must carry the OAuth access token the
 * server's token endpoint issued (else 401, as Google answers).
 */

const RAW_PREDICT =
  /\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):streamRawPredict$/;

export const vertex: ProtocolHandler = {
  protocol: 'vertex',
  owns: (pathname) => RAW_PREDICT.test(pathname),
  parse(pathname, body) {
    const model = RAW_PREDICT.exec(pathname)?.[3] ?? '';
    return { ...anthropic.parse(pathname, body), protocol: 'vertex', model: decodeURIComponent(model) };
  },
  answer: (turn, call) => anthropic.answer(turn, call),
  errorBody: (status, message) => ({
    error: { code: status, message, status: status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL' },
  }),
};

/**
 * Vertex AI's Gemini models as the Google Gen AI SDK calls them with a
 * project: `POST /v1beta1/projects/<p>/locations/<l>/publishers/google/models/<m>:streamGenerateContent?alt=sse`,
 * the Gemini API's body and SSE answer (the same `GenerateContentResponse`
 * with `usageMetadata`), and the access token as a bearer (else 401).
 */
const GEMINI_STREAM =
  /^\/v1(?:beta1)?\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):streamGenerateContent$/;

export const vertexGemini: ProtocolHandler = {
  ...gemini,
  protocol: 'vertex',
  owns: (pathname) => GEMINI_STREAM.test(pathname),
  parse(pathname, body) {
    const model = GEMINI_STREAM.exec(pathname)?.[3] ?? '';
    const parsed = gemini.parse(`/v1beta/models/${model}:streamGenerateContent`, body);
    return { ...parsed, protocol: 'vertex', model: decodeURIComponent(model) };
  },
  errorBody: vertex.errorBody,
};

/** The project and location a Vertex call names (Anthropic's or Gemini's). */
export function vertexTarget(pathname: string): { project: string; location: string } | null {
  const m = RAW_PREDICT.exec(pathname) ?? GEMINI_STREAM.exec(pathname);
  return m ? { project: m[1] ?? '', location: m[2] ?? '' } : null;
}

/** The Security Token Service's answer to a token exchange (workload identity federation), as google-auth-library reads it. */
export function stsAnswer(accessToken: string): object {
  return {
    access_token: accessToken,
    issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    token_type: 'Bearer',
    expires_in: 3600,
  };
}
