/**
 * Where a JSON text goes wrong, and why, in words an agent can act on.
 * `JSON.parse` in Node 20 does not always say where it failed ("Unexpected
 * token '}', …" has no position), so a failed parse is re-read here by a small
 * RFC 8259 scanner that stops at the first error.
 */

export interface JsonSyntaxError {
  /** UTF-16 offset of the first character that cannot be read as JSON. */
  offset: number;
  message: string;
}

/** Nesting beyond this is left to JSON.parse's own message rather than risking the call stack. */
const MAX_DEPTH = 512;

class SyntaxStop {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

/** Thrown when nesting passes MAX_DEPTH; the caller then falls back to JSON.parse's message. */
class DepthLimit {
  readonly limit = MAX_DEPTH;
}

class JsonScanner {
  private pos = 0;

  constructor(private readonly text: string) {}

  document(): void {
    this.skipSpace();
    if (this.pos >= this.text.length) this.stop('the block holds no JSON value');
    this.value(0);
    this.skipSpace();
    if (this.pos < this.text.length) this.stop('unexpected text after the JSON value (only one value is allowed)');
  }

  private stop(message: string, at = this.pos): never {
    throw new SyntaxStop(at, message);
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos] ?? '')) this.pos += 1;
    if (this.text.startsWith('//', this.pos) || this.text.startsWith('/*', this.pos))
      this.stop('comments are not allowed in JSON');
  }

  private value(depth: number): void {
    if (depth > MAX_DEPTH) throw new DepthLimit();
    const ch = this.peek();
    if (ch === undefined)
      this.stop('the JSON ends too early: a value is missing or a string, array or object is not closed');
    if (ch === '{') return this.object(depth);
    if (ch === '[') return this.array(depth);
    if (ch === '"') return this.string();
    if (ch === "'") this.stop('strings must be in double quotes');
    if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number();
    const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(this.text.slice(this.pos))?.[0];
    if (word === 'true' || word === 'false' || word === 'null') {
      this.pos += word.length;
      return;
    }
    if (word !== undefined)
      this.stop(
        `${JSON.stringify(word)} is not a JSON value (text needs double quotes; the only bare words are true, false and null)`,
      );
    this.stop(`expected a value but found ${describe(ch)}`);
  }

  private object(depth: number): void {
    this.pos += 1; // {
    this.skipSpace();
    if (this.peek() === '}') {
      this.pos += 1;
      return;
    }
    let commaAt = -1;
    for (;;) {
      this.skipSpace();
      if (this.peek() === '}' && commaAt >= 0) this.stop("trailing comma before '}'", commaAt);
      if (this.peek() !== '"')
        this.stop(`expected a property name in double quotes but found ${describe(this.peek())}`);
      this.string();
      this.skipSpace();
      if (this.peek() !== ':') this.stop(`expected ':' after the property name but found ${describe(this.peek())}`);
      this.pos += 1;
      this.skipSpace();
      this.value(depth + 1);
      this.skipSpace();
      const next = this.peek();
      this.pos += 1;
      if (next === '}') return;
      if (next !== ',')
        this.stop(`expected ',' or '}' after a property value but found ${describe(next)}`, this.pos - 1);
      commaAt = this.pos - 1;
    }
  }

  private array(depth: number): void {
    this.pos += 1; // [
    this.skipSpace();
    if (this.peek() === ']') {
      this.pos += 1;
      return;
    }
    let commaAt = -1;
    for (;;) {
      this.skipSpace();
      if (this.peek() === ']' && commaAt >= 0) this.stop("trailing comma before ']'", commaAt);
      this.value(depth + 1);
      this.skipSpace();
      const next = this.peek();
      this.pos += 1;
      if (next === ']') return;
      if (next !== ',')
        this.stop(`expected ',' or ']' after an array element but found ${describe(next)}`, this.pos - 1);
      commaAt = this.pos - 1;
    }
  }

  private string(): void {
    this.pos += 1; // opening quote
    for (;;) {
      const ch = this.peek();
      if (ch === undefined) this.stop('a string is not closed');
      if (ch === '"') {
        this.pos += 1;
        return;
      }
      if (ch < ' ') this.stop('a line break or control character inside a string must be escaped (e.g. \\n)');
      if (ch === '\\') this.escape();
      else this.pos += 1;
    }
  }

  private escape(): void {
    const kind = this.text[this.pos + 1];
    if (kind !== undefined && '"\\/bfnrt'.includes(kind)) {
      this.pos += 2;
      return;
    }
    if (kind === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) {
      this.pos += 6;
      return;
    }
    this.stop(`invalid escape ${describe(`\\${kind ?? ''}`)} in a string`);
  }

  private number(): void {
    const match = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(this.text.slice(this.pos));
    const literal = match?.[0] ?? '';
    if (literal === '' || literal === '-') this.stop('invalid number');
    this.pos += literal.length;
    // "01", "1.", "1e": the regex stopped early, so the next character shows the malformed part.
    const next = this.peek();
    if (next !== undefined && /[0-9.eE+-]/.test(next)) this.stop('invalid number');
  }
}

/** A character as a message shows it: quoted when printable, named when not. */
function describe(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the JSON';
  if (ch === '\n' || ch === '\r') return 'a line break';
  if (ch < ' ') return `control character U+${ch.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
  return ch === "'" ? `"'"` : `'${ch}'`;
}

/**
 * The first syntax error in `text`, or null when the scanner reads it as
 * valid JSON (or gave up on very deep nesting).
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    new JsonScanner(text).document();
    return null;
  } catch (error) {
    if (error instanceof SyntaxStop) return { offset: error.offset, message: error.message };
    if (error instanceof DepthLimit) return null;
    throw error;
  }
}

/** 1-based line and column (in UTF-16 units) of an offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  const line = before.split('\n').length;
  return { line, column: offset - lastBreak };
}
