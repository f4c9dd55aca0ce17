import { posix } from 'node:path';
import { pushAll } from '../core/arrays.js';

/**
 * What a session opened, as the CLI's own tool events say: the reading half
 * of "evidence actually read". Each adapter feeds this the tool calls its
 * CLI printed (only those whose result was not an error); the engine then
 * judges a worker's citations against the set instead of against the
 * worker's own `evidenceRead` list.
 *
 * What counts as opening a file (docs/providers.md lists the same):
 * - a file-reading tool: Claude Code `Read`, Gemini `read_file`,
 *   `read_many_files` (literal paths only, not globs);
 * - a content search scoped to a path: Claude Code `Grep` in `content`
 *   mode, Gemini `grep_search` (its `dir_path`); a citation matches only
 *   when that path is the cited file itself;
 * - a shell command (Claude Code `Bash`, Codex `command_execution` with exit
 *   code 0, Gemini `run_shell_command`) whose program prints file content:
 *   every operand of `cat`, `head`, `tail`, `nl`, `less`, `more`, `bat`,
 *   `tac`, `od`, `xxd`, `hexdump`, `strings`; every operand after the
 *   script or pattern of `sed`, `awk`, `grep`, `egrep`, `fgrep`, `rg`;
 *   the target of an input redirection (`< file`); `git show <rev>:<path>`,
 *   `git blame <path>`, the paths of `git diff`/`git show`/`git log -p`
 *   after the revisions, and a `git diff`/`git show` without paths as the
 *   whole change (`wholeDiff`: every file the change touches) — unless an
 *   option like `--stat`, `--name-only`, `--name-status`, `--numstat`,
 *   `--shortstat`, `--summary` or `--no-patch` replaces the patch (and no
 *   `-p` asks for it back): names and counts show no content;
 * - a file the session itself wrote (Codex `file_change`).
 * Not counted: listings and metadata (`ls`, `find`, `wc`, `stat`, `glob`,
 * `list_directory`), a tool call whose result was an error, and anything
 * outside the worktree. Option values are not told apart from operands
 * (`head -n 5 f` records `5` and `f`): an extra entry names no cited file,
 * so it can only make the set larger, never discount a worker.
 */
export type OpenedFiles =
  | {
      source: 'events';
      /** Worktree-relative paths, sorted, without duplicates. */
      files: string[];
      /** The session printed the whole change (`git diff` without paths): every changed file counts as opened. */
      wholeDiff?: true;
      /**
       * What it saw only through a git diff, show or log -p without `--text`:
       * the tree's `.gitattributes` decided whether those showed content or
       * "Binary files differ" (src/git/change-diff.ts asks which).
       */
      plainDiff?: { files: string[]; wholeDiff?: true };
    }
  | { source: 'self-reported' };

const CONTENT_PRINTERS = new Set([
  'cat',
  'head',
  'tail',
  'nl',
  'less',
  'more',
  'bat',
  'batcat',
  'tac',
  'od',
  'xxd',
  'hexdump',
  'strings',
]);
/** Their first operand is a script or pattern, not a file (unless given with -e/-f). */
const SCRIPTED_READERS = new Set(['sed', 'awk', 'gawk', 'grep', 'egrep', 'fgrep', 'rg']);
/** Programs that run the rest of their words as a command. */
const WRAPPERS = new Set(['sudo', 'env', 'command', 'nice', 'time', 'timeout', 'xargs']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash']);
const PATCH_OPTIONS = new Set(['-p', '--patch', '-u', '--patch-with-stat', '--patch-with-raw']);
/** `git diff`/`show` options that print something other than the patch. */
const SUMMARY_ONLY = new Set([
  '--stat',
  '--numstat',
  '--shortstat',
  '--dirstat',
  '--compact-summary',
  '--summary',
  '--name-only',
  '--name-status',
  '--raw',
  '--check',
  '-s',
  '--no-patch',
]);
const GLOB = /[*?[\]{}]/;

/** Collects what one session opened; `result()` says so only when the event stream was whole. */
export class OpenedCollector {
  private readonly files = new Set<string>();
  private wholeDiff = false;
  /** Paths some content reader printed; the rest of `files` came only through plain diffs. */
  private readonly shown = new Set<string>();
  private wholeDiffShown = false;

  constructor(private readonly cwd: string) {}

  /** A path a tool read: absolute or relative to the worktree; outside it is ignored. */
  addPath(path: unknown, plainDiff = false): void {
    if (typeof path !== 'string' || path.trim() === '' || GLOB.test(path)) return;
    const relative = worktreeRelative(path, this.cwd);
    if (relative === null) return;
    this.files.add(relative);
    if (!plainDiff) this.shown.add(relative);
  }

  /** A shell command line the session ran (a `bash -lc '…'` wrapper is unwrapped). */
  addCommand(command: unknown): void {
    if (typeof command !== 'string') return;
    const read = filesReadByCommand(command);
    // `paths` holds each plain-diff path once more than the content readers named it.
    const plain = [...(read.plainDiff?.paths ?? [])];
    for (const p of read.paths) {
      const i = plain.indexOf(p);
      if (i >= 0) plain.splice(i, 1);
      this.addPath(p, i >= 0);
    }
    if (read.wholeDiff) this.wholeDiff = true;
    if (read.wholeDiff && !read.plainDiff?.wholeDiff) this.wholeDiffShown = true;
  }

  /** `complete` false: part of the stream is missing (truncated output), so the set proves nothing. */
  result(complete: boolean): OpenedFiles {
    if (!complete) return { source: 'self-reported' };
    const plainFiles = [...this.files].filter((f) => !this.shown.has(f)).sort();
    const plainWhole = this.wholeDiff && !this.wholeDiffShown;
    return {
      source: 'events',
      files: [...this.files].sort(),
      ...(this.wholeDiff ? { wholeDiff: true as const } : {}),
      ...(plainFiles.length > 0 || plainWhole
        ? { plainDiff: { files: plainFiles, ...(plainWhole ? { wholeDiff: true as const } : {}) } }
        : {}),
    };
  }
}

/** The path relative to `cwd`, or null when it leaves the worktree. */
export function worktreeRelative(path: string, cwd: string): string | null {
  const root = posix.normalize(cwd.replace(/\\/g, '/')).replace(/\/+$/, '');
  const raw = path.replace(/\\/g, '/');
  const absolute = raw.startsWith('/') ? posix.normalize(raw) : posix.normalize(`${root}/${raw}`);
  if (absolute === root) return null;
  if (!absolute.startsWith(`${root}/`)) return null;
  return absolute.slice(root.length + 1).replace(/\/+$/, '');
}

export interface CommandReads {
  /** Paths as written in the command, relative to the session's cwd (a `cd` inside the command is applied). */
  paths: string[];
  wholeDiff: boolean;
  /** Of those, what a git diff/show/log -p without `--text` printed: the tree's attributes decided what it showed. */
  plainDiff?: { paths: string[]; wholeDiff: boolean };
}

/** What a shell command line prints the content of, by the rules above. Never throws. */
export function filesReadByCommand(command: string): CommandReads {
  const out: CommandReads = { paths: [], wholeDiff: false };
  collect(command, out, 0);
  return out;
}

function collect(command: string, out: CommandReads, depth: number): void {
  if (depth > 3) return;
  let dir = '';
  for (const { words, inputs } of splitCommands(command)) {
    const at = (p: string): string => (dir === '' || p.startsWith('/') ? p : `${dir}/${p}`);
    for (const input of inputs) out.paths.push(at(input));
    const [program, ...args] = unwrap(words);
    if (program === undefined) continue;
    const name = posix.basename(program);
    if (name === 'cd') {
      const target = args[0];
      dir = target === undefined || target.startsWith('/') ? (target ?? '') : at(target);
      continue;
    }
    if (SHELLS.has(name)) {
      const i = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a));
      const script = i >= 0 ? args[i + 1] : undefined;
      if (script !== undefined) {
        const inner: CommandReads = { paths: [], wholeDiff: false };
        collect(script, inner, depth + 1);
        pushAll(out.paths, inner.paths.map(at));
        out.wholeDiff ||= inner.wholeDiff;
        if (inner.plainDiff) {
          const plain = (out.plainDiff ??= { paths: [], wholeDiff: false });
          pushAll(plain.paths, inner.plainDiff.paths.map(at));
          plain.wholeDiff ||= inner.plainDiff.wholeDiff;
        }
      }
      continue;
    }
    if (CONTENT_PRINTERS.has(name)) pushAll(out.paths, operands(args).map(at));
    else if (SCRIPTED_READERS.has(name)) pushAll(out.paths, scriptedOperands(args).map(at));
    else if (name === 'git') gitReads(args, out, at);
  }
}

/** `sudo -u x cat f` → `cat f`: wrappers and leading `VAR=value` assignments are dropped. */
function unwrap(words: string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) i++;
    else if (WRAPPERS.has(posix.basename(w))) {
      i++;
      while (i < words.length && (words[i] as string).startsWith('-')) i++;
      if (posix.basename(words[i - 1] ?? '') === 'timeout' && /^\d/.test(words[i] ?? '')) i++;
    } else break;
  }
  return words.slice(i);
}

function operands(args: string[]): string[] {
  const out: string[] = [];
  let literal = false;
  for (const a of args) {
    if (!literal && a === '--') literal = true;
    else if (literal || !a.startsWith('-') || a === '-') {
      if (a !== '-') out.push(a);
    }
  }
  return out;
}

function scriptedOperands(args: string[]): string[] {
  const scriptGiven = args.some(
    (a) =>
      a === '-e' || a === '-f' || a.startsWith('--regexp') || a.startsWith('--expression') || a.startsWith('--file'),
  );
  const rest = operands(args);
  return scriptGiven ? rest : rest.slice(1);
}

function gitReads(args: string[], out: CommandReads, at: (p: string) => string): void {
  // Global options before the subcommand (`git -C dir --no-pager show`).
  let i = 0;
  let dir: string | null = null;
  while (i < args.length && (args[i] as string).startsWith('-')) {
    if (args[i] === '-C' || args[i] === '-c') {
      if (args[i] === '-C') dir = args[i + 1] ?? null;
      i += 2;
    } else i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  const inDir = (p: string): string => at(dir !== null && !p.startsWith('/') ? `${dir}/${p}` : p);
  const separator = rest.indexOf('--');
  const words = separator >= 0 ? rest.slice(0, separator) : rest;
  const paths = separator >= 0 ? rest.slice(separator + 1) : [];
  const plain = words.filter((w) => !w.startsWith('-'));
  switch (sub) {
    case 'show':
    case 'diff':
    case 'log': {
      const patch = words.some((w) => PATCH_OPTIONS.has(w));
      if (sub === 'log' && !patch) return;
      // `--stat` and its kin print names and counts instead of the patch (unless `-p` asks for it too): no content shown.
      if (!patch && words.some((w) => SUMMARY_ONLY.has(w.replace(/=.*$/, '')))) return;
      // `rev:path` names one file's content; without `--` a word with a slash or dot past the revisions is a path too.
      const revPaths = plain.filter((w) => /^[^:]*:./.test(w)).map((w) => w.slice(w.indexOf(':') + 1));
      const loose = separator >= 0 ? [] : plain.filter((w) => !w.includes(':') && !isRevision(w));
      const named = [...paths, ...revPaths, ...loose];
      pushAll(out.paths, named.map(inDir));
      const whole = named.length === 0 && sub !== 'log';
      if (whole) out.wholeDiff = true;
      // `rev:path` prints the file itself; the rest is a patch, which `-diff` turns into "Binary files differ" unless `--text`.
      if (!words.some((w) => w === '--text' || w === '-a')) {
        const plain = (out.plainDiff ??= { paths: [], wholeDiff: false });
        pushAll(plain.paths, [...paths, ...loose].map(inDir));
        plain.wholeDiff ||= whole;
      }
      return;
    }
    case 'blame':
      pushAll(out.paths, (paths.length > 0 ? paths : plain.slice(-1)).map(inDir));
      return;
    default:
      return;
  }
}

/** A word that reads as a revision (`HEAD~1`, `abc123..def456`, `main`) rather than a path (`src/a.ts`). */
function isRevision(word: string): boolean {
  if (word.includes('..')) return true;
  if (/^[0-9a-f]{7,40}$/i.test(word)) return true;
  if (/^(HEAD|FETCH_HEAD|ORIG_HEAD)([~^]\d*)*$/.test(word)) return true;
  return !word.includes('/') && !word.includes('.');
}

interface SimpleCommand {
  words: string[];
  /** Targets of `<` redirections. */
  inputs: string[];
}

/**
 * Splits a shell line into simple commands at `|`, `&&`, `||`, `;`, `&` and
 * newlines, honouring quotes; output redirections and their targets are
 * dropped, input redirections kept. Tolerant: nothing here is executed, so a
 * construct it does not know (`$(…)`, here-docs) just yields odd words.
 */
function splitCommands(line: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], inputs: [] };
  let word = '';
  let inWord = false;
  let redirect: 'in' | 'out' | null = null;
  const endWord = (): void => {
    if (!inWord) return;
    if (redirect === 'in') current.inputs.push(word);
    else if (redirect === null) current.words.push(word);
    redirect = null;
    word = '';
    inWord = false;
  };
  const endCommand = (): void => {
    endWord();
    if (current.words.length > 0 || current.inputs.length > 0) commands.push(current);
    current = { words: [], inputs: [] };
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      const stop = end < 0 ? line.length : end;
      word += line.slice(i + 1, stop);
      inWord = true;
      i = stop;
    } else if (c === '"') {
      inWord = true;
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) i++;
        word += line[i];
      }
    } else if (c === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') word += line[i + 1];
      inWord = true;
      i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else if (c === '\n' || c === ';' || c === '|' || c === '&') {
      // `2>&1`: an ampersand right after a redirection is part of it.
      if (c === '&' && redirect === 'out') continue;
      endCommand();
    } else if (c === '<' || c === '>') {
      // `2>`: a descriptor number before the operator is not a word.
      if (inWord && /^\d+$/.test(word)) {
        word = '';
        inWord = false;
      } else endWord();
      redirect = c === '<' ? 'in' : 'out';
      while (line[i + 1] === '>' || line[i + 1] === '<' || line[i + 1] === '&') i++;
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}
