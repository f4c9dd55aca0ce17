import { EventStreamCodec } from '@smithy/core/event-streams';
import { HttpRequest } from '@smithy/core/protocols';
import { fromBase64, fromUtf8, Hash, toUtf8 } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import { createEventMeter, type UsageMeter } from '../../core/usage/index.js';
import { upstreamRequestHeaders } from './headers.js';
import { joinPath } from './paths.js';
import type { AwsCredentials } from './types.js';
import { httpMeter, keepSecret, type Upstream } from './upstream.js';

/**
 * Amazon Bedrock as a gateway upstream: every request okstra forwards is
 * signed with SigV4 (the AWS SDK's own signer) from the job's AWS
 * credentials, which only okstra's process holds. The agent's CLI sends its
 * dispatch credential as a bearer token (Claude Code with
 * `CLAUDE_CODE_SKIP_BEDROCK_AUTH=1` signs nothing itself); the gateway
 * checked it, and the signature replaces it.
 */

/** Bedrock runtime's SigV4 signing name (its endpoint is `bedrock-runtime.<region>.amazonaws.com`). */
const SIGNING_SERVICE = 'bedrock';

export { bedrockRuntimeUrl } from './bedrock-url.js';

export function bedrockUpstream(base: URL, region: string, credentials: () => Promise<AwsCredentials>): Upstream {
  // Filled as credentials are resolved (they rotate with a session), so every value ever used is scrubbed.
  const secrets: string[] = [];
  const signer = new SignatureV4({
    service: SIGNING_SERVICE,
    region,
    // The SDK's own SHA-256 (node:crypto underneath), as its clients configure it.
    sha256: Hash.bind(null, 'sha256'),
    credentials: async () => {
      const resolved = await credentials();
      for (const value of [resolved.secretAccessKey, resolved.sessionToken, resolved.accessKeyId])
        keepSecret(secrets, value);
      return resolved;
    },
  });
  return {
    base,
    secrets,
    async prepare(call) {
      const headers = upstreamRequestHeaders(call.headers, base.host, call.body.length);
      // The dispatch credential authenticated the agent to okstra; to AWS, the signature does.
      delete headers.authorization;
      delete headers['x-api-key'];
      const path = awsPath(joinPath(base.pathname, call.path));
      const request = new HttpRequest({
        method: call.method,
        protocol: base.protocol,
        hostname: base.hostname,
        ...(base.port !== '' ? { port: Number(base.port) } : {}),
        path,
        query: parseQuery(call.rawQuery),
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
        ),
        body: call.body,
      });
      const signed = await signer.sign(request);
      return { path: `${path}${call.hadQuery ? `?${call.rawQuery}` : ''}`, headers: signed.headers };
    },
    localAnswer(method, path) {
      // Claude Code 2.1.197 on Bedrock first lists the account's inference profiles (a control-plane call, unsigned
      // with CLAUDE_CODE_SKIP_BEDROCK_AUTH and without the bearer token) and falls back to its built-in model ids
      // when the list is empty. Forwarding it would need the control-plane endpoint and a credential the agent did
      // not send; an empty list reaches and spends nothing.
      if (method !== 'GET' || path.replace(/\/+$/, '') !== '/inference-profiles') return null;
      return {
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ inferenceProfileSummaries: [] }),
        why: 'Bedrock inference-profile lookup without a credential',
      };
    },
    meter(protocol, contentType) {
      if (contentType.includes('application/vnd.amazon.eventstream')) return eventStreamMeter();
      return httpMeter(protocol, contentType);
    },
  };
}

/**
 * The path as the AWS SDK sends it: each segment percent-encoded once (a
 * model id's `:` as `%3A`), whatever the agent's client did. The signer
 * encodes it once more for the canonical request, as AWS does on its side.
 */
export function awsPath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(safeDecode(segment)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseQuery(rawQuery: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of rawQuery === '' ? [] : rawQuery.split('&')) {
    const at = part.indexOf('=');
    const name = safeDecode(at < 0 ? part : part.slice(0, at));
    const value = at < 0 ? '' : safeDecode(part.slice(at + 1));
    const prior = query[name];
    query[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  return query;
}

/** An event-stream frame's prelude: total length, headers length, prelude CRC (4 bytes each). */
const PRELUDE_BYTES = 12;
/** Larger than any event Bedrock sends; beyond it the stream is taken as broken rather than buffered. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/**
 * Reads an InvokeModelWithResponseStream answer: binary event-stream frames,
 * each `chunk` event a JSON `{"bytes": <base64 of one Anthropic event>}`.
 * The frames are cut by their length prefix and decoded (checksums
 * verified) by the AWS SDK's codec. An exception event or a frame that
 * fails its checksum counts as malformed.
 */
export function eventStreamMeter(): UsageMeter {
  const codec = new EventStreamCodec(toUtf8, fromUtf8);
  const events = createEventMeter('bedrock');
  let pending: Buffer = Buffer.alloc(0);
  let broken = false;

  function read(frame: Buffer): void {
    const message = codec.decode(frame);
    const kind = message.headers[':message-type']?.value;
    const type = message.headers[':event-type']?.value;
    if (kind !== 'event' || type !== 'chunk') {
      events.malformed();
      return;
    }
    const payload = JSON.parse(toUtf8(message.body)) as { bytes?: unknown };
    if (typeof payload.bytes !== 'string') events.malformed();
    else events.event(toUtf8(fromBase64(payload.bytes)));
  }
  return {
    push: () => undefined,
    pushBytes(chunk) {
      if (broken) return;
      pending = Buffer.concat([pending, chunk]);
      try {
        while (pending.length >= PRELUDE_BYTES) {
          const length = pending.readUInt32BE(0);
          if (length < PRELUDE_BYTES + 4 || length > MAX_FRAME_BYTES) throw new Error('bad frame length');
          if (pending.length < length) return;
          read(pending.subarray(0, length));
          pending = pending.subarray(length);
        }
      } catch {
        // A frame that fails its checksum (or its JSON) leaves the stream unreadable from there on.
        broken = true;
        events.malformed();
      }
    },
    end() {
      // Bytes of a frame never completed: the stream was cut.
      if (!broken && pending.length > 0) events.malformed();
      return events.end();
    },
  };
}
