import { describe, expect, it } from 'vitest';
import { redactDeep, redactSecrets } from '../../src/core/text/redact.js';

// Fake credentials in the documented formats; none is real.
const FAKES: Array<[string, string]> = [
  ['github-token', `ghp_${'A1b2C3d4E5'.repeat(4)}`],
  ['github-token', `gho_${'x'.repeat(36)}`],
  ['github-token', `ghs_${'Z9'.repeat(18)}`],
  ['github-token', `ghu_${'q'.repeat(36)}`],
  ['github-token', `github_pat_11ABCDEFG0${'a'.repeat(70)}`],
  ['anthropic-key', `sk-ant-api03-${'k'.repeat(40)}`],
  ['openai-key', `sk-proj-${'o'.repeat(40)}`],
  ['openai-key', `sk-${'p'.repeat(48)}`],
  ['google-api-key', `AIza${'S'.repeat(35)}`],
  ['aws-access-key', 'AKIAIOSFODNN7EXAMPLE'],
];

describe('redactSecrets', () => {
  it.each(FAKES)('redacts a %s', (kind, secret) => {
    const out = redactSecrets(`token is ${secret} ok`);
    expect(out).toBe(`token is [REDACTED:${kind}] ok`);
  });

  it('redacts bearer tokens and Authorization headers but keeps the scheme', () => {
    expect(redactSecrets('curl -H "Authorization: Bearer abcdefghijklmnop1234"')).toBe(
      'curl -H "Authorization: Bearer [REDACTED:bearer-token]"',
    );
    expect(redactSecrets('Authorization: token abcdefghijklmnop1234')).toBe(
      'Authorization: token [REDACTED:bearer-token]',
    );
  });

  it('redacts private key blocks, including one cut off by a log tail', () => {
    const block = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nabc\n-----END RSA PRIVATE KEY-----';
    expect(redactSecrets(`key:\n${block}\ndone`)).toBe('key:\n[REDACTED:private-key]\ndone');
    expect(redactSecrets('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk')).toBe('[REDACTED:private-key]');
  });

  it('leaves ordinary prose and identifiers alone', () => {
    const prose =
      'The token bucket uses sk-learn style names; ask-anything and AKIA are fine; the access token expired.';
    expect(redactSecrets(prose)).toBe(prose);
  });
});

describe('redactDeep', () => {
  it('redacts every string in a nested value and leaves the input untouched', () => {
    const secret = `ghp_${'a'.repeat(36)}`;
    const input = { a: [secret, 1, null], b: { c: `x ${secret}` } };
    expect(redactDeep(input)).toEqual({
      a: ['[REDACTED:github-token]', 1, null],
      b: { c: 'x [REDACTED:github-token]' },
    });
    expect(input.a[0]).toBe(secret);
  });
});
