/** Which config entries are credentials, and what a strip of one file changes: decided on the entries alone. */
import { describe, expect, it } from 'vitest';
import {
  changesFile,
  changesRemoteUrl,
  planFileStrip,
  tokenHeader,
  urlCredentialHeader,
  withoutUserinfo,
} from '../../src/core/git-credentials.js';

const FILE = '/repo/.git/config';
const REMOTE = 'https://github.com/o/r';
const HEADER = tokenHeader('ghs_secret');

describe('planFileStrip', () => {
  it('removes extraheaders and captures the first authorization header scoped to the remote', () => {
    const entries = [
      { key: 'http.https://other.example/.extraheader', value: 'AUTHORIZATION: basic b3RoZXI=' },
      { key: 'http.https://github.com/.extraheader', value: ` ${HEADER} ` },
      { key: 'http.extraheader', value: 'AUTHORIZATION: basic c2Vjb25k' },
      { key: 'core.bare', value: 'false' },
    ];
    const strip = planFileStrip(FILE, entries, REMOTE);
    expect(strip.removed).toEqual(entries.slice(0, 3));
    expect(strip.found.map((f) => f.kind)).toEqual(['extraheader', 'extraheader', 'extraheader']);
    expect(strip.header).toBe(HEADER);
    expect(changesFile(strip)).toBe(true);
    // Only headers went: the remote's URL cannot have moved.
    expect(changesRemoteUrl(strip)).toBe(false);
  });

  it('captures no header without a remote, or for a header that is not an authorization', () => {
    const entries = [{ key: 'http.extraheader', value: 'X-Trace: 1' }];
    expect(planFileStrip(FILE, entries, REMOTE).header).toBeNull();
    expect(planFileStrip(FILE, [{ key: 'http.extraheader', value: HEADER }], null).header).toBeNull();
  });

  it('a scope matches path segment-wise, ignoring case and userinfo', () => {
    const header = (scope: string) =>
      planFileStrip(FILE, [{ key: `http.${scope}.extraheader`, value: HEADER }], REMOTE).header;
    expect(header('https://GitHub.com/o')).toBe(HEADER);
    expect(header('https://x@github.com/o/r/')).toBe(HEADER);
    expect(header('https://github.com/o/r2')).toBeNull();
  });

  it('removes credential helpers that name one, and rewrites remote URLs without their userinfo', () => {
    const strip = planFileStrip(
      FILE,
      [
        { key: 'credential.helper', value: 'store' },
        { key: 'credential.https://github.com.helper', value: '' },
        { key: 'remote.origin.url', value: 'https://x-access-token:t@github.com/o/r' },
        { key: 'remote.origin.pushurl', value: 'git@github.com:o/r' },
      ],
      REMOTE,
    );
    expect(strip.found.map((f) => [f.kind, f.key])).toEqual([
      ['credential-helper', 'credential.helper'],
      ['url-userinfo', 'remote.origin.url'],
    ]);
    expect(strip.removed).toEqual([{ key: 'credential.helper', value: 'store' }]);
    expect(strip.replaced).toEqual([
      { key: 'remote.origin.url', from: 'https://x-access-token:t@github.com/o/r', to: 'https://github.com/o/r' },
    ]);
    expect(changesRemoteUrl(strip)).toBe(true);
  });

  it('removes an insteadOf section to a URL with userinfo once, keeping each rewrite and masking the key', () => {
    const base = 'https://x:tok@github.com/';
    const entries = [
      { key: `url.${base}.insteadof`, value: 'https://github.com/' },
      { key: `url.${base}.pushinsteadof`, value: 'git@github.com:' },
      { key: 'url.https://mirror.example/.insteadof', value: 'https://github.com/' },
    ];
    const strip = planFileStrip(FILE, entries, REMOTE);
    expect(strip.found.map((f) => f.key)).toEqual([
      'url.https://***@github.com/.insteadof',
      'url.https://***@github.com/.pushinsteadof',
    ]);
    expect(strip.insteadOf).toEqual([
      { base: 'https://github.com/', value: 'https://github.com/' },
      { base: 'https://github.com/', value: 'git@github.com:' },
    ]);
    expect(strip.sections).toEqual([{ section: `url.${base}`, entries: entries.slice(0, 2) }]);
    expect(changesRemoteUrl(strip)).toBe(true);
  });

  it('a file without credentials changes nothing', () => {
    const strip = planFileStrip(FILE, [{ key: 'remote.origin.url', value: REMOTE }], REMOTE);
    expect(strip).toEqual({ found: [], removed: [], replaced: [], sections: [], insteadOf: [], header: null });
    expect(changesFile(strip)).toBe(false);
  });
});

describe('urlCredentialHeader', () => {
  it("turns an HTTP URL's userinfo into a basic header; a bare user is a token", () => {
    expect(urlCredentialHeader('https://ghs_secret@github.com/o/r')).toBe(HEADER);
    expect(urlCredentialHeader('https://u:p%40ss@github.com/o/r')).toBe(
      `AUTHORIZATION: basic ${Buffer.from('u:p@ss').toString('base64')}`,
    );
  });

  it('is null without userinfo, for a URL that is not HTTP, and without a URL', () => {
    expect(urlCredentialHeader(REMOTE)).toBeNull();
    expect(urlCredentialHeader('ssh://git@github.com/o/r')).toBeNull();
    expect(urlCredentialHeader(null)).toBeNull();
    expect(withoutUserinfo('ssh://git@github.com/o/r')).toBe('ssh://github.com/o/r');
  });
});
