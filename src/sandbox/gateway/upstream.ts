import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createUsageMeter, type ModelProtocol, type UsageMeter } from '../../core/usage/index.js';
import { credentialPlaces, injectRealKey, injectRealKeyInQuery } from './credentials.js';
import { upstreamRequestHeaders } from './headers.js';
import { joinPath } from './paths.js';

/**
 * Where a dispatch's model calls go and how they are authenticated. The
 * gateway only asks an upstream three things — build the outgoing request
 * (where to, with which credential or signature), read the usage from an
 * answer, and which secrets must never reach the agent — so a platform
 * (a signer such as SigV4, an OAuth token source, another usage shape) is
 * one more implementation of this interface, not a change to the gateway.
 */
export interface Upstream {
  /** The base URL every path is appended to. */
  readonly base: URL;
  /** Values scrubbed from everything the agent gets back (headers, error bodies). */
  readonly secrets: readonly string[];
  /** The request to send for what the agent sent; may be async (a signer, a token refresh). */
  prepare(incoming: IncomingCall): OutgoingCall | Promise<OutgoingCall>;
  /** A reader of the usage the platform reports in an answer of `protocol`. */
  meter(protocol: ModelProtocol, contentType: string): UsageMeter;
  /**
   * A request without any credential that the agent's CLI makes on its own
   * and okstra answers itself (nothing forwarded, nothing spent), or null:
   * then a keyless request is refused as always.
   */
  localAnswer?(method: string, path: string): LocalAnswer | null;
}

export interface LocalAnswer {
  status: number;
  contentType: string;
  body: string;
  /** For the gateway's log. */
  why: string;
}

/** What the agent sent, after the gateway admitted it. */
export interface IncomingCall {
  method: string;
  /** The path after the dispatch prefix (the agent's view). */
  path: string;
  rawQuery: string;
  hadQuery: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface OutgoingCall {
  /** Path and query as sent upstream. */
  path: string;
  headers: Record<string, string | string[]>;
}

/** The path a call is sent to (the upstream's base path joined with the agent's), which decides its protocol. */
export function upstreamPath(upstream: Upstream, path: string): string {
  return joinPath(upstream.base.pathname, path);
}

/** The usage reader for an answer over HTTP: a stream of server-sent events, or one JSON body. */
export function httpMeter(protocol: ModelProtocol, contentType: string): UsageMeter {
  return createUsageMeter(protocol, contentType.includes('text/event-stream') ? 'sse' : 'json');
}

/** A credential just issued joins what is scrubbed (once; an empty value is no secret). */
export function keepSecret(secrets: string[], value: string | undefined): void {
  if (value !== undefined && value !== '' && !secrets.includes(value)) secrets.push(value);
}

/** A vendor API key: put where the agent put its dispatch credential (header or Gemini's `?key=`). */
export function apiKeyUpstream(base: URL, credential: string, realKey: string): Upstream {
  return {
    base,
    secrets: realKey === '' ? [] : [realKey],
    prepare(call) {
      const headers = upstreamRequestHeaders(call.headers, base.host, call.body.length);
      injectRealKey(headers, credentialPlaces(call.headers, call.rawQuery, credential), realKey);
      const query = injectRealKeyInQuery(call.rawQuery, credential, realKey);
      const path = joinPath(base.pathname, call.path);
      return { path: `${path}${query === '' && !call.hadQuery ? '' : `?${query}`}`, headers };
    },
    meter: httpMeter,
  };
}

export type Attempt = { kind: 'response'; response: IncomingMessage } | { kind: 'error'; error: Error };

/** Keep-alive connection pools shared by every dispatch of one gateway. */
export class Connections {
  private readonly http = new HttpAgent({ keepAlive: true });
  private readonly https = new HttpsAgent({ keepAlive: true });

  /** One attempt: resolves with the response head, or the error that prevented one. */
  send(base: URL, method: string, call: OutgoingCall, body: Buffer, signal: AbortSignal): Promise<Attempt> {
    const secure = base.protocol === 'https:';
    return new Promise<Attempt>((resolve) => {
      const request = (secure ? httpsRequest : httpRequest)({
        protocol: base.protocol,
        hostname: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port || (secure ? 443 : 80),
        method,
        path: call.path,
        headers: call.headers,
        agent: secure ? this.https : this.http,
        signal,
      });
      request.once('response', (response) => resolve({ kind: 'response', response }));
      // Errors after the response arrived surface on the response; later ones here only need a listener.
      request.on('error', (error) => resolve({ kind: 'error', error }));
      request.end(body.length > 0 ? body : undefined);
    });
  }

  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
