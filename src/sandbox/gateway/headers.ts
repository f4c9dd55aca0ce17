import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Headers that belong to one connection, never to the message (RFC 9110 §7.6.1), plus what the gateway recomputes. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function connectionListed(headers: IncomingHttpHeaders): Set<string> {
  const listed = new Set<string>();
  const value = headers.connection;
  for (const name of (Array.isArray(value) ? value.join(',') : (value ?? '')).split(',')) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed) listed.add(trimmed);
  }
  return listed;
}

/**
 * The agent's headers as the upstream should get them: hop-by-hop headers
 * dropped, Host set to the upstream, an uncompressed answer asked for (so the
 * gateway can read the usage in it), and the length of the buffered body.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  host: string,
  bodyLength: number,
): Record<string, string | string[]> {
  const listed = connectionListed(headers);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    if (name === 'host' || name === 'content-length' || name === 'accept-encoding' || name === 'expect') continue;
    out[name] = value;
  }
  out.host = host;
  out['accept-encoding'] = 'identity';
  if (bodyLength > 0 || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined)
    out['content-length'] = String(bodyLength);
  return out;
}

/** The upstream's response headers for the agent: everything but hop-by-hop headers and any value holding a secret. */
export function agentResponseHeaders(headers: IncomingHttpHeaders, secrets: readonly string[]): OutgoingHttpHeaders {
  const listed = connectionListed(headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    const text = Array.isArray(value) ? value.join('\n') : value;
    if (secrets.some((secret) => secret !== '' && text.includes(secret))) continue;
    out[name] = value;
  }
  return out;
}
