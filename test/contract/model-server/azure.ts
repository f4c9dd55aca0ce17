import { openaiResponses } from './openai-responses.js';
import type { ProtocolHandler } from './protocol.js';

/**
 * Azure OpenAI's v1 Responses API as the scripted server speaks it:
 * `POST /openai/v1/responses`, the OpenAI body and SSE answer, and the
 * resource's key in the `api-key` header (else 401, as Azure answers).
 */
export const azureOpenai: ProtocolHandler = {
  ...openaiResponses,
  protocol: 'azure',
  owns: (pathname) => pathname === '/openai/v1/responses',
  parse: (pathname, body) => ({ ...openaiResponses.parse(pathname, body), protocol: 'azure' }),
  errorBody: (status, message) => ({ error: { code: String(status), message } }),
};
