import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Dispatch credentials: the stand-in key an agent CLI is given instead of the
 * real one, where clients put an API key, and how the gateway swaps it.
 */

export const CREDENTIAL_PREFIX = 'okstra-dispatch-';

export function newCredential(): string {
  return `${CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Where a client put its key: the header each CLI uses, or Gemini's `?key=`. */
export type CredentialPlace = 'x-api-key' | 'authorization' | 'x-goog-api-key' | 'query-key';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Compares digests so neither the length nor the content of the secret leaks through timing. */
export function sameSecret(candidate: string, secret: string): boolean {
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

function single(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/** The places in a request that carry `credential`. Empty: the request is not this dispatch's. */
export function credentialPlaces(
  headers: IncomingHttpHeaders,
  rawQuery: string,
  credential: string,
): CredentialPlace[] {
  const places: CredentialPlace[] = [];
  const apiKey = single(headers['x-api-key']);
  if (apiKey !== null && sameSecret(apiKey.trim(), credential)) places.push('x-api-key');
  const bearer = BEARER.exec(single(headers.authorization) ?? '')?.[1];
  if (bearer !== undefined && sameSecret(bearer, credential)) places.push('authorization');
  const goog = single(headers['x-goog-api-key']);
  if (goog !== null && sameSecret(goog.trim(), credential)) places.push('x-goog-api-key');
  if (queryKeys(rawQuery).some((value) => sameSecret(value, credential))) places.push('query-key');
  return places;
}

function queryKeys(rawQuery: string): string[] {
  if (rawQuery === '') return [];
  return rawQuery
    .split('&')
    .filter((part) => part.startsWith('key='))
    .map((part) => decodeQueryValue(part.slice('key='.length)));
}

function decodeQueryValue(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** Puts the real key where the dispatch credential was, leaving every other header as it came. */
export function injectRealKey(
  headers: Record<string, string | string[]>,
  places: readonly CredentialPlace[],
  realKey: string,
): void {
  for (const place of places) {
    if (place === 'x-api-key') headers['x-api-key'] = realKey;
    else if (place === 'authorization') headers.authorization = `Bearer ${realKey}`;
    else if (place === 'x-goog-api-key') headers['x-goog-api-key'] = realKey;
  }
}

/** The raw query string with `key=<credential>` replaced by the real key; other parameters keep their exact bytes. */
export function injectRealKeyInQuery(rawQuery: string, credential: string, realKey: string): string {
  if (rawQuery === '') return rawQuery;
  return rawQuery
    .split('&')
    .map((part) =>
      part.startsWith('key=') && sameSecret(decodeQueryValue(part.slice(4)), credential)
        ? `key=${encodeURIComponent(realKey)}`
        : part,
    )
    .join('&');
}
