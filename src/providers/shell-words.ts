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
  let word = '';
  let inWord = false;
  let i = 0;
  const fail = (what: string): never => {
    throw new CommandLineError(`command line ${JSON.stringify(line)}: ${what}`, line);
  };

  while (i < line.length) {
    const c = line[i] as string;
    if (SPACE.has(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
      continue;
    }
    if (c === '\\' && line[i + 1] === '\n') {
      // Line continuation: joins the lines, adds nothing.
      i += 2;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) fail(`unbalanced single quote at column ${i + 1}; close it with '`);
      word += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let closed = false;
      while (j < line.length) {
        const d = line[j] as string;
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === '\\' && j + 1 < line.length) {
          const next = line[j + 1] as string;
          if (next === '\n') {
            j += 2;
            continue;
          }
          if (DOUBLE_QUOTE_ESCAPABLE.has(next)) {
            word += next;
            j += 2;
            continue;
          }
        }
        word += d;
        j += 1;
      }
      if (!closed) fail(`unbalanced double quote at column ${i + 1}; close it with "`);
      i = j + 1;
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= line.length) fail('a backslash at the end escapes nothing; write \\\\ for a literal backslash');
      word += line[i + 1] as string;
      i += 2;
      continue;
    }
    if (OPERATORS.has(c)) {
      fail(
        `unquoted ${JSON.stringify(c)} at column ${i + 1} is shell syntax, and okstra runs the command without a shell; quote it to pass it literally, or put the pipeline in a script and configure that`,
      );
    }
    if (c === '$' && /^[A-Za-z_{(]/.test(line[i + 1] ?? '')) {
      fail(
        `unquoted ${JSON.stringify(line.slice(i, i + 2))} at column ${i + 1} looks like a shell variable or substitution, which okstra does not expand (no shell runs the command); quote it to pass it literally, or read the variable inside your program`,
      );
    }
    word += c;
    i += 1;
  }
  if (inWord) words.push(word);
  return words;
}

/** The program and its arguments; refuses an empty command line. */
export function parseCommandLine(line: string): { file: string; args: string[] } {
  const words = splitShellWords(line);
  const [file, ...args] = words;
  if (file === undefined || file === '') {
    throw new CommandLineError(`command line ${JSON.stringify(line)}: names no program`, line);
  }
  return { file, args };
}
