/**
 * GitHub Actions expressions (`${{ … }}`), the part of the language a
 * workflow that runs okstra uses: literals, context property access
 * (`inputs.pr-number`, `github.event.inputs['plan']`), `!`, `==`, `!=`,
 * `<`, `<=`, `>`, `>=`, `&&`, `||` (which return an operand, not a
 * boolean, as GitHub's do), parentheses, and the functions `startsWith`,
 * `endsWith`, `contains`, `format`, `toJSON`, `fromJSON` and the status
 * functions. Anything else throws an ExpressionError naming the expression,
 * so a workflow the simulation cannot evaluate faithfully fails loudly
 * instead of running with a guessed value.
 * Semantics follow docs.github.com "Evaluate expressions in workflows and
 * actions": loose equality coerces mismatched types to numbers, strings
 * compare case-insensitively, property names are case-insensitive, a
 * missing property is null.
 */

export type ExprValue = string | number | boolean | null | ExprValue[] | { [key: string]: ExprValue };

/** The contexts an expression may read (`inputs`, `github`, `secrets`, …); a context not given here is an error. */
export type ExprContexts = Record<string, ExprValue>;

export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    why: string,
  ) {
    super(`cannot evaluate \`${expression}\`: ${why}`);
  }
}

type Token =
  | { kind: 'str'; value: string }
  | { kind: 'num'; value: number }
  | { kind: 'ident'; value: string }
  | { kind: 'op'; value: string };

const OPS = ['||', '&&', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '[', ']', '.', ','];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'") {
      let s = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new ExpressionError(src, 'an unterminated string');
        if (src[i] === "'") {
          if (src[i + 1] === "'") {
            s += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += src[i];
        i++;
      }
      out.push({ kind: 'str', value: s });
      continue;
    }
    const num = /^(?:0x[0-9a-f]+|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/i.exec(src.slice(i));
    // A number only where an operand may start (after an operator or at the beginning).
    const last = out.at(-1);
    if (num && (!last || (last.kind === 'op' && last.value !== ')' && last.value !== ']'))) {
      out.push({ kind: 'num', value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(src.slice(i));
    if (ident) {
      out.push({ kind: 'ident', value: ident[0] });
      i += ident[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExpressionError(src, `an unsupported character ${JSON.stringify(c)} at ${i}`);
    out.push({ kind: 'op', value: op });
    i += op.length;
  }
  return out;
}

const FUNCTIONS = new Set(['startswith', 'endswith', 'contains', 'format', 'tojson', 'fromjson']);
const STATUS_FUNCTIONS = new Set(['success', 'always', 'failure', 'cancelled']);

class Parser {
  private pos = 0;
  constructor(
    private readonly src: string,
    private readonly tokens: Token[],
    private readonly contexts: ExprContexts,
  ) {}

  run(): ExprValue {
    const v = this.or();
    if (this.pos < this.tokens.length) this.fail(`unexpected ${this.describe(this.tokens[this.pos])}`);
    return v;
  }

  private fail(why: string): never {
    throw new ExpressionError(this.src, why);
  }

  private describe(t: Token | undefined): string {
    return t ? `\`${String(t.value)}\`` : 'end';
  }

  private peekOp(...ops: string[]): string | null {
    const t = this.tokens[this.pos];
    return t?.kind === 'op' && ops.includes(t.value) ? t.value : null;
  }

  private expect(op: string): void {
    if (!this.peekOp(op)) this.fail(`expected \`${op}\`, found ${this.describe(this.tokens[this.pos])}`);
    this.pos++;
  }

  // Both sides are always evaluated: expressions have no side effects, and an unsupported operand must fail either way.
  private or(): ExprValue {
    let left = this.and();
    while (this.peekOp('||')) {
      this.pos++;
      const right = this.and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(): ExprValue {
    let left = this.equality();
    while (this.peekOp('&&')) {
      this.pos++;
      const right = this.equality();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private equality(): ExprValue {
    let left = this.comparison();
    for (let op = this.peekOp('==', '!='); op; op = this.peekOp('==', '!=')) {
      this.pos++;
      const right = this.comparison();
      left = op === '==' ? looseEquals(left, right) : !looseEquals(left, right);
    }
    return left;
  }

  private comparison(): ExprValue {
    let left = this.unary();
    for (let op = this.peekOp('<', '<=', '>', '>='); op; op = this.peekOp('<', '<=', '>', '>=')) {
      this.pos++;
      const right = this.unary();
      left = compare(left, right, op);
    }
    return left;
  }

  private unary(): ExprValue {
    if (this.peekOp('!')) {
      this.pos++;
      return !truthy(this.unary());
    }
    return this.postfix();
  }

  private postfix(): ExprValue {
    let v = this.primary();
    for (;;) {
      if (this.peekOp('.')) {
        this.pos++;
        const t = this.tokens[this.pos++];
        if (t?.kind !== 'ident') this.fail(`expected a property name after \`.\`, found ${this.describe(t)}`);
        v = property(v, t.value);
      } else if (this.peekOp('[')) {
        this.pos++;
        const key = this.or();
        this.expect(']');
        v = typeof key === 'number' ? (Array.isArray(v) ? (v[key] ?? null) : null) : property(v, toText(key));
      } else return v;
    }
  }

  private primary(): ExprValue {
    const t = this.tokens[this.pos++];
    if (!t) return this.fail('it ends too early');
    if (t.kind === 'str' || t.kind === 'num') return t.value;
    if (t.kind === 'op') {
      if (t.value !== '(') this.fail(`unexpected \`${t.value}\``);
      const v = this.or();
      this.expect(')');
      return v;
    }
    const name = t.value;
    if (name === 'true') return true;
    if (name === 'false') return false;
    if (name === 'null') return null;
    if (this.peekOp('(')) return this.call(name);
    const ctx = Object.keys(this.contexts).find((k) => k.toLowerCase() === name.toLowerCase());
    if (ctx === undefined)
      this.fail(
        `the context \`${name}\` is not one the simulation provides here (${Object.keys(this.contexts).join(', ')})`,
      );
    return this.contexts[ctx] ?? null;
  }

  private call(name: string): ExprValue {
    this.expect('(');
    const args: ExprValue[] = [];
    if (!this.peekOp(')'))
      for (;;) {
        args.push(this.or());
        if (!this.peekOp(',')) break;
        this.pos++;
      }
    this.expect(')');
    const fn = name.toLowerCase();
    if (STATUS_FUNCTIONS.has(fn)) return fn === 'success' || fn === 'always';
    if (!FUNCTIONS.has(fn)) this.fail(`the function \`${name}\` is not supported by the simulation`);
    const [a = null, b = null] = args;
    switch (fn) {
      case 'startswith':
        return toText(a).toLowerCase().startsWith(toText(b).toLowerCase());
      case 'endswith':
        return toText(a).toLowerCase().endsWith(toText(b).toLowerCase());
      case 'contains':
        return Array.isArray(a)
          ? a.some((x) => looseEquals(x, b))
          : toText(a).toLowerCase().includes(toText(b).toLowerCase());
      case 'format':
        return toText(a).replace(/\{(\d+)\}/g, (_, n: string) => toText(args[Number(n) + 1] ?? null));
      case 'tojson':
        return JSON.stringify(a, null, 2);
      default:
        return JSON.parse(toText(a)) as ExprValue;
    }
  }
}

function property(v: ExprValue, name: string): ExprValue {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  if (name in v) return v[name] ?? null;
  const key = Object.keys(v).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? null : (v[key] ?? null);
}

export function truthy(v: ExprValue): boolean {
  return !(v === false || v === null || v === '' || v === 0 || (typeof v === 'number' && Number.isNaN(v)));
}

function toNumber(v: ExprValue): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return NaN;
}

function looseEquals(a: ExprValue, b: ExprValue): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b && (a === null || typeof a !== 'object')) return a === b;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return a === b;
  return toNumber(a) === toNumber(b);
}

function compare(a: ExprValue, b: ExprValue, op: string): boolean {
  const both = typeof a === 'string' && typeof b === 'string';
  const x = both ? a.toLowerCase() : toNumber(a);
  const y = both ? b.toLowerCase() : toNumber(b);
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

/** A value as GitHub writes it into a string: null is empty, objects are JSON. */
export function toText(v: ExprValue): string {
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One expression's value (the text between `${{` and `}}`, or an `if:` without them). */
export function evaluate(expression: string, contexts: ExprContexts): ExprValue {
  return new Parser(expression, tokenize(expression), contexts).run();
}

const EMBEDDED = /\$\{\{([\s\S]*?)\}\}/g;

/**
 * A workflow value with `${{ … }}` in it. A value that is one expression
 * keeps its type; anything else is a string with each expression written in.
 */
export function interpolate(value: unknown, contexts: ExprContexts): ExprValue {
  if (typeof value !== 'string') return (value ?? null) as ExprValue;
  const whole = /^\s*\$\{\{([\s\S]*?)\}\}\s*$/.exec(value);
  if (whole && !whole[1]?.includes('}}')) return evaluate(whole[1] ?? '', contexts);
  return value.replace(EMBEDDED, (_, inner: string) => toText(evaluate(inner, contexts)));
}

/** An `if:`: GitHub lets it omit `${{ }}`. */
export function condition(value: unknown, contexts: ExprContexts): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim();
  const inner = /^\$\{\{([\s\S]*)\}\}$/.exec(text)?.[1] ?? text;
  return truthy(evaluate(inner, contexts));
}
