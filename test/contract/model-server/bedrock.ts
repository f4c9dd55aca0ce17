import type { IncomingHttpHeaders } from 'node:http';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { HttpRequest } from '@smithy/core/protocols';
import { fromUtf8, Hash, toBase64, toUtf8 } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentials } from '../../../src/sandbox/gateway/index.js';
import { anthropic } from './anthropic.js';
import { isRecord, type ProtocolHandler, type SseEvent } from './protocol.js';
import { SCRIPTED_USAGE } from './script.js';

/**
 * Amazon Bedrock's InvokeModelWithResponseStream for Anthropic models, as
 * the scripted server speaks it: `POST /model/<id>/invoke-with-response-stream`
 * with an Anthropic Messages body (no `model`; `anthropic_version`), answered
 * with a binary event stream (`application/vnd.amazon.eventstream`) whose
 * `chunk` events each carry one Anthropic event, base64-encoded, in
 * `{"bytes": …}`; the last (`message_stop`) also carries
 * `amazon-bedrock-invocationMetrics`, Bedrock's own token counts.
 *
 * Every request must carry a valid SigV4 signature for the server's
 * credentials: {@link verifySigV4} recomputes it with the AWS SDK's own
 * signer, as AWS would, and the server answers 403 to any other.
 */

const INVOKE_STREAM = /^\/model\/([^/]+)\/invoke-with-response-stream$/;

/** Bedrock's count of cache reads, which the scripted Anthropic events report in `cache_read_input_tokens`. */
export const BEDROCK_METRICS = {
  inputTokenCount: SCRIPTED_USAGE.inputTokens,
  outputTokenCount: SCRIPTED_USAGE.outputTokens,
  cacheReadInputTokenCount: SCRIPTED_USAGE.cachedInputTokens,
  cacheWriteInputTokenCount: 0,
  invocationLatency: 42,
  firstByteLatency: 7,
};

export const bedrock: ProtocolHandler = {
  protocol: 'bedrock',

  owns: (pathname) => INVOKE_STREAM.test(pathname),

  parse(pathname, body) {
    const id = INVOKE_STREAM.exec(pathname)?.[1] ?? '';
    return { ...anthropic.parse(pathname, body), protocol: 'bedrock', model: decodeURIComponent(id) };
  },

  answer(turn, call) {
    return anthropic
      .answer(turn, call)
      .map((e) =>
        isRecord(e.data) && e.data.type === 'message_stop'
          ? { ...e, data: { ...e.data, 'amazon-bedrock-invocationMetrics': BEDROCK_METRICS } }
          : e,
      );
  },

  encode: (events) => ({ contentType: 'application/vnd.amazon.eventstream', body: eventStream(events) }),

  // Bedrock's errors: a JSON `message`, the kind in the `x-amzn-ErrorType` header.
  errorBody: (_status, message) => ({ message }),
};

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** The events as Bedrock frames them: one `chunk` event per Anthropic event, encoded by the AWS SDK's codec. */
export function eventStream(events: readonly SseEvent[]): Buffer {
  return Buffer.concat(
    events.map((e) =>
      codec.encode({
        headers: {
          ':event-type': { type: 'string', value: 'chunk' },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'event' },
        },
        body: fromUtf8(JSON.stringify({ bytes: toBase64(fromUtf8(JSON.stringify(e.data))), p: 'abcdefgh' })),
      }),
    ),
  );
}

export interface SigV4Check {
  region: string;
  credentials: AwsCredentials;
}

export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;
/** AWS refuses a signature dated further than this from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/**
 * Null when `request` carries a valid SigV4 signature of service `bedrock`
 * for `check`'s credentials and region, else why not. The signature is
 * recomputed by the AWS SDK's signer over the request as received (its
 * signed headers, its date, the body's own hash) and compared whole.
 */
export async function verifySigV4(
  request: ReceivedRequest,
  check: SigV4Check,
  now = Date.now(),
): Promise<string | null> {
  const match = AUTHORIZATION.exec(String(request.headers.authorization ?? ''));
  if (!match) return 'no SigV4 Authorization header';
  const [, keyId, , region, service, signedList] = match as unknown as string[];
  if (keyId !== check.credentials.accessKeyId) return 'unknown access key';
  if (region !== check.region || service !== 'bedrock') return `signed for ${region}/${service}`;
  const date = parseAmzDate(String(request.headers['x-amz-date'] ?? ''));
  if (date === null) return 'no x-amz-date';
  if (Math.abs(now - date.getTime()) > MAX_SKEW_MS) return 'signature expired';
  const names = (signedList ?? '').split(';');
  if (!names.includes('host')) return 'host not signed';
  const url = new URL(request.url, 'http://placeholder');
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (value === undefined) return `signed header ${name} missing`;
    // The body's hash is recomputed from the body itself, so a changed body cannot keep an old signature.
    if (name !== 'x-amz-content-sha256') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const signer = new SignatureV4({
    service: 'bedrock',
    region: check.region,
    sha256: Hash.bind(null, 'sha256'),
    credentials: check.credentials,
  });
  const expected = await signer.sign(
    new HttpRequest({
      method: request.method,
      protocol: 'http:',
      hostname: url.hostname,
      path: request.url.split('?')[0] ?? '/',
      query: Object.fromEntries(url.searchParams),
      headers,
      body: request.body,
    }),
    { signingDate: date },
  );
  const sent = request.headers['x-amz-content-sha256'];
  if (sent !== undefined && sent !== expected.headers['x-amz-content-sha256']) return 'payload hash mismatch';
  return expected.headers.authorization === request.headers.authorization ? null : 'signature mismatch';
}

function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}
