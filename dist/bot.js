import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

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
var FLAGS = ["reset", "rebase"];
var OPTIONS_BY_VERB = {
  run: ["plan", "executor", "verifiers", "model"],
  stage: ["plan", "executor", "verifiers", "model"],
  retry: ["plan", "executor", "verifiers", "model", "rebase"],
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
  const flags = /* @__PURE__ */ new Set();
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
      if (flags.has(name)) return { ok: false, error: `\`--${name}\` is given twice` };
      flags.add(name);
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
  const reset = flags.has("reset");
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
        command: verb === "reconcile" ? { verb, stage: stage.value, reset, options: options2 } : verb === "retry" ? { verb, stage: stage.value, rebase: flags.has("rebase"), options: options2 } : { verb, stage: stage.value, options: options2 }
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
    `- \`${COMMAND_PREFIX} retry N\` \u2014 fix run of failed stage N, on its preserved branch and the base its failed run recorded; \`--rebase\` first replays the branch onto the stage's current base (the base ref as it is now)`,
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
  "reset",
  "rebase"
];
var OPTIONAL_DISPATCH_INPUTS = ["reset", "rebase"];
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
  if (r.rebase === true && r.mode !== "stage") fail(`rebase is for a fix run in mode stage, not ${r.mode}`);
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
    ...r.reset === true ? { reset: "true" } : {},
    ...r.rebase === true ? { rebase: "true" } : {}
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
function crossChecks(config2, doc, path, at) {
  const out = [];
  const known = [...BUILTIN_PROVIDERS, ...Object.keys(config2.providers)];
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
  check2(config2.executor, ["executor"]);
  config2.verifiers?.forEach((v, i) => check2(v, ["verifiers", i]));
  check2(config2.critic, ["critic"]);
  for (const [name, p] of Object.entries(config2.providers)) {
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
function validate(config2, source) {
  const result = parseConfig(stringify(config2 ?? {}), source);
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
function roleGate(config2, login, answer) {
  const level = effectiveLevel(answer);
  if (meetsLevel(level, config2.bot.permission)) return { ok: true };
  return {
    ok: false,
    reason: `@${login} has ${level === null ? "no" : `\`${level}\``} access to this repository; okstra takes commands from people with \`${config2.bot.permission}\` access or more.`
  };
}
function pullRequestGate(config2, pr) {
  if (pr.state !== "open") return { ok: false, reason: "this pull request is closed; reopen it to run okstra on it." };
  if (!isFromFork(pr) || config2.bot.allowForks) return { ok: true };
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

// src/core/ledger/fast-row.ts
import { regexes } from "zod/v4/core";
var ISO_UTC = regexes.datetime({ offset: false, local: false, precision: void 0 });
var SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
var REL_PATH = /^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/;
var REASONS = new Set(FAILED_REASONS);
var DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function twoDigits(v, i) {
  const a = v.charCodeAt(i) - 48;
  const b = v.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}
function isIsoMillisUtc(v) {
  if (v.length !== 24 || v.charCodeAt(23) !== 90 || v.charCodeAt(19) !== 46) return false;
  if (v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(10) !== 84) return false;
  if (v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58) return false;
  const century = twoDigits(v, 0);
  const yy = twoDigits(v, 2);
  const month = twoDigits(v, 5);
  const day = twoDigits(v, 8);
  const hour = twoDigits(v, 11);
  const minute = twoDigits(v, 14);
  const second = twoDigits(v, 17);
  const millis = twoDigits(v, 20);
  const lastMilli = v.charCodeAt(22) - 48;
  if (century < 0 || yy < 0 || millis < 0 || lastMilli < 0 || lastMilli > 9) return false;
  if (month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return false;
  if (second < 0 || second > 59) return false;
  if (month === 2 && day === 29) return yy === 0 ? century % 4 === 0 : yy % 4 === 0;
  return day <= (month === 2 ? 28 : DAYS_IN_MONTH[month]);
}
var isIso = (v) => typeof v === "string" && (isIsoMillisUtc(v) || ISO_UTC.test(v));
var isSha = (v) => typeof v === "string" && SHA.test(v);
var isRelPath = (v) => typeof v === "string" && REL_PATH.test(v);
var isPositiveInt = (v) => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
var isNonEmpty = (v) => typeof v === "string" && v.length > 0;
var isBounded = (v, max) => typeof v === "string" && v.length > 0 && v.length <= max;
var isPlainObject2 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function keyCount(o) {
  return Object.keys(o).length;
}
function commonKeys(o) {
  const { v, plan_id: planId2, stage, run_id: runId, at } = o;
  if (v !== LEDGER_ROW_VERSION || !isPositiveInt(stage) || !isIso(at)) return 0;
  if (typeof planId2 !== "string" || !PLAN_ID_PATTERN.test(planId2)) return 0;
  if (typeof runId !== "string" || !RUN_ID_PATTERN.test(runId)) return 0;
  return 6;
}
function optionalKeys(o, headCommit) {
  let n = 0;
  if (o.actor !== void 0) {
    if (!isNonEmpty(o.actor)) return -1;
    n++;
  }
  if (o.branch !== void 0) {
    if (!isNonEmpty(o.branch)) return -1;
    n++;
  }
  if (o.base_commit !== void 0) {
    if (!isSha(o.base_commit)) return -1;
    n++;
  }
  if (headCommit && o.head_commit !== void 0) {
    if (!isSha(o.head_commit)) return -1;
    n++;
  }
  return n;
}
function isClaimant(v) {
  if (!isPlainObject2(v) || !isBounded(v.host, 255) || !isPositiveInt(v.pid)) return false;
  if (v.boot !== void 0 && !isBounded(v.boot, 255)) return false;
  return keyCount(v) === (v.boot === void 0 ? 2 : 3);
}
function startedKeys(o) {
  if (!isIso(o.lease_until)) return -1;
  if (o.claimant !== void 0 && !isClaimant(o.claimant)) return -1;
  const optional = optionalKeys(o, true);
  return optional < 0 ? -1 : 1 + optional + (o.claimant === void 0 ? 0 : 1);
}
function doneKeys(o) {
  if (!isSha(o.head_commit) || !isIso(o.completed_at) || !isRelPath(o.carry_path) || !isRelPath(o.report_path))
    return -1;
  const optional = optionalKeys(o, false);
  return optional < 0 ? -1 : 4 + optional;
}
function failedKeys(o) {
  if (!REASONS.has(o.reason)) return -1;
  if (o.report_path !== void 0 && !isRelPath(o.report_path)) return -1;
  if (o.detail !== void 0 && !(typeof o.detail === "string" && o.detail.length <= 2e3)) return -1;
  const optional = optionalKeys(o, true);
  return optional < 0 ? -1 : 1 + optional + (o.report_path === void 0 ? 0 : 1) + (o.detail === void 0 ? 0 : 1);
}
var BY_STATUS = /* @__PURE__ */ new Map([
  ["started", startedKeys],
  ["done", doneKeys],
  ["failed", failedKeys]
]);
function fastRow(json2) {
  if (!isPlainObject2(json2)) return null;
  const byStatus = BY_STATUS.get(json2.status);
  if (!byStatus) return null;
  const common2 = commonKeys(json2);
  if (common2 === 0) return null;
  const specific = byStatus(json2);
  return specific >= 0 && keyCount(json2) === common2 + specific ? json2 : null;
}

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
  const schemaOnly = opts.schemaOnly === true;
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const parsed = parseLine(raw, opts.planId, schemaOnly);
    out.push(typeof parsed === "string" ? { line: i + 1, raw, problem: parsed } : { line: i + 1, raw, row: parsed });
  }
  return out;
}
function parseLine(raw, planId2, schemaOnly) {
  const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (text.charCodeAt(0) !== 123 && text.trim() === "") return "blank line inside the ledger";
  let json2;
  try {
    json2 = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${error.message})`;
  }
  const fast = schemaOnly ? null : fastRow(json2);
  if (fast) return fast.plan_id === planId2 ? fast : `row belongs to plan "${fast.plan_id}", not "${planId2}"`;
  return schemaRow(json2, planId2);
}
function schemaRow(json2, planId2) {
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
  return extendTrustScan(null, rows, facts).trust;
}
function extendTrustScan(scan, rows, facts) {
  const trusted = scan ? [...scan.trust.trusted] : [];
  const distrusted = scan ? [...scan.trust.distrusted] : [];
  const position = new Map(scan?.position);
  const distrustedClaims = new Map(scan?.distrustedClaims);
  const now = facts.now.getTime();
  let stableUntil = scan?.stableUntil ?? Infinity;
  for (const { line, row } of rows) {
    const at = Date.parse(row.at);
    if (at - now > MAX_CLOCK_SKEW_MS) stableUntil = Math.min(stableUntil, at - MAX_CLOCK_SKEW_MS);
    const reason = clockProblem(row, at, facts.now) ?? lifecycleProblem(row, position.get(row.stage), distrustedClaims) ?? facts.doneCommitProblems?.get(line) ?? null;
    if (reason === null) {
      trusted.push(row);
      position.set(row.stage, row);
      continue;
    }
    distrusted.push({ line, row, reason });
    if (row.status === "started") distrustedClaims.set(claimKey(row.stage, row.run_id), line);
  }
  return {
    trust: { trusted, distrusted },
    count: (scan?.count ?? 0) + rows.length,
    judgedAt: Math.max(now, scan?.judgedAt ?? -Infinity),
    stableUntil,
    position,
    distrustedClaims
  };
}
function clockProblem(row, at, now) {
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

// src/core/report/schema/validator-names.ts
var VALIDATOR_EXPORTS = {
  "final-report.schema.json": "finalReport",
  "carry.schema.json": "carry",
  "verifier-result.schema.json": "verifierResult",
  "config.schema.json": "config"
};

// src/core/report/schema/validators.generated.js
var validators_generated_exports = {};
__export(validators_generated_exports, {
  carry: () => carry,
  config: () => config,
  finalReport: () => finalReport,
  verifierResult: () => verifierResult
});

// src/core/report/schema/validator-runtime.ts
import { fullFormats } from "ajv-formats/dist/formats.js";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
var ucs2lengthExport = ucs2lengthModule;
var ucs2length = typeof ucs2lengthExport === "function" ? ucs2lengthExport : ucs2lengthExport.default;

// src/core/report/schema/validators.generated.js
var finalReport = validate20;
var schema31 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": { "schemaVersion": { "type": "number", "const": 1 }, "plan": { "type": "object", "properties": { "id": { "type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,62}$" }, "title": { "type": ["string", "null"] }, "path": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": "plan file, relative to the repository root" }, "commit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$", "description": "commit the approved plan was read from" } }, "required": ["id", "title", "path", "commit"], "additionalProperties": false }, "stage": { "type": "object", "properties": { "number": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "title": { "type": "string" }, "dependsOn": { "type": "array", "items": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 } } }, "required": ["number", "title", "dependsOn"], "additionalProperties": false }, "run": { "type": "object", "properties": { "id": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, "attempt": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991, "description": "1 for the first run of a stage, +1 for each fix run" }, "startedAt": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", "description": "UTC timestamp, ISO 8601 with a trailing Z" }, "finishedAt": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", "description": "UTC timestamp, ISO 8601 with a trailing Z" }, "durationMs": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "milliseconds" }, "trigger": { "type": "object", "properties": { "kind": { "type": "string", "enum": ["label", "comment", "schedule", "dispatch", "rerequest", "cli"] }, "actor": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }], "description": "login (or local user) that asked for the run; null for schedule" }, "url": { "anyOf": [{ "type": "string", "format": "uri" }, { "type": "null" }], "description": "where the trigger happened (comment, PR); null when there is no page" } }, "required": ["kind", "actor", "url"], "additionalProperties": false }, "url": { "anyOf": [{ "type": "string", "format": "uri" }, { "type": "null" }], "description": "page of this run (the workflow run log); null for local runs" } }, "required": ["id", "attempt", "startedAt", "finishedAt", "durationMs", "trigger", "url"], "additionalProperties": false }, "git": { "type": "object", "properties": { "branch": { "type": "string", "minLength": 1 }, "baseCommit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$", "description": "full hex commit id (SHA-1 or SHA-256)" }, "headCommit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$", "description": "full hex commit id (SHA-1 or SHA-256)" }, "reusedBranch": { "type": "boolean", "description": "true for a fix run that re-entered the preserved stage branch" }, "diffStat": { "type": "object", "properties": { "filesChanged": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "insertions": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "deletions": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 } }, "required": ["filesChanged", "insertions", "deletions"], "additionalProperties": false }, "changedFiles": { "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' }, "description": "files changed between baseCommit and headCommit" }, "outOfPlanFiles": { "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' }, "description": "changed files that the stage's `files` did not name" } }, "required": ["branch", "baseCommit", "headCommit", "reusedBranch", "diffStat", "changedFiles", "outOfPlanFiles"], "additionalProperties": false }, "roster": { "minItems": 1, "type": "array", "items": { "type": "object", "properties": { "name": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "provider": { "type": "string", "enum": ["claude", "codex", "gemini", "command"] }, "model": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }], "description": "null for the command worker" }, "function": { "type": "string", "enum": ["executor", "verifier", "critic"] } }, "required": ["name", "provider", "model", "function"], "additionalProperties": false } }, "executor": { "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "status": { "type": "string", "enum": ["done", "contract-violated", "error", "timeout", "budget-exceeded"] }, "durationMs": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "milliseconds" }, "usage": { "anyOf": [{ "type": "object", "properties": { "inputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "input tokens, cache reads included" }, "outputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cachedInputTokens": { "description": "input tokens served from the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cacheWriteTokens": { "description": "input tokens written to the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "costUsd": { "anyOf": [{ "type": "number", "minimum": 0 }, { "type": "null" }], "description": "US dollars; null when no part of the cost is known (never 0 for unknown)" }, "costComplete": { "description": "false when costUsd sums only the parts whose price is known; absent in reports written before the gateway", "type": "boolean" } }, "required": ["inputTokens", "outputTokens", "costUsd"], "additionalProperties": false }, { "type": "null" }], "description": "null when the CLI did not report usage" }, "summary": { "type": "string", "description": "the executor's own account of the stage (agent text)" }, "commits": { "type": "array", "items": { "type": "object", "properties": { "sha": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$", "description": "full hex commit id (SHA-1 or SHA-256)" }, "subject": { "type": "string" } }, "required": ["sha", "subject"], "additionalProperties": false } }, "upstreamError": { "description": "present when the worker's last model request failed upstream", "type": "object", "properties": { "status": { "anyOf": [{ "type": "integer", "minimum": 100, "maximum": 599 }, { "type": "null" }], "description": "HTTP status; null when the connection itself failed" }, "message": { "type": "string", "minLength": 1, "description": "what the API said (an excerpt of its error body)" } }, "required": ["status", "message"], "additionalProperties": false }, "failure": { "description": "present when the worker did not produce a result; absent in reports written before it was recorded", "type": "object", "properties": { "reason": { "type": "string", "pattern": "\\S", "description": "the CLI's exit reason or okstra's (timeout, crash, unparsable result, changed tree)" }, "stderrTail": { "type": "string", "description": "the last lines of the worker's stderr, scrubbed; empty when it wrote none" } }, "required": ["reason", "stderrTail"], "additionalProperties": false } }, "required": ["worker", "status", "durationMs", "usage", "summary", "commits"], "additionalProperties": false }, "qa": { "type": "array", "items": { "type": "object", "properties": { "source": { "type": "string", "enum": ["plan", "config"] }, "label": { "type": "string" }, "cmd": { "type": "string", "minLength": 1 }, "exitCode": { "anyOf": [{ "type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991 }, { "type": "null" }], "description": "null when the process was killed (timeout or signal)" }, "durationMs": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "milliseconds" }, "outputTail": { "type": "string", "description": "last lines of combined stdout/stderr" }, "passed": { "type": "boolean" } }, "required": ["source", "label", "cmd", "exitCode", "durationMs", "outputTail", "passed"], "additionalProperties": false } }, "verifiers": { "type": "array", "items": { "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "status": { "type": "string", "enum": ["done", "contract-violated", "error", "timeout", "budget-exceeded"] }, "verdict": { "anyOf": [{ "type": "string", "enum": ["PASS", "FAIL"] }, { "type": "null" }], "description": "null when the verifier produced no valid result" }, "findings": { "type": "array", "items": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", "description": "stable id of a finding within this report" }, "description": "ids of the findings this verifier raised" }, "evidenceRead": { "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' }, "description": "files the verifier recorded as read (its evidence ledger)" }, "usage": { "anyOf": [{ "type": "object", "properties": { "inputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "input tokens, cache reads included" }, "outputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cachedInputTokens": { "description": "input tokens served from the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cacheWriteTokens": { "description": "input tokens written to the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "costUsd": { "anyOf": [{ "type": "number", "minimum": 0 }, { "type": "null" }], "description": "US dollars; null when no part of the cost is known (never 0 for unknown)" }, "costComplete": { "description": "false when costUsd sums only the parts whose price is known; absent in reports written before the gateway", "type": "boolean" } }, "required": ["inputTokens", "outputTokens", "costUsd"], "additionalProperties": false }, { "type": "null" }], "description": "null when the CLI did not report usage" }, "durationMs": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "milliseconds" }, "upstreamError": { "description": "present when the worker's last model request failed upstream", "type": "object", "properties": { "status": { "anyOf": [{ "type": "integer", "minimum": 100, "maximum": 599 }, { "type": "null" }], "description": "HTTP status; null when the connection itself failed" }, "message": { "type": "string", "minLength": 1, "description": "what the API said (an excerpt of its error body)" } }, "required": ["status", "message"], "additionalProperties": false }, "failure": { "description": "present when the worker did not produce a result; absent in reports written before it was recorded", "type": "object", "properties": { "reason": { "type": "string", "pattern": "\\S", "description": "the CLI's exit reason or okstra's (timeout, crash, unparsable result, changed tree)" }, "stderrTail": { "type": "string", "description": "the last lines of the worker's stderr, scrubbed; empty when it wrote none" } }, "required": ["reason", "stderrTail"], "additionalProperties": false }, "evidence": { "description": "events: the files it opened were read from its CLI's tool events and its citations checked against them; self-reported: its CLI gave no events, so evidenceRead is its own word; absent in reports written before it was recorded", "type": "string", "enum": ["events", "self-reported"] }, "unreadCitations": { "description": "files the worker cited (a finding's file or an evidenceRead entry) that its CLI's tool events show it never opened; present only when there are some, and then the worker's result was discounted", "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' } } }, "required": ["worker", "status", "verdict", "findings", "evidenceRead", "usage", "durationMs"], "additionalProperties": false } }, "findings": { "type": "array", "items": { "type": "object", "properties": { "id": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", "description": "stable id of a finding within this report" }, "severity": { "type": "string", "enum": ["blocking", "major", "minor", "info"] }, "title": { "type": "string", "minLength": 1 }, "detail": { "type": "string" }, "file": { "anyOf": [{ "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' }, { "type": "null" }], "description": "cited file exactly as the raiser wrote it" }, "line": { "anyOf": [{ "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, { "type": "null" }] }, "endLine": { "anyOf": [{ "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, { "type": "null" }] }, "raisedBy": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "confirmedBy": { "type": "array", "items": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' } }, "refutedBy": { "type": "array", "items": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' } }, "disposition": { "type": "string", "enum": ["standing", "confirmed", "refuted"] } }, "required": ["id", "severity", "title", "detail", "file", "line", "endLine", "raisedBy", "confirmedBy", "refutedBy", "disposition"], "additionalProperties": false } }, "convergence": { "type": "object", "properties": { "rounds": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "disputed": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "resolved": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "failures": { "description": "re-verify sessions that produced no position; absent when every session answered (or in older reports)", "type": "array", "items": { "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "findingId": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", "description": "stable id of a finding within this report" }, "status": { "type": "string", "enum": ["done", "contract-violated", "error", "timeout", "budget-exceeded"] }, "upstreamError": { "description": "present when the worker's last model request failed upstream", "type": "object", "properties": { "status": { "anyOf": [{ "type": "integer", "minimum": 100, "maximum": 599 }, { "type": "null" }], "description": "HTTP status; null when the connection itself failed" }, "message": { "type": "string", "minLength": 1, "description": "what the API said (an excerpt of its error body)" } }, "required": ["status", "message"], "additionalProperties": false }, "failure": { "type": "object", "properties": { "reason": { "type": "string", "pattern": "\\S", "description": "the CLI's exit reason or okstra's (timeout, crash, unparsable result, changed tree)" }, "stderrTail": { "type": "string", "description": "the last lines of the worker's stderr, scrubbed; empty when it wrote none" } }, "required": ["reason", "stderrTail"], "additionalProperties": false } }, "required": ["worker", "findingId", "status", "failure"], "additionalProperties": false } } }, "required": ["rounds", "disputed", "resolved"], "additionalProperties": false }, "critic": { "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "status": { "type": "string", "enum": ["done", "contract-violated", "error", "timeout", "budget-exceeded"] }, "gaps": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "findings": { "type": "array", "items": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", "description": "stable id of a finding within this report" } }, "evidenceRead": { "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' } }, "usage": { "anyOf": [{ "type": "object", "properties": { "inputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "input tokens, cache reads included" }, "outputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cachedInputTokens": { "description": "input tokens served from the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cacheWriteTokens": { "description": "input tokens written to the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "costUsd": { "anyOf": [{ "type": "number", "minimum": 0 }, { "type": "null" }], "description": "US dollars; null when no part of the cost is known (never 0 for unknown)" }, "costComplete": { "description": "false when costUsd sums only the parts whose price is known; absent in reports written before the gateway", "type": "boolean" } }, "required": ["inputTokens", "outputTokens", "costUsd"], "additionalProperties": false }, { "type": "null" }], "description": "null when the CLI did not report usage" }, "durationMs": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "milliseconds" }, "upstreamError": { "description": "present when the worker's last model request failed upstream", "type": "object", "properties": { "status": { "anyOf": [{ "type": "integer", "minimum": 100, "maximum": 599 }, { "type": "null" }], "description": "HTTP status; null when the connection itself failed" }, "message": { "type": "string", "minLength": 1, "description": "what the API said (an excerpt of its error body)" } }, "required": ["status", "message"], "additionalProperties": false }, "failure": { "description": "present when the worker did not produce a result; absent in reports written before it was recorded", "type": "object", "properties": { "reason": { "type": "string", "pattern": "\\S", "description": "the CLI's exit reason or okstra's (timeout, crash, unparsable result, changed tree)" }, "stderrTail": { "type": "string", "description": "the last lines of the worker's stderr, scrubbed; empty when it wrote none" } }, "required": ["reason", "stderrTail"], "additionalProperties": false }, "evidence": { "description": "events: the files it opened were read from its CLI's tool events and its citations checked against them; self-reported: its CLI gave no events, so evidenceRead is its own word; absent in reports written before it was recorded", "type": "string", "enum": ["events", "self-reported"] }, "unreadCitations": { "description": "files the worker cited (a finding's file or an evidenceRead entry) that its CLI's tool events show it never opened; present only when there are some, and then the worker's result was discounted", "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' } } }, "required": ["worker", "status", "gaps", "findings", "evidenceRead", "usage", "durationMs"], "additionalProperties": false }, "verdict": { "type": "object", "properties": { "value": { "type": "string", "enum": ["PASS", "FAIL"] }, "runStatus": { "type": "string", "enum": ["passed", "failed", "contract-violated", "error"] }, "reasons": { "type": "array", "items": { "type": "string", "minLength": 1 } } }, "required": ["value", "runStatus", "reasons"], "additionalProperties": false }, "stageSidecarEvidence": { "anyOf": [{ "type": "object", "properties": { "stageNumber": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "stageTitle": { "type": "string" }, "carryJson": { "type": "string", "minLength": 1, "description": "the Stage Carry Evidence JSON exactly as written to carryPath" }, "carryPath": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' } }, "required": ["stageNumber", "stageTitle", "carryJson", "carryPath"], "additionalProperties": false }, { "type": "object", "properties": { "stageNumber": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "stageTitle": { "type": "string" }, "carryJson": { "description": "the executor's Stage Carry Evidence JSON, or null when it produced none", "type": ["string", "null"] }, "carryPath": { "type": "null" }, "withheld": { "type": "string", "pattern": "\\S", "description": "why the carry was not written; present exactly when it was not" } }, "required": ["stageNumber", "stageTitle", "carryJson", "carryPath", "withheld"], "additionalProperties": false }] }, "ledgerRow": { "anyOf": [{ "oneOf": [{ "type": "object", "properties": { "v": { "type": "number", "const": 1 }, "plan_id": { "type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,62}$" }, "stage": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "run_id": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, "at": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, "actor": { "type": "string", "minLength": 1 }, "branch": { "type": "string", "minLength": 1 }, "base_commit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$" }, "head_commit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$" }, "status": { "type": "string", "const": "done" }, "completed_at": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, "carry_path": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, "report_path": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" } }, "required": ["v", "plan_id", "stage", "run_id", "at", "head_commit", "status", "completed_at", "carry_path", "report_path"], "additionalProperties": false }, { "type": "object", "properties": { "v": { "type": "number", "const": 1 }, "plan_id": { "type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,62}$" }, "stage": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "run_id": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, "at": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, "actor": { "type": "string", "minLength": 1 }, "branch": { "type": "string", "minLength": 1 }, "base_commit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$" }, "head_commit": { "type": "string", "pattern": "^[0-9a-f]{40}([0-9a-f]{24})?$" }, "status": { "type": "string", "const": "failed" }, "reason": { "type": "string", "enum": ["verdict-fail", "contract-violated", "error", "timeout", "abandoned", "cancelled"] }, "report_path": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, "detail": { "type": "string", "maxLength": 2e3 } }, "required": ["v", "plan_id", "stage", "run_id", "at", "status", "reason"], "additionalProperties": false }] }, { "type": "null" }], "description": "the terminal ledger row this run appended; null only when the append itself failed" }, "progress": { "type": "array", "items": { "type": "object", "properties": { "at": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", "description": "UTC timestamp, ISO 8601 with a trailing Z" }, "line": { "type": "string", "pattern": "^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\\n\\r]*)?$", "description": "the checkpoint line as emitted; grammar in docs/report.md" } }, "required": ["at", "line"], "additionalProperties": false } }, "activity": { "description": "the workers' activity stream (tool calls, files, tokens), scrubbed; absent when no worker's CLI printed an event (and in older reports)", "type": "object", "properties": { "path": { "type": "string", "minLength": 1, "description": "ledger-branch path of the JSON Lines stream (plans/<id>/runs/<run>/activity.jsonl)" }, "events": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "events kept in the file" }, "droppedEvents": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "events left out because the stream reached its size bound" } }, "required": ["path", "events", "droppedEvents"], "additionalProperties": false }, "usage": { "type": "object", "properties": { "workers": { "type": "array", "items": { "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "inputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "input tokens, cache reads included" }, "outputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cachedInputTokens": { "description": "input tokens served from the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cacheWriteTokens": { "description": "input tokens written to the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "costUsd": { "anyOf": [{ "type": "number", "minimum": 0 }, { "type": "null" }], "description": "US dollars; null when no part of the cost is known (never 0 for unknown)" }, "costComplete": { "description": "false when costUsd sums only the parts whose price is known; absent in reports written before the gateway", "type": "boolean" } }, "required": ["worker", "inputTokens", "outputTokens", "costUsd"], "additionalProperties": false } }, "total": { "type": "object", "properties": { "inputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991, "description": "input tokens, cache reads included" }, "outputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cachedInputTokens": { "description": "input tokens served from the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cacheWriteTokens": { "description": "input tokens written to the prompt cache", "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "costUsd": { "anyOf": [{ "type": "number", "minimum": 0 }, { "type": "null" }], "description": "US dollars; null when no part of the cost is known (never 0 for unknown)" }, "costComplete": { "description": "false when costUsd sums only the parts whose price is known; absent in reports written before the gateway", "type": "boolean" } }, "required": ["inputTokens", "outputTokens", "costUsd"], "additionalProperties": false, "description": "sum over workers; costUsd sums the known costs (costComplete false when some are unknown), null when none is known" }, "metered": { "description": "who counted the figures; absent in reports written before the gateway", "type": "string", "enum": ["gateway", "self-reported"] }, "requests": { "description": "every model request of the run, in order, when the gateway metered it", "type": "array", "items": { "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": 'roster name, e.g. "Codex worker"' }, "role": { "type": "string", "pattern": "^[a-z][a-z0-9-]*$", "description": "what the worker was doing: executor, verifier, reverify, critic, planner" }, "provider": { "type": "string", "pattern": "^[a-z][a-z0-9-]*$", "description": "claude, codex, gemini or the command provider's name" }, "model": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }], "description": "the model the request asked for; null when it named none" }, "path": { "type": "string", "minLength": 1, "description": "request path below the API base URL" }, "status": { "anyOf": [{ "type": "integer", "minimum": 100, "maximum": 599 }, { "type": "null" }], "description": "final HTTP status sent to the agent; null when the connection failed" }, "inputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "outputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cachedInputTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "cacheWriteTokens": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "costUsd": { "anyOf": [{ "type": "number", "minimum": 0 }, { "type": "null" }], "description": "null when the model has no known price (never 0 for unknown)" }, "durationMs": { "type": "number", "minimum": 0, "description": "milliseconds (may be fractional)" }, "firstByteMs": { "anyOf": [{ "type": "number", "minimum": 0, "description": "milliseconds (may be fractional)" }, { "type": "null" }], "description": "time to the first response byte; null when none arrived" }, "retries": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 }, "refused": { "description": "the gateway answered the request itself instead of forwarding it", "type": "string", "enum": ["budget", "credential"] } }, "required": ["worker", "role", "provider", "model", "path", "status", "inputTokens", "outputTokens", "cachedInputTokens", "cacheWriteTokens", "costUsd", "durationMs", "firstByteMs", "retries"], "additionalProperties": false } }, "budgetExceeded": { "description": "the first budget refusal of the run", "type": "object", "properties": { "worker": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "description": "the worker whose request was refused" }, "scope": { "type": "string", "enum": ["worker", "stage", "plan"], "description": "which `budgets:` limit: per worker session, per stage run, or per plan" }, "limit": { "type": "string", "minLength": 1, "description": 'the limit as configured, e.g. "200,000 tokens" or "$5.00"' }, "spent": { "type": "string", "minLength": 1, "description": "what was already spent in that scope when the request came" }, "message": { "type": "string", "minLength": 1 } }, "required": ["worker", "scope", "limit", "spent", "message"], "additionalProperties": false } }, "required": ["workers", "total"], "additionalProperties": false }, "remainingQueue": { "type": "array", "items": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "description": "stages still queued when a chain stopped here" }, "errors": { "type": "array", "items": { "type": "object", "properties": { "at": { "type": "string", "format": "date-time", "pattern": "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", "description": "UTC timestamp, ISO 8601 with a trailing Z" }, "phase": { "type": "string", "minLength": 1 }, "message": { "type": "string", "minLength": 1 } }, "required": ["at", "phase", "message"], "additionalProperties": false } }, "isolation": { "description": "absent in reports written before isolation was recorded", "type": "object", "properties": { "mode": { "type": "string", "enum": ["os-user", "none"], "description": "os-user: agents ran as separate unprivileged users; none: with okstra's own privileges" }, "detail": { "type": "string", "pattern": "\\S", "description": 'one sentence, e.g. "agents ran as okstra-agent-1\u20263 without sudo"' } }, "required": ["mode", "detail"], "additionalProperties": false } }, "required": ["schemaVersion", "plan", "stage", "run", "git", "roster", "executor", "qa", "verifiers", "findings", "convergence", "verdict", "stageSidecarEvidence", "ledgerRow", "progress", "usage", "remainingQueue", "errors"], "additionalProperties": false, "description": "okstra final report of one stage run" };
var func1 = Object.prototype.hasOwnProperty;
var func2 = ucs2length;
var pattern4 = new RegExp("^[a-z0-9][a-z0-9._-]{0,62}$", "u");
var pattern5 = new RegExp("^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "u");
var pattern6 = new RegExp("^[0-9a-f]{40}([0-9a-f]{24})?$", "u");
var pattern7 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$", "u");
var pattern8 = new RegExp("^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", "u");
var pattern14 = new RegExp("^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", "u");
var pattern17 = new RegExp("\\S", "u");
var pattern19 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", "u");
var pattern53 = new RegExp("^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\\n\\r]*)?$", "u");
var pattern56 = new RegExp("^[a-z][a-z0-9-]*$", "u");
var formats0 = fullFormats["date-time"];
var formats4 = fullFormats.uri;
function validate20(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate20.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.schemaVersion === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "schemaVersion" }, message: "must have required property 'schemaVersion'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.plan === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "plan" }, message: "must have required property 'plan'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.stage === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "stage" }, message: "must have required property 'stage'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.run === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "run" }, message: "must have required property 'run'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.git === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "git" }, message: "must have required property 'git'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.roster === void 0) {
      const err5 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "roster" }, message: "must have required property 'roster'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err5];
      } else {
        vErrors.push(err5);
      }
      errors++;
    }
    if (data.executor === void 0) {
      const err6 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "executor" }, message: "must have required property 'executor'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err6];
      } else {
        vErrors.push(err6);
      }
      errors++;
    }
    if (data.qa === void 0) {
      const err7 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "qa" }, message: "must have required property 'qa'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err7];
      } else {
        vErrors.push(err7);
      }
      errors++;
    }
    if (data.verifiers === void 0) {
      const err8 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "verifiers" }, message: "must have required property 'verifiers'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err8];
      } else {
        vErrors.push(err8);
      }
      errors++;
    }
    if (data.findings === void 0) {
      const err9 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "findings" }, message: "must have required property 'findings'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err9];
      } else {
        vErrors.push(err9);
      }
      errors++;
    }
    if (data.convergence === void 0) {
      const err10 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "convergence" }, message: "must have required property 'convergence'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err10];
      } else {
        vErrors.push(err10);
      }
      errors++;
    }
    if (data.verdict === void 0) {
      const err11 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "verdict" }, message: "must have required property 'verdict'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err11];
      } else {
        vErrors.push(err11);
      }
      errors++;
    }
    if (data.stageSidecarEvidence === void 0) {
      const err12 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "stageSidecarEvidence" }, message: "must have required property 'stageSidecarEvidence'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err12];
      } else {
        vErrors.push(err12);
      }
      errors++;
    }
    if (data.ledgerRow === void 0) {
      const err13 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "ledgerRow" }, message: "must have required property 'ledgerRow'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err13];
      } else {
        vErrors.push(err13);
      }
      errors++;
    }
    if (data.progress === void 0) {
      const err14 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "progress" }, message: "must have required property 'progress'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err14];
      } else {
        vErrors.push(err14);
      }
      errors++;
    }
    if (data.usage === void 0) {
      const err15 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "usage" }, message: "must have required property 'usage'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err15];
      } else {
        vErrors.push(err15);
      }
      errors++;
    }
    if (data.remainingQueue === void 0) {
      const err16 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "remainingQueue" }, message: "must have required property 'remainingQueue'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err16];
      } else {
        vErrors.push(err16);
      }
      errors++;
    }
    if (data.errors === void 0) {
      const err17 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "errors" }, message: "must have required property 'errors'", schema: schema31.required, parentSchema: schema31, data };
      if (vErrors === null) {
        vErrors = [err17];
      } else {
        vErrors.push(err17);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func1.call(schema31.properties, key0)) {
        const err18 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31, data };
        if (vErrors === null) {
          vErrors = [err18];
        } else {
          vErrors.push(err18);
        }
        errors++;
      }
    }
    if (data.schemaVersion !== void 0) {
      let data0 = data.schemaVersion;
      if (!(typeof data0 == "number" && isFinite(data0))) {
        const err19 = { instancePath: instancePath + "/schemaVersion", schemaPath: "#/properties/schemaVersion/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.schemaVersion.type, parentSchema: schema31.properties.schemaVersion, data: data0 };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
      if (1 !== data0) {
        const err20 = { instancePath: instancePath + "/schemaVersion", schemaPath: "#/properties/schemaVersion/const", keyword: "const", params: { allowedValue: 1 }, message: "must be equal to constant", schema: 1, parentSchema: schema31.properties.schemaVersion, data: data0 };
        if (vErrors === null) {
          vErrors = [err20];
        } else {
          vErrors.push(err20);
        }
        errors++;
      }
    }
    if (data.plan !== void 0) {
      let data1 = data.plan;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        if (data1.id === void 0) {
          const err21 = { instancePath: instancePath + "/plan", schemaPath: "#/properties/plan/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'", schema: schema31.properties.plan.required, parentSchema: schema31.properties.plan, data: data1 };
          if (vErrors === null) {
            vErrors = [err21];
          } else {
            vErrors.push(err21);
          }
          errors++;
        }
        if (data1.title === void 0) {
          const err22 = { instancePath: instancePath + "/plan", schemaPath: "#/properties/plan/required", keyword: "required", params: { missingProperty: "title" }, message: "must have required property 'title'", schema: schema31.properties.plan.required, parentSchema: schema31.properties.plan, data: data1 };
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
        if (data1.path === void 0) {
          const err23 = { instancePath: instancePath + "/plan", schemaPath: "#/properties/plan/required", keyword: "required", params: { missingProperty: "path" }, message: "must have required property 'path'", schema: schema31.properties.plan.required, parentSchema: schema31.properties.plan, data: data1 };
          if (vErrors === null) {
            vErrors = [err23];
          } else {
            vErrors.push(err23);
          }
          errors++;
        }
        if (data1.commit === void 0) {
          const err24 = { instancePath: instancePath + "/plan", schemaPath: "#/properties/plan/required", keyword: "required", params: { missingProperty: "commit" }, message: "must have required property 'commit'", schema: schema31.properties.plan.required, parentSchema: schema31.properties.plan, data: data1 };
          if (vErrors === null) {
            vErrors = [err24];
          } else {
            vErrors.push(err24);
          }
          errors++;
        }
        for (const key1 in data1) {
          if (!(key1 === "id" || key1 === "title" || key1 === "path" || key1 === "commit")) {
            const err25 = { instancePath: instancePath + "/plan", schemaPath: "#/properties/plan/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.plan, data: data1 };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
        if (data1.id !== void 0) {
          let data2 = data1.id;
          if (typeof data2 === "string") {
            if (!pattern4.test(data2)) {
              const err26 = { instancePath: instancePath + "/plan/id", schemaPath: "#/properties/plan/properties/id/pattern", keyword: "pattern", params: { pattern: "^[a-z0-9][a-z0-9._-]{0,62}$" }, message: 'must match pattern "^[a-z0-9][a-z0-9._-]{0,62}$"', schema: "^[a-z0-9][a-z0-9._-]{0,62}$", parentSchema: schema31.properties.plan.properties.id, data: data2 };
              if (vErrors === null) {
                vErrors = [err26];
              } else {
                vErrors.push(err26);
              }
              errors++;
            }
          } else {
            const err27 = { instancePath: instancePath + "/plan/id", schemaPath: "#/properties/plan/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.plan.properties.id.type, parentSchema: schema31.properties.plan.properties.id, data: data2 };
            if (vErrors === null) {
              vErrors = [err27];
            } else {
              vErrors.push(err27);
            }
            errors++;
          }
        }
        if (data1.title !== void 0) {
          let data3 = data1.title;
          if (typeof data3 !== "string" && data3 !== null) {
            const err28 = { instancePath: instancePath + "/plan/title", schemaPath: "#/properties/plan/properties/title/type", keyword: "type", params: { type: schema31.properties.plan.properties.title.type }, message: "must be string,null", schema: schema31.properties.plan.properties.title.type, parentSchema: schema31.properties.plan.properties.title, data: data3 };
            if (vErrors === null) {
              vErrors = [err28];
            } else {
              vErrors.push(err28);
            }
            errors++;
          }
        }
        if (data1.path !== void 0) {
          let data4 = data1.path;
          if (typeof data4 === "string") {
            if (!pattern5.test(data4)) {
              const err29 = { instancePath: instancePath + "/plan/path", schemaPath: "#/properties/plan/properties/path/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.plan.properties.path, data: data4 };
              if (vErrors === null) {
                vErrors = [err29];
              } else {
                vErrors.push(err29);
              }
              errors++;
            }
          } else {
            const err30 = { instancePath: instancePath + "/plan/path", schemaPath: "#/properties/plan/properties/path/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.plan.properties.path.type, parentSchema: schema31.properties.plan.properties.path, data: data4 };
            if (vErrors === null) {
              vErrors = [err30];
            } else {
              vErrors.push(err30);
            }
            errors++;
          }
        }
        if (data1.commit !== void 0) {
          let data5 = data1.commit;
          if (typeof data5 === "string") {
            if (!pattern6.test(data5)) {
              const err31 = { instancePath: instancePath + "/plan/commit", schemaPath: "#/properties/plan/properties/commit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.plan.properties.commit, data: data5 };
              if (vErrors === null) {
                vErrors = [err31];
              } else {
                vErrors.push(err31);
              }
              errors++;
            }
          } else {
            const err32 = { instancePath: instancePath + "/plan/commit", schemaPath: "#/properties/plan/properties/commit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.plan.properties.commit.type, parentSchema: schema31.properties.plan.properties.commit, data: data5 };
            if (vErrors === null) {
              vErrors = [err32];
            } else {
              vErrors.push(err32);
            }
            errors++;
          }
        }
      } else {
        const err33 = { instancePath: instancePath + "/plan", schemaPath: "#/properties/plan/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.plan.type, parentSchema: schema31.properties.plan, data: data1 };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
    }
    if (data.stage !== void 0) {
      let data6 = data.stage;
      if (data6 && typeof data6 == "object" && !Array.isArray(data6)) {
        if (data6.number === void 0) {
          const err34 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/required", keyword: "required", params: { missingProperty: "number" }, message: "must have required property 'number'", schema: schema31.properties.stage.required, parentSchema: schema31.properties.stage, data: data6 };
          if (vErrors === null) {
            vErrors = [err34];
          } else {
            vErrors.push(err34);
          }
          errors++;
        }
        if (data6.title === void 0) {
          const err35 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/required", keyword: "required", params: { missingProperty: "title" }, message: "must have required property 'title'", schema: schema31.properties.stage.required, parentSchema: schema31.properties.stage, data: data6 };
          if (vErrors === null) {
            vErrors = [err35];
          } else {
            vErrors.push(err35);
          }
          errors++;
        }
        if (data6.dependsOn === void 0) {
          const err36 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/required", keyword: "required", params: { missingProperty: "dependsOn" }, message: "must have required property 'dependsOn'", schema: schema31.properties.stage.required, parentSchema: schema31.properties.stage, data: data6 };
          if (vErrors === null) {
            vErrors = [err36];
          } else {
            vErrors.push(err36);
          }
          errors++;
        }
        for (const key2 in data6) {
          if (!(key2 === "number" || key2 === "title" || key2 === "dependsOn")) {
            const err37 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.stage, data: data6 };
            if (vErrors === null) {
              vErrors = [err37];
            } else {
              vErrors.push(err37);
            }
            errors++;
          }
        }
        if (data6.number !== void 0) {
          let data7 = data6.number;
          if (!(typeof data7 == "number" && (!(data7 % 1) && !isNaN(data7)) && isFinite(data7))) {
            const err38 = { instancePath: instancePath + "/stage/number", schemaPath: "#/properties/stage/properties/number/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.stage.properties.number.type, parentSchema: schema31.properties.stage.properties.number, data: data7 };
            if (vErrors === null) {
              vErrors = [err38];
            } else {
              vErrors.push(err38);
            }
            errors++;
          }
          if (typeof data7 == "number" && isFinite(data7)) {
            if (data7 > 9007199254740991 || isNaN(data7)) {
              const err39 = { instancePath: instancePath + "/stage/number", schemaPath: "#/properties/stage/properties/number/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.stage.properties.number, data: data7 };
              if (vErrors === null) {
                vErrors = [err39];
              } else {
                vErrors.push(err39);
              }
              errors++;
            }
            if (data7 <= 0 || isNaN(data7)) {
              const err40 = { instancePath: instancePath + "/stage/number", schemaPath: "#/properties/stage/properties/number/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.stage.properties.number, data: data7 };
              if (vErrors === null) {
                vErrors = [err40];
              } else {
                vErrors.push(err40);
              }
              errors++;
            }
          }
        }
        if (data6.title !== void 0) {
          let data8 = data6.title;
          if (typeof data8 !== "string") {
            const err41 = { instancePath: instancePath + "/stage/title", schemaPath: "#/properties/stage/properties/title/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.stage.properties.title.type, parentSchema: schema31.properties.stage.properties.title, data: data8 };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
        }
        if (data6.dependsOn !== void 0) {
          let data9 = data6.dependsOn;
          if (Array.isArray(data9)) {
            const len0 = data9.length;
            for (let i0 = 0; i0 < len0; i0++) {
              let data10 = data9[i0];
              if (!(typeof data10 == "number" && (!(data10 % 1) && !isNaN(data10)) && isFinite(data10))) {
                const err42 = { instancePath: instancePath + "/stage/dependsOn/" + i0, schemaPath: "#/properties/stage/properties/dependsOn/items/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.stage.properties.dependsOn.items.type, parentSchema: schema31.properties.stage.properties.dependsOn.items, data: data10 };
                if (vErrors === null) {
                  vErrors = [err42];
                } else {
                  vErrors.push(err42);
                }
                errors++;
              }
              if (typeof data10 == "number" && isFinite(data10)) {
                if (data10 > 9007199254740991 || isNaN(data10)) {
                  const err43 = { instancePath: instancePath + "/stage/dependsOn/" + i0, schemaPath: "#/properties/stage/properties/dependsOn/items/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.stage.properties.dependsOn.items, data: data10 };
                  if (vErrors === null) {
                    vErrors = [err43];
                  } else {
                    vErrors.push(err43);
                  }
                  errors++;
                }
                if (data10 <= 0 || isNaN(data10)) {
                  const err44 = { instancePath: instancePath + "/stage/dependsOn/" + i0, schemaPath: "#/properties/stage/properties/dependsOn/items/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.stage.properties.dependsOn.items, data: data10 };
                  if (vErrors === null) {
                    vErrors = [err44];
                  } else {
                    vErrors.push(err44);
                  }
                  errors++;
                }
              }
            }
          } else {
            const err45 = { instancePath: instancePath + "/stage/dependsOn", schemaPath: "#/properties/stage/properties/dependsOn/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.stage.properties.dependsOn.type, parentSchema: schema31.properties.stage.properties.dependsOn, data: data9 };
            if (vErrors === null) {
              vErrors = [err45];
            } else {
              vErrors.push(err45);
            }
            errors++;
          }
        }
      } else {
        const err46 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.stage.type, parentSchema: schema31.properties.stage, data: data6 };
        if (vErrors === null) {
          vErrors = [err46];
        } else {
          vErrors.push(err46);
        }
        errors++;
      }
    }
    if (data.run !== void 0) {
      let data11 = data.run;
      if (data11 && typeof data11 == "object" && !Array.isArray(data11)) {
        if (data11.id === void 0) {
          const err47 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err47];
          } else {
            vErrors.push(err47);
          }
          errors++;
        }
        if (data11.attempt === void 0) {
          const err48 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "attempt" }, message: "must have required property 'attempt'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err48];
          } else {
            vErrors.push(err48);
          }
          errors++;
        }
        if (data11.startedAt === void 0) {
          const err49 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "startedAt" }, message: "must have required property 'startedAt'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err49];
          } else {
            vErrors.push(err49);
          }
          errors++;
        }
        if (data11.finishedAt === void 0) {
          const err50 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "finishedAt" }, message: "must have required property 'finishedAt'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err50];
          } else {
            vErrors.push(err50);
          }
          errors++;
        }
        if (data11.durationMs === void 0) {
          const err51 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "durationMs" }, message: "must have required property 'durationMs'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err51];
          } else {
            vErrors.push(err51);
          }
          errors++;
        }
        if (data11.trigger === void 0) {
          const err52 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "trigger" }, message: "must have required property 'trigger'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err52];
          } else {
            vErrors.push(err52);
          }
          errors++;
        }
        if (data11.url === void 0) {
          const err53 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/required", keyword: "required", params: { missingProperty: "url" }, message: "must have required property 'url'", schema: schema31.properties.run.required, parentSchema: schema31.properties.run, data: data11 };
          if (vErrors === null) {
            vErrors = [err53];
          } else {
            vErrors.push(err53);
          }
          errors++;
        }
        for (const key3 in data11) {
          if (!(key3 === "id" || key3 === "attempt" || key3 === "startedAt" || key3 === "finishedAt" || key3 === "durationMs" || key3 === "trigger" || key3 === "url")) {
            const err54 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.run, data: data11 };
            if (vErrors === null) {
              vErrors = [err54];
            } else {
              vErrors.push(err54);
            }
            errors++;
          }
        }
        if (data11.id !== void 0) {
          let data12 = data11.id;
          if (typeof data12 === "string") {
            if (!pattern7.test(data12)) {
              const err55 = { instancePath: instancePath + "/run/id", schemaPath: "#/properties/run/properties/id/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$", parentSchema: schema31.properties.run.properties.id, data: data12 };
              if (vErrors === null) {
                vErrors = [err55];
              } else {
                vErrors.push(err55);
              }
              errors++;
            }
          } else {
            const err56 = { instancePath: instancePath + "/run/id", schemaPath: "#/properties/run/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.id.type, parentSchema: schema31.properties.run.properties.id, data: data12 };
            if (vErrors === null) {
              vErrors = [err56];
            } else {
              vErrors.push(err56);
            }
            errors++;
          }
        }
        if (data11.attempt !== void 0) {
          let data13 = data11.attempt;
          if (!(typeof data13 == "number" && (!(data13 % 1) && !isNaN(data13)) && isFinite(data13))) {
            const err57 = { instancePath: instancePath + "/run/attempt", schemaPath: "#/properties/run/properties/attempt/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.run.properties.attempt.type, parentSchema: schema31.properties.run.properties.attempt, data: data13 };
            if (vErrors === null) {
              vErrors = [err57];
            } else {
              vErrors.push(err57);
            }
            errors++;
          }
          if (typeof data13 == "number" && isFinite(data13)) {
            if (data13 > 9007199254740991 || isNaN(data13)) {
              const err58 = { instancePath: instancePath + "/run/attempt", schemaPath: "#/properties/run/properties/attempt/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.run.properties.attempt, data: data13 };
              if (vErrors === null) {
                vErrors = [err58];
              } else {
                vErrors.push(err58);
              }
              errors++;
            }
            if (data13 <= 0 || isNaN(data13)) {
              const err59 = { instancePath: instancePath + "/run/attempt", schemaPath: "#/properties/run/properties/attempt/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.run.properties.attempt, data: data13 };
              if (vErrors === null) {
                vErrors = [err59];
              } else {
                vErrors.push(err59);
              }
              errors++;
            }
          }
        }
        if (data11.startedAt !== void 0) {
          let data14 = data11.startedAt;
          if (typeof data14 === "string") {
            if (!pattern8.test(data14)) {
              const err60 = { instancePath: instancePath + "/run/startedAt", schemaPath: "#/properties/run/properties/startedAt/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.run.properties.startedAt, data: data14 };
              if (vErrors === null) {
                vErrors = [err60];
              } else {
                vErrors.push(err60);
              }
              errors++;
            }
            if (!formats0.validate(data14)) {
              const err61 = { instancePath: instancePath + "/run/startedAt", schemaPath: "#/properties/run/properties/startedAt/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.run.properties.startedAt, data: data14 };
              if (vErrors === null) {
                vErrors = [err61];
              } else {
                vErrors.push(err61);
              }
              errors++;
            }
          } else {
            const err62 = { instancePath: instancePath + "/run/startedAt", schemaPath: "#/properties/run/properties/startedAt/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.startedAt.type, parentSchema: schema31.properties.run.properties.startedAt, data: data14 };
            if (vErrors === null) {
              vErrors = [err62];
            } else {
              vErrors.push(err62);
            }
            errors++;
          }
        }
        if (data11.finishedAt !== void 0) {
          let data15 = data11.finishedAt;
          if (typeof data15 === "string") {
            if (!pattern8.test(data15)) {
              const err63 = { instancePath: instancePath + "/run/finishedAt", schemaPath: "#/properties/run/properties/finishedAt/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.run.properties.finishedAt, data: data15 };
              if (vErrors === null) {
                vErrors = [err63];
              } else {
                vErrors.push(err63);
              }
              errors++;
            }
            if (!formats0.validate(data15)) {
              const err64 = { instancePath: instancePath + "/run/finishedAt", schemaPath: "#/properties/run/properties/finishedAt/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.run.properties.finishedAt, data: data15 };
              if (vErrors === null) {
                vErrors = [err64];
              } else {
                vErrors.push(err64);
              }
              errors++;
            }
          } else {
            const err65 = { instancePath: instancePath + "/run/finishedAt", schemaPath: "#/properties/run/properties/finishedAt/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.finishedAt.type, parentSchema: schema31.properties.run.properties.finishedAt, data: data15 };
            if (vErrors === null) {
              vErrors = [err65];
            } else {
              vErrors.push(err65);
            }
            errors++;
          }
        }
        if (data11.durationMs !== void 0) {
          let data16 = data11.durationMs;
          if (!(typeof data16 == "number" && (!(data16 % 1) && !isNaN(data16)) && isFinite(data16))) {
            const err66 = { instancePath: instancePath + "/run/durationMs", schemaPath: "#/properties/run/properties/durationMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.run.properties.durationMs.type, parentSchema: schema31.properties.run.properties.durationMs, data: data16 };
            if (vErrors === null) {
              vErrors = [err66];
            } else {
              vErrors.push(err66);
            }
            errors++;
          }
          if (typeof data16 == "number" && isFinite(data16)) {
            if (data16 > 9007199254740991 || isNaN(data16)) {
              const err67 = { instancePath: instancePath + "/run/durationMs", schemaPath: "#/properties/run/properties/durationMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.run.properties.durationMs, data: data16 };
              if (vErrors === null) {
                vErrors = [err67];
              } else {
                vErrors.push(err67);
              }
              errors++;
            }
            if (data16 < 0 || isNaN(data16)) {
              const err68 = { instancePath: instancePath + "/run/durationMs", schemaPath: "#/properties/run/properties/durationMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.run.properties.durationMs, data: data16 };
              if (vErrors === null) {
                vErrors = [err68];
              } else {
                vErrors.push(err68);
              }
              errors++;
            }
          }
        }
        if (data11.trigger !== void 0) {
          let data17 = data11.trigger;
          if (data17 && typeof data17 == "object" && !Array.isArray(data17)) {
            if (data17.kind === void 0) {
              const err69 = { instancePath: instancePath + "/run/trigger", schemaPath: "#/properties/run/properties/trigger/required", keyword: "required", params: { missingProperty: "kind" }, message: "must have required property 'kind'", schema: schema31.properties.run.properties.trigger.required, parentSchema: schema31.properties.run.properties.trigger, data: data17 };
              if (vErrors === null) {
                vErrors = [err69];
              } else {
                vErrors.push(err69);
              }
              errors++;
            }
            if (data17.actor === void 0) {
              const err70 = { instancePath: instancePath + "/run/trigger", schemaPath: "#/properties/run/properties/trigger/required", keyword: "required", params: { missingProperty: "actor" }, message: "must have required property 'actor'", schema: schema31.properties.run.properties.trigger.required, parentSchema: schema31.properties.run.properties.trigger, data: data17 };
              if (vErrors === null) {
                vErrors = [err70];
              } else {
                vErrors.push(err70);
              }
              errors++;
            }
            if (data17.url === void 0) {
              const err71 = { instancePath: instancePath + "/run/trigger", schemaPath: "#/properties/run/properties/trigger/required", keyword: "required", params: { missingProperty: "url" }, message: "must have required property 'url'", schema: schema31.properties.run.properties.trigger.required, parentSchema: schema31.properties.run.properties.trigger, data: data17 };
              if (vErrors === null) {
                vErrors = [err71];
              } else {
                vErrors.push(err71);
              }
              errors++;
            }
            for (const key4 in data17) {
              if (!(key4 === "kind" || key4 === "actor" || key4 === "url")) {
                const err72 = { instancePath: instancePath + "/run/trigger", schemaPath: "#/properties/run/properties/trigger/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.run.properties.trigger, data: data17 };
                if (vErrors === null) {
                  vErrors = [err72];
                } else {
                  vErrors.push(err72);
                }
                errors++;
              }
            }
            if (data17.kind !== void 0) {
              let data18 = data17.kind;
              if (typeof data18 !== "string") {
                const err73 = { instancePath: instancePath + "/run/trigger/kind", schemaPath: "#/properties/run/properties/trigger/properties/kind/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.trigger.properties.kind.type, parentSchema: schema31.properties.run.properties.trigger.properties.kind, data: data18 };
                if (vErrors === null) {
                  vErrors = [err73];
                } else {
                  vErrors.push(err73);
                }
                errors++;
              }
              if (!(data18 === "label" || data18 === "comment" || data18 === "schedule" || data18 === "dispatch" || data18 === "rerequest" || data18 === "cli")) {
                const err74 = { instancePath: instancePath + "/run/trigger/kind", schemaPath: "#/properties/run/properties/trigger/properties/kind/enum", keyword: "enum", params: { allowedValues: schema31.properties.run.properties.trigger.properties.kind.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.run.properties.trigger.properties.kind.enum, parentSchema: schema31.properties.run.properties.trigger.properties.kind, data: data18 };
                if (vErrors === null) {
                  vErrors = [err74];
                } else {
                  vErrors.push(err74);
                }
                errors++;
              }
            }
            if (data17.actor !== void 0) {
              let data19 = data17.actor;
              const _errs45 = errors;
              let valid7 = false;
              const _errs46 = errors;
              if (typeof data19 === "string") {
                if (func2(data19) < 1) {
                  const err75 = { instancePath: instancePath + "/run/trigger/actor", schemaPath: "#/properties/run/properties/trigger/properties/actor/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.run.properties.trigger.properties.actor.anyOf[0], data: data19 };
                  if (vErrors === null) {
                    vErrors = [err75];
                  } else {
                    vErrors.push(err75);
                  }
                  errors++;
                }
              } else {
                const err76 = { instancePath: instancePath + "/run/trigger/actor", schemaPath: "#/properties/run/properties/trigger/properties/actor/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.trigger.properties.actor.anyOf[0].type, parentSchema: schema31.properties.run.properties.trigger.properties.actor.anyOf[0], data: data19 };
                if (vErrors === null) {
                  vErrors = [err76];
                } else {
                  vErrors.push(err76);
                }
                errors++;
              }
              var _valid0 = _errs46 === errors;
              valid7 = valid7 || _valid0;
              const _errs48 = errors;
              if (data19 !== null) {
                const err77 = { instancePath: instancePath + "/run/trigger/actor", schemaPath: "#/properties/run/properties/trigger/properties/actor/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.run.properties.trigger.properties.actor.anyOf[1].type, parentSchema: schema31.properties.run.properties.trigger.properties.actor.anyOf[1], data: data19 };
                if (vErrors === null) {
                  vErrors = [err77];
                } else {
                  vErrors.push(err77);
                }
                errors++;
              }
              var _valid0 = _errs48 === errors;
              valid7 = valid7 || _valid0;
              if (!valid7) {
                const err78 = { instancePath: instancePath + "/run/trigger/actor", schemaPath: "#/properties/run/properties/trigger/properties/actor/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.run.properties.trigger.properties.actor.anyOf, parentSchema: schema31.properties.run.properties.trigger.properties.actor, data: data19 };
                if (vErrors === null) {
                  vErrors = [err78];
                } else {
                  vErrors.push(err78);
                }
                errors++;
              } else {
                errors = _errs45;
                if (vErrors !== null) {
                  if (_errs45) {
                    vErrors.length = _errs45;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data17.url !== void 0) {
              let data20 = data17.url;
              const _errs51 = errors;
              let valid8 = false;
              const _errs52 = errors;
              if (typeof data20 === "string") {
                if (!formats4(data20)) {
                  const err79 = { instancePath: instancePath + "/run/trigger/url", schemaPath: "#/properties/run/properties/trigger/properties/url/anyOf/0/format", keyword: "format", params: { format: "uri" }, message: 'must match format "uri"', schema: "uri", parentSchema: schema31.properties.run.properties.trigger.properties.url.anyOf[0], data: data20 };
                  if (vErrors === null) {
                    vErrors = [err79];
                  } else {
                    vErrors.push(err79);
                  }
                  errors++;
                }
              } else {
                const err80 = { instancePath: instancePath + "/run/trigger/url", schemaPath: "#/properties/run/properties/trigger/properties/url/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.trigger.properties.url.anyOf[0].type, parentSchema: schema31.properties.run.properties.trigger.properties.url.anyOf[0], data: data20 };
                if (vErrors === null) {
                  vErrors = [err80];
                } else {
                  vErrors.push(err80);
                }
                errors++;
              }
              var _valid1 = _errs52 === errors;
              valid8 = valid8 || _valid1;
              const _errs54 = errors;
              if (data20 !== null) {
                const err81 = { instancePath: instancePath + "/run/trigger/url", schemaPath: "#/properties/run/properties/trigger/properties/url/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.run.properties.trigger.properties.url.anyOf[1].type, parentSchema: schema31.properties.run.properties.trigger.properties.url.anyOf[1], data: data20 };
                if (vErrors === null) {
                  vErrors = [err81];
                } else {
                  vErrors.push(err81);
                }
                errors++;
              }
              var _valid1 = _errs54 === errors;
              valid8 = valid8 || _valid1;
              if (!valid8) {
                const err82 = { instancePath: instancePath + "/run/trigger/url", schemaPath: "#/properties/run/properties/trigger/properties/url/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.run.properties.trigger.properties.url.anyOf, parentSchema: schema31.properties.run.properties.trigger.properties.url, data: data20 };
                if (vErrors === null) {
                  vErrors = [err82];
                } else {
                  vErrors.push(err82);
                }
                errors++;
              } else {
                errors = _errs51;
                if (vErrors !== null) {
                  if (_errs51) {
                    vErrors.length = _errs51;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
          } else {
            const err83 = { instancePath: instancePath + "/run/trigger", schemaPath: "#/properties/run/properties/trigger/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.run.properties.trigger.type, parentSchema: schema31.properties.run.properties.trigger, data: data17 };
            if (vErrors === null) {
              vErrors = [err83];
            } else {
              vErrors.push(err83);
            }
            errors++;
          }
        }
        if (data11.url !== void 0) {
          let data21 = data11.url;
          const _errs57 = errors;
          let valid9 = false;
          const _errs58 = errors;
          if (typeof data21 === "string") {
            if (!formats4(data21)) {
              const err84 = { instancePath: instancePath + "/run/url", schemaPath: "#/properties/run/properties/url/anyOf/0/format", keyword: "format", params: { format: "uri" }, message: 'must match format "uri"', schema: "uri", parentSchema: schema31.properties.run.properties.url.anyOf[0], data: data21 };
              if (vErrors === null) {
                vErrors = [err84];
              } else {
                vErrors.push(err84);
              }
              errors++;
            }
          } else {
            const err85 = { instancePath: instancePath + "/run/url", schemaPath: "#/properties/run/properties/url/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.run.properties.url.anyOf[0].type, parentSchema: schema31.properties.run.properties.url.anyOf[0], data: data21 };
            if (vErrors === null) {
              vErrors = [err85];
            } else {
              vErrors.push(err85);
            }
            errors++;
          }
          var _valid2 = _errs58 === errors;
          valid9 = valid9 || _valid2;
          const _errs60 = errors;
          if (data21 !== null) {
            const err86 = { instancePath: instancePath + "/run/url", schemaPath: "#/properties/run/properties/url/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.run.properties.url.anyOf[1].type, parentSchema: schema31.properties.run.properties.url.anyOf[1], data: data21 };
            if (vErrors === null) {
              vErrors = [err86];
            } else {
              vErrors.push(err86);
            }
            errors++;
          }
          var _valid2 = _errs60 === errors;
          valid9 = valid9 || _valid2;
          if (!valid9) {
            const err87 = { instancePath: instancePath + "/run/url", schemaPath: "#/properties/run/properties/url/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.run.properties.url.anyOf, parentSchema: schema31.properties.run.properties.url, data: data21 };
            if (vErrors === null) {
              vErrors = [err87];
            } else {
              vErrors.push(err87);
            }
            errors++;
          } else {
            errors = _errs57;
            if (vErrors !== null) {
              if (_errs57) {
                vErrors.length = _errs57;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err88 = { instancePath: instancePath + "/run", schemaPath: "#/properties/run/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.run.type, parentSchema: schema31.properties.run, data: data11 };
        if (vErrors === null) {
          vErrors = [err88];
        } else {
          vErrors.push(err88);
        }
        errors++;
      }
    }
    if (data.git !== void 0) {
      let data22 = data.git;
      if (data22 && typeof data22 == "object" && !Array.isArray(data22)) {
        if (data22.branch === void 0) {
          const err89 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "branch" }, message: "must have required property 'branch'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err89];
          } else {
            vErrors.push(err89);
          }
          errors++;
        }
        if (data22.baseCommit === void 0) {
          const err90 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "baseCommit" }, message: "must have required property 'baseCommit'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err90];
          } else {
            vErrors.push(err90);
          }
          errors++;
        }
        if (data22.headCommit === void 0) {
          const err91 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "headCommit" }, message: "must have required property 'headCommit'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err91];
          } else {
            vErrors.push(err91);
          }
          errors++;
        }
        if (data22.reusedBranch === void 0) {
          const err92 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "reusedBranch" }, message: "must have required property 'reusedBranch'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err92];
          } else {
            vErrors.push(err92);
          }
          errors++;
        }
        if (data22.diffStat === void 0) {
          const err93 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "diffStat" }, message: "must have required property 'diffStat'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err93];
          } else {
            vErrors.push(err93);
          }
          errors++;
        }
        if (data22.changedFiles === void 0) {
          const err94 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "changedFiles" }, message: "must have required property 'changedFiles'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err94];
          } else {
            vErrors.push(err94);
          }
          errors++;
        }
        if (data22.outOfPlanFiles === void 0) {
          const err95 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/required", keyword: "required", params: { missingProperty: "outOfPlanFiles" }, message: "must have required property 'outOfPlanFiles'", schema: schema31.properties.git.required, parentSchema: schema31.properties.git, data: data22 };
          if (vErrors === null) {
            vErrors = [err95];
          } else {
            vErrors.push(err95);
          }
          errors++;
        }
        for (const key5 in data22) {
          if (!(key5 === "branch" || key5 === "baseCommit" || key5 === "headCommit" || key5 === "reusedBranch" || key5 === "diffStat" || key5 === "changedFiles" || key5 === "outOfPlanFiles")) {
            const err96 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key5 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.git, data: data22 };
            if (vErrors === null) {
              vErrors = [err96];
            } else {
              vErrors.push(err96);
            }
            errors++;
          }
        }
        if (data22.branch !== void 0) {
          let data23 = data22.branch;
          if (typeof data23 === "string") {
            if (func2(data23) < 1) {
              const err97 = { instancePath: instancePath + "/git/branch", schemaPath: "#/properties/git/properties/branch/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.git.properties.branch, data: data23 };
              if (vErrors === null) {
                vErrors = [err97];
              } else {
                vErrors.push(err97);
              }
              errors++;
            }
          } else {
            const err98 = { instancePath: instancePath + "/git/branch", schemaPath: "#/properties/git/properties/branch/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.git.properties.branch.type, parentSchema: schema31.properties.git.properties.branch, data: data23 };
            if (vErrors === null) {
              vErrors = [err98];
            } else {
              vErrors.push(err98);
            }
            errors++;
          }
        }
        if (data22.baseCommit !== void 0) {
          let data24 = data22.baseCommit;
          if (typeof data24 === "string") {
            if (!pattern6.test(data24)) {
              const err99 = { instancePath: instancePath + "/git/baseCommit", schemaPath: "#/properties/git/properties/baseCommit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.git.properties.baseCommit, data: data24 };
              if (vErrors === null) {
                vErrors = [err99];
              } else {
                vErrors.push(err99);
              }
              errors++;
            }
          } else {
            const err100 = { instancePath: instancePath + "/git/baseCommit", schemaPath: "#/properties/git/properties/baseCommit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.git.properties.baseCommit.type, parentSchema: schema31.properties.git.properties.baseCommit, data: data24 };
            if (vErrors === null) {
              vErrors = [err100];
            } else {
              vErrors.push(err100);
            }
            errors++;
          }
        }
        if (data22.headCommit !== void 0) {
          let data25 = data22.headCommit;
          if (typeof data25 === "string") {
            if (!pattern6.test(data25)) {
              const err101 = { instancePath: instancePath + "/git/headCommit", schemaPath: "#/properties/git/properties/headCommit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.git.properties.headCommit, data: data25 };
              if (vErrors === null) {
                vErrors = [err101];
              } else {
                vErrors.push(err101);
              }
              errors++;
            }
          } else {
            const err102 = { instancePath: instancePath + "/git/headCommit", schemaPath: "#/properties/git/properties/headCommit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.git.properties.headCommit.type, parentSchema: schema31.properties.git.properties.headCommit, data: data25 };
            if (vErrors === null) {
              vErrors = [err102];
            } else {
              vErrors.push(err102);
            }
            errors++;
          }
        }
        if (data22.reusedBranch !== void 0) {
          let data26 = data22.reusedBranch;
          if (typeof data26 !== "boolean") {
            const err103 = { instancePath: instancePath + "/git/reusedBranch", schemaPath: "#/properties/git/properties/reusedBranch/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.git.properties.reusedBranch.type, parentSchema: schema31.properties.git.properties.reusedBranch, data: data26 };
            if (vErrors === null) {
              vErrors = [err103];
            } else {
              vErrors.push(err103);
            }
            errors++;
          }
        }
        if (data22.diffStat !== void 0) {
          let data27 = data22.diffStat;
          if (data27 && typeof data27 == "object" && !Array.isArray(data27)) {
            if (data27.filesChanged === void 0) {
              const err104 = { instancePath: instancePath + "/git/diffStat", schemaPath: "#/properties/git/properties/diffStat/required", keyword: "required", params: { missingProperty: "filesChanged" }, message: "must have required property 'filesChanged'", schema: schema31.properties.git.properties.diffStat.required, parentSchema: schema31.properties.git.properties.diffStat, data: data27 };
              if (vErrors === null) {
                vErrors = [err104];
              } else {
                vErrors.push(err104);
              }
              errors++;
            }
            if (data27.insertions === void 0) {
              const err105 = { instancePath: instancePath + "/git/diffStat", schemaPath: "#/properties/git/properties/diffStat/required", keyword: "required", params: { missingProperty: "insertions" }, message: "must have required property 'insertions'", schema: schema31.properties.git.properties.diffStat.required, parentSchema: schema31.properties.git.properties.diffStat, data: data27 };
              if (vErrors === null) {
                vErrors = [err105];
              } else {
                vErrors.push(err105);
              }
              errors++;
            }
            if (data27.deletions === void 0) {
              const err106 = { instancePath: instancePath + "/git/diffStat", schemaPath: "#/properties/git/properties/diffStat/required", keyword: "required", params: { missingProperty: "deletions" }, message: "must have required property 'deletions'", schema: schema31.properties.git.properties.diffStat.required, parentSchema: schema31.properties.git.properties.diffStat, data: data27 };
              if (vErrors === null) {
                vErrors = [err106];
              } else {
                vErrors.push(err106);
              }
              errors++;
            }
            for (const key6 in data27) {
              if (!(key6 === "filesChanged" || key6 === "insertions" || key6 === "deletions")) {
                const err107 = { instancePath: instancePath + "/git/diffStat", schemaPath: "#/properties/git/properties/diffStat/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key6 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.git.properties.diffStat, data: data27 };
                if (vErrors === null) {
                  vErrors = [err107];
                } else {
                  vErrors.push(err107);
                }
                errors++;
              }
            }
            if (data27.filesChanged !== void 0) {
              let data28 = data27.filesChanged;
              if (!(typeof data28 == "number" && (!(data28 % 1) && !isNaN(data28)) && isFinite(data28))) {
                const err108 = { instancePath: instancePath + "/git/diffStat/filesChanged", schemaPath: "#/properties/git/properties/diffStat/properties/filesChanged/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.git.properties.diffStat.properties.filesChanged.type, parentSchema: schema31.properties.git.properties.diffStat.properties.filesChanged, data: data28 };
                if (vErrors === null) {
                  vErrors = [err108];
                } else {
                  vErrors.push(err108);
                }
                errors++;
              }
              if (typeof data28 == "number" && isFinite(data28)) {
                if (data28 > 9007199254740991 || isNaN(data28)) {
                  const err109 = { instancePath: instancePath + "/git/diffStat/filesChanged", schemaPath: "#/properties/git/properties/diffStat/properties/filesChanged/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.git.properties.diffStat.properties.filesChanged, data: data28 };
                  if (vErrors === null) {
                    vErrors = [err109];
                  } else {
                    vErrors.push(err109);
                  }
                  errors++;
                }
                if (data28 < 0 || isNaN(data28)) {
                  const err110 = { instancePath: instancePath + "/git/diffStat/filesChanged", schemaPath: "#/properties/git/properties/diffStat/properties/filesChanged/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.git.properties.diffStat.properties.filesChanged, data: data28 };
                  if (vErrors === null) {
                    vErrors = [err110];
                  } else {
                    vErrors.push(err110);
                  }
                  errors++;
                }
              }
            }
            if (data27.insertions !== void 0) {
              let data29 = data27.insertions;
              if (!(typeof data29 == "number" && (!(data29 % 1) && !isNaN(data29)) && isFinite(data29))) {
                const err111 = { instancePath: instancePath + "/git/diffStat/insertions", schemaPath: "#/properties/git/properties/diffStat/properties/insertions/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.git.properties.diffStat.properties.insertions.type, parentSchema: schema31.properties.git.properties.diffStat.properties.insertions, data: data29 };
                if (vErrors === null) {
                  vErrors = [err111];
                } else {
                  vErrors.push(err111);
                }
                errors++;
              }
              if (typeof data29 == "number" && isFinite(data29)) {
                if (data29 > 9007199254740991 || isNaN(data29)) {
                  const err112 = { instancePath: instancePath + "/git/diffStat/insertions", schemaPath: "#/properties/git/properties/diffStat/properties/insertions/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.git.properties.diffStat.properties.insertions, data: data29 };
                  if (vErrors === null) {
                    vErrors = [err112];
                  } else {
                    vErrors.push(err112);
                  }
                  errors++;
                }
                if (data29 < 0 || isNaN(data29)) {
                  const err113 = { instancePath: instancePath + "/git/diffStat/insertions", schemaPath: "#/properties/git/properties/diffStat/properties/insertions/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.git.properties.diffStat.properties.insertions, data: data29 };
                  if (vErrors === null) {
                    vErrors = [err113];
                  } else {
                    vErrors.push(err113);
                  }
                  errors++;
                }
              }
            }
            if (data27.deletions !== void 0) {
              let data30 = data27.deletions;
              if (!(typeof data30 == "number" && (!(data30 % 1) && !isNaN(data30)) && isFinite(data30))) {
                const err114 = { instancePath: instancePath + "/git/diffStat/deletions", schemaPath: "#/properties/git/properties/diffStat/properties/deletions/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.git.properties.diffStat.properties.deletions.type, parentSchema: schema31.properties.git.properties.diffStat.properties.deletions, data: data30 };
                if (vErrors === null) {
                  vErrors = [err114];
                } else {
                  vErrors.push(err114);
                }
                errors++;
              }
              if (typeof data30 == "number" && isFinite(data30)) {
                if (data30 > 9007199254740991 || isNaN(data30)) {
                  const err115 = { instancePath: instancePath + "/git/diffStat/deletions", schemaPath: "#/properties/git/properties/diffStat/properties/deletions/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.git.properties.diffStat.properties.deletions, data: data30 };
                  if (vErrors === null) {
                    vErrors = [err115];
                  } else {
                    vErrors.push(err115);
                  }
                  errors++;
                }
                if (data30 < 0 || isNaN(data30)) {
                  const err116 = { instancePath: instancePath + "/git/diffStat/deletions", schemaPath: "#/properties/git/properties/diffStat/properties/deletions/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.git.properties.diffStat.properties.deletions, data: data30 };
                  if (vErrors === null) {
                    vErrors = [err116];
                  } else {
                    vErrors.push(err116);
                  }
                  errors++;
                }
              }
            }
          } else {
            const err117 = { instancePath: instancePath + "/git/diffStat", schemaPath: "#/properties/git/properties/diffStat/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.git.properties.diffStat.type, parentSchema: schema31.properties.git.properties.diffStat, data: data27 };
            if (vErrors === null) {
              vErrors = [err117];
            } else {
              vErrors.push(err117);
            }
            errors++;
          }
        }
        if (data22.changedFiles !== void 0) {
          let data31 = data22.changedFiles;
          if (Array.isArray(data31)) {
            const len1 = data31.length;
            for (let i1 = 0; i1 < len1; i1++) {
              let data32 = data31[i1];
              if (typeof data32 === "string") {
                if (!pattern5.test(data32)) {
                  const err118 = { instancePath: instancePath + "/git/changedFiles/" + i1, schemaPath: "#/properties/git/properties/changedFiles/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.git.properties.changedFiles.items, data: data32 };
                  if (vErrors === null) {
                    vErrors = [err118];
                  } else {
                    vErrors.push(err118);
                  }
                  errors++;
                }
              } else {
                const err119 = { instancePath: instancePath + "/git/changedFiles/" + i1, schemaPath: "#/properties/git/properties/changedFiles/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.git.properties.changedFiles.items.type, parentSchema: schema31.properties.git.properties.changedFiles.items, data: data32 };
                if (vErrors === null) {
                  vErrors = [err119];
                } else {
                  vErrors.push(err119);
                }
                errors++;
              }
            }
          } else {
            const err120 = { instancePath: instancePath + "/git/changedFiles", schemaPath: "#/properties/git/properties/changedFiles/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.git.properties.changedFiles.type, parentSchema: schema31.properties.git.properties.changedFiles, data: data31 };
            if (vErrors === null) {
              vErrors = [err120];
            } else {
              vErrors.push(err120);
            }
            errors++;
          }
        }
        if (data22.outOfPlanFiles !== void 0) {
          let data33 = data22.outOfPlanFiles;
          if (Array.isArray(data33)) {
            const len2 = data33.length;
            for (let i2 = 0; i2 < len2; i2++) {
              let data34 = data33[i2];
              if (typeof data34 === "string") {
                if (!pattern5.test(data34)) {
                  const err121 = { instancePath: instancePath + "/git/outOfPlanFiles/" + i2, schemaPath: "#/properties/git/properties/outOfPlanFiles/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.git.properties.outOfPlanFiles.items, data: data34 };
                  if (vErrors === null) {
                    vErrors = [err121];
                  } else {
                    vErrors.push(err121);
                  }
                  errors++;
                }
              } else {
                const err122 = { instancePath: instancePath + "/git/outOfPlanFiles/" + i2, schemaPath: "#/properties/git/properties/outOfPlanFiles/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.git.properties.outOfPlanFiles.items.type, parentSchema: schema31.properties.git.properties.outOfPlanFiles.items, data: data34 };
                if (vErrors === null) {
                  vErrors = [err122];
                } else {
                  vErrors.push(err122);
                }
                errors++;
              }
            }
          } else {
            const err123 = { instancePath: instancePath + "/git/outOfPlanFiles", schemaPath: "#/properties/git/properties/outOfPlanFiles/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.git.properties.outOfPlanFiles.type, parentSchema: schema31.properties.git.properties.outOfPlanFiles, data: data33 };
            if (vErrors === null) {
              vErrors = [err123];
            } else {
              vErrors.push(err123);
            }
            errors++;
          }
        }
      } else {
        const err124 = { instancePath: instancePath + "/git", schemaPath: "#/properties/git/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.git.type, parentSchema: schema31.properties.git, data: data22 };
        if (vErrors === null) {
          vErrors = [err124];
        } else {
          vErrors.push(err124);
        }
        errors++;
      }
    }
    if (data.roster !== void 0) {
      let data35 = data.roster;
      if (Array.isArray(data35)) {
        if (data35.length < 1) {
          const err125 = { instancePath: instancePath + "/roster", schemaPath: "#/properties/roster/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema31.properties.roster, data: data35 };
          if (vErrors === null) {
            vErrors = [err125];
          } else {
            vErrors.push(err125);
          }
          errors++;
        }
        const len3 = data35.length;
        for (let i3 = 0; i3 < len3; i3++) {
          let data36 = data35[i3];
          if (data36 && typeof data36 == "object" && !Array.isArray(data36)) {
            if (data36.name === void 0) {
              const err126 = { instancePath: instancePath + "/roster/" + i3, schemaPath: "#/properties/roster/items/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema31.properties.roster.items.required, parentSchema: schema31.properties.roster.items, data: data36 };
              if (vErrors === null) {
                vErrors = [err126];
              } else {
                vErrors.push(err126);
              }
              errors++;
            }
            if (data36.provider === void 0) {
              const err127 = { instancePath: instancePath + "/roster/" + i3, schemaPath: "#/properties/roster/items/required", keyword: "required", params: { missingProperty: "provider" }, message: "must have required property 'provider'", schema: schema31.properties.roster.items.required, parentSchema: schema31.properties.roster.items, data: data36 };
              if (vErrors === null) {
                vErrors = [err127];
              } else {
                vErrors.push(err127);
              }
              errors++;
            }
            if (data36.model === void 0) {
              const err128 = { instancePath: instancePath + "/roster/" + i3, schemaPath: "#/properties/roster/items/required", keyword: "required", params: { missingProperty: "model" }, message: "must have required property 'model'", schema: schema31.properties.roster.items.required, parentSchema: schema31.properties.roster.items, data: data36 };
              if (vErrors === null) {
                vErrors = [err128];
              } else {
                vErrors.push(err128);
              }
              errors++;
            }
            if (data36.function === void 0) {
              const err129 = { instancePath: instancePath + "/roster/" + i3, schemaPath: "#/properties/roster/items/required", keyword: "required", params: { missingProperty: "function" }, message: "must have required property 'function'", schema: schema31.properties.roster.items.required, parentSchema: schema31.properties.roster.items, data: data36 };
              if (vErrors === null) {
                vErrors = [err129];
              } else {
                vErrors.push(err129);
              }
              errors++;
            }
            for (const key7 in data36) {
              if (!(key7 === "name" || key7 === "provider" || key7 === "model" || key7 === "function")) {
                const err130 = { instancePath: instancePath + "/roster/" + i3, schemaPath: "#/properties/roster/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key7 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.roster.items, data: data36 };
                if (vErrors === null) {
                  vErrors = [err130];
                } else {
                  vErrors.push(err130);
                }
                errors++;
              }
            }
            if (data36.name !== void 0) {
              let data37 = data36.name;
              if (typeof data37 === "string") {
                if (!pattern14.test(data37)) {
                  const err131 = { instancePath: instancePath + "/roster/" + i3 + "/name", schemaPath: "#/properties/roster/items/properties/name/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.roster.items.properties.name, data: data37 };
                  if (vErrors === null) {
                    vErrors = [err131];
                  } else {
                    vErrors.push(err131);
                  }
                  errors++;
                }
              } else {
                const err132 = { instancePath: instancePath + "/roster/" + i3 + "/name", schemaPath: "#/properties/roster/items/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.roster.items.properties.name.type, parentSchema: schema31.properties.roster.items.properties.name, data: data37 };
                if (vErrors === null) {
                  vErrors = [err132];
                } else {
                  vErrors.push(err132);
                }
                errors++;
              }
            }
            if (data36.provider !== void 0) {
              let data38 = data36.provider;
              if (typeof data38 !== "string") {
                const err133 = { instancePath: instancePath + "/roster/" + i3 + "/provider", schemaPath: "#/properties/roster/items/properties/provider/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.roster.items.properties.provider.type, parentSchema: schema31.properties.roster.items.properties.provider, data: data38 };
                if (vErrors === null) {
                  vErrors = [err133];
                } else {
                  vErrors.push(err133);
                }
                errors++;
              }
              if (!(data38 === "claude" || data38 === "codex" || data38 === "gemini" || data38 === "command")) {
                const err134 = { instancePath: instancePath + "/roster/" + i3 + "/provider", schemaPath: "#/properties/roster/items/properties/provider/enum", keyword: "enum", params: { allowedValues: schema31.properties.roster.items.properties.provider.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.roster.items.properties.provider.enum, parentSchema: schema31.properties.roster.items.properties.provider, data: data38 };
                if (vErrors === null) {
                  vErrors = [err134];
                } else {
                  vErrors.push(err134);
                }
                errors++;
              }
            }
            if (data36.model !== void 0) {
              let data39 = data36.model;
              const _errs100 = errors;
              let valid19 = false;
              const _errs101 = errors;
              if (typeof data39 === "string") {
                if (func2(data39) < 1) {
                  const err135 = { instancePath: instancePath + "/roster/" + i3 + "/model", schemaPath: "#/properties/roster/items/properties/model/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.roster.items.properties.model.anyOf[0], data: data39 };
                  if (vErrors === null) {
                    vErrors = [err135];
                  } else {
                    vErrors.push(err135);
                  }
                  errors++;
                }
              } else {
                const err136 = { instancePath: instancePath + "/roster/" + i3 + "/model", schemaPath: "#/properties/roster/items/properties/model/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.roster.items.properties.model.anyOf[0].type, parentSchema: schema31.properties.roster.items.properties.model.anyOf[0], data: data39 };
                if (vErrors === null) {
                  vErrors = [err136];
                } else {
                  vErrors.push(err136);
                }
                errors++;
              }
              var _valid3 = _errs101 === errors;
              valid19 = valid19 || _valid3;
              const _errs103 = errors;
              if (data39 !== null) {
                const err137 = { instancePath: instancePath + "/roster/" + i3 + "/model", schemaPath: "#/properties/roster/items/properties/model/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.roster.items.properties.model.anyOf[1].type, parentSchema: schema31.properties.roster.items.properties.model.anyOf[1], data: data39 };
                if (vErrors === null) {
                  vErrors = [err137];
                } else {
                  vErrors.push(err137);
                }
                errors++;
              }
              var _valid3 = _errs103 === errors;
              valid19 = valid19 || _valid3;
              if (!valid19) {
                const err138 = { instancePath: instancePath + "/roster/" + i3 + "/model", schemaPath: "#/properties/roster/items/properties/model/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.roster.items.properties.model.anyOf, parentSchema: schema31.properties.roster.items.properties.model, data: data39 };
                if (vErrors === null) {
                  vErrors = [err138];
                } else {
                  vErrors.push(err138);
                }
                errors++;
              } else {
                errors = _errs100;
                if (vErrors !== null) {
                  if (_errs100) {
                    vErrors.length = _errs100;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data36.function !== void 0) {
              let data40 = data36.function;
              if (typeof data40 !== "string") {
                const err139 = { instancePath: instancePath + "/roster/" + i3 + "/function", schemaPath: "#/properties/roster/items/properties/function/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.roster.items.properties.function.type, parentSchema: schema31.properties.roster.items.properties.function, data: data40 };
                if (vErrors === null) {
                  vErrors = [err139];
                } else {
                  vErrors.push(err139);
                }
                errors++;
              }
              if (!(data40 === "executor" || data40 === "verifier" || data40 === "critic")) {
                const err140 = { instancePath: instancePath + "/roster/" + i3 + "/function", schemaPath: "#/properties/roster/items/properties/function/enum", keyword: "enum", params: { allowedValues: schema31.properties.roster.items.properties.function.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.roster.items.properties.function.enum, parentSchema: schema31.properties.roster.items.properties.function, data: data40 };
                if (vErrors === null) {
                  vErrors = [err140];
                } else {
                  vErrors.push(err140);
                }
                errors++;
              }
            }
          } else {
            const err141 = { instancePath: instancePath + "/roster/" + i3, schemaPath: "#/properties/roster/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.roster.items.type, parentSchema: schema31.properties.roster.items, data: data36 };
            if (vErrors === null) {
              vErrors = [err141];
            } else {
              vErrors.push(err141);
            }
            errors++;
          }
        }
      } else {
        const err142 = { instancePath: instancePath + "/roster", schemaPath: "#/properties/roster/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.roster.type, parentSchema: schema31.properties.roster, data: data35 };
        if (vErrors === null) {
          vErrors = [err142];
        } else {
          vErrors.push(err142);
        }
        errors++;
      }
    }
    if (data.executor !== void 0) {
      let data41 = data.executor;
      if (data41 && typeof data41 == "object" && !Array.isArray(data41)) {
        if (data41.worker === void 0) {
          const err143 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.executor.required, parentSchema: schema31.properties.executor, data: data41 };
          if (vErrors === null) {
            vErrors = [err143];
          } else {
            vErrors.push(err143);
          }
          errors++;
        }
        if (data41.status === void 0) {
          const err144 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.executor.required, parentSchema: schema31.properties.executor, data: data41 };
          if (vErrors === null) {
            vErrors = [err144];
          } else {
            vErrors.push(err144);
          }
          errors++;
        }
        if (data41.durationMs === void 0) {
          const err145 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/required", keyword: "required", params: { missingProperty: "durationMs" }, message: "must have required property 'durationMs'", schema: schema31.properties.executor.required, parentSchema: schema31.properties.executor, data: data41 };
          if (vErrors === null) {
            vErrors = [err145];
          } else {
            vErrors.push(err145);
          }
          errors++;
        }
        if (data41.usage === void 0) {
          const err146 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/required", keyword: "required", params: { missingProperty: "usage" }, message: "must have required property 'usage'", schema: schema31.properties.executor.required, parentSchema: schema31.properties.executor, data: data41 };
          if (vErrors === null) {
            vErrors = [err146];
          } else {
            vErrors.push(err146);
          }
          errors++;
        }
        if (data41.summary === void 0) {
          const err147 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/required", keyword: "required", params: { missingProperty: "summary" }, message: "must have required property 'summary'", schema: schema31.properties.executor.required, parentSchema: schema31.properties.executor, data: data41 };
          if (vErrors === null) {
            vErrors = [err147];
          } else {
            vErrors.push(err147);
          }
          errors++;
        }
        if (data41.commits === void 0) {
          const err148 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/required", keyword: "required", params: { missingProperty: "commits" }, message: "must have required property 'commits'", schema: schema31.properties.executor.required, parentSchema: schema31.properties.executor, data: data41 };
          if (vErrors === null) {
            vErrors = [err148];
          } else {
            vErrors.push(err148);
          }
          errors++;
        }
        for (const key8 in data41) {
          if (!(key8 === "worker" || key8 === "status" || key8 === "durationMs" || key8 === "usage" || key8 === "summary" || key8 === "commits" || key8 === "upstreamError" || key8 === "failure")) {
            const err149 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key8 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.executor, data: data41 };
            if (vErrors === null) {
              vErrors = [err149];
            } else {
              vErrors.push(err149);
            }
            errors++;
          }
        }
        if (data41.worker !== void 0) {
          let data42 = data41.worker;
          if (typeof data42 === "string") {
            if (!pattern14.test(data42)) {
              const err150 = { instancePath: instancePath + "/executor/worker", schemaPath: "#/properties/executor/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.executor.properties.worker, data: data42 };
              if (vErrors === null) {
                vErrors = [err150];
              } else {
                vErrors.push(err150);
              }
              errors++;
            }
          } else {
            const err151 = { instancePath: instancePath + "/executor/worker", schemaPath: "#/properties/executor/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.worker.type, parentSchema: schema31.properties.executor.properties.worker, data: data42 };
            if (vErrors === null) {
              vErrors = [err151];
            } else {
              vErrors.push(err151);
            }
            errors++;
          }
        }
        if (data41.status !== void 0) {
          let data43 = data41.status;
          if (typeof data43 !== "string") {
            const err152 = { instancePath: instancePath + "/executor/status", schemaPath: "#/properties/executor/properties/status/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.status.type, parentSchema: schema31.properties.executor.properties.status, data: data43 };
            if (vErrors === null) {
              vErrors = [err152];
            } else {
              vErrors.push(err152);
            }
            errors++;
          }
          if (!(data43 === "done" || data43 === "contract-violated" || data43 === "error" || data43 === "timeout" || data43 === "budget-exceeded")) {
            const err153 = { instancePath: instancePath + "/executor/status", schemaPath: "#/properties/executor/properties/status/enum", keyword: "enum", params: { allowedValues: schema31.properties.executor.properties.status.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.executor.properties.status.enum, parentSchema: schema31.properties.executor.properties.status, data: data43 };
            if (vErrors === null) {
              vErrors = [err153];
            } else {
              vErrors.push(err153);
            }
            errors++;
          }
        }
        if (data41.durationMs !== void 0) {
          let data44 = data41.durationMs;
          if (!(typeof data44 == "number" && (!(data44 % 1) && !isNaN(data44)) && isFinite(data44))) {
            const err154 = { instancePath: instancePath + "/executor/durationMs", schemaPath: "#/properties/executor/properties/durationMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.executor.properties.durationMs.type, parentSchema: schema31.properties.executor.properties.durationMs, data: data44 };
            if (vErrors === null) {
              vErrors = [err154];
            } else {
              vErrors.push(err154);
            }
            errors++;
          }
          if (typeof data44 == "number" && isFinite(data44)) {
            if (data44 > 9007199254740991 || isNaN(data44)) {
              const err155 = { instancePath: instancePath + "/executor/durationMs", schemaPath: "#/properties/executor/properties/durationMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.executor.properties.durationMs, data: data44 };
              if (vErrors === null) {
                vErrors = [err155];
              } else {
                vErrors.push(err155);
              }
              errors++;
            }
            if (data44 < 0 || isNaN(data44)) {
              const err156 = { instancePath: instancePath + "/executor/durationMs", schemaPath: "#/properties/executor/properties/durationMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.executor.properties.durationMs, data: data44 };
              if (vErrors === null) {
                vErrors = [err156];
              } else {
                vErrors.push(err156);
              }
              errors++;
            }
          }
        }
        if (data41.usage !== void 0) {
          let data45 = data41.usage;
          const _errs117 = errors;
          let valid21 = false;
          const _errs118 = errors;
          if (data45 && typeof data45 == "object" && !Array.isArray(data45)) {
            if (data45.inputTokens === void 0) {
              const err157 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "inputTokens" }, message: "must have required property 'inputTokens'", schema: schema31.properties.executor.properties.usage.anyOf[0].required, parentSchema: schema31.properties.executor.properties.usage.anyOf[0], data: data45 };
              if (vErrors === null) {
                vErrors = [err157];
              } else {
                vErrors.push(err157);
              }
              errors++;
            }
            if (data45.outputTokens === void 0) {
              const err158 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "outputTokens" }, message: "must have required property 'outputTokens'", schema: schema31.properties.executor.properties.usage.anyOf[0].required, parentSchema: schema31.properties.executor.properties.usage.anyOf[0], data: data45 };
              if (vErrors === null) {
                vErrors = [err158];
              } else {
                vErrors.push(err158);
              }
              errors++;
            }
            if (data45.costUsd === void 0) {
              const err159 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "costUsd" }, message: "must have required property 'costUsd'", schema: schema31.properties.executor.properties.usage.anyOf[0].required, parentSchema: schema31.properties.executor.properties.usage.anyOf[0], data: data45 };
              if (vErrors === null) {
                vErrors = [err159];
              } else {
                vErrors.push(err159);
              }
              errors++;
            }
            for (const key9 in data45) {
              if (!(key9 === "inputTokens" || key9 === "outputTokens" || key9 === "cachedInputTokens" || key9 === "cacheWriteTokens" || key9 === "costUsd" || key9 === "costComplete")) {
                const err160 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key9 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.executor.properties.usage.anyOf[0], data: data45 };
                if (vErrors === null) {
                  vErrors = [err160];
                } else {
                  vErrors.push(err160);
                }
                errors++;
              }
            }
            if (data45.inputTokens !== void 0) {
              let data46 = data45.inputTokens;
              if (!(typeof data46 == "number" && (!(data46 % 1) && !isNaN(data46)) && isFinite(data46))) {
                const err161 = { instancePath: instancePath + "/executor/usage/inputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/inputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.inputTokens.type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.inputTokens, data: data46 };
                if (vErrors === null) {
                  vErrors = [err161];
                } else {
                  vErrors.push(err161);
                }
                errors++;
              }
              if (typeof data46 == "number" && isFinite(data46)) {
                if (data46 > 9007199254740991 || isNaN(data46)) {
                  const err162 = { instancePath: instancePath + "/executor/usage/inputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/inputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.inputTokens, data: data46 };
                  if (vErrors === null) {
                    vErrors = [err162];
                  } else {
                    vErrors.push(err162);
                  }
                  errors++;
                }
                if (data46 < 0 || isNaN(data46)) {
                  const err163 = { instancePath: instancePath + "/executor/usage/inputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/inputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.inputTokens, data: data46 };
                  if (vErrors === null) {
                    vErrors = [err163];
                  } else {
                    vErrors.push(err163);
                  }
                  errors++;
                }
              }
            }
            if (data45.outputTokens !== void 0) {
              let data47 = data45.outputTokens;
              if (!(typeof data47 == "number" && (!(data47 % 1) && !isNaN(data47)) && isFinite(data47))) {
                const err164 = { instancePath: instancePath + "/executor/usage/outputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/outputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.outputTokens.type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.outputTokens, data: data47 };
                if (vErrors === null) {
                  vErrors = [err164];
                } else {
                  vErrors.push(err164);
                }
                errors++;
              }
              if (typeof data47 == "number" && isFinite(data47)) {
                if (data47 > 9007199254740991 || isNaN(data47)) {
                  const err165 = { instancePath: instancePath + "/executor/usage/outputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/outputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.outputTokens, data: data47 };
                  if (vErrors === null) {
                    vErrors = [err165];
                  } else {
                    vErrors.push(err165);
                  }
                  errors++;
                }
                if (data47 < 0 || isNaN(data47)) {
                  const err166 = { instancePath: instancePath + "/executor/usage/outputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/outputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.outputTokens, data: data47 };
                  if (vErrors === null) {
                    vErrors = [err166];
                  } else {
                    vErrors.push(err166);
                  }
                  errors++;
                }
              }
            }
            if (data45.cachedInputTokens !== void 0) {
              let data48 = data45.cachedInputTokens;
              if (!(typeof data48 == "number" && (!(data48 % 1) && !isNaN(data48)) && isFinite(data48))) {
                const err167 = { instancePath: instancePath + "/executor/usage/cachedInputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/cachedInputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.cachedInputTokens.type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.cachedInputTokens, data: data48 };
                if (vErrors === null) {
                  vErrors = [err167];
                } else {
                  vErrors.push(err167);
                }
                errors++;
              }
              if (typeof data48 == "number" && isFinite(data48)) {
                if (data48 > 9007199254740991 || isNaN(data48)) {
                  const err168 = { instancePath: instancePath + "/executor/usage/cachedInputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/cachedInputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.cachedInputTokens, data: data48 };
                  if (vErrors === null) {
                    vErrors = [err168];
                  } else {
                    vErrors.push(err168);
                  }
                  errors++;
                }
                if (data48 < 0 || isNaN(data48)) {
                  const err169 = { instancePath: instancePath + "/executor/usage/cachedInputTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/cachedInputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.cachedInputTokens, data: data48 };
                  if (vErrors === null) {
                    vErrors = [err169];
                  } else {
                    vErrors.push(err169);
                  }
                  errors++;
                }
              }
            }
            if (data45.cacheWriteTokens !== void 0) {
              let data49 = data45.cacheWriteTokens;
              if (!(typeof data49 == "number" && (!(data49 % 1) && !isNaN(data49)) && isFinite(data49))) {
                const err170 = { instancePath: instancePath + "/executor/usage/cacheWriteTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/cacheWriteTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.cacheWriteTokens.type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data49 };
                if (vErrors === null) {
                  vErrors = [err170];
                } else {
                  vErrors.push(err170);
                }
                errors++;
              }
              if (typeof data49 == "number" && isFinite(data49)) {
                if (data49 > 9007199254740991 || isNaN(data49)) {
                  const err171 = { instancePath: instancePath + "/executor/usage/cacheWriteTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/cacheWriteTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data49 };
                  if (vErrors === null) {
                    vErrors = [err171];
                  } else {
                    vErrors.push(err171);
                  }
                  errors++;
                }
                if (data49 < 0 || isNaN(data49)) {
                  const err172 = { instancePath: instancePath + "/executor/usage/cacheWriteTokens", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/cacheWriteTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data49 };
                  if (vErrors === null) {
                    vErrors = [err172];
                  } else {
                    vErrors.push(err172);
                  }
                  errors++;
                }
              }
            }
            if (data45.costUsd !== void 0) {
              let data50 = data45.costUsd;
              const _errs130 = errors;
              let valid23 = false;
              const _errs131 = errors;
              if (typeof data50 == "number" && isFinite(data50)) {
                if (data50 < 0 || isNaN(data50)) {
                  const err173 = { instancePath: instancePath + "/executor/usage/costUsd", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/costUsd/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd.anyOf[0], data: data50 };
                  if (vErrors === null) {
                    vErrors = [err173];
                  } else {
                    vErrors.push(err173);
                  }
                  errors++;
                }
              } else {
                const err174 = { instancePath: instancePath + "/executor/usage/costUsd", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/costUsd/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd.anyOf[0].type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd.anyOf[0], data: data50 };
                if (vErrors === null) {
                  vErrors = [err174];
                } else {
                  vErrors.push(err174);
                }
                errors++;
              }
              var _valid5 = _errs131 === errors;
              valid23 = valid23 || _valid5;
              const _errs133 = errors;
              if (data50 !== null) {
                const err175 = { instancePath: instancePath + "/executor/usage/costUsd", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/costUsd/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd.anyOf[1].type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd.anyOf[1], data: data50 };
                if (vErrors === null) {
                  vErrors = [err175];
                } else {
                  vErrors.push(err175);
                }
                errors++;
              }
              var _valid5 = _errs133 === errors;
              valid23 = valid23 || _valid5;
              if (!valid23) {
                const err176 = { instancePath: instancePath + "/executor/usage/costUsd", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/costUsd/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd.anyOf, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.costUsd, data: data50 };
                if (vErrors === null) {
                  vErrors = [err176];
                } else {
                  vErrors.push(err176);
                }
                errors++;
              } else {
                errors = _errs130;
                if (vErrors !== null) {
                  if (_errs130) {
                    vErrors.length = _errs130;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data45.costComplete !== void 0) {
              let data51 = data45.costComplete;
              if (typeof data51 !== "boolean") {
                const err177 = { instancePath: instancePath + "/executor/usage/costComplete", schemaPath: "#/properties/executor/properties/usage/anyOf/0/properties/costComplete/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.executor.properties.usage.anyOf[0].properties.costComplete.type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0].properties.costComplete, data: data51 };
                if (vErrors === null) {
                  vErrors = [err177];
                } else {
                  vErrors.push(err177);
                }
                errors++;
              }
            }
          } else {
            const err178 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.executor.properties.usage.anyOf[0].type, parentSchema: schema31.properties.executor.properties.usage.anyOf[0], data: data45 };
            if (vErrors === null) {
              vErrors = [err178];
            } else {
              vErrors.push(err178);
            }
            errors++;
          }
          var _valid4 = _errs118 === errors;
          valid21 = valid21 || _valid4;
          const _errs137 = errors;
          if (data45 !== null) {
            const err179 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.executor.properties.usage.anyOf[1].type, parentSchema: schema31.properties.executor.properties.usage.anyOf[1], data: data45 };
            if (vErrors === null) {
              vErrors = [err179];
            } else {
              vErrors.push(err179);
            }
            errors++;
          }
          var _valid4 = _errs137 === errors;
          valid21 = valid21 || _valid4;
          if (!valid21) {
            const err180 = { instancePath: instancePath + "/executor/usage", schemaPath: "#/properties/executor/properties/usage/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.executor.properties.usage.anyOf, parentSchema: schema31.properties.executor.properties.usage, data: data45 };
            if (vErrors === null) {
              vErrors = [err180];
            } else {
              vErrors.push(err180);
            }
            errors++;
          } else {
            errors = _errs117;
            if (vErrors !== null) {
              if (_errs117) {
                vErrors.length = _errs117;
              } else {
                vErrors = null;
              }
            }
          }
        }
        if (data41.summary !== void 0) {
          let data52 = data41.summary;
          if (typeof data52 !== "string") {
            const err181 = { instancePath: instancePath + "/executor/summary", schemaPath: "#/properties/executor/properties/summary/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.summary.type, parentSchema: schema31.properties.executor.properties.summary, data: data52 };
            if (vErrors === null) {
              vErrors = [err181];
            } else {
              vErrors.push(err181);
            }
            errors++;
          }
        }
        if (data41.commits !== void 0) {
          let data53 = data41.commits;
          if (Array.isArray(data53)) {
            const len4 = data53.length;
            for (let i4 = 0; i4 < len4; i4++) {
              let data54 = data53[i4];
              if (data54 && typeof data54 == "object" && !Array.isArray(data54)) {
                if (data54.sha === void 0) {
                  const err182 = { instancePath: instancePath + "/executor/commits/" + i4, schemaPath: "#/properties/executor/properties/commits/items/required", keyword: "required", params: { missingProperty: "sha" }, message: "must have required property 'sha'", schema: schema31.properties.executor.properties.commits.items.required, parentSchema: schema31.properties.executor.properties.commits.items, data: data54 };
                  if (vErrors === null) {
                    vErrors = [err182];
                  } else {
                    vErrors.push(err182);
                  }
                  errors++;
                }
                if (data54.subject === void 0) {
                  const err183 = { instancePath: instancePath + "/executor/commits/" + i4, schemaPath: "#/properties/executor/properties/commits/items/required", keyword: "required", params: { missingProperty: "subject" }, message: "must have required property 'subject'", schema: schema31.properties.executor.properties.commits.items.required, parentSchema: schema31.properties.executor.properties.commits.items, data: data54 };
                  if (vErrors === null) {
                    vErrors = [err183];
                  } else {
                    vErrors.push(err183);
                  }
                  errors++;
                }
                for (const key10 in data54) {
                  if (!(key10 === "sha" || key10 === "subject")) {
                    const err184 = { instancePath: instancePath + "/executor/commits/" + i4, schemaPath: "#/properties/executor/properties/commits/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key10 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.executor.properties.commits.items, data: data54 };
                    if (vErrors === null) {
                      vErrors = [err184];
                    } else {
                      vErrors.push(err184);
                    }
                    errors++;
                  }
                }
                if (data54.sha !== void 0) {
                  let data55 = data54.sha;
                  if (typeof data55 === "string") {
                    if (!pattern6.test(data55)) {
                      const err185 = { instancePath: instancePath + "/executor/commits/" + i4 + "/sha", schemaPath: "#/properties/executor/properties/commits/items/properties/sha/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.executor.properties.commits.items.properties.sha, data: data55 };
                      if (vErrors === null) {
                        vErrors = [err185];
                      } else {
                        vErrors.push(err185);
                      }
                      errors++;
                    }
                  } else {
                    const err186 = { instancePath: instancePath + "/executor/commits/" + i4 + "/sha", schemaPath: "#/properties/executor/properties/commits/items/properties/sha/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.commits.items.properties.sha.type, parentSchema: schema31.properties.executor.properties.commits.items.properties.sha, data: data55 };
                    if (vErrors === null) {
                      vErrors = [err186];
                    } else {
                      vErrors.push(err186);
                    }
                    errors++;
                  }
                }
                if (data54.subject !== void 0) {
                  let data56 = data54.subject;
                  if (typeof data56 !== "string") {
                    const err187 = { instancePath: instancePath + "/executor/commits/" + i4 + "/subject", schemaPath: "#/properties/executor/properties/commits/items/properties/subject/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.commits.items.properties.subject.type, parentSchema: schema31.properties.executor.properties.commits.items.properties.subject, data: data56 };
                    if (vErrors === null) {
                      vErrors = [err187];
                    } else {
                      vErrors.push(err187);
                    }
                    errors++;
                  }
                }
              } else {
                const err188 = { instancePath: instancePath + "/executor/commits/" + i4, schemaPath: "#/properties/executor/properties/commits/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.executor.properties.commits.items.type, parentSchema: schema31.properties.executor.properties.commits.items, data: data54 };
                if (vErrors === null) {
                  vErrors = [err188];
                } else {
                  vErrors.push(err188);
                }
                errors++;
              }
            }
          } else {
            const err189 = { instancePath: instancePath + "/executor/commits", schemaPath: "#/properties/executor/properties/commits/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.executor.properties.commits.type, parentSchema: schema31.properties.executor.properties.commits, data: data53 };
            if (vErrors === null) {
              vErrors = [err189];
            } else {
              vErrors.push(err189);
            }
            errors++;
          }
        }
        if (data41.upstreamError !== void 0) {
          let data57 = data41.upstreamError;
          if (data57 && typeof data57 == "object" && !Array.isArray(data57)) {
            if (data57.status === void 0) {
              const err190 = { instancePath: instancePath + "/executor/upstreamError", schemaPath: "#/properties/executor/properties/upstreamError/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.executor.properties.upstreamError.required, parentSchema: schema31.properties.executor.properties.upstreamError, data: data57 };
              if (vErrors === null) {
                vErrors = [err190];
              } else {
                vErrors.push(err190);
              }
              errors++;
            }
            if (data57.message === void 0) {
              const err191 = { instancePath: instancePath + "/executor/upstreamError", schemaPath: "#/properties/executor/properties/upstreamError/required", keyword: "required", params: { missingProperty: "message" }, message: "must have required property 'message'", schema: schema31.properties.executor.properties.upstreamError.required, parentSchema: schema31.properties.executor.properties.upstreamError, data: data57 };
              if (vErrors === null) {
                vErrors = [err191];
              } else {
                vErrors.push(err191);
              }
              errors++;
            }
            for (const key11 in data57) {
              if (!(key11 === "status" || key11 === "message")) {
                const err192 = { instancePath: instancePath + "/executor/upstreamError", schemaPath: "#/properties/executor/properties/upstreamError/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key11 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.executor.properties.upstreamError, data: data57 };
                if (vErrors === null) {
                  vErrors = [err192];
                } else {
                  vErrors.push(err192);
                }
                errors++;
              }
            }
            if (data57.status !== void 0) {
              let data58 = data57.status;
              const _errs154 = errors;
              let valid28 = false;
              const _errs155 = errors;
              if (!(typeof data58 == "number" && (!(data58 % 1) && !isNaN(data58)) && isFinite(data58))) {
                const err193 = { instancePath: instancePath + "/executor/upstreamError/status", schemaPath: "#/properties/executor/properties/upstreamError/properties/status/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf[0].type, parentSchema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf[0], data: data58 };
                if (vErrors === null) {
                  vErrors = [err193];
                } else {
                  vErrors.push(err193);
                }
                errors++;
              }
              if (typeof data58 == "number" && isFinite(data58)) {
                if (data58 > 599 || isNaN(data58)) {
                  const err194 = { instancePath: instancePath + "/executor/upstreamError/status", schemaPath: "#/properties/executor/properties/upstreamError/properties/status/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 599 }, message: "must be <= 599", schema: 599, parentSchema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf[0], data: data58 };
                  if (vErrors === null) {
                    vErrors = [err194];
                  } else {
                    vErrors.push(err194);
                  }
                  errors++;
                }
                if (data58 < 100 || isNaN(data58)) {
                  const err195 = { instancePath: instancePath + "/executor/upstreamError/status", schemaPath: "#/properties/executor/properties/upstreamError/properties/status/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf[0], data: data58 };
                  if (vErrors === null) {
                    vErrors = [err195];
                  } else {
                    vErrors.push(err195);
                  }
                  errors++;
                }
              }
              var _valid6 = _errs155 === errors;
              valid28 = valid28 || _valid6;
              const _errs157 = errors;
              if (data58 !== null) {
                const err196 = { instancePath: instancePath + "/executor/upstreamError/status", schemaPath: "#/properties/executor/properties/upstreamError/properties/status/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf[1].type, parentSchema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf[1], data: data58 };
                if (vErrors === null) {
                  vErrors = [err196];
                } else {
                  vErrors.push(err196);
                }
                errors++;
              }
              var _valid6 = _errs157 === errors;
              valid28 = valid28 || _valid6;
              if (!valid28) {
                const err197 = { instancePath: instancePath + "/executor/upstreamError/status", schemaPath: "#/properties/executor/properties/upstreamError/properties/status/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.executor.properties.upstreamError.properties.status.anyOf, parentSchema: schema31.properties.executor.properties.upstreamError.properties.status, data: data58 };
                if (vErrors === null) {
                  vErrors = [err197];
                } else {
                  vErrors.push(err197);
                }
                errors++;
              } else {
                errors = _errs154;
                if (vErrors !== null) {
                  if (_errs154) {
                    vErrors.length = _errs154;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data57.message !== void 0) {
              let data59 = data57.message;
              if (typeof data59 === "string") {
                if (func2(data59) < 1) {
                  const err198 = { instancePath: instancePath + "/executor/upstreamError/message", schemaPath: "#/properties/executor/properties/upstreamError/properties/message/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.executor.properties.upstreamError.properties.message, data: data59 };
                  if (vErrors === null) {
                    vErrors = [err198];
                  } else {
                    vErrors.push(err198);
                  }
                  errors++;
                }
              } else {
                const err199 = { instancePath: instancePath + "/executor/upstreamError/message", schemaPath: "#/properties/executor/properties/upstreamError/properties/message/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.upstreamError.properties.message.type, parentSchema: schema31.properties.executor.properties.upstreamError.properties.message, data: data59 };
                if (vErrors === null) {
                  vErrors = [err199];
                } else {
                  vErrors.push(err199);
                }
                errors++;
              }
            }
          } else {
            const err200 = { instancePath: instancePath + "/executor/upstreamError", schemaPath: "#/properties/executor/properties/upstreamError/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.executor.properties.upstreamError.type, parentSchema: schema31.properties.executor.properties.upstreamError, data: data57 };
            if (vErrors === null) {
              vErrors = [err200];
            } else {
              vErrors.push(err200);
            }
            errors++;
          }
        }
        if (data41.failure !== void 0) {
          let data60 = data41.failure;
          if (data60 && typeof data60 == "object" && !Array.isArray(data60)) {
            if (data60.reason === void 0) {
              const err201 = { instancePath: instancePath + "/executor/failure", schemaPath: "#/properties/executor/properties/failure/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema31.properties.executor.properties.failure.required, parentSchema: schema31.properties.executor.properties.failure, data: data60 };
              if (vErrors === null) {
                vErrors = [err201];
              } else {
                vErrors.push(err201);
              }
              errors++;
            }
            if (data60.stderrTail === void 0) {
              const err202 = { instancePath: instancePath + "/executor/failure", schemaPath: "#/properties/executor/properties/failure/required", keyword: "required", params: { missingProperty: "stderrTail" }, message: "must have required property 'stderrTail'", schema: schema31.properties.executor.properties.failure.required, parentSchema: schema31.properties.executor.properties.failure, data: data60 };
              if (vErrors === null) {
                vErrors = [err202];
              } else {
                vErrors.push(err202);
              }
              errors++;
            }
            for (const key12 in data60) {
              if (!(key12 === "reason" || key12 === "stderrTail")) {
                const err203 = { instancePath: instancePath + "/executor/failure", schemaPath: "#/properties/executor/properties/failure/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key12 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.executor.properties.failure, data: data60 };
                if (vErrors === null) {
                  vErrors = [err203];
                } else {
                  vErrors.push(err203);
                }
                errors++;
              }
            }
            if (data60.reason !== void 0) {
              let data61 = data60.reason;
              if (typeof data61 === "string") {
                if (!pattern17.test(data61)) {
                  const err204 = { instancePath: instancePath + "/executor/failure/reason", schemaPath: "#/properties/executor/properties/failure/properties/reason/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema31.properties.executor.properties.failure.properties.reason, data: data61 };
                  if (vErrors === null) {
                    vErrors = [err204];
                  } else {
                    vErrors.push(err204);
                  }
                  errors++;
                }
              } else {
                const err205 = { instancePath: instancePath + "/executor/failure/reason", schemaPath: "#/properties/executor/properties/failure/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.failure.properties.reason.type, parentSchema: schema31.properties.executor.properties.failure.properties.reason, data: data61 };
                if (vErrors === null) {
                  vErrors = [err205];
                } else {
                  vErrors.push(err205);
                }
                errors++;
              }
            }
            if (data60.stderrTail !== void 0) {
              let data62 = data60.stderrTail;
              if (typeof data62 !== "string") {
                const err206 = { instancePath: instancePath + "/executor/failure/stderrTail", schemaPath: "#/properties/executor/properties/failure/properties/stderrTail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.executor.properties.failure.properties.stderrTail.type, parentSchema: schema31.properties.executor.properties.failure.properties.stderrTail, data: data62 };
                if (vErrors === null) {
                  vErrors = [err206];
                } else {
                  vErrors.push(err206);
                }
                errors++;
              }
            }
          } else {
            const err207 = { instancePath: instancePath + "/executor/failure", schemaPath: "#/properties/executor/properties/failure/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.executor.properties.failure.type, parentSchema: schema31.properties.executor.properties.failure, data: data60 };
            if (vErrors === null) {
              vErrors = [err207];
            } else {
              vErrors.push(err207);
            }
            errors++;
          }
        }
      } else {
        const err208 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.executor.type, parentSchema: schema31.properties.executor, data: data41 };
        if (vErrors === null) {
          vErrors = [err208];
        } else {
          vErrors.push(err208);
        }
        errors++;
      }
    }
    if (data.qa !== void 0) {
      let data63 = data.qa;
      if (Array.isArray(data63)) {
        const len5 = data63.length;
        for (let i5 = 0; i5 < len5; i5++) {
          let data64 = data63[i5];
          if (data64 && typeof data64 == "object" && !Array.isArray(data64)) {
            if (data64.source === void 0) {
              const err209 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "source" }, message: "must have required property 'source'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err209];
              } else {
                vErrors.push(err209);
              }
              errors++;
            }
            if (data64.label === void 0) {
              const err210 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "label" }, message: "must have required property 'label'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err210];
              } else {
                vErrors.push(err210);
              }
              errors++;
            }
            if (data64.cmd === void 0) {
              const err211 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "cmd" }, message: "must have required property 'cmd'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err211];
              } else {
                vErrors.push(err211);
              }
              errors++;
            }
            if (data64.exitCode === void 0) {
              const err212 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "exitCode" }, message: "must have required property 'exitCode'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err212];
              } else {
                vErrors.push(err212);
              }
              errors++;
            }
            if (data64.durationMs === void 0) {
              const err213 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "durationMs" }, message: "must have required property 'durationMs'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err213];
              } else {
                vErrors.push(err213);
              }
              errors++;
            }
            if (data64.outputTail === void 0) {
              const err214 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "outputTail" }, message: "must have required property 'outputTail'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err214];
              } else {
                vErrors.push(err214);
              }
              errors++;
            }
            if (data64.passed === void 0) {
              const err215 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/required", keyword: "required", params: { missingProperty: "passed" }, message: "must have required property 'passed'", schema: schema31.properties.qa.items.required, parentSchema: schema31.properties.qa.items, data: data64 };
              if (vErrors === null) {
                vErrors = [err215];
              } else {
                vErrors.push(err215);
              }
              errors++;
            }
            for (const key13 in data64) {
              if (!(key13 === "source" || key13 === "label" || key13 === "cmd" || key13 === "exitCode" || key13 === "durationMs" || key13 === "outputTail" || key13 === "passed")) {
                const err216 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key13 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.qa.items, data: data64 };
                if (vErrors === null) {
                  vErrors = [err216];
                } else {
                  vErrors.push(err216);
                }
                errors++;
              }
            }
            if (data64.source !== void 0) {
              let data65 = data64.source;
              if (typeof data65 !== "string") {
                const err217 = { instancePath: instancePath + "/qa/" + i5 + "/source", schemaPath: "#/properties/qa/items/properties/source/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.qa.items.properties.source.type, parentSchema: schema31.properties.qa.items.properties.source, data: data65 };
                if (vErrors === null) {
                  vErrors = [err217];
                } else {
                  vErrors.push(err217);
                }
                errors++;
              }
              if (!(data65 === "plan" || data65 === "config")) {
                const err218 = { instancePath: instancePath + "/qa/" + i5 + "/source", schemaPath: "#/properties/qa/items/properties/source/enum", keyword: "enum", params: { allowedValues: schema31.properties.qa.items.properties.source.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.qa.items.properties.source.enum, parentSchema: schema31.properties.qa.items.properties.source, data: data65 };
                if (vErrors === null) {
                  vErrors = [err218];
                } else {
                  vErrors.push(err218);
                }
                errors++;
              }
            }
            if (data64.label !== void 0) {
              let data66 = data64.label;
              if (typeof data66 !== "string") {
                const err219 = { instancePath: instancePath + "/qa/" + i5 + "/label", schemaPath: "#/properties/qa/items/properties/label/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.qa.items.properties.label.type, parentSchema: schema31.properties.qa.items.properties.label, data: data66 };
                if (vErrors === null) {
                  vErrors = [err219];
                } else {
                  vErrors.push(err219);
                }
                errors++;
              }
            }
            if (data64.cmd !== void 0) {
              let data67 = data64.cmd;
              if (typeof data67 === "string") {
                if (func2(data67) < 1) {
                  const err220 = { instancePath: instancePath + "/qa/" + i5 + "/cmd", schemaPath: "#/properties/qa/items/properties/cmd/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.qa.items.properties.cmd, data: data67 };
                  if (vErrors === null) {
                    vErrors = [err220];
                  } else {
                    vErrors.push(err220);
                  }
                  errors++;
                }
              } else {
                const err221 = { instancePath: instancePath + "/qa/" + i5 + "/cmd", schemaPath: "#/properties/qa/items/properties/cmd/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.qa.items.properties.cmd.type, parentSchema: schema31.properties.qa.items.properties.cmd, data: data67 };
                if (vErrors === null) {
                  vErrors = [err221];
                } else {
                  vErrors.push(err221);
                }
                errors++;
              }
            }
            if (data64.exitCode !== void 0) {
              let data68 = data64.exitCode;
              const _errs180 = errors;
              let valid33 = false;
              const _errs181 = errors;
              if (!(typeof data68 == "number" && (!(data68 % 1) && !isNaN(data68)) && isFinite(data68))) {
                const err222 = { instancePath: instancePath + "/qa/" + i5 + "/exitCode", schemaPath: "#/properties/qa/items/properties/exitCode/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.qa.items.properties.exitCode.anyOf[0].type, parentSchema: schema31.properties.qa.items.properties.exitCode.anyOf[0], data: data68 };
                if (vErrors === null) {
                  vErrors = [err222];
                } else {
                  vErrors.push(err222);
                }
                errors++;
              }
              if (typeof data68 == "number" && isFinite(data68)) {
                if (data68 > 9007199254740991 || isNaN(data68)) {
                  const err223 = { instancePath: instancePath + "/qa/" + i5 + "/exitCode", schemaPath: "#/properties/qa/items/properties/exitCode/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.qa.items.properties.exitCode.anyOf[0], data: data68 };
                  if (vErrors === null) {
                    vErrors = [err223];
                  } else {
                    vErrors.push(err223);
                  }
                  errors++;
                }
                if (data68 < -9007199254740991 || isNaN(data68)) {
                  const err224 = { instancePath: instancePath + "/qa/" + i5 + "/exitCode", schemaPath: "#/properties/qa/items/properties/exitCode/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: -9007199254740991 }, message: "must be >= -9007199254740991", schema: -9007199254740991, parentSchema: schema31.properties.qa.items.properties.exitCode.anyOf[0], data: data68 };
                  if (vErrors === null) {
                    vErrors = [err224];
                  } else {
                    vErrors.push(err224);
                  }
                  errors++;
                }
              }
              var _valid7 = _errs181 === errors;
              valid33 = valid33 || _valid7;
              const _errs183 = errors;
              if (data68 !== null) {
                const err225 = { instancePath: instancePath + "/qa/" + i5 + "/exitCode", schemaPath: "#/properties/qa/items/properties/exitCode/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.qa.items.properties.exitCode.anyOf[1].type, parentSchema: schema31.properties.qa.items.properties.exitCode.anyOf[1], data: data68 };
                if (vErrors === null) {
                  vErrors = [err225];
                } else {
                  vErrors.push(err225);
                }
                errors++;
              }
              var _valid7 = _errs183 === errors;
              valid33 = valid33 || _valid7;
              if (!valid33) {
                const err226 = { instancePath: instancePath + "/qa/" + i5 + "/exitCode", schemaPath: "#/properties/qa/items/properties/exitCode/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.qa.items.properties.exitCode.anyOf, parentSchema: schema31.properties.qa.items.properties.exitCode, data: data68 };
                if (vErrors === null) {
                  vErrors = [err226];
                } else {
                  vErrors.push(err226);
                }
                errors++;
              } else {
                errors = _errs180;
                if (vErrors !== null) {
                  if (_errs180) {
                    vErrors.length = _errs180;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data64.durationMs !== void 0) {
              let data69 = data64.durationMs;
              if (!(typeof data69 == "number" && (!(data69 % 1) && !isNaN(data69)) && isFinite(data69))) {
                const err227 = { instancePath: instancePath + "/qa/" + i5 + "/durationMs", schemaPath: "#/properties/qa/items/properties/durationMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.qa.items.properties.durationMs.type, parentSchema: schema31.properties.qa.items.properties.durationMs, data: data69 };
                if (vErrors === null) {
                  vErrors = [err227];
                } else {
                  vErrors.push(err227);
                }
                errors++;
              }
              if (typeof data69 == "number" && isFinite(data69)) {
                if (data69 > 9007199254740991 || isNaN(data69)) {
                  const err228 = { instancePath: instancePath + "/qa/" + i5 + "/durationMs", schemaPath: "#/properties/qa/items/properties/durationMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.qa.items.properties.durationMs, data: data69 };
                  if (vErrors === null) {
                    vErrors = [err228];
                  } else {
                    vErrors.push(err228);
                  }
                  errors++;
                }
                if (data69 < 0 || isNaN(data69)) {
                  const err229 = { instancePath: instancePath + "/qa/" + i5 + "/durationMs", schemaPath: "#/properties/qa/items/properties/durationMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.qa.items.properties.durationMs, data: data69 };
                  if (vErrors === null) {
                    vErrors = [err229];
                  } else {
                    vErrors.push(err229);
                  }
                  errors++;
                }
              }
            }
            if (data64.outputTail !== void 0) {
              let data70 = data64.outputTail;
              if (typeof data70 !== "string") {
                const err230 = { instancePath: instancePath + "/qa/" + i5 + "/outputTail", schemaPath: "#/properties/qa/items/properties/outputTail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.qa.items.properties.outputTail.type, parentSchema: schema31.properties.qa.items.properties.outputTail, data: data70 };
                if (vErrors === null) {
                  vErrors = [err230];
                } else {
                  vErrors.push(err230);
                }
                errors++;
              }
            }
            if (data64.passed !== void 0) {
              let data71 = data64.passed;
              if (typeof data71 !== "boolean") {
                const err231 = { instancePath: instancePath + "/qa/" + i5 + "/passed", schemaPath: "#/properties/qa/items/properties/passed/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.qa.items.properties.passed.type, parentSchema: schema31.properties.qa.items.properties.passed, data: data71 };
                if (vErrors === null) {
                  vErrors = [err231];
                } else {
                  vErrors.push(err231);
                }
                errors++;
              }
            }
          } else {
            const err232 = { instancePath: instancePath + "/qa/" + i5, schemaPath: "#/properties/qa/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.qa.items.type, parentSchema: schema31.properties.qa.items, data: data64 };
            if (vErrors === null) {
              vErrors = [err232];
            } else {
              vErrors.push(err232);
            }
            errors++;
          }
        }
      } else {
        const err233 = { instancePath: instancePath + "/qa", schemaPath: "#/properties/qa/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.qa.type, parentSchema: schema31.properties.qa, data: data63 };
        if (vErrors === null) {
          vErrors = [err233];
        } else {
          vErrors.push(err233);
        }
        errors++;
      }
    }
    if (data.verifiers !== void 0) {
      let data72 = data.verifiers;
      if (Array.isArray(data72)) {
        const len6 = data72.length;
        for (let i6 = 0; i6 < len6; i6++) {
          let data73 = data72[i6];
          if (data73 && typeof data73 == "object" && !Array.isArray(data73)) {
            if (data73.worker === void 0) {
              const err234 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err234];
              } else {
                vErrors.push(err234);
              }
              errors++;
            }
            if (data73.status === void 0) {
              const err235 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err235];
              } else {
                vErrors.push(err235);
              }
              errors++;
            }
            if (data73.verdict === void 0) {
              const err236 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "verdict" }, message: "must have required property 'verdict'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err236];
              } else {
                vErrors.push(err236);
              }
              errors++;
            }
            if (data73.findings === void 0) {
              const err237 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "findings" }, message: "must have required property 'findings'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err237];
              } else {
                vErrors.push(err237);
              }
              errors++;
            }
            if (data73.evidenceRead === void 0) {
              const err238 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "evidenceRead" }, message: "must have required property 'evidenceRead'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err238];
              } else {
                vErrors.push(err238);
              }
              errors++;
            }
            if (data73.usage === void 0) {
              const err239 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "usage" }, message: "must have required property 'usage'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err239];
              } else {
                vErrors.push(err239);
              }
              errors++;
            }
            if (data73.durationMs === void 0) {
              const err240 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/required", keyword: "required", params: { missingProperty: "durationMs" }, message: "must have required property 'durationMs'", schema: schema31.properties.verifiers.items.required, parentSchema: schema31.properties.verifiers.items, data: data73 };
              if (vErrors === null) {
                vErrors = [err240];
              } else {
                vErrors.push(err240);
              }
              errors++;
            }
            for (const key14 in data73) {
              if (!func1.call(schema31.properties.verifiers.items.properties, key14)) {
                const err241 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key14 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.verifiers.items, data: data73 };
                if (vErrors === null) {
                  vErrors = [err241];
                } else {
                  vErrors.push(err241);
                }
                errors++;
              }
            }
            if (data73.worker !== void 0) {
              let data74 = data73.worker;
              if (typeof data74 === "string") {
                if (!pattern14.test(data74)) {
                  const err242 = { instancePath: instancePath + "/verifiers/" + i6 + "/worker", schemaPath: "#/properties/verifiers/items/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.verifiers.items.properties.worker, data: data74 };
                  if (vErrors === null) {
                    vErrors = [err242];
                  } else {
                    vErrors.push(err242);
                  }
                  errors++;
                }
              } else {
                const err243 = { instancePath: instancePath + "/verifiers/" + i6 + "/worker", schemaPath: "#/properties/verifiers/items/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.worker.type, parentSchema: schema31.properties.verifiers.items.properties.worker, data: data74 };
                if (vErrors === null) {
                  vErrors = [err243];
                } else {
                  vErrors.push(err243);
                }
                errors++;
              }
            }
            if (data73.status !== void 0) {
              let data75 = data73.status;
              if (typeof data75 !== "string") {
                const err244 = { instancePath: instancePath + "/verifiers/" + i6 + "/status", schemaPath: "#/properties/verifiers/items/properties/status/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.status.type, parentSchema: schema31.properties.verifiers.items.properties.status, data: data75 };
                if (vErrors === null) {
                  vErrors = [err244];
                } else {
                  vErrors.push(err244);
                }
                errors++;
              }
              if (!(data75 === "done" || data75 === "contract-violated" || data75 === "error" || data75 === "timeout" || data75 === "budget-exceeded")) {
                const err245 = { instancePath: instancePath + "/verifiers/" + i6 + "/status", schemaPath: "#/properties/verifiers/items/properties/status/enum", keyword: "enum", params: { allowedValues: schema31.properties.verifiers.items.properties.status.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.verifiers.items.properties.status.enum, parentSchema: schema31.properties.verifiers.items.properties.status, data: data75 };
                if (vErrors === null) {
                  vErrors = [err245];
                } else {
                  vErrors.push(err245);
                }
                errors++;
              }
            }
            if (data73.verdict !== void 0) {
              let data76 = data73.verdict;
              const _errs201 = errors;
              let valid37 = false;
              const _errs202 = errors;
              if (typeof data76 !== "string") {
                const err246 = { instancePath: instancePath + "/verifiers/" + i6 + "/verdict", schemaPath: "#/properties/verifiers/items/properties/verdict/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.verdict.anyOf[0].type, parentSchema: schema31.properties.verifiers.items.properties.verdict.anyOf[0], data: data76 };
                if (vErrors === null) {
                  vErrors = [err246];
                } else {
                  vErrors.push(err246);
                }
                errors++;
              }
              if (!(data76 === "PASS" || data76 === "FAIL")) {
                const err247 = { instancePath: instancePath + "/verifiers/" + i6 + "/verdict", schemaPath: "#/properties/verifiers/items/properties/verdict/anyOf/0/enum", keyword: "enum", params: { allowedValues: schema31.properties.verifiers.items.properties.verdict.anyOf[0].enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.verifiers.items.properties.verdict.anyOf[0].enum, parentSchema: schema31.properties.verifiers.items.properties.verdict.anyOf[0], data: data76 };
                if (vErrors === null) {
                  vErrors = [err247];
                } else {
                  vErrors.push(err247);
                }
                errors++;
              }
              var _valid8 = _errs202 === errors;
              valid37 = valid37 || _valid8;
              const _errs204 = errors;
              if (data76 !== null) {
                const err248 = { instancePath: instancePath + "/verifiers/" + i6 + "/verdict", schemaPath: "#/properties/verifiers/items/properties/verdict/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.verifiers.items.properties.verdict.anyOf[1].type, parentSchema: schema31.properties.verifiers.items.properties.verdict.anyOf[1], data: data76 };
                if (vErrors === null) {
                  vErrors = [err248];
                } else {
                  vErrors.push(err248);
                }
                errors++;
              }
              var _valid8 = _errs204 === errors;
              valid37 = valid37 || _valid8;
              if (!valid37) {
                const err249 = { instancePath: instancePath + "/verifiers/" + i6 + "/verdict", schemaPath: "#/properties/verifiers/items/properties/verdict/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.verifiers.items.properties.verdict.anyOf, parentSchema: schema31.properties.verifiers.items.properties.verdict, data: data76 };
                if (vErrors === null) {
                  vErrors = [err249];
                } else {
                  vErrors.push(err249);
                }
                errors++;
              } else {
                errors = _errs201;
                if (vErrors !== null) {
                  if (_errs201) {
                    vErrors.length = _errs201;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data73.findings !== void 0) {
              let data77 = data73.findings;
              if (Array.isArray(data77)) {
                const len7 = data77.length;
                for (let i7 = 0; i7 < len7; i7++) {
                  let data78 = data77[i7];
                  if (typeof data78 === "string") {
                    if (!pattern19.test(data78)) {
                      const err250 = { instancePath: instancePath + "/verifiers/" + i6 + "/findings/" + i7, schemaPath: "#/properties/verifiers/items/properties/findings/items/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", parentSchema: schema31.properties.verifiers.items.properties.findings.items, data: data78 };
                      if (vErrors === null) {
                        vErrors = [err250];
                      } else {
                        vErrors.push(err250);
                      }
                      errors++;
                    }
                  } else {
                    const err251 = { instancePath: instancePath + "/verifiers/" + i6 + "/findings/" + i7, schemaPath: "#/properties/verifiers/items/properties/findings/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.findings.items.type, parentSchema: schema31.properties.verifiers.items.properties.findings.items, data: data78 };
                    if (vErrors === null) {
                      vErrors = [err251];
                    } else {
                      vErrors.push(err251);
                    }
                    errors++;
                  }
                }
              } else {
                const err252 = { instancePath: instancePath + "/verifiers/" + i6 + "/findings", schemaPath: "#/properties/verifiers/items/properties/findings/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.verifiers.items.properties.findings.type, parentSchema: schema31.properties.verifiers.items.properties.findings, data: data77 };
                if (vErrors === null) {
                  vErrors = [err252];
                } else {
                  vErrors.push(err252);
                }
                errors++;
              }
            }
            if (data73.evidenceRead !== void 0) {
              let data79 = data73.evidenceRead;
              if (Array.isArray(data79)) {
                const len8 = data79.length;
                for (let i8 = 0; i8 < len8; i8++) {
                  let data80 = data79[i8];
                  if (typeof data80 === "string") {
                    if (!pattern5.test(data80)) {
                      const err253 = { instancePath: instancePath + "/verifiers/" + i6 + "/evidenceRead/" + i8, schemaPath: "#/properties/verifiers/items/properties/evidenceRead/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.verifiers.items.properties.evidenceRead.items, data: data80 };
                      if (vErrors === null) {
                        vErrors = [err253];
                      } else {
                        vErrors.push(err253);
                      }
                      errors++;
                    }
                  } else {
                    const err254 = { instancePath: instancePath + "/verifiers/" + i6 + "/evidenceRead/" + i8, schemaPath: "#/properties/verifiers/items/properties/evidenceRead/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.evidenceRead.items.type, parentSchema: schema31.properties.verifiers.items.properties.evidenceRead.items, data: data80 };
                    if (vErrors === null) {
                      vErrors = [err254];
                    } else {
                      vErrors.push(err254);
                    }
                    errors++;
                  }
                }
              } else {
                const err255 = { instancePath: instancePath + "/verifiers/" + i6 + "/evidenceRead", schemaPath: "#/properties/verifiers/items/properties/evidenceRead/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.verifiers.items.properties.evidenceRead.type, parentSchema: schema31.properties.verifiers.items.properties.evidenceRead, data: data79 };
                if (vErrors === null) {
                  vErrors = [err255];
                } else {
                  vErrors.push(err255);
                }
                errors++;
              }
            }
            if (data73.usage !== void 0) {
              let data81 = data73.usage;
              const _errs215 = errors;
              let valid42 = false;
              const _errs216 = errors;
              if (data81 && typeof data81 == "object" && !Array.isArray(data81)) {
                if (data81.inputTokens === void 0) {
                  const err256 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "inputTokens" }, message: "must have required property 'inputTokens'", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].required, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0], data: data81 };
                  if (vErrors === null) {
                    vErrors = [err256];
                  } else {
                    vErrors.push(err256);
                  }
                  errors++;
                }
                if (data81.outputTokens === void 0) {
                  const err257 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "outputTokens" }, message: "must have required property 'outputTokens'", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].required, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0], data: data81 };
                  if (vErrors === null) {
                    vErrors = [err257];
                  } else {
                    vErrors.push(err257);
                  }
                  errors++;
                }
                if (data81.costUsd === void 0) {
                  const err258 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "costUsd" }, message: "must have required property 'costUsd'", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].required, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0], data: data81 };
                  if (vErrors === null) {
                    vErrors = [err258];
                  } else {
                    vErrors.push(err258);
                  }
                  errors++;
                }
                for (const key15 in data81) {
                  if (!(key15 === "inputTokens" || key15 === "outputTokens" || key15 === "cachedInputTokens" || key15 === "cacheWriteTokens" || key15 === "costUsd" || key15 === "costComplete")) {
                    const err259 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key15 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0], data: data81 };
                    if (vErrors === null) {
                      vErrors = [err259];
                    } else {
                      vErrors.push(err259);
                    }
                    errors++;
                  }
                }
                if (data81.inputTokens !== void 0) {
                  let data82 = data81.inputTokens;
                  if (!(typeof data82 == "number" && (!(data82 % 1) && !isNaN(data82)) && isFinite(data82))) {
                    const err260 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/inputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/inputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.inputTokens.type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.inputTokens, data: data82 };
                    if (vErrors === null) {
                      vErrors = [err260];
                    } else {
                      vErrors.push(err260);
                    }
                    errors++;
                  }
                  if (typeof data82 == "number" && isFinite(data82)) {
                    if (data82 > 9007199254740991 || isNaN(data82)) {
                      const err261 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/inputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/inputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.inputTokens, data: data82 };
                      if (vErrors === null) {
                        vErrors = [err261];
                      } else {
                        vErrors.push(err261);
                      }
                      errors++;
                    }
                    if (data82 < 0 || isNaN(data82)) {
                      const err262 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/inputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/inputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.inputTokens, data: data82 };
                      if (vErrors === null) {
                        vErrors = [err262];
                      } else {
                        vErrors.push(err262);
                      }
                      errors++;
                    }
                  }
                }
                if (data81.outputTokens !== void 0) {
                  let data83 = data81.outputTokens;
                  if (!(typeof data83 == "number" && (!(data83 % 1) && !isNaN(data83)) && isFinite(data83))) {
                    const err263 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/outputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/outputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.outputTokens.type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.outputTokens, data: data83 };
                    if (vErrors === null) {
                      vErrors = [err263];
                    } else {
                      vErrors.push(err263);
                    }
                    errors++;
                  }
                  if (typeof data83 == "number" && isFinite(data83)) {
                    if (data83 > 9007199254740991 || isNaN(data83)) {
                      const err264 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/outputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/outputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.outputTokens, data: data83 };
                      if (vErrors === null) {
                        vErrors = [err264];
                      } else {
                        vErrors.push(err264);
                      }
                      errors++;
                    }
                    if (data83 < 0 || isNaN(data83)) {
                      const err265 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/outputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/outputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.outputTokens, data: data83 };
                      if (vErrors === null) {
                        vErrors = [err265];
                      } else {
                        vErrors.push(err265);
                      }
                      errors++;
                    }
                  }
                }
                if (data81.cachedInputTokens !== void 0) {
                  let data84 = data81.cachedInputTokens;
                  if (!(typeof data84 == "number" && (!(data84 % 1) && !isNaN(data84)) && isFinite(data84))) {
                    const err266 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/cachedInputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/cachedInputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cachedInputTokens.type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cachedInputTokens, data: data84 };
                    if (vErrors === null) {
                      vErrors = [err266];
                    } else {
                      vErrors.push(err266);
                    }
                    errors++;
                  }
                  if (typeof data84 == "number" && isFinite(data84)) {
                    if (data84 > 9007199254740991 || isNaN(data84)) {
                      const err267 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/cachedInputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/cachedInputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cachedInputTokens, data: data84 };
                      if (vErrors === null) {
                        vErrors = [err267];
                      } else {
                        vErrors.push(err267);
                      }
                      errors++;
                    }
                    if (data84 < 0 || isNaN(data84)) {
                      const err268 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/cachedInputTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/cachedInputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cachedInputTokens, data: data84 };
                      if (vErrors === null) {
                        vErrors = [err268];
                      } else {
                        vErrors.push(err268);
                      }
                      errors++;
                    }
                  }
                }
                if (data81.cacheWriteTokens !== void 0) {
                  let data85 = data81.cacheWriteTokens;
                  if (!(typeof data85 == "number" && (!(data85 % 1) && !isNaN(data85)) && isFinite(data85))) {
                    const err269 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/cacheWriteTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/cacheWriteTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cacheWriteTokens.type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data85 };
                    if (vErrors === null) {
                      vErrors = [err269];
                    } else {
                      vErrors.push(err269);
                    }
                    errors++;
                  }
                  if (typeof data85 == "number" && isFinite(data85)) {
                    if (data85 > 9007199254740991 || isNaN(data85)) {
                      const err270 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/cacheWriteTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/cacheWriteTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data85 };
                      if (vErrors === null) {
                        vErrors = [err270];
                      } else {
                        vErrors.push(err270);
                      }
                      errors++;
                    }
                    if (data85 < 0 || isNaN(data85)) {
                      const err271 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/cacheWriteTokens", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/cacheWriteTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data85 };
                      if (vErrors === null) {
                        vErrors = [err271];
                      } else {
                        vErrors.push(err271);
                      }
                      errors++;
                    }
                  }
                }
                if (data81.costUsd !== void 0) {
                  let data86 = data81.costUsd;
                  const _errs228 = errors;
                  let valid44 = false;
                  const _errs229 = errors;
                  if (typeof data86 == "number" && isFinite(data86)) {
                    if (data86 < 0 || isNaN(data86)) {
                      const err272 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/costUsd", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/costUsd/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd.anyOf[0], data: data86 };
                      if (vErrors === null) {
                        vErrors = [err272];
                      } else {
                        vErrors.push(err272);
                      }
                      errors++;
                    }
                  } else {
                    const err273 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/costUsd", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/costUsd/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd.anyOf[0].type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd.anyOf[0], data: data86 };
                    if (vErrors === null) {
                      vErrors = [err273];
                    } else {
                      vErrors.push(err273);
                    }
                    errors++;
                  }
                  var _valid10 = _errs229 === errors;
                  valid44 = valid44 || _valid10;
                  const _errs231 = errors;
                  if (data86 !== null) {
                    const err274 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/costUsd", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/costUsd/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd.anyOf[1].type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd.anyOf[1], data: data86 };
                    if (vErrors === null) {
                      vErrors = [err274];
                    } else {
                      vErrors.push(err274);
                    }
                    errors++;
                  }
                  var _valid10 = _errs231 === errors;
                  valid44 = valid44 || _valid10;
                  if (!valid44) {
                    const err275 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/costUsd", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/costUsd/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd.anyOf, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costUsd, data: data86 };
                    if (vErrors === null) {
                      vErrors = [err275];
                    } else {
                      vErrors.push(err275);
                    }
                    errors++;
                  } else {
                    errors = _errs228;
                    if (vErrors !== null) {
                      if (_errs228) {
                        vErrors.length = _errs228;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data81.costComplete !== void 0) {
                  let data87 = data81.costComplete;
                  if (typeof data87 !== "boolean") {
                    const err276 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage/costComplete", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/properties/costComplete/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costComplete.type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0].properties.costComplete, data: data87 };
                    if (vErrors === null) {
                      vErrors = [err276];
                    } else {
                      vErrors.push(err276);
                    }
                    errors++;
                  }
                }
              } else {
                const err277 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.verifiers.items.properties.usage.anyOf[0].type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[0], data: data81 };
                if (vErrors === null) {
                  vErrors = [err277];
                } else {
                  vErrors.push(err277);
                }
                errors++;
              }
              var _valid9 = _errs216 === errors;
              valid42 = valid42 || _valid9;
              const _errs235 = errors;
              if (data81 !== null) {
                const err278 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.verifiers.items.properties.usage.anyOf[1].type, parentSchema: schema31.properties.verifiers.items.properties.usage.anyOf[1], data: data81 };
                if (vErrors === null) {
                  vErrors = [err278];
                } else {
                  vErrors.push(err278);
                }
                errors++;
              }
              var _valid9 = _errs235 === errors;
              valid42 = valid42 || _valid9;
              if (!valid42) {
                const err279 = { instancePath: instancePath + "/verifiers/" + i6 + "/usage", schemaPath: "#/properties/verifiers/items/properties/usage/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.verifiers.items.properties.usage.anyOf, parentSchema: schema31.properties.verifiers.items.properties.usage, data: data81 };
                if (vErrors === null) {
                  vErrors = [err279];
                } else {
                  vErrors.push(err279);
                }
                errors++;
              } else {
                errors = _errs215;
                if (vErrors !== null) {
                  if (_errs215) {
                    vErrors.length = _errs215;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data73.durationMs !== void 0) {
              let data88 = data73.durationMs;
              if (!(typeof data88 == "number" && (!(data88 % 1) && !isNaN(data88)) && isFinite(data88))) {
                const err280 = { instancePath: instancePath + "/verifiers/" + i6 + "/durationMs", schemaPath: "#/properties/verifiers/items/properties/durationMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.verifiers.items.properties.durationMs.type, parentSchema: schema31.properties.verifiers.items.properties.durationMs, data: data88 };
                if (vErrors === null) {
                  vErrors = [err280];
                } else {
                  vErrors.push(err280);
                }
                errors++;
              }
              if (typeof data88 == "number" && isFinite(data88)) {
                if (data88 > 9007199254740991 || isNaN(data88)) {
                  const err281 = { instancePath: instancePath + "/verifiers/" + i6 + "/durationMs", schemaPath: "#/properties/verifiers/items/properties/durationMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.verifiers.items.properties.durationMs, data: data88 };
                  if (vErrors === null) {
                    vErrors = [err281];
                  } else {
                    vErrors.push(err281);
                  }
                  errors++;
                }
                if (data88 < 0 || isNaN(data88)) {
                  const err282 = { instancePath: instancePath + "/verifiers/" + i6 + "/durationMs", schemaPath: "#/properties/verifiers/items/properties/durationMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.verifiers.items.properties.durationMs, data: data88 };
                  if (vErrors === null) {
                    vErrors = [err282];
                  } else {
                    vErrors.push(err282);
                  }
                  errors++;
                }
              }
            }
            if (data73.upstreamError !== void 0) {
              let data89 = data73.upstreamError;
              if (data89 && typeof data89 == "object" && !Array.isArray(data89)) {
                if (data89.status === void 0) {
                  const err283 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError", schemaPath: "#/properties/verifiers/items/properties/upstreamError/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.verifiers.items.properties.upstreamError.required, parentSchema: schema31.properties.verifiers.items.properties.upstreamError, data: data89 };
                  if (vErrors === null) {
                    vErrors = [err283];
                  } else {
                    vErrors.push(err283);
                  }
                  errors++;
                }
                if (data89.message === void 0) {
                  const err284 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError", schemaPath: "#/properties/verifiers/items/properties/upstreamError/required", keyword: "required", params: { missingProperty: "message" }, message: "must have required property 'message'", schema: schema31.properties.verifiers.items.properties.upstreamError.required, parentSchema: schema31.properties.verifiers.items.properties.upstreamError, data: data89 };
                  if (vErrors === null) {
                    vErrors = [err284];
                  } else {
                    vErrors.push(err284);
                  }
                  errors++;
                }
                for (const key16 in data89) {
                  if (!(key16 === "status" || key16 === "message")) {
                    const err285 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError", schemaPath: "#/properties/verifiers/items/properties/upstreamError/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key16 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.verifiers.items.properties.upstreamError, data: data89 };
                    if (vErrors === null) {
                      vErrors = [err285];
                    } else {
                      vErrors.push(err285);
                    }
                    errors++;
                  }
                }
                if (data89.status !== void 0) {
                  let data90 = data89.status;
                  const _errs243 = errors;
                  let valid46 = false;
                  const _errs244 = errors;
                  if (!(typeof data90 == "number" && (!(data90 % 1) && !isNaN(data90)) && isFinite(data90))) {
                    const err286 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/status", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/status/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf[0].type, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf[0], data: data90 };
                    if (vErrors === null) {
                      vErrors = [err286];
                    } else {
                      vErrors.push(err286);
                    }
                    errors++;
                  }
                  if (typeof data90 == "number" && isFinite(data90)) {
                    if (data90 > 599 || isNaN(data90)) {
                      const err287 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/status", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/status/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 599 }, message: "must be <= 599", schema: 599, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf[0], data: data90 };
                      if (vErrors === null) {
                        vErrors = [err287];
                      } else {
                        vErrors.push(err287);
                      }
                      errors++;
                    }
                    if (data90 < 100 || isNaN(data90)) {
                      const err288 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/status", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/status/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf[0], data: data90 };
                      if (vErrors === null) {
                        vErrors = [err288];
                      } else {
                        vErrors.push(err288);
                      }
                      errors++;
                    }
                  }
                  var _valid11 = _errs244 === errors;
                  valid46 = valid46 || _valid11;
                  const _errs246 = errors;
                  if (data90 !== null) {
                    const err289 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/status", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/status/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf[1].type, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf[1], data: data90 };
                    if (vErrors === null) {
                      vErrors = [err289];
                    } else {
                      vErrors.push(err289);
                    }
                    errors++;
                  }
                  var _valid11 = _errs246 === errors;
                  valid46 = valid46 || _valid11;
                  if (!valid46) {
                    const err290 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/status", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/status/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.verifiers.items.properties.upstreamError.properties.status.anyOf, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.status, data: data90 };
                    if (vErrors === null) {
                      vErrors = [err290];
                    } else {
                      vErrors.push(err290);
                    }
                    errors++;
                  } else {
                    errors = _errs243;
                    if (vErrors !== null) {
                      if (_errs243) {
                        vErrors.length = _errs243;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data89.message !== void 0) {
                  let data91 = data89.message;
                  if (typeof data91 === "string") {
                    if (func2(data91) < 1) {
                      const err291 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/message", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/message/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.message, data: data91 };
                      if (vErrors === null) {
                        vErrors = [err291];
                      } else {
                        vErrors.push(err291);
                      }
                      errors++;
                    }
                  } else {
                    const err292 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError/message", schemaPath: "#/properties/verifiers/items/properties/upstreamError/properties/message/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.upstreamError.properties.message.type, parentSchema: schema31.properties.verifiers.items.properties.upstreamError.properties.message, data: data91 };
                    if (vErrors === null) {
                      vErrors = [err292];
                    } else {
                      vErrors.push(err292);
                    }
                    errors++;
                  }
                }
              } else {
                const err293 = { instancePath: instancePath + "/verifiers/" + i6 + "/upstreamError", schemaPath: "#/properties/verifiers/items/properties/upstreamError/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.verifiers.items.properties.upstreamError.type, parentSchema: schema31.properties.verifiers.items.properties.upstreamError, data: data89 };
                if (vErrors === null) {
                  vErrors = [err293];
                } else {
                  vErrors.push(err293);
                }
                errors++;
              }
            }
            if (data73.failure !== void 0) {
              let data92 = data73.failure;
              if (data92 && typeof data92 == "object" && !Array.isArray(data92)) {
                if (data92.reason === void 0) {
                  const err294 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure", schemaPath: "#/properties/verifiers/items/properties/failure/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema31.properties.verifiers.items.properties.failure.required, parentSchema: schema31.properties.verifiers.items.properties.failure, data: data92 };
                  if (vErrors === null) {
                    vErrors = [err294];
                  } else {
                    vErrors.push(err294);
                  }
                  errors++;
                }
                if (data92.stderrTail === void 0) {
                  const err295 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure", schemaPath: "#/properties/verifiers/items/properties/failure/required", keyword: "required", params: { missingProperty: "stderrTail" }, message: "must have required property 'stderrTail'", schema: schema31.properties.verifiers.items.properties.failure.required, parentSchema: schema31.properties.verifiers.items.properties.failure, data: data92 };
                  if (vErrors === null) {
                    vErrors = [err295];
                  } else {
                    vErrors.push(err295);
                  }
                  errors++;
                }
                for (const key17 in data92) {
                  if (!(key17 === "reason" || key17 === "stderrTail")) {
                    const err296 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure", schemaPath: "#/properties/verifiers/items/properties/failure/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key17 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.verifiers.items.properties.failure, data: data92 };
                    if (vErrors === null) {
                      vErrors = [err296];
                    } else {
                      vErrors.push(err296);
                    }
                    errors++;
                  }
                }
                if (data92.reason !== void 0) {
                  let data93 = data92.reason;
                  if (typeof data93 === "string") {
                    if (!pattern17.test(data93)) {
                      const err297 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure/reason", schemaPath: "#/properties/verifiers/items/properties/failure/properties/reason/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema31.properties.verifiers.items.properties.failure.properties.reason, data: data93 };
                      if (vErrors === null) {
                        vErrors = [err297];
                      } else {
                        vErrors.push(err297);
                      }
                      errors++;
                    }
                  } else {
                    const err298 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure/reason", schemaPath: "#/properties/verifiers/items/properties/failure/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.failure.properties.reason.type, parentSchema: schema31.properties.verifiers.items.properties.failure.properties.reason, data: data93 };
                    if (vErrors === null) {
                      vErrors = [err298];
                    } else {
                      vErrors.push(err298);
                    }
                    errors++;
                  }
                }
                if (data92.stderrTail !== void 0) {
                  let data94 = data92.stderrTail;
                  if (typeof data94 !== "string") {
                    const err299 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure/stderrTail", schemaPath: "#/properties/verifiers/items/properties/failure/properties/stderrTail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.failure.properties.stderrTail.type, parentSchema: schema31.properties.verifiers.items.properties.failure.properties.stderrTail, data: data94 };
                    if (vErrors === null) {
                      vErrors = [err299];
                    } else {
                      vErrors.push(err299);
                    }
                    errors++;
                  }
                }
              } else {
                const err300 = { instancePath: instancePath + "/verifiers/" + i6 + "/failure", schemaPath: "#/properties/verifiers/items/properties/failure/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.verifiers.items.properties.failure.type, parentSchema: schema31.properties.verifiers.items.properties.failure, data: data92 };
                if (vErrors === null) {
                  vErrors = [err300];
                } else {
                  vErrors.push(err300);
                }
                errors++;
              }
            }
            if (data73.evidence !== void 0) {
              let data95 = data73.evidence;
              if (typeof data95 !== "string") {
                const err301 = { instancePath: instancePath + "/verifiers/" + i6 + "/evidence", schemaPath: "#/properties/verifiers/items/properties/evidence/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.evidence.type, parentSchema: schema31.properties.verifiers.items.properties.evidence, data: data95 };
                if (vErrors === null) {
                  vErrors = [err301];
                } else {
                  vErrors.push(err301);
                }
                errors++;
              }
              if (!(data95 === "events" || data95 === "self-reported")) {
                const err302 = { instancePath: instancePath + "/verifiers/" + i6 + "/evidence", schemaPath: "#/properties/verifiers/items/properties/evidence/enum", keyword: "enum", params: { allowedValues: schema31.properties.verifiers.items.properties.evidence.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.verifiers.items.properties.evidence.enum, parentSchema: schema31.properties.verifiers.items.properties.evidence, data: data95 };
                if (vErrors === null) {
                  vErrors = [err302];
                } else {
                  vErrors.push(err302);
                }
                errors++;
              }
            }
            if (data73.unreadCitations !== void 0) {
              let data96 = data73.unreadCitations;
              if (Array.isArray(data96)) {
                const len9 = data96.length;
                for (let i9 = 0; i9 < len9; i9++) {
                  let data97 = data96[i9];
                  if (typeof data97 === "string") {
                    if (!pattern5.test(data97)) {
                      const err303 = { instancePath: instancePath + "/verifiers/" + i6 + "/unreadCitations/" + i9, schemaPath: "#/properties/verifiers/items/properties/unreadCitations/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.verifiers.items.properties.unreadCitations.items, data: data97 };
                      if (vErrors === null) {
                        vErrors = [err303];
                      } else {
                        vErrors.push(err303);
                      }
                      errors++;
                    }
                  } else {
                    const err304 = { instancePath: instancePath + "/verifiers/" + i6 + "/unreadCitations/" + i9, schemaPath: "#/properties/verifiers/items/properties/unreadCitations/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verifiers.items.properties.unreadCitations.items.type, parentSchema: schema31.properties.verifiers.items.properties.unreadCitations.items, data: data97 };
                    if (vErrors === null) {
                      vErrors = [err304];
                    } else {
                      vErrors.push(err304);
                    }
                    errors++;
                  }
                }
              } else {
                const err305 = { instancePath: instancePath + "/verifiers/" + i6 + "/unreadCitations", schemaPath: "#/properties/verifiers/items/properties/unreadCitations/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.verifiers.items.properties.unreadCitations.type, parentSchema: schema31.properties.verifiers.items.properties.unreadCitations, data: data96 };
                if (vErrors === null) {
                  vErrors = [err305];
                } else {
                  vErrors.push(err305);
                }
                errors++;
              }
            }
          } else {
            const err306 = { instancePath: instancePath + "/verifiers/" + i6, schemaPath: "#/properties/verifiers/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.verifiers.items.type, parentSchema: schema31.properties.verifiers.items, data: data73 };
            if (vErrors === null) {
              vErrors = [err306];
            } else {
              vErrors.push(err306);
            }
            errors++;
          }
        }
      } else {
        const err307 = { instancePath: instancePath + "/verifiers", schemaPath: "#/properties/verifiers/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.verifiers.type, parentSchema: schema31.properties.verifiers, data: data72 };
        if (vErrors === null) {
          vErrors = [err307];
        } else {
          vErrors.push(err307);
        }
        errors++;
      }
    }
    if (data.findings !== void 0) {
      let data98 = data.findings;
      if (Array.isArray(data98)) {
        const len10 = data98.length;
        for (let i10 = 0; i10 < len10; i10++) {
          let data99 = data98[i10];
          if (data99 && typeof data99 == "object" && !Array.isArray(data99)) {
            if (data99.id === void 0) {
              const err308 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "id" }, message: "must have required property 'id'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err308];
              } else {
                vErrors.push(err308);
              }
              errors++;
            }
            if (data99.severity === void 0) {
              const err309 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "severity" }, message: "must have required property 'severity'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err309];
              } else {
                vErrors.push(err309);
              }
              errors++;
            }
            if (data99.title === void 0) {
              const err310 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "title" }, message: "must have required property 'title'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err310];
              } else {
                vErrors.push(err310);
              }
              errors++;
            }
            if (data99.detail === void 0) {
              const err311 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "detail" }, message: "must have required property 'detail'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err311];
              } else {
                vErrors.push(err311);
              }
              errors++;
            }
            if (data99.file === void 0) {
              const err312 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "file" }, message: "must have required property 'file'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err312];
              } else {
                vErrors.push(err312);
              }
              errors++;
            }
            if (data99.line === void 0) {
              const err313 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "line" }, message: "must have required property 'line'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err313];
              } else {
                vErrors.push(err313);
              }
              errors++;
            }
            if (data99.endLine === void 0) {
              const err314 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "endLine" }, message: "must have required property 'endLine'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err314];
              } else {
                vErrors.push(err314);
              }
              errors++;
            }
            if (data99.raisedBy === void 0) {
              const err315 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "raisedBy" }, message: "must have required property 'raisedBy'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err315];
              } else {
                vErrors.push(err315);
              }
              errors++;
            }
            if (data99.confirmedBy === void 0) {
              const err316 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "confirmedBy" }, message: "must have required property 'confirmedBy'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err316];
              } else {
                vErrors.push(err316);
              }
              errors++;
            }
            if (data99.refutedBy === void 0) {
              const err317 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "refutedBy" }, message: "must have required property 'refutedBy'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err317];
              } else {
                vErrors.push(err317);
              }
              errors++;
            }
            if (data99.disposition === void 0) {
              const err318 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "disposition" }, message: "must have required property 'disposition'", schema: schema31.properties.findings.items.required, parentSchema: schema31.properties.findings.items, data: data99 };
              if (vErrors === null) {
                vErrors = [err318];
              } else {
                vErrors.push(err318);
              }
              errors++;
            }
            for (const key18 in data99) {
              if (!func1.call(schema31.properties.findings.items.properties, key18)) {
                const err319 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key18 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.findings.items, data: data99 };
                if (vErrors === null) {
                  vErrors = [err319];
                } else {
                  vErrors.push(err319);
                }
                errors++;
              }
            }
            if (data99.id !== void 0) {
              let data100 = data99.id;
              if (typeof data100 === "string") {
                if (!pattern19.test(data100)) {
                  const err320 = { instancePath: instancePath + "/findings/" + i10 + "/id", schemaPath: "#/properties/findings/items/properties/id/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", parentSchema: schema31.properties.findings.items.properties.id, data: data100 };
                  if (vErrors === null) {
                    vErrors = [err320];
                  } else {
                    vErrors.push(err320);
                  }
                  errors++;
                }
              } else {
                const err321 = { instancePath: instancePath + "/findings/" + i10 + "/id", schemaPath: "#/properties/findings/items/properties/id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.id.type, parentSchema: schema31.properties.findings.items.properties.id, data: data100 };
                if (vErrors === null) {
                  vErrors = [err321];
                } else {
                  vErrors.push(err321);
                }
                errors++;
              }
            }
            if (data99.severity !== void 0) {
              let data101 = data99.severity;
              if (typeof data101 !== "string") {
                const err322 = { instancePath: instancePath + "/findings/" + i10 + "/severity", schemaPath: "#/properties/findings/items/properties/severity/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.severity.type, parentSchema: schema31.properties.findings.items.properties.severity, data: data101 };
                if (vErrors === null) {
                  vErrors = [err322];
                } else {
                  vErrors.push(err322);
                }
                errors++;
              }
              if (!(data101 === "blocking" || data101 === "major" || data101 === "minor" || data101 === "info")) {
                const err323 = { instancePath: instancePath + "/findings/" + i10 + "/severity", schemaPath: "#/properties/findings/items/properties/severity/enum", keyword: "enum", params: { allowedValues: schema31.properties.findings.items.properties.severity.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.findings.items.properties.severity.enum, parentSchema: schema31.properties.findings.items.properties.severity, data: data101 };
                if (vErrors === null) {
                  vErrors = [err323];
                } else {
                  vErrors.push(err323);
                }
                errors++;
              }
            }
            if (data99.title !== void 0) {
              let data102 = data99.title;
              if (typeof data102 === "string") {
                if (func2(data102) < 1) {
                  const err324 = { instancePath: instancePath + "/findings/" + i10 + "/title", schemaPath: "#/properties/findings/items/properties/title/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.findings.items.properties.title, data: data102 };
                  if (vErrors === null) {
                    vErrors = [err324];
                  } else {
                    vErrors.push(err324);
                  }
                  errors++;
                }
              } else {
                const err325 = { instancePath: instancePath + "/findings/" + i10 + "/title", schemaPath: "#/properties/findings/items/properties/title/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.title.type, parentSchema: schema31.properties.findings.items.properties.title, data: data102 };
                if (vErrors === null) {
                  vErrors = [err325];
                } else {
                  vErrors.push(err325);
                }
                errors++;
              }
            }
            if (data99.detail !== void 0) {
              let data103 = data99.detail;
              if (typeof data103 !== "string") {
                const err326 = { instancePath: instancePath + "/findings/" + i10 + "/detail", schemaPath: "#/properties/findings/items/properties/detail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.detail.type, parentSchema: schema31.properties.findings.items.properties.detail, data: data103 };
                if (vErrors === null) {
                  vErrors = [err326];
                } else {
                  vErrors.push(err326);
                }
                errors++;
              }
            }
            if (data99.file !== void 0) {
              let data104 = data99.file;
              const _errs277 = errors;
              let valid53 = false;
              const _errs278 = errors;
              if (typeof data104 === "string") {
                if (!pattern5.test(data104)) {
                  const err327 = { instancePath: instancePath + "/findings/" + i10 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf/0/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.findings.items.properties.file.anyOf[0], data: data104 };
                  if (vErrors === null) {
                    vErrors = [err327];
                  } else {
                    vErrors.push(err327);
                  }
                  errors++;
                }
              } else {
                const err328 = { instancePath: instancePath + "/findings/" + i10 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.file.anyOf[0].type, parentSchema: schema31.properties.findings.items.properties.file.anyOf[0], data: data104 };
                if (vErrors === null) {
                  vErrors = [err328];
                } else {
                  vErrors.push(err328);
                }
                errors++;
              }
              var _valid12 = _errs278 === errors;
              valid53 = valid53 || _valid12;
              const _errs280 = errors;
              if (data104 !== null) {
                const err329 = { instancePath: instancePath + "/findings/" + i10 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.findings.items.properties.file.anyOf[1].type, parentSchema: schema31.properties.findings.items.properties.file.anyOf[1], data: data104 };
                if (vErrors === null) {
                  vErrors = [err329];
                } else {
                  vErrors.push(err329);
                }
                errors++;
              }
              var _valid12 = _errs280 === errors;
              valid53 = valid53 || _valid12;
              if (!valid53) {
                const err330 = { instancePath: instancePath + "/findings/" + i10 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.findings.items.properties.file.anyOf, parentSchema: schema31.properties.findings.items.properties.file, data: data104 };
                if (vErrors === null) {
                  vErrors = [err330];
                } else {
                  vErrors.push(err330);
                }
                errors++;
              } else {
                errors = _errs277;
                if (vErrors !== null) {
                  if (_errs277) {
                    vErrors.length = _errs277;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data99.line !== void 0) {
              let data105 = data99.line;
              const _errs283 = errors;
              let valid54 = false;
              const _errs284 = errors;
              if (!(typeof data105 == "number" && (!(data105 % 1) && !isNaN(data105)) && isFinite(data105))) {
                const err331 = { instancePath: instancePath + "/findings/" + i10 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.findings.items.properties.line.anyOf[0].type, parentSchema: schema31.properties.findings.items.properties.line.anyOf[0], data: data105 };
                if (vErrors === null) {
                  vErrors = [err331];
                } else {
                  vErrors.push(err331);
                }
                errors++;
              }
              if (typeof data105 == "number" && isFinite(data105)) {
                if (data105 > 9007199254740991 || isNaN(data105)) {
                  const err332 = { instancePath: instancePath + "/findings/" + i10 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.findings.items.properties.line.anyOf[0], data: data105 };
                  if (vErrors === null) {
                    vErrors = [err332];
                  } else {
                    vErrors.push(err332);
                  }
                  errors++;
                }
                if (data105 <= 0 || isNaN(data105)) {
                  const err333 = { instancePath: instancePath + "/findings/" + i10 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/0/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.findings.items.properties.line.anyOf[0], data: data105 };
                  if (vErrors === null) {
                    vErrors = [err333];
                  } else {
                    vErrors.push(err333);
                  }
                  errors++;
                }
              }
              var _valid13 = _errs284 === errors;
              valid54 = valid54 || _valid13;
              const _errs286 = errors;
              if (data105 !== null) {
                const err334 = { instancePath: instancePath + "/findings/" + i10 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.findings.items.properties.line.anyOf[1].type, parentSchema: schema31.properties.findings.items.properties.line.anyOf[1], data: data105 };
                if (vErrors === null) {
                  vErrors = [err334];
                } else {
                  vErrors.push(err334);
                }
                errors++;
              }
              var _valid13 = _errs286 === errors;
              valid54 = valid54 || _valid13;
              if (!valid54) {
                const err335 = { instancePath: instancePath + "/findings/" + i10 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.findings.items.properties.line.anyOf, parentSchema: schema31.properties.findings.items.properties.line, data: data105 };
                if (vErrors === null) {
                  vErrors = [err335];
                } else {
                  vErrors.push(err335);
                }
                errors++;
              } else {
                errors = _errs283;
                if (vErrors !== null) {
                  if (_errs283) {
                    vErrors.length = _errs283;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data99.endLine !== void 0) {
              let data106 = data99.endLine;
              const _errs289 = errors;
              let valid55 = false;
              const _errs290 = errors;
              if (!(typeof data106 == "number" && (!(data106 % 1) && !isNaN(data106)) && isFinite(data106))) {
                const err336 = { instancePath: instancePath + "/findings/" + i10 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.findings.items.properties.endLine.anyOf[0].type, parentSchema: schema31.properties.findings.items.properties.endLine.anyOf[0], data: data106 };
                if (vErrors === null) {
                  vErrors = [err336];
                } else {
                  vErrors.push(err336);
                }
                errors++;
              }
              if (typeof data106 == "number" && isFinite(data106)) {
                if (data106 > 9007199254740991 || isNaN(data106)) {
                  const err337 = { instancePath: instancePath + "/findings/" + i10 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.findings.items.properties.endLine.anyOf[0], data: data106 };
                  if (vErrors === null) {
                    vErrors = [err337];
                  } else {
                    vErrors.push(err337);
                  }
                  errors++;
                }
                if (data106 <= 0 || isNaN(data106)) {
                  const err338 = { instancePath: instancePath + "/findings/" + i10 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/0/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.findings.items.properties.endLine.anyOf[0], data: data106 };
                  if (vErrors === null) {
                    vErrors = [err338];
                  } else {
                    vErrors.push(err338);
                  }
                  errors++;
                }
              }
              var _valid14 = _errs290 === errors;
              valid55 = valid55 || _valid14;
              const _errs292 = errors;
              if (data106 !== null) {
                const err339 = { instancePath: instancePath + "/findings/" + i10 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.findings.items.properties.endLine.anyOf[1].type, parentSchema: schema31.properties.findings.items.properties.endLine.anyOf[1], data: data106 };
                if (vErrors === null) {
                  vErrors = [err339];
                } else {
                  vErrors.push(err339);
                }
                errors++;
              }
              var _valid14 = _errs292 === errors;
              valid55 = valid55 || _valid14;
              if (!valid55) {
                const err340 = { instancePath: instancePath + "/findings/" + i10 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.findings.items.properties.endLine.anyOf, parentSchema: schema31.properties.findings.items.properties.endLine, data: data106 };
                if (vErrors === null) {
                  vErrors = [err340];
                } else {
                  vErrors.push(err340);
                }
                errors++;
              } else {
                errors = _errs289;
                if (vErrors !== null) {
                  if (_errs289) {
                    vErrors.length = _errs289;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data99.raisedBy !== void 0) {
              let data107 = data99.raisedBy;
              if (typeof data107 === "string") {
                if (!pattern14.test(data107)) {
                  const err341 = { instancePath: instancePath + "/findings/" + i10 + "/raisedBy", schemaPath: "#/properties/findings/items/properties/raisedBy/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.findings.items.properties.raisedBy, data: data107 };
                  if (vErrors === null) {
                    vErrors = [err341];
                  } else {
                    vErrors.push(err341);
                  }
                  errors++;
                }
              } else {
                const err342 = { instancePath: instancePath + "/findings/" + i10 + "/raisedBy", schemaPath: "#/properties/findings/items/properties/raisedBy/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.raisedBy.type, parentSchema: schema31.properties.findings.items.properties.raisedBy, data: data107 };
                if (vErrors === null) {
                  vErrors = [err342];
                } else {
                  vErrors.push(err342);
                }
                errors++;
              }
            }
            if (data99.confirmedBy !== void 0) {
              let data108 = data99.confirmedBy;
              if (Array.isArray(data108)) {
                const len11 = data108.length;
                for (let i11 = 0; i11 < len11; i11++) {
                  let data109 = data108[i11];
                  if (typeof data109 === "string") {
                    if (!pattern14.test(data109)) {
                      const err343 = { instancePath: instancePath + "/findings/" + i10 + "/confirmedBy/" + i11, schemaPath: "#/properties/findings/items/properties/confirmedBy/items/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.findings.items.properties.confirmedBy.items, data: data109 };
                      if (vErrors === null) {
                        vErrors = [err343];
                      } else {
                        vErrors.push(err343);
                      }
                      errors++;
                    }
                  } else {
                    const err344 = { instancePath: instancePath + "/findings/" + i10 + "/confirmedBy/" + i11, schemaPath: "#/properties/findings/items/properties/confirmedBy/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.confirmedBy.items.type, parentSchema: schema31.properties.findings.items.properties.confirmedBy.items, data: data109 };
                    if (vErrors === null) {
                      vErrors = [err344];
                    } else {
                      vErrors.push(err344);
                    }
                    errors++;
                  }
                }
              } else {
                const err345 = { instancePath: instancePath + "/findings/" + i10 + "/confirmedBy", schemaPath: "#/properties/findings/items/properties/confirmedBy/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.findings.items.properties.confirmedBy.type, parentSchema: schema31.properties.findings.items.properties.confirmedBy, data: data108 };
                if (vErrors === null) {
                  vErrors = [err345];
                } else {
                  vErrors.push(err345);
                }
                errors++;
              }
            }
            if (data99.refutedBy !== void 0) {
              let data110 = data99.refutedBy;
              if (Array.isArray(data110)) {
                const len12 = data110.length;
                for (let i12 = 0; i12 < len12; i12++) {
                  let data111 = data110[i12];
                  if (typeof data111 === "string") {
                    if (!pattern14.test(data111)) {
                      const err346 = { instancePath: instancePath + "/findings/" + i10 + "/refutedBy/" + i12, schemaPath: "#/properties/findings/items/properties/refutedBy/items/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.findings.items.properties.refutedBy.items, data: data111 };
                      if (vErrors === null) {
                        vErrors = [err346];
                      } else {
                        vErrors.push(err346);
                      }
                      errors++;
                    }
                  } else {
                    const err347 = { instancePath: instancePath + "/findings/" + i10 + "/refutedBy/" + i12, schemaPath: "#/properties/findings/items/properties/refutedBy/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.refutedBy.items.type, parentSchema: schema31.properties.findings.items.properties.refutedBy.items, data: data111 };
                    if (vErrors === null) {
                      vErrors = [err347];
                    } else {
                      vErrors.push(err347);
                    }
                    errors++;
                  }
                }
              } else {
                const err348 = { instancePath: instancePath + "/findings/" + i10 + "/refutedBy", schemaPath: "#/properties/findings/items/properties/refutedBy/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.findings.items.properties.refutedBy.type, parentSchema: schema31.properties.findings.items.properties.refutedBy, data: data110 };
                if (vErrors === null) {
                  vErrors = [err348];
                } else {
                  vErrors.push(err348);
                }
                errors++;
              }
            }
            if (data99.disposition !== void 0) {
              let data112 = data99.disposition;
              if (typeof data112 !== "string") {
                const err349 = { instancePath: instancePath + "/findings/" + i10 + "/disposition", schemaPath: "#/properties/findings/items/properties/disposition/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.findings.items.properties.disposition.type, parentSchema: schema31.properties.findings.items.properties.disposition, data: data112 };
                if (vErrors === null) {
                  vErrors = [err349];
                } else {
                  vErrors.push(err349);
                }
                errors++;
              }
              if (!(data112 === "standing" || data112 === "confirmed" || data112 === "refuted")) {
                const err350 = { instancePath: instancePath + "/findings/" + i10 + "/disposition", schemaPath: "#/properties/findings/items/properties/disposition/enum", keyword: "enum", params: { allowedValues: schema31.properties.findings.items.properties.disposition.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.findings.items.properties.disposition.enum, parentSchema: schema31.properties.findings.items.properties.disposition, data: data112 };
                if (vErrors === null) {
                  vErrors = [err350];
                } else {
                  vErrors.push(err350);
                }
                errors++;
              }
            }
          } else {
            const err351 = { instancePath: instancePath + "/findings/" + i10, schemaPath: "#/properties/findings/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.findings.items.type, parentSchema: schema31.properties.findings.items, data: data99 };
            if (vErrors === null) {
              vErrors = [err351];
            } else {
              vErrors.push(err351);
            }
            errors++;
          }
        }
      } else {
        const err352 = { instancePath: instancePath + "/findings", schemaPath: "#/properties/findings/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.findings.type, parentSchema: schema31.properties.findings, data: data98 };
        if (vErrors === null) {
          vErrors = [err352];
        } else {
          vErrors.push(err352);
        }
        errors++;
      }
    }
    if (data.convergence !== void 0) {
      let data113 = data.convergence;
      if (data113 && typeof data113 == "object" && !Array.isArray(data113)) {
        if (data113.rounds === void 0) {
          const err353 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/required", keyword: "required", params: { missingProperty: "rounds" }, message: "must have required property 'rounds'", schema: schema31.properties.convergence.required, parentSchema: schema31.properties.convergence, data: data113 };
          if (vErrors === null) {
            vErrors = [err353];
          } else {
            vErrors.push(err353);
          }
          errors++;
        }
        if (data113.disputed === void 0) {
          const err354 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/required", keyword: "required", params: { missingProperty: "disputed" }, message: "must have required property 'disputed'", schema: schema31.properties.convergence.required, parentSchema: schema31.properties.convergence, data: data113 };
          if (vErrors === null) {
            vErrors = [err354];
          } else {
            vErrors.push(err354);
          }
          errors++;
        }
        if (data113.resolved === void 0) {
          const err355 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/required", keyword: "required", params: { missingProperty: "resolved" }, message: "must have required property 'resolved'", schema: schema31.properties.convergence.required, parentSchema: schema31.properties.convergence, data: data113 };
          if (vErrors === null) {
            vErrors = [err355];
          } else {
            vErrors.push(err355);
          }
          errors++;
        }
        for (const key19 in data113) {
          if (!(key19 === "rounds" || key19 === "disputed" || key19 === "resolved" || key19 === "failures")) {
            const err356 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key19 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.convergence, data: data113 };
            if (vErrors === null) {
              vErrors = [err356];
            } else {
              vErrors.push(err356);
            }
            errors++;
          }
        }
        if (data113.rounds !== void 0) {
          let data114 = data113.rounds;
          if (!(typeof data114 == "number" && (!(data114 % 1) && !isNaN(data114)) && isFinite(data114))) {
            const err357 = { instancePath: instancePath + "/convergence/rounds", schemaPath: "#/properties/convergence/properties/rounds/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.convergence.properties.rounds.type, parentSchema: schema31.properties.convergence.properties.rounds, data: data114 };
            if (vErrors === null) {
              vErrors = [err357];
            } else {
              vErrors.push(err357);
            }
            errors++;
          }
          if (typeof data114 == "number" && isFinite(data114)) {
            if (data114 > 9007199254740991 || isNaN(data114)) {
              const err358 = { instancePath: instancePath + "/convergence/rounds", schemaPath: "#/properties/convergence/properties/rounds/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.convergence.properties.rounds, data: data114 };
              if (vErrors === null) {
                vErrors = [err358];
              } else {
                vErrors.push(err358);
              }
              errors++;
            }
            if (data114 < 0 || isNaN(data114)) {
              const err359 = { instancePath: instancePath + "/convergence/rounds", schemaPath: "#/properties/convergence/properties/rounds/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.convergence.properties.rounds, data: data114 };
              if (vErrors === null) {
                vErrors = [err359];
              } else {
                vErrors.push(err359);
              }
              errors++;
            }
          }
        }
        if (data113.disputed !== void 0) {
          let data115 = data113.disputed;
          if (!(typeof data115 == "number" && (!(data115 % 1) && !isNaN(data115)) && isFinite(data115))) {
            const err360 = { instancePath: instancePath + "/convergence/disputed", schemaPath: "#/properties/convergence/properties/disputed/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.convergence.properties.disputed.type, parentSchema: schema31.properties.convergence.properties.disputed, data: data115 };
            if (vErrors === null) {
              vErrors = [err360];
            } else {
              vErrors.push(err360);
            }
            errors++;
          }
          if (typeof data115 == "number" && isFinite(data115)) {
            if (data115 > 9007199254740991 || isNaN(data115)) {
              const err361 = { instancePath: instancePath + "/convergence/disputed", schemaPath: "#/properties/convergence/properties/disputed/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.convergence.properties.disputed, data: data115 };
              if (vErrors === null) {
                vErrors = [err361];
              } else {
                vErrors.push(err361);
              }
              errors++;
            }
            if (data115 < 0 || isNaN(data115)) {
              const err362 = { instancePath: instancePath + "/convergence/disputed", schemaPath: "#/properties/convergence/properties/disputed/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.convergence.properties.disputed, data: data115 };
              if (vErrors === null) {
                vErrors = [err362];
              } else {
                vErrors.push(err362);
              }
              errors++;
            }
          }
        }
        if (data113.resolved !== void 0) {
          let data116 = data113.resolved;
          if (!(typeof data116 == "number" && (!(data116 % 1) && !isNaN(data116)) && isFinite(data116))) {
            const err363 = { instancePath: instancePath + "/convergence/resolved", schemaPath: "#/properties/convergence/properties/resolved/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.convergence.properties.resolved.type, parentSchema: schema31.properties.convergence.properties.resolved, data: data116 };
            if (vErrors === null) {
              vErrors = [err363];
            } else {
              vErrors.push(err363);
            }
            errors++;
          }
          if (typeof data116 == "number" && isFinite(data116)) {
            if (data116 > 9007199254740991 || isNaN(data116)) {
              const err364 = { instancePath: instancePath + "/convergence/resolved", schemaPath: "#/properties/convergence/properties/resolved/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.convergence.properties.resolved, data: data116 };
              if (vErrors === null) {
                vErrors = [err364];
              } else {
                vErrors.push(err364);
              }
              errors++;
            }
            if (data116 < 0 || isNaN(data116)) {
              const err365 = { instancePath: instancePath + "/convergence/resolved", schemaPath: "#/properties/convergence/properties/resolved/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.convergence.properties.resolved, data: data116 };
              if (vErrors === null) {
                vErrors = [err365];
              } else {
                vErrors.push(err365);
              }
              errors++;
            }
          }
        }
        if (data113.failures !== void 0) {
          let data117 = data113.failures;
          if (Array.isArray(data117)) {
            const len13 = data117.length;
            for (let i13 = 0; i13 < len13; i13++) {
              let data118 = data117[i13];
              if (data118 && typeof data118 == "object" && !Array.isArray(data118)) {
                if (data118.worker === void 0) {
                  const err366 = { instancePath: instancePath + "/convergence/failures/" + i13, schemaPath: "#/properties/convergence/properties/failures/items/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.convergence.properties.failures.items.required, parentSchema: schema31.properties.convergence.properties.failures.items, data: data118 };
                  if (vErrors === null) {
                    vErrors = [err366];
                  } else {
                    vErrors.push(err366);
                  }
                  errors++;
                }
                if (data118.findingId === void 0) {
                  const err367 = { instancePath: instancePath + "/convergence/failures/" + i13, schemaPath: "#/properties/convergence/properties/failures/items/required", keyword: "required", params: { missingProperty: "findingId" }, message: "must have required property 'findingId'", schema: schema31.properties.convergence.properties.failures.items.required, parentSchema: schema31.properties.convergence.properties.failures.items, data: data118 };
                  if (vErrors === null) {
                    vErrors = [err367];
                  } else {
                    vErrors.push(err367);
                  }
                  errors++;
                }
                if (data118.status === void 0) {
                  const err368 = { instancePath: instancePath + "/convergence/failures/" + i13, schemaPath: "#/properties/convergence/properties/failures/items/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.convergence.properties.failures.items.required, parentSchema: schema31.properties.convergence.properties.failures.items, data: data118 };
                  if (vErrors === null) {
                    vErrors = [err368];
                  } else {
                    vErrors.push(err368);
                  }
                  errors++;
                }
                if (data118.failure === void 0) {
                  const err369 = { instancePath: instancePath + "/convergence/failures/" + i13, schemaPath: "#/properties/convergence/properties/failures/items/required", keyword: "required", params: { missingProperty: "failure" }, message: "must have required property 'failure'", schema: schema31.properties.convergence.properties.failures.items.required, parentSchema: schema31.properties.convergence.properties.failures.items, data: data118 };
                  if (vErrors === null) {
                    vErrors = [err369];
                  } else {
                    vErrors.push(err369);
                  }
                  errors++;
                }
                for (const key20 in data118) {
                  if (!(key20 === "worker" || key20 === "findingId" || key20 === "status" || key20 === "upstreamError" || key20 === "failure")) {
                    const err370 = { instancePath: instancePath + "/convergence/failures/" + i13, schemaPath: "#/properties/convergence/properties/failures/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key20 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.convergence.properties.failures.items, data: data118 };
                    if (vErrors === null) {
                      vErrors = [err370];
                    } else {
                      vErrors.push(err370);
                    }
                    errors++;
                  }
                }
                if (data118.worker !== void 0) {
                  let data119 = data118.worker;
                  if (typeof data119 === "string") {
                    if (!pattern14.test(data119)) {
                      const err371 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/worker", schemaPath: "#/properties/convergence/properties/failures/items/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.convergence.properties.failures.items.properties.worker, data: data119 };
                      if (vErrors === null) {
                        vErrors = [err371];
                      } else {
                        vErrors.push(err371);
                      }
                      errors++;
                    }
                  } else {
                    const err372 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/worker", schemaPath: "#/properties/convergence/properties/failures/items/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.convergence.properties.failures.items.properties.worker.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.worker, data: data119 };
                    if (vErrors === null) {
                      vErrors = [err372];
                    } else {
                      vErrors.push(err372);
                    }
                    errors++;
                  }
                }
                if (data118.findingId !== void 0) {
                  let data120 = data118.findingId;
                  if (typeof data120 === "string") {
                    if (!pattern19.test(data120)) {
                      const err373 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/findingId", schemaPath: "#/properties/convergence/properties/failures/items/properties/findingId/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", parentSchema: schema31.properties.convergence.properties.failures.items.properties.findingId, data: data120 };
                      if (vErrors === null) {
                        vErrors = [err373];
                      } else {
                        vErrors.push(err373);
                      }
                      errors++;
                    }
                  } else {
                    const err374 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/findingId", schemaPath: "#/properties/convergence/properties/failures/items/properties/findingId/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.convergence.properties.failures.items.properties.findingId.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.findingId, data: data120 };
                    if (vErrors === null) {
                      vErrors = [err374];
                    } else {
                      vErrors.push(err374);
                    }
                    errors++;
                  }
                }
                if (data118.status !== void 0) {
                  let data121 = data118.status;
                  if (typeof data121 !== "string") {
                    const err375 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/status/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.convergence.properties.failures.items.properties.status.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.status, data: data121 };
                    if (vErrors === null) {
                      vErrors = [err375];
                    } else {
                      vErrors.push(err375);
                    }
                    errors++;
                  }
                  if (!(data121 === "done" || data121 === "contract-violated" || data121 === "error" || data121 === "timeout" || data121 === "budget-exceeded")) {
                    const err376 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/status/enum", keyword: "enum", params: { allowedValues: schema31.properties.convergence.properties.failures.items.properties.status.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.convergence.properties.failures.items.properties.status.enum, parentSchema: schema31.properties.convergence.properties.failures.items.properties.status, data: data121 };
                    if (vErrors === null) {
                      vErrors = [err376];
                    } else {
                      vErrors.push(err376);
                    }
                    errors++;
                  }
                }
                if (data118.upstreamError !== void 0) {
                  let data122 = data118.upstreamError;
                  if (data122 && typeof data122 == "object" && !Array.isArray(data122)) {
                    if (data122.status === void 0) {
                      const err377 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.required, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError, data: data122 };
                      if (vErrors === null) {
                        vErrors = [err377];
                      } else {
                        vErrors.push(err377);
                      }
                      errors++;
                    }
                    if (data122.message === void 0) {
                      const err378 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/required", keyword: "required", params: { missingProperty: "message" }, message: "must have required property 'message'", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.required, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError, data: data122 };
                      if (vErrors === null) {
                        vErrors = [err378];
                      } else {
                        vErrors.push(err378);
                      }
                      errors++;
                    }
                    for (const key21 in data122) {
                      if (!(key21 === "status" || key21 === "message")) {
                        const err379 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key21 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError, data: data122 };
                        if (vErrors === null) {
                          vErrors = [err379];
                        } else {
                          vErrors.push(err379);
                        }
                        errors++;
                      }
                    }
                    if (data122.status !== void 0) {
                      let data123 = data122.status;
                      const _errs330 = errors;
                      let valid65 = false;
                      const _errs331 = errors;
                      if (!(typeof data123 == "number" && (!(data123 % 1) && !isNaN(data123)) && isFinite(data123))) {
                        const err380 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/status/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf[0].type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf[0], data: data123 };
                        if (vErrors === null) {
                          vErrors = [err380];
                        } else {
                          vErrors.push(err380);
                        }
                        errors++;
                      }
                      if (typeof data123 == "number" && isFinite(data123)) {
                        if (data123 > 599 || isNaN(data123)) {
                          const err381 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/status/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 599 }, message: "must be <= 599", schema: 599, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf[0], data: data123 };
                          if (vErrors === null) {
                            vErrors = [err381];
                          } else {
                            vErrors.push(err381);
                          }
                          errors++;
                        }
                        if (data123 < 100 || isNaN(data123)) {
                          const err382 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/status/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf[0], data: data123 };
                          if (vErrors === null) {
                            vErrors = [err382];
                          } else {
                            vErrors.push(err382);
                          }
                          errors++;
                        }
                      }
                      var _valid15 = _errs331 === errors;
                      valid65 = valid65 || _valid15;
                      const _errs333 = errors;
                      if (data123 !== null) {
                        const err383 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/status/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf[1].type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf[1], data: data123 };
                        if (vErrors === null) {
                          vErrors = [err383];
                        } else {
                          vErrors.push(err383);
                        }
                        errors++;
                      }
                      var _valid15 = _errs333 === errors;
                      valid65 = valid65 || _valid15;
                      if (!valid65) {
                        const err384 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/status", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/status/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status.anyOf, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.status, data: data123 };
                        if (vErrors === null) {
                          vErrors = [err384];
                        } else {
                          vErrors.push(err384);
                        }
                        errors++;
                      } else {
                        errors = _errs330;
                        if (vErrors !== null) {
                          if (_errs330) {
                            vErrors.length = _errs330;
                          } else {
                            vErrors = null;
                          }
                        }
                      }
                    }
                    if (data122.message !== void 0) {
                      let data124 = data122.message;
                      if (typeof data124 === "string") {
                        if (func2(data124) < 1) {
                          const err385 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/message", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/message/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.message, data: data124 };
                          if (vErrors === null) {
                            vErrors = [err385];
                          } else {
                            vErrors.push(err385);
                          }
                          errors++;
                        }
                      } else {
                        const err386 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError/message", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/properties/message/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.message.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.properties.message, data: data124 };
                        if (vErrors === null) {
                          vErrors = [err386];
                        } else {
                          vErrors.push(err386);
                        }
                        errors++;
                      }
                    }
                  } else {
                    const err387 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/upstreamError", schemaPath: "#/properties/convergence/properties/failures/items/properties/upstreamError/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.convergence.properties.failures.items.properties.upstreamError.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.upstreamError, data: data122 };
                    if (vErrors === null) {
                      vErrors = [err387];
                    } else {
                      vErrors.push(err387);
                    }
                    errors++;
                  }
                }
                if (data118.failure !== void 0) {
                  let data125 = data118.failure;
                  if (data125 && typeof data125 == "object" && !Array.isArray(data125)) {
                    if (data125.reason === void 0) {
                      const err388 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema31.properties.convergence.properties.failures.items.properties.failure.required, parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure, data: data125 };
                      if (vErrors === null) {
                        vErrors = [err388];
                      } else {
                        vErrors.push(err388);
                      }
                      errors++;
                    }
                    if (data125.stderrTail === void 0) {
                      const err389 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/required", keyword: "required", params: { missingProperty: "stderrTail" }, message: "must have required property 'stderrTail'", schema: schema31.properties.convergence.properties.failures.items.properties.failure.required, parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure, data: data125 };
                      if (vErrors === null) {
                        vErrors = [err389];
                      } else {
                        vErrors.push(err389);
                      }
                      errors++;
                    }
                    for (const key22 in data125) {
                      if (!(key22 === "reason" || key22 === "stderrTail")) {
                        const err390 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key22 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure, data: data125 };
                        if (vErrors === null) {
                          vErrors = [err390];
                        } else {
                          vErrors.push(err390);
                        }
                        errors++;
                      }
                    }
                    if (data125.reason !== void 0) {
                      let data126 = data125.reason;
                      if (typeof data126 === "string") {
                        if (!pattern17.test(data126)) {
                          const err391 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure/reason", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/properties/reason/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure.properties.reason, data: data126 };
                          if (vErrors === null) {
                            vErrors = [err391];
                          } else {
                            vErrors.push(err391);
                          }
                          errors++;
                        }
                      } else {
                        const err392 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure/reason", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.convergence.properties.failures.items.properties.failure.properties.reason.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure.properties.reason, data: data126 };
                        if (vErrors === null) {
                          vErrors = [err392];
                        } else {
                          vErrors.push(err392);
                        }
                        errors++;
                      }
                    }
                    if (data125.stderrTail !== void 0) {
                      let data127 = data125.stderrTail;
                      if (typeof data127 !== "string") {
                        const err393 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure/stderrTail", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/properties/stderrTail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.convergence.properties.failures.items.properties.failure.properties.stderrTail.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure.properties.stderrTail, data: data127 };
                        if (vErrors === null) {
                          vErrors = [err393];
                        } else {
                          vErrors.push(err393);
                        }
                        errors++;
                      }
                    }
                  } else {
                    const err394 = { instancePath: instancePath + "/convergence/failures/" + i13 + "/failure", schemaPath: "#/properties/convergence/properties/failures/items/properties/failure/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.convergence.properties.failures.items.properties.failure.type, parentSchema: schema31.properties.convergence.properties.failures.items.properties.failure, data: data125 };
                    if (vErrors === null) {
                      vErrors = [err394];
                    } else {
                      vErrors.push(err394);
                    }
                    errors++;
                  }
                }
              } else {
                const err395 = { instancePath: instancePath + "/convergence/failures/" + i13, schemaPath: "#/properties/convergence/properties/failures/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.convergence.properties.failures.items.type, parentSchema: schema31.properties.convergence.properties.failures.items, data: data118 };
                if (vErrors === null) {
                  vErrors = [err395];
                } else {
                  vErrors.push(err395);
                }
                errors++;
              }
            }
          } else {
            const err396 = { instancePath: instancePath + "/convergence/failures", schemaPath: "#/properties/convergence/properties/failures/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.convergence.properties.failures.type, parentSchema: schema31.properties.convergence.properties.failures, data: data117 };
            if (vErrors === null) {
              vErrors = [err396];
            } else {
              vErrors.push(err396);
            }
            errors++;
          }
        }
      } else {
        const err397 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.convergence.type, parentSchema: schema31.properties.convergence, data: data113 };
        if (vErrors === null) {
          vErrors = [err397];
        } else {
          vErrors.push(err397);
        }
        errors++;
      }
    }
    if (data.critic !== void 0) {
      let data128 = data.critic;
      if (data128 && typeof data128 == "object" && !Array.isArray(data128)) {
        if (data128.worker === void 0) {
          const err398 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err398];
          } else {
            vErrors.push(err398);
          }
          errors++;
        }
        if (data128.status === void 0) {
          const err399 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err399];
          } else {
            vErrors.push(err399);
          }
          errors++;
        }
        if (data128.gaps === void 0) {
          const err400 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "gaps" }, message: "must have required property 'gaps'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err400];
          } else {
            vErrors.push(err400);
          }
          errors++;
        }
        if (data128.findings === void 0) {
          const err401 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "findings" }, message: "must have required property 'findings'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err401];
          } else {
            vErrors.push(err401);
          }
          errors++;
        }
        if (data128.evidenceRead === void 0) {
          const err402 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "evidenceRead" }, message: "must have required property 'evidenceRead'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err402];
          } else {
            vErrors.push(err402);
          }
          errors++;
        }
        if (data128.usage === void 0) {
          const err403 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "usage" }, message: "must have required property 'usage'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err403];
          } else {
            vErrors.push(err403);
          }
          errors++;
        }
        if (data128.durationMs === void 0) {
          const err404 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/required", keyword: "required", params: { missingProperty: "durationMs" }, message: "must have required property 'durationMs'", schema: schema31.properties.critic.required, parentSchema: schema31.properties.critic, data: data128 };
          if (vErrors === null) {
            vErrors = [err404];
          } else {
            vErrors.push(err404);
          }
          errors++;
        }
        for (const key23 in data128) {
          if (!func1.call(schema31.properties.critic.properties, key23)) {
            const err405 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key23 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.critic, data: data128 };
            if (vErrors === null) {
              vErrors = [err405];
            } else {
              vErrors.push(err405);
            }
            errors++;
          }
        }
        if (data128.worker !== void 0) {
          let data129 = data128.worker;
          if (typeof data129 === "string") {
            if (!pattern14.test(data129)) {
              const err406 = { instancePath: instancePath + "/critic/worker", schemaPath: "#/properties/critic/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.critic.properties.worker, data: data129 };
              if (vErrors === null) {
                vErrors = [err406];
              } else {
                vErrors.push(err406);
              }
              errors++;
            }
          } else {
            const err407 = { instancePath: instancePath + "/critic/worker", schemaPath: "#/properties/critic/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.worker.type, parentSchema: schema31.properties.critic.properties.worker, data: data129 };
            if (vErrors === null) {
              vErrors = [err407];
            } else {
              vErrors.push(err407);
            }
            errors++;
          }
        }
        if (data128.status !== void 0) {
          let data130 = data128.status;
          if (typeof data130 !== "string") {
            const err408 = { instancePath: instancePath + "/critic/status", schemaPath: "#/properties/critic/properties/status/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.status.type, parentSchema: schema31.properties.critic.properties.status, data: data130 };
            if (vErrors === null) {
              vErrors = [err408];
            } else {
              vErrors.push(err408);
            }
            errors++;
          }
          if (!(data130 === "done" || data130 === "contract-violated" || data130 === "error" || data130 === "timeout" || data130 === "budget-exceeded")) {
            const err409 = { instancePath: instancePath + "/critic/status", schemaPath: "#/properties/critic/properties/status/enum", keyword: "enum", params: { allowedValues: schema31.properties.critic.properties.status.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.critic.properties.status.enum, parentSchema: schema31.properties.critic.properties.status, data: data130 };
            if (vErrors === null) {
              vErrors = [err409];
            } else {
              vErrors.push(err409);
            }
            errors++;
          }
        }
        if (data128.gaps !== void 0) {
          let data131 = data128.gaps;
          if (!(typeof data131 == "number" && (!(data131 % 1) && !isNaN(data131)) && isFinite(data131))) {
            const err410 = { instancePath: instancePath + "/critic/gaps", schemaPath: "#/properties/critic/properties/gaps/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.gaps.type, parentSchema: schema31.properties.critic.properties.gaps, data: data131 };
            if (vErrors === null) {
              vErrors = [err410];
            } else {
              vErrors.push(err410);
            }
            errors++;
          }
          if (typeof data131 == "number" && isFinite(data131)) {
            if (data131 > 9007199254740991 || isNaN(data131)) {
              const err411 = { instancePath: instancePath + "/critic/gaps", schemaPath: "#/properties/critic/properties/gaps/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.critic.properties.gaps, data: data131 };
              if (vErrors === null) {
                vErrors = [err411];
              } else {
                vErrors.push(err411);
              }
              errors++;
            }
            if (data131 < 0 || isNaN(data131)) {
              const err412 = { instancePath: instancePath + "/critic/gaps", schemaPath: "#/properties/critic/properties/gaps/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.gaps, data: data131 };
              if (vErrors === null) {
                vErrors = [err412];
              } else {
                vErrors.push(err412);
              }
              errors++;
            }
          }
        }
        if (data128.findings !== void 0) {
          let data132 = data128.findings;
          if (Array.isArray(data132)) {
            const len14 = data132.length;
            for (let i14 = 0; i14 < len14; i14++) {
              let data133 = data132[i14];
              if (typeof data133 === "string") {
                if (!pattern19.test(data133)) {
                  const err413 = { instancePath: instancePath + "/critic/findings/" + i14, schemaPath: "#/properties/critic/properties/findings/items/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", parentSchema: schema31.properties.critic.properties.findings.items, data: data133 };
                  if (vErrors === null) {
                    vErrors = [err413];
                  } else {
                    vErrors.push(err413);
                  }
                  errors++;
                }
              } else {
                const err414 = { instancePath: instancePath + "/critic/findings/" + i14, schemaPath: "#/properties/critic/properties/findings/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.findings.items.type, parentSchema: schema31.properties.critic.properties.findings.items, data: data133 };
                if (vErrors === null) {
                  vErrors = [err414];
                } else {
                  vErrors.push(err414);
                }
                errors++;
              }
            }
          } else {
            const err415 = { instancePath: instancePath + "/critic/findings", schemaPath: "#/properties/critic/properties/findings/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.critic.properties.findings.type, parentSchema: schema31.properties.critic.properties.findings, data: data132 };
            if (vErrors === null) {
              vErrors = [err415];
            } else {
              vErrors.push(err415);
            }
            errors++;
          }
        }
        if (data128.evidenceRead !== void 0) {
          let data134 = data128.evidenceRead;
          if (Array.isArray(data134)) {
            const len15 = data134.length;
            for (let i15 = 0; i15 < len15; i15++) {
              let data135 = data134[i15];
              if (typeof data135 === "string") {
                if (!pattern5.test(data135)) {
                  const err416 = { instancePath: instancePath + "/critic/evidenceRead/" + i15, schemaPath: "#/properties/critic/properties/evidenceRead/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.critic.properties.evidenceRead.items, data: data135 };
                  if (vErrors === null) {
                    vErrors = [err416];
                  } else {
                    vErrors.push(err416);
                  }
                  errors++;
                }
              } else {
                const err417 = { instancePath: instancePath + "/critic/evidenceRead/" + i15, schemaPath: "#/properties/critic/properties/evidenceRead/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.evidenceRead.items.type, parentSchema: schema31.properties.critic.properties.evidenceRead.items, data: data135 };
                if (vErrors === null) {
                  vErrors = [err417];
                } else {
                  vErrors.push(err417);
                }
                errors++;
              }
            }
          } else {
            const err418 = { instancePath: instancePath + "/critic/evidenceRead", schemaPath: "#/properties/critic/properties/evidenceRead/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.critic.properties.evidenceRead.type, parentSchema: schema31.properties.critic.properties.evidenceRead, data: data134 };
            if (vErrors === null) {
              vErrors = [err418];
            } else {
              vErrors.push(err418);
            }
            errors++;
          }
        }
        if (data128.usage !== void 0) {
          let data136 = data128.usage;
          const _errs362 = errors;
          let valid72 = false;
          const _errs363 = errors;
          if (data136 && typeof data136 == "object" && !Array.isArray(data136)) {
            if (data136.inputTokens === void 0) {
              const err419 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "inputTokens" }, message: "must have required property 'inputTokens'", schema: schema31.properties.critic.properties.usage.anyOf[0].required, parentSchema: schema31.properties.critic.properties.usage.anyOf[0], data: data136 };
              if (vErrors === null) {
                vErrors = [err419];
              } else {
                vErrors.push(err419);
              }
              errors++;
            }
            if (data136.outputTokens === void 0) {
              const err420 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "outputTokens" }, message: "must have required property 'outputTokens'", schema: schema31.properties.critic.properties.usage.anyOf[0].required, parentSchema: schema31.properties.critic.properties.usage.anyOf[0], data: data136 };
              if (vErrors === null) {
                vErrors = [err420];
              } else {
                vErrors.push(err420);
              }
              errors++;
            }
            if (data136.costUsd === void 0) {
              const err421 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf/0/required", keyword: "required", params: { missingProperty: "costUsd" }, message: "must have required property 'costUsd'", schema: schema31.properties.critic.properties.usage.anyOf[0].required, parentSchema: schema31.properties.critic.properties.usage.anyOf[0], data: data136 };
              if (vErrors === null) {
                vErrors = [err421];
              } else {
                vErrors.push(err421);
              }
              errors++;
            }
            for (const key24 in data136) {
              if (!(key24 === "inputTokens" || key24 === "outputTokens" || key24 === "cachedInputTokens" || key24 === "cacheWriteTokens" || key24 === "costUsd" || key24 === "costComplete")) {
                const err422 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key24 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.critic.properties.usage.anyOf[0], data: data136 };
                if (vErrors === null) {
                  vErrors = [err422];
                } else {
                  vErrors.push(err422);
                }
                errors++;
              }
            }
            if (data136.inputTokens !== void 0) {
              let data137 = data136.inputTokens;
              if (!(typeof data137 == "number" && (!(data137 % 1) && !isNaN(data137)) && isFinite(data137))) {
                const err423 = { instancePath: instancePath + "/critic/usage/inputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/inputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.inputTokens.type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.inputTokens, data: data137 };
                if (vErrors === null) {
                  vErrors = [err423];
                } else {
                  vErrors.push(err423);
                }
                errors++;
              }
              if (typeof data137 == "number" && isFinite(data137)) {
                if (data137 > 9007199254740991 || isNaN(data137)) {
                  const err424 = { instancePath: instancePath + "/critic/usage/inputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/inputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.inputTokens, data: data137 };
                  if (vErrors === null) {
                    vErrors = [err424];
                  } else {
                    vErrors.push(err424);
                  }
                  errors++;
                }
                if (data137 < 0 || isNaN(data137)) {
                  const err425 = { instancePath: instancePath + "/critic/usage/inputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/inputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.inputTokens, data: data137 };
                  if (vErrors === null) {
                    vErrors = [err425];
                  } else {
                    vErrors.push(err425);
                  }
                  errors++;
                }
              }
            }
            if (data136.outputTokens !== void 0) {
              let data138 = data136.outputTokens;
              if (!(typeof data138 == "number" && (!(data138 % 1) && !isNaN(data138)) && isFinite(data138))) {
                const err426 = { instancePath: instancePath + "/critic/usage/outputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/outputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.outputTokens.type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.outputTokens, data: data138 };
                if (vErrors === null) {
                  vErrors = [err426];
                } else {
                  vErrors.push(err426);
                }
                errors++;
              }
              if (typeof data138 == "number" && isFinite(data138)) {
                if (data138 > 9007199254740991 || isNaN(data138)) {
                  const err427 = { instancePath: instancePath + "/critic/usage/outputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/outputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.outputTokens, data: data138 };
                  if (vErrors === null) {
                    vErrors = [err427];
                  } else {
                    vErrors.push(err427);
                  }
                  errors++;
                }
                if (data138 < 0 || isNaN(data138)) {
                  const err428 = { instancePath: instancePath + "/critic/usage/outputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/outputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.outputTokens, data: data138 };
                  if (vErrors === null) {
                    vErrors = [err428];
                  } else {
                    vErrors.push(err428);
                  }
                  errors++;
                }
              }
            }
            if (data136.cachedInputTokens !== void 0) {
              let data139 = data136.cachedInputTokens;
              if (!(typeof data139 == "number" && (!(data139 % 1) && !isNaN(data139)) && isFinite(data139))) {
                const err429 = { instancePath: instancePath + "/critic/usage/cachedInputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/cachedInputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.cachedInputTokens.type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.cachedInputTokens, data: data139 };
                if (vErrors === null) {
                  vErrors = [err429];
                } else {
                  vErrors.push(err429);
                }
                errors++;
              }
              if (typeof data139 == "number" && isFinite(data139)) {
                if (data139 > 9007199254740991 || isNaN(data139)) {
                  const err430 = { instancePath: instancePath + "/critic/usage/cachedInputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/cachedInputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.cachedInputTokens, data: data139 };
                  if (vErrors === null) {
                    vErrors = [err430];
                  } else {
                    vErrors.push(err430);
                  }
                  errors++;
                }
                if (data139 < 0 || isNaN(data139)) {
                  const err431 = { instancePath: instancePath + "/critic/usage/cachedInputTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/cachedInputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.cachedInputTokens, data: data139 };
                  if (vErrors === null) {
                    vErrors = [err431];
                  } else {
                    vErrors.push(err431);
                  }
                  errors++;
                }
              }
            }
            if (data136.cacheWriteTokens !== void 0) {
              let data140 = data136.cacheWriteTokens;
              if (!(typeof data140 == "number" && (!(data140 % 1) && !isNaN(data140)) && isFinite(data140))) {
                const err432 = { instancePath: instancePath + "/critic/usage/cacheWriteTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/cacheWriteTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.cacheWriteTokens.type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data140 };
                if (vErrors === null) {
                  vErrors = [err432];
                } else {
                  vErrors.push(err432);
                }
                errors++;
              }
              if (typeof data140 == "number" && isFinite(data140)) {
                if (data140 > 9007199254740991 || isNaN(data140)) {
                  const err433 = { instancePath: instancePath + "/critic/usage/cacheWriteTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/cacheWriteTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data140 };
                  if (vErrors === null) {
                    vErrors = [err433];
                  } else {
                    vErrors.push(err433);
                  }
                  errors++;
                }
                if (data140 < 0 || isNaN(data140)) {
                  const err434 = { instancePath: instancePath + "/critic/usage/cacheWriteTokens", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/cacheWriteTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.cacheWriteTokens, data: data140 };
                  if (vErrors === null) {
                    vErrors = [err434];
                  } else {
                    vErrors.push(err434);
                  }
                  errors++;
                }
              }
            }
            if (data136.costUsd !== void 0) {
              let data141 = data136.costUsd;
              const _errs375 = errors;
              let valid74 = false;
              const _errs376 = errors;
              if (typeof data141 == "number" && isFinite(data141)) {
                if (data141 < 0 || isNaN(data141)) {
                  const err435 = { instancePath: instancePath + "/critic/usage/costUsd", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/costUsd/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd.anyOf[0], data: data141 };
                  if (vErrors === null) {
                    vErrors = [err435];
                  } else {
                    vErrors.push(err435);
                  }
                  errors++;
                }
              } else {
                const err436 = { instancePath: instancePath + "/critic/usage/costUsd", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/costUsd/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd.anyOf[0].type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd.anyOf[0], data: data141 };
                if (vErrors === null) {
                  vErrors = [err436];
                } else {
                  vErrors.push(err436);
                }
                errors++;
              }
              var _valid17 = _errs376 === errors;
              valid74 = valid74 || _valid17;
              const _errs378 = errors;
              if (data141 !== null) {
                const err437 = { instancePath: instancePath + "/critic/usage/costUsd", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/costUsd/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd.anyOf[1].type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd.anyOf[1], data: data141 };
                if (vErrors === null) {
                  vErrors = [err437];
                } else {
                  vErrors.push(err437);
                }
                errors++;
              }
              var _valid17 = _errs378 === errors;
              valid74 = valid74 || _valid17;
              if (!valid74) {
                const err438 = { instancePath: instancePath + "/critic/usage/costUsd", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/costUsd/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd.anyOf, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.costUsd, data: data141 };
                if (vErrors === null) {
                  vErrors = [err438];
                } else {
                  vErrors.push(err438);
                }
                errors++;
              } else {
                errors = _errs375;
                if (vErrors !== null) {
                  if (_errs375) {
                    vErrors.length = _errs375;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data136.costComplete !== void 0) {
              let data142 = data136.costComplete;
              if (typeof data142 !== "boolean") {
                const err439 = { instancePath: instancePath + "/critic/usage/costComplete", schemaPath: "#/properties/critic/properties/usage/anyOf/0/properties/costComplete/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.critic.properties.usage.anyOf[0].properties.costComplete.type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0].properties.costComplete, data: data142 };
                if (vErrors === null) {
                  vErrors = [err439];
                } else {
                  vErrors.push(err439);
                }
                errors++;
              }
            }
          } else {
            const err440 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.critic.properties.usage.anyOf[0].type, parentSchema: schema31.properties.critic.properties.usage.anyOf[0], data: data136 };
            if (vErrors === null) {
              vErrors = [err440];
            } else {
              vErrors.push(err440);
            }
            errors++;
          }
          var _valid16 = _errs363 === errors;
          valid72 = valid72 || _valid16;
          const _errs382 = errors;
          if (data136 !== null) {
            const err441 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.critic.properties.usage.anyOf[1].type, parentSchema: schema31.properties.critic.properties.usage.anyOf[1], data: data136 };
            if (vErrors === null) {
              vErrors = [err441];
            } else {
              vErrors.push(err441);
            }
            errors++;
          }
          var _valid16 = _errs382 === errors;
          valid72 = valid72 || _valid16;
          if (!valid72) {
            const err442 = { instancePath: instancePath + "/critic/usage", schemaPath: "#/properties/critic/properties/usage/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.critic.properties.usage.anyOf, parentSchema: schema31.properties.critic.properties.usage, data: data136 };
            if (vErrors === null) {
              vErrors = [err442];
            } else {
              vErrors.push(err442);
            }
            errors++;
          } else {
            errors = _errs362;
            if (vErrors !== null) {
              if (_errs362) {
                vErrors.length = _errs362;
              } else {
                vErrors = null;
              }
            }
          }
        }
        if (data128.durationMs !== void 0) {
          let data143 = data128.durationMs;
          if (!(typeof data143 == "number" && (!(data143 % 1) && !isNaN(data143)) && isFinite(data143))) {
            const err443 = { instancePath: instancePath + "/critic/durationMs", schemaPath: "#/properties/critic/properties/durationMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.durationMs.type, parentSchema: schema31.properties.critic.properties.durationMs, data: data143 };
            if (vErrors === null) {
              vErrors = [err443];
            } else {
              vErrors.push(err443);
            }
            errors++;
          }
          if (typeof data143 == "number" && isFinite(data143)) {
            if (data143 > 9007199254740991 || isNaN(data143)) {
              const err444 = { instancePath: instancePath + "/critic/durationMs", schemaPath: "#/properties/critic/properties/durationMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.critic.properties.durationMs, data: data143 };
              if (vErrors === null) {
                vErrors = [err444];
              } else {
                vErrors.push(err444);
              }
              errors++;
            }
            if (data143 < 0 || isNaN(data143)) {
              const err445 = { instancePath: instancePath + "/critic/durationMs", schemaPath: "#/properties/critic/properties/durationMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.critic.properties.durationMs, data: data143 };
              if (vErrors === null) {
                vErrors = [err445];
              } else {
                vErrors.push(err445);
              }
              errors++;
            }
          }
        }
        if (data128.upstreamError !== void 0) {
          let data144 = data128.upstreamError;
          if (data144 && typeof data144 == "object" && !Array.isArray(data144)) {
            if (data144.status === void 0) {
              const err446 = { instancePath: instancePath + "/critic/upstreamError", schemaPath: "#/properties/critic/properties/upstreamError/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.critic.properties.upstreamError.required, parentSchema: schema31.properties.critic.properties.upstreamError, data: data144 };
              if (vErrors === null) {
                vErrors = [err446];
              } else {
                vErrors.push(err446);
              }
              errors++;
            }
            if (data144.message === void 0) {
              const err447 = { instancePath: instancePath + "/critic/upstreamError", schemaPath: "#/properties/critic/properties/upstreamError/required", keyword: "required", params: { missingProperty: "message" }, message: "must have required property 'message'", schema: schema31.properties.critic.properties.upstreamError.required, parentSchema: schema31.properties.critic.properties.upstreamError, data: data144 };
              if (vErrors === null) {
                vErrors = [err447];
              } else {
                vErrors.push(err447);
              }
              errors++;
            }
            for (const key25 in data144) {
              if (!(key25 === "status" || key25 === "message")) {
                const err448 = { instancePath: instancePath + "/critic/upstreamError", schemaPath: "#/properties/critic/properties/upstreamError/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key25 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.critic.properties.upstreamError, data: data144 };
                if (vErrors === null) {
                  vErrors = [err448];
                } else {
                  vErrors.push(err448);
                }
                errors++;
              }
            }
            if (data144.status !== void 0) {
              let data145 = data144.status;
              const _errs390 = errors;
              let valid76 = false;
              const _errs391 = errors;
              if (!(typeof data145 == "number" && (!(data145 % 1) && !isNaN(data145)) && isFinite(data145))) {
                const err449 = { instancePath: instancePath + "/critic/upstreamError/status", schemaPath: "#/properties/critic/properties/upstreamError/properties/status/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf[0].type, parentSchema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf[0], data: data145 };
                if (vErrors === null) {
                  vErrors = [err449];
                } else {
                  vErrors.push(err449);
                }
                errors++;
              }
              if (typeof data145 == "number" && isFinite(data145)) {
                if (data145 > 599 || isNaN(data145)) {
                  const err450 = { instancePath: instancePath + "/critic/upstreamError/status", schemaPath: "#/properties/critic/properties/upstreamError/properties/status/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 599 }, message: "must be <= 599", schema: 599, parentSchema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf[0], data: data145 };
                  if (vErrors === null) {
                    vErrors = [err450];
                  } else {
                    vErrors.push(err450);
                  }
                  errors++;
                }
                if (data145 < 100 || isNaN(data145)) {
                  const err451 = { instancePath: instancePath + "/critic/upstreamError/status", schemaPath: "#/properties/critic/properties/upstreamError/properties/status/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf[0], data: data145 };
                  if (vErrors === null) {
                    vErrors = [err451];
                  } else {
                    vErrors.push(err451);
                  }
                  errors++;
                }
              }
              var _valid18 = _errs391 === errors;
              valid76 = valid76 || _valid18;
              const _errs393 = errors;
              if (data145 !== null) {
                const err452 = { instancePath: instancePath + "/critic/upstreamError/status", schemaPath: "#/properties/critic/properties/upstreamError/properties/status/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf[1].type, parentSchema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf[1], data: data145 };
                if (vErrors === null) {
                  vErrors = [err452];
                } else {
                  vErrors.push(err452);
                }
                errors++;
              }
              var _valid18 = _errs393 === errors;
              valid76 = valid76 || _valid18;
              if (!valid76) {
                const err453 = { instancePath: instancePath + "/critic/upstreamError/status", schemaPath: "#/properties/critic/properties/upstreamError/properties/status/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.critic.properties.upstreamError.properties.status.anyOf, parentSchema: schema31.properties.critic.properties.upstreamError.properties.status, data: data145 };
                if (vErrors === null) {
                  vErrors = [err453];
                } else {
                  vErrors.push(err453);
                }
                errors++;
              } else {
                errors = _errs390;
                if (vErrors !== null) {
                  if (_errs390) {
                    vErrors.length = _errs390;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data144.message !== void 0) {
              let data146 = data144.message;
              if (typeof data146 === "string") {
                if (func2(data146) < 1) {
                  const err454 = { instancePath: instancePath + "/critic/upstreamError/message", schemaPath: "#/properties/critic/properties/upstreamError/properties/message/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.critic.properties.upstreamError.properties.message, data: data146 };
                  if (vErrors === null) {
                    vErrors = [err454];
                  } else {
                    vErrors.push(err454);
                  }
                  errors++;
                }
              } else {
                const err455 = { instancePath: instancePath + "/critic/upstreamError/message", schemaPath: "#/properties/critic/properties/upstreamError/properties/message/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.upstreamError.properties.message.type, parentSchema: schema31.properties.critic.properties.upstreamError.properties.message, data: data146 };
                if (vErrors === null) {
                  vErrors = [err455];
                } else {
                  vErrors.push(err455);
                }
                errors++;
              }
            }
          } else {
            const err456 = { instancePath: instancePath + "/critic/upstreamError", schemaPath: "#/properties/critic/properties/upstreamError/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.critic.properties.upstreamError.type, parentSchema: schema31.properties.critic.properties.upstreamError, data: data144 };
            if (vErrors === null) {
              vErrors = [err456];
            } else {
              vErrors.push(err456);
            }
            errors++;
          }
        }
        if (data128.failure !== void 0) {
          let data147 = data128.failure;
          if (data147 && typeof data147 == "object" && !Array.isArray(data147)) {
            if (data147.reason === void 0) {
              const err457 = { instancePath: instancePath + "/critic/failure", schemaPath: "#/properties/critic/properties/failure/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema31.properties.critic.properties.failure.required, parentSchema: schema31.properties.critic.properties.failure, data: data147 };
              if (vErrors === null) {
                vErrors = [err457];
              } else {
                vErrors.push(err457);
              }
              errors++;
            }
            if (data147.stderrTail === void 0) {
              const err458 = { instancePath: instancePath + "/critic/failure", schemaPath: "#/properties/critic/properties/failure/required", keyword: "required", params: { missingProperty: "stderrTail" }, message: "must have required property 'stderrTail'", schema: schema31.properties.critic.properties.failure.required, parentSchema: schema31.properties.critic.properties.failure, data: data147 };
              if (vErrors === null) {
                vErrors = [err458];
              } else {
                vErrors.push(err458);
              }
              errors++;
            }
            for (const key26 in data147) {
              if (!(key26 === "reason" || key26 === "stderrTail")) {
                const err459 = { instancePath: instancePath + "/critic/failure", schemaPath: "#/properties/critic/properties/failure/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key26 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.critic.properties.failure, data: data147 };
                if (vErrors === null) {
                  vErrors = [err459];
                } else {
                  vErrors.push(err459);
                }
                errors++;
              }
            }
            if (data147.reason !== void 0) {
              let data148 = data147.reason;
              if (typeof data148 === "string") {
                if (!pattern17.test(data148)) {
                  const err460 = { instancePath: instancePath + "/critic/failure/reason", schemaPath: "#/properties/critic/properties/failure/properties/reason/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema31.properties.critic.properties.failure.properties.reason, data: data148 };
                  if (vErrors === null) {
                    vErrors = [err460];
                  } else {
                    vErrors.push(err460);
                  }
                  errors++;
                }
              } else {
                const err461 = { instancePath: instancePath + "/critic/failure/reason", schemaPath: "#/properties/critic/properties/failure/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.failure.properties.reason.type, parentSchema: schema31.properties.critic.properties.failure.properties.reason, data: data148 };
                if (vErrors === null) {
                  vErrors = [err461];
                } else {
                  vErrors.push(err461);
                }
                errors++;
              }
            }
            if (data147.stderrTail !== void 0) {
              let data149 = data147.stderrTail;
              if (typeof data149 !== "string") {
                const err462 = { instancePath: instancePath + "/critic/failure/stderrTail", schemaPath: "#/properties/critic/properties/failure/properties/stderrTail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.failure.properties.stderrTail.type, parentSchema: schema31.properties.critic.properties.failure.properties.stderrTail, data: data149 };
                if (vErrors === null) {
                  vErrors = [err462];
                } else {
                  vErrors.push(err462);
                }
                errors++;
              }
            }
          } else {
            const err463 = { instancePath: instancePath + "/critic/failure", schemaPath: "#/properties/critic/properties/failure/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.critic.properties.failure.type, parentSchema: schema31.properties.critic.properties.failure, data: data147 };
            if (vErrors === null) {
              vErrors = [err463];
            } else {
              vErrors.push(err463);
            }
            errors++;
          }
        }
        if (data128.evidence !== void 0) {
          let data150 = data128.evidence;
          if (typeof data150 !== "string") {
            const err464 = { instancePath: instancePath + "/critic/evidence", schemaPath: "#/properties/critic/properties/evidence/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.evidence.type, parentSchema: schema31.properties.critic.properties.evidence, data: data150 };
            if (vErrors === null) {
              vErrors = [err464];
            } else {
              vErrors.push(err464);
            }
            errors++;
          }
          if (!(data150 === "events" || data150 === "self-reported")) {
            const err465 = { instancePath: instancePath + "/critic/evidence", schemaPath: "#/properties/critic/properties/evidence/enum", keyword: "enum", params: { allowedValues: schema31.properties.critic.properties.evidence.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.critic.properties.evidence.enum, parentSchema: schema31.properties.critic.properties.evidence, data: data150 };
            if (vErrors === null) {
              vErrors = [err465];
            } else {
              vErrors.push(err465);
            }
            errors++;
          }
        }
        if (data128.unreadCitations !== void 0) {
          let data151 = data128.unreadCitations;
          if (Array.isArray(data151)) {
            const len16 = data151.length;
            for (let i16 = 0; i16 < len16; i16++) {
              let data152 = data151[i16];
              if (typeof data152 === "string") {
                if (!pattern5.test(data152)) {
                  const err466 = { instancePath: instancePath + "/critic/unreadCitations/" + i16, schemaPath: "#/properties/critic/properties/unreadCitations/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.critic.properties.unreadCitations.items, data: data152 };
                  if (vErrors === null) {
                    vErrors = [err466];
                  } else {
                    vErrors.push(err466);
                  }
                  errors++;
                }
              } else {
                const err467 = { instancePath: instancePath + "/critic/unreadCitations/" + i16, schemaPath: "#/properties/critic/properties/unreadCitations/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.critic.properties.unreadCitations.items.type, parentSchema: schema31.properties.critic.properties.unreadCitations.items, data: data152 };
                if (vErrors === null) {
                  vErrors = [err467];
                } else {
                  vErrors.push(err467);
                }
                errors++;
              }
            }
          } else {
            const err468 = { instancePath: instancePath + "/critic/unreadCitations", schemaPath: "#/properties/critic/properties/unreadCitations/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.critic.properties.unreadCitations.type, parentSchema: schema31.properties.critic.properties.unreadCitations, data: data151 };
            if (vErrors === null) {
              vErrors = [err468];
            } else {
              vErrors.push(err468);
            }
            errors++;
          }
        }
      } else {
        const err469 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.critic.type, parentSchema: schema31.properties.critic, data: data128 };
        if (vErrors === null) {
          vErrors = [err469];
        } else {
          vErrors.push(err469);
        }
        errors++;
      }
    }
    if (data.verdict !== void 0) {
      let data153 = data.verdict;
      if (data153 && typeof data153 == "object" && !Array.isArray(data153)) {
        if (data153.value === void 0) {
          const err470 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/required", keyword: "required", params: { missingProperty: "value" }, message: "must have required property 'value'", schema: schema31.properties.verdict.required, parentSchema: schema31.properties.verdict, data: data153 };
          if (vErrors === null) {
            vErrors = [err470];
          } else {
            vErrors.push(err470);
          }
          errors++;
        }
        if (data153.runStatus === void 0) {
          const err471 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/required", keyword: "required", params: { missingProperty: "runStatus" }, message: "must have required property 'runStatus'", schema: schema31.properties.verdict.required, parentSchema: schema31.properties.verdict, data: data153 };
          if (vErrors === null) {
            vErrors = [err471];
          } else {
            vErrors.push(err471);
          }
          errors++;
        }
        if (data153.reasons === void 0) {
          const err472 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/required", keyword: "required", params: { missingProperty: "reasons" }, message: "must have required property 'reasons'", schema: schema31.properties.verdict.required, parentSchema: schema31.properties.verdict, data: data153 };
          if (vErrors === null) {
            vErrors = [err472];
          } else {
            vErrors.push(err472);
          }
          errors++;
        }
        for (const key27 in data153) {
          if (!(key27 === "value" || key27 === "runStatus" || key27 === "reasons")) {
            const err473 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key27 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.verdict, data: data153 };
            if (vErrors === null) {
              vErrors = [err473];
            } else {
              vErrors.push(err473);
            }
            errors++;
          }
        }
        if (data153.value !== void 0) {
          let data154 = data153.value;
          if (typeof data154 !== "string") {
            const err474 = { instancePath: instancePath + "/verdict/value", schemaPath: "#/properties/verdict/properties/value/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verdict.properties.value.type, parentSchema: schema31.properties.verdict.properties.value, data: data154 };
            if (vErrors === null) {
              vErrors = [err474];
            } else {
              vErrors.push(err474);
            }
            errors++;
          }
          if (!(data154 === "PASS" || data154 === "FAIL")) {
            const err475 = { instancePath: instancePath + "/verdict/value", schemaPath: "#/properties/verdict/properties/value/enum", keyword: "enum", params: { allowedValues: schema31.properties.verdict.properties.value.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.verdict.properties.value.enum, parentSchema: schema31.properties.verdict.properties.value, data: data154 };
            if (vErrors === null) {
              vErrors = [err475];
            } else {
              vErrors.push(err475);
            }
            errors++;
          }
        }
        if (data153.runStatus !== void 0) {
          let data155 = data153.runStatus;
          if (typeof data155 !== "string") {
            const err476 = { instancePath: instancePath + "/verdict/runStatus", schemaPath: "#/properties/verdict/properties/runStatus/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verdict.properties.runStatus.type, parentSchema: schema31.properties.verdict.properties.runStatus, data: data155 };
            if (vErrors === null) {
              vErrors = [err476];
            } else {
              vErrors.push(err476);
            }
            errors++;
          }
          if (!(data155 === "passed" || data155 === "failed" || data155 === "contract-violated" || data155 === "error")) {
            const err477 = { instancePath: instancePath + "/verdict/runStatus", schemaPath: "#/properties/verdict/properties/runStatus/enum", keyword: "enum", params: { allowedValues: schema31.properties.verdict.properties.runStatus.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.verdict.properties.runStatus.enum, parentSchema: schema31.properties.verdict.properties.runStatus, data: data155 };
            if (vErrors === null) {
              vErrors = [err477];
            } else {
              vErrors.push(err477);
            }
            errors++;
          }
        }
        if (data153.reasons !== void 0) {
          let data156 = data153.reasons;
          if (Array.isArray(data156)) {
            const len17 = data156.length;
            for (let i17 = 0; i17 < len17; i17++) {
              let data157 = data156[i17];
              if (typeof data157 === "string") {
                if (func2(data157) < 1) {
                  const err478 = { instancePath: instancePath + "/verdict/reasons/" + i17, schemaPath: "#/properties/verdict/properties/reasons/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.verdict.properties.reasons.items, data: data157 };
                  if (vErrors === null) {
                    vErrors = [err478];
                  } else {
                    vErrors.push(err478);
                  }
                  errors++;
                }
              } else {
                const err479 = { instancePath: instancePath + "/verdict/reasons/" + i17, schemaPath: "#/properties/verdict/properties/reasons/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.verdict.properties.reasons.items.type, parentSchema: schema31.properties.verdict.properties.reasons.items, data: data157 };
                if (vErrors === null) {
                  vErrors = [err479];
                } else {
                  vErrors.push(err479);
                }
                errors++;
              }
            }
          } else {
            const err480 = { instancePath: instancePath + "/verdict/reasons", schemaPath: "#/properties/verdict/properties/reasons/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.verdict.properties.reasons.type, parentSchema: schema31.properties.verdict.properties.reasons, data: data156 };
            if (vErrors === null) {
              vErrors = [err480];
            } else {
              vErrors.push(err480);
            }
            errors++;
          }
        }
      } else {
        const err481 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.verdict.type, parentSchema: schema31.properties.verdict, data: data153 };
        if (vErrors === null) {
          vErrors = [err481];
        } else {
          vErrors.push(err481);
        }
        errors++;
      }
    }
    if (data.stageSidecarEvidence !== void 0) {
      let data158 = data.stageSidecarEvidence;
      const _errs422 = errors;
      let valid83 = false;
      const _errs423 = errors;
      if (data158 && typeof data158 == "object" && !Array.isArray(data158)) {
        if (data158.stageNumber === void 0) {
          const err482 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/required", keyword: "required", params: { missingProperty: "stageNumber" }, message: "must have required property 'stageNumber'", schema: schema31.properties.stageSidecarEvidence.anyOf[0].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0], data: data158 };
          if (vErrors === null) {
            vErrors = [err482];
          } else {
            vErrors.push(err482);
          }
          errors++;
        }
        if (data158.stageTitle === void 0) {
          const err483 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/required", keyword: "required", params: { missingProperty: "stageTitle" }, message: "must have required property 'stageTitle'", schema: schema31.properties.stageSidecarEvidence.anyOf[0].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0], data: data158 };
          if (vErrors === null) {
            vErrors = [err483];
          } else {
            vErrors.push(err483);
          }
          errors++;
        }
        if (data158.carryJson === void 0) {
          const err484 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/required", keyword: "required", params: { missingProperty: "carryJson" }, message: "must have required property 'carryJson'", schema: schema31.properties.stageSidecarEvidence.anyOf[0].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0], data: data158 };
          if (vErrors === null) {
            vErrors = [err484];
          } else {
            vErrors.push(err484);
          }
          errors++;
        }
        if (data158.carryPath === void 0) {
          const err485 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/required", keyword: "required", params: { missingProperty: "carryPath" }, message: "must have required property 'carryPath'", schema: schema31.properties.stageSidecarEvidence.anyOf[0].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0], data: data158 };
          if (vErrors === null) {
            vErrors = [err485];
          } else {
            vErrors.push(err485);
          }
          errors++;
        }
        for (const key28 in data158) {
          if (!(key28 === "stageNumber" || key28 === "stageTitle" || key28 === "carryJson" || key28 === "carryPath")) {
            const err486 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key28 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0], data: data158 };
            if (vErrors === null) {
              vErrors = [err486];
            } else {
              vErrors.push(err486);
            }
            errors++;
          }
        }
        if (data158.stageNumber !== void 0) {
          let data159 = data158.stageNumber;
          if (!(typeof data159 == "number" && (!(data159 % 1) && !isNaN(data159)) && isFinite(data159))) {
            const err487 = { instancePath: instancePath + "/stageSidecarEvidence/stageNumber", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/stageNumber/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.stageNumber.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.stageNumber, data: data159 };
            if (vErrors === null) {
              vErrors = [err487];
            } else {
              vErrors.push(err487);
            }
            errors++;
          }
          if (typeof data159 == "number" && isFinite(data159)) {
            if (data159 > 9007199254740991 || isNaN(data159)) {
              const err488 = { instancePath: instancePath + "/stageSidecarEvidence/stageNumber", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/stageNumber/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.stageNumber, data: data159 };
              if (vErrors === null) {
                vErrors = [err488];
              } else {
                vErrors.push(err488);
              }
              errors++;
            }
            if (data159 <= 0 || isNaN(data159)) {
              const err489 = { instancePath: instancePath + "/stageSidecarEvidence/stageNumber", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/stageNumber/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.stageNumber, data: data159 };
              if (vErrors === null) {
                vErrors = [err489];
              } else {
                vErrors.push(err489);
              }
              errors++;
            }
          }
        }
        if (data158.stageTitle !== void 0) {
          let data160 = data158.stageTitle;
          if (typeof data160 !== "string") {
            const err490 = { instancePath: instancePath + "/stageSidecarEvidence/stageTitle", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/stageTitle/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.stageTitle.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.stageTitle, data: data160 };
            if (vErrors === null) {
              vErrors = [err490];
            } else {
              vErrors.push(err490);
            }
            errors++;
          }
        }
        if (data158.carryJson !== void 0) {
          let data161 = data158.carryJson;
          if (typeof data161 === "string") {
            if (func2(data161) < 1) {
              const err491 = { instancePath: instancePath + "/stageSidecarEvidence/carryJson", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/carryJson/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.carryJson, data: data161 };
              if (vErrors === null) {
                vErrors = [err491];
              } else {
                vErrors.push(err491);
              }
              errors++;
            }
          } else {
            const err492 = { instancePath: instancePath + "/stageSidecarEvidence/carryJson", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/carryJson/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.carryJson.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.carryJson, data: data161 };
            if (vErrors === null) {
              vErrors = [err492];
            } else {
              vErrors.push(err492);
            }
            errors++;
          }
        }
        if (data158.carryPath !== void 0) {
          let data162 = data158.carryPath;
          if (typeof data162 === "string") {
            if (!pattern5.test(data162)) {
              const err493 = { instancePath: instancePath + "/stageSidecarEvidence/carryPath", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/carryPath/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.carryPath, data: data162 };
              if (vErrors === null) {
                vErrors = [err493];
              } else {
                vErrors.push(err493);
              }
              errors++;
            }
          } else {
            const err494 = { instancePath: instancePath + "/stageSidecarEvidence/carryPath", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/properties/carryPath/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.carryPath.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0].properties.carryPath, data: data162 };
            if (vErrors === null) {
              vErrors = [err494];
            } else {
              vErrors.push(err494);
            }
            errors++;
          }
        }
      } else {
        const err495 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.stageSidecarEvidence.anyOf[0].type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[0], data: data158 };
        if (vErrors === null) {
          vErrors = [err495];
        } else {
          vErrors.push(err495);
        }
        errors++;
      }
      var _valid19 = _errs423 === errors;
      valid83 = valid83 || _valid19;
      if (_valid19) {
        var props3 = true;
      }
      const _errs434 = errors;
      if (data158 && typeof data158 == "object" && !Array.isArray(data158)) {
        if (data158.stageNumber === void 0) {
          const err496 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/required", keyword: "required", params: { missingProperty: "stageNumber" }, message: "must have required property 'stageNumber'", schema: schema31.properties.stageSidecarEvidence.anyOf[1].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
          if (vErrors === null) {
            vErrors = [err496];
          } else {
            vErrors.push(err496);
          }
          errors++;
        }
        if (data158.stageTitle === void 0) {
          const err497 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/required", keyword: "required", params: { missingProperty: "stageTitle" }, message: "must have required property 'stageTitle'", schema: schema31.properties.stageSidecarEvidence.anyOf[1].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
          if (vErrors === null) {
            vErrors = [err497];
          } else {
            vErrors.push(err497);
          }
          errors++;
        }
        if (data158.carryJson === void 0) {
          const err498 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/required", keyword: "required", params: { missingProperty: "carryJson" }, message: "must have required property 'carryJson'", schema: schema31.properties.stageSidecarEvidence.anyOf[1].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
          if (vErrors === null) {
            vErrors = [err498];
          } else {
            vErrors.push(err498);
          }
          errors++;
        }
        if (data158.carryPath === void 0) {
          const err499 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/required", keyword: "required", params: { missingProperty: "carryPath" }, message: "must have required property 'carryPath'", schema: schema31.properties.stageSidecarEvidence.anyOf[1].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
          if (vErrors === null) {
            vErrors = [err499];
          } else {
            vErrors.push(err499);
          }
          errors++;
        }
        if (data158.withheld === void 0) {
          const err500 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/required", keyword: "required", params: { missingProperty: "withheld" }, message: "must have required property 'withheld'", schema: schema31.properties.stageSidecarEvidence.anyOf[1].required, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
          if (vErrors === null) {
            vErrors = [err500];
          } else {
            vErrors.push(err500);
          }
          errors++;
        }
        for (const key29 in data158) {
          if (!(key29 === "stageNumber" || key29 === "stageTitle" || key29 === "carryJson" || key29 === "carryPath" || key29 === "withheld")) {
            const err501 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key29 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
            if (vErrors === null) {
              vErrors = [err501];
            } else {
              vErrors.push(err501);
            }
            errors++;
          }
        }
        if (data158.stageNumber !== void 0) {
          let data163 = data158.stageNumber;
          if (!(typeof data163 == "number" && (!(data163 % 1) && !isNaN(data163)) && isFinite(data163))) {
            const err502 = { instancePath: instancePath + "/stageSidecarEvidence/stageNumber", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/stageNumber/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.stageNumber.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.stageNumber, data: data163 };
            if (vErrors === null) {
              vErrors = [err502];
            } else {
              vErrors.push(err502);
            }
            errors++;
          }
          if (typeof data163 == "number" && isFinite(data163)) {
            if (data163 > 9007199254740991 || isNaN(data163)) {
              const err503 = { instancePath: instancePath + "/stageSidecarEvidence/stageNumber", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/stageNumber/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.stageNumber, data: data163 };
              if (vErrors === null) {
                vErrors = [err503];
              } else {
                vErrors.push(err503);
              }
              errors++;
            }
            if (data163 <= 0 || isNaN(data163)) {
              const err504 = { instancePath: instancePath + "/stageSidecarEvidence/stageNumber", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/stageNumber/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.stageNumber, data: data163 };
              if (vErrors === null) {
                vErrors = [err504];
              } else {
                vErrors.push(err504);
              }
              errors++;
            }
          }
        }
        if (data158.stageTitle !== void 0) {
          let data164 = data158.stageTitle;
          if (typeof data164 !== "string") {
            const err505 = { instancePath: instancePath + "/stageSidecarEvidence/stageTitle", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/stageTitle/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.stageTitle.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.stageTitle, data: data164 };
            if (vErrors === null) {
              vErrors = [err505];
            } else {
              vErrors.push(err505);
            }
            errors++;
          }
        }
        if (data158.carryJson !== void 0) {
          let data165 = data158.carryJson;
          if (typeof data165 !== "string" && data165 !== null) {
            const err506 = { instancePath: instancePath + "/stageSidecarEvidence/carryJson", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/carryJson/type", keyword: "type", params: { type: schema31.properties.stageSidecarEvidence.anyOf[1].properties.carryJson.type }, message: "must be string,null", schema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.carryJson.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.carryJson, data: data165 };
            if (vErrors === null) {
              vErrors = [err506];
            } else {
              vErrors.push(err506);
            }
            errors++;
          }
        }
        if (data158.carryPath !== void 0) {
          let data166 = data158.carryPath;
          if (data166 !== null) {
            const err507 = { instancePath: instancePath + "/stageSidecarEvidence/carryPath", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/carryPath/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.carryPath.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.carryPath, data: data166 };
            if (vErrors === null) {
              vErrors = [err507];
            } else {
              vErrors.push(err507);
            }
            errors++;
          }
        }
        if (data158.withheld !== void 0) {
          let data167 = data158.withheld;
          if (typeof data167 === "string") {
            if (!pattern17.test(data167)) {
              const err508 = { instancePath: instancePath + "/stageSidecarEvidence/withheld", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/withheld/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.withheld, data: data167 };
              if (vErrors === null) {
                vErrors = [err508];
              } else {
                vErrors.push(err508);
              }
              errors++;
            }
          } else {
            const err509 = { instancePath: instancePath + "/stageSidecarEvidence/withheld", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/properties/withheld/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.withheld.type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1].properties.withheld, data: data167 };
            if (vErrors === null) {
              vErrors = [err509];
            } else {
              vErrors.push(err509);
            }
            errors++;
          }
        }
      } else {
        const err510 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.stageSidecarEvidence.anyOf[1].type, parentSchema: schema31.properties.stageSidecarEvidence.anyOf[1], data: data158 };
        if (vErrors === null) {
          vErrors = [err510];
        } else {
          vErrors.push(err510);
        }
        errors++;
      }
      var _valid19 = _errs434 === errors;
      valid83 = valid83 || _valid19;
      if (_valid19) {
        if (props3 !== true) {
          props3 = true;
        }
      }
      if (!valid83) {
        const err511 = { instancePath: instancePath + "/stageSidecarEvidence", schemaPath: "#/properties/stageSidecarEvidence/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.stageSidecarEvidence.anyOf, parentSchema: schema31.properties.stageSidecarEvidence, data: data158 };
        if (vErrors === null) {
          vErrors = [err511];
        } else {
          vErrors.push(err511);
        }
        errors++;
      } else {
        errors = _errs422;
        if (vErrors !== null) {
          if (_errs422) {
            vErrors.length = _errs422;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.ledgerRow !== void 0) {
      let data168 = data.ledgerRow;
      const _errs448 = errors;
      let valid86 = false;
      const _errs449 = errors;
      const _errs450 = errors;
      let valid87 = false;
      let passing0 = null;
      const _errs451 = errors;
      if (data168 && typeof data168 == "object" && !Array.isArray(data168)) {
        if (data168.v === void 0) {
          const err512 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "v" }, message: "must have required property 'v'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err512];
          } else {
            vErrors.push(err512);
          }
          errors++;
        }
        if (data168.plan_id === void 0) {
          const err513 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "plan_id" }, message: "must have required property 'plan_id'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err513];
          } else {
            vErrors.push(err513);
          }
          errors++;
        }
        if (data168.stage === void 0) {
          const err514 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "stage" }, message: "must have required property 'stage'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err514];
          } else {
            vErrors.push(err514);
          }
          errors++;
        }
        if (data168.run_id === void 0) {
          const err515 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "run_id" }, message: "must have required property 'run_id'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err515];
          } else {
            vErrors.push(err515);
          }
          errors++;
        }
        if (data168.at === void 0) {
          const err516 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "at" }, message: "must have required property 'at'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err516];
          } else {
            vErrors.push(err516);
          }
          errors++;
        }
        if (data168.head_commit === void 0) {
          const err517 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "head_commit" }, message: "must have required property 'head_commit'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err517];
          } else {
            vErrors.push(err517);
          }
          errors++;
        }
        if (data168.status === void 0) {
          const err518 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err518];
          } else {
            vErrors.push(err518);
          }
          errors++;
        }
        if (data168.completed_at === void 0) {
          const err519 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "completed_at" }, message: "must have required property 'completed_at'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err519];
          } else {
            vErrors.push(err519);
          }
          errors++;
        }
        if (data168.carry_path === void 0) {
          const err520 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "carry_path" }, message: "must have required property 'carry_path'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err520];
          } else {
            vErrors.push(err520);
          }
          errors++;
        }
        if (data168.report_path === void 0) {
          const err521 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/required", keyword: "required", params: { missingProperty: "report_path" }, message: "must have required property 'report_path'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
          if (vErrors === null) {
            vErrors = [err521];
          } else {
            vErrors.push(err521);
          }
          errors++;
        }
        for (const key30 in data168) {
          if (!func1.call(schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties, key30)) {
            const err522 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key30 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
            if (vErrors === null) {
              vErrors = [err522];
            } else {
              vErrors.push(err522);
            }
            errors++;
          }
        }
        if (data168.v !== void 0) {
          let data169 = data168.v;
          if (!(typeof data169 == "number" && isFinite(data169))) {
            const err523 = { instancePath: instancePath + "/ledgerRow/v", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/v/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.v.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.v, data: data169 };
            if (vErrors === null) {
              vErrors = [err523];
            } else {
              vErrors.push(err523);
            }
            errors++;
          }
          if (1 !== data169) {
            const err524 = { instancePath: instancePath + "/ledgerRow/v", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/v/const", keyword: "const", params: { allowedValue: 1 }, message: "must be equal to constant", schema: 1, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.v, data: data169 };
            if (vErrors === null) {
              vErrors = [err524];
            } else {
              vErrors.push(err524);
            }
            errors++;
          }
        }
        if (data168.plan_id !== void 0) {
          let data170 = data168.plan_id;
          if (typeof data170 === "string") {
            if (!pattern4.test(data170)) {
              const err525 = { instancePath: instancePath + "/ledgerRow/plan_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/plan_id/pattern", keyword: "pattern", params: { pattern: "^[a-z0-9][a-z0-9._-]{0,62}$" }, message: 'must match pattern "^[a-z0-9][a-z0-9._-]{0,62}$"', schema: "^[a-z0-9][a-z0-9._-]{0,62}$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.plan_id, data: data170 };
              if (vErrors === null) {
                vErrors = [err525];
              } else {
                vErrors.push(err525);
              }
              errors++;
            }
          } else {
            const err526 = { instancePath: instancePath + "/ledgerRow/plan_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/plan_id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.plan_id.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.plan_id, data: data170 };
            if (vErrors === null) {
              vErrors = [err526];
            } else {
              vErrors.push(err526);
            }
            errors++;
          }
        }
        if (data168.stage !== void 0) {
          let data171 = data168.stage;
          if (!(typeof data171 == "number" && (!(data171 % 1) && !isNaN(data171)) && isFinite(data171))) {
            const err527 = { instancePath: instancePath + "/ledgerRow/stage", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/stage/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.stage.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.stage, data: data171 };
            if (vErrors === null) {
              vErrors = [err527];
            } else {
              vErrors.push(err527);
            }
            errors++;
          }
          if (typeof data171 == "number" && isFinite(data171)) {
            if (data171 > 9007199254740991 || isNaN(data171)) {
              const err528 = { instancePath: instancePath + "/ledgerRow/stage", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/stage/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.stage, data: data171 };
              if (vErrors === null) {
                vErrors = [err528];
              } else {
                vErrors.push(err528);
              }
              errors++;
            }
            if (data171 <= 0 || isNaN(data171)) {
              const err529 = { instancePath: instancePath + "/ledgerRow/stage", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/stage/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.stage, data: data171 };
              if (vErrors === null) {
                vErrors = [err529];
              } else {
                vErrors.push(err529);
              }
              errors++;
            }
          }
        }
        if (data168.run_id !== void 0) {
          let data172 = data168.run_id;
          if (typeof data172 === "string") {
            if (!pattern7.test(data172)) {
              const err530 = { instancePath: instancePath + "/ledgerRow/run_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/run_id/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.run_id, data: data172 };
              if (vErrors === null) {
                vErrors = [err530];
              } else {
                vErrors.push(err530);
              }
              errors++;
            }
          } else {
            const err531 = { instancePath: instancePath + "/ledgerRow/run_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/run_id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.run_id.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.run_id, data: data172 };
            if (vErrors === null) {
              vErrors = [err531];
            } else {
              vErrors.push(err531);
            }
            errors++;
          }
        }
        if (data168.at !== void 0) {
          let data173 = data168.at;
          if (typeof data173 === "string") {
            if (!pattern8.test(data173)) {
              const err532 = { instancePath: instancePath + "/ledgerRow/at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/at/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.at, data: data173 };
              if (vErrors === null) {
                vErrors = [err532];
              } else {
                vErrors.push(err532);
              }
              errors++;
            }
            if (!formats0.validate(data173)) {
              const err533 = { instancePath: instancePath + "/ledgerRow/at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/at/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.at, data: data173 };
              if (vErrors === null) {
                vErrors = [err533];
              } else {
                vErrors.push(err533);
              }
              errors++;
            }
          } else {
            const err534 = { instancePath: instancePath + "/ledgerRow/at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/at/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.at.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.at, data: data173 };
            if (vErrors === null) {
              vErrors = [err534];
            } else {
              vErrors.push(err534);
            }
            errors++;
          }
        }
        if (data168.actor !== void 0) {
          let data174 = data168.actor;
          if (typeof data174 === "string") {
            if (func2(data174) < 1) {
              const err535 = { instancePath: instancePath + "/ledgerRow/actor", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/actor/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.actor, data: data174 };
              if (vErrors === null) {
                vErrors = [err535];
              } else {
                vErrors.push(err535);
              }
              errors++;
            }
          } else {
            const err536 = { instancePath: instancePath + "/ledgerRow/actor", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/actor/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.actor.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.actor, data: data174 };
            if (vErrors === null) {
              vErrors = [err536];
            } else {
              vErrors.push(err536);
            }
            errors++;
          }
        }
        if (data168.branch !== void 0) {
          let data175 = data168.branch;
          if (typeof data175 === "string") {
            if (func2(data175) < 1) {
              const err537 = { instancePath: instancePath + "/ledgerRow/branch", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/branch/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.branch, data: data175 };
              if (vErrors === null) {
                vErrors = [err537];
              } else {
                vErrors.push(err537);
              }
              errors++;
            }
          } else {
            const err538 = { instancePath: instancePath + "/ledgerRow/branch", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/branch/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.branch.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.branch, data: data175 };
            if (vErrors === null) {
              vErrors = [err538];
            } else {
              vErrors.push(err538);
            }
            errors++;
          }
        }
        if (data168.base_commit !== void 0) {
          let data176 = data168.base_commit;
          if (typeof data176 === "string") {
            if (!pattern6.test(data176)) {
              const err539 = { instancePath: instancePath + "/ledgerRow/base_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/base_commit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.base_commit, data: data176 };
              if (vErrors === null) {
                vErrors = [err539];
              } else {
                vErrors.push(err539);
              }
              errors++;
            }
          } else {
            const err540 = { instancePath: instancePath + "/ledgerRow/base_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/base_commit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.base_commit.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.base_commit, data: data176 };
            if (vErrors === null) {
              vErrors = [err540];
            } else {
              vErrors.push(err540);
            }
            errors++;
          }
        }
        if (data168.head_commit !== void 0) {
          let data177 = data168.head_commit;
          if (typeof data177 === "string") {
            if (!pattern6.test(data177)) {
              const err541 = { instancePath: instancePath + "/ledgerRow/head_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/head_commit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.head_commit, data: data177 };
              if (vErrors === null) {
                vErrors = [err541];
              } else {
                vErrors.push(err541);
              }
              errors++;
            }
          } else {
            const err542 = { instancePath: instancePath + "/ledgerRow/head_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/head_commit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.head_commit.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.head_commit, data: data177 };
            if (vErrors === null) {
              vErrors = [err542];
            } else {
              vErrors.push(err542);
            }
            errors++;
          }
        }
        if (data168.status !== void 0) {
          let data178 = data168.status;
          if (typeof data178 !== "string") {
            const err543 = { instancePath: instancePath + "/ledgerRow/status", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/status/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.status.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.status, data: data178 };
            if (vErrors === null) {
              vErrors = [err543];
            } else {
              vErrors.push(err543);
            }
            errors++;
          }
          if ("done" !== data178) {
            const err544 = { instancePath: instancePath + "/ledgerRow/status", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/status/const", keyword: "const", params: { allowedValue: "done" }, message: "must be equal to constant", schema: "done", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.status, data: data178 };
            if (vErrors === null) {
              vErrors = [err544];
            } else {
              vErrors.push(err544);
            }
            errors++;
          }
        }
        if (data168.completed_at !== void 0) {
          let data179 = data168.completed_at;
          if (typeof data179 === "string") {
            if (!pattern8.test(data179)) {
              const err545 = { instancePath: instancePath + "/ledgerRow/completed_at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/completed_at/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.completed_at, data: data179 };
              if (vErrors === null) {
                vErrors = [err545];
              } else {
                vErrors.push(err545);
              }
              errors++;
            }
            if (!formats0.validate(data179)) {
              const err546 = { instancePath: instancePath + "/ledgerRow/completed_at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/completed_at/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.completed_at, data: data179 };
              if (vErrors === null) {
                vErrors = [err546];
              } else {
                vErrors.push(err546);
              }
              errors++;
            }
          } else {
            const err547 = { instancePath: instancePath + "/ledgerRow/completed_at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/completed_at/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.completed_at.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.completed_at, data: data179 };
            if (vErrors === null) {
              vErrors = [err547];
            } else {
              vErrors.push(err547);
            }
            errors++;
          }
        }
        if (data168.carry_path !== void 0) {
          let data180 = data168.carry_path;
          if (typeof data180 === "string") {
            if (!pattern5.test(data180)) {
              const err548 = { instancePath: instancePath + "/ledgerRow/carry_path", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/carry_path/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.carry_path, data: data180 };
              if (vErrors === null) {
                vErrors = [err548];
              } else {
                vErrors.push(err548);
              }
              errors++;
            }
          } else {
            const err549 = { instancePath: instancePath + "/ledgerRow/carry_path", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/carry_path/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.carry_path.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.carry_path, data: data180 };
            if (vErrors === null) {
              vErrors = [err549];
            } else {
              vErrors.push(err549);
            }
            errors++;
          }
        }
        if (data168.report_path !== void 0) {
          let data181 = data168.report_path;
          if (typeof data181 === "string") {
            if (!pattern5.test(data181)) {
              const err550 = { instancePath: instancePath + "/ledgerRow/report_path", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/report_path/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.report_path, data: data181 };
              if (vErrors === null) {
                vErrors = [err550];
              } else {
                vErrors.push(err550);
              }
              errors++;
            }
          } else {
            const err551 = { instancePath: instancePath + "/ledgerRow/report_path", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/properties/report_path/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.report_path.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].properties.report_path, data: data181 };
            if (vErrors === null) {
              vErrors = [err551];
            } else {
              vErrors.push(err551);
            }
            errors++;
          }
        }
      } else {
        const err552 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/0/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[0].type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[0], data: data168 };
        if (vErrors === null) {
          vErrors = [err552];
        } else {
          vErrors.push(err552);
        }
        errors++;
      }
      var _valid21 = _errs451 === errors;
      if (_valid21) {
        valid87 = true;
        passing0 = 0;
        var props4 = true;
      }
      const _errs480 = errors;
      if (data168 && typeof data168 == "object" && !Array.isArray(data168)) {
        if (data168.v === void 0) {
          const err553 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "v" }, message: "must have required property 'v'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err553];
          } else {
            vErrors.push(err553);
          }
          errors++;
        }
        if (data168.plan_id === void 0) {
          const err554 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "plan_id" }, message: "must have required property 'plan_id'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err554];
          } else {
            vErrors.push(err554);
          }
          errors++;
        }
        if (data168.stage === void 0) {
          const err555 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "stage" }, message: "must have required property 'stage'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err555];
          } else {
            vErrors.push(err555);
          }
          errors++;
        }
        if (data168.run_id === void 0) {
          const err556 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "run_id" }, message: "must have required property 'run_id'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err556];
          } else {
            vErrors.push(err556);
          }
          errors++;
        }
        if (data168.at === void 0) {
          const err557 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "at" }, message: "must have required property 'at'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err557];
          } else {
            vErrors.push(err557);
          }
          errors++;
        }
        if (data168.status === void 0) {
          const err558 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err558];
          } else {
            vErrors.push(err558);
          }
          errors++;
        }
        if (data168.reason === void 0) {
          const err559 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/required", keyword: "required", params: { missingProperty: "reason" }, message: "must have required property 'reason'", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].required, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
          if (vErrors === null) {
            vErrors = [err559];
          } else {
            vErrors.push(err559);
          }
          errors++;
        }
        for (const key31 in data168) {
          if (!func1.call(schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties, key31)) {
            const err560 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key31 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
            if (vErrors === null) {
              vErrors = [err560];
            } else {
              vErrors.push(err560);
            }
            errors++;
          }
        }
        if (data168.v !== void 0) {
          let data182 = data168.v;
          if (!(typeof data182 == "number" && isFinite(data182))) {
            const err561 = { instancePath: instancePath + "/ledgerRow/v", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/v/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.v.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.v, data: data182 };
            if (vErrors === null) {
              vErrors = [err561];
            } else {
              vErrors.push(err561);
            }
            errors++;
          }
          if (1 !== data182) {
            const err562 = { instancePath: instancePath + "/ledgerRow/v", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/v/const", keyword: "const", params: { allowedValue: 1 }, message: "must be equal to constant", schema: 1, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.v, data: data182 };
            if (vErrors === null) {
              vErrors = [err562];
            } else {
              vErrors.push(err562);
            }
            errors++;
          }
        }
        if (data168.plan_id !== void 0) {
          let data183 = data168.plan_id;
          if (typeof data183 === "string") {
            if (!pattern4.test(data183)) {
              const err563 = { instancePath: instancePath + "/ledgerRow/plan_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/plan_id/pattern", keyword: "pattern", params: { pattern: "^[a-z0-9][a-z0-9._-]{0,62}$" }, message: 'must match pattern "^[a-z0-9][a-z0-9._-]{0,62}$"', schema: "^[a-z0-9][a-z0-9._-]{0,62}$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.plan_id, data: data183 };
              if (vErrors === null) {
                vErrors = [err563];
              } else {
                vErrors.push(err563);
              }
              errors++;
            }
          } else {
            const err564 = { instancePath: instancePath + "/ledgerRow/plan_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/plan_id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.plan_id.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.plan_id, data: data183 };
            if (vErrors === null) {
              vErrors = [err564];
            } else {
              vErrors.push(err564);
            }
            errors++;
          }
        }
        if (data168.stage !== void 0) {
          let data184 = data168.stage;
          if (!(typeof data184 == "number" && (!(data184 % 1) && !isNaN(data184)) && isFinite(data184))) {
            const err565 = { instancePath: instancePath + "/ledgerRow/stage", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/stage/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.stage.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.stage, data: data184 };
            if (vErrors === null) {
              vErrors = [err565];
            } else {
              vErrors.push(err565);
            }
            errors++;
          }
          if (typeof data184 == "number" && isFinite(data184)) {
            if (data184 > 9007199254740991 || isNaN(data184)) {
              const err566 = { instancePath: instancePath + "/ledgerRow/stage", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/stage/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.stage, data: data184 };
              if (vErrors === null) {
                vErrors = [err566];
              } else {
                vErrors.push(err566);
              }
              errors++;
            }
            if (data184 <= 0 || isNaN(data184)) {
              const err567 = { instancePath: instancePath + "/ledgerRow/stage", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/stage/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.stage, data: data184 };
              if (vErrors === null) {
                vErrors = [err567];
              } else {
                vErrors.push(err567);
              }
              errors++;
            }
          }
        }
        if (data168.run_id !== void 0) {
          let data185 = data168.run_id;
          if (typeof data185 === "string") {
            if (!pattern7.test(data185)) {
              const err568 = { instancePath: instancePath + "/ledgerRow/run_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/run_id/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.run_id, data: data185 };
              if (vErrors === null) {
                vErrors = [err568];
              } else {
                vErrors.push(err568);
              }
              errors++;
            }
          } else {
            const err569 = { instancePath: instancePath + "/ledgerRow/run_id", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/run_id/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.run_id.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.run_id, data: data185 };
            if (vErrors === null) {
              vErrors = [err569];
            } else {
              vErrors.push(err569);
            }
            errors++;
          }
        }
        if (data168.at !== void 0) {
          let data186 = data168.at;
          if (typeof data186 === "string") {
            if (!pattern8.test(data186)) {
              const err570 = { instancePath: instancePath + "/ledgerRow/at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/at/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.at, data: data186 };
              if (vErrors === null) {
                vErrors = [err570];
              } else {
                vErrors.push(err570);
              }
              errors++;
            }
            if (!formats0.validate(data186)) {
              const err571 = { instancePath: instancePath + "/ledgerRow/at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/at/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.at, data: data186 };
              if (vErrors === null) {
                vErrors = [err571];
              } else {
                vErrors.push(err571);
              }
              errors++;
            }
          } else {
            const err572 = { instancePath: instancePath + "/ledgerRow/at", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/at/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.at.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.at, data: data186 };
            if (vErrors === null) {
              vErrors = [err572];
            } else {
              vErrors.push(err572);
            }
            errors++;
          }
        }
        if (data168.actor !== void 0) {
          let data187 = data168.actor;
          if (typeof data187 === "string") {
            if (func2(data187) < 1) {
              const err573 = { instancePath: instancePath + "/ledgerRow/actor", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/actor/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.actor, data: data187 };
              if (vErrors === null) {
                vErrors = [err573];
              } else {
                vErrors.push(err573);
              }
              errors++;
            }
          } else {
            const err574 = { instancePath: instancePath + "/ledgerRow/actor", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/actor/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.actor.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.actor, data: data187 };
            if (vErrors === null) {
              vErrors = [err574];
            } else {
              vErrors.push(err574);
            }
            errors++;
          }
        }
        if (data168.branch !== void 0) {
          let data188 = data168.branch;
          if (typeof data188 === "string") {
            if (func2(data188) < 1) {
              const err575 = { instancePath: instancePath + "/ledgerRow/branch", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/branch/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.branch, data: data188 };
              if (vErrors === null) {
                vErrors = [err575];
              } else {
                vErrors.push(err575);
              }
              errors++;
            }
          } else {
            const err576 = { instancePath: instancePath + "/ledgerRow/branch", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/branch/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.branch.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.branch, data: data188 };
            if (vErrors === null) {
              vErrors = [err576];
            } else {
              vErrors.push(err576);
            }
            errors++;
          }
        }
        if (data168.base_commit !== void 0) {
          let data189 = data168.base_commit;
          if (typeof data189 === "string") {
            if (!pattern6.test(data189)) {
              const err577 = { instancePath: instancePath + "/ledgerRow/base_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/base_commit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.base_commit, data: data189 };
              if (vErrors === null) {
                vErrors = [err577];
              } else {
                vErrors.push(err577);
              }
              errors++;
            }
          } else {
            const err578 = { instancePath: instancePath + "/ledgerRow/base_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/base_commit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.base_commit.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.base_commit, data: data189 };
            if (vErrors === null) {
              vErrors = [err578];
            } else {
              vErrors.push(err578);
            }
            errors++;
          }
        }
        if (data168.head_commit !== void 0) {
          let data190 = data168.head_commit;
          if (typeof data190 === "string") {
            if (!pattern6.test(data190)) {
              const err579 = { instancePath: instancePath + "/ledgerRow/head_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/head_commit/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{40}([0-9a-f]{24})?$" }, message: 'must match pattern "^[0-9a-f]{40}([0-9a-f]{24})?$"', schema: "^[0-9a-f]{40}([0-9a-f]{24})?$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.head_commit, data: data190 };
              if (vErrors === null) {
                vErrors = [err579];
              } else {
                vErrors.push(err579);
              }
              errors++;
            }
          } else {
            const err580 = { instancePath: instancePath + "/ledgerRow/head_commit", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/head_commit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.head_commit.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.head_commit, data: data190 };
            if (vErrors === null) {
              vErrors = [err580];
            } else {
              vErrors.push(err580);
            }
            errors++;
          }
        }
        if (data168.status !== void 0) {
          let data191 = data168.status;
          if (typeof data191 !== "string") {
            const err581 = { instancePath: instancePath + "/ledgerRow/status", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/status/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.status.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.status, data: data191 };
            if (vErrors === null) {
              vErrors = [err581];
            } else {
              vErrors.push(err581);
            }
            errors++;
          }
          if ("failed" !== data191) {
            const err582 = { instancePath: instancePath + "/ledgerRow/status", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/status/const", keyword: "const", params: { allowedValue: "failed" }, message: "must be equal to constant", schema: "failed", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.status, data: data191 };
            if (vErrors === null) {
              vErrors = [err582];
            } else {
              vErrors.push(err582);
            }
            errors++;
          }
        }
        if (data168.reason !== void 0) {
          let data192 = data168.reason;
          if (typeof data192 !== "string") {
            const err583 = { instancePath: instancePath + "/ledgerRow/reason", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/reason/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.reason.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.reason, data: data192 };
            if (vErrors === null) {
              vErrors = [err583];
            } else {
              vErrors.push(err583);
            }
            errors++;
          }
          if (!(data192 === "verdict-fail" || data192 === "contract-violated" || data192 === "error" || data192 === "timeout" || data192 === "abandoned" || data192 === "cancelled")) {
            const err584 = { instancePath: instancePath + "/ledgerRow/reason", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/reason/enum", keyword: "enum", params: { allowedValues: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.reason.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.reason.enum, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.reason, data: data192 };
            if (vErrors === null) {
              vErrors = [err584];
            } else {
              vErrors.push(err584);
            }
            errors++;
          }
        }
        if (data168.report_path !== void 0) {
          let data193 = data168.report_path;
          if (typeof data193 === "string") {
            if (!pattern5.test(data193)) {
              const err585 = { instancePath: instancePath + "/ledgerRow/report_path", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/report_path/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.report_path, data: data193 };
              if (vErrors === null) {
                vErrors = [err585];
              } else {
                vErrors.push(err585);
              }
              errors++;
            }
          } else {
            const err586 = { instancePath: instancePath + "/ledgerRow/report_path", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/report_path/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.report_path.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.report_path, data: data193 };
            if (vErrors === null) {
              vErrors = [err586];
            } else {
              vErrors.push(err586);
            }
            errors++;
          }
        }
        if (data168.detail !== void 0) {
          let data194 = data168.detail;
          if (typeof data194 === "string") {
            if (func2(data194) > 2e3) {
              const err587 = { instancePath: instancePath + "/ledgerRow/detail", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/detail/maxLength", keyword: "maxLength", params: { limit: 2e3 }, message: "must NOT have more than 2000 characters", schema: 2e3, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.detail, data: data194 };
              if (vErrors === null) {
                vErrors = [err587];
              } else {
                vErrors.push(err587);
              }
              errors++;
            }
          } else {
            const err588 = { instancePath: instancePath + "/ledgerRow/detail", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/properties/detail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.detail.type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].properties.detail, data: data194 };
            if (vErrors === null) {
              vErrors = [err588];
            } else {
              vErrors.push(err588);
            }
            errors++;
          }
        }
      } else {
        const err589 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.ledgerRow.anyOf[0].oneOf[1].type, parentSchema: schema31.properties.ledgerRow.anyOf[0].oneOf[1], data: data168 };
        if (vErrors === null) {
          vErrors = [err589];
        } else {
          vErrors.push(err589);
        }
        errors++;
      }
      var _valid21 = _errs480 === errors;
      if (_valid21 && valid87) {
        valid87 = false;
        passing0 = [passing0, 1];
      } else {
        if (_valid21) {
          valid87 = true;
          passing0 = 1;
          if (props4 !== true) {
            props4 = true;
          }
        }
      }
      if (!valid87) {
        const err590 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/0/oneOf", keyword: "oneOf", params: { passingSchemas: passing0 }, message: "must match exactly one schema in oneOf", schema: schema31.properties.ledgerRow.anyOf[0].oneOf, parentSchema: schema31.properties.ledgerRow.anyOf[0], data: data168 };
        if (vErrors === null) {
          vErrors = [err590];
        } else {
          vErrors.push(err590);
        }
        errors++;
      } else {
        errors = _errs450;
        if (vErrors !== null) {
          if (_errs450) {
            vErrors.length = _errs450;
          } else {
            vErrors = null;
          }
        }
      }
      var _valid20 = _errs449 === errors;
      valid86 = valid86 || _valid20;
      const _errs509 = errors;
      if (data168 !== null) {
        const err591 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.ledgerRow.anyOf[1].type, parentSchema: schema31.properties.ledgerRow.anyOf[1], data: data168 };
        if (vErrors === null) {
          vErrors = [err591];
        } else {
          vErrors.push(err591);
        }
        errors++;
      }
      var _valid20 = _errs509 === errors;
      valid86 = valid86 || _valid20;
      if (!valid86) {
        const err592 = { instancePath: instancePath + "/ledgerRow", schemaPath: "#/properties/ledgerRow/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.ledgerRow.anyOf, parentSchema: schema31.properties.ledgerRow, data: data168 };
        if (vErrors === null) {
          vErrors = [err592];
        } else {
          vErrors.push(err592);
        }
        errors++;
      } else {
        errors = _errs448;
        if (vErrors !== null) {
          if (_errs448) {
            vErrors.length = _errs448;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.progress !== void 0) {
      let data195 = data.progress;
      if (Array.isArray(data195)) {
        const len18 = data195.length;
        for (let i18 = 0; i18 < len18; i18++) {
          let data196 = data195[i18];
          if (data196 && typeof data196 == "object" && !Array.isArray(data196)) {
            if (data196.at === void 0) {
              const err593 = { instancePath: instancePath + "/progress/" + i18, schemaPath: "#/properties/progress/items/required", keyword: "required", params: { missingProperty: "at" }, message: "must have required property 'at'", schema: schema31.properties.progress.items.required, parentSchema: schema31.properties.progress.items, data: data196 };
              if (vErrors === null) {
                vErrors = [err593];
              } else {
                vErrors.push(err593);
              }
              errors++;
            }
            if (data196.line === void 0) {
              const err594 = { instancePath: instancePath + "/progress/" + i18, schemaPath: "#/properties/progress/items/required", keyword: "required", params: { missingProperty: "line" }, message: "must have required property 'line'", schema: schema31.properties.progress.items.required, parentSchema: schema31.properties.progress.items, data: data196 };
              if (vErrors === null) {
                vErrors = [err594];
              } else {
                vErrors.push(err594);
              }
              errors++;
            }
            for (const key32 in data196) {
              if (!(key32 === "at" || key32 === "line")) {
                const err595 = { instancePath: instancePath + "/progress/" + i18, schemaPath: "#/properties/progress/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key32 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.progress.items, data: data196 };
                if (vErrors === null) {
                  vErrors = [err595];
                } else {
                  vErrors.push(err595);
                }
                errors++;
              }
            }
            if (data196.at !== void 0) {
              let data197 = data196.at;
              if (typeof data197 === "string") {
                if (!pattern8.test(data197)) {
                  const err596 = { instancePath: instancePath + "/progress/" + i18 + "/at", schemaPath: "#/properties/progress/items/properties/at/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.progress.items.properties.at, data: data197 };
                  if (vErrors === null) {
                    vErrors = [err596];
                  } else {
                    vErrors.push(err596);
                  }
                  errors++;
                }
                if (!formats0.validate(data197)) {
                  const err597 = { instancePath: instancePath + "/progress/" + i18 + "/at", schemaPath: "#/properties/progress/items/properties/at/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.progress.items.properties.at, data: data197 };
                  if (vErrors === null) {
                    vErrors = [err597];
                  } else {
                    vErrors.push(err597);
                  }
                  errors++;
                }
              } else {
                const err598 = { instancePath: instancePath + "/progress/" + i18 + "/at", schemaPath: "#/properties/progress/items/properties/at/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.progress.items.properties.at.type, parentSchema: schema31.properties.progress.items.properties.at, data: data197 };
                if (vErrors === null) {
                  vErrors = [err598];
                } else {
                  vErrors.push(err598);
                }
                errors++;
              }
            }
            if (data196.line !== void 0) {
              let data198 = data196.line;
              if (typeof data198 === "string") {
                if (!pattern53.test(data198)) {
                  const err599 = { instancePath: instancePath + "/progress/" + i18 + "/line", schemaPath: "#/properties/progress/items/properties/line/pattern", keyword: "pattern", params: { pattern: "^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\\n\\r]*)?$" }, message: 'must match pattern "^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\\n\\r]*)?$"', schema: "^PROGRESS: [a-z0-9][a-z0-9.-]*(?: [^\\n\\r]*)?$", parentSchema: schema31.properties.progress.items.properties.line, data: data198 };
                  if (vErrors === null) {
                    vErrors = [err599];
                  } else {
                    vErrors.push(err599);
                  }
                  errors++;
                }
              } else {
                const err600 = { instancePath: instancePath + "/progress/" + i18 + "/line", schemaPath: "#/properties/progress/items/properties/line/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.progress.items.properties.line.type, parentSchema: schema31.properties.progress.items.properties.line, data: data198 };
                if (vErrors === null) {
                  vErrors = [err600];
                } else {
                  vErrors.push(err600);
                }
                errors++;
              }
            }
          } else {
            const err601 = { instancePath: instancePath + "/progress/" + i18, schemaPath: "#/properties/progress/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.progress.items.type, parentSchema: schema31.properties.progress.items, data: data196 };
            if (vErrors === null) {
              vErrors = [err601];
            } else {
              vErrors.push(err601);
            }
            errors++;
          }
        }
      } else {
        const err602 = { instancePath: instancePath + "/progress", schemaPath: "#/properties/progress/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.progress.type, parentSchema: schema31.properties.progress, data: data195 };
        if (vErrors === null) {
          vErrors = [err602];
        } else {
          vErrors.push(err602);
        }
        errors++;
      }
    }
    if (data.activity !== void 0) {
      let data199 = data.activity;
      if (data199 && typeof data199 == "object" && !Array.isArray(data199)) {
        if (data199.path === void 0) {
          const err603 = { instancePath: instancePath + "/activity", schemaPath: "#/properties/activity/required", keyword: "required", params: { missingProperty: "path" }, message: "must have required property 'path'", schema: schema31.properties.activity.required, parentSchema: schema31.properties.activity, data: data199 };
          if (vErrors === null) {
            vErrors = [err603];
          } else {
            vErrors.push(err603);
          }
          errors++;
        }
        if (data199.events === void 0) {
          const err604 = { instancePath: instancePath + "/activity", schemaPath: "#/properties/activity/required", keyword: "required", params: { missingProperty: "events" }, message: "must have required property 'events'", schema: schema31.properties.activity.required, parentSchema: schema31.properties.activity, data: data199 };
          if (vErrors === null) {
            vErrors = [err604];
          } else {
            vErrors.push(err604);
          }
          errors++;
        }
        if (data199.droppedEvents === void 0) {
          const err605 = { instancePath: instancePath + "/activity", schemaPath: "#/properties/activity/required", keyword: "required", params: { missingProperty: "droppedEvents" }, message: "must have required property 'droppedEvents'", schema: schema31.properties.activity.required, parentSchema: schema31.properties.activity, data: data199 };
          if (vErrors === null) {
            vErrors = [err605];
          } else {
            vErrors.push(err605);
          }
          errors++;
        }
        for (const key33 in data199) {
          if (!(key33 === "path" || key33 === "events" || key33 === "droppedEvents")) {
            const err606 = { instancePath: instancePath + "/activity", schemaPath: "#/properties/activity/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key33 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.activity, data: data199 };
            if (vErrors === null) {
              vErrors = [err606];
            } else {
              vErrors.push(err606);
            }
            errors++;
          }
        }
        if (data199.path !== void 0) {
          let data200 = data199.path;
          if (typeof data200 === "string") {
            if (func2(data200) < 1) {
              const err607 = { instancePath: instancePath + "/activity/path", schemaPath: "#/properties/activity/properties/path/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.activity.properties.path, data: data200 };
              if (vErrors === null) {
                vErrors = [err607];
              } else {
                vErrors.push(err607);
              }
              errors++;
            }
          } else {
            const err608 = { instancePath: instancePath + "/activity/path", schemaPath: "#/properties/activity/properties/path/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.activity.properties.path.type, parentSchema: schema31.properties.activity.properties.path, data: data200 };
            if (vErrors === null) {
              vErrors = [err608];
            } else {
              vErrors.push(err608);
            }
            errors++;
          }
        }
        if (data199.events !== void 0) {
          let data201 = data199.events;
          if (!(typeof data201 == "number" && (!(data201 % 1) && !isNaN(data201)) && isFinite(data201))) {
            const err609 = { instancePath: instancePath + "/activity/events", schemaPath: "#/properties/activity/properties/events/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.activity.properties.events.type, parentSchema: schema31.properties.activity.properties.events, data: data201 };
            if (vErrors === null) {
              vErrors = [err609];
            } else {
              vErrors.push(err609);
            }
            errors++;
          }
          if (typeof data201 == "number" && isFinite(data201)) {
            if (data201 > 9007199254740991 || isNaN(data201)) {
              const err610 = { instancePath: instancePath + "/activity/events", schemaPath: "#/properties/activity/properties/events/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.activity.properties.events, data: data201 };
              if (vErrors === null) {
                vErrors = [err610];
              } else {
                vErrors.push(err610);
              }
              errors++;
            }
            if (data201 < 0 || isNaN(data201)) {
              const err611 = { instancePath: instancePath + "/activity/events", schemaPath: "#/properties/activity/properties/events/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.activity.properties.events, data: data201 };
              if (vErrors === null) {
                vErrors = [err611];
              } else {
                vErrors.push(err611);
              }
              errors++;
            }
          }
        }
        if (data199.droppedEvents !== void 0) {
          let data202 = data199.droppedEvents;
          if (!(typeof data202 == "number" && (!(data202 % 1) && !isNaN(data202)) && isFinite(data202))) {
            const err612 = { instancePath: instancePath + "/activity/droppedEvents", schemaPath: "#/properties/activity/properties/droppedEvents/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.activity.properties.droppedEvents.type, parentSchema: schema31.properties.activity.properties.droppedEvents, data: data202 };
            if (vErrors === null) {
              vErrors = [err612];
            } else {
              vErrors.push(err612);
            }
            errors++;
          }
          if (typeof data202 == "number" && isFinite(data202)) {
            if (data202 > 9007199254740991 || isNaN(data202)) {
              const err613 = { instancePath: instancePath + "/activity/droppedEvents", schemaPath: "#/properties/activity/properties/droppedEvents/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.activity.properties.droppedEvents, data: data202 };
              if (vErrors === null) {
                vErrors = [err613];
              } else {
                vErrors.push(err613);
              }
              errors++;
            }
            if (data202 < 0 || isNaN(data202)) {
              const err614 = { instancePath: instancePath + "/activity/droppedEvents", schemaPath: "#/properties/activity/properties/droppedEvents/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.activity.properties.droppedEvents, data: data202 };
              if (vErrors === null) {
                vErrors = [err614];
              } else {
                vErrors.push(err614);
              }
              errors++;
            }
          }
        }
      } else {
        const err615 = { instancePath: instancePath + "/activity", schemaPath: "#/properties/activity/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.activity.type, parentSchema: schema31.properties.activity, data: data199 };
        if (vErrors === null) {
          vErrors = [err615];
        } else {
          vErrors.push(err615);
        }
        errors++;
      }
    }
    if (data.usage !== void 0) {
      let data203 = data.usage;
      if (data203 && typeof data203 == "object" && !Array.isArray(data203)) {
        if (data203.workers === void 0) {
          const err616 = { instancePath: instancePath + "/usage", schemaPath: "#/properties/usage/required", keyword: "required", params: { missingProperty: "workers" }, message: "must have required property 'workers'", schema: schema31.properties.usage.required, parentSchema: schema31.properties.usage, data: data203 };
          if (vErrors === null) {
            vErrors = [err616];
          } else {
            vErrors.push(err616);
          }
          errors++;
        }
        if (data203.total === void 0) {
          const err617 = { instancePath: instancePath + "/usage", schemaPath: "#/properties/usage/required", keyword: "required", params: { missingProperty: "total" }, message: "must have required property 'total'", schema: schema31.properties.usage.required, parentSchema: schema31.properties.usage, data: data203 };
          if (vErrors === null) {
            vErrors = [err617];
          } else {
            vErrors.push(err617);
          }
          errors++;
        }
        for (const key34 in data203) {
          if (!(key34 === "workers" || key34 === "total" || key34 === "metered" || key34 === "requests" || key34 === "budgetExceeded")) {
            const err618 = { instancePath: instancePath + "/usage", schemaPath: "#/properties/usage/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key34 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.usage, data: data203 };
            if (vErrors === null) {
              vErrors = [err618];
            } else {
              vErrors.push(err618);
            }
            errors++;
          }
        }
        if (data203.workers !== void 0) {
          let data204 = data203.workers;
          if (Array.isArray(data204)) {
            const len19 = data204.length;
            for (let i19 = 0; i19 < len19; i19++) {
              let data205 = data204[i19];
              if (data205 && typeof data205 == "object" && !Array.isArray(data205)) {
                if (data205.worker === void 0) {
                  const err619 = { instancePath: instancePath + "/usage/workers/" + i19, schemaPath: "#/properties/usage/properties/workers/items/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.usage.properties.workers.items.required, parentSchema: schema31.properties.usage.properties.workers.items, data: data205 };
                  if (vErrors === null) {
                    vErrors = [err619];
                  } else {
                    vErrors.push(err619);
                  }
                  errors++;
                }
                if (data205.inputTokens === void 0) {
                  const err620 = { instancePath: instancePath + "/usage/workers/" + i19, schemaPath: "#/properties/usage/properties/workers/items/required", keyword: "required", params: { missingProperty: "inputTokens" }, message: "must have required property 'inputTokens'", schema: schema31.properties.usage.properties.workers.items.required, parentSchema: schema31.properties.usage.properties.workers.items, data: data205 };
                  if (vErrors === null) {
                    vErrors = [err620];
                  } else {
                    vErrors.push(err620);
                  }
                  errors++;
                }
                if (data205.outputTokens === void 0) {
                  const err621 = { instancePath: instancePath + "/usage/workers/" + i19, schemaPath: "#/properties/usage/properties/workers/items/required", keyword: "required", params: { missingProperty: "outputTokens" }, message: "must have required property 'outputTokens'", schema: schema31.properties.usage.properties.workers.items.required, parentSchema: schema31.properties.usage.properties.workers.items, data: data205 };
                  if (vErrors === null) {
                    vErrors = [err621];
                  } else {
                    vErrors.push(err621);
                  }
                  errors++;
                }
                if (data205.costUsd === void 0) {
                  const err622 = { instancePath: instancePath + "/usage/workers/" + i19, schemaPath: "#/properties/usage/properties/workers/items/required", keyword: "required", params: { missingProperty: "costUsd" }, message: "must have required property 'costUsd'", schema: schema31.properties.usage.properties.workers.items.required, parentSchema: schema31.properties.usage.properties.workers.items, data: data205 };
                  if (vErrors === null) {
                    vErrors = [err622];
                  } else {
                    vErrors.push(err622);
                  }
                  errors++;
                }
                for (const key35 in data205) {
                  if (!(key35 === "worker" || key35 === "inputTokens" || key35 === "outputTokens" || key35 === "cachedInputTokens" || key35 === "cacheWriteTokens" || key35 === "costUsd" || key35 === "costComplete")) {
                    const err623 = { instancePath: instancePath + "/usage/workers/" + i19, schemaPath: "#/properties/usage/properties/workers/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key35 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.usage.properties.workers.items, data: data205 };
                    if (vErrors === null) {
                      vErrors = [err623];
                    } else {
                      vErrors.push(err623);
                    }
                    errors++;
                  }
                }
                if (data205.worker !== void 0) {
                  let data206 = data205.worker;
                  if (typeof data206 === "string") {
                    if (!pattern14.test(data206)) {
                      const err624 = { instancePath: instancePath + "/usage/workers/" + i19 + "/worker", schemaPath: "#/properties/usage/properties/workers/items/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.usage.properties.workers.items.properties.worker, data: data206 };
                      if (vErrors === null) {
                        vErrors = [err624];
                      } else {
                        vErrors.push(err624);
                      }
                      errors++;
                    }
                  } else {
                    const err625 = { instancePath: instancePath + "/usage/workers/" + i19 + "/worker", schemaPath: "#/properties/usage/properties/workers/items/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.workers.items.properties.worker.type, parentSchema: schema31.properties.usage.properties.workers.items.properties.worker, data: data206 };
                    if (vErrors === null) {
                      vErrors = [err625];
                    } else {
                      vErrors.push(err625);
                    }
                    errors++;
                  }
                }
                if (data205.inputTokens !== void 0) {
                  let data207 = data205.inputTokens;
                  if (!(typeof data207 == "number" && (!(data207 % 1) && !isNaN(data207)) && isFinite(data207))) {
                    const err626 = { instancePath: instancePath + "/usage/workers/" + i19 + "/inputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/inputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.workers.items.properties.inputTokens.type, parentSchema: schema31.properties.usage.properties.workers.items.properties.inputTokens, data: data207 };
                    if (vErrors === null) {
                      vErrors = [err626];
                    } else {
                      vErrors.push(err626);
                    }
                    errors++;
                  }
                  if (typeof data207 == "number" && isFinite(data207)) {
                    if (data207 > 9007199254740991 || isNaN(data207)) {
                      const err627 = { instancePath: instancePath + "/usage/workers/" + i19 + "/inputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/inputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.workers.items.properties.inputTokens, data: data207 };
                      if (vErrors === null) {
                        vErrors = [err627];
                      } else {
                        vErrors.push(err627);
                      }
                      errors++;
                    }
                    if (data207 < 0 || isNaN(data207)) {
                      const err628 = { instancePath: instancePath + "/usage/workers/" + i19 + "/inputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/inputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.workers.items.properties.inputTokens, data: data207 };
                      if (vErrors === null) {
                        vErrors = [err628];
                      } else {
                        vErrors.push(err628);
                      }
                      errors++;
                    }
                  }
                }
                if (data205.outputTokens !== void 0) {
                  let data208 = data205.outputTokens;
                  if (!(typeof data208 == "number" && (!(data208 % 1) && !isNaN(data208)) && isFinite(data208))) {
                    const err629 = { instancePath: instancePath + "/usage/workers/" + i19 + "/outputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/outputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.workers.items.properties.outputTokens.type, parentSchema: schema31.properties.usage.properties.workers.items.properties.outputTokens, data: data208 };
                    if (vErrors === null) {
                      vErrors = [err629];
                    } else {
                      vErrors.push(err629);
                    }
                    errors++;
                  }
                  if (typeof data208 == "number" && isFinite(data208)) {
                    if (data208 > 9007199254740991 || isNaN(data208)) {
                      const err630 = { instancePath: instancePath + "/usage/workers/" + i19 + "/outputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/outputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.workers.items.properties.outputTokens, data: data208 };
                      if (vErrors === null) {
                        vErrors = [err630];
                      } else {
                        vErrors.push(err630);
                      }
                      errors++;
                    }
                    if (data208 < 0 || isNaN(data208)) {
                      const err631 = { instancePath: instancePath + "/usage/workers/" + i19 + "/outputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/outputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.workers.items.properties.outputTokens, data: data208 };
                      if (vErrors === null) {
                        vErrors = [err631];
                      } else {
                        vErrors.push(err631);
                      }
                      errors++;
                    }
                  }
                }
                if (data205.cachedInputTokens !== void 0) {
                  let data209 = data205.cachedInputTokens;
                  if (!(typeof data209 == "number" && (!(data209 % 1) && !isNaN(data209)) && isFinite(data209))) {
                    const err632 = { instancePath: instancePath + "/usage/workers/" + i19 + "/cachedInputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/cachedInputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.workers.items.properties.cachedInputTokens.type, parentSchema: schema31.properties.usage.properties.workers.items.properties.cachedInputTokens, data: data209 };
                    if (vErrors === null) {
                      vErrors = [err632];
                    } else {
                      vErrors.push(err632);
                    }
                    errors++;
                  }
                  if (typeof data209 == "number" && isFinite(data209)) {
                    if (data209 > 9007199254740991 || isNaN(data209)) {
                      const err633 = { instancePath: instancePath + "/usage/workers/" + i19 + "/cachedInputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/cachedInputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.workers.items.properties.cachedInputTokens, data: data209 };
                      if (vErrors === null) {
                        vErrors = [err633];
                      } else {
                        vErrors.push(err633);
                      }
                      errors++;
                    }
                    if (data209 < 0 || isNaN(data209)) {
                      const err634 = { instancePath: instancePath + "/usage/workers/" + i19 + "/cachedInputTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/cachedInputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.workers.items.properties.cachedInputTokens, data: data209 };
                      if (vErrors === null) {
                        vErrors = [err634];
                      } else {
                        vErrors.push(err634);
                      }
                      errors++;
                    }
                  }
                }
                if (data205.cacheWriteTokens !== void 0) {
                  let data210 = data205.cacheWriteTokens;
                  if (!(typeof data210 == "number" && (!(data210 % 1) && !isNaN(data210)) && isFinite(data210))) {
                    const err635 = { instancePath: instancePath + "/usage/workers/" + i19 + "/cacheWriteTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/cacheWriteTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.workers.items.properties.cacheWriteTokens.type, parentSchema: schema31.properties.usage.properties.workers.items.properties.cacheWriteTokens, data: data210 };
                    if (vErrors === null) {
                      vErrors = [err635];
                    } else {
                      vErrors.push(err635);
                    }
                    errors++;
                  }
                  if (typeof data210 == "number" && isFinite(data210)) {
                    if (data210 > 9007199254740991 || isNaN(data210)) {
                      const err636 = { instancePath: instancePath + "/usage/workers/" + i19 + "/cacheWriteTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/cacheWriteTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.workers.items.properties.cacheWriteTokens, data: data210 };
                      if (vErrors === null) {
                        vErrors = [err636];
                      } else {
                        vErrors.push(err636);
                      }
                      errors++;
                    }
                    if (data210 < 0 || isNaN(data210)) {
                      const err637 = { instancePath: instancePath + "/usage/workers/" + i19 + "/cacheWriteTokens", schemaPath: "#/properties/usage/properties/workers/items/properties/cacheWriteTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.workers.items.properties.cacheWriteTokens, data: data210 };
                      if (vErrors === null) {
                        vErrors = [err637];
                      } else {
                        vErrors.push(err637);
                      }
                      errors++;
                    }
                  }
                }
                if (data205.costUsd !== void 0) {
                  let data211 = data205.costUsd;
                  const _errs548 = errors;
                  let valid98 = false;
                  const _errs549 = errors;
                  if (typeof data211 == "number" && isFinite(data211)) {
                    if (data211 < 0 || isNaN(data211)) {
                      const err638 = { instancePath: instancePath + "/usage/workers/" + i19 + "/costUsd", schemaPath: "#/properties/usage/properties/workers/items/properties/costUsd/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.workers.items.properties.costUsd.anyOf[0], data: data211 };
                      if (vErrors === null) {
                        vErrors = [err638];
                      } else {
                        vErrors.push(err638);
                      }
                      errors++;
                    }
                  } else {
                    const err639 = { instancePath: instancePath + "/usage/workers/" + i19 + "/costUsd", schemaPath: "#/properties/usage/properties/workers/items/properties/costUsd/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.usage.properties.workers.items.properties.costUsd.anyOf[0].type, parentSchema: schema31.properties.usage.properties.workers.items.properties.costUsd.anyOf[0], data: data211 };
                    if (vErrors === null) {
                      vErrors = [err639];
                    } else {
                      vErrors.push(err639);
                    }
                    errors++;
                  }
                  var _valid22 = _errs549 === errors;
                  valid98 = valid98 || _valid22;
                  const _errs551 = errors;
                  if (data211 !== null) {
                    const err640 = { instancePath: instancePath + "/usage/workers/" + i19 + "/costUsd", schemaPath: "#/properties/usage/properties/workers/items/properties/costUsd/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.usage.properties.workers.items.properties.costUsd.anyOf[1].type, parentSchema: schema31.properties.usage.properties.workers.items.properties.costUsd.anyOf[1], data: data211 };
                    if (vErrors === null) {
                      vErrors = [err640];
                    } else {
                      vErrors.push(err640);
                    }
                    errors++;
                  }
                  var _valid22 = _errs551 === errors;
                  valid98 = valid98 || _valid22;
                  if (!valid98) {
                    const err641 = { instancePath: instancePath + "/usage/workers/" + i19 + "/costUsd", schemaPath: "#/properties/usage/properties/workers/items/properties/costUsd/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.usage.properties.workers.items.properties.costUsd.anyOf, parentSchema: schema31.properties.usage.properties.workers.items.properties.costUsd, data: data211 };
                    if (vErrors === null) {
                      vErrors = [err641];
                    } else {
                      vErrors.push(err641);
                    }
                    errors++;
                  } else {
                    errors = _errs548;
                    if (vErrors !== null) {
                      if (_errs548) {
                        vErrors.length = _errs548;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data205.costComplete !== void 0) {
                  let data212 = data205.costComplete;
                  if (typeof data212 !== "boolean") {
                    const err642 = { instancePath: instancePath + "/usage/workers/" + i19 + "/costComplete", schemaPath: "#/properties/usage/properties/workers/items/properties/costComplete/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.usage.properties.workers.items.properties.costComplete.type, parentSchema: schema31.properties.usage.properties.workers.items.properties.costComplete, data: data212 };
                    if (vErrors === null) {
                      vErrors = [err642];
                    } else {
                      vErrors.push(err642);
                    }
                    errors++;
                  }
                }
              } else {
                const err643 = { instancePath: instancePath + "/usage/workers/" + i19, schemaPath: "#/properties/usage/properties/workers/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.usage.properties.workers.items.type, parentSchema: schema31.properties.usage.properties.workers.items, data: data205 };
                if (vErrors === null) {
                  vErrors = [err643];
                } else {
                  vErrors.push(err643);
                }
                errors++;
              }
            }
          } else {
            const err644 = { instancePath: instancePath + "/usage/workers", schemaPath: "#/properties/usage/properties/workers/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.usage.properties.workers.type, parentSchema: schema31.properties.usage.properties.workers, data: data204 };
            if (vErrors === null) {
              vErrors = [err644];
            } else {
              vErrors.push(err644);
            }
            errors++;
          }
        }
        if (data203.total !== void 0) {
          let data213 = data203.total;
          if (data213 && typeof data213 == "object" && !Array.isArray(data213)) {
            if (data213.inputTokens === void 0) {
              const err645 = { instancePath: instancePath + "/usage/total", schemaPath: "#/properties/usage/properties/total/required", keyword: "required", params: { missingProperty: "inputTokens" }, message: "must have required property 'inputTokens'", schema: schema31.properties.usage.properties.total.required, parentSchema: schema31.properties.usage.properties.total, data: data213 };
              if (vErrors === null) {
                vErrors = [err645];
              } else {
                vErrors.push(err645);
              }
              errors++;
            }
            if (data213.outputTokens === void 0) {
              const err646 = { instancePath: instancePath + "/usage/total", schemaPath: "#/properties/usage/properties/total/required", keyword: "required", params: { missingProperty: "outputTokens" }, message: "must have required property 'outputTokens'", schema: schema31.properties.usage.properties.total.required, parentSchema: schema31.properties.usage.properties.total, data: data213 };
              if (vErrors === null) {
                vErrors = [err646];
              } else {
                vErrors.push(err646);
              }
              errors++;
            }
            if (data213.costUsd === void 0) {
              const err647 = { instancePath: instancePath + "/usage/total", schemaPath: "#/properties/usage/properties/total/required", keyword: "required", params: { missingProperty: "costUsd" }, message: "must have required property 'costUsd'", schema: schema31.properties.usage.properties.total.required, parentSchema: schema31.properties.usage.properties.total, data: data213 };
              if (vErrors === null) {
                vErrors = [err647];
              } else {
                vErrors.push(err647);
              }
              errors++;
            }
            for (const key36 in data213) {
              if (!(key36 === "inputTokens" || key36 === "outputTokens" || key36 === "cachedInputTokens" || key36 === "cacheWriteTokens" || key36 === "costUsd" || key36 === "costComplete")) {
                const err648 = { instancePath: instancePath + "/usage/total", schemaPath: "#/properties/usage/properties/total/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key36 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.usage.properties.total, data: data213 };
                if (vErrors === null) {
                  vErrors = [err648];
                } else {
                  vErrors.push(err648);
                }
                errors++;
              }
            }
            if (data213.inputTokens !== void 0) {
              let data214 = data213.inputTokens;
              if (!(typeof data214 == "number" && (!(data214 % 1) && !isNaN(data214)) && isFinite(data214))) {
                const err649 = { instancePath: instancePath + "/usage/total/inputTokens", schemaPath: "#/properties/usage/properties/total/properties/inputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.total.properties.inputTokens.type, parentSchema: schema31.properties.usage.properties.total.properties.inputTokens, data: data214 };
                if (vErrors === null) {
                  vErrors = [err649];
                } else {
                  vErrors.push(err649);
                }
                errors++;
              }
              if (typeof data214 == "number" && isFinite(data214)) {
                if (data214 > 9007199254740991 || isNaN(data214)) {
                  const err650 = { instancePath: instancePath + "/usage/total/inputTokens", schemaPath: "#/properties/usage/properties/total/properties/inputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.total.properties.inputTokens, data: data214 };
                  if (vErrors === null) {
                    vErrors = [err650];
                  } else {
                    vErrors.push(err650);
                  }
                  errors++;
                }
                if (data214 < 0 || isNaN(data214)) {
                  const err651 = { instancePath: instancePath + "/usage/total/inputTokens", schemaPath: "#/properties/usage/properties/total/properties/inputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.total.properties.inputTokens, data: data214 };
                  if (vErrors === null) {
                    vErrors = [err651];
                  } else {
                    vErrors.push(err651);
                  }
                  errors++;
                }
              }
            }
            if (data213.outputTokens !== void 0) {
              let data215 = data213.outputTokens;
              if (!(typeof data215 == "number" && (!(data215 % 1) && !isNaN(data215)) && isFinite(data215))) {
                const err652 = { instancePath: instancePath + "/usage/total/outputTokens", schemaPath: "#/properties/usage/properties/total/properties/outputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.total.properties.outputTokens.type, parentSchema: schema31.properties.usage.properties.total.properties.outputTokens, data: data215 };
                if (vErrors === null) {
                  vErrors = [err652];
                } else {
                  vErrors.push(err652);
                }
                errors++;
              }
              if (typeof data215 == "number" && isFinite(data215)) {
                if (data215 > 9007199254740991 || isNaN(data215)) {
                  const err653 = { instancePath: instancePath + "/usage/total/outputTokens", schemaPath: "#/properties/usage/properties/total/properties/outputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.total.properties.outputTokens, data: data215 };
                  if (vErrors === null) {
                    vErrors = [err653];
                  } else {
                    vErrors.push(err653);
                  }
                  errors++;
                }
                if (data215 < 0 || isNaN(data215)) {
                  const err654 = { instancePath: instancePath + "/usage/total/outputTokens", schemaPath: "#/properties/usage/properties/total/properties/outputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.total.properties.outputTokens, data: data215 };
                  if (vErrors === null) {
                    vErrors = [err654];
                  } else {
                    vErrors.push(err654);
                  }
                  errors++;
                }
              }
            }
            if (data213.cachedInputTokens !== void 0) {
              let data216 = data213.cachedInputTokens;
              if (!(typeof data216 == "number" && (!(data216 % 1) && !isNaN(data216)) && isFinite(data216))) {
                const err655 = { instancePath: instancePath + "/usage/total/cachedInputTokens", schemaPath: "#/properties/usage/properties/total/properties/cachedInputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.total.properties.cachedInputTokens.type, parentSchema: schema31.properties.usage.properties.total.properties.cachedInputTokens, data: data216 };
                if (vErrors === null) {
                  vErrors = [err655];
                } else {
                  vErrors.push(err655);
                }
                errors++;
              }
              if (typeof data216 == "number" && isFinite(data216)) {
                if (data216 > 9007199254740991 || isNaN(data216)) {
                  const err656 = { instancePath: instancePath + "/usage/total/cachedInputTokens", schemaPath: "#/properties/usage/properties/total/properties/cachedInputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.total.properties.cachedInputTokens, data: data216 };
                  if (vErrors === null) {
                    vErrors = [err656];
                  } else {
                    vErrors.push(err656);
                  }
                  errors++;
                }
                if (data216 < 0 || isNaN(data216)) {
                  const err657 = { instancePath: instancePath + "/usage/total/cachedInputTokens", schemaPath: "#/properties/usage/properties/total/properties/cachedInputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.total.properties.cachedInputTokens, data: data216 };
                  if (vErrors === null) {
                    vErrors = [err657];
                  } else {
                    vErrors.push(err657);
                  }
                  errors++;
                }
              }
            }
            if (data213.cacheWriteTokens !== void 0) {
              let data217 = data213.cacheWriteTokens;
              if (!(typeof data217 == "number" && (!(data217 % 1) && !isNaN(data217)) && isFinite(data217))) {
                const err658 = { instancePath: instancePath + "/usage/total/cacheWriteTokens", schemaPath: "#/properties/usage/properties/total/properties/cacheWriteTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.total.properties.cacheWriteTokens.type, parentSchema: schema31.properties.usage.properties.total.properties.cacheWriteTokens, data: data217 };
                if (vErrors === null) {
                  vErrors = [err658];
                } else {
                  vErrors.push(err658);
                }
                errors++;
              }
              if (typeof data217 == "number" && isFinite(data217)) {
                if (data217 > 9007199254740991 || isNaN(data217)) {
                  const err659 = { instancePath: instancePath + "/usage/total/cacheWriteTokens", schemaPath: "#/properties/usage/properties/total/properties/cacheWriteTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.total.properties.cacheWriteTokens, data: data217 };
                  if (vErrors === null) {
                    vErrors = [err659];
                  } else {
                    vErrors.push(err659);
                  }
                  errors++;
                }
                if (data217 < 0 || isNaN(data217)) {
                  const err660 = { instancePath: instancePath + "/usage/total/cacheWriteTokens", schemaPath: "#/properties/usage/properties/total/properties/cacheWriteTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.total.properties.cacheWriteTokens, data: data217 };
                  if (vErrors === null) {
                    vErrors = [err660];
                  } else {
                    vErrors.push(err660);
                  }
                  errors++;
                }
              }
            }
            if (data213.costUsd !== void 0) {
              let data218 = data213.costUsd;
              const _errs567 = errors;
              let valid100 = false;
              const _errs568 = errors;
              if (typeof data218 == "number" && isFinite(data218)) {
                if (data218 < 0 || isNaN(data218)) {
                  const err661 = { instancePath: instancePath + "/usage/total/costUsd", schemaPath: "#/properties/usage/properties/total/properties/costUsd/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.total.properties.costUsd.anyOf[0], data: data218 };
                  if (vErrors === null) {
                    vErrors = [err661];
                  } else {
                    vErrors.push(err661);
                  }
                  errors++;
                }
              } else {
                const err662 = { instancePath: instancePath + "/usage/total/costUsd", schemaPath: "#/properties/usage/properties/total/properties/costUsd/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.usage.properties.total.properties.costUsd.anyOf[0].type, parentSchema: schema31.properties.usage.properties.total.properties.costUsd.anyOf[0], data: data218 };
                if (vErrors === null) {
                  vErrors = [err662];
                } else {
                  vErrors.push(err662);
                }
                errors++;
              }
              var _valid23 = _errs568 === errors;
              valid100 = valid100 || _valid23;
              const _errs570 = errors;
              if (data218 !== null) {
                const err663 = { instancePath: instancePath + "/usage/total/costUsd", schemaPath: "#/properties/usage/properties/total/properties/costUsd/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.usage.properties.total.properties.costUsd.anyOf[1].type, parentSchema: schema31.properties.usage.properties.total.properties.costUsd.anyOf[1], data: data218 };
                if (vErrors === null) {
                  vErrors = [err663];
                } else {
                  vErrors.push(err663);
                }
                errors++;
              }
              var _valid23 = _errs570 === errors;
              valid100 = valid100 || _valid23;
              if (!valid100) {
                const err664 = { instancePath: instancePath + "/usage/total/costUsd", schemaPath: "#/properties/usage/properties/total/properties/costUsd/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.usage.properties.total.properties.costUsd.anyOf, parentSchema: schema31.properties.usage.properties.total.properties.costUsd, data: data218 };
                if (vErrors === null) {
                  vErrors = [err664];
                } else {
                  vErrors.push(err664);
                }
                errors++;
              } else {
                errors = _errs567;
                if (vErrors !== null) {
                  if (_errs567) {
                    vErrors.length = _errs567;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data213.costComplete !== void 0) {
              let data219 = data213.costComplete;
              if (typeof data219 !== "boolean") {
                const err665 = { instancePath: instancePath + "/usage/total/costComplete", schemaPath: "#/properties/usage/properties/total/properties/costComplete/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema31.properties.usage.properties.total.properties.costComplete.type, parentSchema: schema31.properties.usage.properties.total.properties.costComplete, data: data219 };
                if (vErrors === null) {
                  vErrors = [err665];
                } else {
                  vErrors.push(err665);
                }
                errors++;
              }
            }
          } else {
            const err666 = { instancePath: instancePath + "/usage/total", schemaPath: "#/properties/usage/properties/total/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.usage.properties.total.type, parentSchema: schema31.properties.usage.properties.total, data: data213 };
            if (vErrors === null) {
              vErrors = [err666];
            } else {
              vErrors.push(err666);
            }
            errors++;
          }
        }
        if (data203.metered !== void 0) {
          let data220 = data203.metered;
          if (typeof data220 !== "string") {
            const err667 = { instancePath: instancePath + "/usage/metered", schemaPath: "#/properties/usage/properties/metered/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.metered.type, parentSchema: schema31.properties.usage.properties.metered, data: data220 };
            if (vErrors === null) {
              vErrors = [err667];
            } else {
              vErrors.push(err667);
            }
            errors++;
          }
          if (!(data220 === "gateway" || data220 === "self-reported")) {
            const err668 = { instancePath: instancePath + "/usage/metered", schemaPath: "#/properties/usage/properties/metered/enum", keyword: "enum", params: { allowedValues: schema31.properties.usage.properties.metered.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.usage.properties.metered.enum, parentSchema: schema31.properties.usage.properties.metered, data: data220 };
            if (vErrors === null) {
              vErrors = [err668];
            } else {
              vErrors.push(err668);
            }
            errors++;
          }
        }
        if (data203.requests !== void 0) {
          let data221 = data203.requests;
          if (Array.isArray(data221)) {
            const len20 = data221.length;
            for (let i20 = 0; i20 < len20; i20++) {
              let data222 = data221[i20];
              if (data222 && typeof data222 == "object" && !Array.isArray(data222)) {
                if (data222.worker === void 0) {
                  const err669 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err669];
                  } else {
                    vErrors.push(err669);
                  }
                  errors++;
                }
                if (data222.role === void 0) {
                  const err670 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "role" }, message: "must have required property 'role'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err670];
                  } else {
                    vErrors.push(err670);
                  }
                  errors++;
                }
                if (data222.provider === void 0) {
                  const err671 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "provider" }, message: "must have required property 'provider'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err671];
                  } else {
                    vErrors.push(err671);
                  }
                  errors++;
                }
                if (data222.model === void 0) {
                  const err672 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "model" }, message: "must have required property 'model'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err672];
                  } else {
                    vErrors.push(err672);
                  }
                  errors++;
                }
                if (data222.path === void 0) {
                  const err673 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "path" }, message: "must have required property 'path'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err673];
                  } else {
                    vErrors.push(err673);
                  }
                  errors++;
                }
                if (data222.status === void 0) {
                  const err674 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "status" }, message: "must have required property 'status'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err674];
                  } else {
                    vErrors.push(err674);
                  }
                  errors++;
                }
                if (data222.inputTokens === void 0) {
                  const err675 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "inputTokens" }, message: "must have required property 'inputTokens'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err675];
                  } else {
                    vErrors.push(err675);
                  }
                  errors++;
                }
                if (data222.outputTokens === void 0) {
                  const err676 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "outputTokens" }, message: "must have required property 'outputTokens'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err676];
                  } else {
                    vErrors.push(err676);
                  }
                  errors++;
                }
                if (data222.cachedInputTokens === void 0) {
                  const err677 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "cachedInputTokens" }, message: "must have required property 'cachedInputTokens'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err677];
                  } else {
                    vErrors.push(err677);
                  }
                  errors++;
                }
                if (data222.cacheWriteTokens === void 0) {
                  const err678 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "cacheWriteTokens" }, message: "must have required property 'cacheWriteTokens'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err678];
                  } else {
                    vErrors.push(err678);
                  }
                  errors++;
                }
                if (data222.costUsd === void 0) {
                  const err679 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "costUsd" }, message: "must have required property 'costUsd'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err679];
                  } else {
                    vErrors.push(err679);
                  }
                  errors++;
                }
                if (data222.durationMs === void 0) {
                  const err680 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "durationMs" }, message: "must have required property 'durationMs'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err680];
                  } else {
                    vErrors.push(err680);
                  }
                  errors++;
                }
                if (data222.firstByteMs === void 0) {
                  const err681 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "firstByteMs" }, message: "must have required property 'firstByteMs'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err681];
                  } else {
                    vErrors.push(err681);
                  }
                  errors++;
                }
                if (data222.retries === void 0) {
                  const err682 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/required", keyword: "required", params: { missingProperty: "retries" }, message: "must have required property 'retries'", schema: schema31.properties.usage.properties.requests.items.required, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                  if (vErrors === null) {
                    vErrors = [err682];
                  } else {
                    vErrors.push(err682);
                  }
                  errors++;
                }
                for (const key37 in data222) {
                  if (!func1.call(schema31.properties.usage.properties.requests.items.properties, key37)) {
                    const err683 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key37 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                    if (vErrors === null) {
                      vErrors = [err683];
                    } else {
                      vErrors.push(err683);
                    }
                    errors++;
                  }
                }
                if (data222.worker !== void 0) {
                  let data223 = data222.worker;
                  if (typeof data223 === "string") {
                    if (!pattern14.test(data223)) {
                      const err684 = { instancePath: instancePath + "/usage/requests/" + i20 + "/worker", schemaPath: "#/properties/usage/properties/requests/items/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.usage.properties.requests.items.properties.worker, data: data223 };
                      if (vErrors === null) {
                        vErrors = [err684];
                      } else {
                        vErrors.push(err684);
                      }
                      errors++;
                    }
                  } else {
                    const err685 = { instancePath: instancePath + "/usage/requests/" + i20 + "/worker", schemaPath: "#/properties/usage/properties/requests/items/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.requests.items.properties.worker.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.worker, data: data223 };
                    if (vErrors === null) {
                      vErrors = [err685];
                    } else {
                      vErrors.push(err685);
                    }
                    errors++;
                  }
                }
                if (data222.role !== void 0) {
                  let data224 = data222.role;
                  if (typeof data224 === "string") {
                    if (!pattern56.test(data224)) {
                      const err686 = { instancePath: instancePath + "/usage/requests/" + i20 + "/role", schemaPath: "#/properties/usage/properties/requests/items/properties/role/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]*$" }, message: 'must match pattern "^[a-z][a-z0-9-]*$"', schema: "^[a-z][a-z0-9-]*$", parentSchema: schema31.properties.usage.properties.requests.items.properties.role, data: data224 };
                      if (vErrors === null) {
                        vErrors = [err686];
                      } else {
                        vErrors.push(err686);
                      }
                      errors++;
                    }
                  } else {
                    const err687 = { instancePath: instancePath + "/usage/requests/" + i20 + "/role", schemaPath: "#/properties/usage/properties/requests/items/properties/role/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.requests.items.properties.role.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.role, data: data224 };
                    if (vErrors === null) {
                      vErrors = [err687];
                    } else {
                      vErrors.push(err687);
                    }
                    errors++;
                  }
                }
                if (data222.provider !== void 0) {
                  let data225 = data222.provider;
                  if (typeof data225 === "string") {
                    if (!pattern56.test(data225)) {
                      const err688 = { instancePath: instancePath + "/usage/requests/" + i20 + "/provider", schemaPath: "#/properties/usage/properties/requests/items/properties/provider/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]*$" }, message: 'must match pattern "^[a-z][a-z0-9-]*$"', schema: "^[a-z][a-z0-9-]*$", parentSchema: schema31.properties.usage.properties.requests.items.properties.provider, data: data225 };
                      if (vErrors === null) {
                        vErrors = [err688];
                      } else {
                        vErrors.push(err688);
                      }
                      errors++;
                    }
                  } else {
                    const err689 = { instancePath: instancePath + "/usage/requests/" + i20 + "/provider", schemaPath: "#/properties/usage/properties/requests/items/properties/provider/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.requests.items.properties.provider.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.provider, data: data225 };
                    if (vErrors === null) {
                      vErrors = [err689];
                    } else {
                      vErrors.push(err689);
                    }
                    errors++;
                  }
                }
                if (data222.model !== void 0) {
                  let data226 = data222.model;
                  const _errs588 = errors;
                  let valid104 = false;
                  const _errs589 = errors;
                  if (typeof data226 === "string") {
                    if (func2(data226) < 1) {
                      const err690 = { instancePath: instancePath + "/usage/requests/" + i20 + "/model", schemaPath: "#/properties/usage/properties/requests/items/properties/model/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.usage.properties.requests.items.properties.model.anyOf[0], data: data226 };
                      if (vErrors === null) {
                        vErrors = [err690];
                      } else {
                        vErrors.push(err690);
                      }
                      errors++;
                    }
                  } else {
                    const err691 = { instancePath: instancePath + "/usage/requests/" + i20 + "/model", schemaPath: "#/properties/usage/properties/requests/items/properties/model/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.requests.items.properties.model.anyOf[0].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.model.anyOf[0], data: data226 };
                    if (vErrors === null) {
                      vErrors = [err691];
                    } else {
                      vErrors.push(err691);
                    }
                    errors++;
                  }
                  var _valid24 = _errs589 === errors;
                  valid104 = valid104 || _valid24;
                  const _errs591 = errors;
                  if (data226 !== null) {
                    const err692 = { instancePath: instancePath + "/usage/requests/" + i20 + "/model", schemaPath: "#/properties/usage/properties/requests/items/properties/model/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.usage.properties.requests.items.properties.model.anyOf[1].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.model.anyOf[1], data: data226 };
                    if (vErrors === null) {
                      vErrors = [err692];
                    } else {
                      vErrors.push(err692);
                    }
                    errors++;
                  }
                  var _valid24 = _errs591 === errors;
                  valid104 = valid104 || _valid24;
                  if (!valid104) {
                    const err693 = { instancePath: instancePath + "/usage/requests/" + i20 + "/model", schemaPath: "#/properties/usage/properties/requests/items/properties/model/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.usage.properties.requests.items.properties.model.anyOf, parentSchema: schema31.properties.usage.properties.requests.items.properties.model, data: data226 };
                    if (vErrors === null) {
                      vErrors = [err693];
                    } else {
                      vErrors.push(err693);
                    }
                    errors++;
                  } else {
                    errors = _errs588;
                    if (vErrors !== null) {
                      if (_errs588) {
                        vErrors.length = _errs588;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data222.path !== void 0) {
                  let data227 = data222.path;
                  if (typeof data227 === "string") {
                    if (func2(data227) < 1) {
                      const err694 = { instancePath: instancePath + "/usage/requests/" + i20 + "/path", schemaPath: "#/properties/usage/properties/requests/items/properties/path/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.usage.properties.requests.items.properties.path, data: data227 };
                      if (vErrors === null) {
                        vErrors = [err694];
                      } else {
                        vErrors.push(err694);
                      }
                      errors++;
                    }
                  } else {
                    const err695 = { instancePath: instancePath + "/usage/requests/" + i20 + "/path", schemaPath: "#/properties/usage/properties/requests/items/properties/path/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.requests.items.properties.path.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.path, data: data227 };
                    if (vErrors === null) {
                      vErrors = [err695];
                    } else {
                      vErrors.push(err695);
                    }
                    errors++;
                  }
                }
                if (data222.status !== void 0) {
                  let data228 = data222.status;
                  const _errs596 = errors;
                  let valid105 = false;
                  const _errs597 = errors;
                  if (!(typeof data228 == "number" && (!(data228 % 1) && !isNaN(data228)) && isFinite(data228))) {
                    const err696 = { instancePath: instancePath + "/usage/requests/" + i20 + "/status", schemaPath: "#/properties/usage/properties/requests/items/properties/status/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.requests.items.properties.status.anyOf[0].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.status.anyOf[0], data: data228 };
                    if (vErrors === null) {
                      vErrors = [err696];
                    } else {
                      vErrors.push(err696);
                    }
                    errors++;
                  }
                  if (typeof data228 == "number" && isFinite(data228)) {
                    if (data228 > 599 || isNaN(data228)) {
                      const err697 = { instancePath: instancePath + "/usage/requests/" + i20 + "/status", schemaPath: "#/properties/usage/properties/requests/items/properties/status/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 599 }, message: "must be <= 599", schema: 599, parentSchema: schema31.properties.usage.properties.requests.items.properties.status.anyOf[0], data: data228 };
                      if (vErrors === null) {
                        vErrors = [err697];
                      } else {
                        vErrors.push(err697);
                      }
                      errors++;
                    }
                    if (data228 < 100 || isNaN(data228)) {
                      const err698 = { instancePath: instancePath + "/usage/requests/" + i20 + "/status", schemaPath: "#/properties/usage/properties/requests/items/properties/status/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema31.properties.usage.properties.requests.items.properties.status.anyOf[0], data: data228 };
                      if (vErrors === null) {
                        vErrors = [err698];
                      } else {
                        vErrors.push(err698);
                      }
                      errors++;
                    }
                  }
                  var _valid25 = _errs597 === errors;
                  valid105 = valid105 || _valid25;
                  const _errs599 = errors;
                  if (data228 !== null) {
                    const err699 = { instancePath: instancePath + "/usage/requests/" + i20 + "/status", schemaPath: "#/properties/usage/properties/requests/items/properties/status/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.usage.properties.requests.items.properties.status.anyOf[1].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.status.anyOf[1], data: data228 };
                    if (vErrors === null) {
                      vErrors = [err699];
                    } else {
                      vErrors.push(err699);
                    }
                    errors++;
                  }
                  var _valid25 = _errs599 === errors;
                  valid105 = valid105 || _valid25;
                  if (!valid105) {
                    const err700 = { instancePath: instancePath + "/usage/requests/" + i20 + "/status", schemaPath: "#/properties/usage/properties/requests/items/properties/status/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.usage.properties.requests.items.properties.status.anyOf, parentSchema: schema31.properties.usage.properties.requests.items.properties.status, data: data228 };
                    if (vErrors === null) {
                      vErrors = [err700];
                    } else {
                      vErrors.push(err700);
                    }
                    errors++;
                  } else {
                    errors = _errs596;
                    if (vErrors !== null) {
                      if (_errs596) {
                        vErrors.length = _errs596;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data222.inputTokens !== void 0) {
                  let data229 = data222.inputTokens;
                  if (!(typeof data229 == "number" && (!(data229 % 1) && !isNaN(data229)) && isFinite(data229))) {
                    const err701 = { instancePath: instancePath + "/usage/requests/" + i20 + "/inputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/inputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.requests.items.properties.inputTokens.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.inputTokens, data: data229 };
                    if (vErrors === null) {
                      vErrors = [err701];
                    } else {
                      vErrors.push(err701);
                    }
                    errors++;
                  }
                  if (typeof data229 == "number" && isFinite(data229)) {
                    if (data229 > 9007199254740991 || isNaN(data229)) {
                      const err702 = { instancePath: instancePath + "/usage/requests/" + i20 + "/inputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/inputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.requests.items.properties.inputTokens, data: data229 };
                      if (vErrors === null) {
                        vErrors = [err702];
                      } else {
                        vErrors.push(err702);
                      }
                      errors++;
                    }
                    if (data229 < 0 || isNaN(data229)) {
                      const err703 = { instancePath: instancePath + "/usage/requests/" + i20 + "/inputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/inputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.inputTokens, data: data229 };
                      if (vErrors === null) {
                        vErrors = [err703];
                      } else {
                        vErrors.push(err703);
                      }
                      errors++;
                    }
                  }
                }
                if (data222.outputTokens !== void 0) {
                  let data230 = data222.outputTokens;
                  if (!(typeof data230 == "number" && (!(data230 % 1) && !isNaN(data230)) && isFinite(data230))) {
                    const err704 = { instancePath: instancePath + "/usage/requests/" + i20 + "/outputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/outputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.requests.items.properties.outputTokens.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.outputTokens, data: data230 };
                    if (vErrors === null) {
                      vErrors = [err704];
                    } else {
                      vErrors.push(err704);
                    }
                    errors++;
                  }
                  if (typeof data230 == "number" && isFinite(data230)) {
                    if (data230 > 9007199254740991 || isNaN(data230)) {
                      const err705 = { instancePath: instancePath + "/usage/requests/" + i20 + "/outputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/outputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.requests.items.properties.outputTokens, data: data230 };
                      if (vErrors === null) {
                        vErrors = [err705];
                      } else {
                        vErrors.push(err705);
                      }
                      errors++;
                    }
                    if (data230 < 0 || isNaN(data230)) {
                      const err706 = { instancePath: instancePath + "/usage/requests/" + i20 + "/outputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/outputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.outputTokens, data: data230 };
                      if (vErrors === null) {
                        vErrors = [err706];
                      } else {
                        vErrors.push(err706);
                      }
                      errors++;
                    }
                  }
                }
                if (data222.cachedInputTokens !== void 0) {
                  let data231 = data222.cachedInputTokens;
                  if (!(typeof data231 == "number" && (!(data231 % 1) && !isNaN(data231)) && isFinite(data231))) {
                    const err707 = { instancePath: instancePath + "/usage/requests/" + i20 + "/cachedInputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/cachedInputTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.requests.items.properties.cachedInputTokens.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.cachedInputTokens, data: data231 };
                    if (vErrors === null) {
                      vErrors = [err707];
                    } else {
                      vErrors.push(err707);
                    }
                    errors++;
                  }
                  if (typeof data231 == "number" && isFinite(data231)) {
                    if (data231 > 9007199254740991 || isNaN(data231)) {
                      const err708 = { instancePath: instancePath + "/usage/requests/" + i20 + "/cachedInputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/cachedInputTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.requests.items.properties.cachedInputTokens, data: data231 };
                      if (vErrors === null) {
                        vErrors = [err708];
                      } else {
                        vErrors.push(err708);
                      }
                      errors++;
                    }
                    if (data231 < 0 || isNaN(data231)) {
                      const err709 = { instancePath: instancePath + "/usage/requests/" + i20 + "/cachedInputTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/cachedInputTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.cachedInputTokens, data: data231 };
                      if (vErrors === null) {
                        vErrors = [err709];
                      } else {
                        vErrors.push(err709);
                      }
                      errors++;
                    }
                  }
                }
                if (data222.cacheWriteTokens !== void 0) {
                  let data232 = data222.cacheWriteTokens;
                  if (!(typeof data232 == "number" && (!(data232 % 1) && !isNaN(data232)) && isFinite(data232))) {
                    const err710 = { instancePath: instancePath + "/usage/requests/" + i20 + "/cacheWriteTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/cacheWriteTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.requests.items.properties.cacheWriteTokens.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.cacheWriteTokens, data: data232 };
                    if (vErrors === null) {
                      vErrors = [err710];
                    } else {
                      vErrors.push(err710);
                    }
                    errors++;
                  }
                  if (typeof data232 == "number" && isFinite(data232)) {
                    if (data232 > 9007199254740991 || isNaN(data232)) {
                      const err711 = { instancePath: instancePath + "/usage/requests/" + i20 + "/cacheWriteTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/cacheWriteTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.requests.items.properties.cacheWriteTokens, data: data232 };
                      if (vErrors === null) {
                        vErrors = [err711];
                      } else {
                        vErrors.push(err711);
                      }
                      errors++;
                    }
                    if (data232 < 0 || isNaN(data232)) {
                      const err712 = { instancePath: instancePath + "/usage/requests/" + i20 + "/cacheWriteTokens", schemaPath: "#/properties/usage/properties/requests/items/properties/cacheWriteTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.cacheWriteTokens, data: data232 };
                      if (vErrors === null) {
                        vErrors = [err712];
                      } else {
                        vErrors.push(err712);
                      }
                      errors++;
                    }
                  }
                }
                if (data222.costUsd !== void 0) {
                  let data233 = data222.costUsd;
                  const _errs610 = errors;
                  let valid106 = false;
                  const _errs611 = errors;
                  if (typeof data233 == "number" && isFinite(data233)) {
                    if (data233 < 0 || isNaN(data233)) {
                      const err713 = { instancePath: instancePath + "/usage/requests/" + i20 + "/costUsd", schemaPath: "#/properties/usage/properties/requests/items/properties/costUsd/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.costUsd.anyOf[0], data: data233 };
                      if (vErrors === null) {
                        vErrors = [err713];
                      } else {
                        vErrors.push(err713);
                      }
                      errors++;
                    }
                  } else {
                    const err714 = { instancePath: instancePath + "/usage/requests/" + i20 + "/costUsd", schemaPath: "#/properties/usage/properties/requests/items/properties/costUsd/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.usage.properties.requests.items.properties.costUsd.anyOf[0].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.costUsd.anyOf[0], data: data233 };
                    if (vErrors === null) {
                      vErrors = [err714];
                    } else {
                      vErrors.push(err714);
                    }
                    errors++;
                  }
                  var _valid26 = _errs611 === errors;
                  valid106 = valid106 || _valid26;
                  const _errs613 = errors;
                  if (data233 !== null) {
                    const err715 = { instancePath: instancePath + "/usage/requests/" + i20 + "/costUsd", schemaPath: "#/properties/usage/properties/requests/items/properties/costUsd/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.usage.properties.requests.items.properties.costUsd.anyOf[1].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.costUsd.anyOf[1], data: data233 };
                    if (vErrors === null) {
                      vErrors = [err715];
                    } else {
                      vErrors.push(err715);
                    }
                    errors++;
                  }
                  var _valid26 = _errs613 === errors;
                  valid106 = valid106 || _valid26;
                  if (!valid106) {
                    const err716 = { instancePath: instancePath + "/usage/requests/" + i20 + "/costUsd", schemaPath: "#/properties/usage/properties/requests/items/properties/costUsd/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.usage.properties.requests.items.properties.costUsd.anyOf, parentSchema: schema31.properties.usage.properties.requests.items.properties.costUsd, data: data233 };
                    if (vErrors === null) {
                      vErrors = [err716];
                    } else {
                      vErrors.push(err716);
                    }
                    errors++;
                  } else {
                    errors = _errs610;
                    if (vErrors !== null) {
                      if (_errs610) {
                        vErrors.length = _errs610;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data222.durationMs !== void 0) {
                  let data234 = data222.durationMs;
                  if (typeof data234 == "number" && isFinite(data234)) {
                    if (data234 < 0 || isNaN(data234)) {
                      const err717 = { instancePath: instancePath + "/usage/requests/" + i20 + "/durationMs", schemaPath: "#/properties/usage/properties/requests/items/properties/durationMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.durationMs, data: data234 };
                      if (vErrors === null) {
                        vErrors = [err717];
                      } else {
                        vErrors.push(err717);
                      }
                      errors++;
                    }
                  } else {
                    const err718 = { instancePath: instancePath + "/usage/requests/" + i20 + "/durationMs", schemaPath: "#/properties/usage/properties/requests/items/properties/durationMs/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.usage.properties.requests.items.properties.durationMs.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.durationMs, data: data234 };
                    if (vErrors === null) {
                      vErrors = [err718];
                    } else {
                      vErrors.push(err718);
                    }
                    errors++;
                  }
                }
                if (data222.firstByteMs !== void 0) {
                  let data235 = data222.firstByteMs;
                  const _errs618 = errors;
                  let valid107 = false;
                  const _errs619 = errors;
                  if (typeof data235 == "number" && isFinite(data235)) {
                    if (data235 < 0 || isNaN(data235)) {
                      const err719 = { instancePath: instancePath + "/usage/requests/" + i20 + "/firstByteMs", schemaPath: "#/properties/usage/properties/requests/items/properties/firstByteMs/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.firstByteMs.anyOf[0], data: data235 };
                      if (vErrors === null) {
                        vErrors = [err719];
                      } else {
                        vErrors.push(err719);
                      }
                      errors++;
                    }
                  } else {
                    const err720 = { instancePath: instancePath + "/usage/requests/" + i20 + "/firstByteMs", schemaPath: "#/properties/usage/properties/requests/items/properties/firstByteMs/anyOf/0/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema31.properties.usage.properties.requests.items.properties.firstByteMs.anyOf[0].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.firstByteMs.anyOf[0], data: data235 };
                    if (vErrors === null) {
                      vErrors = [err720];
                    } else {
                      vErrors.push(err720);
                    }
                    errors++;
                  }
                  var _valid27 = _errs619 === errors;
                  valid107 = valid107 || _valid27;
                  const _errs621 = errors;
                  if (data235 !== null) {
                    const err721 = { instancePath: instancePath + "/usage/requests/" + i20 + "/firstByteMs", schemaPath: "#/properties/usage/properties/requests/items/properties/firstByteMs/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema31.properties.usage.properties.requests.items.properties.firstByteMs.anyOf[1].type, parentSchema: schema31.properties.usage.properties.requests.items.properties.firstByteMs.anyOf[1], data: data235 };
                    if (vErrors === null) {
                      vErrors = [err721];
                    } else {
                      vErrors.push(err721);
                    }
                    errors++;
                  }
                  var _valid27 = _errs621 === errors;
                  valid107 = valid107 || _valid27;
                  if (!valid107) {
                    const err722 = { instancePath: instancePath + "/usage/requests/" + i20 + "/firstByteMs", schemaPath: "#/properties/usage/properties/requests/items/properties/firstByteMs/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema31.properties.usage.properties.requests.items.properties.firstByteMs.anyOf, parentSchema: schema31.properties.usage.properties.requests.items.properties.firstByteMs, data: data235 };
                    if (vErrors === null) {
                      vErrors = [err722];
                    } else {
                      vErrors.push(err722);
                    }
                    errors++;
                  } else {
                    errors = _errs618;
                    if (vErrors !== null) {
                      if (_errs618) {
                        vErrors.length = _errs618;
                      } else {
                        vErrors = null;
                      }
                    }
                  }
                }
                if (data222.retries !== void 0) {
                  let data236 = data222.retries;
                  if (!(typeof data236 == "number" && (!(data236 % 1) && !isNaN(data236)) && isFinite(data236))) {
                    const err723 = { instancePath: instancePath + "/usage/requests/" + i20 + "/retries", schemaPath: "#/properties/usage/properties/requests/items/properties/retries/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.usage.properties.requests.items.properties.retries.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.retries, data: data236 };
                    if (vErrors === null) {
                      vErrors = [err723];
                    } else {
                      vErrors.push(err723);
                    }
                    errors++;
                  }
                  if (typeof data236 == "number" && isFinite(data236)) {
                    if (data236 > 9007199254740991 || isNaN(data236)) {
                      const err724 = { instancePath: instancePath + "/usage/requests/" + i20 + "/retries", schemaPath: "#/properties/usage/properties/requests/items/properties/retries/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.usage.properties.requests.items.properties.retries, data: data236 };
                      if (vErrors === null) {
                        vErrors = [err724];
                      } else {
                        vErrors.push(err724);
                      }
                      errors++;
                    }
                    if (data236 < 0 || isNaN(data236)) {
                      const err725 = { instancePath: instancePath + "/usage/requests/" + i20 + "/retries", schemaPath: "#/properties/usage/properties/requests/items/properties/retries/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema31.properties.usage.properties.requests.items.properties.retries, data: data236 };
                      if (vErrors === null) {
                        vErrors = [err725];
                      } else {
                        vErrors.push(err725);
                      }
                      errors++;
                    }
                  }
                }
                if (data222.refused !== void 0) {
                  let data237 = data222.refused;
                  if (typeof data237 !== "string") {
                    const err726 = { instancePath: instancePath + "/usage/requests/" + i20 + "/refused", schemaPath: "#/properties/usage/properties/requests/items/properties/refused/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.requests.items.properties.refused.type, parentSchema: schema31.properties.usage.properties.requests.items.properties.refused, data: data237 };
                    if (vErrors === null) {
                      vErrors = [err726];
                    } else {
                      vErrors.push(err726);
                    }
                    errors++;
                  }
                  if (!(data237 === "budget" || data237 === "credential")) {
                    const err727 = { instancePath: instancePath + "/usage/requests/" + i20 + "/refused", schemaPath: "#/properties/usage/properties/requests/items/properties/refused/enum", keyword: "enum", params: { allowedValues: schema31.properties.usage.properties.requests.items.properties.refused.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.usage.properties.requests.items.properties.refused.enum, parentSchema: schema31.properties.usage.properties.requests.items.properties.refused, data: data237 };
                    if (vErrors === null) {
                      vErrors = [err727];
                    } else {
                      vErrors.push(err727);
                    }
                    errors++;
                  }
                }
              } else {
                const err728 = { instancePath: instancePath + "/usage/requests/" + i20, schemaPath: "#/properties/usage/properties/requests/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.usage.properties.requests.items.type, parentSchema: schema31.properties.usage.properties.requests.items, data: data222 };
                if (vErrors === null) {
                  vErrors = [err728];
                } else {
                  vErrors.push(err728);
                }
                errors++;
              }
            }
          } else {
            const err729 = { instancePath: instancePath + "/usage/requests", schemaPath: "#/properties/usage/properties/requests/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.usage.properties.requests.type, parentSchema: schema31.properties.usage.properties.requests, data: data221 };
            if (vErrors === null) {
              vErrors = [err729];
            } else {
              vErrors.push(err729);
            }
            errors++;
          }
        }
        if (data203.budgetExceeded !== void 0) {
          let data238 = data203.budgetExceeded;
          if (data238 && typeof data238 == "object" && !Array.isArray(data238)) {
            if (data238.worker === void 0) {
              const err730 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/required", keyword: "required", params: { missingProperty: "worker" }, message: "must have required property 'worker'", schema: schema31.properties.usage.properties.budgetExceeded.required, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
              if (vErrors === null) {
                vErrors = [err730];
              } else {
                vErrors.push(err730);
              }
              errors++;
            }
            if (data238.scope === void 0) {
              const err731 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/required", keyword: "required", params: { missingProperty: "scope" }, message: "must have required property 'scope'", schema: schema31.properties.usage.properties.budgetExceeded.required, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
              if (vErrors === null) {
                vErrors = [err731];
              } else {
                vErrors.push(err731);
              }
              errors++;
            }
            if (data238.limit === void 0) {
              const err732 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/required", keyword: "required", params: { missingProperty: "limit" }, message: "must have required property 'limit'", schema: schema31.properties.usage.properties.budgetExceeded.required, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
              if (vErrors === null) {
                vErrors = [err732];
              } else {
                vErrors.push(err732);
              }
              errors++;
            }
            if (data238.spent === void 0) {
              const err733 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/required", keyword: "required", params: { missingProperty: "spent" }, message: "must have required property 'spent'", schema: schema31.properties.usage.properties.budgetExceeded.required, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
              if (vErrors === null) {
                vErrors = [err733];
              } else {
                vErrors.push(err733);
              }
              errors++;
            }
            if (data238.message === void 0) {
              const err734 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/required", keyword: "required", params: { missingProperty: "message" }, message: "must have required property 'message'", schema: schema31.properties.usage.properties.budgetExceeded.required, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
              if (vErrors === null) {
                vErrors = [err734];
              } else {
                vErrors.push(err734);
              }
              errors++;
            }
            for (const key38 in data238) {
              if (!(key38 === "worker" || key38 === "scope" || key38 === "limit" || key38 === "spent" || key38 === "message")) {
                const err735 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key38 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
                if (vErrors === null) {
                  vErrors = [err735];
                } else {
                  vErrors.push(err735);
                }
                errors++;
              }
            }
            if (data238.worker !== void 0) {
              let data239 = data238.worker;
              if (typeof data239 === "string") {
                if (!pattern14.test(data239)) {
                  const err736 = { instancePath: instancePath + "/usage/budgetExceeded/worker", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/worker/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]*[A-Za-z0-9]$", parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.worker, data: data239 };
                  if (vErrors === null) {
                    vErrors = [err736];
                  } else {
                    vErrors.push(err736);
                  }
                  errors++;
                }
              } else {
                const err737 = { instancePath: instancePath + "/usage/budgetExceeded/worker", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/worker/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.budgetExceeded.properties.worker.type, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.worker, data: data239 };
                if (vErrors === null) {
                  vErrors = [err737];
                } else {
                  vErrors.push(err737);
                }
                errors++;
              }
            }
            if (data238.scope !== void 0) {
              let data240 = data238.scope;
              if (typeof data240 !== "string") {
                const err738 = { instancePath: instancePath + "/usage/budgetExceeded/scope", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/scope/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.budgetExceeded.properties.scope.type, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.scope, data: data240 };
                if (vErrors === null) {
                  vErrors = [err738];
                } else {
                  vErrors.push(err738);
                }
                errors++;
              }
              if (!(data240 === "worker" || data240 === "stage" || data240 === "plan")) {
                const err739 = { instancePath: instancePath + "/usage/budgetExceeded/scope", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/scope/enum", keyword: "enum", params: { allowedValues: schema31.properties.usage.properties.budgetExceeded.properties.scope.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.usage.properties.budgetExceeded.properties.scope.enum, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.scope, data: data240 };
                if (vErrors === null) {
                  vErrors = [err739];
                } else {
                  vErrors.push(err739);
                }
                errors++;
              }
            }
            if (data238.limit !== void 0) {
              let data241 = data238.limit;
              if (typeof data241 === "string") {
                if (func2(data241) < 1) {
                  const err740 = { instancePath: instancePath + "/usage/budgetExceeded/limit", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/limit/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.limit, data: data241 };
                  if (vErrors === null) {
                    vErrors = [err740];
                  } else {
                    vErrors.push(err740);
                  }
                  errors++;
                }
              } else {
                const err741 = { instancePath: instancePath + "/usage/budgetExceeded/limit", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/limit/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.budgetExceeded.properties.limit.type, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.limit, data: data241 };
                if (vErrors === null) {
                  vErrors = [err741];
                } else {
                  vErrors.push(err741);
                }
                errors++;
              }
            }
            if (data238.spent !== void 0) {
              let data242 = data238.spent;
              if (typeof data242 === "string") {
                if (func2(data242) < 1) {
                  const err742 = { instancePath: instancePath + "/usage/budgetExceeded/spent", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/spent/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.spent, data: data242 };
                  if (vErrors === null) {
                    vErrors = [err742];
                  } else {
                    vErrors.push(err742);
                  }
                  errors++;
                }
              } else {
                const err743 = { instancePath: instancePath + "/usage/budgetExceeded/spent", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/spent/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.budgetExceeded.properties.spent.type, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.spent, data: data242 };
                if (vErrors === null) {
                  vErrors = [err743];
                } else {
                  vErrors.push(err743);
                }
                errors++;
              }
            }
            if (data238.message !== void 0) {
              let data243 = data238.message;
              if (typeof data243 === "string") {
                if (func2(data243) < 1) {
                  const err744 = { instancePath: instancePath + "/usage/budgetExceeded/message", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/message/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.message, data: data243 };
                  if (vErrors === null) {
                    vErrors = [err744];
                  } else {
                    vErrors.push(err744);
                  }
                  errors++;
                }
              } else {
                const err745 = { instancePath: instancePath + "/usage/budgetExceeded/message", schemaPath: "#/properties/usage/properties/budgetExceeded/properties/message/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.usage.properties.budgetExceeded.properties.message.type, parentSchema: schema31.properties.usage.properties.budgetExceeded.properties.message, data: data243 };
                if (vErrors === null) {
                  vErrors = [err745];
                } else {
                  vErrors.push(err745);
                }
                errors++;
              }
            }
          } else {
            const err746 = { instancePath: instancePath + "/usage/budgetExceeded", schemaPath: "#/properties/usage/properties/budgetExceeded/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.usage.properties.budgetExceeded.type, parentSchema: schema31.properties.usage.properties.budgetExceeded, data: data238 };
            if (vErrors === null) {
              vErrors = [err746];
            } else {
              vErrors.push(err746);
            }
            errors++;
          }
        }
      } else {
        const err747 = { instancePath: instancePath + "/usage", schemaPath: "#/properties/usage/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.usage.type, parentSchema: schema31.properties.usage, data: data203 };
        if (vErrors === null) {
          vErrors = [err747];
        } else {
          vErrors.push(err747);
        }
        errors++;
      }
    }
    if (data.remainingQueue !== void 0) {
      let data244 = data.remainingQueue;
      if (Array.isArray(data244)) {
        const len21 = data244.length;
        for (let i21 = 0; i21 < len21; i21++) {
          let data245 = data244[i21];
          if (!(typeof data245 == "number" && (!(data245 % 1) && !isNaN(data245)) && isFinite(data245))) {
            const err748 = { instancePath: instancePath + "/remainingQueue/" + i21, schemaPath: "#/properties/remainingQueue/items/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema31.properties.remainingQueue.items.type, parentSchema: schema31.properties.remainingQueue.items, data: data245 };
            if (vErrors === null) {
              vErrors = [err748];
            } else {
              vErrors.push(err748);
            }
            errors++;
          }
          if (typeof data245 == "number" && isFinite(data245)) {
            if (data245 > 9007199254740991 || isNaN(data245)) {
              const err749 = { instancePath: instancePath + "/remainingQueue/" + i21, schemaPath: "#/properties/remainingQueue/items/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema31.properties.remainingQueue.items, data: data245 };
              if (vErrors === null) {
                vErrors = [err749];
              } else {
                vErrors.push(err749);
              }
              errors++;
            }
            if (data245 <= 0 || isNaN(data245)) {
              const err750 = { instancePath: instancePath + "/remainingQueue/" + i21, schemaPath: "#/properties/remainingQueue/items/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema31.properties.remainingQueue.items, data: data245 };
              if (vErrors === null) {
                vErrors = [err750];
              } else {
                vErrors.push(err750);
              }
              errors++;
            }
          }
        }
      } else {
        const err751 = { instancePath: instancePath + "/remainingQueue", schemaPath: "#/properties/remainingQueue/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.remainingQueue.type, parentSchema: schema31.properties.remainingQueue, data: data244 };
        if (vErrors === null) {
          vErrors = [err751];
        } else {
          vErrors.push(err751);
        }
        errors++;
      }
    }
    if (data.errors !== void 0) {
      let data246 = data.errors;
      if (Array.isArray(data246)) {
        const len22 = data246.length;
        for (let i22 = 0; i22 < len22; i22++) {
          let data247 = data246[i22];
          if (data247 && typeof data247 == "object" && !Array.isArray(data247)) {
            if (data247.at === void 0) {
              const err752 = { instancePath: instancePath + "/errors/" + i22, schemaPath: "#/properties/errors/items/required", keyword: "required", params: { missingProperty: "at" }, message: "must have required property 'at'", schema: schema31.properties.errors.items.required, parentSchema: schema31.properties.errors.items, data: data247 };
              if (vErrors === null) {
                vErrors = [err752];
              } else {
                vErrors.push(err752);
              }
              errors++;
            }
            if (data247.phase === void 0) {
              const err753 = { instancePath: instancePath + "/errors/" + i22, schemaPath: "#/properties/errors/items/required", keyword: "required", params: { missingProperty: "phase" }, message: "must have required property 'phase'", schema: schema31.properties.errors.items.required, parentSchema: schema31.properties.errors.items, data: data247 };
              if (vErrors === null) {
                vErrors = [err753];
              } else {
                vErrors.push(err753);
              }
              errors++;
            }
            if (data247.message === void 0) {
              const err754 = { instancePath: instancePath + "/errors/" + i22, schemaPath: "#/properties/errors/items/required", keyword: "required", params: { missingProperty: "message" }, message: "must have required property 'message'", schema: schema31.properties.errors.items.required, parentSchema: schema31.properties.errors.items, data: data247 };
              if (vErrors === null) {
                vErrors = [err754];
              } else {
                vErrors.push(err754);
              }
              errors++;
            }
            for (const key39 in data247) {
              if (!(key39 === "at" || key39 === "phase" || key39 === "message")) {
                const err755 = { instancePath: instancePath + "/errors/" + i22, schemaPath: "#/properties/errors/items/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key39 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.errors.items, data: data247 };
                if (vErrors === null) {
                  vErrors = [err755];
                } else {
                  vErrors.push(err755);
                }
                errors++;
              }
            }
            if (data247.at !== void 0) {
              let data248 = data247.at;
              if (typeof data248 === "string") {
                if (!pattern8.test(data248)) {
                  const err756 = { instancePath: instancePath + "/errors/" + i22 + "/at", schemaPath: "#/properties/errors/items/properties/at/pattern", keyword: "pattern", params: { pattern: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$" }, message: 'must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$"', schema: "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$", parentSchema: schema31.properties.errors.items.properties.at, data: data248 };
                  if (vErrors === null) {
                    vErrors = [err756];
                  } else {
                    vErrors.push(err756);
                  }
                  errors++;
                }
                if (!formats0.validate(data248)) {
                  const err757 = { instancePath: instancePath + "/errors/" + i22 + "/at", schemaPath: "#/properties/errors/items/properties/at/format", keyword: "format", params: { format: "date-time" }, message: 'must match format "date-time"', schema: "date-time", parentSchema: schema31.properties.errors.items.properties.at, data: data248 };
                  if (vErrors === null) {
                    vErrors = [err757];
                  } else {
                    vErrors.push(err757);
                  }
                  errors++;
                }
              } else {
                const err758 = { instancePath: instancePath + "/errors/" + i22 + "/at", schemaPath: "#/properties/errors/items/properties/at/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.errors.items.properties.at.type, parentSchema: schema31.properties.errors.items.properties.at, data: data248 };
                if (vErrors === null) {
                  vErrors = [err758];
                } else {
                  vErrors.push(err758);
                }
                errors++;
              }
            }
            if (data247.phase !== void 0) {
              let data249 = data247.phase;
              if (typeof data249 === "string") {
                if (func2(data249) < 1) {
                  const err759 = { instancePath: instancePath + "/errors/" + i22 + "/phase", schemaPath: "#/properties/errors/items/properties/phase/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.errors.items.properties.phase, data: data249 };
                  if (vErrors === null) {
                    vErrors = [err759];
                  } else {
                    vErrors.push(err759);
                  }
                  errors++;
                }
              } else {
                const err760 = { instancePath: instancePath + "/errors/" + i22 + "/phase", schemaPath: "#/properties/errors/items/properties/phase/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.errors.items.properties.phase.type, parentSchema: schema31.properties.errors.items.properties.phase, data: data249 };
                if (vErrors === null) {
                  vErrors = [err760];
                } else {
                  vErrors.push(err760);
                }
                errors++;
              }
            }
            if (data247.message !== void 0) {
              let data250 = data247.message;
              if (typeof data250 === "string") {
                if (func2(data250) < 1) {
                  const err761 = { instancePath: instancePath + "/errors/" + i22 + "/message", schemaPath: "#/properties/errors/items/properties/message/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema31.properties.errors.items.properties.message, data: data250 };
                  if (vErrors === null) {
                    vErrors = [err761];
                  } else {
                    vErrors.push(err761);
                  }
                  errors++;
                }
              } else {
                const err762 = { instancePath: instancePath + "/errors/" + i22 + "/message", schemaPath: "#/properties/errors/items/properties/message/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.errors.items.properties.message.type, parentSchema: schema31.properties.errors.items.properties.message, data: data250 };
                if (vErrors === null) {
                  vErrors = [err762];
                } else {
                  vErrors.push(err762);
                }
                errors++;
              }
            }
          } else {
            const err763 = { instancePath: instancePath + "/errors/" + i22, schemaPath: "#/properties/errors/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.errors.items.type, parentSchema: schema31.properties.errors.items, data: data247 };
            if (vErrors === null) {
              vErrors = [err763];
            } else {
              vErrors.push(err763);
            }
            errors++;
          }
        }
      } else {
        const err764 = { instancePath: instancePath + "/errors", schemaPath: "#/properties/errors/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema31.properties.errors.type, parentSchema: schema31.properties.errors, data: data246 };
        if (vErrors === null) {
          vErrors = [err764];
        } else {
          vErrors.push(err764);
        }
        errors++;
      }
    }
    if (data.isolation !== void 0) {
      let data251 = data.isolation;
      if (data251 && typeof data251 == "object" && !Array.isArray(data251)) {
        if (data251.mode === void 0) {
          const err765 = { instancePath: instancePath + "/isolation", schemaPath: "#/properties/isolation/required", keyword: "required", params: { missingProperty: "mode" }, message: "must have required property 'mode'", schema: schema31.properties.isolation.required, parentSchema: schema31.properties.isolation, data: data251 };
          if (vErrors === null) {
            vErrors = [err765];
          } else {
            vErrors.push(err765);
          }
          errors++;
        }
        if (data251.detail === void 0) {
          const err766 = { instancePath: instancePath + "/isolation", schemaPath: "#/properties/isolation/required", keyword: "required", params: { missingProperty: "detail" }, message: "must have required property 'detail'", schema: schema31.properties.isolation.required, parentSchema: schema31.properties.isolation, data: data251 };
          if (vErrors === null) {
            vErrors = [err766];
          } else {
            vErrors.push(err766);
          }
          errors++;
        }
        for (const key40 in data251) {
          if (!(key40 === "mode" || key40 === "detail")) {
            const err767 = { instancePath: instancePath + "/isolation", schemaPath: "#/properties/isolation/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key40 }, message: "must NOT have additional properties", schema: false, parentSchema: schema31.properties.isolation, data: data251 };
            if (vErrors === null) {
              vErrors = [err767];
            } else {
              vErrors.push(err767);
            }
            errors++;
          }
        }
        if (data251.mode !== void 0) {
          let data252 = data251.mode;
          if (typeof data252 !== "string") {
            const err768 = { instancePath: instancePath + "/isolation/mode", schemaPath: "#/properties/isolation/properties/mode/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.isolation.properties.mode.type, parentSchema: schema31.properties.isolation.properties.mode, data: data252 };
            if (vErrors === null) {
              vErrors = [err768];
            } else {
              vErrors.push(err768);
            }
            errors++;
          }
          if (!(data252 === "os-user" || data252 === "none")) {
            const err769 = { instancePath: instancePath + "/isolation/mode", schemaPath: "#/properties/isolation/properties/mode/enum", keyword: "enum", params: { allowedValues: schema31.properties.isolation.properties.mode.enum }, message: "must be equal to one of the allowed values", schema: schema31.properties.isolation.properties.mode.enum, parentSchema: schema31.properties.isolation.properties.mode, data: data252 };
            if (vErrors === null) {
              vErrors = [err769];
            } else {
              vErrors.push(err769);
            }
            errors++;
          }
        }
        if (data251.detail !== void 0) {
          let data253 = data251.detail;
          if (typeof data253 === "string") {
            if (!pattern17.test(data253)) {
              const err770 = { instancePath: instancePath + "/isolation/detail", schemaPath: "#/properties/isolation/properties/detail/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema31.properties.isolation.properties.detail, data: data253 };
              if (vErrors === null) {
                vErrors = [err770];
              } else {
                vErrors.push(err770);
              }
              errors++;
            }
          } else {
            const err771 = { instancePath: instancePath + "/isolation/detail", schemaPath: "#/properties/isolation/properties/detail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema31.properties.isolation.properties.detail.type, parentSchema: schema31.properties.isolation.properties.detail, data: data253 };
            if (vErrors === null) {
              vErrors = [err771];
            } else {
              vErrors.push(err771);
            }
            errors++;
          }
        }
      } else {
        const err772 = { instancePath: instancePath + "/isolation", schemaPath: "#/properties/isolation/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.properties.isolation.type, parentSchema: schema31.properties.isolation, data: data251 };
        if (vErrors === null) {
          vErrors = [err772];
        } else {
          vErrors.push(err772);
        }
        errors++;
      }
    }
  } else {
    const err773 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema31.type, parentSchema: schema31, data };
    if (vErrors === null) {
      vErrors = [err773];
    } else {
      vErrors.push(err773);
    }
    errors++;
  }
  validate20.errors = vErrors;
  return errors === 0;
}
validate20.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var carry = validate21;
var schema32 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": { "stage": { "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991, "description": "stage number this evidence belongs to" }, "summary": { "type": "string", "pattern": "\\S", "description": "what the stage delivered, for the stages that build on it" }, "filesChanged": { "type": "array", "items": { "type": "string", "pattern": "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", "description": 'repository-relative path, no leading "/" and no ".." segment' }, "description": "repository-relative paths the executor changed" }, "validation": { "type": "array", "items": { "type": "object", "properties": { "cmd": { "type": "string", "minLength": 1 }, "exitCode": { "anyOf": [{ "type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991 }, { "type": "null" }] }, "outputTail": { "type": "string" } }, "required": ["cmd", "exitCode"], "additionalProperties": {} }, "description": "the plan's validation commands as the executor ran them" }, "exitContract": { "type": "object", "properties": { "met": { "type": "boolean" }, "evidence": { "type": "string", "pattern": "\\S", "description": "how the exit contract was shown to hold" } }, "required": ["met", "evidence"], "additionalProperties": {} }, "interfaces": { "description": "names, endpoints or files later stages may rely on", "type": "array", "items": { "type": "string", "minLength": 1 } }, "notes": { "type": "array", "items": { "type": "string" } }, "commits": { "type": "array", "items": { "type": "string", "pattern": "^[0-9a-f]{7,64}$" } }, "testsAdded": { "type": "integer", "minimum": 0, "maximum": 9007199254740991 } }, "required": ["stage", "summary", "filesChanged", "validation", "exitContract"], "additionalProperties": {}, "description": "okstra Stage Carry Evidence" };
var pattern64 = new RegExp("^[0-9a-f]{7,64}$", "u");
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate21.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.stage === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "stage" }, message: "must have required property 'stage'", schema: schema32.required, parentSchema: schema32, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.summary === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "summary" }, message: "must have required property 'summary'", schema: schema32.required, parentSchema: schema32, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.filesChanged === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "filesChanged" }, message: "must have required property 'filesChanged'", schema: schema32.required, parentSchema: schema32, data };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.validation === void 0) {
      const err3 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "validation" }, message: "must have required property 'validation'", schema: schema32.required, parentSchema: schema32, data };
      if (vErrors === null) {
        vErrors = [err3];
      } else {
        vErrors.push(err3);
      }
      errors++;
    }
    if (data.exitContract === void 0) {
      const err4 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "exitContract" }, message: "must have required property 'exitContract'", schema: schema32.required, parentSchema: schema32, data };
      if (vErrors === null) {
        vErrors = [err4];
      } else {
        vErrors.push(err4);
      }
      errors++;
    }
    if (data.stage !== void 0) {
      let data0 = data.stage;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)) && isFinite(data0))) {
        const err5 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema32.properties.stage.type, parentSchema: schema32.properties.stage, data: data0 };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
      if (typeof data0 == "number" && isFinite(data0)) {
        if (data0 > 9007199254740991 || isNaN(data0)) {
          const err6 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema32.properties.stage, data: data0 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
        if (data0 <= 0 || isNaN(data0)) {
          const err7 = { instancePath: instancePath + "/stage", schemaPath: "#/properties/stage/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema32.properties.stage, data: data0 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
    if (data.summary !== void 0) {
      let data1 = data.summary;
      if (typeof data1 === "string") {
        if (!pattern17.test(data1)) {
          const err8 = { instancePath: instancePath + "/summary", schemaPath: "#/properties/summary/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema32.properties.summary, data: data1 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      } else {
        const err9 = { instancePath: instancePath + "/summary", schemaPath: "#/properties/summary/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.summary.type, parentSchema: schema32.properties.summary, data: data1 };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.filesChanged !== void 0) {
      let data2 = data.filesChanged;
      if (Array.isArray(data2)) {
        const len0 = data2.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data3 = data2[i0];
          if (typeof data3 === "string") {
            if (!pattern5.test(data3)) {
              const err10 = { instancePath: instancePath + "/filesChanged/" + i0, schemaPath: "#/properties/filesChanged/items/pattern", keyword: "pattern", params: { pattern: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$" }, message: 'must match pattern "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$"', schema: "^(?![/\\\\])(?!.*(?:^|[/\\\\])\\.\\.(?:[/\\\\]|$))[^\\n\\r]+$", parentSchema: schema32.properties.filesChanged.items, data: data3 };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
            }
          } else {
            const err11 = { instancePath: instancePath + "/filesChanged/" + i0, schemaPath: "#/properties/filesChanged/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.filesChanged.items.type, parentSchema: schema32.properties.filesChanged.items, data: data3 };
            if (vErrors === null) {
              vErrors = [err11];
            } else {
              vErrors.push(err11);
            }
            errors++;
          }
        }
      } else {
        const err12 = { instancePath: instancePath + "/filesChanged", schemaPath: "#/properties/filesChanged/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema32.properties.filesChanged.type, parentSchema: schema32.properties.filesChanged, data: data2 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.validation !== void 0) {
      let data4 = data.validation;
      if (Array.isArray(data4)) {
        const len1 = data4.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data5 = data4[i1];
          if (data5 && typeof data5 == "object" && !Array.isArray(data5)) {
            if (data5.cmd === void 0) {
              const err13 = { instancePath: instancePath + "/validation/" + i1, schemaPath: "#/properties/validation/items/required", keyword: "required", params: { missingProperty: "cmd" }, message: "must have required property 'cmd'", schema: schema32.properties.validation.items.required, parentSchema: schema32.properties.validation.items, data: data5 };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
            if (data5.exitCode === void 0) {
              const err14 = { instancePath: instancePath + "/validation/" + i1, schemaPath: "#/properties/validation/items/required", keyword: "required", params: { missingProperty: "exitCode" }, message: "must have required property 'exitCode'", schema: schema32.properties.validation.items.required, parentSchema: schema32.properties.validation.items, data: data5 };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
            if (data5.cmd !== void 0) {
              let data6 = data5.cmd;
              if (typeof data6 === "string") {
                if (func2(data6) < 1) {
                  const err15 = { instancePath: instancePath + "/validation/" + i1 + "/cmd", schemaPath: "#/properties/validation/items/properties/cmd/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema32.properties.validation.items.properties.cmd, data: data6 };
                  if (vErrors === null) {
                    vErrors = [err15];
                  } else {
                    vErrors.push(err15);
                  }
                  errors++;
                }
              } else {
                const err16 = { instancePath: instancePath + "/validation/" + i1 + "/cmd", schemaPath: "#/properties/validation/items/properties/cmd/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.validation.items.properties.cmd.type, parentSchema: schema32.properties.validation.items.properties.cmd, data: data6 };
                if (vErrors === null) {
                  vErrors = [err16];
                } else {
                  vErrors.push(err16);
                }
                errors++;
              }
            }
            if (data5.exitCode !== void 0) {
              let data7 = data5.exitCode;
              const _errs18 = errors;
              let valid6 = false;
              const _errs19 = errors;
              if (!(typeof data7 == "number" && (!(data7 % 1) && !isNaN(data7)) && isFinite(data7))) {
                const err17 = { instancePath: instancePath + "/validation/" + i1 + "/exitCode", schemaPath: "#/properties/validation/items/properties/exitCode/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema32.properties.validation.items.properties.exitCode.anyOf[0].type, parentSchema: schema32.properties.validation.items.properties.exitCode.anyOf[0], data: data7 };
                if (vErrors === null) {
                  vErrors = [err17];
                } else {
                  vErrors.push(err17);
                }
                errors++;
              }
              if (typeof data7 == "number" && isFinite(data7)) {
                if (data7 > 9007199254740991 || isNaN(data7)) {
                  const err18 = { instancePath: instancePath + "/validation/" + i1 + "/exitCode", schemaPath: "#/properties/validation/items/properties/exitCode/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema32.properties.validation.items.properties.exitCode.anyOf[0], data: data7 };
                  if (vErrors === null) {
                    vErrors = [err18];
                  } else {
                    vErrors.push(err18);
                  }
                  errors++;
                }
                if (data7 < -9007199254740991 || isNaN(data7)) {
                  const err19 = { instancePath: instancePath + "/validation/" + i1 + "/exitCode", schemaPath: "#/properties/validation/items/properties/exitCode/anyOf/0/minimum", keyword: "minimum", params: { comparison: ">=", limit: -9007199254740991 }, message: "must be >= -9007199254740991", schema: -9007199254740991, parentSchema: schema32.properties.validation.items.properties.exitCode.anyOf[0], data: data7 };
                  if (vErrors === null) {
                    vErrors = [err19];
                  } else {
                    vErrors.push(err19);
                  }
                  errors++;
                }
              }
              var _valid0 = _errs19 === errors;
              valid6 = valid6 || _valid0;
              const _errs21 = errors;
              if (data7 !== null) {
                const err20 = { instancePath: instancePath + "/validation/" + i1 + "/exitCode", schemaPath: "#/properties/validation/items/properties/exitCode/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema32.properties.validation.items.properties.exitCode.anyOf[1].type, parentSchema: schema32.properties.validation.items.properties.exitCode.anyOf[1], data: data7 };
                if (vErrors === null) {
                  vErrors = [err20];
                } else {
                  vErrors.push(err20);
                }
                errors++;
              }
              var _valid0 = _errs21 === errors;
              valid6 = valid6 || _valid0;
              if (!valid6) {
                const err21 = { instancePath: instancePath + "/validation/" + i1 + "/exitCode", schemaPath: "#/properties/validation/items/properties/exitCode/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema32.properties.validation.items.properties.exitCode.anyOf, parentSchema: schema32.properties.validation.items.properties.exitCode, data: data7 };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              } else {
                errors = _errs18;
                if (vErrors !== null) {
                  if (_errs18) {
                    vErrors.length = _errs18;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data5.outputTail !== void 0) {
              let data8 = data5.outputTail;
              if (typeof data8 !== "string") {
                const err22 = { instancePath: instancePath + "/validation/" + i1 + "/outputTail", schemaPath: "#/properties/validation/items/properties/outputTail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.validation.items.properties.outputTail.type, parentSchema: schema32.properties.validation.items.properties.outputTail, data: data8 };
                if (vErrors === null) {
                  vErrors = [err22];
                } else {
                  vErrors.push(err22);
                }
                errors++;
              }
            }
          } else {
            const err23 = { instancePath: instancePath + "/validation/" + i1, schemaPath: "#/properties/validation/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema32.properties.validation.items.type, parentSchema: schema32.properties.validation.items, data: data5 };
            if (vErrors === null) {
              vErrors = [err23];
            } else {
              vErrors.push(err23);
            }
            errors++;
          }
        }
      } else {
        const err24 = { instancePath: instancePath + "/validation", schemaPath: "#/properties/validation/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema32.properties.validation.type, parentSchema: schema32.properties.validation, data: data4 };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
    }
    if (data.exitContract !== void 0) {
      let data9 = data.exitContract;
      if (data9 && typeof data9 == "object" && !Array.isArray(data9)) {
        if (data9.met === void 0) {
          const err25 = { instancePath: instancePath + "/exitContract", schemaPath: "#/properties/exitContract/required", keyword: "required", params: { missingProperty: "met" }, message: "must have required property 'met'", schema: schema32.properties.exitContract.required, parentSchema: schema32.properties.exitContract, data: data9 };
          if (vErrors === null) {
            vErrors = [err25];
          } else {
            vErrors.push(err25);
          }
          errors++;
        }
        if (data9.evidence === void 0) {
          const err26 = { instancePath: instancePath + "/exitContract", schemaPath: "#/properties/exitContract/required", keyword: "required", params: { missingProperty: "evidence" }, message: "must have required property 'evidence'", schema: schema32.properties.exitContract.required, parentSchema: schema32.properties.exitContract, data: data9 };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
        if (data9.met !== void 0) {
          let data10 = data9.met;
          if (typeof data10 !== "boolean") {
            const err27 = { instancePath: instancePath + "/exitContract/met", schemaPath: "#/properties/exitContract/properties/met/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema32.properties.exitContract.properties.met.type, parentSchema: schema32.properties.exitContract.properties.met, data: data10 };
            if (vErrors === null) {
              vErrors = [err27];
            } else {
              vErrors.push(err27);
            }
            errors++;
          }
        }
        if (data9.evidence !== void 0) {
          let data11 = data9.evidence;
          if (typeof data11 === "string") {
            if (!pattern17.test(data11)) {
              const err28 = { instancePath: instancePath + "/exitContract/evidence", schemaPath: "#/properties/exitContract/properties/evidence/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema32.properties.exitContract.properties.evidence, data: data11 };
              if (vErrors === null) {
                vErrors = [err28];
              } else {
                vErrors.push(err28);
              }
              errors++;
            }
          } else {
            const err29 = { instancePath: instancePath + "/exitContract/evidence", schemaPath: "#/properties/exitContract/properties/evidence/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.exitContract.properties.evidence.type, parentSchema: schema32.properties.exitContract.properties.evidence, data: data11 };
            if (vErrors === null) {
              vErrors = [err29];
            } else {
              vErrors.push(err29);
            }
            errors++;
          }
        }
      } else {
        const err30 = { instancePath: instancePath + "/exitContract", schemaPath: "#/properties/exitContract/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema32.properties.exitContract.type, parentSchema: schema32.properties.exitContract, data: data9 };
        if (vErrors === null) {
          vErrors = [err30];
        } else {
          vErrors.push(err30);
        }
        errors++;
      }
    }
    if (data.interfaces !== void 0) {
      let data12 = data.interfaces;
      if (Array.isArray(data12)) {
        const len2 = data12.length;
        for (let i2 = 0; i2 < len2; i2++) {
          let data13 = data12[i2];
          if (typeof data13 === "string") {
            if (func2(data13) < 1) {
              const err31 = { instancePath: instancePath + "/interfaces/" + i2, schemaPath: "#/properties/interfaces/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema32.properties.interfaces.items, data: data13 };
              if (vErrors === null) {
                vErrors = [err31];
              } else {
                vErrors.push(err31);
              }
              errors++;
            }
          } else {
            const err32 = { instancePath: instancePath + "/interfaces/" + i2, schemaPath: "#/properties/interfaces/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.interfaces.items.type, parentSchema: schema32.properties.interfaces.items, data: data13 };
            if (vErrors === null) {
              vErrors = [err32];
            } else {
              vErrors.push(err32);
            }
            errors++;
          }
        }
      } else {
        const err33 = { instancePath: instancePath + "/interfaces", schemaPath: "#/properties/interfaces/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema32.properties.interfaces.type, parentSchema: schema32.properties.interfaces, data: data12 };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
    }
    if (data.notes !== void 0) {
      let data14 = data.notes;
      if (Array.isArray(data14)) {
        const len3 = data14.length;
        for (let i3 = 0; i3 < len3; i3++) {
          let data15 = data14[i3];
          if (typeof data15 !== "string") {
            const err34 = { instancePath: instancePath + "/notes/" + i3, schemaPath: "#/properties/notes/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.notes.items.type, parentSchema: schema32.properties.notes.items, data: data15 };
            if (vErrors === null) {
              vErrors = [err34];
            } else {
              vErrors.push(err34);
            }
            errors++;
          }
        }
      } else {
        const err35 = { instancePath: instancePath + "/notes", schemaPath: "#/properties/notes/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema32.properties.notes.type, parentSchema: schema32.properties.notes, data: data14 };
        if (vErrors === null) {
          vErrors = [err35];
        } else {
          vErrors.push(err35);
        }
        errors++;
      }
    }
    if (data.commits !== void 0) {
      let data16 = data.commits;
      if (Array.isArray(data16)) {
        const len4 = data16.length;
        for (let i4 = 0; i4 < len4; i4++) {
          let data17 = data16[i4];
          if (typeof data17 === "string") {
            if (!pattern64.test(data17)) {
              const err36 = { instancePath: instancePath + "/commits/" + i4, schemaPath: "#/properties/commits/items/pattern", keyword: "pattern", params: { pattern: "^[0-9a-f]{7,64}$" }, message: 'must match pattern "^[0-9a-f]{7,64}$"', schema: "^[0-9a-f]{7,64}$", parentSchema: schema32.properties.commits.items, data: data17 };
              if (vErrors === null) {
                vErrors = [err36];
              } else {
                vErrors.push(err36);
              }
              errors++;
            }
          } else {
            const err37 = { instancePath: instancePath + "/commits/" + i4, schemaPath: "#/properties/commits/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema32.properties.commits.items.type, parentSchema: schema32.properties.commits.items, data: data17 };
            if (vErrors === null) {
              vErrors = [err37];
            } else {
              vErrors.push(err37);
            }
            errors++;
          }
        }
      } else {
        const err38 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema32.properties.commits.type, parentSchema: schema32.properties.commits, data: data16 };
        if (vErrors === null) {
          vErrors = [err38];
        } else {
          vErrors.push(err38);
        }
        errors++;
      }
    }
    if (data.testsAdded !== void 0) {
      let data18 = data.testsAdded;
      if (!(typeof data18 == "number" && (!(data18 % 1) && !isNaN(data18)) && isFinite(data18))) {
        const err39 = { instancePath: instancePath + "/testsAdded", schemaPath: "#/properties/testsAdded/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema32.properties.testsAdded.type, parentSchema: schema32.properties.testsAdded, data: data18 };
        if (vErrors === null) {
          vErrors = [err39];
        } else {
          vErrors.push(err39);
        }
        errors++;
      }
      if (typeof data18 == "number" && isFinite(data18)) {
        if (data18 > 9007199254740991 || isNaN(data18)) {
          const err40 = { instancePath: instancePath + "/testsAdded", schemaPath: "#/properties/testsAdded/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema32.properties.testsAdded, data: data18 };
          if (vErrors === null) {
            vErrors = [err40];
          } else {
            vErrors.push(err40);
          }
          errors++;
        }
        if (data18 < 0 || isNaN(data18)) {
          const err41 = { instancePath: instancePath + "/testsAdded", schemaPath: "#/properties/testsAdded/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema32.properties.testsAdded, data: data18 };
          if (vErrors === null) {
            vErrors = [err41];
          } else {
            vErrors.push(err41);
          }
          errors++;
        }
      }
    }
  } else {
    const err42 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema32.type, parentSchema: schema32, data };
    if (vErrors === null) {
      vErrors = [err42];
    } else {
      vErrors.push(err42);
    }
    errors++;
  }
  validate21.errors = vErrors;
  return errors === 0;
}
validate21.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var verifierResult = validate22;
var schema33 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": { "verdict": { "type": "string", "enum": ["PASS", "FAIL"] }, "summary": { "type": "string" }, "findings": { "type": "array", "items": { "type": "object", "properties": { "severity": { "type": "string", "enum": ["blocking", "major", "minor", "info"] }, "title": { "type": "string", "pattern": "\\S" }, "detail": { "type": "string" }, "file": { "description": "project-relative path of the cited file", "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }] }, "line": { "anyOf": [{ "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, { "type": "null" }] }, "endLine": { "anyOf": [{ "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, { "type": "null" }] } }, "required": ["severity", "title"], "additionalProperties": {} } }, "evidenceRead": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "project-relative paths of every file read as evidence" } }, "required": ["verdict", "findings", "evidenceRead"], "additionalProperties": {}, "description": "okstra Verifier Result" };
function validate22(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate22.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.verdict === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "verdict" }, message: "must have required property 'verdict'", schema: schema33.required, parentSchema: schema33, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.findings === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "findings" }, message: "must have required property 'findings'", schema: schema33.required, parentSchema: schema33, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    if (data.evidenceRead === void 0) {
      const err2 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "evidenceRead" }, message: "must have required property 'evidenceRead'", schema: schema33.required, parentSchema: schema33, data };
      if (vErrors === null) {
        vErrors = [err2];
      } else {
        vErrors.push(err2);
      }
      errors++;
    }
    if (data.verdict !== void 0) {
      let data0 = data.verdict;
      if (typeof data0 !== "string") {
        const err3 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.verdict.type, parentSchema: schema33.properties.verdict, data: data0 };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      if (!(data0 === "PASS" || data0 === "FAIL")) {
        const err4 = { instancePath: instancePath + "/verdict", schemaPath: "#/properties/verdict/enum", keyword: "enum", params: { allowedValues: schema33.properties.verdict.enum }, message: "must be equal to one of the allowed values", schema: schema33.properties.verdict.enum, parentSchema: schema33.properties.verdict, data: data0 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.summary !== void 0) {
      let data1 = data.summary;
      if (typeof data1 !== "string") {
        const err5 = { instancePath: instancePath + "/summary", schemaPath: "#/properties/summary/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.summary.type, parentSchema: schema33.properties.summary, data: data1 };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
    }
    if (data.findings !== void 0) {
      let data2 = data.findings;
      if (Array.isArray(data2)) {
        const len0 = data2.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data3 = data2[i0];
          if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
            if (data3.severity === void 0) {
              const err6 = { instancePath: instancePath + "/findings/" + i0, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "severity" }, message: "must have required property 'severity'", schema: schema33.properties.findings.items.required, parentSchema: schema33.properties.findings.items, data: data3 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
            if (data3.title === void 0) {
              const err7 = { instancePath: instancePath + "/findings/" + i0, schemaPath: "#/properties/findings/items/required", keyword: "required", params: { missingProperty: "title" }, message: "must have required property 'title'", schema: schema33.properties.findings.items.required, parentSchema: schema33.properties.findings.items, data: data3 };
              if (vErrors === null) {
                vErrors = [err7];
              } else {
                vErrors.push(err7);
              }
              errors++;
            }
            if (data3.severity !== void 0) {
              let data4 = data3.severity;
              if (typeof data4 !== "string") {
                const err8 = { instancePath: instancePath + "/findings/" + i0 + "/severity", schemaPath: "#/properties/findings/items/properties/severity/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.findings.items.properties.severity.type, parentSchema: schema33.properties.findings.items.properties.severity, data: data4 };
                if (vErrors === null) {
                  vErrors = [err8];
                } else {
                  vErrors.push(err8);
                }
                errors++;
              }
              if (!(data4 === "blocking" || data4 === "major" || data4 === "minor" || data4 === "info")) {
                const err9 = { instancePath: instancePath + "/findings/" + i0 + "/severity", schemaPath: "#/properties/findings/items/properties/severity/enum", keyword: "enum", params: { allowedValues: schema33.properties.findings.items.properties.severity.enum }, message: "must be equal to one of the allowed values", schema: schema33.properties.findings.items.properties.severity.enum, parentSchema: schema33.properties.findings.items.properties.severity, data: data4 };
                if (vErrors === null) {
                  vErrors = [err9];
                } else {
                  vErrors.push(err9);
                }
                errors++;
              }
            }
            if (data3.title !== void 0) {
              let data5 = data3.title;
              if (typeof data5 === "string") {
                if (!pattern17.test(data5)) {
                  const err10 = { instancePath: instancePath + "/findings/" + i0 + "/title", schemaPath: "#/properties/findings/items/properties/title/pattern", keyword: "pattern", params: { pattern: "\\S" }, message: 'must match pattern "\\S"', schema: "\\S", parentSchema: schema33.properties.findings.items.properties.title, data: data5 };
                  if (vErrors === null) {
                    vErrors = [err10];
                  } else {
                    vErrors.push(err10);
                  }
                  errors++;
                }
              } else {
                const err11 = { instancePath: instancePath + "/findings/" + i0 + "/title", schemaPath: "#/properties/findings/items/properties/title/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.findings.items.properties.title.type, parentSchema: schema33.properties.findings.items.properties.title, data: data5 };
                if (vErrors === null) {
                  vErrors = [err11];
                } else {
                  vErrors.push(err11);
                }
                errors++;
              }
            }
            if (data3.detail !== void 0) {
              let data6 = data3.detail;
              if (typeof data6 !== "string") {
                const err12 = { instancePath: instancePath + "/findings/" + i0 + "/detail", schemaPath: "#/properties/findings/items/properties/detail/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.findings.items.properties.detail.type, parentSchema: schema33.properties.findings.items.properties.detail, data: data6 };
                if (vErrors === null) {
                  vErrors = [err12];
                } else {
                  vErrors.push(err12);
                }
                errors++;
              }
            }
            if (data3.file !== void 0) {
              let data7 = data3.file;
              const _errs18 = errors;
              let valid4 = false;
              const _errs19 = errors;
              if (typeof data7 === "string") {
                if (func2(data7) < 1) {
                  const err13 = { instancePath: instancePath + "/findings/" + i0 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema33.properties.findings.items.properties.file.anyOf[0], data: data7 };
                  if (vErrors === null) {
                    vErrors = [err13];
                  } else {
                    vErrors.push(err13);
                  }
                  errors++;
                }
              } else {
                const err14 = { instancePath: instancePath + "/findings/" + i0 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.findings.items.properties.file.anyOf[0].type, parentSchema: schema33.properties.findings.items.properties.file.anyOf[0], data: data7 };
                if (vErrors === null) {
                  vErrors = [err14];
                } else {
                  vErrors.push(err14);
                }
                errors++;
              }
              var _valid0 = _errs19 === errors;
              valid4 = valid4 || _valid0;
              const _errs21 = errors;
              if (data7 !== null) {
                const err15 = { instancePath: instancePath + "/findings/" + i0 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema33.properties.findings.items.properties.file.anyOf[1].type, parentSchema: schema33.properties.findings.items.properties.file.anyOf[1], data: data7 };
                if (vErrors === null) {
                  vErrors = [err15];
                } else {
                  vErrors.push(err15);
                }
                errors++;
              }
              var _valid0 = _errs21 === errors;
              valid4 = valid4 || _valid0;
              if (!valid4) {
                const err16 = { instancePath: instancePath + "/findings/" + i0 + "/file", schemaPath: "#/properties/findings/items/properties/file/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema33.properties.findings.items.properties.file.anyOf, parentSchema: schema33.properties.findings.items.properties.file, data: data7 };
                if (vErrors === null) {
                  vErrors = [err16];
                } else {
                  vErrors.push(err16);
                }
                errors++;
              } else {
                errors = _errs18;
                if (vErrors !== null) {
                  if (_errs18) {
                    vErrors.length = _errs18;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data3.line !== void 0) {
              let data8 = data3.line;
              const _errs24 = errors;
              let valid5 = false;
              const _errs25 = errors;
              if (!(typeof data8 == "number" && (!(data8 % 1) && !isNaN(data8)) && isFinite(data8))) {
                const err17 = { instancePath: instancePath + "/findings/" + i0 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema33.properties.findings.items.properties.line.anyOf[0].type, parentSchema: schema33.properties.findings.items.properties.line.anyOf[0], data: data8 };
                if (vErrors === null) {
                  vErrors = [err17];
                } else {
                  vErrors.push(err17);
                }
                errors++;
              }
              if (typeof data8 == "number" && isFinite(data8)) {
                if (data8 > 9007199254740991 || isNaN(data8)) {
                  const err18 = { instancePath: instancePath + "/findings/" + i0 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema33.properties.findings.items.properties.line.anyOf[0], data: data8 };
                  if (vErrors === null) {
                    vErrors = [err18];
                  } else {
                    vErrors.push(err18);
                  }
                  errors++;
                }
                if (data8 <= 0 || isNaN(data8)) {
                  const err19 = { instancePath: instancePath + "/findings/" + i0 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/0/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema33.properties.findings.items.properties.line.anyOf[0], data: data8 };
                  if (vErrors === null) {
                    vErrors = [err19];
                  } else {
                    vErrors.push(err19);
                  }
                  errors++;
                }
              }
              var _valid1 = _errs25 === errors;
              valid5 = valid5 || _valid1;
              const _errs27 = errors;
              if (data8 !== null) {
                const err20 = { instancePath: instancePath + "/findings/" + i0 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema33.properties.findings.items.properties.line.anyOf[1].type, parentSchema: schema33.properties.findings.items.properties.line.anyOf[1], data: data8 };
                if (vErrors === null) {
                  vErrors = [err20];
                } else {
                  vErrors.push(err20);
                }
                errors++;
              }
              var _valid1 = _errs27 === errors;
              valid5 = valid5 || _valid1;
              if (!valid5) {
                const err21 = { instancePath: instancePath + "/findings/" + i0 + "/line", schemaPath: "#/properties/findings/items/properties/line/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema33.properties.findings.items.properties.line.anyOf, parentSchema: schema33.properties.findings.items.properties.line, data: data8 };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              } else {
                errors = _errs24;
                if (vErrors !== null) {
                  if (_errs24) {
                    vErrors.length = _errs24;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
            if (data3.endLine !== void 0) {
              let data9 = data3.endLine;
              const _errs30 = errors;
              let valid6 = false;
              const _errs31 = errors;
              if (!(typeof data9 == "number" && (!(data9 % 1) && !isNaN(data9)) && isFinite(data9))) {
                const err22 = { instancePath: instancePath + "/findings/" + i0 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema33.properties.findings.items.properties.endLine.anyOf[0].type, parentSchema: schema33.properties.findings.items.properties.endLine.anyOf[0], data: data9 };
                if (vErrors === null) {
                  vErrors = [err22];
                } else {
                  vErrors.push(err22);
                }
                errors++;
              }
              if (typeof data9 == "number" && isFinite(data9)) {
                if (data9 > 9007199254740991 || isNaN(data9)) {
                  const err23 = { instancePath: instancePath + "/findings/" + i0 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema33.properties.findings.items.properties.endLine.anyOf[0], data: data9 };
                  if (vErrors === null) {
                    vErrors = [err23];
                  } else {
                    vErrors.push(err23);
                  }
                  errors++;
                }
                if (data9 <= 0 || isNaN(data9)) {
                  const err24 = { instancePath: instancePath + "/findings/" + i0 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/0/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema33.properties.findings.items.properties.endLine.anyOf[0], data: data9 };
                  if (vErrors === null) {
                    vErrors = [err24];
                  } else {
                    vErrors.push(err24);
                  }
                  errors++;
                }
              }
              var _valid2 = _errs31 === errors;
              valid6 = valid6 || _valid2;
              const _errs33 = errors;
              if (data9 !== null) {
                const err25 = { instancePath: instancePath + "/findings/" + i0 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema33.properties.findings.items.properties.endLine.anyOf[1].type, parentSchema: schema33.properties.findings.items.properties.endLine.anyOf[1], data: data9 };
                if (vErrors === null) {
                  vErrors = [err25];
                } else {
                  vErrors.push(err25);
                }
                errors++;
              }
              var _valid2 = _errs33 === errors;
              valid6 = valid6 || _valid2;
              if (!valid6) {
                const err26 = { instancePath: instancePath + "/findings/" + i0 + "/endLine", schemaPath: "#/properties/findings/items/properties/endLine/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema33.properties.findings.items.properties.endLine.anyOf, parentSchema: schema33.properties.findings.items.properties.endLine, data: data9 };
                if (vErrors === null) {
                  vErrors = [err26];
                } else {
                  vErrors.push(err26);
                }
                errors++;
              } else {
                errors = _errs30;
                if (vErrors !== null) {
                  if (_errs30) {
                    vErrors.length = _errs30;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
          } else {
            const err27 = { instancePath: instancePath + "/findings/" + i0, schemaPath: "#/properties/findings/items/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema33.properties.findings.items.type, parentSchema: schema33.properties.findings.items, data: data3 };
            if (vErrors === null) {
              vErrors = [err27];
            } else {
              vErrors.push(err27);
            }
            errors++;
          }
        }
      } else {
        const err28 = { instancePath: instancePath + "/findings", schemaPath: "#/properties/findings/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema33.properties.findings.type, parentSchema: schema33.properties.findings, data: data2 };
        if (vErrors === null) {
          vErrors = [err28];
        } else {
          vErrors.push(err28);
        }
        errors++;
      }
    }
    if (data.evidenceRead !== void 0) {
      let data10 = data.evidenceRead;
      if (Array.isArray(data10)) {
        const len1 = data10.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data11 = data10[i1];
          if (typeof data11 === "string") {
            if (func2(data11) < 1) {
              const err29 = { instancePath: instancePath + "/evidenceRead/" + i1, schemaPath: "#/properties/evidenceRead/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema33.properties.evidenceRead.items, data: data11 };
              if (vErrors === null) {
                vErrors = [err29];
              } else {
                vErrors.push(err29);
              }
              errors++;
            }
          } else {
            const err30 = { instancePath: instancePath + "/evidenceRead/" + i1, schemaPath: "#/properties/evidenceRead/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema33.properties.evidenceRead.items.type, parentSchema: schema33.properties.evidenceRead.items, data: data11 };
            if (vErrors === null) {
              vErrors = [err30];
            } else {
              vErrors.push(err30);
            }
            errors++;
          }
        }
      } else {
        const err31 = { instancePath: instancePath + "/evidenceRead", schemaPath: "#/properties/evidenceRead/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema33.properties.evidenceRead.type, parentSchema: schema33.properties.evidenceRead, data: data10 };
        if (vErrors === null) {
          vErrors = [err31];
        } else {
          vErrors.push(err31);
        }
        errors++;
      }
    }
  } else {
    const err32 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema33.type, parentSchema: schema33, data };
    if (vErrors === null) {
      vErrors = [err32];
    } else {
      vErrors.push(err32);
    }
    errors++;
  }
  validate22.errors = vErrors;
  return errors === 0;
}
validate22.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };
var config = validate23;
var schema34 = { "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": { "executor": { "default": "claude", "description": "the provider that writes the code", "type": "string", "minLength": 1 }, "verifiers": { "description": "the providers that verify; default: every configured provider", "minItems": 1, "type": "array", "items": { "type": "string", "minLength": 1 } }, "excludeExecutorFromVerifiers": { "default": false, "type": "boolean" }, "providers": { "default": {}, "type": "object", "propertyNames": { "type": "string", "pattern": "^[a-z][a-z0-9-]{0,30}$" }, "additionalProperties": { "type": "object", "properties": { "command": { "type": "string", "minLength": 1 }, "name": { "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$" }, "model": { "type": "string", "minLength": 1 }, "baseUrl": { "type": "string", "format": "uri" }, "apiKeyEnv": { "type": "string", "pattern": "^[A-Z_][A-Z0-9_]*$" }, "timeoutMinutes": { "type": "number", "exclusiveMinimum": 0, "maximum": 1440 }, "maxTurns": { "description": "turn limit of this provider\u2019s sessions, over limits.turns (Codex has none)", "anyOf": [{ "type": "integer", "exclusiveMinimum": 0, "maximum": 1e4 }, { "type": "object", "properties": { "executor": { "description": "the executor session", "type": "integer", "exclusiveMinimum": 0, "maximum": 1e4 }, "verifier": { "description": "every read-only session: verifiers, re-verifies, the critic", "type": "integer", "exclusiveMinimum": 0, "maximum": 1e4 } }, "additionalProperties": false }] } }, "additionalProperties": false, "description": "one agent provider" } }, "qaCommands": { "default": [], "description": "commands run after the plan\u2019s validation commands; never guessed", "type": "array", "items": { "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "object", "properties": { "cmd": { "type": "string", "minLength": 1 }, "label": { "type": "string", "minLength": 1 }, "timeoutMinutes": { "type": "number", "exclusiveMinimum": 0, "maximum": 1440 } }, "required": ["cmd"], "additionalProperties": false }] } }, "convergence": { "default": { "rounds": 2 }, "type": "object", "properties": { "rounds": { "default": 2, "type": "integer", "minimum": 0, "maximum": 5 } }, "additionalProperties": false }, "critic": { "default": null, "anyOf": [{ "type": "string", "minLength": 1 }, { "type": "null" }] }, "timeouts": { "default": { "executorMinutes": 60, "verifierMinutes": 20, "qaMinutes": 15 }, "type": "object", "properties": { "executorMinutes": { "default": 60, "type": "number", "exclusiveMinimum": 0, "maximum": 1440 }, "verifierMinutes": { "default": 20, "type": "number", "exclusiveMinimum": 0, "maximum": 1440 }, "qaMinutes": { "default": 15, "type": "number", "exclusiveMinimum": 0, "maximum": 1440 } }, "additionalProperties": false }, "concurrency": { "default": { "verifiers": 0 }, "description": "0 = all verifiers at once", "type": "object", "properties": { "verifiers": { "default": 0, "type": "integer", "minimum": 0, "maximum": 9007199254740991 } }, "additionalProperties": false }, "ledgerBranch": { "default": "okstra-ledger", "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._/-]*$" }, "plansDir": { "default": ".okstra/plans", "type": "string", "minLength": 1 }, "leaseMinutes": { "default": 180, "description": "how long a stage claim holds before `okstra ledger release` may free it", "type": "number", "exclusiveMinimum": 0, "maximum": 1440 }, "isolation": { "default": "auto", "description": "auto: agents and QA commands run as separate unprivileged users; none: with okstra\u2019s own privileges (said in every report)", "type": "string", "enum": ["auto", "none"] }, "budgets": { "default": {}, "description": "spend limits the model gateway enforces", "type": "object", "properties": { "worker": { "description": "per worker session (one dispatch)", "type": "object", "properties": { "tokens": { "description": "input + output tokens", "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "usd": { "description": "cost in US dollars, from the price table", "type": "number", "exclusiveMinimum": 0 } }, "additionalProperties": false }, "stage": { "description": "per stage run, over every worker of the run", "type": "object", "properties": { "tokens": { "description": "input + output tokens", "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "usd": { "description": "cost in US dollars, from the price table", "type": "number", "exclusiveMinimum": 0 } }, "additionalProperties": false }, "plan": { "description": "per plan, over every run recorded in the ledger", "type": "object", "properties": { "tokens": { "description": "input + output tokens", "type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991 }, "usd": { "description": "cost in US dollars, from the price table", "type": "number", "exclusiveMinimum": 0 } }, "additionalProperties": false } }, "additionalProperties": false }, "limits": { "default": { "turns": { "executor": 300, "verifier": 150 } }, "description": "limits of each agent session", "type": "object", "properties": { "turns": { "default": { "executor": 300, "verifier": 150 }, "description": "turn limits of the agent CLIs that have one (Claude Code, Gemini CLI; Codex has none)", "type": "object", "properties": { "executor": { "default": 300, "description": "the executor session", "type": "integer", "exclusiveMinimum": 0, "maximum": 1e4 }, "verifier": { "default": 150, "description": "every read-only session: verifiers, re-verifies, the critic", "type": "integer", "exclusiveMinimum": 0, "maximum": 1e4 } }, "additionalProperties": false } }, "additionalProperties": false }, "pricing": { "default": {}, "description": "per-model prices in USD per million tokens, over okstra\u2019s built-in table", "type": "object", "propertyNames": { "type": "string", "minLength": 1 }, "additionalProperties": { "type": "object", "properties": { "input": { "type": "number", "minimum": 0 }, "output": { "type": "number", "minimum": 0 }, "cachedInput": { "description": "cache reads; default: the input price", "type": "number", "minimum": 0 }, "cacheWrite": { "description": "cache writes (Anthropic); default: the input price", "type": "number", "minimum": 0 } }, "required": ["input", "output"], "additionalProperties": false } }, "bot": { "default": { "workflow": "okstra.yml", "permission": "write", "allowForks": false }, "type": "object", "properties": { "workflow": { "default": "okstra.yml", "description": "the workflow the bot dispatches, on the default branch", "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.ya?ml$" }, "permission": { "default": "write", "description": "the least repository role a person needs to trigger runs", "type": "string", "enum": ["triage", "write", "maintain", "admin"] }, "allowForks": { "default": false, "description": "whether pull requests from forks may trigger runs", "type": "boolean" } }, "additionalProperties": false, "description": "the bot: which workflow it dispatches and who may trigger it" } }, "additionalProperties": false, "description": "okstra repository configuration (.okstra/config.yml)" };
var pattern66 = new RegExp("^[a-z][a-z0-9-]{0,30}$", "u");
var pattern67 = new RegExp("^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$", "u");
var pattern68 = new RegExp("^[A-Z_][A-Z0-9_]*$", "u");
var pattern69 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._/-]*$", "u");
var pattern70 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.ya?ml$", "u");
function validate23(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate23.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!func1.call(schema34.properties, key0)) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.executor !== void 0) {
      let data0 = data.executor;
      if (typeof data0 === "string") {
        if (func2(data0) < 1) {
          const err1 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.executor, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      } else {
        const err2 = { instancePath: instancePath + "/executor", schemaPath: "#/properties/executor/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.executor.type, parentSchema: schema34.properties.executor, data: data0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.verifiers !== void 0) {
      let data1 = data.verifiers;
      if (Array.isArray(data1)) {
        if (data1.length < 1) {
          const err3 = { instancePath: instancePath + "/verifiers", schemaPath: "#/properties/verifiers/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema34.properties.verifiers, data: data1 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        const len0 = data1.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data2 = data1[i0];
          if (typeof data2 === "string") {
            if (func2(data2) < 1) {
              const err4 = { instancePath: instancePath + "/verifiers/" + i0, schemaPath: "#/properties/verifiers/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.verifiers.items, data: data2 };
              if (vErrors === null) {
                vErrors = [err4];
              } else {
                vErrors.push(err4);
              }
              errors++;
            }
          } else {
            const err5 = { instancePath: instancePath + "/verifiers/" + i0, schemaPath: "#/properties/verifiers/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.verifiers.items.type, parentSchema: schema34.properties.verifiers.items, data: data2 };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
        }
      } else {
        const err6 = { instancePath: instancePath + "/verifiers", schemaPath: "#/properties/verifiers/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema34.properties.verifiers.type, parentSchema: schema34.properties.verifiers, data: data1 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.excludeExecutorFromVerifiers !== void 0) {
      let data3 = data.excludeExecutorFromVerifiers;
      if (typeof data3 !== "boolean") {
        const err7 = { instancePath: instancePath + "/excludeExecutorFromVerifiers", schemaPath: "#/properties/excludeExecutorFromVerifiers/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema34.properties.excludeExecutorFromVerifiers.type, parentSchema: schema34.properties.excludeExecutorFromVerifiers, data: data3 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.providers !== void 0) {
      let data4 = data.providers;
      if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
        for (const key1 in data4) {
          const _errs12 = errors;
          if (typeof key1 === "string") {
            if (!pattern66.test(key1)) {
              const err8 = { instancePath: instancePath + "/providers", schemaPath: "#/properties/providers/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9-]{0,30}$" }, message: 'must match pattern "^[a-z][a-z0-9-]{0,30}$"', schema: "^[a-z][a-z0-9-]{0,30}$", parentSchema: schema34.properties.providers.propertyNames, data: key1, propertyName: key1 };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
          } else {
            const err9 = { instancePath: instancePath + "/providers", schemaPath: "#/properties/providers/propertyNames/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.providers.propertyNames.type, parentSchema: schema34.properties.providers.propertyNames, data: key1, propertyName: key1 };
            if (vErrors === null) {
              vErrors = [err9];
            } else {
              vErrors.push(err9);
            }
            errors++;
          }
          var valid3 = _errs12 === errors;
          if (!valid3) {
            const err10 = { instancePath: instancePath + "/providers", schemaPath: "#/properties/providers/propertyNames", keyword: "propertyNames", params: { propertyName: key1 }, message: "property name must be valid", schema: schema34.properties.providers.propertyNames, parentSchema: schema34.properties.providers, data: data4 };
            if (vErrors === null) {
              vErrors = [err10];
            } else {
              vErrors.push(err10);
            }
            errors++;
          }
        }
        for (const key2 in data4) {
          let data5 = data4[key2];
          if (data5 && typeof data5 == "object" && !Array.isArray(data5)) {
            for (const key3 in data5) {
              if (!(key3 === "command" || key3 === "name" || key3 === "model" || key3 === "baseUrl" || key3 === "apiKeyEnv" || key3 === "timeoutMinutes" || key3 === "maxTurns")) {
                const err11 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/providers/additionalProperties/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.providers.additionalProperties, data: data5 };
                if (vErrors === null) {
                  vErrors = [err11];
                } else {
                  vErrors.push(err11);
                }
                errors++;
              }
            }
            if (data5.command !== void 0) {
              let data6 = data5.command;
              if (typeof data6 === "string") {
                if (func2(data6) < 1) {
                  const err12 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/command", schemaPath: "#/properties/providers/additionalProperties/properties/command/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.providers.additionalProperties.properties.command, data: data6 };
                  if (vErrors === null) {
                    vErrors = [err12];
                  } else {
                    vErrors.push(err12);
                  }
                  errors++;
                }
              } else {
                const err13 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/command", schemaPath: "#/properties/providers/additionalProperties/properties/command/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.providers.additionalProperties.properties.command.type, parentSchema: schema34.properties.providers.additionalProperties.properties.command, data: data6 };
                if (vErrors === null) {
                  vErrors = [err13];
                } else {
                  vErrors.push(err13);
                }
                errors++;
              }
            }
            if (data5.name !== void 0) {
              let data7 = data5.name;
              if (typeof data7 === "string") {
                if (!pattern67.test(data7)) {
                  const err14 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/name", schemaPath: "#/properties/providers/additionalProperties/properties/name/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$"', schema: "^[A-Za-z0-9][A-Za-z0-9 ._-]{0,40}$", parentSchema: schema34.properties.providers.additionalProperties.properties.name, data: data7 };
                  if (vErrors === null) {
                    vErrors = [err14];
                  } else {
                    vErrors.push(err14);
                  }
                  errors++;
                }
              } else {
                const err15 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/name", schemaPath: "#/properties/providers/additionalProperties/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.providers.additionalProperties.properties.name.type, parentSchema: schema34.properties.providers.additionalProperties.properties.name, data: data7 };
                if (vErrors === null) {
                  vErrors = [err15];
                } else {
                  vErrors.push(err15);
                }
                errors++;
              }
            }
            if (data5.model !== void 0) {
              let data8 = data5.model;
              if (typeof data8 === "string") {
                if (func2(data8) < 1) {
                  const err16 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/model", schemaPath: "#/properties/providers/additionalProperties/properties/model/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.providers.additionalProperties.properties.model, data: data8 };
                  if (vErrors === null) {
                    vErrors = [err16];
                  } else {
                    vErrors.push(err16);
                  }
                  errors++;
                }
              } else {
                const err17 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/model", schemaPath: "#/properties/providers/additionalProperties/properties/model/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.providers.additionalProperties.properties.model.type, parentSchema: schema34.properties.providers.additionalProperties.properties.model, data: data8 };
                if (vErrors === null) {
                  vErrors = [err17];
                } else {
                  vErrors.push(err17);
                }
                errors++;
              }
            }
            if (data5.baseUrl !== void 0) {
              let data9 = data5.baseUrl;
              if (typeof data9 === "string") {
                if (!formats4(data9)) {
                  const err18 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/baseUrl", schemaPath: "#/properties/providers/additionalProperties/properties/baseUrl/format", keyword: "format", params: { format: "uri" }, message: 'must match format "uri"', schema: "uri", parentSchema: schema34.properties.providers.additionalProperties.properties.baseUrl, data: data9 };
                  if (vErrors === null) {
                    vErrors = [err18];
                  } else {
                    vErrors.push(err18);
                  }
                  errors++;
                }
              } else {
                const err19 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/baseUrl", schemaPath: "#/properties/providers/additionalProperties/properties/baseUrl/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.providers.additionalProperties.properties.baseUrl.type, parentSchema: schema34.properties.providers.additionalProperties.properties.baseUrl, data: data9 };
                if (vErrors === null) {
                  vErrors = [err19];
                } else {
                  vErrors.push(err19);
                }
                errors++;
              }
            }
            if (data5.apiKeyEnv !== void 0) {
              let data10 = data5.apiKeyEnv;
              if (typeof data10 === "string") {
                if (!pattern68.test(data10)) {
                  const err20 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/apiKeyEnv", schemaPath: "#/properties/providers/additionalProperties/properties/apiKeyEnv/pattern", keyword: "pattern", params: { pattern: "^[A-Z_][A-Z0-9_]*$" }, message: 'must match pattern "^[A-Z_][A-Z0-9_]*$"', schema: "^[A-Z_][A-Z0-9_]*$", parentSchema: schema34.properties.providers.additionalProperties.properties.apiKeyEnv, data: data10 };
                  if (vErrors === null) {
                    vErrors = [err20];
                  } else {
                    vErrors.push(err20);
                  }
                  errors++;
                }
              } else {
                const err21 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/apiKeyEnv", schemaPath: "#/properties/providers/additionalProperties/properties/apiKeyEnv/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.providers.additionalProperties.properties.apiKeyEnv.type, parentSchema: schema34.properties.providers.additionalProperties.properties.apiKeyEnv, data: data10 };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              }
            }
            if (data5.timeoutMinutes !== void 0) {
              let data11 = data5.timeoutMinutes;
              if (typeof data11 == "number" && isFinite(data11)) {
                if (data11 > 1440 || isNaN(data11)) {
                  const err22 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/timeoutMinutes", schemaPath: "#/properties/providers/additionalProperties/properties/timeoutMinutes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1440 }, message: "must be <= 1440", schema: 1440, parentSchema: schema34.properties.providers.additionalProperties.properties.timeoutMinutes, data: data11 };
                  if (vErrors === null) {
                    vErrors = [err22];
                  } else {
                    vErrors.push(err22);
                  }
                  errors++;
                }
                if (data11 <= 0 || isNaN(data11)) {
                  const err23 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/timeoutMinutes", schemaPath: "#/properties/providers/additionalProperties/properties/timeoutMinutes/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.providers.additionalProperties.properties.timeoutMinutes, data: data11 };
                  if (vErrors === null) {
                    vErrors = [err23];
                  } else {
                    vErrors.push(err23);
                  }
                  errors++;
                }
              } else {
                const err24 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/timeoutMinutes", schemaPath: "#/properties/providers/additionalProperties/properties/timeoutMinutes/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.providers.additionalProperties.properties.timeoutMinutes.type, parentSchema: schema34.properties.providers.additionalProperties.properties.timeoutMinutes, data: data11 };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
            if (data5.maxTurns !== void 0) {
              let data12 = data5.maxTurns;
              const _errs31 = errors;
              let valid6 = false;
              const _errs32 = errors;
              if (!(typeof data12 == "number" && (!(data12 % 1) && !isNaN(data12)) && isFinite(data12))) {
                const err25 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/0/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[0].type, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[0], data: data12 };
                if (vErrors === null) {
                  vErrors = [err25];
                } else {
                  vErrors.push(err25);
                }
                errors++;
              }
              if (typeof data12 == "number" && isFinite(data12)) {
                if (data12 > 1e4 || isNaN(data12)) {
                  const err26 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/0/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e4 }, message: "must be <= 10000", schema: 1e4, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[0], data: data12 };
                  if (vErrors === null) {
                    vErrors = [err26];
                  } else {
                    vErrors.push(err26);
                  }
                  errors++;
                }
                if (data12 <= 0 || isNaN(data12)) {
                  const err27 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/0/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[0], data: data12 };
                  if (vErrors === null) {
                    vErrors = [err27];
                  } else {
                    vErrors.push(err27);
                  }
                  errors++;
                }
              }
              var _valid0 = _errs32 === errors;
              valid6 = valid6 || _valid0;
              const _errs34 = errors;
              if (data12 && typeof data12 == "object" && !Array.isArray(data12)) {
                for (const key4 in data12) {
                  if (!(key4 === "executor" || key4 === "verifier")) {
                    const err28 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key4 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1], data: data12 };
                    if (vErrors === null) {
                      vErrors = [err28];
                    } else {
                      vErrors.push(err28);
                    }
                    errors++;
                  }
                }
                if (data12.executor !== void 0) {
                  let data13 = data12.executor;
                  if (!(typeof data13 == "number" && (!(data13 % 1) && !isNaN(data13)) && isFinite(data13))) {
                    const err29 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns/executor", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/properties/executor/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.executor.type, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.executor, data: data13 };
                    if (vErrors === null) {
                      vErrors = [err29];
                    } else {
                      vErrors.push(err29);
                    }
                    errors++;
                  }
                  if (typeof data13 == "number" && isFinite(data13)) {
                    if (data13 > 1e4 || isNaN(data13)) {
                      const err30 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns/executor", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/properties/executor/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e4 }, message: "must be <= 10000", schema: 1e4, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.executor, data: data13 };
                      if (vErrors === null) {
                        vErrors = [err30];
                      } else {
                        vErrors.push(err30);
                      }
                      errors++;
                    }
                    if (data13 <= 0 || isNaN(data13)) {
                      const err31 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns/executor", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/properties/executor/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.executor, data: data13 };
                      if (vErrors === null) {
                        vErrors = [err31];
                      } else {
                        vErrors.push(err31);
                      }
                      errors++;
                    }
                  }
                }
                if (data12.verifier !== void 0) {
                  let data14 = data12.verifier;
                  if (!(typeof data14 == "number" && (!(data14 % 1) && !isNaN(data14)) && isFinite(data14))) {
                    const err32 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns/verifier", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/properties/verifier/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.verifier.type, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.verifier, data: data14 };
                    if (vErrors === null) {
                      vErrors = [err32];
                    } else {
                      vErrors.push(err32);
                    }
                    errors++;
                  }
                  if (typeof data14 == "number" && isFinite(data14)) {
                    if (data14 > 1e4 || isNaN(data14)) {
                      const err33 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns/verifier", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/properties/verifier/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e4 }, message: "must be <= 10000", schema: 1e4, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.verifier, data: data14 };
                      if (vErrors === null) {
                        vErrors = [err33];
                      } else {
                        vErrors.push(err33);
                      }
                      errors++;
                    }
                    if (data14 <= 0 || isNaN(data14)) {
                      const err34 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns/verifier", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/properties/verifier/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].properties.verifier, data: data14 };
                      if (vErrors === null) {
                        vErrors = [err34];
                      } else {
                        vErrors.push(err34);
                      }
                      errors++;
                    }
                  }
                }
              } else {
                const err35 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1].type, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf[1], data: data12 };
                if (vErrors === null) {
                  vErrors = [err35];
                } else {
                  vErrors.push(err35);
                }
                errors++;
              }
              var _valid0 = _errs34 === errors;
              valid6 = valid6 || _valid0;
              if (!valid6) {
                const err36 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/maxTurns", schemaPath: "#/properties/providers/additionalProperties/properties/maxTurns/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema34.properties.providers.additionalProperties.properties.maxTurns.anyOf, parentSchema: schema34.properties.providers.additionalProperties.properties.maxTurns, data: data12 };
                if (vErrors === null) {
                  vErrors = [err36];
                } else {
                  vErrors.push(err36);
                }
                errors++;
              } else {
                errors = _errs31;
                if (vErrors !== null) {
                  if (_errs31) {
                    vErrors.length = _errs31;
                  } else {
                    vErrors = null;
                  }
                }
              }
            }
          } else {
            const err37 = { instancePath: instancePath + "/providers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/providers/additionalProperties/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.providers.additionalProperties.type, parentSchema: schema34.properties.providers.additionalProperties, data: data5 };
            if (vErrors === null) {
              vErrors = [err37];
            } else {
              vErrors.push(err37);
            }
            errors++;
          }
        }
      } else {
        const err38 = { instancePath: instancePath + "/providers", schemaPath: "#/properties/providers/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.providers.type, parentSchema: schema34.properties.providers, data: data4 };
        if (vErrors === null) {
          vErrors = [err38];
        } else {
          vErrors.push(err38);
        }
        errors++;
      }
    }
    if (data.qaCommands !== void 0) {
      let data15 = data.qaCommands;
      if (Array.isArray(data15)) {
        const len1 = data15.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data16 = data15[i1];
          const _errs44 = errors;
          let valid10 = false;
          const _errs45 = errors;
          if (typeof data16 === "string") {
            if (func2(data16) < 1) {
              const err39 = { instancePath: instancePath + "/qaCommands/" + i1, schemaPath: "#/properties/qaCommands/items/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.qaCommands.items.anyOf[0], data: data16 };
              if (vErrors === null) {
                vErrors = [err39];
              } else {
                vErrors.push(err39);
              }
              errors++;
            }
          } else {
            const err40 = { instancePath: instancePath + "/qaCommands/" + i1, schemaPath: "#/properties/qaCommands/items/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.qaCommands.items.anyOf[0].type, parentSchema: schema34.properties.qaCommands.items.anyOf[0], data: data16 };
            if (vErrors === null) {
              vErrors = [err40];
            } else {
              vErrors.push(err40);
            }
            errors++;
          }
          var _valid1 = _errs45 === errors;
          valid10 = valid10 || _valid1;
          const _errs47 = errors;
          if (data16 && typeof data16 == "object" && !Array.isArray(data16)) {
            if (data16.cmd === void 0) {
              const err41 = { instancePath: instancePath + "/qaCommands/" + i1, schemaPath: "#/properties/qaCommands/items/anyOf/1/required", keyword: "required", params: { missingProperty: "cmd" }, message: "must have required property 'cmd'", schema: schema34.properties.qaCommands.items.anyOf[1].required, parentSchema: schema34.properties.qaCommands.items.anyOf[1], data: data16 };
              if (vErrors === null) {
                vErrors = [err41];
              } else {
                vErrors.push(err41);
              }
              errors++;
            }
            for (const key5 in data16) {
              if (!(key5 === "cmd" || key5 === "label" || key5 === "timeoutMinutes")) {
                const err42 = { instancePath: instancePath + "/qaCommands/" + i1, schemaPath: "#/properties/qaCommands/items/anyOf/1/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key5 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.qaCommands.items.anyOf[1], data: data16 };
                if (vErrors === null) {
                  vErrors = [err42];
                } else {
                  vErrors.push(err42);
                }
                errors++;
              }
            }
            if (data16.cmd !== void 0) {
              let data17 = data16.cmd;
              if (typeof data17 === "string") {
                if (func2(data17) < 1) {
                  const err43 = { instancePath: instancePath + "/qaCommands/" + i1 + "/cmd", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/cmd/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.cmd, data: data17 };
                  if (vErrors === null) {
                    vErrors = [err43];
                  } else {
                    vErrors.push(err43);
                  }
                  errors++;
                }
              } else {
                const err44 = { instancePath: instancePath + "/qaCommands/" + i1 + "/cmd", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/cmd/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.qaCommands.items.anyOf[1].properties.cmd.type, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.cmd, data: data17 };
                if (vErrors === null) {
                  vErrors = [err44];
                } else {
                  vErrors.push(err44);
                }
                errors++;
              }
            }
            if (data16.label !== void 0) {
              let data18 = data16.label;
              if (typeof data18 === "string") {
                if (func2(data18) < 1) {
                  const err45 = { instancePath: instancePath + "/qaCommands/" + i1 + "/label", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/label/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.label, data: data18 };
                  if (vErrors === null) {
                    vErrors = [err45];
                  } else {
                    vErrors.push(err45);
                  }
                  errors++;
                }
              } else {
                const err46 = { instancePath: instancePath + "/qaCommands/" + i1 + "/label", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/label/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.qaCommands.items.anyOf[1].properties.label.type, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.label, data: data18 };
                if (vErrors === null) {
                  vErrors = [err46];
                } else {
                  vErrors.push(err46);
                }
                errors++;
              }
            }
            if (data16.timeoutMinutes !== void 0) {
              let data19 = data16.timeoutMinutes;
              if (typeof data19 == "number" && isFinite(data19)) {
                if (data19 > 1440 || isNaN(data19)) {
                  const err47 = { instancePath: instancePath + "/qaCommands/" + i1 + "/timeoutMinutes", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/timeoutMinutes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1440 }, message: "must be <= 1440", schema: 1440, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.timeoutMinutes, data: data19 };
                  if (vErrors === null) {
                    vErrors = [err47];
                  } else {
                    vErrors.push(err47);
                  }
                  errors++;
                }
                if (data19 <= 0 || isNaN(data19)) {
                  const err48 = { instancePath: instancePath + "/qaCommands/" + i1 + "/timeoutMinutes", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/timeoutMinutes/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.timeoutMinutes, data: data19 };
                  if (vErrors === null) {
                    vErrors = [err48];
                  } else {
                    vErrors.push(err48);
                  }
                  errors++;
                }
              } else {
                const err49 = { instancePath: instancePath + "/qaCommands/" + i1 + "/timeoutMinutes", schemaPath: "#/properties/qaCommands/items/anyOf/1/properties/timeoutMinutes/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.qaCommands.items.anyOf[1].properties.timeoutMinutes.type, parentSchema: schema34.properties.qaCommands.items.anyOf[1].properties.timeoutMinutes, data: data19 };
                if (vErrors === null) {
                  vErrors = [err49];
                } else {
                  vErrors.push(err49);
                }
                errors++;
              }
            }
          } else {
            const err50 = { instancePath: instancePath + "/qaCommands/" + i1, schemaPath: "#/properties/qaCommands/items/anyOf/1/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.qaCommands.items.anyOf[1].type, parentSchema: schema34.properties.qaCommands.items.anyOf[1], data: data16 };
            if (vErrors === null) {
              vErrors = [err50];
            } else {
              vErrors.push(err50);
            }
            errors++;
          }
          var _valid1 = _errs47 === errors;
          valid10 = valid10 || _valid1;
          if (!valid10) {
            const err51 = { instancePath: instancePath + "/qaCommands/" + i1, schemaPath: "#/properties/qaCommands/items/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema34.properties.qaCommands.items.anyOf, parentSchema: schema34.properties.qaCommands.items, data: data16 };
            if (vErrors === null) {
              vErrors = [err51];
            } else {
              vErrors.push(err51);
            }
            errors++;
          } else {
            errors = _errs44;
            if (vErrors !== null) {
              if (_errs44) {
                vErrors.length = _errs44;
              } else {
                vErrors = null;
              }
            }
          }
        }
      } else {
        const err52 = { instancePath: instancePath + "/qaCommands", schemaPath: "#/properties/qaCommands/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema34.properties.qaCommands.type, parentSchema: schema34.properties.qaCommands, data: data15 };
        if (vErrors === null) {
          vErrors = [err52];
        } else {
          vErrors.push(err52);
        }
        errors++;
      }
    }
    if (data.convergence !== void 0) {
      let data20 = data.convergence;
      if (data20 && typeof data20 == "object" && !Array.isArray(data20)) {
        for (const key6 in data20) {
          if (!(key6 === "rounds")) {
            const err53 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key6 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.convergence, data: data20 };
            if (vErrors === null) {
              vErrors = [err53];
            } else {
              vErrors.push(err53);
            }
            errors++;
          }
        }
        if (data20.rounds !== void 0) {
          let data21 = data20.rounds;
          if (!(typeof data21 == "number" && (!(data21 % 1) && !isNaN(data21)) && isFinite(data21))) {
            const err54 = { instancePath: instancePath + "/convergence/rounds", schemaPath: "#/properties/convergence/properties/rounds/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.convergence.properties.rounds.type, parentSchema: schema34.properties.convergence.properties.rounds, data: data21 };
            if (vErrors === null) {
              vErrors = [err54];
            } else {
              vErrors.push(err54);
            }
            errors++;
          }
          if (typeof data21 == "number" && isFinite(data21)) {
            if (data21 > 5 || isNaN(data21)) {
              const err55 = { instancePath: instancePath + "/convergence/rounds", schemaPath: "#/properties/convergence/properties/rounds/maximum", keyword: "maximum", params: { comparison: "<=", limit: 5 }, message: "must be <= 5", schema: 5, parentSchema: schema34.properties.convergence.properties.rounds, data: data21 };
              if (vErrors === null) {
                vErrors = [err55];
              } else {
                vErrors.push(err55);
              }
              errors++;
            }
            if (data21 < 0 || isNaN(data21)) {
              const err56 = { instancePath: instancePath + "/convergence/rounds", schemaPath: "#/properties/convergence/properties/rounds/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema34.properties.convergence.properties.rounds, data: data21 };
              if (vErrors === null) {
                vErrors = [err56];
              } else {
                vErrors.push(err56);
              }
              errors++;
            }
          }
        }
      } else {
        const err57 = { instancePath: instancePath + "/convergence", schemaPath: "#/properties/convergence/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.convergence.type, parentSchema: schema34.properties.convergence, data: data20 };
        if (vErrors === null) {
          vErrors = [err57];
        } else {
          vErrors.push(err57);
        }
        errors++;
      }
    }
    if (data.critic !== void 0) {
      let data22 = data.critic;
      const _errs62 = errors;
      let valid13 = false;
      const _errs63 = errors;
      if (typeof data22 === "string") {
        if (func2(data22) < 1) {
          const err58 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/anyOf/0/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.critic.anyOf[0], data: data22 };
          if (vErrors === null) {
            vErrors = [err58];
          } else {
            vErrors.push(err58);
          }
          errors++;
        }
      } else {
        const err59 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/anyOf/0/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.critic.anyOf[0].type, parentSchema: schema34.properties.critic.anyOf[0], data: data22 };
        if (vErrors === null) {
          vErrors = [err59];
        } else {
          vErrors.push(err59);
        }
        errors++;
      }
      var _valid2 = _errs63 === errors;
      valid13 = valid13 || _valid2;
      const _errs65 = errors;
      if (data22 !== null) {
        const err60 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/anyOf/1/type", keyword: "type", params: { type: "null" }, message: "must be null", schema: schema34.properties.critic.anyOf[1].type, parentSchema: schema34.properties.critic.anyOf[1], data: data22 };
        if (vErrors === null) {
          vErrors = [err60];
        } else {
          vErrors.push(err60);
        }
        errors++;
      }
      var _valid2 = _errs65 === errors;
      valid13 = valid13 || _valid2;
      if (!valid13) {
        const err61 = { instancePath: instancePath + "/critic", schemaPath: "#/properties/critic/anyOf", keyword: "anyOf", params: {}, message: "must match a schema in anyOf", schema: schema34.properties.critic.anyOf, parentSchema: schema34.properties.critic, data: data22 };
        if (vErrors === null) {
          vErrors = [err61];
        } else {
          vErrors.push(err61);
        }
        errors++;
      } else {
        errors = _errs62;
        if (vErrors !== null) {
          if (_errs62) {
            vErrors.length = _errs62;
          } else {
            vErrors = null;
          }
        }
      }
    }
    if (data.timeouts !== void 0) {
      let data23 = data.timeouts;
      if (data23 && typeof data23 == "object" && !Array.isArray(data23)) {
        for (const key7 in data23) {
          if (!(key7 === "executorMinutes" || key7 === "verifierMinutes" || key7 === "qaMinutes")) {
            const err62 = { instancePath: instancePath + "/timeouts", schemaPath: "#/properties/timeouts/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key7 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.timeouts, data: data23 };
            if (vErrors === null) {
              vErrors = [err62];
            } else {
              vErrors.push(err62);
            }
            errors++;
          }
        }
        if (data23.executorMinutes !== void 0) {
          let data24 = data23.executorMinutes;
          if (typeof data24 == "number" && isFinite(data24)) {
            if (data24 > 1440 || isNaN(data24)) {
              const err63 = { instancePath: instancePath + "/timeouts/executorMinutes", schemaPath: "#/properties/timeouts/properties/executorMinutes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1440 }, message: "must be <= 1440", schema: 1440, parentSchema: schema34.properties.timeouts.properties.executorMinutes, data: data24 };
              if (vErrors === null) {
                vErrors = [err63];
              } else {
                vErrors.push(err63);
              }
              errors++;
            }
            if (data24 <= 0 || isNaN(data24)) {
              const err64 = { instancePath: instancePath + "/timeouts/executorMinutes", schemaPath: "#/properties/timeouts/properties/executorMinutes/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.timeouts.properties.executorMinutes, data: data24 };
              if (vErrors === null) {
                vErrors = [err64];
              } else {
                vErrors.push(err64);
              }
              errors++;
            }
          } else {
            const err65 = { instancePath: instancePath + "/timeouts/executorMinutes", schemaPath: "#/properties/timeouts/properties/executorMinutes/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.timeouts.properties.executorMinutes.type, parentSchema: schema34.properties.timeouts.properties.executorMinutes, data: data24 };
            if (vErrors === null) {
              vErrors = [err65];
            } else {
              vErrors.push(err65);
            }
            errors++;
          }
        }
        if (data23.verifierMinutes !== void 0) {
          let data25 = data23.verifierMinutes;
          if (typeof data25 == "number" && isFinite(data25)) {
            if (data25 > 1440 || isNaN(data25)) {
              const err66 = { instancePath: instancePath + "/timeouts/verifierMinutes", schemaPath: "#/properties/timeouts/properties/verifierMinutes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1440 }, message: "must be <= 1440", schema: 1440, parentSchema: schema34.properties.timeouts.properties.verifierMinutes, data: data25 };
              if (vErrors === null) {
                vErrors = [err66];
              } else {
                vErrors.push(err66);
              }
              errors++;
            }
            if (data25 <= 0 || isNaN(data25)) {
              const err67 = { instancePath: instancePath + "/timeouts/verifierMinutes", schemaPath: "#/properties/timeouts/properties/verifierMinutes/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.timeouts.properties.verifierMinutes, data: data25 };
              if (vErrors === null) {
                vErrors = [err67];
              } else {
                vErrors.push(err67);
              }
              errors++;
            }
          } else {
            const err68 = { instancePath: instancePath + "/timeouts/verifierMinutes", schemaPath: "#/properties/timeouts/properties/verifierMinutes/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.timeouts.properties.verifierMinutes.type, parentSchema: schema34.properties.timeouts.properties.verifierMinutes, data: data25 };
            if (vErrors === null) {
              vErrors = [err68];
            } else {
              vErrors.push(err68);
            }
            errors++;
          }
        }
        if (data23.qaMinutes !== void 0) {
          let data26 = data23.qaMinutes;
          if (typeof data26 == "number" && isFinite(data26)) {
            if (data26 > 1440 || isNaN(data26)) {
              const err69 = { instancePath: instancePath + "/timeouts/qaMinutes", schemaPath: "#/properties/timeouts/properties/qaMinutes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1440 }, message: "must be <= 1440", schema: 1440, parentSchema: schema34.properties.timeouts.properties.qaMinutes, data: data26 };
              if (vErrors === null) {
                vErrors = [err69];
              } else {
                vErrors.push(err69);
              }
              errors++;
            }
            if (data26 <= 0 || isNaN(data26)) {
              const err70 = { instancePath: instancePath + "/timeouts/qaMinutes", schemaPath: "#/properties/timeouts/properties/qaMinutes/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.timeouts.properties.qaMinutes, data: data26 };
              if (vErrors === null) {
                vErrors = [err70];
              } else {
                vErrors.push(err70);
              }
              errors++;
            }
          } else {
            const err71 = { instancePath: instancePath + "/timeouts/qaMinutes", schemaPath: "#/properties/timeouts/properties/qaMinutes/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.timeouts.properties.qaMinutes.type, parentSchema: schema34.properties.timeouts.properties.qaMinutes, data: data26 };
            if (vErrors === null) {
              vErrors = [err71];
            } else {
              vErrors.push(err71);
            }
            errors++;
          }
        }
      } else {
        const err72 = { instancePath: instancePath + "/timeouts", schemaPath: "#/properties/timeouts/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.timeouts.type, parentSchema: schema34.properties.timeouts, data: data23 };
        if (vErrors === null) {
          vErrors = [err72];
        } else {
          vErrors.push(err72);
        }
        errors++;
      }
    }
    if (data.concurrency !== void 0) {
      let data27 = data.concurrency;
      if (data27 && typeof data27 == "object" && !Array.isArray(data27)) {
        for (const key8 in data27) {
          if (!(key8 === "verifiers")) {
            const err73 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key8 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.concurrency, data: data27 };
            if (vErrors === null) {
              vErrors = [err73];
            } else {
              vErrors.push(err73);
            }
            errors++;
          }
        }
        if (data27.verifiers !== void 0) {
          let data28 = data27.verifiers;
          if (!(typeof data28 == "number" && (!(data28 % 1) && !isNaN(data28)) && isFinite(data28))) {
            const err74 = { instancePath: instancePath + "/concurrency/verifiers", schemaPath: "#/properties/concurrency/properties/verifiers/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.concurrency.properties.verifiers.type, parentSchema: schema34.properties.concurrency.properties.verifiers, data: data28 };
            if (vErrors === null) {
              vErrors = [err74];
            } else {
              vErrors.push(err74);
            }
            errors++;
          }
          if (typeof data28 == "number" && isFinite(data28)) {
            if (data28 > 9007199254740991 || isNaN(data28)) {
              const err75 = { instancePath: instancePath + "/concurrency/verifiers", schemaPath: "#/properties/concurrency/properties/verifiers/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema34.properties.concurrency.properties.verifiers, data: data28 };
              if (vErrors === null) {
                vErrors = [err75];
              } else {
                vErrors.push(err75);
              }
              errors++;
            }
            if (data28 < 0 || isNaN(data28)) {
              const err76 = { instancePath: instancePath + "/concurrency/verifiers", schemaPath: "#/properties/concurrency/properties/verifiers/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema34.properties.concurrency.properties.verifiers, data: data28 };
              if (vErrors === null) {
                vErrors = [err76];
              } else {
                vErrors.push(err76);
              }
              errors++;
            }
          }
        }
      } else {
        const err77 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.concurrency.type, parentSchema: schema34.properties.concurrency, data: data27 };
        if (vErrors === null) {
          vErrors = [err77];
        } else {
          vErrors.push(err77);
        }
        errors++;
      }
    }
    if (data.ledgerBranch !== void 0) {
      let data29 = data.ledgerBranch;
      if (typeof data29 === "string") {
        if (!pattern69.test(data29)) {
          const err78 = { instancePath: instancePath + "/ledgerBranch", schemaPath: "#/properties/ledgerBranch/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._/-]*$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._/-]*$"', schema: "^[A-Za-z0-9][A-Za-z0-9._/-]*$", parentSchema: schema34.properties.ledgerBranch, data: data29 };
          if (vErrors === null) {
            vErrors = [err78];
          } else {
            vErrors.push(err78);
          }
          errors++;
        }
      } else {
        const err79 = { instancePath: instancePath + "/ledgerBranch", schemaPath: "#/properties/ledgerBranch/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.ledgerBranch.type, parentSchema: schema34.properties.ledgerBranch, data: data29 };
        if (vErrors === null) {
          vErrors = [err79];
        } else {
          vErrors.push(err79);
        }
        errors++;
      }
    }
    if (data.plansDir !== void 0) {
      let data30 = data.plansDir;
      if (typeof data30 === "string") {
        if (func2(data30) < 1) {
          const err80 = { instancePath: instancePath + "/plansDir", schemaPath: "#/properties/plansDir/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.plansDir, data: data30 };
          if (vErrors === null) {
            vErrors = [err80];
          } else {
            vErrors.push(err80);
          }
          errors++;
        }
      } else {
        const err81 = { instancePath: instancePath + "/plansDir", schemaPath: "#/properties/plansDir/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.plansDir.type, parentSchema: schema34.properties.plansDir, data: data30 };
        if (vErrors === null) {
          vErrors = [err81];
        } else {
          vErrors.push(err81);
        }
        errors++;
      }
    }
    if (data.leaseMinutes !== void 0) {
      let data31 = data.leaseMinutes;
      if (typeof data31 == "number" && isFinite(data31)) {
        if (data31 > 1440 || isNaN(data31)) {
          const err82 = { instancePath: instancePath + "/leaseMinutes", schemaPath: "#/properties/leaseMinutes/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1440 }, message: "must be <= 1440", schema: 1440, parentSchema: schema34.properties.leaseMinutes, data: data31 };
          if (vErrors === null) {
            vErrors = [err82];
          } else {
            vErrors.push(err82);
          }
          errors++;
        }
        if (data31 <= 0 || isNaN(data31)) {
          const err83 = { instancePath: instancePath + "/leaseMinutes", schemaPath: "#/properties/leaseMinutes/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.leaseMinutes, data: data31 };
          if (vErrors === null) {
            vErrors = [err83];
          } else {
            vErrors.push(err83);
          }
          errors++;
        }
      } else {
        const err84 = { instancePath: instancePath + "/leaseMinutes", schemaPath: "#/properties/leaseMinutes/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.leaseMinutes.type, parentSchema: schema34.properties.leaseMinutes, data: data31 };
        if (vErrors === null) {
          vErrors = [err84];
        } else {
          vErrors.push(err84);
        }
        errors++;
      }
    }
    if (data.isolation !== void 0) {
      let data32 = data.isolation;
      if (typeof data32 !== "string") {
        const err85 = { instancePath: instancePath + "/isolation", schemaPath: "#/properties/isolation/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.isolation.type, parentSchema: schema34.properties.isolation, data: data32 };
        if (vErrors === null) {
          vErrors = [err85];
        } else {
          vErrors.push(err85);
        }
        errors++;
      }
      if (!(data32 === "auto" || data32 === "none")) {
        const err86 = { instancePath: instancePath + "/isolation", schemaPath: "#/properties/isolation/enum", keyword: "enum", params: { allowedValues: schema34.properties.isolation.enum }, message: "must be equal to one of the allowed values", schema: schema34.properties.isolation.enum, parentSchema: schema34.properties.isolation, data: data32 };
        if (vErrors === null) {
          vErrors = [err86];
        } else {
          vErrors.push(err86);
        }
        errors++;
      }
    }
    if (data.budgets !== void 0) {
      let data33 = data.budgets;
      if (data33 && typeof data33 == "object" && !Array.isArray(data33)) {
        for (const key9 in data33) {
          if (!(key9 === "worker" || key9 === "stage" || key9 === "plan")) {
            const err87 = { instancePath: instancePath + "/budgets", schemaPath: "#/properties/budgets/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key9 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.budgets, data: data33 };
            if (vErrors === null) {
              vErrors = [err87];
            } else {
              vErrors.push(err87);
            }
            errors++;
          }
        }
        if (data33.worker !== void 0) {
          let data34 = data33.worker;
          if (data34 && typeof data34 == "object" && !Array.isArray(data34)) {
            for (const key10 in data34) {
              if (!(key10 === "tokens" || key10 === "usd")) {
                const err88 = { instancePath: instancePath + "/budgets/worker", schemaPath: "#/properties/budgets/properties/worker/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key10 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.budgets.properties.worker, data: data34 };
                if (vErrors === null) {
                  vErrors = [err88];
                } else {
                  vErrors.push(err88);
                }
                errors++;
              }
            }
            if (data34.tokens !== void 0) {
              let data35 = data34.tokens;
              if (!(typeof data35 == "number" && (!(data35 % 1) && !isNaN(data35)) && isFinite(data35))) {
                const err89 = { instancePath: instancePath + "/budgets/worker/tokens", schemaPath: "#/properties/budgets/properties/worker/properties/tokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.budgets.properties.worker.properties.tokens.type, parentSchema: schema34.properties.budgets.properties.worker.properties.tokens, data: data35 };
                if (vErrors === null) {
                  vErrors = [err89];
                } else {
                  vErrors.push(err89);
                }
                errors++;
              }
              if (typeof data35 == "number" && isFinite(data35)) {
                if (data35 > 9007199254740991 || isNaN(data35)) {
                  const err90 = { instancePath: instancePath + "/budgets/worker/tokens", schemaPath: "#/properties/budgets/properties/worker/properties/tokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema34.properties.budgets.properties.worker.properties.tokens, data: data35 };
                  if (vErrors === null) {
                    vErrors = [err90];
                  } else {
                    vErrors.push(err90);
                  }
                  errors++;
                }
                if (data35 <= 0 || isNaN(data35)) {
                  const err91 = { instancePath: instancePath + "/budgets/worker/tokens", schemaPath: "#/properties/budgets/properties/worker/properties/tokens/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.budgets.properties.worker.properties.tokens, data: data35 };
                  if (vErrors === null) {
                    vErrors = [err91];
                  } else {
                    vErrors.push(err91);
                  }
                  errors++;
                }
              }
            }
            if (data34.usd !== void 0) {
              let data36 = data34.usd;
              if (typeof data36 == "number" && isFinite(data36)) {
                if (data36 <= 0 || isNaN(data36)) {
                  const err92 = { instancePath: instancePath + "/budgets/worker/usd", schemaPath: "#/properties/budgets/properties/worker/properties/usd/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.budgets.properties.worker.properties.usd, data: data36 };
                  if (vErrors === null) {
                    vErrors = [err92];
                  } else {
                    vErrors.push(err92);
                  }
                  errors++;
                }
              } else {
                const err93 = { instancePath: instancePath + "/budgets/worker/usd", schemaPath: "#/properties/budgets/properties/worker/properties/usd/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.budgets.properties.worker.properties.usd.type, parentSchema: schema34.properties.budgets.properties.worker.properties.usd, data: data36 };
                if (vErrors === null) {
                  vErrors = [err93];
                } else {
                  vErrors.push(err93);
                }
                errors++;
              }
            }
          } else {
            const err94 = { instancePath: instancePath + "/budgets/worker", schemaPath: "#/properties/budgets/properties/worker/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.budgets.properties.worker.type, parentSchema: schema34.properties.budgets.properties.worker, data: data34 };
            if (vErrors === null) {
              vErrors = [err94];
            } else {
              vErrors.push(err94);
            }
            errors++;
          }
        }
        if (data33.stage !== void 0) {
          let data37 = data33.stage;
          if (data37 && typeof data37 == "object" && !Array.isArray(data37)) {
            for (const key11 in data37) {
              if (!(key11 === "tokens" || key11 === "usd")) {
                const err95 = { instancePath: instancePath + "/budgets/stage", schemaPath: "#/properties/budgets/properties/stage/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key11 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.budgets.properties.stage, data: data37 };
                if (vErrors === null) {
                  vErrors = [err95];
                } else {
                  vErrors.push(err95);
                }
                errors++;
              }
            }
            if (data37.tokens !== void 0) {
              let data38 = data37.tokens;
              if (!(typeof data38 == "number" && (!(data38 % 1) && !isNaN(data38)) && isFinite(data38))) {
                const err96 = { instancePath: instancePath + "/budgets/stage/tokens", schemaPath: "#/properties/budgets/properties/stage/properties/tokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.budgets.properties.stage.properties.tokens.type, parentSchema: schema34.properties.budgets.properties.stage.properties.tokens, data: data38 };
                if (vErrors === null) {
                  vErrors = [err96];
                } else {
                  vErrors.push(err96);
                }
                errors++;
              }
              if (typeof data38 == "number" && isFinite(data38)) {
                if (data38 > 9007199254740991 || isNaN(data38)) {
                  const err97 = { instancePath: instancePath + "/budgets/stage/tokens", schemaPath: "#/properties/budgets/properties/stage/properties/tokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema34.properties.budgets.properties.stage.properties.tokens, data: data38 };
                  if (vErrors === null) {
                    vErrors = [err97];
                  } else {
                    vErrors.push(err97);
                  }
                  errors++;
                }
                if (data38 <= 0 || isNaN(data38)) {
                  const err98 = { instancePath: instancePath + "/budgets/stage/tokens", schemaPath: "#/properties/budgets/properties/stage/properties/tokens/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.budgets.properties.stage.properties.tokens, data: data38 };
                  if (vErrors === null) {
                    vErrors = [err98];
                  } else {
                    vErrors.push(err98);
                  }
                  errors++;
                }
              }
            }
            if (data37.usd !== void 0) {
              let data39 = data37.usd;
              if (typeof data39 == "number" && isFinite(data39)) {
                if (data39 <= 0 || isNaN(data39)) {
                  const err99 = { instancePath: instancePath + "/budgets/stage/usd", schemaPath: "#/properties/budgets/properties/stage/properties/usd/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.budgets.properties.stage.properties.usd, data: data39 };
                  if (vErrors === null) {
                    vErrors = [err99];
                  } else {
                    vErrors.push(err99);
                  }
                  errors++;
                }
              } else {
                const err100 = { instancePath: instancePath + "/budgets/stage/usd", schemaPath: "#/properties/budgets/properties/stage/properties/usd/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.budgets.properties.stage.properties.usd.type, parentSchema: schema34.properties.budgets.properties.stage.properties.usd, data: data39 };
                if (vErrors === null) {
                  vErrors = [err100];
                } else {
                  vErrors.push(err100);
                }
                errors++;
              }
            }
          } else {
            const err101 = { instancePath: instancePath + "/budgets/stage", schemaPath: "#/properties/budgets/properties/stage/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.budgets.properties.stage.type, parentSchema: schema34.properties.budgets.properties.stage, data: data37 };
            if (vErrors === null) {
              vErrors = [err101];
            } else {
              vErrors.push(err101);
            }
            errors++;
          }
        }
        if (data33.plan !== void 0) {
          let data40 = data33.plan;
          if (data40 && typeof data40 == "object" && !Array.isArray(data40)) {
            for (const key12 in data40) {
              if (!(key12 === "tokens" || key12 === "usd")) {
                const err102 = { instancePath: instancePath + "/budgets/plan", schemaPath: "#/properties/budgets/properties/plan/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key12 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.budgets.properties.plan, data: data40 };
                if (vErrors === null) {
                  vErrors = [err102];
                } else {
                  vErrors.push(err102);
                }
                errors++;
              }
            }
            if (data40.tokens !== void 0) {
              let data41 = data40.tokens;
              if (!(typeof data41 == "number" && (!(data41 % 1) && !isNaN(data41)) && isFinite(data41))) {
                const err103 = { instancePath: instancePath + "/budgets/plan/tokens", schemaPath: "#/properties/budgets/properties/plan/properties/tokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.budgets.properties.plan.properties.tokens.type, parentSchema: schema34.properties.budgets.properties.plan.properties.tokens, data: data41 };
                if (vErrors === null) {
                  vErrors = [err103];
                } else {
                  vErrors.push(err103);
                }
                errors++;
              }
              if (typeof data41 == "number" && isFinite(data41)) {
                if (data41 > 9007199254740991 || isNaN(data41)) {
                  const err104 = { instancePath: instancePath + "/budgets/plan/tokens", schemaPath: "#/properties/budgets/properties/plan/properties/tokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 9007199254740991 }, message: "must be <= 9007199254740991", schema: 9007199254740991, parentSchema: schema34.properties.budgets.properties.plan.properties.tokens, data: data41 };
                  if (vErrors === null) {
                    vErrors = [err104];
                  } else {
                    vErrors.push(err104);
                  }
                  errors++;
                }
                if (data41 <= 0 || isNaN(data41)) {
                  const err105 = { instancePath: instancePath + "/budgets/plan/tokens", schemaPath: "#/properties/budgets/properties/plan/properties/tokens/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.budgets.properties.plan.properties.tokens, data: data41 };
                  if (vErrors === null) {
                    vErrors = [err105];
                  } else {
                    vErrors.push(err105);
                  }
                  errors++;
                }
              }
            }
            if (data40.usd !== void 0) {
              let data42 = data40.usd;
              if (typeof data42 == "number" && isFinite(data42)) {
                if (data42 <= 0 || isNaN(data42)) {
                  const err106 = { instancePath: instancePath + "/budgets/plan/usd", schemaPath: "#/properties/budgets/properties/plan/properties/usd/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.budgets.properties.plan.properties.usd, data: data42 };
                  if (vErrors === null) {
                    vErrors = [err106];
                  } else {
                    vErrors.push(err106);
                  }
                  errors++;
                }
              } else {
                const err107 = { instancePath: instancePath + "/budgets/plan/usd", schemaPath: "#/properties/budgets/properties/plan/properties/usd/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.budgets.properties.plan.properties.usd.type, parentSchema: schema34.properties.budgets.properties.plan.properties.usd, data: data42 };
                if (vErrors === null) {
                  vErrors = [err107];
                } else {
                  vErrors.push(err107);
                }
                errors++;
              }
            }
          } else {
            const err108 = { instancePath: instancePath + "/budgets/plan", schemaPath: "#/properties/budgets/properties/plan/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.budgets.properties.plan.type, parentSchema: schema34.properties.budgets.properties.plan, data: data40 };
            if (vErrors === null) {
              vErrors = [err108];
            } else {
              vErrors.push(err108);
            }
            errors++;
          }
        }
      } else {
        const err109 = { instancePath: instancePath + "/budgets", schemaPath: "#/properties/budgets/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.budgets.type, parentSchema: schema34.properties.budgets, data: data33 };
        if (vErrors === null) {
          vErrors = [err109];
        } else {
          vErrors.push(err109);
        }
        errors++;
      }
    }
    if (data.limits !== void 0) {
      let data43 = data.limits;
      if (data43 && typeof data43 == "object" && !Array.isArray(data43)) {
        for (const key13 in data43) {
          if (!(key13 === "turns")) {
            const err110 = { instancePath: instancePath + "/limits", schemaPath: "#/properties/limits/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key13 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.limits, data: data43 };
            if (vErrors === null) {
              vErrors = [err110];
            } else {
              vErrors.push(err110);
            }
            errors++;
          }
        }
        if (data43.turns !== void 0) {
          let data44 = data43.turns;
          if (data44 && typeof data44 == "object" && !Array.isArray(data44)) {
            for (const key14 in data44) {
              if (!(key14 === "executor" || key14 === "verifier")) {
                const err111 = { instancePath: instancePath + "/limits/turns", schemaPath: "#/properties/limits/properties/turns/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key14 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.limits.properties.turns, data: data44 };
                if (vErrors === null) {
                  vErrors = [err111];
                } else {
                  vErrors.push(err111);
                }
                errors++;
              }
            }
            if (data44.executor !== void 0) {
              let data45 = data44.executor;
              if (!(typeof data45 == "number" && (!(data45 % 1) && !isNaN(data45)) && isFinite(data45))) {
                const err112 = { instancePath: instancePath + "/limits/turns/executor", schemaPath: "#/properties/limits/properties/turns/properties/executor/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.limits.properties.turns.properties.executor.type, parentSchema: schema34.properties.limits.properties.turns.properties.executor, data: data45 };
                if (vErrors === null) {
                  vErrors = [err112];
                } else {
                  vErrors.push(err112);
                }
                errors++;
              }
              if (typeof data45 == "number" && isFinite(data45)) {
                if (data45 > 1e4 || isNaN(data45)) {
                  const err113 = { instancePath: instancePath + "/limits/turns/executor", schemaPath: "#/properties/limits/properties/turns/properties/executor/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e4 }, message: "must be <= 10000", schema: 1e4, parentSchema: schema34.properties.limits.properties.turns.properties.executor, data: data45 };
                  if (vErrors === null) {
                    vErrors = [err113];
                  } else {
                    vErrors.push(err113);
                  }
                  errors++;
                }
                if (data45 <= 0 || isNaN(data45)) {
                  const err114 = { instancePath: instancePath + "/limits/turns/executor", schemaPath: "#/properties/limits/properties/turns/properties/executor/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.limits.properties.turns.properties.executor, data: data45 };
                  if (vErrors === null) {
                    vErrors = [err114];
                  } else {
                    vErrors.push(err114);
                  }
                  errors++;
                }
              }
            }
            if (data44.verifier !== void 0) {
              let data46 = data44.verifier;
              if (!(typeof data46 == "number" && (!(data46 % 1) && !isNaN(data46)) && isFinite(data46))) {
                const err115 = { instancePath: instancePath + "/limits/turns/verifier", schemaPath: "#/properties/limits/properties/turns/properties/verifier/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema34.properties.limits.properties.turns.properties.verifier.type, parentSchema: schema34.properties.limits.properties.turns.properties.verifier, data: data46 };
                if (vErrors === null) {
                  vErrors = [err115];
                } else {
                  vErrors.push(err115);
                }
                errors++;
              }
              if (typeof data46 == "number" && isFinite(data46)) {
                if (data46 > 1e4 || isNaN(data46)) {
                  const err116 = { instancePath: instancePath + "/limits/turns/verifier", schemaPath: "#/properties/limits/properties/turns/properties/verifier/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e4 }, message: "must be <= 10000", schema: 1e4, parentSchema: schema34.properties.limits.properties.turns.properties.verifier, data: data46 };
                  if (vErrors === null) {
                    vErrors = [err116];
                  } else {
                    vErrors.push(err116);
                  }
                  errors++;
                }
                if (data46 <= 0 || isNaN(data46)) {
                  const err117 = { instancePath: instancePath + "/limits/turns/verifier", schemaPath: "#/properties/limits/properties/turns/properties/verifier/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema34.properties.limits.properties.turns.properties.verifier, data: data46 };
                  if (vErrors === null) {
                    vErrors = [err117];
                  } else {
                    vErrors.push(err117);
                  }
                  errors++;
                }
              }
            }
          } else {
            const err118 = { instancePath: instancePath + "/limits/turns", schemaPath: "#/properties/limits/properties/turns/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.limits.properties.turns.type, parentSchema: schema34.properties.limits.properties.turns, data: data44 };
            if (vErrors === null) {
              vErrors = [err118];
            } else {
              vErrors.push(err118);
            }
            errors++;
          }
        }
      } else {
        const err119 = { instancePath: instancePath + "/limits", schemaPath: "#/properties/limits/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.limits.type, parentSchema: schema34.properties.limits, data: data43 };
        if (vErrors === null) {
          vErrors = [err119];
        } else {
          vErrors.push(err119);
        }
        errors++;
      }
    }
    if (data.pricing !== void 0) {
      let data47 = data.pricing;
      if (data47 && typeof data47 == "object" && !Array.isArray(data47)) {
        for (const key15 in data47) {
          const _errs125 = errors;
          if (typeof key15 === "string") {
            if (func2(key15) < 1) {
              const err120 = { instancePath: instancePath + "/pricing", schemaPath: "#/properties/pricing/propertyNames/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema34.properties.pricing.propertyNames, data: key15, propertyName: key15 };
              if (vErrors === null) {
                vErrors = [err120];
              } else {
                vErrors.push(err120);
              }
              errors++;
            }
          } else {
            const err121 = { instancePath: instancePath + "/pricing", schemaPath: "#/properties/pricing/propertyNames/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.pricing.propertyNames.type, parentSchema: schema34.properties.pricing.propertyNames, data: key15, propertyName: key15 };
            if (vErrors === null) {
              vErrors = [err121];
            } else {
              vErrors.push(err121);
            }
            errors++;
          }
          var valid22 = _errs125 === errors;
          if (!valid22) {
            const err122 = { instancePath: instancePath + "/pricing", schemaPath: "#/properties/pricing/propertyNames", keyword: "propertyNames", params: { propertyName: key15 }, message: "property name must be valid", schema: schema34.properties.pricing.propertyNames, parentSchema: schema34.properties.pricing, data: data47 };
            if (vErrors === null) {
              vErrors = [err122];
            } else {
              vErrors.push(err122);
            }
            errors++;
          }
        }
        for (const key16 in data47) {
          let data48 = data47[key16];
          if (data48 && typeof data48 == "object" && !Array.isArray(data48)) {
            if (data48.input === void 0) {
              const err123 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/pricing/additionalProperties/required", keyword: "required", params: { missingProperty: "input" }, message: "must have required property 'input'", schema: schema34.properties.pricing.additionalProperties.required, parentSchema: schema34.properties.pricing.additionalProperties, data: data48 };
              if (vErrors === null) {
                vErrors = [err123];
              } else {
                vErrors.push(err123);
              }
              errors++;
            }
            if (data48.output === void 0) {
              const err124 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/pricing/additionalProperties/required", keyword: "required", params: { missingProperty: "output" }, message: "must have required property 'output'", schema: schema34.properties.pricing.additionalProperties.required, parentSchema: schema34.properties.pricing.additionalProperties, data: data48 };
              if (vErrors === null) {
                vErrors = [err124];
              } else {
                vErrors.push(err124);
              }
              errors++;
            }
            for (const key17 in data48) {
              if (!(key17 === "input" || key17 === "output" || key17 === "cachedInput" || key17 === "cacheWrite")) {
                const err125 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/pricing/additionalProperties/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key17 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.pricing.additionalProperties, data: data48 };
                if (vErrors === null) {
                  vErrors = [err125];
                } else {
                  vErrors.push(err125);
                }
                errors++;
              }
            }
            if (data48.input !== void 0) {
              let data49 = data48.input;
              if (typeof data49 == "number" && isFinite(data49)) {
                if (data49 < 0 || isNaN(data49)) {
                  const err126 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/input", schemaPath: "#/properties/pricing/additionalProperties/properties/input/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema34.properties.pricing.additionalProperties.properties.input, data: data49 };
                  if (vErrors === null) {
                    vErrors = [err126];
                  } else {
                    vErrors.push(err126);
                  }
                  errors++;
                }
              } else {
                const err127 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/input", schemaPath: "#/properties/pricing/additionalProperties/properties/input/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.pricing.additionalProperties.properties.input.type, parentSchema: schema34.properties.pricing.additionalProperties.properties.input, data: data49 };
                if (vErrors === null) {
                  vErrors = [err127];
                } else {
                  vErrors.push(err127);
                }
                errors++;
              }
            }
            if (data48.output !== void 0) {
              let data50 = data48.output;
              if (typeof data50 == "number" && isFinite(data50)) {
                if (data50 < 0 || isNaN(data50)) {
                  const err128 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/output", schemaPath: "#/properties/pricing/additionalProperties/properties/output/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema34.properties.pricing.additionalProperties.properties.output, data: data50 };
                  if (vErrors === null) {
                    vErrors = [err128];
                  } else {
                    vErrors.push(err128);
                  }
                  errors++;
                }
              } else {
                const err129 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/output", schemaPath: "#/properties/pricing/additionalProperties/properties/output/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.pricing.additionalProperties.properties.output.type, parentSchema: schema34.properties.pricing.additionalProperties.properties.output, data: data50 };
                if (vErrors === null) {
                  vErrors = [err129];
                } else {
                  vErrors.push(err129);
                }
                errors++;
              }
            }
            if (data48.cachedInput !== void 0) {
              let data51 = data48.cachedInput;
              if (typeof data51 == "number" && isFinite(data51)) {
                if (data51 < 0 || isNaN(data51)) {
                  const err130 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/cachedInput", schemaPath: "#/properties/pricing/additionalProperties/properties/cachedInput/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema34.properties.pricing.additionalProperties.properties.cachedInput, data: data51 };
                  if (vErrors === null) {
                    vErrors = [err130];
                  } else {
                    vErrors.push(err130);
                  }
                  errors++;
                }
              } else {
                const err131 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/cachedInput", schemaPath: "#/properties/pricing/additionalProperties/properties/cachedInput/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.pricing.additionalProperties.properties.cachedInput.type, parentSchema: schema34.properties.pricing.additionalProperties.properties.cachedInput, data: data51 };
                if (vErrors === null) {
                  vErrors = [err131];
                } else {
                  vErrors.push(err131);
                }
                errors++;
              }
            }
            if (data48.cacheWrite !== void 0) {
              let data52 = data48.cacheWrite;
              if (typeof data52 == "number" && isFinite(data52)) {
                if (data52 < 0 || isNaN(data52)) {
                  const err132 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/cacheWrite", schemaPath: "#/properties/pricing/additionalProperties/properties/cacheWrite/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema34.properties.pricing.additionalProperties.properties.cacheWrite, data: data52 };
                  if (vErrors === null) {
                    vErrors = [err132];
                  } else {
                    vErrors.push(err132);
                  }
                  errors++;
                }
              } else {
                const err133 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1") + "/cacheWrite", schemaPath: "#/properties/pricing/additionalProperties/properties/cacheWrite/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema34.properties.pricing.additionalProperties.properties.cacheWrite.type, parentSchema: schema34.properties.pricing.additionalProperties.properties.cacheWrite, data: data52 };
                if (vErrors === null) {
                  vErrors = [err133];
                } else {
                  vErrors.push(err133);
                }
                errors++;
              }
            }
          } else {
            const err134 = { instancePath: instancePath + "/pricing/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/properties/pricing/additionalProperties/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.pricing.additionalProperties.type, parentSchema: schema34.properties.pricing.additionalProperties, data: data48 };
            if (vErrors === null) {
              vErrors = [err134];
            } else {
              vErrors.push(err134);
            }
            errors++;
          }
        }
      } else {
        const err135 = { instancePath: instancePath + "/pricing", schemaPath: "#/properties/pricing/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.pricing.type, parentSchema: schema34.properties.pricing, data: data47 };
        if (vErrors === null) {
          vErrors = [err135];
        } else {
          vErrors.push(err135);
        }
        errors++;
      }
    }
    if (data.bot !== void 0) {
      let data53 = data.bot;
      if (data53 && typeof data53 == "object" && !Array.isArray(data53)) {
        for (const key18 in data53) {
          if (!(key18 === "workflow" || key18 === "permission" || key18 === "allowForks")) {
            const err136 = { instancePath: instancePath + "/bot", schemaPath: "#/properties/bot/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key18 }, message: "must NOT have additional properties", schema: false, parentSchema: schema34.properties.bot, data: data53 };
            if (vErrors === null) {
              vErrors = [err136];
            } else {
              vErrors.push(err136);
            }
            errors++;
          }
        }
        if (data53.workflow !== void 0) {
          let data54 = data53.workflow;
          if (typeof data54 === "string") {
            if (!pattern70.test(data54)) {
              const err137 = { instancePath: instancePath + "/bot/workflow", schemaPath: "#/properties/bot/properties/workflow/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.ya?ml$" }, message: 'must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.ya?ml$"', schema: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.ya?ml$", parentSchema: schema34.properties.bot.properties.workflow, data: data54 };
              if (vErrors === null) {
                vErrors = [err137];
              } else {
                vErrors.push(err137);
              }
              errors++;
            }
          } else {
            const err138 = { instancePath: instancePath + "/bot/workflow", schemaPath: "#/properties/bot/properties/workflow/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.bot.properties.workflow.type, parentSchema: schema34.properties.bot.properties.workflow, data: data54 };
            if (vErrors === null) {
              vErrors = [err138];
            } else {
              vErrors.push(err138);
            }
            errors++;
          }
        }
        if (data53.permission !== void 0) {
          let data55 = data53.permission;
          if (typeof data55 !== "string") {
            const err139 = { instancePath: instancePath + "/bot/permission", schemaPath: "#/properties/bot/properties/permission/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema34.properties.bot.properties.permission.type, parentSchema: schema34.properties.bot.properties.permission, data: data55 };
            if (vErrors === null) {
              vErrors = [err139];
            } else {
              vErrors.push(err139);
            }
            errors++;
          }
          if (!(data55 === "triage" || data55 === "write" || data55 === "maintain" || data55 === "admin")) {
            const err140 = { instancePath: instancePath + "/bot/permission", schemaPath: "#/properties/bot/properties/permission/enum", keyword: "enum", params: { allowedValues: schema34.properties.bot.properties.permission.enum }, message: "must be equal to one of the allowed values", schema: schema34.properties.bot.properties.permission.enum, parentSchema: schema34.properties.bot.properties.permission, data: data55 };
            if (vErrors === null) {
              vErrors = [err140];
            } else {
              vErrors.push(err140);
            }
            errors++;
          }
        }
        if (data53.allowForks !== void 0) {
          let data56 = data53.allowForks;
          if (typeof data56 !== "boolean") {
            const err141 = { instancePath: instancePath + "/bot/allowForks", schemaPath: "#/properties/bot/properties/allowForks/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema34.properties.bot.properties.allowForks.type, parentSchema: schema34.properties.bot.properties.allowForks, data: data56 };
            if (vErrors === null) {
              vErrors = [err141];
            } else {
              vErrors.push(err141);
            }
            errors++;
          }
        }
      } else {
        const err142 = { instancePath: instancePath + "/bot", schemaPath: "#/properties/bot/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.properties.bot.type, parentSchema: schema34.properties.bot, data: data53 };
        if (vErrors === null) {
          vErrors = [err142];
        } else {
          vErrors.push(err142);
        }
        errors++;
      }
    }
  } else {
    const err143 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema34.type, parentSchema: schema34, data };
    if (vErrors === null) {
      vErrors = [err143];
    } else {
      vErrors.push(err143);
    }
    errors++;
  }
  validate23.errors = vErrors;
  return errors === 0;
}
validate23.evaluated = { "props": true, "dynamicProps": false, "dynamicItems": false };

// src/core/report/validate-schema.ts
function validatorFor(name) {
  return validators_generated_exports[VALIDATOR_EXPORTS[name]];
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
function workflowPath(config2) {
  return `.github/workflows/${config2.bot.workflow}`;
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
async function launch(deps, config2, req) {
  const where = dispatchRef(deps.defaultBranch, req);
  if (!where.ok) return where;
  const path = workflowPath(config2);
  const [rows, workflow] = await Promise.all([
    readLedgerRows(deps.client, deps.repo, config2.ledgerBranch, req.plan.id).catch((error) => {
      if (error instanceof LedgerFormatError) return error;
      throw error;
    }),
    readRepoFile(deps.client, deps.repo, path, where.ref)
  ]);
  if (rows instanceof LedgerFormatError) {
    return {
      ok: false,
      reason: `the ledger of plan ${inlineCode(req.plan.id)} on \`${config2.ledgerBranch}\` cannot be read (${inlineCode(rows.message)}); nothing was started.`
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
  const rebase = req.what.kind === "retry" && req.what.rebase === true;
  const problems = workflowProblems(workflow, [...reset ? ["reset"] : [], ...rebase ? ["rebase"] : []]);
  if (problems.length > 0)
    return { ok: false, reason: `the workflow ${inlineCode(path)} cannot be used: ${problems.join("; ")}.` };
  const runsUrl = `${deps.webUrl}/actions/workflows/${config2.bot.workflow}`;
  const checkRunIds = /* @__PURE__ */ new Map();
  for (const stage of selection.stages) {
    const id = await createQueuedCheck(deps.client, deps.repo, {
      name: checkRunName(req.plan.id, stage),
      headSha: req.pr.headSha,
      detailsUrl: runsUrl,
      output: {
        title: "Queued",
        summary: `Requested by @${req.actor} (${req.origin}). Waiting for the [okstra workflow](${runsUrl}) to ${queuedWork(selection.mode, selection.stages, reset, rebase)} of plan ${inlineCode(req.plan.id)}.`
      }
    });
    checkRunIds.set(stage, id);
  }
  const inputs = dispatchInputs({
    mode: selection.mode,
    ...reset ? { reset } : {},
    ...rebase ? { rebase } : {},
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
    await dispatchWorkflow(deps.client, deps.repo, config2.bot.workflow, where.ref, inputs);
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
    `dispatched ${config2.bot.workflow} on ${where.ref} for plan ${req.plan.id}${where.planRef ? ` at ${where.planRef.slice(0, 12)}` : ""} ${selection.mode}${reset ? " --reset" : ""}${rebase ? " --rebase" : ""} ${selection.stages.join(",")} on PR #${req.pr.number} (checks ${[...checkRunIds.values()].join(",")})`
  );
  return { ok: true, mode: selection.mode, stages: selection.stages, checkRunIds };
}
function queuedWork(mode, stages, reset, rebase) {
  switch (mode) {
    case "chain":
      return `run the chain ${stages.join(" \u2192 ")}`;
    case "stage":
      return rebase ? `replay stage ${stages.join(", ")}'s preserved branch onto the stage's current base, then run it` : `run stage ${stages.join(", ")}`;
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
  const point3 = (offset) => ({ ...lines.position(offset), offset });
  const trailingEnd = lineStart + line.replace(/[ \t]+$/, "").length;
  return {
    type: "heading",
    depth: open[1].length,
    children: content ? [{ type: "text", value: content, position: { start: point3(contentStart), end: point3(contentEnd) } }] : [],
    position: { start: point3(lineStart), end: point3(trailingEnd) }
  };
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

// src/core/plan/nested-fence.ts
function readNestedFence(src, at, end, indent2, lines) {
  const opening = lineText(src, at, end);
  const open = FENCE_OPEN.exec(opening.slice(indent2));
  if (!open || opening.slice(0, indent2).trim() !== "" || opening.includes("	")) return null;
  const extra = open[1].length;
  const fence = open[2];
  const info = open[3].trim();
  if (fence[0] === "`" && info.includes("`") || /[\\&]/.test(info)) return null;
  const values = [];
  for (let line = nextLine(src, at, end); line < end; line = nextLine(src, line, end)) {
    const text = lineText(src, line, end);
    if (text.includes("	")) return null;
    const blank = text.trim() === "";
    if (!blank && !text.startsWith(" ".repeat(indent2))) return null;
    const inner = text.slice(Math.min(indent2, leadingSpaces(text)));
    const close = FENCE_CLOSE.exec(inner);
    if (close && close[1][0] === fence[0] && close[1].length >= fence.length) {
      const lineEnd2 = line + text.length;
      const space = info.search(/[ \t]/);
      return {
        node: {
          type: "code",
          lang: info === "" ? null : space === -1 ? info : info.slice(0, space),
          meta: space === -1 ? null : info.slice(space).trim() || null,
          value: values.join("\n"),
          position: { start: point(at + indent2 + extra, lines), end: point(lineEnd2, lines) }
        },
        next: lineEnd2 + 1
      };
    }
    values.push(inner.slice(Math.min(extra, leadingSpaces(inner))));
  }
  return null;
}
function opensNestedFence(src, at, end, indent2) {
  const text = lineText(src, at, end);
  return text.slice(0, indent2).trim() === "" && FENCE_OPEN.test(text.slice(indent2));
}
var FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
var FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
function lineText(src, at, end) {
  const newline = src.indexOf("\n", at);
  return src.slice(at, newline === -1 || newline > end ? end : newline);
}
function nextLine(src, at, end) {
  return at + lineText(src, at, end).length + 1;
}
function leadingSpaces(text) {
  return /^ */.exec(text)?.[0].length ?? 0;
}
function point(offset, lines) {
  return { ...lines.position(offset), offset };
}

// src/core/plan/fast-field-list.ts
function readSimpleFieldList(src, start, end, lines, options2 = {}) {
  const reader = new LineReader(src, end, lines, options2.fencedCode === true);
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
    const children = reader.blocks(reader.next(at), 2);
    if (!children) return null;
    items.push(fieldItem(item, children.nodes, src));
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
  constructor(src, end, lines, fencedCode) {
    this.src = src;
    this.end = end;
    this.lines = lines;
    this.fencedCode = fencedCode;
  }
  src;
  end;
  lines;
  fencedCode;
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
   * The blocks below an item's first line whose content is indented by
   * `indent` spaces: a nested list indented by exactly `indent` (and, with
   * `fencedCode`, fenced code blocks), up to the first line indented less.
   * Returns null (give up) on any other indented line.
   */
  blocks(at, indent2) {
    const nodes = [];
    while (this.indentation(at) >= indent2) {
      if (this.fencedCode && this.indentation(at) <= indent2 + 3) {
        const fence = readNestedFence(this.src, at, this.end, indent2, this.lines);
        if (fence) {
          nodes.push(fence.node);
          at = fence.next;
          continue;
        }
      }
      const list2 = this.nestedList(at, indent2);
      if (!list2) return null;
      nodes.push(list2.list);
      at = list2.next;
    }
    return { nodes, next: at };
  }
  /** A list indented by exactly `indent` spaces starting at `at`, with its own nested blocks, or null. */
  nestedList(at, indent2) {
    const marker = this.text(at)[indent2];
    if (marker !== "-" && marker !== "*" && marker !== "+") return null;
    const children = [];
    while (this.indentation(at) >= indent2) {
      const item = this.item(at, indent2, marker);
      if (!item) {
        if (this.fencedCode && children.length > 0 && opensNestedFence(this.src, at, this.end, indent2)) break;
        return null;
      }
      const nested = this.blocks(this.next(at), indent2 + 2);
      if (!nested) return null;
      children.push(this.listItemNode(item, nested.nodes));
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
        position: { start: point2(first), end: endPoint(last) }
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
    return {
      type: "listItem",
      spread: false,
      checked: null,
      children: [paragraph, ...nested],
      position: { start: this.point(item.start), end: endPoint(nested[nested.length - 1] ?? paragraph) }
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
function point2(node) {
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
    end: nested[nested.length - 1]?.position?.end.offset ?? item.contentEnd,
    key: read?.key ?? null,
    contentStart: item.contentStart,
    valueStart,
    inlineEnd: item.contentEnd,
    codeSpans: findCodeSpans(content.slice(read?.valueOffset ?? 0), valueStart),
    nested,
    contentIndent: 2
  };
}

// src/core/plan/fenced-segment.ts
function risksAreNestedFences(src, start, end, lines, riskyLines) {
  const list2 = readSimpleFieldList(src, start, end, lines, { fencedCode: true });
  if (!list2) return false;
  const fences = [];
  for (const item of list2.items) collectFences(item.nested, fences);
  return riskyLines.every((line) => fences.some(([from, to]) => line >= from && line <= to));
}
function collectFences(nodes, out) {
  for (const node of nodes) {
    if (node.type === "code" && node.position?.start.offset !== void 0 && node.position.end.offset !== void 0) {
      out.push([node.position.start.offset - (node.position.start.column - 1), node.position.end.offset]);
    } else if (node.type === "list") {
      for (const item of node.children) collectFences(item.children, out);
    }
  }
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
var FENCE_OPEN2 = /^ {0,3}(`{3,}|~{3,})/;
function isUnclosedFence(raw) {
  const open = FENCE_OPEN2.exec(raw);
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
    if (heading && segment > 0) {
      const risks = [];
      for (let at = riskyAt; at < risky.length && risky[at] < end; at++) risks.push(risky[at]);
      if (risksAreNestedFences(src, firstLineEnd + 1, end, lines, risks)) {
        out.push(heading, { type: "opaque", start: firstLineEnd + 1, end });
        riskyAt += risks.length;
        segment = next;
        continue;
      }
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
      const close = FENCE_CLOSE2.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      previousIsText = false;
    } else {
      const open = FENCE_OPEN3.exec(line);
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
var FENCE_OPEN3 = /^(`{3,})[^`]*$|^(~{3,})/;
var FENCE_CLOSE2 = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
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
    const fast = readSimpleFieldList(context.src, only.start, only.end, context.lines, { fencedCode: true });
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
async function resolvePlan(deps, config2, pr, changed, wanted) {
  const touched = changed.filter((f) => f.status !== "removed" && isPlanFile(f.path, config2.plansDir)).map((f) => f.path);
  const at = (path) => touched.includes(path) ? { ref: pr.headSha, fromPullRequest: true } : { ref: deps.defaultBranch, fromPullRequest: false };
  if (wanted !== null) {
    const named2 = `${config2.plansDir.replace(/\/+$/, "")}/${wanted}.md`;
    const first = [.../* @__PURE__ */ new Set([...touched, named2])];
    for (const path of first) {
      const read = await readPlan(deps, path, at(path));
      if (read?.ok && read.plan.id === wanted) return read;
      if (read && !read.ok && path === named2) return read;
    }
    const others = (await plansOnDefaultBranch(deps, config2)).filter((p) => !first.includes(p));
    for (const path of others) {
      const read = await readPlan(deps, path, at(path));
      if (read?.ok && read.plan.id === wanted) return read;
    }
    return {
      ok: false,
      reason: `there is no plan with the id ${inlineCode(wanted)} in ${inlineCode(config2.plansDir)} (on \`${deps.defaultBranch}\` or changed by this pull request).`
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
  const all = await plansOnDefaultBranch(deps, config2);
  if (all.length === 0)
    return {
      ok: false,
      reason: `there are no plans in ${inlineCode(config2.plansDir)} on \`${deps.defaultBranch}\`, and this pull request adds none.`
    };
  if (all.length > 1)
    return {
      ok: false,
      reason: `there are several plans in ${inlineCode(config2.plansDir)} (${list(all)}) and this pull request changes none of them; say which one with \`--plan ID\`.`
    };
  return await readPlan(deps, all[0], at(all[0])) ?? {
    ok: false,
    reason: `the plan ${inlineCode(all[0])} could not be read.`
  };
}
async function plansOnDefaultBranch(deps, config2) {
  const entries = await listDirectory(deps.client, deps.repo, config2.plansDir.replace(/\/+$/, ""), deps.defaultBranch);
  return entries.filter((e) => e.type === "file" && isPlanFile(e.path, config2.plansDir)).map((e) => e.path).sort();
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
  const config2 = await configOrDefaults(deps);
  if (run2.path !== workflowPath(config2)) {
    deps.log.debug(`ignored workflow run ${run2.id}: it is a run of ${run2.path}, not of ${workflowPath(config2)}`);
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
  const results = await collectResults(deps, config2, run2, checks);
  const failedStage = results.find((r) => r.report && r.report.verdict.value !== "PASS")?.stage ?? null;
  const completed = [];
  for (const r of results) {
    try {
      if (r.report) {
        await publishReport(deps, config2, run2, r.check.id, r.report, named2.prNumber);
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
async function collectResults(deps, config2, run2, checks) {
  const prefix = `gh-${run2.id}-${run2.attempt}-`;
  const rowsByPlan = /* @__PURE__ */ new Map();
  const results = [];
  for (const c of checks) {
    if (!rowsByPlan.has(c.planId)) {
      try {
        rowsByPlan.set(
          c.planId,
          (await readLedgerRows(deps.client, deps.repo, config2.ledgerBranch, c.planId)).filter(
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
    const { report, problem } = await readReport(deps, config2, path);
    results.push({ ...c, row, report, reportProblem: problem });
  }
  return results;
}
async function readReport(deps, config2, path) {
  try {
    const json2 = await readReportJson(deps.client, deps.repo, config2.ledgerBranch, path);
    if (json2 === null) return { report: null, problem: `${path} is not on ${config2.ledgerBranch}` };
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
async function publishReport(deps, config2, run2, checkId, report, prNumber) {
  const fullReportUrl = `${deps.webUrl}/blob/${config2.ledgerBranch}/${reportPath(report.plan.id, report.stage.number, report.run.id, "md")}`;
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
    const config2 = load.config;
    const gate = roleGate(config2, req.sender.login, role);
    if (!gate.ok) return refuseAll(gate.reason);
    const [pr, files] = await Promise.all([
      pullRequestFacts(deps.client, deps.repo, number),
      changedFiles(deps.client, deps.repo, number)
    ]);
    const open = pullRequestGate(config2, pr);
    if (!open.ok) return refuseAll(open.reason);
    const refusals = [];
    let launched = false;
    for (const target of targets) {
      const plan = await resolvePlan(deps, config2, pr, files, target.planId);
      if (!plan.ok) {
        refusals.push([target, plan.reason]);
        continue;
      }
      const outcome = await launch(deps, config2, {
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
      const { config: config2, files } = await context.octokit.config.get({ ...repo, path });
      return { found: files.some((f) => f.config !== null), config: config2 };
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
async function cancelRuns(deps, config2, prNumber, planPath) {
  const runs = await unfinishedWorkflowRuns(deps.client, deps.repo, config2.bot.workflow);
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
async function postStatus(deps, config2, prNumber, plan) {
  const rows = await readLedgerRows(deps.client, deps.repo, config2.ledgerBranch, plan.id);
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
` : ""}<sub>okstra \xB7 from \`${config2.ledgerBranch}\` at ${deps.now().toISOString()}</sub>
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
  const config2 = load.config;
  const gate = roleGate(config2, ev.sender.login, role);
  if (!gate.ok) {
    await react("confused");
    await reply([gate.reason]);
    return "refused";
  }
  const providers = knownProviders(Object.keys(config2.providers));
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
      outcome = await runCommand(deps, config2, ev, p.command, prFacts);
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
async function runCommand(deps, config2, ev, command, prFacts) {
  switch (command.verb) {
    case "help":
      return { kind: "help" };
    case "status": {
      const pr = await prFacts();
      const plan = await resolvePlan(deps, config2, pr, pr.files, command.plan);
      if (!plan.ok) return { kind: "refused", text: plan.reason };
      const res = await postStatus(deps, config2, ev.number, plan.plan);
      return res.action === "created" ? { kind: "quiet" } : {
        kind: "answer",
        text: `the status of plan \`${plan.plan.id}\` is updated [above](${pr.htmlUrl}#issuecomment-${res.id}).`
      };
    }
    case "cancel": {
      let planPath = null;
      if (command.plan !== null) {
        const pr = await prFacts();
        const plan = await resolvePlan(deps, config2, pr, pr.files, command.plan);
        if (!plan.ok) return { kind: "refused", text: plan.reason };
        planPath = plan.path;
      }
      const runs = await cancelRuns(deps, config2, ev.number, planPath);
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
      const open = pullRequestGate(config2, pr);
      if (!open.ok) return { kind: "refused", text: open.reason };
      const plan = await resolvePlan(deps, config2, pr, pr.files, command.options.plan);
      if (!plan.ok) return { kind: "refused", text: plan.reason };
      const outcome = await launch(deps, config2, {
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
    case "retry":
      return { kind: "retry", stage: command.stage, ...command.rebase ? { rebase: true } : {} };
    case "stage":
      return { kind: "stage", stage: command.stage };
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
  const config2 = load.ok ? load.config : ConfigSchema.parse({});
  return (await cancelRuns(deps, config2, prNumber, null)).length;
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
    const config2 = load.config;
    const gate = roleGate(config2, ev.sender.login, role);
    if (!gate.ok) return refuse(gate.reason);
    const open = pullRequestGate(config2, ev.pr);
    if (!open.ok) return refuse(open.reason);
    if (command.verb !== "run" && command.verb !== "stage")
      throw new Error(`unreachable: label command ${command.verb}`);
    const plan = await resolvePlan(deps, config2, ev.pr, await changedFiles(deps.client, deps.repo, ev.pr.number), null);
    if (!plan.ok) return refuse(plan.reason);
    const outcome = await launch(deps, config2, {
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
