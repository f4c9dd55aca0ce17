/**
 * Which entries of a git config file are credentials, and what taking them
 * out means, decided on the entries as plain data. The reads and the
 * `git config` calls that apply it are in src/git/credentials.ts.
 */

export type CredentialKind = 'extraheader' | 'url-userinfo' | 'insteadof-userinfo' | 'credential-helper';

/** A credential found in a config file. Never carries the value. */
export interface FoundCredential {
  kind: CredentialKind;
  /** The config key as git lists it (for `insteadof-userinfo`, with the userinfo masked). */
  key: string;
  file: string;
}

/** One entry as `git config --list` gives it. */
export interface ConfigEntry {
  key: string;
  value: string;
}

/** A URL rewrite (`url.<base>.insteadOf <value>`). */
export interface UrlRewrite {
  base: string;
  value: string;
}

/** What taking the credentials out of one config file changes, and what it finds on the way. */
export interface FileStrip {
  found: FoundCredential[];
  /** Entries taken out, in their order. */
  removed: ConfigEntry[];
  /** Values rewritten in place (a URL without its userinfo). */
  replaced: Array<{ key: string; from: string; to: string }>;
  /** Sections removed whole (insteadOf rewrites to a URL with userinfo), with every entry they held. */
  sections: Array<{ section: string; entries: ConfigEntry[] }>;
  /** The removed rewrites without their userinfo, to keep them in effect for okstra's own git processes. */
  insteadOf: UrlRewrite[];
  /** The file's first authorization header that applies to `remoteUrl`; null when none does. */
  header: string | null;
}

const EXTRAHEADER = /^http\.(?:.+\.)?extraheader$/;
const HELPER = /^credential\.(?:.+\.)?helper$/;
const REMOTE_URL = /^remote\..+\.(?:url|pushurl)$/;
const INSTEADOF = /^url\.(.+)\.(?:insteadof|pushinsteadof)$/;

/**
 * The credentials in one file's entries: extraheaders and credential helpers
 * are removed, remote URLs lose their userinfo, and an insteadOf rewrite to a
 * URL with userinfo loses its whole section. `remoteUrl` (the remote's
 * effective URL, null when it has none) picks the header worth capturing.
 */
export function planFileStrip(file: string, entries: readonly ConfigEntry[], remoteUrl: string | null): FileStrip {
  const strip: FileStrip = { found: [], removed: [], replaced: [], sections: [], insteadOf: [], header: null };
  const sectionsSeen = new Set<string>();
  for (const e of entries) {
    if (EXTRAHEADER.test(e.key)) {
      strip.found.push({ kind: 'extraheader', key: e.key, file });
      strip.removed.push(e);
      if (strip.header === null && remoteUrl !== null && isAuthorizationFor(e, remoteUrl))
        strip.header = e.value.trim();
    } else if (HELPER.test(e.key) && e.value.trim() !== '') {
      strip.found.push({ kind: 'credential-helper', key: e.key, file });
      strip.removed.push(e);
    } else if (REMOTE_URL.test(e.key) && userinfoOf(e.value) !== null) {
      strip.found.push({ kind: 'url-userinfo', key: e.key, file });
      strip.replaced.push({ key: e.key, from: e.value, to: withoutUserinfo(e.value) });
    } else {
      const base = INSTEADOF.exec(e.key)?.[1];
      if (base === undefined || userinfoOf(base) === null) continue;
      const section = `url.${base}`;
      const masked = `url.${withoutUserinfo(base, '***@')}.${e.key.slice(section.length + 1)}`;
      strip.found.push({ kind: 'insteadof-userinfo', key: masked, file });
      strip.insteadOf.push({ base: withoutUserinfo(base), value: e.value });
      if (sectionsSeen.has(section)) continue;
      sectionsSeen.add(section);
      strip.sections.push({ section, entries: entries.filter((x) => x.key.startsWith(`${section}.`)) });
    }
  }
  return strip;
}

/** Whether a strip of the file changes anything in it. */
export function changesFile(strip: Pick<FileStrip, 'removed' | 'replaced' | 'sections'>): boolean {
  return strip.removed.length + strip.replaced.length + strip.sections.length > 0;
}

/**
 * Whether the strip can change the remote's effective URL: a remote URL rewritten without its userinfo, or an
 * insteadOf section removed. Extraheaders and credential helpers, the usual strip (actions/checkout's), do not.
 */
export function changesRemoteUrl(strip: Pick<FileStrip, 'replaced' | 'sections'>): boolean {
  return strip.replaced.length + strip.sections.length > 0;
}

/** The credential a remote URL carries in its userinfo, as a header line; null when it carries none. */
export function urlCredentialHeader(url: string | null): string | null {
  const info = url === null ? null : userinfoOf(url);
  return info === null ? null : basicHeader(info);
}

/** The header actions/checkout builds from a token (`x-access-token` basic auth), which GitHub accepts for git over HTTPS. */
export function tokenHeader(token: string): string {
  return basicHeader({ user: 'x-access-token', password: token });
}

/** Whether git over this URL needs an HTTP credential at all (file paths, file:// and ssh do not take one). */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function withoutUserinfo(url: string, replacement = ''): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]+@/i, `$1${replacement}`);
}

function userinfoOf(url: string): { user: string; password: string | null } | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/@]+)@/i.exec(url);
  if (!m?.[1] || !isHttpUrl(url)) return null;
  const [user = '', ...rest] = m[1].split(':');
  return { user: decodeURIComponent(user), password: rest.length > 0 ? decodeURIComponent(rest.join(':')) : null };
}

/** A user with no password is how a token is often written (`https://<token>@host/…`). */
function basicHeader(info: { user: string; password: string | null }): string {
  const pair = info.password === null ? `x-access-token:${info.user}` : `${info.user}:${info.password}`;
  return `AUTHORIZATION: basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** An extraheader entry that is an authorization header git sends to `url`. */
function isAuthorizationFor(e: ConfigEntry, url: string): boolean {
  return /^authorization:/i.test(e.value.trim()) && scopeMatches(e.key, url);
}

/** Whether `http[.<url>].extraheader` applies to `url` (git matches the config URL as a prefix, path segment-wise). */
function scopeMatches(key: string, url: string): boolean {
  const scope = /^http\.(?:(.+)\.)?extraheader$/.exec(key)?.[1];
  if (scope === undefined) return true;
  const target = withoutUserinfo(url).toLowerCase();
  const prefix = withoutUserinfo(scope).toLowerCase().replace(/\/$/, '');
  if (!target.startsWith(prefix)) return false;
  const rest = target.slice(prefix.length);
  return rest === '' || rest.startsWith('/');
}
