import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);

// bot/main.ts
import { readFileSync } from "node:fs";
import { run } from "probot";

// src/core/text/escape.ts
var ANSI_SEQUENCE = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
var INVISIBLE = (
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g
);
var ANY_INVISIBLE = new RegExp(INVISIBLE.source);
function stripInvisible(text) {
  if (!ANY_INVISIBLE.test(text)) return text;
  return text.replace(/\r\n?/g, "\n").replace(ANSI_SEQUENCE, "").replace(INVISIBLE, "");
}
var ZERO_WIDTH_SPACE = "\u200B";
var MENTION = /@(?=[A-Za-z0-9])/g;
function breakMentions(text) {
  return text.replace(MENTION, `@${ZERO_WIDTH_SPACE}`);
}
var HTML_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
var INLINE_SPECIAL = /[\\`*_[\]~|&<>]/g;
function escapeInlineChars(text) {
  return text.replace(INLINE_SPECIAL, (ch) => HTML_ENTITIES[ch] ?? `\\${ch}`);
}
var LINE_START_MARKER = /^([#>+\-=*]|\d{1,9}(?=[.)]))/;
function escapeLineStart(line) {
  const trimmed = line.replace(/^[ \t]+/, "");
  return trimmed.replace(LINE_START_MARKER, (marker) => /^\d/.test(marker) ? `${marker}\\` : `\\${marker}`);
}
function escapeInline(text) {
  const oneLine = stripInvisible(text).replace(/\s*\n\s*/g, " ").trim();
  return breakMentions(escapeLineStart(escapeInlineChars(oneLine)));
}
function escapeBlock(text) {
  const lines = stripInvisible(text).split("\n");
  const out = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === "") {
      if (out.length > 0 && out[out.length - 1] !== "") out.push("");
      continue;
    }
    out.push(breakMentions(escapeLineStart(escapeInlineChars(line))));
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.map((line, i) => line !== "" && out[i + 1] !== void 0 && out[i + 1] !== "" ? `${line}  ` : line).join("\n");
}
function longestBacktickRun(text) {
  let longest = 0;
  for (const run2 of text.match(/`+/g) ?? []) longest = Math.max(longest, run2.length);
  return longest;
}
function codeBlock(text, info = "") {
  const body = stripInvisible(text).replace(/\n+$/, "");
  const fence = fenceFor(body);
  return `${fence}${info}
${body}
${fence}`;
}
function fenceFor(text) {
  return "`".repeat(Math.max(3, longestBacktickRun(text) + 1));
}
function inlineCode(text, opts = {}) {
  let body = stripInvisible(text).replace(/\s*\n\s*/g, " ");
  if (opts.inTable) body = body.replace(/\|/g, "\\|");
  if (body === "") return "` `";
  const fence = "`".repeat(longestBacktickRun(body) + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}
function mermaidLabel(text) {
  return stripInvisible(text).replace(/\s*\n\s*/g, " ").replace(/#/g, "#35;").replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;").replace(/`/g, "#96;").replace(/&/g, "#amp;");
}
function plainText(text) {
  return stripInvisible(text);
}
function linkTarget(url) {
  if (!/^https?:\/\/[^\s<>]+$/i.test(url)) return null;
  return url.replace(/[()[\]]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

// src/core/text/redact.ts
var SECRET_PATTERNS = [
  {
    kind: "private-key",
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g
  },
  { kind: "github-token", pattern: /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g },
  { kind: "github-token", pattern: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g },
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: "openai-key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { kind: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  { kind: "slack-token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g }
];
var AUTH_HEADER = /\b(bearer|token|basic)(\s+)([A-Za-z0-9._~+/=-]{16,})/gi;
var AUTH_CONTEXT = /(?:authorization|bearer)/i;
function redactionMarker(kind) {
  return `[REDACTED:${kind}]`;
}
function redactSecrets(text) {
  if (!mightHoldSecret(text)) return text;
  let out = text;
  for (const { kind, pattern } of SECRET_PATTERNS) out = out.replace(pattern, redactionMarker(kind));
  out = out.replace(
    AUTH_HEADER,
    (match, scheme, space, value, offset, whole) => {
      const isBearer = scheme.toLowerCase() === "bearer";
      const lineStart = whole.lastIndexOf("\n", offset) + 1;
      const before = whole.slice(lineStart, offset);
      if (!isBearer && !AUTH_CONTEXT.test(before)) return match;
      if (value.startsWith("[REDACTED")) return match;
      return `${scheme}${space}${redactionMarker("bearer-token")}`;
    }
  );
  return out;
}
var TOKEN_TELLTALES = /gh[pousr]_|github_pat_|sk-|AIza|AKIA|ASIA|ABIA|ACCA|xox[abposr]-|PRIVATE KEY/;
var AUTH_TELLTALES = /bearer|authorization/i;
function mightHoldSecret(text) {
  return TOKEN_TELLTALES.test(text) || AUTH_TELLTALES.test(text);
}
function redactDeep(value) {
  return redactValue(value);
}
function redactValue(value) {
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const [key, v] of Object.entries(value)) out[key] = redactValue(v);
    return out;
  }
  return value;
}

// src/core/text/scrub.ts
var REDACTED = "***";
var MIN_SECRET_LENGTH = 8;
var MIN_FORM_LENGTH = 8;
var orNull = (encode) => (s) => {
  try {
    return encode(s);
  } catch {
    return null;
  }
};
var json = (s) => JSON.stringify(s).slice(1, -1);
var URL_ENCODINGS = [
  orNull(encodeURIComponent),
  orNull(encodeURI),
  orNull((s) => new URLSearchParams([["", s]]).toString().slice(1))
].flatMap((enc) => [enc, (s) => enc(s)?.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()) ?? null]);
var toUrlAlphabet = (b64) => b64.replace(/\+/g, "-").replace(/\//g, "_");
function base64Forms(bytes) {
  const whole = bytes.toString("base64");
  const out = [whole, whole.replace(/=+$/, "")];
  for (const offset of [0, 1, 2]) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const encoded = shifted.toString("base64").replace(/=+$/, "");
    const lead = offset === 0 ? 0 : offset + 1;
    const trail = shifted.length % 3 === 0 ? 0 : 1;
    out.push(encoded.slice(lead, encoded.length - trail));
  }
  return [...out, ...out.map(toUrlAlphabet)];
}
function baseForms(secret) {
  const bytes = Buffer.from(secret, "utf8");
  const hex = bytes.toString("hex");
  const urls = URL_ENCODINGS.map((enc) => enc(secret)).filter((s) => s !== null);
  return [secret, json(secret) ?? secret, ...urls, ...base64Forms(bytes), hex, hex.toUpperCase()];
}
var midLine = (escape) => (s) => escape(`a${s}`).slice(1);
var codeSpanBody = (inTable) => (s) => {
  const span = inlineCode(`a${s}a`, { inTable });
  const fence = /^`+/.exec(span)?.[0].length ?? 1;
  return span.slice(fence + 1, -fence - 1);
};
var LINK_BASE = "https://x.invalid/";
var PRESENTATIONS = [
  (s) => s,
  escapeInline,
  midLine(escapeInline),
  escapeBlock,
  midLine(escapeBlock),
  codeSpanBody(false),
  codeSpanBody(true),
  mermaidLabel,
  plainText,
  (s) => linkTarget(`${LINK_BASE}${s}`)?.slice(LINK_BASE.length) ?? null
];
var CONTAINERS = [(s) => s, json];
function secretForms(secret) {
  const forms = /* @__PURE__ */ new Map();
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
var FormMatcher = class {
  next = [/* @__PURE__ */ new Map()];
  fail = [0];
  longest = [0];
  replacementOf = [-1];
  replacements = [];
  /** The root's edges as a table: most characters of most text leave the automaton at the root. */
  fromRoot = new Int32Array(65536);
  constructor(forms) {
    for (const form of forms) this.insert(form);
    this.link();
    for (const [code, to] of this.next[0]) this.fromRoot[code] = to;
  }
  insert(form) {
    let state = 0;
    for (let i = 0; i < form.text.length; i++) {
      const code = form.text.charCodeAt(i);
      const edges = this.next[state];
      let to = edges.get(code);
      if (to === void 0) {
        to = this.next.length;
        this.next.push(/* @__PURE__ */ new Map());
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
  link() {
    const queue = [...this.next[0].values()];
    for (let head2 = 0; head2 < queue.length; head2++) {
      const state = queue[head2];
      for (const [code, to] of this.next[state]) {
        let f = this.fail[state];
        while (f !== 0 && !this.next[f].has(code)) f = this.fail[f];
        const target = this.next[f].get(code);
        const fallback = target !== void 0 && target !== to ? target : 0;
        this.fail[to] = fallback;
        if (this.longest[to] === 0) {
          this.longest[to] = this.longest[fallback];
          this.replacementOf[to] = this.replacementOf[fallback];
        }
        queue.push(to);
      }
    }
  }
  replace(text) {
    const { next, fail, longest, replacementOf, fromRoot } = this;
    const starts = [];
    const ends = [];
    const picks = [];
    const lengths = [];
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      while (state !== 0) {
        const to = next[state].get(code);
        if (to !== void 0) break;
        state = fail[state];
      }
      state = state === 0 ? fromRoot[code] : next[state].get(code);
      const length = longest[state];
      if (length === 0) continue;
      let start = i + 1 - length;
      let pick = replacementOf[state];
      let pickLength = length;
      while (starts.length > 0 && start < ends[ends.length - 1]) {
        start = Math.min(start, starts.pop());
        ends.pop();
        const otherLength = lengths.pop();
        const other = picks.pop();
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
    const parts = [];
    let at = 0;
    for (let k = 0; k < starts.length; k++) {
      parts.push(text.slice(at, starts[k]), this.replacements[picks[k]]);
      at = ends[k];
    }
    parts.push(text.slice(at));
    return parts.join("");
  }
};
function isPlainObject(value) {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
var Scrubber = class {
  secrets = /* @__PURE__ */ new Set();
  forms = [];
  matcher = null;
  constructor(secrets = []) {
    for (const s of secrets) this.add(s);
  }
  /** Learns a secret; a value too short to scrub safely is refused with the reason. */
  add(secret) {
    const value = secret.trim();
    if (value === "") return { added: false, reason: "the value is empty" };
    if (value.length < MIN_SECRET_LENGTH)
      return {
        added: false,
        reason: `the value is shorter than ${MIN_SECRET_LENGTH} characters, so scrubbing it would also remove ordinary words`
      };
    if (this.secrets.has(value)) return { added: false, reason: "the value is already scrubbed" };
    this.secrets.add(value);
    this.forms.push(...secretForms(value));
    this.matcher = null;
    return { added: true };
  }
  /** How many secrets are scrubbed. */
  get size() {
    return this.secrets.size;
  }
  /** The text without any form of any known secret. */
  values(text) {
    if (this.forms.length === 0 || text.length < MIN_FORM_LENGTH) return text;
    this.matcher ??= new FormMatcher(this.forms);
    return this.matcher.replace(text);
  }
  /** Known values, then token patterns: what every writer calls. */
  scrubAll(text) {
    return redactSecrets(this.values(text));
  }
  /** A copy of a JSON-able value with every string (keys too) scrubbed; objects that are not plain are kept as they are. */
  deep(value) {
    return this.walk(value);
  }
  walk(value) {
    if (typeof value === "string") return this.scrubAll(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (isPlainObject(value)) {
      const out = {};
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
  jsonDocument(text) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.scrubAll(text);
    }
    const inPlace = this.values(text);
    try {
      const reparsed = JSON.parse(inPlace);
      if (JSON.stringify(this.deep(reparsed)) === JSON.stringify(reparsed)) return inPlace;
    } catch {
    }
    const indent2 = /\n([ \t]+)\S/.exec(text)?.[1] ?? "";
    return `${JSON.stringify(this.deep(parsed), null, indent2)}${text.endsWith("\n") ? "\n" : ""}`;
  }
  /** A file's content: JSON files stay valid JSON, everything else is scrubbed as text. */
  file(path, content) {
    return path.endsWith(".json") ? this.jsonDocument(content) : this.scrubAll(content);
  }
  /** A ledger append with its row and files scrubbed. */
  appendRequest(request) {
    return {
      ...request,
      row: this.deep(request.row),
      ...request.files ? { files: request.files.map((f) => ({ ...f, content: this.file(f.path, f.content) })) } : {}
    };
  }
};

// src/core/commands/blocks.ts
function indentOf(line) {
  let columns = 0;
  let at = 0;
  for (; at < line.length; at++) {
    const ch = line.charCodeAt(at);
    if (ch === 32) columns++;
    else if (ch === 9) columns += 4 - columns % 4;
    else break;
  }
  return { columns, at };
}
var isBlank = (line) => indentOf(line).at === line.length;
function fenceOpener(rest) {
  const char = rest[0];
  if (char !== "`" && char !== "~") return null;
  let n = 0;
  while (rest[n] === char) n++;
  if (n < 3) return null;
  if (char === "`" && rest.includes("`", n)) return null;
  return { char, length: n };
}
function closesFence(line, fence) {
  const { columns, at } = indentOf(line);
  if (columns > 3) return false;
  let n = 0;
  while (line[at + n] === fence.char) n++;
  return n >= fence.length && isBlank(line.slice(at + n));
}
var isAtxHeading = (rest) => /^#{1,6}(?:[ \t]|$)/.test(rest);
function isThematicBreak(rest) {
  const char = rest[0];
  if (char !== "*" && char !== "-" && char !== "_") return false;
  let count = 0;
  for (const ch of rest) {
    if (ch === char) count++;
    else if (ch !== " " && ch !== "	") return false;
  }
  return count >= 3;
}
var isSetextUnderline = (rest) => /^(?:=+|-+)[ \t]*$/.test(rest);
function isTableDelimiter(rest) {
  if (!rest.includes("-") || !(rest.includes("|") || rest.includes(":"))) return false;
  for (const ch of rest) if (ch !== "|" && ch !== ":" && ch !== "-" && ch !== " " && ch !== "	") return false;
  return true;
}
function listMarker(line, ind) {
  const rest = line.slice(ind.at);
  const m = /^(?:([-+*])|([0-9]{1,9})[.)])(?=[ \t]|$)/.exec(rest);
  if (!m) return null;
  const markerEnd = ind.columns + m[0].length;
  const after = indentOf(line.slice(ind.at + m[0].length));
  const empty = ind.at + m[0].length + after.at === line.length;
  const gap = empty || after.columns > 4 ? 1 : after.columns;
  return { contentIndent: markerEnd + gap, empty, orderedNotOne: m[2] !== void 0 && Number(m[2]) !== 1 };
}
var HTML_BLOCK_TAGS = new Set(
  "address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul".split(
    " "
  )
);
function htmlBlockStart(rest) {
  if (rest[0] !== "<") return null;
  const raw = /^<(script|pre|style|textarea)(?=[\s>]|$)/i.exec(rest);
  if (raw) return { end: `</${raw[1].toLowerCase()}>`, interrupts: true };
  if (rest.startsWith("<!--")) return { end: "-->", interrupts: true };
  if (rest.startsWith("<?")) return { end: "?>", interrupts: true };
  if (rest.startsWith("<![CDATA[")) return { end: "]]>", interrupts: true };
  if (/^<![A-Za-z]/.test(rest)) return { end: ">", interrupts: true };
  const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s>]|\/>|$)/.exec(rest);
  if (tag && HTML_BLOCK_TAGS.has(tag[1].toLowerCase())) return { end: null, interrupts: true };
  if (/^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$/.test(
    rest.length > 4096 ? "" : rest
  )) {
    return { end: null, interrupts: false };
  }
  return null;
}
function interruptsParagraph(line) {
  const ind = indentOf(line);
  if (ind.columns > 3 || ind.at === line.length) return false;
  const rest = line.slice(ind.at);
  if (fenceOpener(rest) || isAtxHeading(rest) || isThematicBreak(rest) || rest[0] === ">" || isFootnoteDefinition(rest))
    return true;
  const html = htmlBlockStart(rest);
  if (html?.interrupts) return true;
  const item = listMarker(line, ind);
  return item !== null && !item.empty && !item.orderedNotOne;
}
var isFootnoteDefinition = (rest) => /^\[\^[^\]\s]{1,999}\]:/.test(rest);
var mayBeDefinition = (rest) => rest[0] === "[" && rest.includes("]:");
function topLevelParagraphs(lines) {
  const out = [];
  let state = { kind: "none" };
  const endParagraph = (visible) => {
    if (state.kind === "paragraph" && visible) {
      const first = lines[state.lines[0]];
      if (!mayBeDefinition(first.slice(indentOf(first).at))) out.push({ lines: state.lines });
    }
    state = { kind: "none" };
  };
  const start = (i) => {
    const line = lines[i];
    const ind = indentOf(line);
    if (ind.at === line.length) {
      state = { kind: "none" };
      return;
    }
    if (ind.columns > 3) {
      state = { kind: "indented" };
      return;
    }
    const rest = line.slice(ind.at);
    const fence = fenceOpener(rest);
    if (fence) {
      state = { kind: "fence", ...fence };
      return;
    }
    if (isAtxHeading(rest) || isThematicBreak(rest)) {
      state = { kind: "none" };
      return;
    }
    if (rest[0] === ">") {
      state = { kind: "container", contentIndent: null, lastBlank: false };
      return;
    }
    const item = listMarker(line, ind);
    if (item) {
      state = { kind: "container", contentIndent: item.contentIndent, lastBlank: item.empty };
      return;
    }
    if (isFootnoteDefinition(rest)) {
      state = { kind: "container", contentIndent: ind.columns + 4, lastBlank: false };
      return;
    }
    const html = htmlBlockStart(rest);
    if (html) {
      state = html.end !== null && rest.includes(html.end, 2) ? { kind: "none" } : { kind: "html", end: html.end };
      return;
    }
    state = { kind: "paragraph", lines: [i] };
  };
  const current = () => state;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const blank = isBlank(line);
    const s = current();
    switch (s.kind) {
      case "none":
        start(i);
        break;
      case "paragraph": {
        if (blank) {
          endParagraph(true);
          break;
        }
        const ind = indentOf(line);
        const rest = line.slice(ind.at);
        if (ind.columns <= 3 && isSetextUnderline(rest)) {
          endParagraph(false);
          break;
        }
        if (ind.columns <= 3 && isTableDelimiter(rest)) {
          endParagraph(false);
          state = { kind: "table" };
          break;
        }
        if (interruptsParagraph(line)) {
          endParagraph(true);
          start(i);
          break;
        }
        s.lines.push(i);
        break;
      }
      case "fence":
        if (closesFence(line, s)) state = { kind: "none" };
        break;
      case "html":
        if (s.end === null ? blank : line.includes(s.end)) state = { kind: "none" };
        break;
      case "indented":
        if (!blank && indentOf(line).columns < 4) start(i);
        break;
      case "table":
        if (blank) state = { kind: "none" };
        else if (interruptsParagraph(line)) start(i);
        break;
      case "container": {
        if (s.contentIndent === null) {
          const ind2 = indentOf(line);
          if (blank) state = { kind: "none" };
          else if (ind2.columns <= 3 && line[ind2.at] === ">") s.lastBlank = false;
          else if (interruptsParagraph(line)) start(i);
          break;
        }
        if (blank) {
          s.lastBlank = true;
          break;
        }
        const ind = indentOf(line);
        if (ind.columns >= s.contentIndent) s.lastBlank = false;
        else if (!s.lastBlank && !interruptsParagraph(line)) s.lastBlank = false;
        else start(i);
        break;
      }
    }
  }
  endParagraph(true);
  return out;
}

// src/core/commands/inline.ts
var TAG_BUDGET_PER_CHAR = 4;
var ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
function hiddenLineStarts(lines) {
  const text = lines.join("\n");
  const starts = [];
  let offset = 0;
  for (const l of lines) {
    starts.push(offset);
    offset += l.length + 1;
  }
  const ranges = hiddenRanges(text);
  const out = [];
  let r = 0;
  for (const at of starts) {
    while (r < ranges.length && ranges[r][1] <= at) r++;
    const range = ranges[r];
    out.push(range !== void 0 && range[0] <= at && at < range[1]);
  }
  return out;
}
function hiddenRanges(text) {
  const ranges = [];
  const runs = backtickRuns(text);
  const noCloserAfter = /* @__PURE__ */ new Map();
  let budget = text.length * TAG_BUDGET_PER_CHAR + 1024;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\\" && i + 1 < text.length && ASCII_PUNCTUATION.test(text[i + 1])) {
      i += 2;
      continue;
    }
    if (ch === "`") {
      const length = runs.lengthAt(i);
      const closer = runs.next(length, i + length);
      if (closer === -1) i += length;
      else {
        ranges.push([i, closer + length]);
        i = closer + length;
      }
      continue;
    }
    if (ch === "<") {
      const end = autolinkEnd(text, i) ?? rawHtmlEnd(text, i, noCloserAfter, (cost) => (budget -= cost) > 0);
      if (end === "exhausted") {
        ranges.push([i, text.length + 1]);
        break;
      }
      if (end !== null) {
        ranges.push([i, end]);
        i = end;
        continue;
      }
    }
    i++;
  }
  return ranges;
}
function backtickRuns(text) {
  const byLength = /* @__PURE__ */ new Map();
  const lengthAt = /* @__PURE__ */ new Map();
  for (let i = text.indexOf("`"); i !== -1; ) {
    let j = i;
    while (text[j] === "`") j++;
    const n = j - i;
    lengthAt.set(i, n);
    let list2 = byLength.get(n);
    if (!list2) byLength.set(n, list2 = []);
    list2.push(i);
    i = text.indexOf("`", j);
  }
  const cursor = /* @__PURE__ */ new Map();
  return {
    // An escaped first backtick leaves a shorter run starting one further on: its length is what is left of the run.
    lengthAt: (i) => {
      let j = i;
      while (text[j] === "`") j++;
      return j - i;
    },
    next: (length, from) => {
      const list2 = byLength.get(length);
      if (!list2) return -1;
      let c = cursor.get(length) ?? 0;
      while (c < list2.length && list2[c] < from) c++;
      cursor.set(length, c);
      return c < list2.length ? list2[c] : -1;
    }
  };
}
var AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[!-;=?-~\u0080-\uffff]*>/y;
var EMAIL_AUTOLINK = /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;
function autolinkEnd(text, i) {
  for (const re of [AUTOLINK, EMAIL_AUTOLINK]) {
    re.lastIndex = i;
    if (re.test(text)) return re.lastIndex;
  }
  return null;
}
function rawHtmlEnd(text, i, noCloserAfter, charge) {
  const find = (closer, from) => {
    const known = noCloserAfter.get(closer);
    if (known !== void 0 && known <= from) return -1;
    const at = text.indexOf(closer, from);
    if (at === -1) noCloserAfter.set(closer, from);
    return at;
  };
  const closed = (from, closer) => {
    const at = find(closer, from);
    return at === -1 ? null : at + closer.length;
  };
  if (text.startsWith("<!--", i)) {
    if (text.startsWith(">", i + 4)) return i + 5;
    if (text.startsWith("->", i + 4)) return i + 6;
    return closed(i + 4, "-->");
  }
  if (text.startsWith("<?", i)) return closed(i + 2, "?>");
  if (text.startsWith("<![CDATA[", i)) return closed(i + 9, "]]>");
  if (text.startsWith("<!", i) && /[A-Za-z]/.test(text[i + 2] ?? "")) return closed(i + 3, ">");
  const end = tagEnd(text, i, find);
  if (!charge(end.scanned)) return "exhausted";
  return end.end;
}
var isNameStart = (c) => /[A-Za-z_:]/.test(c);
var isNameChar = (c) => /[A-Za-z0-9_.:-]/.test(c);
var isTagNameChar = (c) => /[A-Za-z0-9-]/.test(c);
var isSpace = (c) => c === " " || c === "	" || c === "\n" || c === "\r" || c === "\f" || c === "\v";
function tagEnd(text, i, find) {
  let j = i + 1;
  const fail = () => ({ end: null, scanned: j - i });
  const closing = text[j] === "/";
  if (closing) j++;
  if (!/[A-Za-z]/.test(text[j] ?? "")) return fail();
  while (j < text.length && isTagNameChar(text[j])) j++;
  if (closing) {
    while (isSpace(text[j])) j++;
    return text[j] === ">" ? { end: j + 1, scanned: j - i } : fail();
  }
  for (; ; ) {
    const before = j;
    while (isSpace(text[j])) j++;
    if (text[j] === ">") return { end: j + 1, scanned: j - i };
    if (text[j] === "/" && text[j + 1] === ">") return { end: j + 2, scanned: j - i };
    if (j === before || !isNameStart(text[j] ?? "")) return fail();
    while (j < text.length && isNameChar(text[j])) j++;
    let k = j;
    while (isSpace(text[k])) k++;
    if (text[k] !== "=") continue;
    k++;
    while (isSpace(text[k])) k++;
    const quote = text[k];
    if (quote === '"' || quote === "'") {
      const close = find(quote, k + 1);
      if (close === -1) return fail();
      j = close + 1;
    } else {
      const start = k;
      while (k < text.length && !/[\s"'=<>`]/.test(text[k])) k++;
      if (k === start) {
        j = k;
        return fail();
      }
      j = k;
    }
  }
}

// src/core/commands/lines.ts
var COMMAND_PREFIX = "/okstra";
var MAX_COMMENT_BYTES = 64 * 1024;
var COMMAND_START = /^\/okstra(?=\s|$)/;
var CANDIDATE_LINE = /^[^\S\n]*\/okstra(?=\s|$)/m;
function scanComment(body) {
  if (!CANDIDATE_LINE.test(body)) return { kind: "none" };
  const bytes = utf8Length(body);
  if (bytes > MAX_COMMENT_BYTES) return { kind: "too-large", bytes };
  const lines = extractCommandLines(body);
  return lines.length === 0 ? { kind: "none" } : { kind: "commands", lines };
}
function extractCommandLines(body) {
  if (!CANDIDATE_LINE.test(body)) return [];
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  for (const paragraph of topLevelParagraphs(lines)) {
    const texts = paragraph.lines.map((i) => lines[i].replace(/^[ \t]+/, ""));
    const candidates = paragraph.lines.filter((i) => COMMAND_START.test(lines[i].trim()));
    if (candidates.length === 0) continue;
    const hidden = candidates.some((i) => i !== paragraph.lines[0]) ? hiddenLineStarts(texts) : [];
    paragraph.lines.forEach((i, k) => {
      const trimmed = lines[i].trim();
      if (!COMMAND_START.test(trimmed) || hidden[k] === true) return;
      out.push({ line: i + 1, text: trimmed });
    });
  }
  return out;
}
function utf8Length(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 128 ? 1 : c < 2048 || c >= 55296 && c <= 57343 ? 2 : 3;
  }
  return bytes;
}

// src/core/config/schema.ts
import { z } from "zod";
var BUILTIN_PROVIDERS = ["claude", "codex", "gemini"];
var PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,30}$/;
var providerRef = z.string().min(1).refine((s) => s.startsWith("command:") || PROVIDER_NAME_PATTERN.test(s), {
  message: "must be claude, codex, gemini, a name defined under `providers:`, or `command:<program and arguments>`"
});
var minutes = z.number().positive().max(24 * 60);
var turns = z.number().int().positive().max(1e4);
var DEFAULT_TURN_LIMITS = { executor: 300, verifier: 150 };
var RoleTurnsSchema = z.strictObject({
  executor: turns.optional().describe("the executor session"),
  verifier: turns.optional().describe("every read-only session: verifiers, re-verifies, the critic")
});
var ProviderConfigSchema = z.strictObject({
  /** For a named command provider: the program and its arguments (run without a shell). */
  command: z.string().min(1).optional(),
  /** Roster name prefix: `Aider` gives `Aider worker`. */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$/, 'letters, digits, spaces, ".", "_" or "-"').optional(),
  model: z.string().min(1).optional(),
  /** An API gateway or proxy the CLI should talk to instead of the vendor's endpoint. */
  baseUrl: z.url().optional(),
  /** The environment variable that holds this provider's API key. */
  apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "an environment variable name such as ANTHROPIC_API_KEY").optional(),
  timeoutMinutes: minutes.optional(),
  /** Over `limits.turns` for this provider only: one number for every role, or per role. Codex has no turn limit and ignores it. */
  maxTurns: z.union([turns, RoleTurnsSchema], {
    error: "a whole number of turns from 1 to 10000, or per role: {executor: N, verifier: N}"
  }).optional().describe("turn limit of this provider\u2019s sessions, over limits.turns (Codex has none)")
}).describe("one agent provider");
var QaCommandSchema = z.union([
  z.string().min(1),
  z.strictObject({ cmd: z.string().min(1), label: z.string().min(1).optional(), timeoutMinutes: minutes.optional() })
]);
var BotConfigSchema = z.strictObject({
  workflow: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.ya?ml$/, "a workflow file name in .github/workflows, e.g. okstra.yml").default("okstra.yml").describe("the workflow the bot dispatches, on the default branch"),
  permission: z.enum(["triage", "write", "maintain", "admin"]).default("write").describe("the least repository role a person needs to trigger runs"),
  /** Off by default: the workflow runs agents with the repository's secrets, which untrusted fork code must not reach. */
  allowForks: z.boolean().default(false).describe("whether pull requests from forks may trigger runs")
}).describe("the bot: which workflow it dispatches and who may trigger it");
var BudgetLimitSchema = z.strictObject({
  tokens: z.number().int().positive().optional().describe("input + output tokens"),
  usd: z.number().positive().optional().describe("cost in US dollars, from the price table")
}).describe("a spend limit");
var BudgetsSchema = z.strictObject({
  worker: BudgetLimitSchema.optional().describe("per worker session (one dispatch)"),
  stage: BudgetLimitSchema.optional().describe("per stage run, over every worker of the run"),
  plan: BudgetLimitSchema.optional().describe("per plan, over every run recorded in the ledger")
}).default({}).describe("spend limits the model gateway enforces");
var ModelPriceSchema = z.strictObject({
  input: z.number().min(0),
  output: z.number().min(0),
  cachedInput: z.number().min(0).optional().describe("cache reads; default: the input price"),
  cacheWrite: z.number().min(0).optional().describe("cache writes (Anthropic); default: the input price")
});
var ISOLATION_MODES = ["auto", "none"];
var ConfigSchema = z.strictObject({
  executor: providerRef.default("claude").describe("the provider that writes the code"),
  verifiers: z.array(providerRef).min(1).optional().describe("the providers that verify; default: every configured provider"),
  /** Session isolation already keeps the executor's own verifier honest; some teams still want it out. */
  excludeExecutorFromVerifiers: z.boolean().default(false),
  providers: z.record(
    z.string().regex(PROVIDER_NAME_PATTERN, 'provider names are lower-case letters, digits and "-"'),
    ProviderConfigSchema
  ).default({}),
  qaCommands: z.array(QaCommandSchema).default([]).describe("commands run after the plan\u2019s validation commands; never guessed"),
  convergence: z.strictObject({ rounds: z.number().int().min(0).max(5).default(2) }).default({ rounds: 2 }),
  critic: providerRef.nullable().default(null),
  timeouts: z.strictObject({
    executorMinutes: minutes.default(60),
    verifierMinutes: minutes.default(20),
    qaMinutes: minutes.default(15)
  }).default({ executorMinutes: 60, verifierMinutes: 20, qaMinutes: 15 }),
  concurrency: z.strictObject({ verifiers: z.number().int().min(0).default(0) }).default({ verifiers: 0 }).describe("0 = all verifiers at once"),
  ledgerBranch: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/).default("okstra-ledger"),
  plansDir: z.string().min(1).default(".okstra/plans"),
  leaseMinutes: minutes.default(180).describe("how long a stage claim holds before `okstra ledger release` may free it"),
  isolation: z.enum(ISOLATION_MODES).default("auto").describe(
    "auto: agents and QA commands run as separate unprivileged users; none: with okstra\u2019s own privileges (said in every report)"
  ),
  budgets: BudgetsSchema,
  limits: z.strictObject({
    turns: z.strictObject({
      executor: turns.default(DEFAULT_TURN_LIMITS.executor).describe("the executor session"),
      verifier: turns.default(DEFAULT_TURN_LIMITS.verifier).describe("every read-only session: verifiers, re-verifies, the critic")
    }).default({ ...DEFAULT_TURN_LIMITS }).describe("turn limits of the agent CLIs that have one (Claude Code, Gemini CLI; Codex has none)")
  }).default({ turns: { ...DEFAULT_TURN_LIMITS } }).describe("limits of each agent session"),
  pricing: z.record(z.string().min(1), ModelPriceSchema).default({}).describe("per-model prices in USD per million tokens, over okstra\u2019s built-in table"),
  bot: BotConfigSchema.default({ workflow: "okstra.yml", permission: "write", allowForks: false })
}).describe("okstra repository configuration (.okstra/config.yml)");

// src/core/ids.ts
var PLAN_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/;
var RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
function planIdProblem(id) {
  if (!PLAN_ID_PATTERN.test(id)) {
    return `plan id "${id}" must match [a-z0-9][a-z0-9._-]{0,62} (lower-case letters, digits, ".", "_", "-"; at most 63 characters)`;
  }
  return refComponentProblem(id, "plan id");
}
function refComponentProblem(id, what) {
  if (id.includes("..")) return `${what} "${id}" must not contain ".." (not a valid git ref component)`;
  if (id.endsWith(".lock")) return `${what} "${id}" must not end with ".lock" (not a valid git ref component)`;
  if (id.endsWith(".")) return `${what} "${id}" must not end with "." (not a valid git ref component)`;
  return null;
}

// src/core/commands/values.ts
var ARGUMENT_CHARACTERS = /^[A-Za-z0-9._,=:/@+-]+$/;
var STAGE_PATTERN = /^[1-9][0-9]{0,3}$/;
var MODEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/;
function shown(raw) {
  return inlineCode(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw);
}
function argumentProblem(raw) {
  if (ARGUMENT_CHARACTERS.test(raw)) return null;
  const bad = [...new Set([...raw].filter((ch) => !/[A-Za-z0-9._,=:/@+-]/.test(ch)))].map((ch) => inlineCode(ch)).join(" ");
  return `${shown(raw)} contains characters okstra does not accept (${bad}); arguments are plain values: letters, digits and . _ , = : / @ + -`;
}
function stageNumber(raw) {
  if (STAGE_PATTERN.test(raw)) return { ok: true, value: Number(raw) };
  return {
    ok: false,
    error: `${shown(raw)} is not a stage number (a whole number from 1, as in the plan's Stage Map)`
  };
}
function planId(raw) {
  const problem = planIdProblem(raw);
  return problem === null ? { ok: true, value: raw } : { ok: false, error: `${shown(raw)} is not a plan id: ${problem.replace(/^plan id "[^"]*" /, "")}` };
}
function knownProviders(configured) {
  return [.../* @__PURE__ */ new Set([...BUILTIN_PROVIDERS, ...configured])];
}
function providerName(raw, known) {
  if (PROVIDER_NAME_PATTERN.test(raw) && known.includes(raw)) return { ok: true, value: raw };
  return { ok: false, error: `${shown(raw)} is not a provider here; use one of ${known.join(", ")}` };
}
function providerList(raw, known) {
  const names = raw.split(",");
  if (names.some((n) => n === ""))
    return {
      ok: false,
      error: `${shown(raw)} is not a list of providers; write them comma-separated without spaces, e.g. \`claude,gemini\``
    };
  const out = [];
  for (const name of names) {
    const p = providerName(name, known);
    if (!p.ok) return p;
    if (out.includes(p.value)) return { ok: false, error: `${shown(raw)} names ${p.value} twice` };
    out.push(p.value);
  }
  return { ok: true, value: out };
}
function modelOverride(raw, known) {
  const eq = raw.indexOf("=");
  if (eq <= 0)
    return {
      ok: false,
      error: `${shown(raw)} is not a model choice; write \`provider=model\`, e.g. \`claude=claude-sonnet-4-5\``
    };
  const provider = providerName(raw.slice(0, eq), known);
  if (!provider.ok) return provider;
  const model = raw.slice(eq + 1);
  if (!MODEL_PATTERN.test(model))
    return {
      ok: false,
      error: `${shown(model)} is not a model name (letters, digits and . _ : / @ + -, starting with a letter or digit)`
    };
  return { ok: true, value: [provider.value, model] };
}

// src/core/commands/grammar.ts
var VERBS = ["run", "stage", "retry", "reconcile", "status", "cancel", "help"];
var MAX_COMMANDS_PER_COMMENT = 10;
var FLAGS = ["reset"];
var OPTIONS_BY_VERB = {
  run: ["plan", "executor", "verifiers", "model"],
  stage: ["plan", "executor", "verifiers", "model"],
  retry: ["plan", "executor", "verifiers", "model"],
  reconcile: ["plan", "executor", "verifiers", "model", "reset"],
  status: ["plan"],
  cancel: ["plan"],
  help: []
};
function isVerb(word) {
  return VERBS.includes(word);
}
function parseCommands(lines, ctx) {
  return lines.map(
    (l, i) => i < MAX_COMMANDS_PER_COMMENT ? { ...l, ...parseCommandLine(l.text, ctx) } : {
      ...l,
      ok: false,
      error: `only ${MAX_COMMANDS_PER_COMMENT} commands are run per comment; this one was not`
    }
  );
}
function parseCommandLine(text, ctx) {
  const words = text.trim().split(/\s+/);
  if (words[0] !== COMMAND_PREFIX) return { ok: false, error: `a command starts with \`${COMMAND_PREFIX}\`` };
  const args = words.slice(1);
  for (const a of args) {
    const problem = argumentProblem(a);
    if (problem) return { ok: false, error: problem };
  }
  const [verbWord, ...rest] = args;
  if (verbWord === void 0) return { ok: false, error: "no command given" };
  const verb = verbWord.toLowerCase();
  if (!isVerb(verb)) return { ok: false, error: `unknown command ${shown(verbWord)}` };
  const positional = [];
  const given = [];
  let reset = false;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i];
    if (!word.startsWith("--")) {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const name = (eq === -1 ? word.slice(2) : word.slice(2, eq)).toLowerCase();
    if (!OPTIONS_BY_VERB[verb].includes(name)) {
      const allowed = OPTIONS_BY_VERB[verb];
      return {
        ok: false,
        error: `${shown(word.slice(0, eq === -1 ? void 0 : eq))} is not an option of \`${verb}\`${allowed.length > 0 ? ` (options: ${allowed.map((o) => `--${o}`).join(", ")})` : " (it takes none)"}`
      };
    }
    if (FLAGS.includes(name)) {
      if (eq !== -1) return { ok: false, error: `\`--${name}\` takes no value (write \`--${name}\` alone)` };
      if (reset) return { ok: false, error: `\`--${name}\` is given twice` };
      reset = true;
      continue;
    }
    let value;
    if (eq !== -1) value = word.slice(eq + 1);
    else {
      value = rest[i + 1];
      if (value !== void 0 && value.startsWith("--")) value = void 0;
      else i++;
    }
    if (value === void 0 || value === "") return { ok: false, error: `\`--${name}\` needs a value` };
    given.push([name, value]);
  }
  const wantsStage = verb === "stage" || verb === "retry" || verb === "reconcile";
  if (wantsStage && positional.length === 0)
    return { ok: false, error: `\`${verb}\` needs a stage number, e.g. \`${COMMAND_PREFIX} ${verb} 2\`` };
  const extra = positional.slice(wantsStage ? 1 : 0);
  if (extra.length > 0) return { ok: false, error: `unexpected ${extra.map(shown).join(" ")} after \`${verb}\`` };
  const options2 = { plan: null, executor: null, verifiers: null, models: {} };
  for (const [name, value] of given) {
    const problem = applyOption(options2, name, value, ctx);
    if (problem) return { ok: false, error: problem };
  }
  if (reset) {
    const runOnly = given.map(([n]) => n).filter((n) => n !== "plan");
    if (runOnly.length > 0)
      return {
        ok: false,
        error: `\`--reset\` puts the branch back at the recorded head without a run, so ${[...new Set(runOnly)].map((n) => `\`--${n}\``).join(", ")} cannot go with it; leave out \`--reset\` to re-verify the branch as it is`
      };
  }
  switch (verb) {
    case "help":
      return { ok: true, command: { verb } };
    case "status":
    case "cancel":
      return { ok: true, command: { verb, plan: options2.plan } };
    case "run":
      return { ok: true, command: { verb, options: options2 } };
    case "stage":
    case "retry":
    case "reconcile": {
      const stage = stageNumber(positional[0]);
      if (!stage.ok) return stage;
      return {
        ok: true,
        command: verb === "reconcile" ? { verb, stage: stage.value, reset, options: options2 } : { verb, stage: stage.value, options: options2 }
      };
    }
  }
}
function applyOption(options2, name, value, ctx) {
  const twice = `\`--${name}\` is given twice`;
  switch (name) {
    case "plan": {
      if (options2.plan !== null) return twice;
      const id = planId(value);
      if (!id.ok) return id.error;
      options2.plan = id.value;
      return null;
    }
    case "executor": {
      if (options2.executor !== null) return twice;
      const p = providerName(value, ctx.providers);
      if (!p.ok) return p.error;
      options2.executor = p.value;
      return null;
    }
    case "verifiers": {
      if (options2.verifiers !== null) return twice;
      const list2 = providerList(value, ctx.providers);
      if (!list2.ok) return list2.error;
      options2.verifiers = list2.value;
      return null;
    }
    case "model": {
      const m = modelOverride(value, ctx.providers);
      if (!m.ok) return m.error;
      const [provider, model] = m.value;
      if (Object.hasOwn(options2.models, provider)) return `\`--model\` names ${provider} twice`;
      options2.models[provider] = model;
      return null;
    }
  }
}

// src/core/commands/usage.ts
function usageText(providers) {
  return [
    "**okstra commands** \u2014 one per line, at the start of the line:",
    "",
    `- \`${COMMAND_PREFIX} run [--plan ID]\` \u2014 run the plan's stages that are not done yet, in order, stopping at the first failure`,
    `- \`${COMMAND_PREFIX} stage N\` \u2014 run stage N`,
    `- \`${COMMAND_PREFIX} retry N\` \u2014 fix run of failed stage N, on its preserved branch`,
    `- \`${COMMAND_PREFIX} reconcile N\` \u2014 done stage N's branch moved (a force-push, a hand commit): re-verify it as it is and record its new head; \`--reset\` puts the branch back at the recorded head instead`,
    `- \`${COMMAND_PREFIX} status [--plan ID]\` \u2014 the plan's stages: a table and a graph`,
    `- \`${COMMAND_PREFIX} cancel [--plan ID]\` \u2014 cancel this pull request's okstra workflow runs`,
    `- \`${COMMAND_PREFIX} help\` \u2014 this list`,
    "",
    "`run`, `stage`, `retry` and `reconcile` also take `--executor NAME`, `--verifiers A,B` and `--model PROVIDER=MODEL` (once per provider).",
    `Providers here: ${providers.map((p) => `\`${p}\``).join(", ")}.`,
    "Labels do the same: `okstra:run`, `okstra:stage-N`."
  ].join("\n");
}

// src/core/commands/labels.ts
var RUN_LABEL = "okstra:run";
var STAGE_LABEL = /^okstra:stage-(.+)$/;
function labelCommand(name) {
  const options2 = { plan: null, executor: null, verifiers: null, models: {} };
  if (name === RUN_LABEL) return { ok: true, command: { verb: "run", options: options2 } };
  const m = STAGE_LABEL.exec(name);
  if (m) {
    const stage = stageNumber(m[1]);
    return stage.ok ? { ok: true, command: { verb: "stage", stage: stage.value, options: options2 } } : { ok: false, error: `label \`${name.replace(/`/g, "")}\`: ${stage.error}` };
  }
  if (name.startsWith("okstra:"))
    return {
      ok: false,
      error: `label \`${name.replace(/`/g, "")}\` is not one okstra knows (use \`${RUN_LABEL}\` or \`okstra:stage-N\`)`
    };
  return null;
}

// src/core/report/budget.ts
function listItems(items) {
  return { count: items.length, item: (i) => items[i] ?? "" };
}
function itemNote(hidden) {
  return `
_\u2026 ${hidden.toLocaleString("en-US")} more not shown here (limit reached; see the full report)._
`;
}
function renderAll(s) {
  return Array.from({ length: s.count }, (_, i) => s.item(i));
}
function fitItems(s, room) {
  const items = [];
  let used = s.head.length + s.tail.length;
  for (let i = 0; i < s.count; i += 1) {
    const text = s.item(i);
    if (used + text.length > room) break;
    items.push(text);
    used += text.length;
  }
  if (items.length === s.count && used <= room) return { items, used, whole: true };
  while (items.length > 0 && used + itemNote(s.count - items.length).length > room) used -= (items.pop() ?? "").length;
  if (items.length === 0) return null;
  return { items, used: used + itemNote(s.count - items.length).length, whole: false };
}
function fitSections(sections, maxChars, reserve = 0) {
  const kept = /* @__PURE__ */ new Map();
  let remaining = maxChars - reserve;
  for (const s of sections) {
    if (!s.required) continue;
    const items = renderAll(s);
    kept.set(s, items);
    remaining -= s.head.length + s.tail.length + items.reduce((n, t) => n + t.length, 0);
  }
  const optional = sections.filter((s) => !s.required).sort((a, b) => a.priority - b.priority);
  for (const s of optional) {
    const fitted = fitItems(s, remaining);
    const empty = s.count === 0 && s.head.length + s.tail.length === 0;
    if (fitted === null) {
      if (!empty) break;
      continue;
    }
    kept.set(s, fitted.items);
    remaining -= fitted.used;
    if (!fitted.whole) break;
  }
  const parts = [];
  const cuts = [];
  for (const s of sections) {
    const items = kept.get(s);
    const cut = { id: s.id, label: s.label, counted: s.counted ?? false, total: s.count };
    if (items === void 0) {
      if (s.count > 0 || s.head.length + s.tail.length > 0) cuts.push({ ...cut, shown: 0 });
      continue;
    }
    const hidden = s.count - items.length;
    if (hidden > 0) cuts.push({ ...cut, shown: items.length });
    parts.push(s.head, ...items, hidden > 0 ? itemNote(hidden) : "", s.tail);
  }
  return { text: parts.join(""), cuts };
}

// src/core/text/truncate.ts
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}
function head(text, end) {
  if (end >= text.length) return text;
  if (end <= 0) return "";
  return isHighSurrogate(text.charCodeAt(end - 1)) ? text.slice(0, end - 1) : text.slice(0, end);
}
function clip(text, max, marker = "\u2026") {
  if (text.length <= max) return text;
  if (max <= marker.length) return head(marker, max);
  return `${head(text, max - marker.length)}${marker}`;
}
function tail(text, maxLines, maxChars) {
  const lines = text.replace(/\n+$/, "").split("\n");
  let first = lines.length;
  let size = 0;
  while (first > 0 && lines.length - first < maxLines) {
    const next = (lines[first - 1] ?? "").length + 1;
    if (size + next > maxChars && first < lines.length) break;
    size += next;
    first -= 1;
  }
  const kept = lines.slice(first);
  let body = kept.join("\n");
  if (body.length > maxChars) {
    let start = body.length - maxChars;
    if (isLowSurrogate(body.charCodeAt(start))) start += 1;
    body = `\u2026${body.slice(start)}`;
  }
  return first > 0 ? `\u2026 (${first} earlier line${first === 1 ? "" : "s"} not shown)
${body}` : body;
}

// src/core/report/failure.ts
function failedWorkers(report) {
  const out = [];
  const push = (worker, role, status, failure, upstreamError, findingId2) => {
    if (!failure) return;
    out.push({
      worker,
      role,
      status,
      failure,
      ...upstreamError ? { upstreamError } : {},
      ...findingId2 !== void 0 ? { findingId: findingId2 } : {}
    });
  };
  const e = report.executor;
  push(e.worker, "executor", e.status, e.failure, e.upstreamError);
  for (const v of report.verifiers) push(v.worker, "verifier", v.status, v.failure, v.upstreamError);
  for (const r of report.convergence.failures ?? [])
    push(r.worker, "reverify", r.status, r.failure, r.upstreamError, r.findingId);
  if (report.critic)
    push(report.critic.worker, "critic", report.critic.status, report.critic.failure, report.critic.upstreamError);
  return out;
}

// src/core/report/cost.ts
function tokensOf(u) {
  return u.inputTokens + u.outputTokens;
}
function usageCostComplete(u) {
  return u.costUsd === null ? tokensOf(u) === 0 : u.costComplete !== false;
}
function runCost(report) {
  const { total, workers, requests, metered } = report.usage;
  const workersComplete = workers.every(usageCostComplete);
  const nothingSpent = tokensOf(total) === 0 && (metered === "gateway" || workers.length > 0);
  const complete = total.costUsd === null ? nothingSpent && workersComplete : total.costComplete !== false && workersComplete;
  const usd = total.costUsd ?? (complete ? 0 : null);
  return { usd, complete, unknownFor: complete ? [] : unknownParts(workers, requests) };
}
function unknownParts(workers, requests) {
  const models = (requests ?? []).filter((r) => r.costUsd === null && r.refused === void 0 && tokensOf(r) > 0).map((r) => r.model ?? `${r.provider} (no model named)`);
  if (models.length > 0) return [...new Set(models)];
  return workers.filter((w) => !usageCostComplete(w)).map((w) => w.worker);
}
function usageCost(u) {
  return { usd: u.costUsd, complete: usageCostComplete(u) };
}

// src/core/report/format.ts
var SEVERITY_ORDER = ["blocking", "major", "minor", "info"];
var SEVERITY_RANK = { blocking: 0, major: 1, minor: 2, info: 3 };
function isActive(f) {
  return f.disposition !== "refuted";
}
var ID_ORDER = new Intl.Collator("en", { numeric: true });
function compareFindings(a, b) {
  return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || Number(b.disposition === "confirmed") - Number(a.disposition === "confirmed") || ID_ORDER.compare(a.id, b.id);
}
function countActiveBySeverity(findings) {
  const counts = { blocking: 0, major: 0, minor: 0, info: 0 };
  for (const f of findings) if (isActive(f)) counts[f.severity] += 1;
  return counts;
}
function severityCountsText(counts) {
  return SEVERITY_ORDER.map((s) => `${counts[s]} ${s}`).join(", ");
}
function verdictLabel(report) {
  const { value, runStatus } = report.verdict;
  if (runStatus === "contract-violated") return "\u26A0\uFE0F FAIL (contract violated)";
  if (runStatus === "error") return "\u{1F4A5} FAIL (run error)";
  if (value === "FAIL" && stoppedByBudget(report)) return "\u274C FAIL (budget exceeded)";
  return value === "PASS" ? "\u2705 PASS" : "\u274C FAIL";
}
function shortSha(sha2) {
  return sha2.slice(0, 7);
}
function formatDuration(ms) {
  if (ms < 1e3) return `${ms} ms`;
  const totalSeconds = Math.round(ms / 1e3);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor(totalSeconds % 3600 / 60);
  const s = totalSeconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, "0")}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, "0")}s`;
  return `${s}s`;
}
function formatCount(n) {
  return n.toLocaleString("en-US");
}
function stoppedByBudget(report) {
  return report.usage.budgetExceeded !== void 0 || [report.executor.status, ...report.verifiers.map((v) => v.status), report.critic?.status].includes(
    "budget-exceeded"
  );
}
function formatUsd(usd) {
  return usd > 0 && usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}
function formatCost(usd, complete) {
  if (usd === null) return "cost unknown";
  return complete ? formatUsd(usd) : `\u2265 ${formatUsd(usd)}`;
}
function formatUsage(usage) {
  if (!usage) return "not reported";
  const tokens = `${formatCount(usage.inputTokens)} in / ${formatCount(usage.outputTokens)} out`;
  const cost = usageCost(usage);
  return `${tokens} \xB7 ${formatCost(cost.usd, cost.complete)}`;
}
function formatRunUsage(report) {
  const total = report.usage.total;
  const cost = runCost(report);
  const tokens = `${formatCount(total.inputTokens)} in / ${formatCount(total.outputTokens)} out`;
  const unknown = cost.usd !== null && cost.unknownFor.length > 0 ? ` (cost unknown for ${cost.unknownFor.map((n) => escapeInline(clip(n, 80, "\u2026"))).join(", ")})` : "";
  const by = report.usage.metered === "gateway" ? ", metered by okstra" : report.usage.metered === "self-reported" ? ", as the agent CLIs reported" : "";
  return `${tokens} \xB7 ${formatCost(cost.usd, cost.complete)}${unknown}${by}`;
}
function formatSpend(spend) {
  return `${formatCount(spend.tokens)} tokens \xB7 ${formatCost(spend.usd, spend.usdComplete)} \xB7 ${formatCount(spend.runs)} run${spend.runs === 1 ? "" : "s"}`;
}
function workerStatusText(status, upstream, maxMessage) {
  if (!upstream) return status;
  const code = upstream.status === null ? "connection failed" : String(upstream.status);
  return `${status} (upstream ${code}: ${escapeInline(clip(upstream.message.replace(/\s+/g, " "), maxMessage, "\u2026"))})`;
}
function findingLocation(f, opts = {}) {
  if (!f.file) return "\u2014";
  const range = f.line === null ? "" : f.endLine !== null && f.endLine !== f.line ? `:${f.line}-${f.endLine}` : `:${f.line}`;
  return inlineCode(`${f.file}${range}`, opts);
}
function findingWho(f) {
  const parts = [`raised by ${escapeInline(f.raisedBy)}`];
  if (f.confirmedBy.length > 0) parts.push(`confirmed by ${f.confirmedBy.map(escapeInline).join(", ")}`);
  if (f.refutedBy.length > 0) parts.push(`refuted by ${f.refutedBy.map(escapeInline).join(", ")}`);
  return parts.join("; ");
}
function qaCounts(report) {
  return { passed: report.qa.filter((q) => q.passed).length, total: report.qa.length };
}
function stageHeading(report) {
  const title = report.stage.title.trim() === "" ? "" : `: ${escapeInline(clip(report.stage.title, 200, "\u2026"))}`;
  return `${inlineCode(report.plan.id)} \xB7 stage ${report.stage.number}${title}`;
}
function fullReportPointer(report, fullReportUrl) {
  const explicit = fullReportUrl ? linkTarget(fullReportUrl) : null;
  if (explicit) return `[the full report](${explicit})`;
  const runPage = report.run.url ? linkTarget(report.run.url) : null;
  if (runPage) return `[the run page](${runPage})`;
  const path = report.ledgerRow?.report_path;
  return path ? `${inlineCode(path)} on the ledger branch` : "the stored report of this run";
}

// src/core/report/blocks.ts
var FULL_DETAIL = {
  findingDetail: Number.POSITIVE_INFINITY,
  reason: Number.POSITIVE_INFINITY,
  outputLines: Number.POSITIVE_INFINITY,
  outputChars: Number.POSITIVE_INFINITY,
  summary: Number.POSITIVE_INFINITY
};
var CUT = " \u2026 (cut)";
function indent(text, prefix) {
  return text.split("\n").map((line) => line === "" ? line : `${prefix}${line}`).join("\n");
}
function section(id, label, priority, head2, items, tailText = "", required = false) {
  const lazy = "count" in items ? items : listItems(items);
  return { id, label, priority, head: head2, tail: tailText, required, count: lazy.count, item: lazy.item };
}
function textSection(id, text, opts = {}) {
  return section(id, id, opts.priority ?? 0, text, [], "", opts.required ?? false);
}
function counted(s) {
  return { ...s, counted: true };
}
function details(summary, body) {
  return { head: `<details><summary>${summary}</summary>

${body}`, tail: "\n</details>\n\n" };
}
function headlineSection(report, level) {
  const run2 = report.run;
  const trigger = run2.trigger.actor ? `${run2.trigger.kind} by ${escapeInline(clip(run2.trigger.actor, 100, "\u2026"))}` : run2.trigger.kind;
  const facts = [
    `attempt ${run2.attempt}`,
    trigger,
    formatDuration(run2.durationMs),
    `${inlineCode(clip(report.git.branch, 200, "\u2026"))} ${shortSha(report.git.baseCommit)}..${shortSha(report.git.headCommit)}${report.git.reusedBranch ? " (fix run on the preserved branch)" : ""}`
  ];
  const head2 = `${level} ${verdictLabel(report)} \u2014 ${stageHeading(report)}

${facts.join(" \xB7 ")}

`;
  return section("headline", "headline", 0, head2, [], "", true);
}
var UPSTREAM_IN_LINE = 200;
var NO_ISOLATION_WARNING = "\u26A0\uFE0F **Agents ran with okstra's own privileges (isolation: none): they could read the run's secrets.**";
function isolationSection(report) {
  const iso = report.isolation;
  if (!iso) return section("isolation", "isolation statement", 1, "", []);
  if (iso.mode === "none")
    return section("isolation", "isolation statement", 0, `${NO_ISOLATION_WARNING}

`, [], "", true);
  return section(
    "isolation",
    "isolation statement",
    1,
    `\u{1F512} **Isolation:** ${escapeInline(clip(iso.detail, 300, "\u2026"))}

`,
    []
  );
}
function budgetSection(report) {
  const b = report.usage.budgetExceeded;
  if (!b) return section("budget", "budget refusal", 0, "", []);
  const text = `\u{1F4B8} **Budget exceeded:** the ${b.scope} budget (${inlineCode(`budgets.${b.scope}`)}) of ${escapeInline(clip(b.limit, 100, "\u2026"))} was reached with ${escapeInline(clip(b.spent, 100, "\u2026"))} spent; the model gateway refused the next request of ${escapeInline(b.worker)}.

`;
  return section("budget", "budget refusal", 0, text, [], "", true);
}
function workerUsageSection(report, priority) {
  const workers = report.usage.workers;
  if (workers.length === 0) return section("usage", "usage per worker", priority, "", []);
  const items = workers.map((w) => `- ${escapeInline(w.worker)}: ${formatUsage(w)}
`);
  return counted(section("usage", "usage per worker", priority, "**Usage by worker**\n\n", items, "\n"));
}
function reasonsSection(report, limits) {
  const items = report.verdict.reasons.map((r) => `- ${escapeInline(clip(r, limits.reason, CUT))}
`);
  return counted(
    section(
      "reasons",
      "verdict reasons",
      0,
      items.length > 0 ? "**Why:**\n\n" : "",
      items,
      items.length > 0 ? "\n" : ""
    )
  );
}
function sidecarSection(report, limits) {
  const ev = report.stageSidecarEvidence;
  const text = "withheld" in ev ? `**Carry withheld** \u2014 \`carry/stage-${ev.stageNumber}.json\` was not written: ${escapeInline(clip(ev.withheld, limits.reason, CUT))}

` : `**Carry written** to ${inlineCode(ev.carryPath)}.

`;
  return section("carry", "carry outcome", 0, text, [], "", true);
}
function findingItem(f, limits) {
  const state = f.disposition === "standing" ? "" : ` (${f.disposition})`;
  const head2 = `- **${f.severity}**${state} \xB7 ${inlineCode(f.id)} \xB7 **${escapeInline(clip(f.title, limits.reason, CUT))}** \u2014 ${findingLocation(f)} \xB7 ${findingWho(f)}
`;
  const detail = f.detail.trim() === "" ? "" : `
${indent(escapeBlock(clip(f.detail, limits.findingDetail, CUT)), "  ")}

`;
  return `${head2}${detail}`;
}
function findingsSection(id, label, priority, findings, limits, collapsed) {
  if (findings.length === 0) return section(id, label, priority, "", []);
  const sorted = [...findings].sort(compareFindings);
  const items = { count: sorted.length, item: (i) => findingItem(sorted[i], limits) };
  const title = `${label[0]?.toUpperCase() ?? ""}${label.slice(1)} (${formatCount(sorted.length)})`;
  if (collapsed) {
    const d = details(title, "");
    return counted(section(id, label, priority, d.head, items, d.tail));
  }
  return counted(section(id, label, priority, `**${title}**

`, items, "\n"));
}
function qaRow(q) {
  const exit = q.exitCode === null ? "killed" : String(q.exitCode);
  return `| ${q.passed ? "\u2705" : "\u274C"} | ${q.source} | ${escapeInline(q.label) || "\u2014"} | ${inlineCode(q.cmd, { inTable: true })} | ${exit} | ${formatDuration(q.durationMs)} |
`;
}
function qaSection(report, priority, collapsed) {
  const { passed, total } = qaCounts(report);
  const title = total === 0 ? "QA commands (none configured)" : `QA commands (${passed}/${total} passed)`;
  const table = "| | source | label | command | exit | time |\n| --- | --- | --- | --- | --- | --- |\n";
  const items = report.qa.map(qaRow);
  if (total === 0) return section("qa", "QA results", priority, `**${title}**

`, []);
  if (collapsed) {
    const d = details(title, table);
    return section("qa", "QA results", priority, d.head, items, d.tail);
  }
  return section("qa", "QA results", priority, `**${title}**

${table}`, items, "\n");
}
function qaOutputSection(report, priority, limits, onlyFailed) {
  const shown2 = report.qa.filter((q) => (!onlyFailed || !q.passed) && q.outputTail.trim() !== "");
  const items = shown2.map((q) => {
    const exit = q.exitCode === null ? "killed" : `exit ${q.exitCode}`;
    const out = tail(q.outputTail, limits.outputLines, limits.outputChars);
    return `<details><summary>${escapeInline(clip(q.label || q.cmd, 200, "\u2026"))} \u2014 ${exit}</summary>

${codeBlock(out)}

</details>
`;
  });
  const label = onlyFailed ? "output of failed QA commands" : "QA output";
  return section(
    "qa-output",
    label,
    priority,
    items.length > 0 ? `**${label[0]?.toUpperCase()}${label.slice(1)}**

` : "",
    items,
    items.length > 0 ? "\n" : ""
  );
}
function evidenceCell(w) {
  const count = `${w.evidenceRead.length} file${w.evidenceRead.length === 1 ? "" : "s"}`;
  const source = w.evidence === "events" ? " (tool events)" : w.evidence === "self-reported" ? " (self-reported)" : "";
  const unread = w.unreadCitations ?? [];
  const shown2 = unread.slice(0, 3).map((p) => inlineCode(p, { inTable: true })).join(", ");
  const more = unread.length > 3 ? ` and ${unread.length - 3} more` : "";
  return `${count}${source}${unread.length > 0 ? `; cited unopened: ${shown2}${more}` : ""}`;
}
function verifiersSection(report, priority, collapsed) {
  const table = "| worker | status | verdict | findings | evidence read | time | usage |\n| --- | --- | --- | --- | --- | --- | --- |\n";
  const items = report.verifiers.map(
    (v) => `| ${escapeInline(v.worker)} | ${workerStatusText(v.status, v.upstreamError, UPSTREAM_IN_LINE)} | ${v.verdict ?? "\u2014"} | ${v.findings.length} | ${evidenceCell(v)} | ${formatDuration(v.durationMs)} | ${formatUsage(v.usage)} |
`
  );
  const verdicts = report.verifiers.map((v) => v.verdict ?? v.status).join(", ");
  const title = `Verifiers (${report.verifiers.length}${verdicts ? `: ${verdicts}` : ""})`;
  if (items.length === 0) return section("verifiers", "verifiers", priority, `**Verifiers:** none ran.

`, []);
  if (collapsed) {
    const d = details(title, table);
    return section("verifiers", "verifiers", priority, d.head, items, d.tail);
  }
  return section("verifiers", "verifiers", priority, `**${title}**

${table}`, items, "\n");
}
function executorSection(report, priority, limits) {
  const e = report.executor;
  const commits = e.commits.map((c) => `- ${inlineCode(shortSha(c.sha))} ${escapeInline(c.subject)}
`);
  const summary = e.summary.trim() === "" ? "_No summary._" : escapeBlock(clip(e.summary, limits.summary, CUT));
  const d = details(
    `Executor: ${escapeInline(e.worker)} \u2014 ${workerStatusText(e.status, e.upstreamError, UPSTREAM_IN_LINE)}, ${formatDuration(e.durationMs)}, ${e.commits.length} commit${e.commits.length === 1 ? "" : "s"}`,
    `${summary}

Usage: ${formatUsage(e.usage)}

`
  );
  return section("executor", "executor summary and commits", priority, d.head, commits, d.tail);
}
function rosterSection(report, priority) {
  const table = "| roster name | function | provider | model | usage |\n| --- | --- | --- | --- | --- |\n";
  const usageOf = new Map(report.usage.workers.map((u) => [u.worker, u]));
  const items = report.roster.map(
    (r) => `| ${escapeInline(r.name)} | ${r.function} | ${r.provider} | ${r.model ? inlineCode(r.model, { inTable: true }) : "\u2014"} | ${formatUsage(usageOf.get(r.name) ?? null)} |
`
  );
  const d = details(`Roster and usage (total ${formatRunUsage(report)})`, table);
  return section("roster", "roster and usage", priority, d.head, items, d.tail);
}
function convergenceSection(report, priority) {
  const c = report.convergence;
  let text = `**Convergence:** ${c.rounds} round${c.rounds === 1 ? "" : "s"}, ${c.disputed} disputed, ${c.resolved} resolved.`;
  if (report.critic) {
    const k = report.critic;
    text += ` **Critic:** ${escapeInline(k.worker)} \u2014 ${workerStatusText(k.status, k.upstreamError, UPSTREAM_IN_LINE)}, ${k.gaps} gap${k.gaps === 1 ? "" : "s"}${k.evidence ? `, evidence ${evidenceCell(k)}` : ""}.`;
  }
  return section("convergence", "convergence", priority, `${text}

`, []);
}
function gitSection(report, priority) {
  const g = report.git;
  const stat = `${g.diffStat.filesChanged} files changed, +${formatCount(g.diffStat.insertions)} \u2212${formatCount(g.diffStat.deletions)}`;
  const items = g.outOfPlanFiles.map((p) => `- ${inlineCode(p)}
`);
  const head2 = `**Diff:** ${stat} (${inlineCode(`${shortSha(g.baseCommit)}..${shortSha(g.headCommit)}`)})${items.length > 0 ? `; ${items.length} outside the plan's files:` : "."}

`;
  return section("git", "diff stat and files outside the plan", priority, head2, items, items.length > 0 ? "\n" : "");
}
function progressSection(report, priority) {
  const lines = report.progress.map((p) => `${p.at}  ${stripInvisible(p.line)}
`);
  const a = report.activity;
  const activity = a ? `Worker activity: ${a.events} event${a.events === 1 ? "" : "s"}${a.droppedEvents > 0 ? ` (${a.droppedEvents} more left out at the size bound)` : ""} in ${inlineCode(a.path)} on the ledger branch.

` : "";
  if (lines.length === 0) return section("progress", "progress checkpoints", priority, activity, []);
  const fence = fenceFor(lines.join(""));
  const d = details(`Progress checkpoints (${lines.length})`, `${fence}text
`);
  return counted(
    section("progress", "progress checkpoints", priority, `${activity}${d.head}`, lines, `${fence}
${d.tail}`)
  );
}
function errorsSection(report, priority, limits) {
  const items = report.errors.map(
    (e) => `- ${e.at} \xB7 ${escapeInline(e.phase)}: ${escapeInline(clip(e.message, limits.reason, CUT))}
`
  );
  return counted(
    section(
      "errors",
      "run errors",
      priority,
      items.length > 0 ? `**Run errors (${items.length})**

` : "",
      items,
      items.length > 0 ? "\n" : ""
    )
  );
}
function failedWorkerItem(w, limits) {
  const role = w.role === "reverify" ? `re-verify of ${inlineCode(w.findingId ?? "?")}` : w.role;
  const head2 = `- **${escapeInline(w.worker)}** (${role}) \u2014 ${workerStatusText(w.status, w.upstreamError, UPSTREAM_IN_LINE)}: ${escapeInline(clip(w.failure.reason, limits.reason, CUT))}
`;
  if (w.failure.stderrTail.trim() === "") return `${head2}  _No stderr output._

`;
  const out = tail(w.failure.stderrTail, limits.outputLines, limits.outputChars);
  return `${head2}
  <details><summary>last lines of stderr</summary>

${indent(codeBlock(out), "  ")}

  </details>

`;
}
function failuresSection(report, priority, limits) {
  const failed = failedWorkers(report);
  if (failed.length === 0) return section("failures", "workers without a result", priority, "", []);
  const items = failed.map((w) => failedWorkerItem(w, limits));
  return counted(
    section(
      "failures",
      "workers without a result",
      priority,
      `**Workers without a result (${failed.length})**

`,
      items,
      "\n"
    )
  );
}
function queueSection(report, priority) {
  const q = report.remainingQueue;
  const text = q.length === 0 ? "" : `**Remaining queue:** ${q.map((n) => `stage ${n}`).join(", ")}.

`;
  return section("queue", "remaining queue", priority, text, []);
}
function groupFindings(findings) {
  const groups = {
    blocking: [],
    major: [],
    minor: [],
    refuted: []
  };
  for (const f of findings) {
    if (f.disposition === "refuted") groups.refuted.push(f);
    else if (f.severity === "blocking") groups.blocking.push(f);
    else if (f.severity === "major") groups.major.push(f);
    else groups.minor.push(f);
  }
  return groups;
}

// src/core/report/notice.ts
function cutNotice(cuts, limitName, pointer) {
  if (cuts.length === 0) return "";
  const what = cuts.map((c) => {
    if (!c.counted || c.total === 0) return c.label;
    if (c.shown === 0) return `${c.label} (all ${formatCount(c.total)})`;
    return `${c.label} (${formatCount(c.total - c.shown)} of ${formatCount(c.total)})`;
  }).join("; ");
  return `> [!NOTE]
> Shortened to fit ${limitName}. Left out: ${what}. Everything is in ${pointer}.

`;
}
function fitWithNotice(sections, maxChars, limitName, pointer, footer) {
  const worstCase = sections.filter((s) => !s.required).map((s) => ({ id: s.id, label: s.label, counted: s.counted ?? false, shown: s.count, total: s.count }));
  const reserve = cutNotice(worstCase, limitName, pointer).length + footer.length;
  const fitted = fitSections(sections, maxChars, reserve);
  const text = `${fitted.text}${cutNotice(fitted.cuts, limitName, pointer)}${footer}`;
  return { text: clip(text, maxChars, "\n\n\u2026 (cut at the limit)\n"), cuts: fitted.cuts };
}

// src/core/report/summary.ts
var SUMMARY_DETAIL = {
  findingDetail: 600,
  reason: 500,
  outputLines: 20,
  outputChars: 2e3,
  summary: 1e3
};
function countsLine(report) {
  const qa = qaCounts(report);
  const verifiers = report.verifiers.map((v) => v.verdict ?? v.status);
  return [
    `**Findings:** ${severityCountsText(countActiveBySeverity(report.findings))}`,
    `**QA:** ${qa.passed}/${qa.total} passed`,
    `**Verifiers:** ${verifiers.length > 0 ? verifiers.join(", ") : "none"}`,
    `**Usage:** ${formatRunUsage(report)}`
  ].join(" \xB7 ");
}
function summaryOfRedacted(report, opts = {}) {
  const groups = groupFindings(report.findings);
  const sections = [
    headlineSection(report, "###"),
    isolationSection(report),
    reasonsSection(report, SUMMARY_DETAIL),
    budgetSection(report),
    sidecarSection(report, SUMMARY_DETAIL),
    textSection("counts", `${countsLine(report)}

`, { required: true }),
    queueSection(report, 1),
    workerUsageSection(report, 3),
    findingsSection("findings-blocking", "blocking findings", 1, groups.blocking, SUMMARY_DETAIL, false),
    findingsSection("findings-major", "major findings", 2, groups.major, SUMMARY_DETAIL, false)
  ];
  const pointer = fullReportPointer(report, opts.fullReportUrl);
  const fitted = fitWithNotice(sections, opts.maxChars ?? 65535, "the summary limit", pointer, "");
  return { markdown: fitted.text, cuts: fitted.cuts };
}

// src/core/report/check-run.ts
var CHECK_OUTPUT_LIMIT = 65535;
var ANNOTATIONS_PER_REQUEST = 50;
var TITLE_LIMIT = 255;
var MESSAGE_LIMIT = 2e4;
var LEVEL_BY_SEVERITY = {
  blocking: "failure",
  major: "warning",
  minor: "notice",
  info: "notice"
};
var TEXT_DETAIL = {
  findingDetail: 1e3,
  reason: 800,
  outputLines: 60,
  outputChars: 6e3,
  summary: 4e3
};
var SUMMARY_FAILURE_DETAIL = {
  findingDetail: 0,
  reason: 600,
  outputLines: 8,
  outputChars: 1200,
  summary: 0
};
var SUMMARY_FAILURES_CHARS = 12e3;
function checkRunName(planId2, stage) {
  return `okstra: ${planId2} \xB7 stage ${stage}`;
}
function annotationPath(file) {
  const path = file.replace(/\\/g, "/").replace(/^(?:\.\/)+/, "");
  if (path === "" || path.startsWith("/") || path.split("/").includes("..")) return null;
  return path;
}
function findingAnnotations(findings) {
  const out = [];
  for (const f of [...findings].sort(compareFindings)) {
    if (!isActive(f) || f.file === null || f.line === null) continue;
    const path = annotationPath(f.file);
    if (path === null) continue;
    const detail = plainText(f.detail).trim();
    out.push({
      path,
      start_line: f.line,
      end_line: f.endLine !== null && f.endLine >= f.line ? f.endLine : f.line,
      annotation_level: LEVEL_BY_SEVERITY[f.severity],
      title: clip(plainText(`[${f.severity}] ${f.id}: ${f.title}`).replace(/\s+/g, " "), TITLE_LIMIT),
      message: clip(
        `${detail === "" ? plainText(f.title) : detail}

Raised by ${f.raisedBy}${f.confirmedBy.length > 0 ? `; confirmed by ${f.confirmedBy.join(", ")}` : ""}.`,
        MESSAGE_LIMIT
      )
    });
  }
  return out;
}
function batchAnnotations(annotations, size = ANNOTATIONS_PER_REQUEST) {
  const batches = [];
  for (let i = 0; i < annotations.length; i += size) batches.push(annotations.slice(i, i + size));
  return batches;
}
function checkTitle(report) {
  const c = countActiveBySeverity(report.findings);
  const qa = qaCounts(report);
  const { value, runStatus } = report.verdict;
  const status = runStatus === "contract-violated" || runStatus === "error" ? ` (${runStatus})` : value === "FAIL" && stoppedByBudget(report) ? " (budget exceeded)" : "";
  return clip(
    `${report.verdict.value}${status} \u2014 ${c.blocking} blocking, ${c.major} major, ${c.minor} minor, ${c.info} info \xB7 QA ${qa.passed}/${qa.total}`,
    TITLE_LIMIT
  );
}
function renderCheckRun(input, opts = {}) {
  const report = redactDeep(input);
  const pointer = fullReportPointer(report, opts.fullReportUrl);
  const summary = summaryWithFailures(report, opts.fullReportUrl);
  const groups = groupFindings(report.findings);
  const sections = [
    errorsSection(report, 1, TEXT_DETAIL),
    failuresSection(report, 1, TEXT_DETAIL),
    qaSection(report, 2, false),
    qaOutputSection(report, 3, TEXT_DETAIL, true),
    verifiersSection(report, 2, false),
    findingsSection("findings-minor", "minor and info findings", 4, groups.minor, TEXT_DETAIL, false),
    findingsSection("findings-refuted", "refuted findings", 6, groups.refuted, TEXT_DETAIL, true),
    executorSection(report, 5, TEXT_DETAIL),
    convergenceSection(report, 2),
    gitSection(report, 5),
    rosterSection(report, 7),
    progressSection(report, 8)
  ];
  const text = fitWithNotice(sections, CHECK_OUTPUT_LIMIT, "the check-run text limit", pointer, "");
  const title = checkTitle(report);
  const annotations = findingAnnotations(report.findings);
  const batches = batchAnnotations(annotations);
  const requests = (batches.length > 0 ? batches : [[]]).map((batch, i) => ({
    output: i === 0 ? { title, summary: summary.markdown, text: text.text, annotations: batch } : { title, summary: summary.markdown, annotations: batch }
  }));
  return {
    name: checkRunName(report.plan.id, report.stage.number),
    conclusion: report.verdict.value === "PASS" && report.verdict.runStatus === "passed" ? "success" : "failure",
    title,
    summary: summary.markdown,
    text: text.text,
    annotations,
    requests,
    cuts: { summary: summary.cuts, text: text.cuts }
  };
}
function summaryWithFailures(report, fullReportUrl) {
  const failures = fitSections([failuresSection(report, 0, SUMMARY_FAILURE_DETAIL)], SUMMARY_FAILURES_CHARS);
  const block = failures.text === "" ? "" : `${failures.text}${failures.cuts.length > 0 ? "_More in the details below._\n\n" : ""}`;
  const summary = summaryOfRedacted(report, {
    maxChars: CHECK_OUTPUT_LIMIT - block.length,
    ...fullReportUrl ? { fullReportUrl } : {}
  });
  if (block === "") return summary;
  const headline = headlineSection(report, "###").head;
  const markdown = summary.markdown.startsWith(headline) ? `${headline}${block}${summary.markdown.slice(headline.length)}` : `${block}${summary.markdown}`;
  return { markdown, cuts: [...failures.cuts, ...summary.cuts] };
}

// src/core/commands/check-name.ts
var CHECK_NAME = /^okstra: (\S+) · stage ([1-9][0-9]{0,3})$/;
function parseCheckRunName(name) {
  const m = CHECK_NAME.exec(name);
  if (!m) return null;
  const planId2 = m[1];
  const stage = Number(m[2]);
  if (planIdProblem(planId2) !== null || checkRunName(planId2, stage) !== name) return null;
  return { planId: planId2, stage };
}

// src/core/commands/permission.ts
var PERMISSION_LEVELS = ["read", "triage", "write", "maintain", "admin"];
function effectiveLevel(answer) {
  const role = answer.role_name ?? "";
  if (PERMISSION_LEVELS.includes(role)) return role;
  return PERMISSION_LEVELS.includes(answer.permission) ? answer.permission : null;
}
function meetsLevel(level, minimum) {
  return level !== null && PERMISSION_LEVELS.indexOf(level) >= PERMISSION_LEVELS.indexOf(minimum);
}
function isBotAccount(sender) {
  return sender.type === "Bot" || sender.login.endsWith("[bot]");
}

// src/core/commands/dispatch.ts
import { parseDocument } from "yaml";
var DISPATCH_INPUTS = [
  "mode",
  "plan",
  "plan-ref",
  "stage",
  "stages",
  "pr-number",
  "executor",
  "verifiers",
  "models",
  "check-run-id",
  "trigger",
  "actor",
  "reset"
];
var OPTIONAL_DISPATCH_INPUTS = ["reset"];
var REQUIRED_DISPATCH_INPUTS = DISPATCH_INPUTS.filter(
  (n) => !OPTIONAL_DISPATCH_INPUTS.includes(n)
);
var SAFE_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]{1,255}$/;
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;
var NAME = /^[a-z][a-z0-9-]{0,30}$/;
var MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/;
var COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isSafeRepoPath(path) {
  return SAFE_PATH.test(path);
}
function dispatchInputs(r) {
  const fail = (what) => {
    throw new Error(`refusing to dispatch: ${what}`);
  };
  if (!SAFE_PATH.test(r.planPath)) fail(`unsafe plan path ${JSON.stringify(r.planPath)}`);
  if (r.planRef !== null && !COMMIT_SHA.test(r.planRef)) fail(`bad plan commit ${JSON.stringify(r.planRef)}`);
  if (!LOGIN.test(r.actor)) fail(`unexpected actor ${JSON.stringify(r.actor)}`);
  if (!Number.isSafeInteger(r.prNumber) || r.prNumber < 1) fail(`bad pull request number ${r.prNumber}`);
  if (r.stages.length === 0 || r.stages.some((n) => !Number.isSafeInteger(n) || n < 1))
    fail(`bad stages ${JSON.stringify(r.stages)}`);
  const single = r.mode === "stage" || r.mode === "reconcile";
  if (single && r.stages.length !== 1) fail(`mode ${r.mode} runs exactly one stage`);
  if (r.reset === true && r.mode !== "reconcile") fail(`reset is for mode reconcile, not ${r.mode}`);
  for (const n of r.stages) {
    const id = r.checkRunIds.get(n);
    if (id === void 0 || !Number.isSafeInteger(id) || id < 1) fail(`no check run for stage ${n}`);
  }
  if (r.executor !== null && !NAME.test(r.executor)) fail(`bad executor ${JSON.stringify(r.executor)}`);
  if (r.verifiers !== null && (r.verifiers.length === 0 || r.verifiers.some((v) => !NAME.test(v))))
    fail(`bad verifiers ${JSON.stringify(r.verifiers)}`);
  for (const [p, m] of Object.entries(r.models))
    if (!NAME.test(p) || !MODEL.test(m)) fail(`bad model choice ${JSON.stringify(`${p}=${m}`)}`);
  const first = r.stages[0];
  const inputs = {
    mode: r.mode,
    plan: r.planPath,
    ...r.planRef !== null ? { "plan-ref": r.planRef } : {},
    ...single ? { stage: String(first) } : { stages: r.stages.join(",") },
    "pr-number": String(r.prNumber),
    ...r.executor !== null ? { executor: r.executor } : {},
    ...r.verifiers !== null ? { verifiers: r.verifiers.join(",") } : {},
    ...Object.keys(r.models).length > 0 ? {
      models: Object.entries(r.models).map(([p, m]) => `${p}=${m}`).join(",")
    } : {},
    "check-run-id": single ? String(r.checkRunIds.get(first)) : JSON.stringify(Object.fromEntries(r.stages.map((n) => [String(n), r.checkRunIds.get(n)]))),
    trigger: r.trigger,
    actor: r.actor,
    // Sent only when set: a workflow that predates the input still takes every other launch.
    ...r.reset === true ? { reset: "true" } : {}
  };
  return inputs;
}
var REQUIRED_RUN_NAME = "okstra ${{ inputs.plan }} \xB7 pr ${{ inputs.pr-number }} \xB7 checks ${{ inputs.check-run-id }}";
var RUN_NAME_PR = /\bpr #?\$\{\{\s*inputs\.pr-number\s*\}\}/;
var RUN_NAME_CHECKS = /\bchecks \$\{\{\s*inputs\.check-run-id\s*\}\}/;
function workflowProblems(text, sending = []) {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0)
    return [`it is not valid YAML (${doc.errors[0]?.message.split("\n")[0] ?? "parse error"})`];
  const root = doc.toJS();
  if (typeof root !== "object" || root === null) return ["it is empty"];
  const problems = [];
  const on = root.on ?? root["true"];
  const dispatch = typeof on === "string" ? on === "workflow_dispatch" ? {} : void 0 : Array.isArray(on) ? on.includes("workflow_dispatch") ? {} : void 0 : typeof on === "object" && on !== null && "workflow_dispatch" in on ? on.workflow_dispatch ?? {} : void 0;
  if (dispatch === void 0) problems.push("it has no `workflow_dispatch` trigger");
  else {
    const declared = typeof dispatch === "object" && dispatch !== null && "inputs" in dispatch ? Object.keys(dispatch.inputs ?? {}) : [];
    const missing = REQUIRED_DISPATCH_INPUTS.filter((n) => !declared.includes(n));
    if (missing.length > 0)
      problems.push(
        `its \`workflow_dispatch\` does not declare the input${missing.length === 1 ? "" : "s"} ${missing.map((m) => `\`${m}\``).join(", ")}`
      );
    const optional = OPTIONAL_DISPATCH_INPUTS.filter((n) => sending.includes(n) && !declared.includes(n));
    for (const n of optional)
      problems.push(
        `its \`workflow_dispatch\` does not declare the input \`${n}\` this command needs (add \`${n}: { type: boolean, default: false }\` under its inputs and pass \`${n}: \${{ inputs.${n} }}\` to the okstra step, as examples/workflows/okstra.yml does)`
      );
  }
  const runName = root["run-name"];
  if (typeof runName !== "string" || !RUN_NAME_PR.test(runName) || !RUN_NAME_CHECKS.test(runName)) {
    problems.push(
      `its \`run-name\` must name the pull request and the check runs, e.g. \`run-name: "${REQUIRED_RUN_NAME}"\``
    );
  }
  return problems;
}
var TITLE = /^.*\bpr #?([1-9][0-9]{0,9})\b.*?\bchecks ([1-9][0-9]{0,15}|\{[^{}]{1,2000}\})/s;
function parseRunTitle(title) {
  const m = TITLE.exec(title);
  if (!m) return null;
  const prNumber = Number(m[1]);
  const raw = m[2];
  if (/^[0-9]+$/.test(raw)) return { prNumber, checkRunIds: [Number(raw)] };
  let json2;
  try {
    json2 = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof json2 !== "object" || json2 === null || Array.isArray(json2)) return null;
  const ids = [];
  for (const [stage, id] of Object.entries(json2)) {
    if (!/^[1-9][0-9]*$/.test(stage) || typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) return null;
    ids.push(id);
  }
  return ids.length > 0 ? { prNumber, checkRunIds: ids } : null;
}

// src/core/commands/results.ts
function endingWithoutReport(f) {
  const logs = `[the workflow run's logs](${f.logsUrl})`;
  if (f.workflowConclusion === "cancelled") {
    return {
      conclusion: "cancelled",
      title: "Cancelled",
      summary: `The workflow run was cancelled before stage ${f.stage} wrote a report. See ${logs}.`
    };
  }
  if (f.row?.status === "failed") {
    const detail = f.row.detail ? `: ${escapeInline(f.row.detail)}` : "";
    return {
      conclusion: "failure",
      title: `Failed (${f.row.reason}) without a report`,
      summary: `Stage ${f.stage} ended as \`${f.row.reason}\` in run \`${f.row.run_id}\`${detail}. See ${logs}.`
    };
  }
  if (f.failedStage !== null && f.failedStage !== f.stage && f.row === null) {
    return {
      conclusion: "skipped",
      title: `Not run: stage ${f.failedStage} failed`,
      summary: `The chain stopped at stage ${f.failedStage}, which failed, before it reached stage ${f.stage}. See ${logs}.`
    };
  }
  if (f.workflowConclusion === "success" && f.row === null) {
    return {
      conclusion: "neutral",
      title: "Not run",
      summary: `The workflow run finished without running stage ${f.stage} (not ready yet: a dependency is not done, or another run holds the stage; or a \`reconcile --reset\`, which moves the branch back without a run). See ${logs}.`
    };
  }
  const how = f.row?.status === "started" ? `claimed stage ${f.stage} (run \`${f.row.run_id}\`) but ended` : "ended";
  return {
    conclusion: "failure",
    title: "No report: the workflow run failed",
    summary: `The workflow run ${how} (${f.workflowConclusion ?? "unknown conclusion"}) before stage ${f.stage} wrote a report: it crashed, was refused or timed out. See ${logs}.`
  };
}

// src/core/commands/status.ts
function statusCommentMarker(planId2) {
  return `<!-- okstra:status plan=${planId2} -->`;
}
function isStatusComment(body, planId2) {
  return body.startsWith(statusCommentMarker(planId2));
}

// src/core/graph/stage-graph.ts
function topologicalOrder(plan) {
  const indegree = /* @__PURE__ */ new Map();
  const dependents = /* @__PURE__ */ new Map();
  for (const s of plan.stages) {
    indegree.set(s.number, s.dependsOn.length);
    for (const d of s.dependsOn) dependents.set(d, [...dependents.get(d) ?? [], s.number]);
  }
  const ready = plan.stages.filter((s) => s.dependsOn.length === 0).map((s) => s.number);
  const order = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const next = ready.shift();
    order.push(next);
    for (const dep of dependents.get(next) ?? []) {
      const left = (indegree.get(dep) ?? 0) - 1;
      indegree.set(dep, left);
      if (left === 0) ready.push(dep);
    }
  }
  if (order.length !== plan.stages.length)
    throw new Error("topologicalOrder: the plan has a dependency cycle; validate it first");
  return order;
}
function stageByNumber(plan, n) {
  const stage = plan.stages.find((s) => s.number === n);
  if (!stage) throw new Error(`stage ${n} is not in the plan (stages: ${plan.stages.map((s) => s.number).join(", ")})`);
  return stage;
}
function dependencyClosure(plan, n) {
  const seen = /* @__PURE__ */ new Set();
  const visit = (k) => {
    for (const d of stageByNumber(plan, k).dependsOn) {
      if (!seen.has(d)) {
        seen.add(d);
        visit(d);
      }
    }
  };
  visit(n);
  return topologicalOrder(plan).filter((k) => seen.has(k));
}

// src/core/ledger/state.ts
function deriveLedgerState(rows) {
  const stages = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const entry = stages.get(row.stage) ?? { stage: row.stage, last: row, lastDone: null, attempts: 0, rows: [] };
    entry.last = row;
    entry.rows.push(row);
    if (row.status === "done") entry.lastDone = row;
    if (row.status === "started") entry.attempts += 1;
    stages.set(row.stage, entry);
  }
  return { stages };
}
function stageStatus(state, stage) {
  return state.stages.get(stage)?.last.status ?? "pending";
}
function isStale(row, now) {
  return row.status === "started" && Date.parse(row.lease_until) <= now.getTime();
}
function activeClaim(state, stage) {
  const last = state.stages.get(stage)?.last;
  return last?.status === "started" ? last : null;
}
function currentDoneRow(state, stage) {
  const last = state.stages.get(stage)?.last;
  return last?.status === "done" ? last : null;
}

// src/core/graph/readiness.ts
function stageReadiness(plan, state, n, now) {
  const done = currentDoneRow(state, n);
  if (done) return { kind: "done", headCommit: done.head_commit, runId: done.run_id };
  const claim = activeClaim(state, n);
  if (claim) {
    return {
      kind: "started",
      runId: claim.run_id,
      leaseUntil: claim.lease_until,
      stale: isStale(claim, now),
      ...claim.actor ? { actor: claim.actor } : {}
    };
  }
  const waitingOn = stageByNumber(plan, n).dependsOn.filter((d) => stageStatus(state, d) !== "done");
  if (waitingOn.length > 0) return { kind: "blocked", waitingOn };
  const last = state.stages.get(n)?.last;
  return {
    kind: "ready",
    failedBefore: last?.status === "failed" ? { reason: last.reason, runId: last.run_id } : null
  };
}
function chainQueue(plan, state, requested) {
  const wanted = /* @__PURE__ */ new Set();
  for (const n of requested ?? plan.stages.map((s) => s.number)) {
    wanted.add(n);
    for (const d of dependencyClosure(plan, n)) wanted.add(d);
  }
  return topologicalOrder(plan).filter((n) => wanted.has(n) && currentDoneRow(state, n) === null);
}

// src/core/commands/select.ts
function selectStages(plan, state, what, now) {
  const id = inlineCode(plan.id);
  if (what.kind === "run") {
    const queue = chainQueue(plan, state);
    const [first] = queue;
    if (first === void 0) return { ok: false, reason: `every stage of plan ${id} is done.` };
    const r2 = stageReadiness(plan, state, first, now);
    if (r2.kind === "started" && !r2.stale)
      return {
        ok: false,
        reason: `stage ${first} of plan ${id}, the next in line, is in progress (run ${inlineCode(r2.runId)}, claimed until ${r2.leaseUntil}).`
      };
    return { ok: true, mode: "chain", stages: queue };
  }
  const n = what.stage;
  if (!plan.stages.some((s) => s.number === n)) {
    return {
      ok: false,
      reason: `stage ${n} is not in plan ${id} (its stages: ${plan.stages.map((s) => s.number).join(", ") || "none"}).`
    };
  }
  const r = stageReadiness(plan, state, n, now);
  if (what.kind === "reconcile") return reconcileSelection(n, id, r);
  switch (r.kind) {
    case "done":
      return { ok: false, reason: `stage ${n} of plan ${id} is already done (run ${inlineCode(r.runId)}).` };
    case "started":
      if (!r.stale)
        return {
          ok: false,
          reason: `stage ${n} of plan ${id} is in progress (run ${inlineCode(r.runId)}, claimed until ${r.leaseUntil}).`
        };
      break;
    case "blocked":
      return {
        ok: false,
        reason: `stage ${n} of plan ${id} waits for stage${r.waitingOn.length === 1 ? "" : "s"} ${r.waitingOn.join(", ")}, not done yet.`
      };
    case "ready":
      if (what.kind === "retry" && r.failedBefore === null)
        return {
          ok: false,
          reason: `stage ${n} of plan ${id} has not failed, so there is nothing to retry; \`/okstra stage ${n}\` runs it.`
        };
      break;
  }
  return { ok: true, mode: "stage", stages: [n] };
}
function reconcileSelection(n, id, r) {
  if (r.kind === "done") return { ok: true, mode: "reconcile", stages: [n] };
  if (r.kind === "started" && !r.stale)
    return {
      ok: false,
      reason: `stage ${n} of plan ${id} is in progress (run ${inlineCode(r.runId)}, claimed until ${r.leaseUntil}); it is not done, so there is nothing to reconcile yet.`
    };
  return {
    ok: false,
    reason: `stage ${n} is not done; nothing to reconcile (reconcile is for a done stage whose branch moved; \`/okstra stage ${n}\` runs it).`
  };
}

// src/core/commands/run-trust.ts
var TRUSTED_RUN_EVENTS = ["workflow_dispatch", "schedule"];
function untrustedRunReason(run2) {
  if (!TRUSTED_RUN_EVENTS.includes(run2.event))
    return `its event is ${run2.event}, not ${TRUSTED_RUN_EVENTS.join(" or ")}`;
  const head2 = run2.headRepository;
  if (head2 === null) return "its head repository is unknown";
  if (head2.id !== run2.repository.id || head2.fullName.toLowerCase() !== run2.repository.fullName.toLowerCase())
    return `its head repository is ${head2.fullName}, not ${run2.repository.fullName}`;
  if (run2.headBranch !== run2.repository.defaultBranch)
    return `it ran on ${run2.headBranch === null ? "no branch" : `the branch ${run2.headBranch}`}, not the default branch ${run2.repository.defaultBranch}`;
  return null;
}

// src/github/errors.ts
function httpStatus(error) {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number")
    return error.status;
  return null;
}
function describeApiError(error) {
  const status = httpStatus(error);
  const message = error instanceof Error ? error.message : String(error);
  return status === null ? message : `HTTP ${status}: ${message.split("\n")[0]}`;
}

// src/github/issues.ts
async function postComment(client, repo, number, body) {
  const res = await client.rest.issues.createComment({ ...repo, issue_number: number, body });
  return res.data.id;
}
async function removeLabel(client, repo, number, name) {
  try {
    await client.rest.issues.removeLabel({ ...repo, issue_number: number, name });
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
  }
}

// src/github/pulls.ts
async function pullRequestFacts(client, repo, number) {
  const { data } = await client.rest.pulls.get({ ...repo, pull_number: number });
  return {
    number: data.number,
    state: data.state,
    headSha: data.head.sha,
    headRef: data.head.ref,
    headRepo: data.head.repo?.full_name ?? null,
    baseRepo: data.base.repo.full_name,
    htmlUrl: data.html_url
  };
}
function isFromFork(pr) {
  return pr.headRepo === null || pr.headRepo.toLowerCase() !== pr.baseRepo.toLowerCase();
}
async function changedFiles(client, repo, number) {
  const files = await client.paginate(client.rest.pulls.listFiles, { ...repo, pull_number: number, per_page: 100 });
  return files.map((f) => ({ path: f.filename, status: f.status }));
}
async function pullRequestsForCommit(client, repo, sha2) {
  const { data } = await client.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha2 });
  return data.filter((p) => p.state === "open").map((p) => p.number);
}

// bot/lib/config.ts
import { stringify } from "yaml";

// src/core/config/parse-config.ts
import { isMap, LineCounter, parseDocument as parseDocument2 } from "yaml";

// src/core/diagnostics.ts
function sortDiagnostics(list2) {
  return [...list2].sort((a, b) => a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
}

// src/core/text/did-you-mean.ts
function levenshtein(a, b) {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j] + 1, current[j - 1] + 1));
    }
    previous = current;
  }
  return previous[b.length];
}
function closestMatch(word, candidates) {
  let best = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const budget = Math.max(2, Math.floor(Math.max(word.length, candidate.length) / 3));
    const distance = levenshtein(word, candidate);
    if (distance <= budget && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// src/core/config/parse-config.ts
function parseConfig(text, path) {
  const lineCounter = new LineCounter();
  const doc = parseDocument2(text.replace(/^\uFEFF/, ""), { lineCounter, prettyErrors: false });
  const at = (offset) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    return {
      config: null,
      errors: doc.errors.map((e) => ({
        severity: "error",
        code: "config/invalid-yaml",
        message: `not valid YAML: ${e.message.split("\n")[0]}`,
        hint: "fix the YAML syntax",
        path,
        ...at(e.pos[0])
      }))
    };
  }
  const raw = doc.toJS() ?? {};
  const parsed = ConfigSchema.safeParse(raw);
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => toDiagnostic(issue, doc, path, at));
  if (parsed.success) errors.push(...crossChecks(parsed.data, doc, path, at));
  return { config: errors.length === 0 && parsed.success ? parsed.data : null, errors: sortDiagnostics(errors) };
}
function toDiagnostic(issue, doc, path, at) {
  const keyPath = issue.path.map(String);
  const where = locate(doc, issue.path);
  const dotted = keyPath.join(".") || "(top level)";
  let message = `${dotted}: ${issue.message}`;
  let hint = "see docs/config.md for every key and its allowed values";
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(keyPath);
    const names = issue.keys.map((k) => {
      const match = closestMatch(k, known);
      return match ? `"${k}" (did you mean "${match}"?)` : `"${k}"`;
    });
    message = `${dotted === "(top level)" ? "unknown key" : `${dotted}: unknown key`}${issue.keys.length > 1 ? "s" : ""} ${names.join(", ")}`;
    hint = `allowed here: ${known.join(", ")}`;
    const keyNode = findKeyNode(doc, issue.path, issue.keys[0]);
    return { severity: "error", code: "config/unknown-key", message, hint, path, ...at(keyNode ?? where) };
  }
  return { severity: "error", code: "config/invalid-value", message, hint, path, ...at(where) };
}
function crossChecks(config, doc, path, at) {
  const out = [];
  const known = [...BUILTIN_PROVIDERS, ...Object.keys(config.providers)];
  const check2 = (ref, keyPath) => {
    if (ref === null || ref.startsWith("command:") || known.includes(ref)) return;
    const match = closestMatch(ref, known);
    out.push({
      severity: "error",
      code: "config/unknown-provider",
      message: `${keyPath.join(".")}: unknown provider "${ref}"${match ? ` (did you mean "${match}"?)` : ""}`,
      hint: `use one of ${known.join(", ")}, define it under \`providers:\`, or write \`command:<program>\``,
      path,
      ...at(locate(doc, keyPath))
    });
  };
  check2(config.executor, ["executor"]);
  config.verifiers?.forEach((v, i) => check2(v, ["verifiers", i]));
  check2(config.critic, ["critic"]);
  for (const [name, p] of Object.entries(config.providers)) {
    const builtin = BUILTIN_PROVIDERS.includes(name);
    if (!builtin && !p.command) {
      out.push({
        severity: "error",
        code: "config/provider-without-command",
        message: `providers.${name}: a provider that is not claude, codex or gemini needs \`command\``,
        hint: "set `command: <program and arguments>` (see docs/providers.md for the Command contract)",
        path,
        ...at(locate(doc, ["providers", name]))
      });
    }
    if (builtin && p.command) {
      out.push({
        severity: "error",
        code: "config/builtin-with-command",
        message: `providers.${name}: the built-in ${name} provider takes no \`command\``,
        hint: `give the command provider another name, e.g. \`my-${name}\``,
        path,
        ...at(locate(doc, ["providers", name, "command"]))
      });
    }
  }
  return out;
}
var KNOWN_KEYS = {
  "": Object.keys(ConfigSchema.shape),
  convergence: ["rounds"],
  timeouts: ["executorMinutes", "verifierMinutes", "qaMinutes"],
  concurrency: ["verifiers"],
  bot: ["workflow", "permission", "allowForks"],
  limits: ["turns"],
  "limits.turns": ["executor", "verifier"],
  provider: ["command", "name", "model", "baseUrl", "apiKeyEnv", "timeoutMinutes", "maxTurns"],
  "provider.maxTurns": ["executor", "verifier"],
  qa: ["cmd", "label", "timeoutMinutes"]
};
function knownKeysAt(keyPath) {
  if (keyPath.length === 0) return KNOWN_KEYS[""];
  if (keyPath[0] === "providers" && keyPath.length === 2) return KNOWN_KEYS.provider;
  if (keyPath[0] === "providers" && keyPath[2] === "maxTurns") return KNOWN_KEYS["provider.maxTurns"];
  if (keyPath[0] === "limits") return KNOWN_KEYS[keyPath.join(".")] ?? [];
  if (keyPath[0] === "qaCommands") return KNOWN_KEYS.qa;
  return KNOWN_KEYS[keyPath[0]] ?? [];
}
function locate(doc, keyPath) {
  for (let n = keyPath.length; n >= 0; n--) {
    const node = doc.getIn(keyPath.slice(0, n), true);
    if (node && typeof node === "object" && "range" in node && node.range) return node.range[0];
  }
  return 0;
}
function findKeyNode(doc, keyPath, key) {
  const parent = keyPath.length === 0 ? doc.contents : doc.getIn(keyPath, true);
  if (!parent || !isMap(parent)) return null;
  for (const pair of parent.items) {
    const k = pair.key;
    if (k && "value" in k && String(k.value) === key && k.range) return k.range[0];
  }
  return null;
}

// bot/lib/config.ts
var CONFIG_PATHS = [".okstra/config.yml", ".github/okstra.yml"];
async function loadConfig(read) {
  for (const path of CONFIG_PATHS) {
    let file;
    try {
      file = await read(path);
    } catch (error) {
      return {
        ok: false,
        source: path,
        errors: [
          `${path}: ${error instanceof Error ? error.message.replace(/^\[@probot\/octokit-plugin-config\]\s*/, "") : String(error)}`
        ]
      };
    }
    if (file.found) return validate(file.config, path);
  }
  return validate({}, "defaults (no config file)");
}
function validate(config, source) {
  const result = parseConfig(stringify(config ?? {}), source);
  if (result.config) return { ok: true, config: result.config, source };
  return {
    ok: false,
    source,
    errors: result.errors.map((d) => `${source}: ${d.message}${d.hint ? ` (${d.hint})` : ""}`)
  };
}

// src/github/permissions.ts
async function collaboratorRole(client, repo, login) {
  try {
    const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: login });
    return { permission: data.permission, role_name: data.role_name ?? null };
  } catch (error) {
    if (httpStatus(error) === 404) return { permission: "none", role_name: null };
    throw error;
  }
}

// bot/lib/gate.ts
function senderRole(deps, login) {
  return collaboratorRole(deps.client, deps.repo, login);
}
function roleGate(config, login, answer) {
  const level = effectiveLevel(answer);
  if (meetsLevel(level, config.bot.permission)) return { ok: true };
  return {
    ok: false,
    reason: `@${login} has ${level === null ? "no" : `\`${level}\``} access to this repository; okstra takes commands from people with \`${config.bot.permission}\` access or more.`
  };
}
function pullRequestGate(config, pr) {
  if (pr.state !== "open") return { ok: false, reason: "this pull request is closed; reopen it to run okstra on it." };
  if (!isFromFork(pr) || config.bot.allowForks) return { ok: true };
  return {
    ok: false,
    reason: `this pull request comes from ${pr.headRepo ? `the fork \`${pr.headRepo}\`` : "a deleted fork"}. okstra's workflow runs agents with this repository's secrets on the pull request's code, so it does not run on forks unless the config sets \`bot.allowForks: true\`.`
  };
}

// src/core/ledger/row.ts
import { z as z2 } from "zod";
var LEDGER_ROW_VERSION = 1;
var isoUtc = z2.iso.datetime({ offset: false });
var sha = z2.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, "a full hex commit id");
var relPath = z2.string().regex(
  /^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/,
  'a relative path inside the ledger branch, without ".."'
);
var common = {
  v: z2.literal(LEDGER_ROW_VERSION),
  plan_id: z2.string().regex(PLAN_ID_PATTERN, "a plan id"),
  stage: z2.number().int().positive(),
  run_id: z2.string().regex(RUN_ID_PATTERN, "a run id"),
  at: isoUtc,
  actor: z2.string().min(1).optional(),
  branch: z2.string().min(1).optional(),
  base_commit: sha.optional(),
  head_commit: sha.optional()
};
var FAILED_REASONS = [
  "verdict-fail",
  "contract-violated",
  "error",
  "timeout",
  "abandoned",
  "cancelled"
];
var ClaimantSchema = z2.object({
  host: z2.string().min(1).max(255),
  pid: z2.number().int().positive(),
  /** The machine's boot id (Linux: /proc/sys/kernel/random/boot_id); a different one means every process of the claim is gone. */
  boot: z2.string().min(1).max(255).optional()
}).strict();
var StartedRowSchema = z2.object({ ...common, status: z2.literal("started"), lease_until: isoUtc, claimant: ClaimantSchema.optional() }).strict();
var DoneRowSchema = z2.object({
  ...common,
  status: z2.literal("done"),
  head_commit: sha,
  completed_at: isoUtc,
  carry_path: relPath,
  report_path: relPath
}).strict();
var FailedRowSchema = z2.object({
  ...common,
  status: z2.literal("failed"),
  reason: z2.enum(FAILED_REASONS),
  report_path: relPath.optional(),
  /** Free text for humans: who released a claim and why, the error message, … */
  detail: z2.string().max(2e3).optional()
}).strict();
var LedgerRowSchema = z2.discriminatedUnion("status", [StartedRowSchema, DoneRowSchema, FailedRowSchema]);

// src/core/ledger/parse-ledger.ts
var LedgerFormatError = class extends Error {
  constructor(path, line, detail, planId2) {
    super(`${path}:${line}: ${detail}${planId2 ? `; remove it with \`${repairLineCommand(planId2, line)}\`` : ""}`);
    this.path = path;
    this.line = line;
    this.detail = detail;
    this.planId = planId2;
    this.name = "LedgerFormatError";
  }
  path;
  line;
  detail;
  planId;
};
function repairLineCommand(planId2, line) {
  return `okstra ledger repair --plan-id ${planId2} --drop-line ${line} --reason "\u2026"`;
}
function parseLedger(text, opts) {
  return parseLedgerLines(text, opts).map((l) => {
    if ("problem" in l) throw new LedgerFormatError(opts.path, l.line, l.problem, opts.planId);
    return l.row;
  });
}
function parseLedgerLines(text, opts) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((raw, i) => {
    const parsed = parseLine(raw, opts.planId);
    return typeof parsed === "string" ? { line: i + 1, raw, problem: parsed } : { line: i + 1, raw, row: parsed };
  });
}
function parseLine(raw, planId2) {
  const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (text.trim() === "") return "blank line inside the ledger";
  let json2;
  try {
    json2 = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${error.message})`;
  }
  const parsed = LedgerRowSchema.safeParse(json2);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `field "${issue.path.join(".")}": ` : "";
    return `not a valid ledger row: ${where}${issue?.message ?? "invalid"}`;
  }
  if (parsed.data.plan_id !== planId2) return `row belongs to plan "${parsed.data.plan_id}", not "${planId2}"`;
  return parsed.data;
}

// src/core/ledger/paths.ts
function planDir(planId2) {
  return `plans/${planId2}`;
}
function ledgerPath(planId2) {
  return `${planDir(planId2)}/ledger.jsonl`;
}
function reportPath(planId2, stage, runId, ext) {
  return `${planDir(planId2)}/reports/stage-${stage}/${runId}.${ext}`;
}

// src/core/ledger/trust.ts
var MAX_CLOCK_SKEW_MS = 5 * 6e4;
var MAX_TRUSTED_LEASE_MS = 24 * 60 * 6e4;
function assessLedger(rows, facts) {
  return assessNumberedRows(
    rows.map((row, i) => ({ line: i + 1, row })),
    facts
  );
}
function assessNumberedRows(rows, facts) {
  const trusted = [];
  const distrusted = [];
  const position = /* @__PURE__ */ new Map();
  const distrustedClaims = /* @__PURE__ */ new Map();
  for (const { line, row } of rows) {
    const reason = clockProblem(row, facts.now) ?? lifecycleProblem(row, position.get(row.stage), distrustedClaims) ?? facts.doneCommitProblems?.get(line) ?? null;
    if (reason === null) {
      trusted.push(row);
      position.set(row.stage, row);
      continue;
    }
    distrusted.push({ line, row, reason });
    if (row.status === "started") distrustedClaims.set(claimKey(row.stage, row.run_id), line);
  }
  return { trusted, distrusted };
}
function clockProblem(row, now) {
  const at = Date.parse(row.at);
  if (at - now.getTime() > MAX_CLOCK_SKEW_MS) {
    return `written at ${row.at}, ${formatSpan(at - now.getTime())} ahead of this machine's clock (${now.toISOString()}; at most ${formatSpan(MAX_CLOCK_SKEW_MS)} of clock skew is believed)`;
  }
  if (row.status === "started") {
    const lease = Date.parse(row.lease_until) - at;
    if (lease > MAX_TRUSTED_LEASE_MS) {
      return `claims a lease of ${formatSpan(lease)} (until ${row.lease_until}), longer than the ${formatSpan(MAX_TRUSTED_LEASE_MS)} maximum`;
    }
  }
  return null;
}
function lifecycleProblem(row, last, distrustedClaims) {
  if (row.status === "started") {
    if (last?.status === "started" && last.run_id !== row.run_id) {
      return `started for run ${row.run_id} while run ${last.run_id} still holds stage ${row.stage}'s claim`;
    }
    return null;
  }
  if (last?.status === "started" && last.run_id === row.run_id) return null;
  const ignoredClaim = distrustedClaims.get(claimKey(row.stage, row.run_id));
  if (ignoredClaim !== void 0) {
    return `${row.status} for a run whose started row is itself ignored (line ${ignoredClaim}, run ${row.run_id})`;
  }
  if (!last) return `${row.status} without its started row (run ${row.run_id})`;
  if (last.status === "started")
    return `${row.status} for run ${row.run_id}, but stage ${row.stage} is claimed by run ${last.run_id}`;
  if (last.run_id === row.run_id)
    return `${row.status} again for run ${row.run_id}, whose claim already ended ${last.status}`;
  return `${row.status} without its started row (run ${row.run_id}; stage ${row.stage} was last ${last.status} by run ${last.run_id})`;
}
function claimKey(stage, runId) {
  return `${stage}\0${runId}`;
}
function formatSpan(ms) {
  const minutes2 = Math.round(ms / 6e4);
  if (Math.abs(minutes2) < 120) return `${minutes2} min`;
  const hours = Math.round(minutes2 / 60);
  if (Math.abs(hours) < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}
function describeDistrusted(d, planId2) {
  return `row ${d.line} ignored: ${d.reason} \u2014 run \`${repairLineCommand(planId2, d.line)}\``;
}

// src/core/report/schema/final-report.ts
import { z as z4 } from "zod";

// src/core/report/schema/common.ts
import { z as z3 } from "zod";
var isoUtc2 = z3.iso.datetime({ offset: false }).describe("UTC timestamp, ISO 8601 with a trailing Z");
var commitSha = z3.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/).describe("full hex commit id (SHA-1 or SHA-256)");
var repoPath = z3.string().regex(/^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/).describe('repository-relative path, no leading "/" and no ".." segment');
var rosterName = z3.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$/).describe('roster name, e.g. "Codex worker"');
var nonNegativeInt = z3.number().int().min(0);
var durationMs = nonNegativeInt.describe("milliseconds");
var VERDICT_VALUES = ["PASS", "FAIL"];
var verdictValue = z3.enum(VERDICT_VALUES);
var FINDING_SEVERITIES = ["blocking", "major", "minor", "info"];
var findingSeverity = z3.enum(FINDING_SEVERITIES);
var UsageSchema = z3.strictObject({
  inputTokens: nonNegativeInt.describe("input tokens, cache reads included"),
  outputTokens: nonNegativeInt,
  cachedInputTokens: nonNegativeInt.optional().describe("input tokens served from the prompt cache"),
  cacheWriteTokens: nonNegativeInt.optional().describe("input tokens written to the prompt cache"),
  costUsd: z3.number().min(0).nullable().describe("US dollars; null when no part of the cost is known (never 0 for unknown)"),
  costComplete: z3.boolean().optional().describe(
    "false when costUsd sums only the parts whose price is known; absent in reports written before the gateway"
  )
});

// src/core/report/schema/final-report.ts
var FINAL_REPORT_SCHEMA_VERSION = 1;
var TRIGGER_KINDS = ["label", "comment", "schedule", "dispatch", "rerequest", "cli"];
var WORKER_FUNCTIONS = ["executor", "verifier", "critic"];
var PROVIDERS = ["claude", "codex", "gemini", "command"];
var WORKER_STATUSES = ["done", "contract-violated", "error", "timeout", "budget-exceeded"];
var RUN_STATUSES = ["passed", "failed", "contract-violated", "error"];
var DISPOSITIONS = ["standing", "confirmed", "refuted"];
var BUDGET_SCOPES = ["worker", "stage", "plan"];
var USAGE_METERING = ["gateway", "self-reported"];
var ISOLATION_REPORT_MODES = ["os-user", "none"];
var REFUSALS = ["budget", "credential"];
var EVIDENCE_SOURCES = ["events", "self-reported"];
var workerStatus = z4.enum(WORKER_STATUSES);
var findingId = z4.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/).describe("stable id of a finding within this report");
var PlanRef = z4.strictObject({
  id: z4.string().regex(PLAN_ID_PATTERN),
  title: z4.string().nullable(),
  path: repoPath.describe("plan file, relative to the repository root"),
  commit: commitSha.describe("commit the approved plan was read from")
});
var StageRef = z4.strictObject({
  number: z4.number().int().positive(),
  title: z4.string(),
  dependsOn: z4.array(z4.number().int().positive())
});
var Trigger = z4.strictObject({
  kind: z4.enum(TRIGGER_KINDS),
  actor: z4.string().min(1).nullable().describe("login (or local user) that asked for the run; null for schedule"),
  url: z4.url().nullable().describe("where the trigger happened (comment, PR); null when there is no page")
});
var RunInfo = z4.strictObject({
  id: z4.string().regex(RUN_ID_PATTERN),
  attempt: z4.number().int().positive().describe("1 for the first run of a stage, +1 for each fix run"),
  startedAt: isoUtc2,
  finishedAt: isoUtc2,
  durationMs,
  trigger: Trigger,
  url: z4.url().nullable().describe("page of this run (the workflow run log); null for local runs")
});
var GitInfo = z4.strictObject({
  branch: z4.string().min(1),
  baseCommit: commitSha,
  headCommit: commitSha,
  reusedBranch: z4.boolean().describe("true for a fix run that re-entered the preserved stage branch"),
  diffStat: z4.strictObject({ filesChanged: nonNegativeInt, insertions: nonNegativeInt, deletions: nonNegativeInt }),
  changedFiles: z4.array(repoPath).describe("files changed between baseCommit and headCommit"),
  outOfPlanFiles: z4.array(repoPath).describe("changed files that the stage's `files` did not name")
});
var RosterEntry = z4.strictObject({
  name: rosterName,
  provider: z4.enum(PROVIDERS),
  model: z4.string().min(1).nullable().describe("null for the command worker"),
  function: z4.enum(WORKER_FUNCTIONS)
});
var Usage = UsageSchema.nullable().describe("null when the CLI did not report usage");
var UpstreamError = z4.strictObject({
  status: z4.number().int().min(100).max(599).nullable().describe("HTTP status; null when the connection itself failed"),
  message: z4.string().min(1).describe("what the API said (an excerpt of its error body)")
}).optional().describe("present when the worker's last model request failed upstream");
var WorkerFailure = z4.strictObject({
  reason: z4.string().regex(/\S/).describe("the CLI's exit reason or okstra's (timeout, crash, unparsable result, changed tree)"),
  stderrTail: z4.string().describe("the last lines of the worker's stderr, scrubbed; empty when it wrote none")
}).optional().describe("present when the worker did not produce a result; absent in reports written before it was recorded");
var EvidenceSource = z4.enum(EVIDENCE_SOURCES).optional().describe(
  "events: the files it opened were read from its CLI's tool events and its citations checked against them; self-reported: its CLI gave no events, so evidenceRead is its own word; absent in reports written before it was recorded"
);
var UnreadCitations = z4.array(repoPath).optional().describe(
  "files the worker cited (a finding's file or an evidenceRead entry) that its CLI's tool events show it never opened; present only when there are some, and then the worker's result was discounted"
);
var Commit = z4.strictObject({ sha: commitSha, subject: z4.string() });
var Executor = z4.strictObject({
  worker: rosterName,
  status: workerStatus,
  durationMs,
  usage: Usage,
  summary: z4.string().describe("the executor's own account of the stage (agent text)"),
  commits: z4.array(Commit),
  upstreamError: UpstreamError,
  failure: WorkerFailure
});
var QaResult = z4.strictObject({
  source: z4.enum(["plan", "config"]),
  label: z4.string(),
  cmd: z4.string().min(1),
  exitCode: z4.number().int().nullable().describe("null when the process was killed (timeout or signal)"),
  durationMs,
  outputTail: z4.string().describe("last lines of combined stdout/stderr"),
  passed: z4.boolean()
});
var Verifier = z4.strictObject({
  worker: rosterName,
  status: workerStatus,
  verdict: verdictValue.nullable().describe("null when the verifier produced no valid result"),
  findings: z4.array(findingId).describe("ids of the findings this verifier raised"),
  evidenceRead: z4.array(repoPath).describe("files the verifier recorded as read (its evidence ledger)"),
  usage: Usage,
  durationMs,
  upstreamError: UpstreamError,
  failure: WorkerFailure,
  evidence: EvidenceSource,
  unreadCitations: UnreadCitations
});
var Finding = z4.strictObject({
  id: findingId,
  severity: findingSeverity,
  title: z4.string().min(1),
  detail: z4.string(),
  file: repoPath.nullable().describe("cited file exactly as the raiser wrote it"),
  line: z4.number().int().positive().nullable(),
  endLine: z4.number().int().positive().nullable(),
  raisedBy: rosterName,
  confirmedBy: z4.array(rosterName),
  refutedBy: z4.array(rosterName),
  disposition: z4.enum(DISPOSITIONS)
});
var ReverifyFailure = z4.strictObject({
  worker: rosterName,
  findingId,
  status: workerStatus,
  upstreamError: UpstreamError,
  failure: WorkerFailure.unwrap()
});
var Convergence = z4.strictObject({
  rounds: nonNegativeInt,
  disputed: nonNegativeInt,
  resolved: nonNegativeInt,
  failures: z4.array(ReverifyFailure).optional().describe("re-verify sessions that produced no position; absent when every session answered (or in older reports)")
});
var Critic = z4.strictObject({
  worker: rosterName,
  status: workerStatus,
  gaps: nonNegativeInt,
  findings: z4.array(findingId),
  evidenceRead: z4.array(repoPath),
  usage: Usage,
  durationMs,
  upstreamError: UpstreamError,
  failure: WorkerFailure,
  evidence: EvidenceSource,
  unreadCitations: UnreadCitations
});
var Verdict = z4.strictObject({
  value: verdictValue,
  runStatus: z4.enum(RUN_STATUSES),
  reasons: z4.array(z4.string().min(1))
});
var sidecarCommon = {
  stageNumber: z4.number().int().positive(),
  stageTitle: z4.string()
};
var SidecarWritten = z4.strictObject({
  ...sidecarCommon,
  carryJson: z4.string().min(1).describe("the Stage Carry Evidence JSON exactly as written to carryPath"),
  carryPath: repoPath
});
var SidecarWithheld = z4.strictObject({
  ...sidecarCommon,
  carryJson: z4.string().nullable().describe("the executor's Stage Carry Evidence JSON, or null when it produced none"),
  carryPath: z4.null(),
  withheld: z4.string().regex(/\S/).describe("why the carry was not written; present exactly when it was not")
});
var StageSidecarEvidence = z4.union([SidecarWritten, SidecarWithheld]);
var TerminalLedgerRow = z4.discriminatedUnion("status", [DoneRowSchema, FailedRowSchema]).nullable().describe("the terminal ledger row this run appended; null only when the append itself failed");
var ProgressEntry = z4.strictObject({
  at: isoUtc2,
  line: z4.string().regex(/^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\n\r]*)?$/).describe("the checkpoint line as emitted; grammar in docs/report.md")
});
var WorkerUsage = z4.strictObject({ worker: rosterName, ...UsageSchema.shape });
var msNumber = z4.number().min(0).describe("milliseconds (may be fractional)");
var UsageRequest = z4.strictObject({
  worker: rosterName,
  role: z4.string().regex(/^[a-z][a-z0-9-]*$/).describe("what the worker was doing: executor, verifier, reverify, critic, planner"),
  provider: z4.string().regex(/^[a-z][a-z0-9-]*$/).describe("claude, codex, gemini or the command provider's name"),
  model: z4.string().min(1).nullable().describe("the model the request asked for; null when it named none"),
  path: z4.string().min(1).describe("request path below the API base URL"),
  status: z4.number().int().min(100).max(599).nullable().describe("final HTTP status sent to the agent; null when the connection failed"),
  inputTokens: nonNegativeInt,
  outputTokens: nonNegativeInt,
  cachedInputTokens: nonNegativeInt,
  cacheWriteTokens: nonNegativeInt,
  costUsd: z4.number().min(0).nullable().describe("null when the model has no known price (never 0 for unknown)"),
  durationMs: msNumber,
  firstByteMs: msNumber.nullable().describe("time to the first response byte; null when none arrived"),
  retries: nonNegativeInt,
  refused: z4.enum(REFUSALS).optional().describe("the gateway answered the request itself instead of forwarding it")
});
var BudgetExceeded = z4.strictObject({
  worker: rosterName.describe("the worker whose request was refused"),
  scope: z4.enum(BUDGET_SCOPES).describe("which `budgets:` limit: per worker session, per stage run, or per plan"),
  limit: z4.string().min(1).describe('the limit as configured, e.g. "200,000 tokens" or "$5.00"'),
  spent: z4.string().min(1).describe("what was already spent in that scope when the request came"),
  message: z4.string().min(1)
});
var UsageTotals = z4.strictObject({
  workers: z4.array(WorkerUsage),
  total: UsageSchema.describe(
    "sum over workers; costUsd sums the known costs (costComplete false when some are unknown), null when none is known"
  ),
  metered: z4.enum(USAGE_METERING).optional().describe("who counted the figures; absent in reports written before the gateway"),
  requests: z4.array(UsageRequest).optional().describe("every model request of the run, in order, when the gateway metered it"),
  budgetExceeded: BudgetExceeded.optional().describe("the first budget refusal of the run")
});
var Isolation = z4.strictObject({
  mode: z4.enum(ISOLATION_REPORT_MODES).describe("os-user: agents ran as separate unprivileged users; none: with okstra's own privileges"),
  detail: z4.string().regex(/\S/).describe('one sentence, e.g. "agents ran as okstra-agent-1\u20263 without sudo"')
});
var ActivityArtifact = z4.strictObject({
  path: z4.string().min(1).describe("ledger-branch path of the JSON Lines stream (plans/<id>/runs/<run>/activity.jsonl)"),
  events: z4.number().int().min(0).describe("events kept in the file"),
  droppedEvents: z4.number().int().min(0).describe("events left out because the stream reached its size bound")
});
var RunError = z4.strictObject({ at: isoUtc2, phase: z4.string().min(1), message: z4.string().min(1) });
var FinalReportSchema = z4.strictObject({
  schemaVersion: z4.literal(FINAL_REPORT_SCHEMA_VERSION),
  plan: PlanRef,
  stage: StageRef,
  run: RunInfo,
  git: GitInfo,
  roster: z4.array(RosterEntry).min(1),
  executor: Executor,
  qa: z4.array(QaResult),
  verifiers: z4.array(Verifier),
  findings: z4.array(Finding),
  convergence: Convergence,
  critic: Critic.optional(),
  verdict: Verdict,
  stageSidecarEvidence: StageSidecarEvidence,
  ledgerRow: TerminalLedgerRow,
  progress: z4.array(ProgressEntry),
  activity: ActivityArtifact.optional().describe(
    "the workers' activity stream (tool calls, files, tokens), scrubbed; absent when no worker's CLI printed an event (and in older reports)"
  ),
  usage: UsageTotals,
  remainingQueue: z4.array(z4.number().int().positive()).describe("stages still queued when a chain stopped here"),
  errors: z4.array(RunError),
  isolation: Isolation.optional().describe("absent in reports written before isolation was recorded")
}).describe("okstra final report of one stage run");

// src/core/report/schema/carry.ts
import { z as z5 } from "zod";
var CarrySchema = z5.looseObject({
  stage: z5.number().int().positive().describe("stage number this evidence belongs to"),
  summary: z5.string().regex(/\S/).describe("what the stage delivered, for the stages that build on it"),
  filesChanged: z5.array(repoPath).describe("repository-relative paths the executor changed"),
  validation: z5.array(
    z5.looseObject({
      cmd: z5.string().min(1),
      exitCode: z5.number().int().nullable(),
      outputTail: z5.string().optional()
    })
  ).describe("the plan's validation commands as the executor ran them"),
  exitContract: z5.looseObject({
    met: z5.boolean(),
    evidence: z5.string().regex(/\S/).describe("how the exit contract was shown to hold")
  }),
  interfaces: z5.array(z5.string().min(1)).optional().describe("names, endpoints or files later stages may rely on"),
  notes: z5.array(z5.string()).optional(),
  commits: z5.array(z5.string().regex(/^[0-9a-f]{7,64}$/)).optional(),
  testsAdded: nonNegativeInt.optional()
}).describe("okstra Stage Carry Evidence");

// src/core/report/schema/verifier-result.ts
import { z as z6 } from "zod";
var VerifierResultSchema = z6.looseObject({
  verdict: verdictValue,
  summary: z6.string().optional(),
  findings: z6.array(
    z6.looseObject({
      severity: findingSeverity,
      title: z6.string().regex(/\S/),
      detail: z6.string().optional(),
      file: z6.string().min(1).nullable().optional().describe("project-relative path of the cited file"),
      line: z6.number().int().positive().nullable().optional(),
      endLine: z6.number().int().positive().nullable().optional()
    })
  ),
  evidenceRead: z6.array(z6.string().min(1)).describe("project-relative paths of every file read as evidence")
}).describe("okstra Verifier Result");

// src/core/report/json-schema.ts
import { z as z7 } from "zod";
var SCHEMA_SOURCES = {
  "final-report.schema.json": FinalReportSchema,
  "carry.schema.json": CarrySchema,
  "verifier-result.schema.json": VerifierResultSchema,
  "config.schema.json": ConfigSchema
};
var INPUT_SIDE = /* @__PURE__ */ new Set(["config.schema.json"]);
var cache = /* @__PURE__ */ new Map();
function jsonSchemaFor(name) {
  let schema = cache.get(name);
  if (!schema) {
    schema = z7.toJSONSchema(SCHEMA_SOURCES[name], {
      target: "draft-2020-12",
      io: INPUT_SIDE.has(name) ? "input" : "output",
      unrepresentable: "throw"
    });
    cache.set(name, schema);
  }
  return schema;
}

// src/core/report/validate-schema.ts
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
var addFormats = addFormatsModule.default;
var ajv = null;
var validators = /* @__PURE__ */ new Map();
function validatorFor(name) {
  let validate2 = validators.get(name);
  if (!validate2) {
    ajv ??= addFormats(new Ajv2020({ strict: true, allErrors: true, verbose: true }));
    validate2 = ajv.compile(jsonSchemaFor(name));
    validators.set(name, validate2);
  }
  return validate2;
}
function check(name, value) {
  const validate2 = validatorFor(name);
  if (validate2(value)) return { ok: true, value };
  return { ok: false, problems: describeErrors(validate2.errors ?? []) };
}
function checkFinalReport(value) {
  return check("final-report.schema.json", value);
}
function describeErrors(errors) {
  const byPointer = /* @__PURE__ */ new Map();
  for (const error of errors) {
    const pointer = error.instancePath;
    const message = messageFor(error);
    const list2 = byPointer.get(pointer) ?? [];
    if (!list2.includes(message)) list2.push(message);
    byPointer.set(pointer, list2);
  }
  const problems = [];
  for (const [pointer, all] of byPointer) {
    const messages = mergeMissing(all);
    const specific = messages.filter((m) => !/^must match (a|exactly one) schema/.test(m));
    const chosen = specific.length > 0 ? specific : messages;
    problems.push({ pointer, message: chosen.join("; ") });
  }
  const unionOnly = (p) => /^must match (a|exactly one) schema/.test(p.message);
  return problems.filter(
    (p) => !unionOnly(p) || !problems.some((q) => q !== p && q.pointer.startsWith(`${p.pointer}/`))
  );
}
var MISSING = /^missing property "(.*)"$/;
function mergeMissing(messages) {
  const missing = messages.flatMap((m) => MISSING.exec(m)?.[1] ?? []);
  if (missing.length < 2) return [...messages];
  const rest = messages.filter((m) => !MISSING.test(m));
  return [`missing properties ${missing.map((name) => `"${name}"`).join(", ")}`, ...rest];
}
function messageFor(error) {
  const params = error.params;
  if (error.keyword === "additionalProperties") return `unexpected property "${String(params.additionalProperty)}"`;
  if (error.keyword === "required") return `missing property "${String(params.missingProperty)}"`;
  if (error.keyword === "const") return `must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === "pattern") {
    const description = error.parentSchema?.description;
    if (typeof description === "string") return `must be a ${description}`;
  }
  if (error.keyword === "enum")
    return `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  return error.message ?? error.keyword;
}
function formatSchemaProblem(problem) {
  return `${problem.pointer === "" ? "(root)" : problem.pointer}: ${problem.message}`;
}

// src/core/report/comment.ts
var GITHUB_COMMENT_LIMIT = 65536;
var COMMENT_DETAIL = {
  findingDetail: 1500,
  reason: 800,
  outputLines: 40,
  outputChars: 4e3,
  summary: 2e3
};
function reportCommentMarker(planId2, stage) {
  return `<!-- okstra:report plan=${planId2} stage=${stage} -->`;
}
function isReportComment(body, planId2, stage) {
  return body.startsWith(reportCommentMarker(planId2, stage));
}
function renderComment(input, opts = {}) {
  const report = redactDeep(input);
  const groups = groupFindings(report.findings);
  const marker = reportCommentMarker(report.plan.id, report.stage.number);
  const sections = [
    textSection("marker", `${marker}
`, { required: true }),
    headlineSection(report, "###"),
    isolationSection(report),
    reasonsSection(report, COMMENT_DETAIL),
    budgetSection(report),
    sidecarSection(report, COMMENT_DETAIL),
    textSection("counts", `${countsLine(report)}

`, { required: true }),
    queueSection(report, 1),
    workerUsageSection(report, 3),
    errorsSection(report, 1, COMMENT_DETAIL),
    // Display order puts findings first; priority keeps the small, telling tables ahead of long finding lists.
    findingsSection("findings-blocking", "blocking findings", 3, groups.blocking, COMMENT_DETAIL, false),
    findingsSection("findings-major", "major findings", 4, groups.major, COMMENT_DETAIL, false),
    qaSection(report, 2, true),
    qaOutputSection(report, 5, COMMENT_DETAIL, true),
    verifiersSection(report, 2, true),
    findingsSection("findings-minor", "minor and info findings", 6, groups.minor, COMMENT_DETAIL, true),
    findingsSection("findings-refuted", "refuted findings", 8, groups.refuted, COMMENT_DETAIL, true),
    executorSection(report, 7, COMMENT_DETAIL),
    convergenceSection(report, 2),
    gitSection(report, 7),
    rosterSection(report, 8),
    progressSection(report, 9)
  ];
  const pointer = fullReportPointer(report, opts.fullReportUrl);
  const footer = `<sub>okstra \xB7 run ${inlineCode(report.run.id)} \xB7 full report: ${pointer}</sub>
`;
  const limit = opts.maxChars ?? GITHUB_COMMENT_LIMIT;
  const fitted = fitWithNotice(
    sections,
    limit,
    `GitHub's ${limit.toLocaleString("en-US")}-character comment limit`,
    pointer,
    footer
  );
  return { body: fitted.text, cuts: fitted.cuts };
}

// src/core/report/plan-status.ts
var STAGE_VIEW_STATES = ["done", "failed", "running", "ready", "blocked", "pending"];
var STATE_ICON = {
  done: "\u2705",
  failed: "\u274C",
  running: "\u{1F504}",
  ready: "\u{1F7E2}",
  blocked: "\u26D4",
  pending: "\u23F3"
};
var STATE_STYLE = {
  done: "fill:#d1f0d8,stroke:#1a7f37,color:#0b3d1a",
  failed: "fill:#ffd8d3,stroke:#cf222e,color:#5c0b0b",
  running: "fill:#d6e6ff,stroke:#0969da,color:#0a2a5c",
  ready: "fill:#fff3c4,stroke:#9a6700,color:#3d2a00",
  blocked: "fill:#e6e6e6,stroke:#6e7781,color:#24292f,stroke-dasharray:4 3",
  pending: "fill:#f6f8fa,stroke:#8c959f,color:#24292f"
};
function nodeId(stage) {
  return `s${stage}`;
}
function renderStageFlowchart(stages) {
  const known = new Set(stages.map((s) => s.number));
  const lines = ["flowchart TD"];
  for (const s of stages) {
    const label = mermaidLabel(`${s.number}. ${clip(s.title, 60)} (${s.state})`);
    lines.push(`  ${nodeId(s.number)}["${label}"]:::${s.state}`);
  }
  for (const s of stages) {
    for (const dep of s.dependsOn) if (known.has(dep)) lines.push(`  ${nodeId(dep)} --> ${nodeId(s.number)}`);
  }
  for (const state of STAGE_VIEW_STATES) {
    if (stages.some((s) => s.state === state)) lines.push(`  classDef ${state} ${STATE_STYLE[state]}`);
  }
  return `\`\`\`mermaid
${lines.join("\n")}
\`\`\``;
}
function renderPlanStatus(input) {
  const stages = [...input.stages].sort((a, b) => a.number - b.number);
  const title = input.planTitle ? ` \u2014 ${escapeInline(clip(input.planTitle, 200))}` : "";
  const counts = STAGE_VIEW_STATES.filter((st) => stages.some((s) => s.state === st)).map((st) => `${STATE_ICON[st]} ${stages.filter((s) => s.state === st).length} ${st}`).join(" \xB7 ");
  const withSpend = stages.some((s) => s.spend !== void 0);
  const rows = stages.map((s) => {
    const deps = s.dependsOn.length > 0 ? s.dependsOn.join(", ") : "\u2014";
    const detail = s.detail ? escapeInline(clip(s.detail, 300)) : "";
    const spend = withSpend ? ` ${s.spend && s.spend.runs > 0 ? formatSpend(s.spend) : "\u2014"} |` : "";
    return `| ${s.number} | ${escapeInline(clip(s.title, 120))} | ${deps} | ${STATE_ICON[s.state]} ${s.state} | ${detail} |${spend}`;
  });
  const header = withSpend ? ["| stage | title | depends on | state | detail | spend |", "| --- | --- | --- | --- | --- | --- |"] : ["| stage | title | depends on | state | detail |", "| --- | --- | --- | --- | --- |"];
  const table = stages.length === 0 ? "_The plan has no stages._" : [...header, ...rows].join("\n");
  const diagram = stages.length === 0 ? "" : `

${renderStageFlowchart(stages)}`;
  const spent = input.spend ? `

**Spent so far:** ${formatSpend(input.spend)}` : "";
  return `### okstra plan ${inlineCode(input.planId)}${title}

${counts || "No stages."}${spent}

${table}${diagram}
`;
}

// src/core/report/stage-views.ts
function stageViews(plan, state, now, spend) {
  const views = topologicalOrder(plan).map((n) => {
    const stage = stageByNumber(plan, n);
    const r = stageReadiness(plan, state, n, now);
    const base = { number: n, title: stage.title, dependsOn: stage.dependsOn, waitingOn: [] };
    switch (r.kind) {
      case "done":
        return { ...base, state: "done", detail: `head ${r.headCommit.slice(0, 12)} (run ${r.runId})` };
      case "started":
        return {
          ...base,
          state: "running",
          detail: `run ${r.runId} until ${r.leaseUntil}${r.stale ? " (lease expired)" : ""}`
        };
      case "ready":
        return r.failedBefore ? { ...base, state: "failed", detail: `${r.failedBefore.reason} in run ${r.failedBefore.runId}` } : { ...base, state: "ready" };
      case "blocked":
        return {
          ...base,
          state: "pending",
          detail: `waits for stage ${r.waitingOn.join(", ")}`,
          waitingOn: r.waitingOn
        };
    }
  });
  const byNumber = new Map(views.map((v) => [v.number, v]));
  const behindFailure = (n, seen = /* @__PURE__ */ new Set()) => {
    if (seen.has(n)) return false;
    seen.add(n);
    const v = byNumber.get(n);
    return v?.state === "failed" || (v?.waitingOn ?? []).some((d) => behindFailure(d, seen));
  };
  return views.map(({ waitingOn, ...v }) => {
    const stageSpend = spend?.get(v.number);
    return {
      ...v,
      state: v.state === "pending" && waitingOn.some((d) => behindFailure(d)) ? "blocked" : v.state,
      ...stageSpend ? { spend: stageSpend } : {}
    };
  });
}

// src/github/checks.ts
function extras(f) {
  return {
    ...f.detailsUrl ? { details_url: f.detailsUrl } : {},
    ...f.externalId ? { external_id: f.externalId } : {},
    ...f.actions ? { actions: f.actions } : {}
  };
}
async function createQueuedCheck(client, repo, c) {
  const res = await client.rest.checks.create({
    ...repo,
    name: c.name,
    head_sha: c.headSha,
    status: "queued",
    output: c.output,
    ...extras(c)
  });
  return res.data.id;
}
async function getCheckRun(client, repo, id) {
  const { data } = await client.rest.checks.get({ ...repo, check_run_id: id });
  return {
    id: data.id,
    name: data.name,
    status: data.status,
    conclusion: data.conclusion ?? null,
    headSha: data.head_sha,
    pullRequests: (data.pull_requests ?? []).map((p) => p.number)
  };
}
async function completeCheck(client, repo, target, render, c) {
  const [first, ...rest] = render.requests;
  if (!first) throw new Error("a check-run rendering has at least one request");
  const done = {
    status: "completed",
    conclusion: render.conclusion,
    completed_at: c.at.toISOString(),
    output: first.output,
    ...extras(c)
  };
  const id = "id" in target ? target.id : (await client.rest.checks.create({
    ...repo,
    name: target.create.name,
    head_sha: target.create.headSha,
    ...done
  })).data.id;
  if ("id" in target) await client.rest.checks.update({ ...repo, check_run_id: id, ...done });
  for (const more of rest) await client.rest.checks.update({ ...repo, check_run_id: id, output: more.output });
  return id;
}

// src/github/contents.ts
async function readRepoFile(client, repo, path, ref) {
  try {
    const res = await client.request("GET /repos/{owner}/{repo}/contents/{path}", {
      ...repo,
      path,
      ...ref ? { ref } : {},
      mediaType: { format: "raw" }
    });
    const data = res.data;
    if (typeof data !== "string") throw new Error(`${path} at ${ref ?? "the default branch"} is not a file`);
    return data;
  } catch (error) {
    if (httpStatus(error) === 404) return null;
    throw error;
  }
}
async function listDirectory(client, repo, path, ref) {
  try {
    const res = await client.rest.repos.getContent({ ...repo, path, ...ref ? { ref } : {} });
    if (!Array.isArray(res.data)) return [];
    return res.data.map((e) => ({ name: e.name, path: e.path, type: e.type }));
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
}

// src/github/dispatch.ts
async function dispatchWorkflow(client, repo, workflow, ref, inputs) {
  await client.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: workflow, ref, inputs });
}
async function unfinishedWorkflowRuns(client, repo, workflow) {
  const { data } = await client.rest.actions.listWorkflowRuns({ ...repo, workflow_id: workflow, per_page: 100 });
  return data.workflow_runs.filter((r) => r.status !== "completed").map((r) => ({ id: r.id, title: r.display_title, status: r.status ?? "unknown", htmlUrl: r.html_url }));
}
async function cancelWorkflowRun(client, repo, runId) {
  await client.rest.actions.cancelWorkflowRun({ ...repo, run_id: runId });
}

// src/github/ledger-api.ts
async function readLedgerRows(client, repo, branch, planId2) {
  const path = ledgerPath(planId2);
  const text = await readRepoFile(client, repo, path, branch);
  return text === null ? [] : parseLedger(text, { path, planId: planId2 });
}
async function readReportJson(client, repo, branch, path) {
  const text = await readRepoFile(client, repo, path, branch);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} on ${branch} is not valid JSON (${error.message})`, { cause: error });
  }
}

// bot/lib/launch.ts
function workflowPath(config) {
  return `.github/workflows/${config.bot.workflow}`;
}
function dispatchRef(defaultBranch, req) {
  if (!req.planFromPullRequest) return { ok: true, ref: defaultBranch, planRef: null };
  if (isFromFork(req.pr)) {
    return {
      ok: false,
      reason: `the plan ${inlineCode(req.planPath)} is added or changed by this pull request, whose branch lives in a fork; okstra runs only plans that are on this repository's branches: merge the plan first (or push the branch here).`
    };
  }
  return { ok: true, ref: defaultBranch, planRef: req.pr.headSha };
}
async function launch(deps, config, req) {
  const where = dispatchRef(deps.defaultBranch, req);
  if (!where.ok) return where;
  const path = workflowPath(config);
  const [rows, workflow] = await Promise.all([
    readLedgerRows(deps.client, deps.repo, config.ledgerBranch, req.plan.id).catch((error) => {
      if (error instanceof LedgerFormatError) return error;
      throw error;
    }),
    readRepoFile(deps.client, deps.repo, path, where.ref)
  ]);
  if (rows instanceof LedgerFormatError) {
    return {
      ok: false,
      reason: `the ledger of plan ${inlineCode(req.plan.id)} on \`${config.ledgerBranch}\` cannot be read (${inlineCode(rows.message)}); nothing was started.`
    };
  }
  const selection = selectStages(
    req.plan,
    deriveLedgerState(assessLedger(rows, { now: deps.now() }).trusted),
    req.what,
    deps.now()
  );
  if (!selection.ok) return selection;
  if (workflow === null)
    return {
      ok: false,
      reason: `the workflow ${inlineCode(path)} is not on ${inlineCode(where.ref)}; docs/bot.md shows one (\`bot.workflow\` in the config names another).`
    };
  const reset = req.what.kind === "reconcile" && req.what.reset;
  const problems = workflowProblems(workflow, reset ? ["reset"] : []);
  if (problems.length > 0)
    return { ok: false, reason: `the workflow ${inlineCode(path)} cannot be used: ${problems.join("; ")}.` };
  const runsUrl = `${deps.webUrl}/actions/workflows/${config.bot.workflow}`;
  const checkRunIds = /* @__PURE__ */ new Map();
  for (const stage of selection.stages) {
    const id = await createQueuedCheck(deps.client, deps.repo, {
      name: checkRunName(req.plan.id, stage),
      headSha: req.pr.headSha,
      detailsUrl: runsUrl,
      output: {
        title: "Queued",
        summary: `Requested by @${req.actor} (${req.origin}). Waiting for the [okstra workflow](${runsUrl}) to ${queuedWork(selection.mode, selection.stages, reset)} of plan ${inlineCode(req.plan.id)}.`
      }
    });
    checkRunIds.set(stage, id);
  }
  const inputs = dispatchInputs({
    mode: selection.mode,
    ...reset ? { reset } : {},
    planPath: req.planPath,
    planRef: where.planRef,
    stages: selection.stages,
    prNumber: req.pr.number,
    executor: req.options.executor,
    verifiers: req.options.verifiers,
    models: req.options.models,
    checkRunIds,
    trigger: req.trigger,
    actor: req.actor
  });
  try {
    await dispatchWorkflow(deps.client, deps.repo, config.bot.workflow, where.ref, inputs);
  } catch (error) {
    const why = describeApiError(error);
    for (const id of checkRunIds.values()) {
      await completeCheck(
        deps.client,
        deps.repo,
        { id },
        {
          conclusion: "failure",
          requests: [
            {
              output: {
                title: "The workflow could not be started",
                summary: `GitHub refused to dispatch ${inlineCode(path)}: ${inlineCode(why)}`,
                annotations: []
              }
            }
          ]
        },
        { at: deps.now() }
      );
    }
    return { ok: false, reason: `GitHub refused to start ${inlineCode(path)} (${inlineCode(why)}).` };
  }
  deps.log.info(
    `dispatched ${config.bot.workflow} on ${where.ref} for plan ${req.plan.id}${where.planRef ? ` at ${where.planRef.slice(0, 12)}` : ""} ${selection.mode}${reset ? " --reset" : ""} ${selection.stages.join(",")} on PR #${req.pr.number} (checks ${[...checkRunIds.values()].join(",")})`
  );
  return { ok: true, mode: selection.mode, stages: selection.stages, checkRunIds };
}
function queuedWork(mode, stages, reset) {
  switch (mode) {
    case "chain":
      return `run the chain ${stages.join(" \u2192 ")}`;
    case "stage":
      return `run stage ${stages.join(", ")}`;
    case "reconcile":
      return reset ? `put stage ${stages.join(", ")}'s moved branch back at the head its done row records` : `re-verify stage ${stages.join(", ")}'s moved branch and record its new head`;
  }
}

// src/core/plan/clarifications.ts
import { toString } from "mdast-util-to-string";

// src/core/plan/context.ts
function positionOf(context, offset) {
  return context.lines.position(offset);
}

// src/core/plan/markdown.ts
import { fromMarkdown } from "mdast-util-from-markdown";
import { frontmatterFromMarkdown } from "mdast-util-frontmatter";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { frontmatter } from "micromark-extension-frontmatter";
import { gfm } from "micromark-extension-gfm";
var options = {
  commonmark: {},
  gfm: { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] },
  frontMatter: { extensions: [frontmatter(["yaml"])], mdastExtensions: [frontmatterFromMarkdown(["yaml"])] }
};
function parseMarkdownRange(src, start, end, lines, dialect) {
  const root = fromMarkdown(src.slice(start, end), options[dialect]);
  if (start !== 0) {
    const lineShift = lines.position(start).line - 1;
    shiftPositions(root, lineShift, start);
  }
  return root.children;
}
function shiftPositions(node, lineShift, offsetShift) {
  const position = node.position;
  if (position) {
    position.start.line += lineShift;
    position.end.line += lineShift;
    if (position.start.offset !== void 0) position.start.offset += offsetShift;
    if (position.end.offset !== void 0) position.end.offset += offsetShift;
  }
  if ("children" in node) {
    for (const child of node.children) shiftPositions(child, lineShift, offsetShift);
  }
}

// src/core/plan/verbatim.ts
function verbatim(src, start, end, indent2) {
  const text = src.slice(start, end);
  if (!text.includes("\n") || indent2 === 0) return text.trim();
  const strip = new RegExp(`\\n {0,${indent2}}`, "g");
  return text.replace(strip, "\n").trim();
}
function trimBlankLines(text) {
  return text.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
}

// src/core/plan/clarifications.ts
function readClarifications(section2, context) {
  const { src, lines } = context;
  const headingEnd = section2.heading.position?.end.offset ?? 0;
  const newline = src.indexOf("\n", headingEnd);
  if (newline === -1 || newline + 1 >= section2.end) return [];
  const nodes = parseMarkdownRange(src, newline + 1, section2.end, lines, "gfm");
  const tables = nodes.filter((node) => node.type === "table");
  if (tables.length > 0) return tables.flatMap((table) => tableItems(table, context));
  return nodes.filter((node) => node.type === "list").flatMap((list2) => listItems2(list2, context));
}
var UNANSWERED = /^(?:|-|—|–|\?|tbd|todo|pending)$/i;
function answerOrNull(text) {
  const answer = text.trim();
  return UNANSWERED.test(answer.replace(/[*_]/g, "")) ? null : answer;
}
function cellText(cell, src) {
  const first = cell?.children[0];
  const last = cell?.children[cell.children.length - 1];
  if (!first?.position || !last?.position) return "";
  return src.slice(first.position.start.offset, last.position.end.offset).trim();
}
function tableColumns(table) {
  const headers = (table.children[0]?.children ?? []).map((cell) => toString(cell).trim().toLowerCase());
  const id = headers.findIndex((header) => ["#", "id", "no", "no.", "nr"].includes(header));
  const others = headers.map((_, index) => index).filter((index) => index !== id);
  const question = headers.findIndex((header) => header.includes("question"));
  const resolvedQuestion = question !== -1 ? question : others[0] ?? 0;
  const answer = headers.findIndex((header) => header.includes("answer"));
  const resolvedAnswer = answer !== -1 ? answer : others.find((index) => index !== resolvedQuestion) ?? -1;
  return { id, question: resolvedQuestion, answer: resolvedAnswer };
}
function tableItems(table, context) {
  const columns = tableColumns(table);
  return table.children.slice(1).flatMap((row) => {
    const question = cellText(row.children[columns.question], context.src);
    if (!question) return [];
    const id = columns.id === -1 ? "" : cellText(row.children[columns.id], context.src);
    return [
      {
        id: id || null,
        question,
        answer: columns.answer === -1 ? null : answerOrNull(cellText(row.children[columns.answer], context.src)),
        position: positionOf(context, row.position?.start.offset ?? 0)
      }
    ];
  });
}
var ANSWER = /^[ \t]*(?:\*\*|__)?answer(?:[ \t]*:[ \t]*(?:\*\*|__)?|(?:\*\*|__)[ \t]*:)[ \t]*/i;
function listItems2(list2, context) {
  return list2.children.flatMap((item, index) => {
    const read = readListItem(item, context);
    if (!read) return [];
    const id = list2.ordered ? String((list2.start ?? 1) + index) : null;
    return [
      {
        id,
        question: read.question,
        answer: read.answer,
        position: positionOf(context, item.position?.start.offset ?? 0)
      }
    ];
  });
}
function readListItem(item, context) {
  const { src } = context;
  const [first, ...rest] = item.children;
  if (first?.type !== "paragraph") return null;
  const paragraph = src.slice(first.position?.start.offset ?? 0, first.position?.end.offset ?? 0);
  const paragraphLines = paragraph.split("\n").map((line) => line.trim());
  const answerLine = paragraphLines.findIndex((line, index) => index > 0 && ANSWER.test(line));
  if (answerLine !== -1) {
    const answer = [
      paragraphLines[answerLine]?.replace(ANSWER, "") ?? "",
      ...paragraphLines.slice(answerLine + 1)
    ].join("\n");
    return { question: paragraphLines.slice(0, answerLine).join("\n"), answer: answerOrNull(answer) };
  }
  return { question: paragraphLines.join("\n"), answer: answerFromBlocks(rest, context) };
}
function answerFromBlocks(blocks, context) {
  const { src } = context;
  for (const block of blocks) {
    if (block.type === "paragraph") {
      const text = src.slice(block.position?.start.offset ?? 0, block.position?.end.offset ?? 0);
      if (ANSWER.test(text)) return answerOrNull(text.replace(ANSWER, ""));
    }
    if (block.type === "list") {
      for (const nested of block.children) {
        const start = nested.children[0]?.position?.start.offset;
        if (start === void 0) continue;
        const text = src.slice(start, nested.position?.end.offset ?? start);
        const match = ANSWER.exec(text);
        if (match)
          return answerOrNull(
            verbatim(
              src,
              start + match[0].length,
              nested.position?.end.offset ?? start,
              (nested.children[0]?.position?.start.column ?? 1) - 1
            )
          );
      }
    }
  }
  return null;
}

// src/core/plan/codes.ts
var PLAN_CODES = {
  frontMatterInvalidYaml: "plan/front-matter-invalid-yaml",
  frontMatterNotMapping: "plan/front-matter-not-a-mapping",
  frontMatterInvalidValue: "plan/front-matter-invalid-value",
  frontMatterUnknownKey: "plan/front-matter-unknown-key",
  unsafePlanId: "plan/unsafe-plan-id",
  missingStageMap: "plan/missing-stage-map",
  duplicateStageMap: "plan/duplicate-stage-map",
  noStages: "plan/no-stages",
  stageHeadingInvalid: "plan/stage-heading-invalid",
  stageNumberNotANumber: "plan/stage-number-not-a-number",
  stageNumberNotInteger: "plan/stage-number-not-integer",
  stageNumberNotPositive: "plan/stage-number-not-positive",
  stageTitleMissing: "plan/stage-title-missing",
  duplicateStage: "plan/duplicate-stage",
  stageOutsideStageMap: "plan/stage-outside-stage-map",
  emptyStage: "plan/empty-stage",
  unknownField: "plan/unknown-field",
  fieldNotKeyValue: "plan/field-not-key-value",
  duplicateField: "plan/duplicate-field",
  invalidDependency: "plan/invalid-dependency",
  duplicateDependency: "plan/duplicate-dependency",
  unknownDependency: "plan/unknown-dependency",
  selfDependency: "plan/self-dependency",
  dependencyCycle: "plan/dependency-cycle",
  duplicateClarificationItems: "plan/duplicate-clarification-items"
};

// src/core/plan/strongly-connected.ts
function stronglyConnectedComponents(nodes, successors) {
  const index = /* @__PURE__ */ new Map();
  const lowLink = /* @__PURE__ */ new Map();
  const onStack = /* @__PURE__ */ new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const frames = [{ node: root, next: 0 }];
    index.set(root, counter);
    lowLink.set(root, counter);
    counter++;
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const next = successors.get(frame.node) ?? [];
      if (frame.next < next.length) {
        const successor = next[frame.next++];
        if (!index.has(successor)) {
          index.set(successor, counter);
          lowLink.set(successor, counter);
          counter++;
          stack.push(successor);
          onStack.add(successor);
          frames.push({ node: successor, next: 0 });
        } else if (onStack.has(successor)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node), index.get(successor)));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent)
        lowLink.set(parent.node, Math.min(lowLink.get(parent.node), lowLink.get(frame.node)));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

// src/core/plan/dependency-graph.ts
function checkDependencies(drafts, sink) {
  const known = new Set(drafts.map((draft) => draft.stage.number));
  const successors = /* @__PURE__ */ new Map();
  const knownList = [...known].sort((a, b) => a - b).join(", ");
  for (const { stage, dependencyRefs } of drafts) {
    const edges = [];
    for (const ref of dependencyRefs) {
      if (ref.stage === stage.number) {
        sink.error(
          PLAN_CODES.selfDependency,
          ref.position,
          `stage ${stage.number} depends on itself`,
          "remove it from its own depends-on"
        );
      } else if (!known.has(ref.stage)) {
        sink.error(
          PLAN_CODES.unknownDependency,
          ref.position,
          `stage ${stage.number} depends on stage ${ref.stage}, which is not in the Stage Map`,
          `stages in this plan: ${knownList}`
        );
      } else {
        edges.push(ref.stage);
      }
    }
    successors.set(
      stage.number,
      edges.sort((a, b) => a - b)
    );
  }
  const nodes = [...known].sort((a, b) => a - b);
  for (const component of stronglyConnectedComponents(nodes, successors)) {
    if (component.length < 2) continue;
    const cycle = shortestCycle(Math.min(...component), new Set(component), successors);
    const from = drafts.find((draft) => draft.stage.number === cycle[0]);
    const ref = from?.dependencyRefs.find((candidate) => candidate.stage === cycle[1]);
    if (!from || !ref) continue;
    sink.error(
      PLAN_CODES.dependencyCycle,
      ref.position,
      `dependency cycle: ${cycle.join(" \u2192 ")} (each stage depends on the next)`,
      "a stage can only build on stages that finish before it; remove one of these dependencies"
    );
  }
}
function shortestCycle(start, component, successors) {
  const previous = /* @__PURE__ */ new Map();
  const queue = [start];
  for (let head2 = 0; head2 < queue.length; head2++) {
    const node = queue[head2];
    for (const next of successors.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== void 0 && at !== start; at = previous.get(at)) path.push(at);
        path.push(start);
        return [path[0], ...path.slice(1, -1).reverse(), start];
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

// src/core/plan/diagnostic-sink.ts
var DiagnosticSink = class {
  constructor(path) {
    this.path = path;
  }
  path;
  errors = [];
  warnings = [];
  error(code, at, message, hint) {
    this.errors.push({ severity: "error", code, message, hint, path: this.path, line: at.line, column: at.column });
  }
  warning(code, at, message, hint) {
    this.warnings.push({ severity: "warning", code, message, hint, path: this.path, line: at.line, column: at.column });
  }
};

// src/core/plan/front-matter.ts
import { isMap as isMap2, isScalar, LineCounter as LineCounter2, parseDocument as parseDocument3 } from "yaml";
var KEYS = ["id", "base", "title"];
var EMPTY = { id: null, base: null, title: null };
function readFrontMatter(node, context) {
  if (!node) return EMPTY;
  const { src, sink } = context;
  const fenceStart = node.position?.start.offset ?? 0;
  const valueStart = src.indexOf("\n", fenceStart) + 1;
  const firstLine = positionOf(context, valueStart).line;
  const lineCounter = new LineCounter2();
  const document = parseDocument3(node.value, { lineCounter, prettyErrors: false });
  const at = (offset) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: firstLine + line - 1, column: col };
  };
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      sink.error(
        PLAN_CODES.frontMatterInvalidYaml,
        at(error.pos[0]),
        `front matter is not valid YAML: ${error.message}`,
        "fix the YAML between the `---` lines, or remove the front matter"
      );
    }
    return EMPTY;
  }
  const contents = document.contents;
  if (contents === null || isScalar(contents) && contents.value === null) return EMPTY;
  if (!isMap2(contents)) {
    sink.error(
      PLAN_CODES.frontMatterNotMapping,
      at(contents.range?.[0] ?? 0),
      "front matter must be a YAML mapping of keys to values",
      "write one `key: value` per line, e.g. `id: add-login`"
    );
    return EMPTY;
  }
  const result = { id: null, base: null, title: null };
  for (const pair of contents.items) {
    const keyNode = pair.key;
    const key = isScalar(keyNode) ? String(keyNode.value) : "";
    const keyAt = at(keyNode?.range?.[0] ?? 0);
    const valueNode = pair.value;
    const value = isScalar(valueNode) ? valueNode.value : valueNode === null ? null : valueNode;
    const valueAt = valueNode?.range ? at(valueNode.range[0]) : keyAt;
    if (!KEYS.includes(key)) {
      const match = closestMatch(key.toLowerCase(), KEYS);
      const known = "known keys: `id`, `base`, `title`";
      sink.warning(
        PLAN_CODES.frontMatterUnknownKey,
        keyAt,
        `unknown front-matter key "${key}"`,
        match ? `did you mean \`${match}\`? ${known}` : known
      );
      continue;
    }
    if (value !== null && typeof value !== "string") {
      sink.error(
        PLAN_CODES.frontMatterInvalidValue,
        valueAt,
        `front-matter \`${key}\` must be a string`,
        `quote it: ${key}: "${String(isScalar(valueNode) ? valueNode.value : "\u2026")}"`
      );
      continue;
    }
    const text = value === null ? null : value.trim() || null;
    if (key === "id") result.id = text === null ? null : { value: text, position: valueAt };
    else if (key === "base") result.base = text;
    else result.title = text;
  }
  return result;
}

// src/core/plan/headings.ts
function headingContentRange(heading) {
  const first = heading.children[0];
  const last = heading.children[heading.children.length - 1];
  if (!first?.position || !last?.position) {
    const end = heading.position?.end.offset ?? 0;
    return { start: end, end };
  }
  return { start: first.position.start.offset ?? 0, end: last.position.end.offset ?? 0 };
}
function headingSource(src, heading) {
  const { start, end } = headingContentRange(heading);
  return src.slice(start, end);
}
var ATX_OPEN = /^(#{1,6})(?:[ \t]+|$)/;
var CLOSING_SEQUENCE = /[ \t]+#+[ \t]*$/;
function atxHeadingNode(src, lineStart, lines) {
  const newline = src.indexOf("\n", lineStart);
  const lineEnd2 = newline === -1 ? src.length : newline;
  const line = src.slice(lineStart, lineEnd2);
  const open = ATX_OPEN.exec(line);
  if (!open) return null;
  let content = line.slice(open[0].length);
  content = /^#+[ \t]*$/.test(content) ? "" : content.replace(CLOSING_SEQUENCE, "").replace(/[ \t]+$/, "");
  const contentStart = lineStart + open[0].length;
  const contentEnd = contentStart + content.length;
  const point2 = (offset) => ({ ...lines.position(offset), offset });
  const trailingEnd = lineStart + line.replace(/[ \t]+$/, "").length;
  return {
    type: "heading",
    depth: open[1].length,
    children: content ? [{ type: "text", value: content, position: { start: point2(contentStart), end: point2(contentEnd) } }] : [],
    position: { start: point2(lineStart), end: point2(trailingEnd) }
  };
}

// src/core/plan/open-leaf-block.ts
function swallowsNextLine(node, src, rangeEnd) {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? 0;
  const raw = src.slice(start, end);
  if (node.type === "code") return isUnclosedFence(raw);
  if (node.type === "html") return isOpenHtmlBlock(raw, src.slice(end, rangeEnd));
  return false;
}
var FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
function isUnclosedFence(raw) {
  const open = FENCE_OPEN.exec(raw);
  if (!open) return false;
  const fence = open[1];
  const lastBreak = raw.lastIndexOf("\n");
  if (lastBreak === -1) return true;
  const lastLine = raw.slice(lastBreak + 1);
  const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lastLine);
  return !(close && close[1][0] === fence[0] && close[1].length >= fence.length);
}
var TERMINATED_KINDS = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/]
];
function isOpenHtmlBlock(raw, after) {
  const lastLine = raw.slice(raw.lastIndexOf("\n") + 1);
  for (const [opener, terminator] of TERMINATED_KINDS) {
    if (opener.test(raw)) {
      const checked = raw.includes("\n") ? lastLine : raw.replace(opener, "");
      return !terminator.test(checked);
    }
  }
  return !/\n[ \t]*\n/.test(after);
}

// src/core/plan/outline.ts
function buildOutline(src, lines, strategy) {
  const bodyStart = frontMatterEnd(src);
  const firstDialect = bodyStart > 0 ? "frontMatter" : "commonmark";
  if (strategy === "whole-document") return parseMarkdownRange(src, 0, src.length, lines, firstDialect);
  const { cuts, risky } = scanLines(src, bodyStart);
  const out = [];
  let riskyAt = 0;
  let segment = 0;
  const bounds = [0, ...cuts, src.length];
  while (segment < bounds.length - 1) {
    const start = bounds[segment];
    let next = segment + 1;
    let end = bounds[next];
    if (start === end) {
      segment = next;
      continue;
    }
    const firstLineEnd = lineEnd(src, start);
    while (riskyAt < risky.length && risky[riskyAt] <= firstLineEnd) riskyAt++;
    const isRisky = segment === 0 || riskyAt < risky.length && risky[riskyAt] < end;
    const heading = segment === 0 ? null : atxHeadingNode(src, start, lines);
    if (!isRisky && heading) {
      out.push(heading);
      if (/\S/.test(src.slice(firstLineEnd, end))) out.push({ type: "opaque", start: firstLineEnd + 1, end });
      segment = next;
      continue;
    }
    const dialect = start === 0 ? firstDialect : "commonmark";
    let nodes = parseMarkdownRange(src, start, end, lines, dialect);
    while (next < bounds.length - 1 && endsInOpenLeafBlock(nodes, src, end)) {
      next++;
      end = bounds[next];
      nodes = parseMarkdownRange(src, start, end, lines, dialect);
    }
    while (riskyAt < risky.length && risky[riskyAt] < end) riskyAt++;
    out.push(...nodes);
    segment = next;
  }
  return out;
}
function materialise(nodes, src, lines) {
  const out = [];
  for (const node of nodes) {
    if (node.type === "opaque") out.push(...parseMarkdownRange(src, node.start, node.end, lines, "commonmark"));
    else out.push(node);
  }
  return out;
}
function outlineStart(node) {
  return node.type === "opaque" ? node.start : node.position?.start.offset ?? 0;
}
function endsInOpenLeafBlock(nodes, src, end) {
  const last = nodes[nodes.length - 1];
  return last !== void 0 && swallowsNextLine(last, src, end);
}
function lineEnd(src, from) {
  const newline = src.indexOf("\n", from);
  return newline === -1 ? src.length : newline;
}
function frontMatterEnd(src) {
  const match = /^---[ \t]*\n(?:[^]*?\n)?---[ \t]*(?:\n|$)/.exec(src);
  return match ? match[0].length : 0;
}
function scanLines(src, from) {
  const cuts = [];
  const risky = [];
  let fence = null;
  let previousIsText = false;
  for (let start = from; start < src.length; ) {
    const newline = src.indexOf("\n", start);
    const end = newline === -1 ? src.length : newline;
    const line = src.slice(start, end);
    if (fence) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      previousIsText = false;
    } else {
      const open = FENCE_OPEN2.exec(line);
      if (open) {
        const marker = open[1] ?? open[2];
        fence = { char: marker[0], length: marker.length };
        previousIsText = false;
      } else {
        if (CUT2.test(line)) cuts.push(start);
        else if (RISKY.test(line) || previousIsText && SETEXT_UNDERLINE.test(line)) risky.push(start);
        previousIsText = /\S/.test(line) && !ATX.test(line);
      }
    }
    start = end + 1;
  }
  return { cuts, risky };
}
var FENCE_OPEN2 = /^(`{3,})[^`]*$|^(~{3,})/;
var FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
var CUT2 = /^#{1,3}(?:[ \t]|$)/;
var ATX = /^ {0,3}#{1,6}(?:[ \t]|$)/;
var RISKY = /^(?: {0,3}(?:`{3}|~{3}|<)| {1,3}#{1,6}(?:[ \t]|$))/;
var SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

// src/core/plan/plan-id.ts
function fileStem(path) {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}
function suggestPlanId(id) {
  const slug = id.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/\.{2,}/g, ".").replace(/^[^a-z0-9]+|[-_.]+$/g, "").slice(0, 63).replace(/(?:\.lock|[-_.])+$/, "");
  return slug || "my-plan";
}
function resolvePlanId(fromFrontMatter, path, sink) {
  const id = fromFrontMatter?.value ?? fileStem(path);
  const problem = planIdProblem(id);
  if (problem) {
    const suggestion = suggestPlanId(id);
    if (fromFrontMatter) {
      sink.error(
        PLAN_CODES.unsafePlanId,
        fromFrontMatter.position,
        problem,
        `use a safe id, e.g. \`id: ${suggestion}\``
      );
    } else {
      sink.error(
        PLAN_CODES.unsafePlanId,
        { line: 1, column: 1 },
        `${problem}; it was taken from the file name`,
        `set a safe id in the front matter (\`---\` / \`id: ${suggestion}\` / \`---\`) or rename the file`
      );
    }
  }
  return id;
}

// src/core/plan/sections.ts
function findSections(outline, src, title) {
  const sections = [];
  for (let i = 0; i < outline.length; i++) {
    const node = outline[i];
    if (node.type !== "heading" || node.depth !== 2 || !title.test(headingSource(src, node))) continue;
    let next = i + 1;
    while (next < outline.length && !isSectionBoundary(outline[next])) next++;
    const after = outline[next];
    sections.push({
      heading: node,
      content: outline.slice(i + 1, next),
      end: after ? outlineStart(after) : src.length
    });
  }
  return sections;
}
function isSectionBoundary(node) {
  return node.type === "heading" && node.depth <= 2;
}

// src/core/plan/source.ts
function normaliseSource(text) {
  const withoutBom = text.charCodeAt(0) === 65279 ? text.slice(1) : text;
  return withoutBom.includes("\r") ? withoutBom.replace(/\r\n?/g, "\n") : withoutBom;
}
var LineIndex = class {
  constructor(text) {
    this.text = text;
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
      this.lineStarts.push(at + 1);
    }
  }
  text;
  lineStarts = [0];
  position(offset) {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = low + high + 1 >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }
};

// src/core/plan/stage-heading.ts
var EXAMPLE = "write the heading as `### Stage 2: Short title` (separator `:`, `\u2014`, `\u2013`, `-` or `.`)";
var STAGE_WORD = /^stage(?![\p{L}])/iu;
var NUMERIC = /^[+-]?\d+(?:\.\d+)?/;
var WORD = /^[^\s:—–.-]+/;
var SEPARATOR = /^[ \t]*([:—–.-])[ \t]*/;
function parseStageHeading(text) {
  const word = STAGE_WORD.exec(text);
  if (!word) return { kind: "not-a-stage" };
  const numberAt = word[0].length + /^\s*/.exec(text.slice(word[0].length))[0].length;
  const rest = text.slice(numberAt);
  const numeric = NUMERIC.exec(rest);
  if (!numeric) {
    const token2 = WORD.exec(rest)?.[0];
    return {
      kind: "invalid",
      problem: token2 ? {
        code: PLAN_CODES.stageNumberNotANumber,
        message: `stage number "${token2}" is not a number`,
        hint: EXAMPLE,
        at: numberAt
      } : {
        code: PLAN_CODES.stageHeadingInvalid,
        message: `stage heading "${text}" has no stage number`,
        hint: EXAMPLE,
        at: numberAt
      }
    };
  }
  const token = numeric[0];
  const value = Number(token);
  if (!Number.isSafeInteger(value) || token.includes(".")) {
    return {
      kind: "invalid",
      problem: {
        code: PLAN_CODES.stageNumberNotInteger,
        message: `stage number "${token}" is not a whole number`,
        hint: `stages are numbered 1, 2, 3, \u2026; ${EXAMPLE}`,
        at: numberAt
      }
    };
  }
  if (value <= 0) {
    return {
      kind: "invalid",
      problem: {
        code: PLAN_CODES.stageNumberNotPositive,
        message: `stage number ${token} is not positive`,
        hint: "stages are numbered from 1",
        at: numberAt
      }
    };
  }
  const afterNumber = numberAt + token.length;
  const tail2 = text.slice(afterNumber);
  const separator = SEPARATOR.exec(tail2);
  if (!separator) {
    const title2 = tail2.trim();
    if (!title2) return { kind: "stage", number: value, title: "", problem: missingTitle(value, afterNumber) };
    return {
      kind: "stage",
      number: value,
      title: title2,
      problem: {
        code: PLAN_CODES.stageHeadingInvalid,
        message: `stage ${value}: no separator between the stage number and the title`,
        hint: EXAMPLE,
        at: afterNumber
      }
    };
  }
  const title = tail2.slice(separator[0].length).trim();
  return { kind: "stage", number: value, title, problem: title ? null : missingTitle(value, afterNumber) };
}
function missingTitle(stage, at) {
  return { code: PLAN_CODES.stageTitleMissing, message: `stage ${stage} has no title`, hint: EXAMPLE, at };
}

// src/core/plan/entries.ts
function splitEntries(text, offset) {
  const entries = [];
  let entryStart = 0;
  let fence = 0;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    if (char === "`") {
      let run2 = 1;
      while (text[i + run2] === "`") run2++;
      if (fence === 0) fence = run2;
      else if (fence === run2) fence = 0;
      i += run2 - 1;
      continue;
    }
    if (i === text.length || char === "," && fence === 0) {
      const raw = text.slice(entryStart, i);
      const lead = raw.length - raw.trimStart().length;
      if (raw.trim()) entries.push({ text: raw.trim(), start: offset + entryStart + lead });
      entryStart = i + 1;
    }
  }
  return entries;
}
function unwrapCode(text) {
  const leading = /^(`+)([^]*?)\1(?!`)/.exec(text);
  if (leading) return leading[2].trim();
  return text.replace(/`/g, "").trim();
}
function isNoneValue(text) {
  return /^(?:none|\(none\)|n\/a|-|—|–)?$/i.test(text.replace(/[`*_]/g, "").trim());
}

// src/core/plan/field-keys.ts
var ALIASES = {
  "depends-on": ["depends-on", "dependencies"],
  files: ["files"],
  validation: ["validation", "validation-commands", "stage-validation"],
  "exit-contract": ["exit-contract", "stage-exit-contract"],
  rollback: ["rollback"]
};
var BY_SPELLING = new Map(
  Object.keys(ALIASES).flatMap(
    (key) => ALIASES[key].map((spelling) => [spelling, key])
  )
);
function normaliseKey(key) {
  return key.trim().toLowerCase().replace(/[\s_-]+/g, "-");
}
function canonicalFieldKey(key) {
  return BY_SPELLING.get(normaliseKey(key)) ?? null;
}
var FIELD_SPELLINGS = [...BY_SPELLING.keys()];

// src/core/plan/field-items.ts
var KEY = String.raw`[\p{L}][\p{L}\d_-]*(?:[ \t]+[\p{L}\d_-]+){0,3}`;
var BOLD_KEY = new RegExp(String.raw`^(\*\*|__)(${KEY})[ \t]*(?::\1|\1[ \t]*:)[ \t]*`, "u");
var PLAIN_KEY = new RegExp(String.raw`^(${KEY})[ \t]*:(?=[ \t\n]|$)[ \t]*`, "u");
function readFieldKey(text) {
  const bold = BOLD_KEY.exec(text);
  if (bold) return { key: bold[2].trim(), valueOffset: bold[0].length };
  const plain = PLAIN_KEY.exec(text);
  if (plain) return { key: plain[1].trim(), valueOffset: plain[0].length };
  return null;
}
function isFieldList(items) {
  if (!items[0]?.key) return false;
  return items.some(
    (item) => item.key !== null && (canonicalFieldKey(item.key) !== null || closestMatch(normaliseKey(item.key), FIELD_SPELLINGS) !== null)
  );
}
function fieldListFromNode(list2, src) {
  return {
    start: list2.position?.start.offset ?? 0,
    end: list2.position?.end.offset ?? 0,
    items: list2.children.map((item) => fieldItemFromNode(item, src))
  };
}
function fieldItemFromNode(item, src) {
  const start = item.position?.start.offset ?? 0;
  const end = item.position?.end.offset ?? 0;
  const [first, ...rest] = item.children;
  if (first?.type !== "paragraph") {
    const contentStart = first?.position?.start.offset ?? end;
    return {
      start,
      end,
      key: null,
      contentStart,
      valueStart: contentStart,
      inlineEnd: contentStart,
      codeSpans: [],
      nested: item.children,
      contentIndent: (first?.position?.start.column ?? 1) - 1
    };
  }
  const paragraphStart = first.position?.start.offset ?? start;
  const inlineEnd = first.position?.end.offset ?? end;
  const read = readFieldKey(src.slice(paragraphStart, inlineEnd));
  const valueStart = paragraphStart + (read?.valueOffset ?? 0);
  return {
    start,
    end,
    key: read?.key ?? null,
    contentStart: paragraphStart,
    valueStart,
    inlineEnd,
    codeSpans: inlineCodeAfter(first, valueStart),
    nested: rest,
    contentIndent: (first.position?.start.column ?? 1) - 1
  };
}
function inlineCodeAfter(node, from) {
  const spans = [];
  const visit = (current) => {
    if (current.type === "inlineCode") {
      const start = current.position?.start.offset ?? 0;
      if (start >= from) spans.push({ value: current.value, start, end: current.position?.end.offset ?? start });
      return;
    }
    if ("children" in current) for (const child of current.children) visit(child);
  };
  visit(node);
  return spans;
}

// src/core/plan/nested-items.ts
function nestedListItems(nested, src) {
  const items = [];
  for (const node of nested) {
    if (node.type !== "list") continue;
    for (const child of node.children) {
      const item = fieldItemFromNode(child, src);
      items.push(item, ...nestedListItems(item.nested, src));
    }
  }
  return items;
}

// src/core/plan/depends-on.ts
var STAGE_REF = /^(?:stage[ \t]*)?#?(\d+)$/i;
var HINT = "write `none`, or stage numbers separated by commas: `1, 3` or `Stage 1, Stage 3`";
function readDependsOn(item, stage, context) {
  const { src, sink } = context;
  const entries = [
    ...splitEntries(src.slice(item.valueStart, item.inlineEnd), item.valueStart),
    ...nestedListItems(item.nested, src).flatMap(
      (nested) => splitEntries(src.slice(nested.contentStart, nested.inlineEnd), nested.contentStart)
    )
  ];
  if (entries.length === 1 && isNoneValue(entries[0].text)) return [];
  const refs = [];
  const seen = /* @__PURE__ */ new Set();
  for (const entry of entries) {
    const cleaned = entry.text.replace(/[`*_]/g, "").trim();
    const match = STAGE_REF.exec(cleaned);
    const number = match ? Number(match[1]) : Number.NaN;
    const position = positionOf(context, entry.start);
    if (!Number.isSafeInteger(number) || number <= 0) {
      sink.error(
        PLAN_CODES.invalidDependency,
        position,
        `stage ${stage}: "${entry.text}" in depends-on is not a stage number`,
        HINT
      );
      continue;
    }
    if (seen.has(number)) {
      sink.warning(
        PLAN_CODES.duplicateDependency,
        position,
        `stage ${stage}: depends on stage ${number} more than once`,
        "list each stage once"
      );
      continue;
    }
    seen.add(number);
    refs.push({ stage: number, position });
  }
  return refs;
}

// src/core/plan/code-spans.ts
function findCodeSpans(text, offset) {
  const spans = [];
  let at = text.indexOf("`");
  while (at !== -1) {
    const runLength = backtickRun(text, at);
    const close = findClosingRun(text, at + runLength, runLength);
    if (close === -1) {
      at = text.indexOf("`", at + runLength);
      continue;
    }
    spans.push({
      value: codeSpanValue(text.slice(at + runLength, close)),
      start: offset + at,
      end: offset + close + runLength
    });
    at = text.indexOf("`", close + runLength);
  }
  return spans;
}
function backtickRun(text, at) {
  let end = at;
  while (text[end] === "`") end++;
  return end - at;
}
function findClosingRun(text, from, length) {
  for (let at = text.indexOf("`", from); at !== -1; ) {
    const run2 = backtickRun(text, at);
    if (run2 === length) return at;
    at = text.indexOf("`", at + run2);
  }
  return -1;
}
function codeSpanValue(raw) {
  const value = raw.replace(/\n/g, " ");
  if (value.length >= 2 && value.startsWith(" ") && value.endsWith(" ") && /[^ ]/.test(value))
    return value.slice(1, -1);
  return value;
}

// src/core/plan/fast-field-list.ts
function readSimpleFieldList(src, start, end, lines) {
  const reader = new LineReader(src, end, lines);
  let at = start;
  for (; ; ) {
    if (at >= end) return null;
    const text = reader.text(at);
    if (text.startsWith("- ") || text.startsWith("* ") || text.startsWith("+ ")) break;
    if (text.trim() !== "" && !new RegExp("^\\p{L}", "u").test(text)) return null;
    at = reader.next(at);
  }
  const marker = src[at];
  const items = [];
  for (; ; ) {
    const item = reader.item(at, 0, marker);
    if (!item) return null;
    const children = reader.nestedList(reader.next(at), 2);
    if (!children) return null;
    items.push(fieldItem(item, children.list, src));
    at = children.next;
    if (at >= end) break;
    if (reader.text(at).trim() !== "") {
      if (reader.text(at).startsWith(`${marker} `)) continue;
      return null;
    }
    while (at < end && reader.text(at).trim() === "") at = reader.next(at);
    if (at >= end) break;
    const resumed = reader.text(at);
    if (/^[ \t]/.test(resumed)) return null;
    if (resumed[0] === marker && /^.(?:[ \t]|$)/.test(resumed)) continue;
    break;
  }
  if (!isFieldList(items)) return null;
  return { start: items[0].start, end: items[items.length - 1].end, items };
}
var UNSIMPLE = /[\\<[&\t]/;
var PLAIN_START = /^(?:\*\*|__)?[\p{L}\d`"'(]/u;
var ORDERED_MARKER = /^\d{1,9}[.)](?:[ \t]|$)/;
var LineReader = class {
  constructor(src, end, lines) {
    this.src = src;
    this.end = end;
    this.lines = lines;
  }
  src;
  end;
  lines;
  text(at) {
    return this.src.slice(at, this.lineEnd(at));
  }
  next(at) {
    return this.lineEnd(at) + 1;
  }
  /** `<indent spaces><marker> <simple content>`, or null. */
  item(at, indent2, marker) {
    const line = this.text(at);
    const contentAt = indent2 + 2;
    if (line.length <= contentAt || line[indent2] !== marker || line[indent2 + 1] !== " " || line[contentAt] === " ")
      return null;
    if (indent2 > 0 && line.slice(0, indent2).trim() !== "") return null;
    const content = line.slice(contentAt).replace(/[ \t]+$/, "");
    if (UNSIMPLE.test(content) || ORDERED_MARKER.test(content)) return null;
    if (!readFieldKey(content) && !PLAIN_START.test(content)) return null;
    return { start: at + indent2, contentStart: at + contentAt, contentEnd: at + contentAt + content.length };
  }
  /**
   * A list indented by exactly `indent` spaces starting at `at`, with its own
   * nested lists; `list` is null when the line at `at` is not indented at all.
   * Returns null (give up) on any other indented line.
   */
  nestedList(at, indent2) {
    if (this.indentation(at) < indent2) return { list: null, next: at };
    const marker = this.text(at)[indent2];
    if (marker !== "-" && marker !== "*" && marker !== "+") return null;
    const children = [];
    while (this.indentation(at) >= indent2) {
      const item = this.item(at, indent2, marker);
      if (!item) return null;
      const nested = this.nestedList(this.next(at), indent2 + 2);
      if (!nested) return null;
      children.push(this.listItemNode(item, nested.list));
      at = nested.next;
    }
    const first = children[0];
    const last = children[children.length - 1];
    return {
      list: {
        type: "list",
        ordered: false,
        start: null,
        spread: false,
        children,
        position: { start: point(first), end: endPoint(last) }
      },
      next: at
    };
  }
  /** Leading spaces of a non-blank line; -1 past the end or for a blank line, Infinity for a tab (never simple). */
  indentation(at) {
    if (at >= this.end) return -1;
    const text = this.text(at);
    if (text.trim() === "") return -1;
    const spaces = /^ */.exec(text)?.[0].length ?? 0;
    return text[spaces] === "	" ? Number.POSITIVE_INFINITY : spaces;
  }
  listItemNode(item, nested) {
    const paragraph = this.paragraphNode(item.contentStart, item.contentEnd);
    const children = nested ? [paragraph, nested] : [paragraph];
    return {
      type: "listItem",
      spread: false,
      checked: null,
      children,
      position: { start: this.point(item.start), end: endPoint(nested ?? paragraph) }
    };
  }
  /** Text and inline code only: the field readers look at nothing else. */
  paragraphNode(start, end) {
    const children = [];
    let at = start;
    for (const span of findCodeSpans(this.src.slice(start, end), start)) {
      if (span.start > at) children.push(this.textNode(at, span.start));
      const code = {
        type: "inlineCode",
        value: span.value,
        position: { start: this.point(span.start), end: this.point(span.end) }
      };
      children.push(code);
      at = span.end;
    }
    if (end > at) children.push(this.textNode(at, end));
    return { type: "paragraph", children, position: { start: this.point(start), end: this.point(end) } };
  }
  textNode(start, end) {
    return {
      type: "text",
      value: this.src.slice(start, end),
      position: { start: this.point(start), end: this.point(end) }
    };
  }
  point(offset) {
    return { ...this.lines.position(offset), offset };
  }
  lineEnd(at) {
    const newline = this.src.indexOf("\n", at);
    return newline === -1 || newline > this.end ? this.end : newline;
  }
};
function point(node) {
  return { ...node.position?.start ?? { line: 1, column: 1 } };
}
function endPoint(node) {
  return { ...node.position?.end ?? { line: 1, column: 1 } };
}
function fieldItem(item, nested, src) {
  const content = src.slice(item.contentStart, item.contentEnd);
  const read = readFieldKey(content);
  const valueStart = item.contentStart + (read?.valueOffset ?? 0);
  return {
    start: item.start,
    end: nested?.position?.end.offset ?? item.contentEnd,
    key: read?.key ?? null,
    contentStart: item.contentStart,
    valueStart,
    inlineEnd: item.contentEnd,
    codeSpans: findCodeSpans(content.slice(read?.valueOffset ?? 0), valueStart),
    nested: nested ? [nested] : [],
    contentIndent: 2
  };
}

// src/core/plan/files-field.ts
function readFiles(item, context) {
  const { src } = context;
  const entries = splitEntries(src.slice(item.valueStart, item.inlineEnd), item.valueStart).map((entry) => entry.text);
  for (const nested of nestedListItems(item.nested, src))
    entries.push(src.slice(nested.contentStart, nested.inlineEnd).trim());
  const files = [];
  for (const entry of entries) {
    if (isNoneValue(entry)) continue;
    const file = unwrapCode(entry);
    if (file) files.push(file);
  }
  return files;
}

// src/core/plan/validation-field.ts
var PHASES = /* @__PURE__ */ new Set(["pre", "main", "post"]);
function readValidation(item, context) {
  const commands = inlineCommands(item.valueStart, item.inlineEnd, item.codeSpans, "main", context);
  commands.push(...blockCommands(item.nested, "main", context));
  return commands;
}
function blockCommands(nodes, phase, context) {
  const commands = [];
  for (const node of nodes) {
    if (node.type === "list") {
      for (const child of node.children) {
        const nested = fieldItemFromNode(child, context.src);
        const group = nested.key?.toLowerCase();
        if (group !== void 0 && PHASES.has(group)) {
          commands.push(
            ...inlineCommands(nested.valueStart, nested.inlineEnd, nested.codeSpans, group, context)
          );
          commands.push(...blockCommands(nested.nested, group, context));
        } else {
          commands.push(...inlineCommands(nested.contentStart, nested.inlineEnd, nested.codeSpans, phase, context));
        }
      }
    } else if (node.type === "code") {
      commands.push(...codeBlockCommands(node, phase, context));
    } else if (node.type === "paragraph") {
      const start = node.position?.start.offset ?? 0;
      commands.push(
        ...inlineCommands(start, node.position?.end.offset ?? start, inlineCodeAfter(node, start), phase, context)
      );
    }
  }
  return commands;
}
function inlineCommands(start, end, spans, phase, context) {
  if (spans.length > 0) {
    return spans.filter((span) => span.value.trim()).map((span) => ({ cmd: span.value.trim(), phase, position: positionOf(context, span.start) }));
  }
  const commands = [];
  let lineStart = start;
  for (const line of context.src.slice(start, end).split("\n")) {
    const cmd = line.trim();
    if (cmd && !isNoneValue(cmd))
      commands.push({ cmd, phase, position: positionOf(context, lineStart + line.indexOf(cmd)) });
    lineStart += line.length + 1;
  }
  return commands;
}
function codeBlockCommands(node, phase, context) {
  const start = node.position?.start.offset ?? 0;
  const fenced = /^ {0,3}(?:`{3}|~{3})/.test(context.src.slice(start, start + 6));
  const firstLine = (node.position?.start.line ?? 1) + (fenced ? 1 : 0);
  const indent2 = (node.position?.start.column ?? 1) - 1;
  const commands = [];
  node.value.split("\n").forEach((line, index) => {
    const cmd = line.trim();
    if (!cmd || cmd.startsWith("#")) return;
    commands.push({ cmd, phase, position: { line: firstLine + index, column: indent2 + line.indexOf(cmd) + 1 } });
  });
  return commands;
}

// src/core/plan/stage.ts
var KNOWN_FIELDS = "known fields: `depends-on`, `files`, `validation`, `exit contract`, `rollback`";
function readStage(source, context) {
  const { src } = context;
  const headingStart = source.heading.position?.start.offset ?? 0;
  const headingEnd = source.heading.position?.end.offset ?? headingStart;
  const fieldList = findFieldList(source.content, context);
  const body = fieldList ? [src.slice(headingEnd, fieldList.start), src.slice(fieldList.end, source.end)].map(trimBlankLines).filter(Boolean).join("\n\n") : trimBlankLines(src.slice(headingEnd, source.end));
  const stage = {
    number: source.number,
    title: source.title,
    dependsOn: [],
    files: [],
    validation: [],
    exitContract: null,
    rollback: null,
    extraFields: {},
    body,
    section: src.slice(headingStart, source.end).trimEnd(),
    position: positionOf(context, headingStart),
    fieldPositions: {}
  };
  const dependencyRefs = fieldList ? readFields(fieldList.items, stage, context) : [];
  if (!fieldList && body === "") {
    context.sink.error(
      PLAN_CODES.emptyStage,
      stage.position,
      `stage ${stage.number} is empty: it has no fields and no body`,
      "describe the work under the heading, starting with a field list such as `- **Depends-on:** none`"
    );
  }
  return { stage, dependencyRefs };
}
function findFieldList(content, context) {
  const only = content.length === 1 ? content[0] : void 0;
  if (only?.type === "opaque") {
    const fast = readSimpleFieldList(context.src, only.start, only.end, context.lines);
    if (fast) return fast;
  }
  for (const node of materialise(content, context.src, context.lines)) {
    if (node.type !== "list" || node.ordered) continue;
    const list2 = fieldListFromNode(node, context.src);
    if (isFieldList(list2.items)) return list2;
  }
  return null;
}
function readFields(items, stage, context) {
  const { src, sink } = context;
  let refs = [];
  const seen = /* @__PURE__ */ new Map();
  for (const item of items) {
    const at = positionOf(context, item.start);
    if (item.key === null) {
      sink.warning(
        PLAN_CODES.fieldNotKeyValue,
        at,
        `stage ${stage.number}: this item of the field list is not a \`key: value\` field and is ignored`,
        "write it as `- key: value`, or move it below the field list, after a paragraph, so it becomes part of the body"
      );
      continue;
    }
    const normalised = normaliseKey(item.key);
    const canonical = canonicalFieldKey(item.key);
    const identity = canonical ?? normalised;
    const firstLine = seen.get(identity);
    if (firstLine !== void 0) {
      sink.error(
        PLAN_CODES.duplicateField,
        at,
        `stage ${stage.number}: field "${item.key}" is given twice (first on line ${firstLine}); this one is ignored`,
        "merge the two values into one field"
      );
      continue;
    }
    seen.set(identity, at.line);
    if (!canonical) {
      const match = closestMatch(normalised, FIELD_SPELLINGS);
      sink.warning(
        PLAN_CODES.unknownField,
        at,
        `stage ${stage.number}: unknown field "${item.key}"`,
        match ? `did you mean \`${match}\`? ${KNOWN_FIELDS}; unknown fields are kept as extra fields` : `${KNOWN_FIELDS}; unknown fields are kept as extra fields`
      );
      stage.extraFields[item.key] = verbatim(src, item.valueStart, item.end, item.contentIndent);
      continue;
    }
    stage.fieldPositions[canonical] = at;
    refs = applyField(canonical, item, stage, context) ?? refs;
  }
  return refs;
}
function applyField(key, item, stage, context) {
  switch (key) {
    case "depends-on": {
      const refs = readDependsOn(item, stage.number, context);
      stage.dependsOn = refs.map((ref) => ref.stage);
      return refs;
    }
    case "files":
      stage.files = readFiles(item, context);
      return void 0;
    case "validation":
      stage.validation = readValidation(item, context);
      return void 0;
    case "exit-contract":
      stage.exitContract = verbatim(context.src, item.valueStart, item.end, item.contentIndent) || null;
      return void 0;
    case "rollback":
      stage.rollback = verbatim(context.src, item.valueStart, item.end, item.contentIndent) || null;
      return void 0;
  }
}

// src/core/plan/stage-map.ts
function readStageMap(section2, context) {
  const { src, sink } = context;
  const drafts = [];
  const firstLine = /* @__PURE__ */ new Map();
  const content = section2.content;
  for (let i = 0; i < content.length; i++) {
    const node = content[i];
    if (node.type !== "heading" || node.depth !== 3) continue;
    let next = i + 1;
    while (next < content.length && !isStageBoundary(content[next])) next++;
    const after = content[next];
    const end = after ? outlineStart(after) : section2.end;
    const parsed = parseStageHeading(headingSource(src, node));
    if (parsed.kind === "not-a-stage") continue;
    if (parsed.problem) {
      const at = positionOf(context, headingContentRange(node).start + parsed.problem.at);
      sink.error(parsed.problem.code, at, parsed.problem.message, parsed.problem.hint);
    }
    if (parsed.kind === "invalid") continue;
    const draft = readStage(
      { heading: node, number: parsed.number, title: parsed.title, content: content.slice(i + 1, next), end },
      context
    );
    const first = firstLine.get(parsed.number);
    if (first !== void 0) {
      sink.error(
        PLAN_CODES.duplicateStage,
        draft.stage.position,
        `stage ${parsed.number} is defined twice (first at line ${first}); this definition is ignored`,
        "give each stage its own number, or merge the two sections"
      );
      continue;
    }
    firstLine.set(parsed.number, draft.stage.position.line);
    drafts.push(draft);
  }
  if (drafts.length === 0 && !content.some(
    (node) => node.type === "heading" && node.depth === 3 && parseStageHeading(headingSource(src, node)).kind !== "not-a-stage"
  )) {
    sink.error(
      PLAN_CODES.noStages,
      positionOf(context, outlineStart(section2.heading)),
      "the Stage Map has no stages",
      "add stages as level-3 headings under it, e.g. `### Stage 1: Schema`"
    );
  }
  return drafts;
}
function warnStrayStages(outline, stageMap, context) {
  const inside = new Set(stageMap?.content ?? []);
  for (const node of outline) {
    if (node.type !== "heading" || node.depth !== 3 || inside.has(node)) continue;
    const parsed = parseStageHeading(headingSource(context.src, node));
    if (parsed.kind !== "stage") continue;
    context.sink.warning(
      PLAN_CODES.stageOutsideStageMap,
      positionOf(context, outlineStart(node)),
      `stage ${parsed.number} is outside the Stage Map section and will not be run`,
      "move it under the `## Stage Map` heading"
    );
  }
}
function isStageBoundary(node) {
  return node.type === "heading" && node.depth <= 3;
}

// src/core/plan/parse-plan.ts
var STAGE_MAP = /stage map/i;
var CLARIFICATIONS = /clarification items/i;
var STAGE_MAP_HINT = "add a `## Stage Map` section with one `### Stage <N>: <title>` heading per stage";
function parsePlan(text, options2) {
  return parsePlanWith(text, options2, "segmented");
}
function parsePlanWith(text, options2, strategy) {
  const src = normaliseSource(text);
  const lines = new LineIndex(src);
  const sink = new DiagnosticSink(options2.path);
  const context = { src, lines, sink };
  const outline = buildOutline(src, lines, strategy);
  const frontMatter = readFrontMatter(outline[0]?.type === "yaml" ? outline[0] : void 0, context);
  const id = resolvePlanId(frontMatter.id, options2.path, sink);
  const title = frontMatter.title ?? firstLevelOneHeading(outline, src);
  const stageMaps = findSections(outline, src, STAGE_MAP);
  const [stageMap, ...extraStageMaps] = stageMaps;
  if (!stageMap) reportMissingStageMap(outline, context);
  for (const extra of extraStageMaps) {
    sink.error(
      PLAN_CODES.duplicateStageMap,
      positionOf(context, outlineStart(extra.heading)),
      `a second Stage Map section (the first is at line ${positionOf(context, outlineStart(stageMap?.heading ?? extra.heading)).line}); it is ignored`,
      "keep one Stage Map section and move all stages into it"
    );
  }
  const drafts = stageMap ? readStageMap(stageMap, context) : [];
  if (stageMap) warnStrayStages(outline, stageMap, context);
  checkDependencies(drafts, sink);
  const [clarificationSection, ...extraClarifications] = findSections(outline, src, CLARIFICATIONS);
  for (const extra of extraClarifications) {
    sink.warning(
      PLAN_CODES.duplicateClarificationItems,
      positionOf(context, outlineStart(extra.heading)),
      "a second Clarification Items section; it is ignored",
      "keep all clarification items in one section"
    );
  }
  const clarifications = clarificationSection ? readClarifications(clarificationSection, context) : [];
  return {
    plan: {
      id,
      title,
      base: frontMatter.base,
      path: options2.path,
      stages: drafts.map((draft) => draft.stage),
      clarifications
    },
    errors: sortDiagnostics(sink.errors),
    warnings: sortDiagnostics(sink.warnings)
  };
}
function firstLevelOneHeading(outline, src) {
  for (const node of outline) {
    if (node.type === "heading" && node.depth === 1) return headingSource(src, node).trim() || null;
  }
  return null;
}
function reportMissingStageMap(outline, context) {
  const misplaced = outline.find((node) => node.type === "heading" && STAGE_MAP.test(headingSource(context.src, node)));
  if (misplaced?.type === "heading") {
    context.sink.error(
      PLAN_CODES.missingStageMap,
      positionOf(context, outlineStart(misplaced)),
      `no Stage Map section: "${headingSource(context.src, misplaced)}" is a level-${misplaced.depth} heading, the Stage Map must be level 2`,
      `write it as \`## ${headingSource(context.src, misplaced)}\``
    );
    return;
  }
  context.sink.error(
    PLAN_CODES.missingStageMap,
    { line: 1, column: 1 },
    "no Stage Map section: the plan has no stages",
    STAGE_MAP_HINT
  );
}

// bot/lib/plans.ts
function isPlanFile(path, plansDir) {
  const dir = plansDir.replace(/^\.\/+/, "").replace(/\/+$/, "");
  return path.startsWith(`${dir}/`) && path.endsWith(".md") && !path.slice(dir.length + 1).includes("/");
}
var list = (paths) => paths.map((p) => inlineCode(p)).join(", ");
async function resolvePlan(deps, config, pr, changed, wanted) {
  const touched = changed.filter((f) => f.status !== "removed" && isPlanFile(f.path, config.plansDir)).map((f) => f.path);
  const at = (path) => touched.includes(path) ? { ref: pr.headSha, fromPullRequest: true } : { ref: deps.defaultBranch, fromPullRequest: false };
  if (wanted !== null) {
    const named2 = `${config.plansDir.replace(/\/+$/, "")}/${wanted}.md`;
    const first = [.../* @__PURE__ */ new Set([...touched, named2])];
    for (const path of first) {
      const read = await readPlan(deps, path, at(path));
      if (read?.ok && read.plan.id === wanted) return read;
      if (read && !read.ok && path === named2) return read;
    }
    const others = (await plansOnDefaultBranch(deps, config)).filter((p) => !first.includes(p));
    for (const path of others) {
      const read = await readPlan(deps, path, at(path));
      if (read?.ok && read.plan.id === wanted) return read;
    }
    return {
      ok: false,
      reason: `there is no plan with the id ${inlineCode(wanted)} in ${inlineCode(config.plansDir)} (on \`${deps.defaultBranch}\` or changed by this pull request).`
    };
  }
  if (touched.length > 1)
    return {
      ok: false,
      reason: `this pull request changes several plans (${list(touched)}); say which one with \`--plan ID\`.`
    };
  if (touched.length === 1)
    return await readPlan(deps, touched[0], at(touched[0])) ?? {
      ok: false,
      reason: `the plan ${inlineCode(touched[0])} could not be read.`
    };
  const all = await plansOnDefaultBranch(deps, config);
  if (all.length === 0)
    return {
      ok: false,
      reason: `there are no plans in ${inlineCode(config.plansDir)} on \`${deps.defaultBranch}\`, and this pull request adds none.`
    };
  if (all.length > 1)
    return {
      ok: false,
      reason: `there are several plans in ${inlineCode(config.plansDir)} (${list(all)}) and this pull request changes none of them; say which one with \`--plan ID\`.`
    };
  return await readPlan(deps, all[0], at(all[0])) ?? {
    ok: false,
    reason: `the plan ${inlineCode(all[0])} could not be read.`
  };
}
async function plansOnDefaultBranch(deps, config) {
  const entries = await listDirectory(deps.client, deps.repo, config.plansDir.replace(/\/+$/, ""), deps.defaultBranch);
  return entries.filter((e) => e.type === "file" && isPlanFile(e.path, config.plansDir)).map((e) => e.path).sort();
}
async function readPlan(deps, path, where) {
  if (!isSafeRepoPath(path))
    return {
      ok: false,
      reason: `the plan file name ${inlineCode(path)} has characters okstra does not pass to a workflow (use letters, digits, ".", "_", "-" and "/").`
    };
  const text = await readRepoFile(deps.client, deps.repo, path, where.ref);
  if (text === null) return null;
  const result = parsedPlan(path, text);
  if (!result.plan || result.errors.length > 0) {
    const first = result.errors[0];
    return {
      ok: false,
      reason: `${inlineCode(path)} is not a valid plan (${result.errors.length} error${result.errors.length === 1 ? "" : "s"}${first ? `; first: line ${first.line}: ${escapeInline(first.message)}` : ""}); \`okstra plan validate\` lists them all.`
    };
  }
  return { ok: true, plan: result.plan, path, fromPullRequest: where.fromPullRequest };
}
var PARSED = /* @__PURE__ */ new Map();
var PARSED_LIMIT = 32;
function parsedPlan(path, text) {
  const key = `${path}\0${text}`;
  const hit = PARSED.get(key);
  if (hit) {
    PARSED.delete(key);
    PARSED.set(key, hit);
    return hit;
  }
  const result = parsePlan(text, { path });
  PARSED.set(key, result);
  if (PARSED.size > PARSED_LIMIT) PARSED.delete(PARSED.keys().next().value);
  return result;
}

// src/github/comments.ts
async function upsertStickyComment(client, repo, prNumber, body, isOurs) {
  const comments = await client.paginate(client.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100
  });
  const existing = comments.find((c) => typeof c.body === "string" && isOurs(c.body));
  if (existing) {
    await client.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
    return { id: existing.id, action: "updated" };
  }
  const created = await client.rest.issues.createComment({ ...repo, issue_number: prNumber, body });
  return { id: created.data.id, action: "created" };
}

// bot/lib/results.ts
var FIX_ACTION = {
  label: "Fix run",
  description: "Run this stage again on its branch",
  identifier: "fix"
};
async function completeWorkflowRun(deps, run2) {
  const untrusted = untrustedRunReason(run2.origin);
  if (untrusted !== null) {
    deps.log.debug(`ignored workflow run ${run2.id} (${run2.path}): ${untrusted}`);
    return { completed: [] };
  }
  const named2 = parseRunTitle(run2.title);
  if (!named2) return { completed: [] };
  const config = await configOrDefaults(deps);
  if (run2.path !== workflowPath(config)) {
    deps.log.debug(`ignored workflow run ${run2.id}: it is a run of ${run2.path}, not of ${workflowPath(config)}`);
    return { completed: [] };
  }
  const failures = [];
  const checks = [];
  for (const id of named2.checkRunIds) {
    try {
      const check2 = await getCheckRun(deps.client, deps.repo, id);
      const parsed = parseCheckRunName(check2.name);
      if (parsed) checks.push({ check: check2, ...parsed });
      else
        deps.log.warn(
          `workflow run ${run2.id} names check run ${id} (${check2.name}), which is not an okstra stage check; left alone`
        );
    } catch (error) {
      failures.push(`check run ${id}: ${describeApiError(error)}`);
    }
  }
  const results = await collectResults(deps, config, run2, checks);
  const failedStage = results.find((r) => r.report && r.report.verdict.value !== "PASS")?.stage ?? null;
  const completed = [];
  for (const r of results) {
    try {
      if (r.report) {
        await publishReport(deps, config, run2, r.check.id, r.report, named2.prNumber);
        completed.push(r.check.id);
        continue;
      }
      if (r.check.status === "completed" && r.row === null) continue;
      const ending = endingWithoutReport({
        stage: r.stage,
        workflowConclusion: run2.conclusion,
        logsUrl: run2.htmlUrl,
        row: r.row,
        failedStage
      });
      const summary = r.reportProblem ? `${ending.summary}

The stored report could not be used: ${inlineCode(r.reportProblem)}` : ending.summary;
      await completeCheck(
        deps.client,
        deps.repo,
        { id: r.check.id },
        { conclusion: ending.conclusion, requests: [{ output: { title: ending.title, summary, annotations: [] } }] },
        {
          at: deps.now(),
          detailsUrl: run2.htmlUrl,
          ...r.row ? { externalId: r.row.run_id } : {},
          ...ending.conclusion === "failure" ? { actions: [FIX_ACTION] } : {}
        }
      );
      completed.push(r.check.id);
    } catch (error) {
      failures.push(`check run ${r.check.id} (stage ${r.stage}): ${describeApiError(error)}`);
    }
  }
  deps.log.info(
    `workflow run ${run2.id} (${run2.conclusion ?? "no conclusion"}): completed check run(s) ${completed.join(", ") || "none"}`
  );
  if (failures.length > 0) throw new Error(`workflow run ${run2.id}: ${failures.join("; ")}`);
  return { completed };
}
async function configOrDefaults(deps) {
  const load = await loadConfig(deps.readConfig);
  if (load.ok) return load.config;
  deps.log.warn(`config invalid (${load.errors.join("; ")}); completing checks with the default settings`);
  return ConfigSchema.parse({});
}
async function collectResults(deps, config, run2, checks) {
  const prefix = `gh-${run2.id}-${run2.attempt}-`;
  const rowsByPlan = /* @__PURE__ */ new Map();
  const results = [];
  for (const c of checks) {
    if (!rowsByPlan.has(c.planId)) {
      try {
        rowsByPlan.set(
          c.planId,
          (await readLedgerRows(deps.client, deps.repo, config.ledgerBranch, c.planId)).filter(
            (r) => r.run_id.startsWith(prefix)
          )
        );
      } catch (error) {
        rowsByPlan.set(c.planId, `the ledger could not be read: ${describeApiError(error)}`);
      }
    }
    const rows = rowsByPlan.get(c.planId);
    if (typeof rows === "string") {
      results.push({ ...c, row: null, report: null, reportProblem: rows });
      continue;
    }
    const row = rows.filter((r) => r.stage === c.stage).at(-1) ?? null;
    const path = row && row.status !== "started" ? row.report_path ?? null : null;
    if (!path) {
      results.push({ ...c, row, report: null, reportProblem: null });
      continue;
    }
    const { report, problem } = await readReport(deps, config, path);
    results.push({ ...c, row, report, reportProblem: problem });
  }
  return results;
}
async function readReport(deps, config, path) {
  try {
    const json2 = await readReportJson(deps.client, deps.repo, config.ledgerBranch, path);
    if (json2 === null) return { report: null, problem: `${path} is not on ${config.ledgerBranch}` };
    const checked = checkFinalReport(json2);
    if (!checked.ok)
      return {
        report: null,
        problem: `${path} does not match the report schema (${checked.problems.slice(0, 3).map(formatSchemaProblem).join("; ")})`
      };
    return { report: checked.value, problem: null };
  } catch (error) {
    return { report: null, problem: describeApiError(error) };
  }
}
async function publishReport(deps, config, run2, checkId, report, prNumber) {
  const fullReportUrl = `${deps.webUrl}/blob/${config.ledgerBranch}/${reportPath(report.plan.id, report.stage.number, report.run.id, "md")}`;
  const render = renderCheckRun(report, { fullReportUrl });
  await completeCheck(deps.client, deps.repo, { id: checkId }, render, {
    at: deps.now(),
    detailsUrl: run2.htmlUrl,
    externalId: report.run.id,
    actions: render.conclusion === "failure" ? [FIX_ACTION] : []
  });
  const body = renderComment(report, { fullReportUrl }).body;
  const res = await upsertStickyComment(
    deps.client,
    deps.repo,
    prNumber,
    body,
    (b) => isReportComment(b, report.plan.id, report.stage.number)
  );
  deps.log.info(
    `report comment for plan ${report.plan.id} stage ${report.stage.number} ${res.action} on PR #${prNumber}`
  );
}

// bot/lib/rerun.ts
async function handleCheckRerun(deps, ev) {
  const named2 = parseCheckRunName(ev.checkName);
  if (!named2) return "not-ours";
  if (ev.actionIdentifier !== null && ev.actionIdentifier !== FIX_ACTION.identifier) return "not-ours";
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored a re-run of ${ev.checkName} requested by bot account ${ev.sender.login}`);
    return "ignored-bot";
  }
  return rerunStages(
    deps,
    { headSha: ev.headSha, pullRequests: ev.pullRequests, sender: ev.sender, what: `re-run of ${ev.checkName}` },
    [{ ...named2, checkUrl: ev.checkUrl }]
  );
}
var named = (t) => `stage ${t.stage} of plan \`${t.planId}\` ([check](${t.checkUrl}))`;
async function rerunStages(deps, req, targets) {
  const number = req.pullRequests[0] ?? (await pullRequestsForCommit(deps.client, deps.repo, req.headSha))[0];
  if (number === void 0) {
    deps.log.warn(`${req.what} on ${req.headSha}: no open pull request has that commit; nothing to do`);
    return "no-pull-request";
  }
  const answer = (refusals) => {
    const [only] = refusals;
    const body = refusals.length === 1 && only ? `okstra did not re-run ${only[0] ? named(only[0]) : targets.map(named).join(", ")}: ${only[1]}` : [
      "okstra did not re-run:",
      "",
      ...refusals.map(([t, why]) => `- ${t ? named(t) : targets.map(named).join(", ")}: ${why}`)
    ].join("\n");
    return postComment(deps.client, deps.repo, number, `@${req.sender.login} ${body}`);
  };
  const refuseAll = async (why) => {
    await answer([[targets.length === 1 ? targets[0] : null, why]]);
    return "refused";
  };
  const act = async () => {
    const [load, role] = await Promise.all([loadConfig(deps.readConfig), senderRole(deps, req.sender.login)]);
    if (!load.ok)
      return refuseAll(
        `its configuration on \`${deps.defaultBranch}\` is invalid: ${load.errors.map(escapeInline).join("; ")}`
      );
    const config = load.config;
    const gate = roleGate(config, req.sender.login, role);
    if (!gate.ok) return refuseAll(gate.reason);
    const [pr, files] = await Promise.all([
      pullRequestFacts(deps.client, deps.repo, number),
      changedFiles(deps.client, deps.repo, number)
    ]);
    const open = pullRequestGate(config, pr);
    if (!open.ok) return refuseAll(open.reason);
    const refusals = [];
    let launched = false;
    for (const target of targets) {
      const plan = await resolvePlan(deps, config, pr, files, target.planId);
      if (!plan.ok) {
        refusals.push([target, plan.reason]);
        continue;
      }
      const outcome = await launch(deps, config, {
        pr,
        plan: plan.plan,
        planPath: plan.path,
        planFromPullRequest: plan.fromPullRequest,
        what: { kind: "stage", stage: target.stage },
        options: { executor: null, verifiers: null, models: {} },
        trigger: "rerequest",
        actor: req.sender.login,
        origin: `re-run of [the stage's check](${target.checkUrl})`
      });
      if (outcome.ok) launched = true;
      else refusals.push([target, outcome.reason]);
    }
    if (refusals.length > 0) await answer(refusals);
    return launched ? "launched" : "refused";
  };
  try {
    return await act();
  } catch (error) {
    deps.log.error(`${req.what}: ${describeApiError(error)}`);
    return refuseAll(`okstra could not finish: ${inlineCode(describeApiError(error))}.`);
  }
}

// src/github/client.ts
import { GitHub, getOctokitOptions } from "@actions/github/lib/utils";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
var OkstraOctokit = GitHub.plugin(retry, throttling);
var TRANSPORT_KEYS = /* @__PURE__ */ new Set(["headers", "request", "baseUrl", "method", "mediaType"]);
function scrubRequests(client, scrub, learn) {
  client.hook.wrap("request", async (request, options2) => {
    await learn?.({ method: String(options2.method), url: String(options2.url) });
    const fields = options2;
    for (const [key, value] of Object.entries(fields)) if (!TRANSPORT_KEYS.has(key)) fields[key] = scrub.deep(value);
    return request(options2);
  });
}

// bot/lib/secrets.ts
function appSecrets(env, readKeyFile2) {
  const out = [];
  const key = env.PRIVATE_KEY?.trim();
  if (key) {
    out.push(key, key.replace(/\\n/g, "\n").trim());
    if (/^[A-Za-z0-9+/=\s]+$/.test(key)) {
      const decoded = Buffer.from(key, "base64").toString("utf8");
      if (decoded.includes("-----BEGIN")) out.push(decoded);
    }
  }
  const path = env.PRIVATE_KEY_PATH?.trim();
  if (path) {
    const file = readKeyFile2(path);
    if (file) out.push(file);
  }
  for (const name of ["WEBHOOK_SECRET", "GITHUB_CLIENT_SECRET"]) {
    const value = env[name]?.trim();
    if (value) out.push(value);
  }
  return [...new Set(out)];
}
var scrubbing = /* @__PURE__ */ new WeakSet();
function scrubDeliveryRequests(client, app2) {
  if (scrubbing.has(client)) return;
  scrubbing.add(client);
  const own = new Scrubber();
  scrubRequests(client, { deep: (value) => own.deep(app2.deep(value)) }, async ({ url }) => {
    if (own.size > 0 || url.startsWith("/app")) return;
    const auth = await client.auth({ type: "installation" }).catch(() => null);
    const token = auth !== null && typeof auth === "object" && "token" in auth ? auth.token : null;
    if (typeof token === "string") own.add(token);
  });
}

// bot/handlers/deps.ts
function botDeps(context, repository, env) {
  const repo = { owner: repository.owner.login, repo: repository.name };
  scrubDeliveryRequests(context.octokit, env.scrub);
  return {
    client: context.octokit,
    repo,
    webUrl: repository.html_url,
    defaultBranch: repository.default_branch,
    now: env.now,
    log: context.log,
    // Probot's config loader: the default branch, the owner's `.github` repository as fallback, `_extends`.
    readConfig: async (path) => {
      const { config, files } = await context.octokit.config.get({ ...repo, path });
      return { found: files.some((f) => f.config !== null), config };
    }
  };
}

// bot/handlers/check-run.ts
async function onCheckRunRerequested(context, env) {
  const p = context.payload;
  await handleCheckRerun(botDeps(context, p.repository, env), {
    checkName: p.check_run.name,
    checkUrl: p.check_run.html_url,
    headSha: p.check_run.head_sha,
    pullRequests: p.check_run.pull_requests.map((pr) => pr.number),
    actionIdentifier: null,
    sender: { login: p.sender.login, type: p.sender.type }
  });
}
async function onCheckRunRequestedAction(context, env) {
  const p = context.payload;
  await handleCheckRerun(botDeps(context, p.repository, env), {
    checkName: p.check_run.name,
    checkUrl: p.check_run.html_url,
    headSha: p.check_run.head_sha,
    pullRequests: p.check_run.pull_requests.map((pr) => pr.number),
    actionIdentifier: p.requested_action?.identifier ?? "",
    sender: { login: p.sender.login, type: p.sender.type }
  });
}

// bot/lib/suite-rerun.ts
var FAILED = /* @__PURE__ */ new Set(["failure", "timed_out"]);
async function handleSuiteRerun(deps, ev) {
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored a re-run of check suite ${ev.suiteId} requested by bot account ${ev.sender.login}`);
    return "ignored-bot";
  }
  const checks = await deps.client.paginate(deps.client.rest.checks.listForSuite, {
    ...deps.repo,
    check_suite_id: ev.suiteId,
    filter: "latest",
    per_page: 100
  });
  const targets = /* @__PURE__ */ new Map();
  for (const check2 of checks) {
    const named2 = parseCheckRunName(check2.name);
    if (!named2 || check2.status !== "completed" || !FAILED.has(check2.conclusion ?? "")) continue;
    targets.set(check2.name, { ...named2, checkUrl: check2.html_url ?? `${deps.webUrl}/runs/${check2.id}` });
  }
  if (targets.size === 0) {
    deps.log.info(`re-run of check suite ${ev.suiteId}: no okstra stage check of it failed; nothing to do`);
    return "nothing-failed";
  }
  const sorted = [...targets.values()].sort((a, b) => a.planId.localeCompare(b.planId) || a.stage - b.stage);
  return rerunStages(
    deps,
    {
      headSha: ev.headSha,
      pullRequests: ev.pullRequests,
      sender: ev.sender,
      what: `re-run of check suite ${ev.suiteId}`
    },
    sorted
  );
}

// bot/handlers/check-suite.ts
async function onCheckSuiteRerequested(context, env) {
  const p = context.payload;
  await handleSuiteRerun(botDeps(context, p.repository, env), {
    suiteId: p.check_suite.id,
    headSha: p.check_suite.head_sha,
    pullRequests: p.check_suite.pull_requests.map((pr) => pr.number),
    sender: { login: p.sender.login, type: p.sender.type }
  });
}

// src/github/reactions.ts
async function reactToComment(client, repo, commentId, content) {
  try {
    await client.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

// bot/lib/cancel.ts
async function cancelRuns(deps, config, prNumber, planPath) {
  const runs = await unfinishedWorkflowRuns(deps.client, deps.repo, config.bot.workflow);
  const ours = runs.filter(
    (r) => parseRunTitle(r.title)?.prNumber === prNumber && (planPath === null || r.title.includes(planPath))
  );
  const cancelled = [];
  for (const run2 of ours) {
    try {
      await cancelWorkflowRun(deps.client, deps.repo, run2.id);
      cancelled.push(run2);
    } catch (error) {
      if (httpStatus(error) !== 409) throw error;
    }
  }
  deps.log.info(`cancelled ${cancelled.length} okstra run(s) of PR #${prNumber}${planPath ? ` for ${planPath}` : ""}`);
  return cancelled;
}

// bot/lib/status.ts
async function postStatus(deps, config, prNumber, plan) {
  const rows = await readLedgerRows(deps.client, deps.repo, config.ledgerBranch, plan.id);
  const { trusted, distrusted } = assessLedger(rows, { now: deps.now() });
  const view = renderPlanStatus({
    planId: plan.id,
    planTitle: plan.title,
    stages: stageViews(plan, deriveLedgerState(trusted), deps.now())
  });
  const ignored = distrusted.map((d) => `- \u26A0\uFE0F ledger ${describeDistrusted(d, plan.id)}
`).join("");
  const body = `${statusCommentMarker(plan.id)}
${view}
${ignored ? `${ignored}
` : ""}<sub>okstra \xB7 from \`${config.ledgerBranch}\` at ${deps.now().toISOString()}</sub>
`;
  return upsertStickyComment(deps.client, deps.repo, prNumber, body, (b) => isStatusComment(b, plan.id));
}

// bot/lib/comment.ts
var PULL_VERBS = /^\/okstra\s+(?:run|stage|retry|reconcile|status)(?:\s|$)/i;
async function handleComment(deps, ev) {
  const scan = scanComment(ev.body);
  if (scan.kind === "none") return "no-command";
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored /okstra from bot account ${ev.sender.login}`);
    return "ignored-bot";
  }
  const react = async (content) => {
    const problem = await reactToComment(deps.client, deps.repo, ev.commentId, content);
    if (problem) deps.log.warn(`could not add ${content} to comment ${ev.commentId}: ${problem}`);
  };
  const reply = (items2) => postComment(deps.client, deps.repo, ev.number, `@${ev.sender.login} ${items2.join("\n")}`);
  if (scan.kind === "too-large") {
    await react("confused");
    await reply([
      `okstra did not read this comment: it is ${Math.ceil(scan.bytes / 1024)} KiB, and okstra reads commands only from comments of up to ${MAX_COMMENT_BYTES / 1024} KiB. Post the \`/okstra\` command in a comment of its own.`
    ]);
    return "refused";
  }
  const lines = scan.lines;
  if (!ev.isPullRequest) {
    await react("confused");
    await reply([
      "okstra runs on pull requests: comment `/okstra \u2026` on the pull request that holds or follows the plan."
    ]);
    return "not-a-pull-request";
  }
  let pull = null;
  const prFacts = () => pull ??= Promise.all([
    pullRequestFacts(deps.client, deps.repo, ev.number),
    changedFiles(deps.client, deps.repo, ev.number)
  ]).then(([facts, files]) => ({ ...facts, files }));
  if (lines.some((l) => PULL_VERBS.test(l.text))) prFacts().catch(() => void 0);
  const [, load, role] = await Promise.all([
    react("eyes"),
    loadConfig(deps.readConfig),
    senderRole(deps, ev.sender.login)
  ]);
  if (!load.ok) {
    await react("confused");
    await reply([
      `okstra cannot read its configuration on \`${deps.defaultBranch}\`, so it did nothing:`,
      "",
      ...load.errors.map((e) => `- ${escapeInline(e)}`)
    ]);
    return "refused";
  }
  const config = load.config;
  const gate = roleGate(config, ev.sender.login, role);
  if (!gate.ok) {
    await react("confused");
    await reply([gate.reason]);
    return "refused";
  }
  const providers = knownProviders(Object.keys(config.providers));
  const parsed = parseCommands(lines, { providers });
  const items = [];
  let usage = false;
  let launched = false;
  let refused = false;
  for (const [index, p] of parsed.entries()) {
    if (index === MAX_COMMANDS_PER_COMMENT) {
      refused = true;
      const rest = parsed.length - MAX_COMMANDS_PER_COMMENT;
      items.push(
        `- ${shown(p.text)}${rest > 1 ? ` and ${rest - 1} more` : ""}: not run; okstra runs at most ${MAX_COMMANDS_PER_COMMENT} commands per comment.`
      );
      break;
    }
    if (!p.ok) {
      refused = usage = true;
      items.push(`- ${shown(p.text)}: ${p.error}`);
      continue;
    }
    let outcome;
    try {
      outcome = await runCommand(deps, config, ev, p.command, prFacts);
    } catch (error) {
      deps.log.error(`${p.text}: ${describeApiError(error)}`);
      outcome = {
        kind: "refused",
        text: `okstra could not finish this command: ${inlineCode(describeApiError(error))}.`
      };
    }
    if (outcome.kind === "help") {
      usage = true;
      items.push(`- ${shown(p.text)}: the commands are below.`);
    }
    if (outcome.kind === "launched") launched = true;
    if (outcome.kind === "refused") refused = true;
    if (outcome.kind === "refused" || outcome.kind === "answer") items.push(`- ${shown(p.text)}: ${outcome.text}`);
  }
  if (launched) await react("rocket");
  if (refused) await react("confused");
  if (items.length > 0) await reply(["okstra:", "", ...items, ...usage ? ["", usageText(providers)] : []]);
  return refused ? "refused" : "handled";
}
async function runCommand(deps, config, ev, command, prFacts) {
  switch (command.verb) {
    case "help":
      return { kind: "help" };
    case "status": {
      const pr = await prFacts();
      const plan = await resolvePlan(deps, config, pr, pr.files, command.plan);
      if (!plan.ok) return { kind: "refused", text: plan.reason };
      const res = await postStatus(deps, config, ev.number, plan.plan);
      return res.action === "created" ? { kind: "quiet" } : {
        kind: "answer",
        text: `the status of plan \`${plan.plan.id}\` is updated [above](${pr.htmlUrl}#issuecomment-${res.id}).`
      };
    }
    case "cancel": {
      let planPath = null;
      if (command.plan !== null) {
        const pr = await prFacts();
        const plan = await resolvePlan(deps, config, pr, pr.files, command.plan);
        if (!plan.ok) return { kind: "refused", text: plan.reason };
        planPath = plan.path;
      }
      const runs = await cancelRuns(deps, config, ev.number, planPath);
      if (runs.length === 0)
        return { kind: "answer", text: "no okstra workflow run of this pull request is queued or running." };
      return {
        kind: "answer",
        text: `cancelled ${runs.map((r) => `[run ${r.id}](${r.htmlUrl})`).join(", ")}; their claims are released by the Action's post step and their checks completed as cancelled.`
      };
    }
    case "run":
    case "stage":
    case "retry":
    case "reconcile": {
      const pr = await prFacts();
      const open = pullRequestGate(config, pr);
      if (!open.ok) return { kind: "refused", text: open.reason };
      const plan = await resolvePlan(deps, config, pr, pr.files, command.options.plan);
      if (!plan.ok) return { kind: "refused", text: plan.reason };
      const outcome = await launch(deps, config, {
        pr,
        plan: plan.plan,
        planPath: plan.path,
        planFromPullRequest: plan.fromPullRequest,
        what: launchWhat(command),
        options: command.options,
        trigger: "comment",
        actor: ev.sender.login,
        origin: `[comment](${ev.commentUrl})`
      });
      return outcome.ok ? { kind: "launched" } : { kind: "refused", text: outcome.reason };
    }
  }
}
function launchWhat(command) {
  switch (command.verb) {
    case "run":
      return { kind: "run" };
    case "reconcile":
      return { kind: "reconcile", stage: command.stage, reset: command.reset };
    default:
      return { kind: command.verb, stage: command.stage };
  }
}

// bot/handlers/issue-comment.ts
async function onIssueComment(context, env) {
  const p = context.payload;
  await handleComment(botDeps(context, p.repository, env), {
    number: p.issue.number,
    // An issue comment on a pull request has `issue.pull_request` set.
    isPullRequest: Boolean(p.issue.pull_request),
    commentId: p.comment.id,
    commentUrl: p.comment.html_url,
    body: p.comment.body,
    sender: { login: p.sender.login, type: p.sender.type }
  });
}

// bot/lib/closed.ts
async function handlePullRequestClosed(deps, prNumber) {
  const load = await loadConfig(deps.readConfig);
  if (!load.ok) deps.log.warn(`config invalid (${load.errors.join("; ")}); cancelling with the default settings`);
  const config = load.ok ? load.config : ConfigSchema.parse({});
  return (await cancelRuns(deps, config, prNumber, null)).length;
}

// bot/lib/label.ts
async function handleLabel(deps, ev) {
  const parsed = labelCommand(ev.label);
  if (parsed === null) return "not-ours";
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored label ${ev.label} added by bot account ${ev.sender.login}`);
    return "ignored-bot";
  }
  const refuse = async (why) => {
    await removeLabel(deps.client, deps.repo, ev.pr.number, ev.label);
    await postComment(
      deps.client,
      deps.repo,
      ev.pr.number,
      `@${ev.sender.login} okstra did not act on the label ${inlineCode(ev.label)}: ${why}`
    );
    return "refused";
  };
  if (!parsed.ok) return refuse(parsed.error);
  const command = parsed.command;
  const act = async () => {
    const [load, role] = await Promise.all([loadConfig(deps.readConfig), senderRole(deps, ev.sender.login)]);
    if (!load.ok)
      return refuse(
        `its configuration on \`${deps.defaultBranch}\` is invalid: ${load.errors.map(escapeInline).join("; ")}`
      );
    const config = load.config;
    const gate = roleGate(config, ev.sender.login, role);
    if (!gate.ok) return refuse(gate.reason);
    const open = pullRequestGate(config, ev.pr);
    if (!open.ok) return refuse(open.reason);
    if (command.verb !== "run" && command.verb !== "stage")
      throw new Error(`unreachable: label command ${command.verb}`);
    const plan = await resolvePlan(deps, config, ev.pr, await changedFiles(deps.client, deps.repo, ev.pr.number), null);
    if (!plan.ok) return refuse(plan.reason);
    const outcome = await launch(deps, config, {
      pr: ev.pr,
      plan: plan.plan,
      planPath: plan.path,
      planFromPullRequest: plan.fromPullRequest,
      what: command.verb === "run" ? { kind: "run" } : { kind: "stage", stage: command.stage },
      options: command.options,
      trigger: "label",
      actor: ev.sender.login,
      origin: `label ${inlineCode(ev.label)}`
    });
    if (!outcome.ok) return refuse(outcome.reason);
    await removeLabel(deps.client, deps.repo, ev.pr.number, ev.label);
    return "launched";
  };
  try {
    return await act();
  } catch (error) {
    deps.log.error(`label ${ev.label} on PR #${ev.pr.number}: ${describeApiError(error)}`);
    return refuse(`okstra could not finish: ${inlineCode(describeApiError(error))}.`);
  }
}

// bot/handlers/pull-request.ts
async function onPullRequestLabeled(context, env) {
  const p = context.payload;
  if (!p.label) return;
  const pr = p.pull_request;
  await handleLabel(botDeps(context, p.repository, env), {
    pr: {
      number: pr.number,
      state: pr.state,
      headSha: pr.head.sha,
      headRef: pr.head.ref,
      headRepo: pr.head.repo?.full_name ?? null,
      baseRepo: pr.base.repo.full_name,
      htmlUrl: pr.html_url
    },
    label: p.label.name,
    sender: { login: p.sender.login, type: p.sender.type }
  });
}
async function onPullRequestClosed(context, env) {
  const p = context.payload;
  await handlePullRequestClosed(botDeps(context, p.repository, env), p.pull_request.number);
}

// bot/handlers/workflow-run.ts
async function onWorkflowRunCompleted(context, env) {
  const p = context.payload;
  const run2 = p.workflow_run;
  await completeWorkflowRun(botDeps(context, p.repository, env), {
    id: run2.id,
    attempt: run2.run_attempt,
    conclusion: run2.conclusion,
    htmlUrl: run2.html_url,
    // Optional in the webhook types; a run without a title names no checks and is left alone.
    title: run2.display_title ?? "",
    path: run2.path,
    origin: {
      event: run2.event,
      headBranch: run2.head_branch,
      headRepository: run2.head_repository ? { id: run2.head_repository.id, fullName: run2.head_repository.full_name } : null,
      repository: { id: p.repository.id, fullName: p.repository.full_name, defaultBranch: p.repository.default_branch }
    }
  });
}

// bot/index.ts
function createOkstraApp(options2 = {}) {
  const env = { now: options2.now ?? (() => /* @__PURE__ */ new Date()), scrub: new Scrubber(options2.secrets ?? []) };
  return (app2) => {
    app2.on("issue_comment.created", (context) => onIssueComment(context, env));
    app2.on("pull_request.labeled", (context) => onPullRequestLabeled(context, env));
    app2.on("pull_request.closed", (context) => onPullRequestClosed(context, env));
    app2.on("check_run.rerequested", (context) => onCheckRunRerequested(context, env));
    app2.on("check_run.requested_action", (context) => onCheckRunRequestedAction(context, env));
    app2.on("check_suite.rerequested", (context) => onCheckSuiteRerequested(context, env));
    app2.on("workflow_run.completed", (context) => onWorkflowRunCompleted(context, env));
  };
}
var bot_default = createOkstraApp();

// bot/main.ts
var readKeyFile = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
};
var app = (probot, options2) => {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret || secret === "development") {
    throw new Error(
      'WEBHOOK_SECRET is not set (or is "development"): set it to the webhook secret of the GitHub App (docs/bot.md)'
    );
  }
  return createOkstraApp({ secrets: appSecrets(process.env, readKeyFile) })(probot, options2);
};
await run(app);
