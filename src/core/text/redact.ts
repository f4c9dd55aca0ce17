/**
 * Secret redaction for text that came from agents, commands or logs before it
 * is shown anywhere. The patterns follow the published token formats; they
 * are deliberately specific (prefix + length) so ordinary prose is untouched.
 */

interface SecretPattern {
  kind: string;
  pattern: RegExp;
}

// Order matters: the Anthropic prefix `sk-ant-` must win over the generic OpenAI `sk-`.
const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'private-key',
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: 'github-token', pattern: /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g },
  { kind: 'github-token', pattern: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g },
  { kind: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  { kind: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
];

/** `Bearer <token>` and `Authorization: token|basic <value>`: keep the scheme, hide the credential. */
const AUTH_HEADER = /\b(bearer|token|basic)(\s+)([A-Za-z0-9._~+/=-]{16,})/gi;
const AUTH_CONTEXT = /(?:authorization|bearer)/i;

export function redactionMarker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/** The text with every recognised secret replaced by `[REDACTED:<kind>]`. */
export function redactSecrets(text: string): string {
  // Fast path: most strings hold none of the tell-tale fragments.
  if (!mightHoldSecret(text)) return text;
  let out = text;
  for (const { kind, pattern } of SECRET_PATTERNS) out = out.replace(pattern, redactionMarker(kind));
  out = out.replace(
    AUTH_HEADER,
    (match: string, scheme: string, space: string, value: string, offset: number, whole: string) => {
      // `token abc…` alone is common prose ("token xyz expired"); redact it only beside an auth header or as Bearer.
      const isBearer = scheme.toLowerCase() === 'bearer';
      const lineStart = whole.lastIndexOf('\n', offset) + 1;
      const before = whole.slice(lineStart, offset);
      if (!isBearer && !AUTH_CONTEXT.test(before)) return match;
      if (value.startsWith('[REDACTED')) return match;
      return `${scheme}${space}${redactionMarker('bearer-token')}`;
    },
  );
  return out;
}

// Every pattern above contains one of these fragments; the auth-header rule needs "bearer" or "authorization" nearby.
const TOKEN_TELLTALES = /gh[pousr]_|github_pat_|sk-|AIza|AKIA|ASIA|ABIA|ACCA|xox[abposr]-|PRIVATE KEY/;
const AUTH_TELLTALES = /bearer|authorization/i;

function mightHoldSecret(text: string): boolean {
  return TOKEN_TELLTALES.test(text) || AUTH_TELLTALES.test(text);
}

/**
 * A deep copy of a JSON-like value with every string redacted. Renderers run
 * the whole report through this once, so no field can be forgotten.
 */
export function redactDeep<T>(value: T): T {
  return redactValue(value) as T;
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = redactValue(v);
    return out;
  }
  return value;
}
