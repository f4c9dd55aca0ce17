import type { IncomingMessage } from 'node:http';
import type { DispatchGrant } from './types.js';

/** `/d/<lease id><path>?<query>`: the route okstra gave one dispatch. */
const LEASE_PATH = /^\/d\/([A-Za-z0-9_-]+)([^?]*)(?:\?(.*))?$/s;

export interface LeaseRoute {
  leaseId: string;
  path: string;
  rawQuery: string;
  /** Whether the agent sent a `?` at all (an empty query is kept as sent). */
  hadQuery: boolean;
}

export function parseLeaseRoute(url: string): LeaseRoute | null {
  const match = LEASE_PATH.exec(url);
  if (!match) return null;
  return { leaseId: match[1] as string, path: match[2] ?? '', rawQuery: match[3] ?? '', hadQuery: url.includes('?') };
}

export function parseUpstream(grant: DispatchGrant): URL {
  let upstream: URL;
  try {
    upstream = new URL(grant.upstream);
  } catch {
    throw new Error(
      `okstra gateway: upstream "${grant.upstream}" for ${grant.worker} is not a URL; expected e.g. https://api.anthropic.com`,
    );
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new Error(
      `okstra gateway: upstream "${grant.upstream}" for ${grant.worker} must be an http:// or https:// URL`,
    );
  if (upstream.search !== '' || upstream.hash !== '' || upstream.username !== '' || upstream.password !== '') {
    throw new Error(
      `okstra gateway: upstream "${upstream.origin}${upstream.pathname}" for ${grant.worker} must be a plain base URL (no query, fragment or user info)`,
    );
  }
  return upstream;
}

export function joinPath(base: string, rest: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (rest === '') return trimmed === '' ? '/' : trimmed;
  return `${trimmed}${rest}`;
}

/**
 * A bodiless HEAD of the dispatch's base URL itself that offers no key at
 * all: a client warming up its connection, which can reach or spend nothing.
 * A wrong key is still a credential refusal.
 */
export function isWarmUp(req: IncomingMessage, method: string, path: string, rawQuery: string): boolean {
  if (method !== 'HEAD' || (path !== '' && path !== '/')) return false;
  const { headers } = req;
  if (
    headers['x-api-key'] !== undefined ||
    headers.authorization !== undefined ||
    headers['x-goog-api-key'] !== undefined ||
    /(^|&)key=/.test(rawQuery)
  )
    return false;
  return (
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

/** No dot segments or encoded separators: the path the upstream resolves must be the path the gateway judged. */
export function safePath(path: string): boolean {
  if (path !== '' && !path.startsWith('/')) return false;
  if (/%2f|%5c|%2e|\\/i.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}
