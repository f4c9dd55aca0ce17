import { escapeBlock, escapeInline, inlineCode, linkTarget, mermaidLabel, plainText } from './escape.js';
import { redactSecrets } from './redact.js';
import { pushAll } from '../arrays.js';

/**
 * Scrubbing of known secret values (the GitHub token, API keys, the
 * gateway's per-session credentials) from everything okstra writes or
 * sends. Agents are hostile: a key an agent echoes may come back raw,
 * JSON-escaped, URL-encoded, base64-encoded (alone or inside a longer blob
 * such as git's `basic base64("x-access-token:" + token)`), hex-encoded, or
 * changed by our own Markdown escaping on its way into a report. Every one
 * of those forms is removed by exact value; `redactSecrets` (token
 * patterns) stays the second net for keys okstra was never told about.
 */

export const REDACTED = '***';

/**
 * Values shorter than this are not scrubbed: a short value ("main", "true",
 * "admin123"…) matches ordinary words and ids all over a report and the
 * ledger rows, and no real credential is that short.
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * No form shorter than this is matched: the base64 middle of a short value
 * can be a few characters that occur by chance in any base64 blob. With
 * secrets of MIN_SECRET_LENGTH or more every form is at least this long,
 * so the limit only guards against a future change of the other one.
 */
export const MIN_FORM_LENGTH = 8;

export type AddResult = { added: true } | { added: false; reason: string };

/** One way a secret can appear in text, and what replaces it there (the marker, encoded the same way). */
export interface SecretForm {
  text: string;
  replacement: string;
}

type Encode = (text: string) => string | null;

/** URI encoders throw on a lone surrogate; such a value simply has no form of that kind. */
const orNull =
  (encode: (s: string) => string): Encode =>
  (s) => {
    try {
      return encode(s);
    } catch {
      return null;
    }
  };

const json: Encode = (s) => JSON.stringify(s).slice(1, -1);

/** Percent-encodings: URI components, whole URIs, HTML forms (`+` for space); also with lower-case hex. */
const URL_ENCODINGS: readonly Encode[] = [
  orNull(encodeURIComponent),
  orNull(encodeURI),
  orNull((s) => new URLSearchParams([['', s]]).toString().slice(1)),
].flatMap((enc): Encode[] => [enc, (s) => enc(s)?.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()) ?? null]);

const toUrlAlphabet = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * Base64 of the secret on its own (standard and URL-safe alphabet, padded
 * or not) and the part of it that is the same wherever the secret sits in a
 * longer encoded string: with 1 or 2 bytes before it, the first 2 or 3
 * characters also carry those bytes, and unless the secret ends a 3-byte
 * group its last character carries the next byte. Base64 of base64 is not
 * covered.
 */
function base64Forms(bytes: Buffer): string[] {
  const whole = bytes.toString('base64');
  const out = [whole, whole.replace(/=+$/, '')];
  for (const offset of [0, 1, 2]) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const encoded = shifted.toString('base64').replace(/=+$/, '');
    const lead = offset === 0 ? 0 : offset + 1;
    const trail = shifted.length % 3 === 0 ? 0 : 1;
    out.push(encoded.slice(lead, encoded.length - trail));
  }
  return [...out, ...out.map(toUrlAlphabet)];
}

/**
 * The secret as an agent can write it: raw, JSON-escaped (an agent printing
 * JSON), percent-encoded, base64, hex (cheap: byte-aligned, two cases).
 */
function baseForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const hex = bytes.toString('hex');
  const urls = URL_ENCODINGS.map((enc) => enc(secret)).filter((s): s is string => s !== null);
  return [secret, json(secret) ?? secret, ...urls, ...base64Forms(bytes), hex, hex.toUpperCase()];
}

// A letter before the value puts it mid-line, where no line-start escape applies; it is cut off again.
const midLine =
  (escape: (s: string) => string): Encode =>
  (s) =>
    escape(`a${s}`).slice(1);

/** The body of an inline code span, without its fences (the letters keep the value off the fence). */
const codeSpanBody =
  (inTable: boolean): Encode =>
  (s) => {
    const span = inlineCode(`a${s}a`, { inTable });
    const fence = /^`+/.exec(span)?.[0].length ?? 1;
    return span.slice(fence + 1, -fence - 1);
  };

const LINK_BASE = 'https://x.invalid/';

/**
 * How the renderers present agent text: every escaping function of
 * escape.ts it goes through, at the start of a line and in the middle of
 * one (line-start markers are escaped only at the start). Derived by
 * calling those functions, so a change to the escaping is followed here.
 */
const PRESENTATIONS: readonly Encode[] = [
  (s) => s,
  escapeInline,
  midLine(escapeInline),
  escapeBlock,
  midLine(escapeBlock),
  codeSpanBody(false),
  codeSpanBody(true),
  mermaidLabel,
  plainText,
  (s) => linkTarget(`${LINK_BASE}${s}`)?.slice(LINK_BASE.length) ?? null,
];

/** Markdown inside JSON (request bodies, report JSON): the JSON-escaped form of each presentation too. */
const CONTAINERS: readonly Encode[] = [(s) => s, json];

/**
 * Every form of `secret` worth matching, longest first. Where two
 * encodings give the same text, the plainest one's replacement wins.
 */
export function secretForms(secret: string): SecretForm[] {
  const forms = new Map<string, string>();
  const bases = baseForms(secret);
  for (const container of CONTAINERS) {
    for (const present of PRESENTATIONS) {
      const replacement = container(present(REDACTED) ?? REDACTED) ?? REDACTED;
      for (const base of bases) {
        const presented = present(base);
        const text = presented === null ? null : container(presented);
        if (text !== null && text.length >= MIN_FORM_LENGTH && !forms.has(text)) forms.set(text, replacement);
      }
    }
  }
  return [...forms].map(([text, replacement]) => ({ text, replacement })).sort((a, b) => b.text.length - a.text.length);
}

/**
 * An Aho–Corasick automaton over every form of every secret: one pass over
 * the text finds all of them, however many secrets there are. At each
 * position it knows the longest form ending there; overlapping matches are
 * merged, so no character of any match survives.
 */
class FormMatcher {
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  private readonly longest: number[] = [0];
  private readonly replacementOf: number[] = [-1];
  private readonly replacements: string[] = [];
  /** The root's edges as a table: most characters of most text leave the automaton at the root. */
  private readonly fromRoot = new Int32Array(0x10000);

  constructor(forms: readonly SecretForm[]) {
    for (const form of forms) this.insert(form);
    this.link();
    for (const [code, to] of this.next[0] as Map<number, number>) this.fromRoot[code] = to;
  }

  private insert(form: SecretForm): void {
    let state = 0;
    for (let i = 0; i < form.text.length; i++) {
      const code = form.text.charCodeAt(i);
      const edges = this.next[state] as Map<number, number>;
      let to = edges.get(code);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.longest.push(0);
        this.replacementOf.push(-1);
        edges.set(code, to);
      }
      state = to;
    }
    if (this.longest[state] === 0) {
      this.longest[state] = form.text.length;
      this.replacementOf[state] = this.replacements.push(form.replacement) - 1;
    }
  }

  /** Failure links breadth-first; a state also reports the longest form that ends in its suffix. */
  private link(): void {
    const queue = [...(this.next[0] as Map<number, number>).values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      for (const [code, to] of this.next[state] as Map<number, number>) {
        let f = this.fail[state] as number;
        while (f !== 0 && !(this.next[f] as Map<number, number>).has(code)) f = this.fail[f] as number;
        const target = (this.next[f] as Map<number, number>).get(code);
        const fallback = target !== undefined && target !== to ? target : 0;
        this.fail[to] = fallback;
        if (this.longest[to] === 0) {
          this.longest[to] = this.longest[fallback] as number;
          this.replacementOf[to] = this.replacementOf[fallback] as number;
        }
        queue.push(to);
      }
    }
  }

  replace(text: string): string {
    const { next, fail, longest, replacementOf, fromRoot } = this;
    // Merged matches as parallel stacks: start, end, the replacement of the longest match inside.
    const starts: number[] = [];
    const ends: number[] = [];
    const picks: number[] = [];
    const lengths: number[] = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      while (state !== 0) {
        const to = (next[state] as Map<number, number>).get(code);
        if (to !== undefined) break;
        state = fail[state] as number;
      }
      state = state === 0 ? (fromRoot[code] as number) : ((next[state] as Map<number, number>).get(code) as number);
      const length = longest[state] as number;
      if (length === 0) continue;
      let start = i + 1 - length;
      let pick = replacementOf[state] as number;
      let pickLength = length;
      while (starts.length > 0 && start < (ends[ends.length - 1] as number)) {
        start = Math.min(start, starts.pop() as number);
        ends.pop();
        const otherLength = lengths.pop() as number;
        const other = picks.pop() as number;
        if (otherLength > pickLength) {
          pick = other;
          pickLength = otherLength;
        }
      }
      starts.push(start);
      ends.push(i + 1);
      picks.push(pick);
      lengths.push(pickLength);
    }
    if (starts.length === 0) return text;
    const parts: string[] = [];
    let at = 0;
    for (let k = 0; k < starts.length; k++) {
      parts.push(text.slice(at, starts[k]), this.replacements[picks[k] as number] as string);
      at = ends[k] as number;
    }
    parts.push(text.slice(at));
    return parts.join('');
  }
}

/** Only arrays and plain objects are copied: anything else (a Buffer, a signal) is passed on as it is. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A ledger append (or anything shaped like one): a row plus files written with it. */
export interface AppendLike {
  row: unknown;
  files?: ReadonlyArray<{ path: string; content: string }>;
}

/**
 * The known secrets of one process, growing as it learns them (`add` at any
 * time: the gateway mints a credential per worker session). Writers call
 * `scrubAll` for text, `deep` for JSON-able values, `file` for a file's
 * content.
 */
export class Scrubber {
  private readonly secrets = new Set<string>();
  private forms: SecretForm[] = [];
  private matcher: FormMatcher | null = null;

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Learns a secret; a value too short to scrub safely is refused with the reason. */
  add(secret: string): AddResult {
    const value = secret.trim();
    if (value === '') return { added: false, reason: 'the value is empty' };
    if (value.length < MIN_SECRET_LENGTH)
      return {
        added: false,
        reason: `the value is shorter than ${MIN_SECRET_LENGTH} characters, so scrubbing it would also remove ordinary words`,
      };
    if (this.secrets.has(value)) return { added: false, reason: 'the value is already scrubbed' };
    this.secrets.add(value);
    pushAll(this.forms, secretForms(value));
    // Built on the next scrub, so a burst of additions costs one build.
    this.matcher = null;
    return { added: true };
  }

  /** How many secrets are scrubbed. */
  get size(): number {
    return this.secrets.size;
  }

  /** The text without any form of any known secret. */
  values(text: string): string {
    if (this.forms.length === 0 || text.length < MIN_FORM_LENGTH) return text;
    this.matcher ??= new FormMatcher(this.forms);
    return this.matcher.replace(text);
  }

  /** Known values, then token patterns: what every writer calls. */
  scrubAll(text: string): string {
    return redactSecrets(this.values(text));
  }

  /** A copy of a JSON-able value with every string (keys too) scrubbed; objects that are not plain are kept as they are. */
  deep<T>(value: T): T {
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.scrubAll(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) out[this.scrubAll(key)] = this.walk(v);
      return out;
    }
    return value;
  }

  /**
   * A JSON document's text, still valid JSON. Usually the values are
   * replaced in the text itself, which keeps its layout; when that is not
   * enough (a token pattern, a secret behind `\u` escapes) or would break
   * the JSON, the document is scrubbed value by value and re-serialised with
   * its own indentation. Text that is not JSON is scrubbed as text.
   */
  jsonDocument(text: string): string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.scrubAll(text);
    }
    const inPlace = this.values(text);
    try {
      const reparsed: unknown = JSON.parse(inPlace);
      // Every form left in the text is some string's raw form once parsed, so this check is complete.
      if (JSON.stringify(this.deep(reparsed)) === JSON.stringify(reparsed)) return inPlace;
    } catch {
      // The replacement broke the JSON: re-serialise below.
    }
    const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '';
    return `${JSON.stringify(this.deep(parsed), null, indent)}${text.endsWith('\n') ? '\n' : ''}`;
  }

  /** A file's content: JSON files stay valid JSON, everything else is scrubbed as text. */
  file(path: string, content: string): string {
    return path.endsWith('.json') ? this.jsonDocument(content) : this.scrubAll(content);
  }

  /** A ledger append with its row and files scrubbed. */
  appendRequest<R extends AppendLike>(request: R): R {
    return {
      ...request,
      row: this.deep(request.row),
      ...(request.files ? { files: request.files.map((f) => ({ ...f, content: this.file(f.path, f.content) })) } : {}),
    };
  }
}
