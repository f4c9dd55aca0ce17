/**
 * Splits a configured command line (`node scripts/agent.mjs --fast`) into a
 * program and its arguments, the way a POSIX shell splits words — and does
 * nothing else a shell does. The command then runs without a shell.
 *
 * Supported:
 * - words separated by spaces, tabs and newlines;
 * - `'single quotes'`: everything up to the next `'` is literal;
 * - `"double quotes"`: literal, except `\"`, `\\`, `` \` ``, `\$` and a
 *   backslash-newline (removed); any other backslash stays as written;
 * - a backslash outside quotes makes the next character literal (a
 *   backslash-newline is removed);
 * - `''` or `""` is an empty argument; quoted and unquoted parts of one word join
 *   (`--msg="a b"` is one argument `--msg=a b`).
 *
 * Not supported, on purpose: variables (`$HOME`), command substitution,
 * globbing (`*.ts` stays `*.ts`), `~` expansion, pipes, redirections, `;`,
 * `&&`. Unquoted `|`, `&`, `;`, `<`, `>`, `` ` ``, `$(`, `${` and `$NAME` are
 * refused with an error instead of being passed on as literal text, because
 * a reader would expect a shell to act on them. Quote them to pass them
 * literally, or put the pipeline in a script and configure the script.
 */

export class CommandLineError extends Error {
  constructor(
    message: string,
    readonly commandLine: string,
  ) {
    super(message);
    this.name = 'CommandLineError';
  }
}

const SPACE = new Set([' ', '\t', '\n', '\r']);
const OPERATORS = new Set(['|', '&', ';', '<', '>', '`']);
const DOUBLE_QUOTE_ESCAPABLE = new Set(['"', '\\', '`', '$']);

export function splitShellWords(line: string): string[] {
  const words: string[] = [];
  // null between words, so `''` still makes an (empty) word.
  let word: string | null = null;
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (SPACE.has(c)) {
      if (word !== null) words.push(word);
      word = null;
      i += 1;
    } else if (c === '\\' && line[i + 1] === '\n') {
      // Line continuation: joins the lines, adds nothing.
      i += 2;
    } else {
      const piece = readPiece(line, i);
      word = (word ?? '') + piece.text;
      i = piece.end;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** What one piece of a word, starting at `i`, contributes and where the next begins. */
interface Piece {
  text: string;
  end: number;
}

/** A quoted string, an escaped character or one plain character. */
function readPiece(line: string, i: number): Piece {
  const c = line[i] as string;
  if (c === "'") return singleQuoted(line, i);
  if (c === '"') return doubleQuoted(line, i);
  if (c === '\\') {
    if (i + 1 >= line.length) fail(line, 'a backslash at the end escapes nothing; write \\\\ for a literal backslash');
    return { text: line[i + 1] as string, end: i + 2 };
  }
  refuseShellSyntax(line, i);
  return { text: c, end: i + 1 };
}

/** `'…'`: everything up to the next `'` is literal. */
function singleQuoted(line: string, i: number): Piece {
  const end = line.indexOf("'", i + 1);
  if (end === -1) fail(line, `unbalanced single quote at column ${i + 1}; close it with '`);
  return { text: line.slice(i + 1, end), end: end + 1 };
}

/** `"…"`: literal but for the escapes of DOUBLE_QUOTE_ESCAPABLE and a removed backslash-newline. */
function doubleQuoted(line: string, i: number): Piece {
  let text = '';
  let j = i + 1;
  while (j < line.length) {
    const d = line[j] as string;
    if (d === '"') return { text, end: j + 1 };
    const next = line[j + 1];
    if (d === '\\' && next === '\n') {
      j += 2;
    } else if (d === '\\' && next !== undefined && DOUBLE_QUOTE_ESCAPABLE.has(next)) {
      text += next;
      j += 2;
    } else {
      text += d;
      j += 1;
    }
  }
  return fail(line, `unbalanced double quote at column ${i + 1}; close it with "`);
}

/** Unquoted shell syntax is refused: a reader would expect a shell to act on it, and none runs. */
function refuseShellSyntax(line: string, i: number): void {
  const c = line[i] as string;
  if (OPERATORS.has(c)) {
    fail(
      line,
      `unquoted ${JSON.stringify(c)} at column ${i + 1} is shell syntax, and okstra runs the command without a shell; quote it to pass it literally, or put the pipeline in a script and configure that`,
    );
  }
  if (c === '$' && /^[A-Za-z_{(]/.test(line[i + 1] ?? '')) {
    fail(
      line,
      `unquoted ${JSON.stringify(line.slice(i, i + 2))} at column ${i + 1} looks like a shell variable or substitution, which okstra does not expand (no shell runs the command); quote it to pass it literally, or read the variable inside your program`,
    );
  }
}

function fail(line: string, what: string): never {
  throw new CommandLineError(`command line ${JSON.stringify(line)}: ${what}`, line);
}

/** The program and its arguments; refuses an empty command line. */
export function parseCommandLine(line: string): { file: string; args: string[] } {
  const words = splitShellWords(line);
  const [file, ...args] = words;
  if (file === undefined || file === '') fail(line, 'names no program');
  return { file, args };
}
